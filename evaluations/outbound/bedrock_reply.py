"""The one reading of a Bedrock Converse reply: its text, its tool uses and its token counts. Agents (connectors)
and the judge (llm) both call Converse; each turns what is read here into its own reply type (docs/agents.md)."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class ConverseReply:
    text: str  # the text blocks, joined
    tool_uses: tuple[tuple[str, Any], ...]  # (tool name, its input as Bedrock sent it: a dict, or anything else)
    input_tokens: int = 0
    output_tokens: int = 0
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0


class NoMessageContent(ValueError):
    """The reply has no ``output.message.content`` list."""

    def __init__(self) -> None:
        super().__init__("Bedrock sent a reply without message content.")


def converse_reply(response: Any) -> ConverseReply:
    """Read ``output.message.content`` (text and ``toolUse`` blocks; others are skipped) and ``usage``.
    Raises ``NoMessageContent`` when there is no content list."""
    reply = response if isinstance(response, dict) else {}
    output = reply.get("output")
    message = output.get("message") if isinstance(output, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        raise NoMessageContent()
    texts: list[str] = []
    tool_uses: list[tuple[str, Any]] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("text"), str):
            texts.append(block["text"])
        tool_use = block.get("toolUse")
        if isinstance(tool_use, dict):
            tool_uses.append((str(tool_use.get("name", "")), tool_use.get("input")))
    usage = reply.get("usage")
    usage = usage if isinstance(usage, dict) else {}
    return ConverseReply(
        text="".join(texts),
        tool_uses=tuple(tool_uses),
        input_tokens=int(usage.get("inputTokens") or 0),
        output_tokens=int(usage.get("outputTokens") or 0),
        cached_input_tokens=int(usage.get("cacheReadInputTokens") or 0),
        cache_write_tokens=int(usage.get("cacheWriteInputTokens") or 0),
    )
