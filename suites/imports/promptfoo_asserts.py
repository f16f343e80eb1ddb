"""promptfoo assertions as Trustgate checks (docs/imports.md, promptfoo): phrases where the check is the same
(Trustgate matches whole words in any case), tool calls where promptfoo names them, a sentence of the expected
outcome (graded by the judge) for what only a reader can check, and a line under *dropped* for the rest."""

from __future__ import annotations

from typing import Any

from suites.imports.base import Draft

# promptfoo's kinds that have no counterpart: scripts, scores against a reference, costs and classifiers
_JUDGED = {
    "llm-rubric": "{value}",
    "model-graded-closedqa": "{value}",
    "g-eval": "{value}",
    "factuality": "The reply is consistent with: {value}",
    "answer-relevance": "The reply is relevant to the question asked.",
    "equals": "The reply is exactly: {value}",
    "starts-with": "The reply starts with: {value}",
    "regex": "The reply matches the regular expression {value} .",
    "is-json": "The reply is valid JSON.",
    "contains-json": "The reply contains valid JSON.",
    "contains-any": "The reply mentions at least one of: {value}",
    "icontains-any": "The reply mentions at least one of: {value}",
}
_JUDGED_NOT = {
    "regex": "The reply does not match the regular expression {value} .",
    "equals": "The reply is not exactly: {value}",
    "starts-with": "The reply does not start with: {value}",
    "is-json": "The reply is not JSON.",
    "contains-all": "The reply does not mention all of: {value}",
    "icontains-all": "The reply does not mention all of: {value}",
}
_SCHEMA_CALL_CHECKS = {"is-valid-openai-tools-call", "is-valid-function-call", "is-valid-openai-function-call"}


def parse_expected(text: str) -> dict[str, Any]:
    """A CSV ``__expected`` cell as an assertion: ``kind: value`` (``contains: refund``, ``grade: polite``), or a
    plain value, which promptfoo reads as ``equals``."""
    text = text.strip()
    kind, _, value = text.partition(":")
    kind = kind.strip()
    if kind == "grade":
        return {"type": "llm-rubric", "value": value.strip()}
    if value and (kind in _JUDGED or kind in _JUDGED_NOT or kind.removeprefix("not-") in _KNOWN or
                  kind in _SCHEMA_CALL_CHECKS or kind.startswith(("javascript", "python", "fn"))):  # fmt: skip
        return {"type": kind, "value": value.strip()}
    return {"type": "equals", "value": text}


def _values(value: Any) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value if str(v).strip()]
    return [str(value)] if value is not None and str(value).strip() else []


def _tool_names(value: Any) -> list[str]:
    if isinstance(value, dict):
        value = value.get("steps") or value.get("name") or value.get("names") or []
    return [str(v.get("name")) if isinstance(v, dict) else str(v) for v in _listed(value)]


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value] if value else []


def apply_assert(draft: Draft, item: Any) -> None:
    """Fold one assertion into the draft: what it became goes to ``became``, what it could not to ``dropped``."""
    if not isinstance(item, dict) or not isinstance(item.get("type"), str):
        draft.dropped.append(f"an assertion without a type ({str(item)[:60]})")
        return
    kind, value = item["type"], item.get("value")
    negated = kind.startswith("not-")
    base = kind.removeprefix("not-")
    shown = ", ".join(_values(value)) if isinstance(value, list) else str(value)
    if not negated and base in ("contains", "icontains", "contains-all", "icontains-all") and _values(value):
        draft.required_phrases += [v for v in _values(value) if v not in draft.required_phrases]
        how = "" if base.startswith("i") else " (Trustgate matches whole words in any case)"
        draft.became.append(f"assert {kind} {shown} → required phrase{how}")
    elif negated and base in ("contains", "icontains", "contains-any", "icontains-any") and _values(value):
        draft.forbidden_phrases += [v for v in _values(value) if v not in draft.forbidden_phrases]
        draft.became.append(f"assert {kind} {shown} → forbidden phrase (whole words, any case)")
    elif base in ("tool-call-f1", "trajectory:tool-used", "trajectory:tool-sequence") and not negated:
        _expected_calls(draft, kind, value)
    elif base == "trajectory:tool-args-match" and not negated and isinstance(value, dict) and value.get("name"):
        arguments = value.get("args") or value.get("arguments") or {}
        matchers = (
            {str(k): {"kind": "exact", "value": v} for k, v in arguments.items()} if isinstance(arguments, dict) else {}
        )
        draft.expected_tool_calls.append({"name": str(value["name"]), "arguments": matchers})
        draft.became.append(f"assert {kind} {value['name']} → expected tool call with exact arguments")
    elif (sentence := (_JUDGED_NOT if negated else _JUDGED).get(base)) is not None:
        if isinstance(value, dict) and base in ("is-json", "contains-json"):
            draft.dropped.append(f"assert {kind}'s JSON schema: no counterpart (the judge reads the reply as JSON)")
        draft.add_outcome(sentence.format(value=shown))
        draft.became.append(f"assert {kind} → the expected outcome (graded by the judge, not by a rule)")
    elif base in _SCHEMA_CALL_CHECKS:
        draft.dropped.append(f"assert {kind}: checking calls against a JSON schema of tools has no counterpart")
    else:
        draft.dropped.append(f"assert {kind}: no counterpart in Trustgate")
    for option in ("weight", "threshold", "metric", "transform", "provider", "rubricPrompt"):
        if option in item:
            draft.dropped.append(f"assert {kind}'s {option}: no counterpart (each Trustgate check passes or fails)")


def _expected_calls(draft: Draft, kind: str, value: Any) -> None:
    names = _tool_names(value)
    if not names:
        draft.dropped.append(f"assert {kind} without tool names")
        return
    known = {call["name"] for call in draft.expected_tool_calls}
    draft.expected_tool_calls += [{"name": n, "arguments": {}} for n in names if n not in known]
    in_order = kind.endswith("tool-sequence")
    draft.tool_order = "in_order" if in_order else "any_order"
    draft.became.append(
        f"assert {kind} {', '.join(names)} → expected tool call{'s' if len(names) > 1 else ''} "
        f"({'in this order' if in_order else 'any order'}; arguments not checked)"
    )


_KNOWN = {"contains", "icontains", "contains-all", "icontains-all", "contains-any", "icontains-any", "tool-call-f1",
          "trajectory:tool-used", "trajectory:tool-sequence", "trajectory:tool-args-match", "llm-rubric",
          "similar", "levenshtein", "cost", "latency", "perplexity", "webhook", "moderation", "classifier"}  # fmt: skip
