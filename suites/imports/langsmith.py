"""LangSmith exports (docs/imports.md, LangSmith): dataset examples (``inputs``, ``outputs``) and traced runs
(``run_type``, ``parent_run_id``, ``inputs``, ``outputs``: one case per root run); JSON, JSON Lines or CSV."""

from __future__ import annotations

from collections.abc import Mapping

from suites.imports.base import Draft, Problem, ReadResult, guess_mapping
from suites.imports.conversations import file_records, input_columns, outcome_text, value_draft


def read_langsmith(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    records = []
    for line, record in file_records(text, filename=filename, problems=result.problems):
        if record.get("parent_run_id"):
            result.skipped += 1  # a step inside a traced run: the root run is the conversation
        else:
            records.append((line, record))
    inputs = [record.get("inputs") for _, record in records]
    result.columns = input_columns(inputs)
    result.mapping, problems = guess_mapping(result.columns, mapping) if result.columns else ({}, [])
    if problems:
        result.problems = [*problems, *result.problems]
        return result
    for (line, record), value in zip(records, inputs, strict=True):
        is_run = "run_type" in record or "trace_id" in record
        ident = str(record.get("id") or record.get("run_id") or "")
        source = f"{filename}:{line}" + (f" {'run' if is_run else 'example'} {ident}" if ident else "")
        draft: Draft | None
        draft, problem = value_draft(value, result.mapping, source=source, line=line, what="inputs")
        if draft is None:
            result.problems.append(problem or Problem(line, "This record has no inputs."))
            continue
        outputs = record.get("outputs")
        if is_run and outputs:
            draft.dropped.append("outputs, the recorded reply of the run: each run asks the agent afresh")
        elif outcome := outcome_text(outputs):
            draft.add_outcome(outcome)
            draft.became.append("outputs → the expected outcome")
        if record.get("name") and not draft.name and not is_run:
            draft.name = str(record["name"])[:200]
        if record.get("metadata"):
            draft.dropped.append("metadata: no counterpart on a case")
        result.drafts.append(draft)
    return result
