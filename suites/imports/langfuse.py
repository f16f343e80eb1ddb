"""Langfuse exports (docs/imports.md, Langfuse): dataset items (``input``, ``expectedOutput``), traces as the trace
table or a trace's *Download JSON* writes them (``input``, ``output``, ``observations``) and sessions (``traces``);
JSON, JSON Lines or CSV."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from suites.imports.base import Draft, Problem, ReadResult, guess_mapping
from suites.imports.conversations import file_records, input_columns, outcome_text, value_draft


def _traces(records: list[tuple[int, dict[str, Any]]]) -> Iterator[tuple[int, dict[str, Any]]]:
    for line, record in records:
        if isinstance(record.get("traces"), list):  # a session: its traces, in order
            yield from ((line, trace) for trace in record["traces"] if isinstance(trace, dict))
        else:
            yield line, record


def _input(record: Mapping[str, Any]) -> Any:
    """The trace's input, else the input of its last model call (a GENERATION observation)."""
    if record.get("input") not in (None, "", {}):
        return record["input"]
    generations = [
        o for o in record.get("observations") or []
        if isinstance(o, Mapping) and str(o.get("type", "")).upper() == "GENERATION" and o.get("input")
    ]  # fmt: skip
    return generations[-1]["input"] if generations else None


def read_langfuse(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    records = list(_traces(file_records(text, filename=filename, problems=result.problems)))
    inputs = [_input(record) for _, record in records]
    result.columns = input_columns(inputs)
    result.mapping, problems = guess_mapping(result.columns, mapping) if result.columns else ({}, [])
    if problems:
        result.problems = [*problems, *result.problems]
        return result
    for (line, record), value in zip(records, inputs, strict=True):
        item = "expectedOutput" in record or "datasetId" in record
        ident = str(record.get("id") or "")
        source = f"{filename}:{line}" + (f" {'item' if item else 'trace'} {ident}" if ident else "")
        draft: Draft | None
        draft, problem = value_draft(value, result.mapping, source=source, line=line, what="input")
        if draft is None:
            result.problems.append(problem or Problem(line, "This record has no input."))
            continue
        if outcome := outcome_text(record.get("expectedOutput")):
            draft.add_outcome(outcome)
            draft.became.append("expectedOutput → the expected outcome")
        if record.get("output") not in (None, ""):
            draft.dropped.append("output, the recorded reply: each run asks the agent afresh")
        if record.get("name") and not draft.name:
            draft.name = str(record["name"])[:200]
        if record.get("metadata"):
            draft.dropped.append("metadata: no counterpart on a case")
        result.drafts.append(draft)
    return result
