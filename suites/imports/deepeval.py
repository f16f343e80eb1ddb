"""DeepEval goldens (docs/imports.md, DeepEval): a dataset saved as JSON or CSV. A golden's ``input`` is the
message, ``expected_output`` and ``context`` the expected outcome, ``expected_tools`` the expected tool calls; a
conversational golden's ``turns`` are the conversation (the last user turn is the message)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from suites.imports.base import Draft, Problem, ReadResult, conversation
from suites.imports.conversations import file_records, outcome_text

_RECORDED = {
    "actual_output": "actual_output, the reply recorded at a run: each run asks the agent afresh",
    "retrieval_context": "retrieval_context, what a retriever returned at a run: the agent under test retrieves its own",
    "tools_called": "tools_called, the calls recorded at a run (expected_tools are the ones checked)",
    "additional_metadata": "additional_metadata: no counterpart on a case",
    "comments": "comments: no counterpart on a case",
    "user_description": "user_description: a simulated user is set on the suite (its default simulated user)",
}
_READ = {"input", "expected_output", "context", "expected_tools", "name", "turns", "scenario", "expected_outcome"}


def _context(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value if str(v).strip())
    return str(value or "").strip()


def _expected_tools(value: Any) -> list[dict[str, Any]]:
    calls = []
    for tool in value if isinstance(value, list) else []:
        if isinstance(tool, str):
            tool = {"name": tool}
        if not isinstance(tool, Mapping) or not str(tool.get("name") or "").strip():
            continue
        parameters = tool.get("input_parameters") or tool.get("input") or {}
        matchers = (
            {str(k): {"kind": "exact", "value": v} for k, v in parameters.items()}
            if isinstance(parameters, Mapping)
            else {}
        )
        calls.append({"name": str(tool["name"]).strip(), "arguments": matchers})
    return calls


def read_deepeval(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    records = file_records(text, filename=filename, problems=result.problems)
    if records and isinstance(records[0][1].get("goldens"), list):  # {"goldens": [...]}
        records = [(line, g) for line, record in records for g in record["goldens"] if isinstance(g, dict)]
    for line, golden in records:
        draft, problem = _golden(golden, source=f"{filename}:{line}", line=line)
        if draft is None:
            result.problems.append(problem or Problem(line, "This golden has no input."))
        else:
            result.drafts.append(draft)
    return result


def _golden(golden: Mapping[str, Any], *, source: str, line: int) -> tuple[Draft | None, Problem | None]:
    if isinstance(golden.get("turns"), list):
        draft, problem = conversation(golden["turns"], source=source, line=line, what="turns")
        if draft is None:
            return None, problem
        if isinstance(golden.get("scenario"), str) and golden["scenario"].strip():
            draft.name = golden["scenario"].strip()[:200]
            draft.became.append("scenario → the name")
        if outcome := outcome_text(golden.get("expected_outcome")):
            draft.add_outcome(outcome)
            draft.became.append("expected_outcome → the expected outcome")
    else:
        message = golden.get("input")
        if not isinstance(message, str) or not message.strip():
            return None, Problem(line, "This golden's input is blank or missing: it is the message to send.")
        draft = Draft(message=message, source=source, line=line, became=["input → the message"])
    if outcome := outcome_text(golden.get("expected_output")):
        draft.add_outcome(outcome)
        draft.became.append("expected_output → the expected outcome")
    if context := _context(golden.get("context")):
        draft.add_outcome(f"Grounded in: {context}")
        draft.became.append("context → the expected outcome (“Grounded in: …”)")
    calls = _expected_tools(golden.get("expected_tools"))
    if calls:
        draft.expected_tool_calls = calls
        draft.tool_order = "any_order"
        draft.became.append(f"expected_tools → {len(calls)} expected tool call{'s' if len(calls) > 1 else ''}")
    if isinstance(golden.get("name"), str) and golden["name"].strip() and not draft.name:
        draft.name = golden["name"].strip()[:200]
        draft.became.append("name → the name")
    for key, why in _RECORDED.items():
        if golden.get(key) not in (None, "", [], {}):
            draft.dropped.append(why)
    for key in sorted(set(golden) - _READ - set(_RECORDED) - {"source_file", "multimodal"}):
        if golden[key] not in (None, "", [], {}):
            draft.dropped.append(f"{key}: no counterpart on a case")
    return draft, None
