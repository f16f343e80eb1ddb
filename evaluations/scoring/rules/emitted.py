"""Everything the agent emits, as texts the scanning rules (PII, canary, secret markers) read.

Replies come first, then for each tool call its name and arguments, then its result when the agent reported
one. A tool call's text is one ``path: value`` line per argument leaf (nested objects and lists flattened), so a
card number in ``payment.card`` or a marker in a list item is read like a sentence of a reply.

A result is what a tool told the agent, not what the agent said (docs/scoring.md, Tool results): the engine
scans it as a leak only where the scenario says so (``tool_results_leak``), and otherwise reads it as the source
of what a reply or a later call's arguments repeat.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from evaluations.connectors.base import ToolCall


@dataclasses.dataclass(frozen=True)
class Emitted:
    label: str  # "The reply", "Reply 2", "Tool call 1", "Tool call 1's result"
    text: str
    is_reply: bool
    call: int = 0  # the tool call's number (1-based) for its arguments and its result; 0 for a reply
    is_result: bool = False
    tool: str = ""  # the tool's name, for a result

    @property
    def source_label(self) -> str:
        """How a message names this result as the source of a repeated value."""
        return f"{' '.join(self.tool.split())[:60]}'s result (tool call {self.call})"


def _lines(value: Any, path: str) -> list[str]:
    if isinstance(value, dict):
        return [line for key, item in value.items() for line in _lines(item, f"{path}.{key}" if path else str(key))]
    if isinstance(value, list | tuple):
        return [line for i, item in enumerate(value) for line in _lines(item, f"{path}[{i}]")]
    if value is None:
        return []
    text = value if isinstance(value, str) else str(value)
    return [f"{path}: {text}" if path else text]


def emitted_texts(replies: Sequence[str], tool_calls: Sequence[ToolCall]) -> list[Emitted]:
    texts = [
        Emitted("The reply" if len(replies) == 1 else f"Reply {i + 1}", reply, True) for i, reply in enumerate(replies)
    ]
    for number, call in enumerate(tool_calls, 1):
        arguments = call.arguments if isinstance(call.arguments, dict) else {"_raw": call.arguments}
        # The name is read too, but kept out of the label: a label is shown, and a name can hold what is scanned.
        texts.append(Emitted(f"Tool call {number}", "\n".join([call.name, *_lines(arguments, "")]), False, number))
        if call.result is not None:
            result = "\n".join(_lines(call.result, ""))
            texts.append(Emitted(f"Tool call {number}'s result", result, False, number, True, call.name.strip()))
    return texts
