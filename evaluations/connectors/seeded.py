"""A conversation seeded with tool calls and their results before the first user turn (docs/redteam.md, Attacks
through tool results): each protocol that has tool messages gets them in its own shape. Which protocols can carry
them is ``capability.carries_tool_messages``."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any


def _call_id(index: int) -> str:
    return f"call_seeded_{index + 1}"


def _result_text(result: Any) -> str:
    return result if isinstance(result, str) else json.dumps(result, ensure_ascii=False)


def openai_messages(tool_context: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chat Completions messages: one assistant message with the tool calls, then one ``tool`` message per result
    (also the ``{{history}}`` items of an HTTP / JSON request template)."""
    if not tool_context:
        return []
    calls = [
        {
            "id": _call_id(i),
            "type": "function",
            "function": {"name": str(item.get("name", "")), "arguments": json.dumps(item.get("arguments") or {})},
        }
        for i, item in enumerate(tool_context)
    ]
    results = [
        {"role": "tool", "tool_call_id": _call_id(i), "name": str(item.get("name", "")),
         "content": _result_text(item.get("result", ""))}
        for i, item in enumerate(tool_context)
    ]  # fmt: skip
    return [{"role": "assistant", "content": None, "tool_calls": calls}, *results]


def responses_items(tool_context: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Responses API input items: a ``function_call`` and its ``function_call_output`` per seeded call."""
    items: list[dict[str, Any]] = []
    for i, item in enumerate(tool_context):
        items.append({"type": "function_call", "call_id": _call_id(i), "name": str(item.get("name", "")),
                      "arguments": json.dumps(item.get("arguments") or {})})  # fmt: skip
        items.append(
            {"type": "function_call_output", "call_id": _call_id(i), "output": _result_text(item.get("result", ""))}
        )
    return items
