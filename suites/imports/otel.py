"""OpenTelemetry GenAI traces exported as OTLP JSON (docs/imports.md, OpenTelemetry): one case per model-call span,
its messages read from the ``gen_ai.input.messages`` attribute (the current conventions), the ``gen_ai.*.message``
span events (the earlier ones) or the indexed ``gen_ai.prompt.N.*`` attributes some instrumentations write."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import Any

from suites.imports.base import Draft, FileRefused, Problem, ReadResult, conversation, json_records

_EVENT_ROLES = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
    "gen_ai.choice": "assistant",
}
_INDEXED = re.compile(r"^gen_ai\.(prompt|completion)\.(\d+)\.(role|content)$")


def attribute_value(value: Any) -> Any:
    """An OTLP JSON ``AnyValue`` as a Python value."""
    if not isinstance(value, Mapping):
        return value
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in value:
            return value[key]
    if "intValue" in value:
        try:
            return int(value["intValue"])
        except (TypeError, ValueError):
            return value["intValue"]
    if "arrayValue" in value:
        return [attribute_value(v) for v in (value["arrayValue"] or {}).get("values") or []]
    if "kvlistValue" in value:
        return attributes((value["kvlistValue"] or {}).get("values") or [])
    return None


def attributes(items: Any) -> dict[str, Any]:
    if not isinstance(items, list):
        return {}
    return {
        str(item["key"]): attribute_value(item.get("value"))
        for item in items
        if isinstance(item, Mapping) and "key" in item
    }


def _spans(document: Any) -> Iterator[Mapping[str, Any]]:
    for resource in document.get("resourceSpans") or []:
        for scope in (resource or {}).get("scopeSpans") or (resource or {}).get("instrumentationLibrarySpans") or []:
            for span in (scope or {}).get("spans") or []:
                if isinstance(span, Mapping):
                    yield span


def _json_value(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def span_messages(span: Mapping[str, Any]) -> list[Any] | None:
    """The span's input messages, as ``{role, content|parts, tool_calls}``; None when it is not a model call."""
    attrs = attributes(span.get("attributes"))
    found = _json_value(attrs.get("gen_ai.input.messages"))
    if isinstance(found, list):
        return found
    from_events = []
    for event in span.get("events") or []:
        if not isinstance(event, Mapping) or event.get("name") not in _EVENT_ROLES:
            continue
        fields = attributes(event.get("attributes"))
        body = _json_value(fields.get("gen_ai.event.content", fields.get("content", fields.get("body"))))
        message = dict(body) if isinstance(body, Mapping) else {"content": body}
        if event["name"] == "gen_ai.choice" and isinstance(message.get("message"), Mapping):
            message = dict(message["message"])
        message.setdefault("role", _EVENT_ROLES[str(event["name"])])
        from_events.append(message)
    if from_events:
        return from_events
    indexed: dict[tuple[str, int], dict[str, Any]] = {}
    for key, value in attrs.items():
        match = _INDEXED.match(key)
        if match:
            indexed.setdefault((match[1], int(match[2])), {})[match[3]] = value
    if indexed:
        ordered = sorted(indexed.items(), key=lambda item: (item[0][0] != "prompt", item[0][1]))
        return [{"role": fields.get("role") or ("user" if kind == "prompt" else "assistant"), **fields}
                for (kind, _), fields in ordered]  # fmt: skip
    return None


def read_otel(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    documents = 0
    for line, document, error in json_records(text):
        if error:
            result.problems.append(Problem(line, f"This record is {error}"))
            continue
        if not isinstance(document, Mapping) or "resourceSpans" not in document:
            result.problems.append(Problem(line, "This record is not an OTLP trace export (it has no resourceSpans)."))
            continue
        documents += 1
        for span in _spans(document):
            _read_span(span, line=line, filename=filename, result=result)
    if not documents and result.problems:
        raise FileRefused(
            "This is not an OTLP JSON trace export: the file (or each of its lines) is a JSON object with "
            "resourceSpans, as the OpenTelemetry Collector's file exporter writes it."
        )
    return result


def _read_span(span: Mapping[str, Any], *, line: int, filename: str, result: ReadResult) -> None:
    span_id = str(span.get("spanId") or "?")
    messages = span_messages(span)
    if messages is None:
        result.skipped += 1  # a tool, an HTTP call, an agent's own span: not a model call
        return
    draft: Draft | None
    draft, problem = conversation(messages, source=f"{filename} span {span_id}", line=line, what="span's messages")
    if draft is None:
        assert problem is not None
        result.problems.append(Problem(line, f"Span {span_id}: {problem.message}"))
        return
    draft.became[0] = "the last user message of the span → the message"
    name = str(span.get("name") or "").strip()
    if name:
        draft.name = f"{name} ({span_id[:8]})"[:200]
    attrs = attributes(span.get("attributes"))
    if attrs.get("gen_ai.system_instructions"):
        draft.dropped.append("gen_ai.system_instructions: the agent under test has its own")
    if attrs.get("gen_ai.output.messages"):
        draft.dropped.append("gen_ai.output.messages, the recorded reply: each run asks the agent afresh")
    result.drafts.append(draft)
