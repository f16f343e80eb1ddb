"""Path proposals for Test request (docs/agents.md, Test request): from a JSON reply, the paths where the reply
text, the tool calls and the conversation id most likely are, best first, so a new agent can be set up from the
reply it gives (one click accepts a proposal). Pure: it reads the reply, sends nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from evaluations.connectors.paths import Segment, format_path

TEXT_KEYS = ("answer", "reply", "response", "output", "text", "content", "message", "completion", "result")
TOOL_KEY = re.compile(r"tool|function|action", re.IGNORECASE)
ID_KEY = re.compile(r"^(conversation|session|thread|chat|context|dialog)[_-]?id$|^conversationid$", re.IGNORECASE)
PARENT_KEY = re.compile(r"^(conversation|session|thread|chat|context|dialog)s?$", re.IGNORECASE)
MAX_DEPTH = 8
SHOWN = 3


def _walk(value: Any, path: list[Segment], depth: int = 0) -> Iterator[tuple[list[Segment], Any]]:
    if depth > MAX_DEPTH:
        return
    yield path, value
    if isinstance(value, dict):
        for key, inner in list(value.items())[:100]:
            yield from _walk(inner, [*path, str(key)], depth + 1)
    elif isinstance(value, list):
        for index, inner in enumerate(value[:20]):
            yield from _walk(inner, [*path, index], depth + 1)


def _key(path: list[Segment]) -> str:
    return str(path[-1]) if path and isinstance(path[-1], str) else ""


def _is_tool_call_list(value: Any) -> bool:
    items = value if isinstance(value, list) else []
    return bool(items) and all(
        isinstance(i, dict) and (isinstance(i.get("name"), str) or isinstance(i.get("function"), dict)) for i in items
    )


def propose_paths(data: Any) -> dict[str, list[str]]:
    """``reply_path``, ``tool_calls_path`` and ``conversation_id_path`` proposals (each at most three, best first)."""
    texts: list[tuple[int, int, str]] = []
    tools: list[str] = []
    ids: list[tuple[int, str]] = []
    for path, value in _walk(data, []):
        if not path:
            continue
        key = _key(path).lower()
        shown = format_path(path)
        if isinstance(value, str) and value.strip() and not ID_KEY.match(key):
            rank = TEXT_KEYS.index(key) if key in TEXT_KEYS else len(TEXT_KEYS)
            texts.append((rank, -len(value), shown))
        if TOOL_KEY.search(key) and _is_tool_call_list(value):
            tools.append(shown)
        if ID_KEY.match(key) and isinstance(value, str | int) and not isinstance(value, bool):
            ids.append((len(path), shown))
        elif key == "id" and isinstance(value, str | int) and not isinstance(value, bool):
            parent = str(path[-2]).lower() if len(path) > 1 and isinstance(path[-2], str) else ""
            if PARENT_KEY.match(parent):  # {"conversation": {"id": ...}}
                ids.append((len(path), shown))
            elif len(path) == 1:
                ids.append((9, shown))
    return {
        "reply_path": [p for _rank, _length, p in sorted(texts)[:SHOWN]],
        "tool_calls_path": tools[:SHOWN],
        "conversation_id_path": [p for _depth, p in sorted(ids)[:SHOWN]],
    }


def propose_from_preview(preview: str) -> dict[str, list[str]]:
    """Proposals from a raw reply preview; none when it is not whole JSON (cut, or not JSON at all)."""
    try:
        data = json.loads(preview)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        return {}
    proposals = propose_paths(data)
    return proposals if any(proposals.values()) else {}
