"""Calling the generation model for a proposal: one forced tool call, validated, retried once with the
problems sent back (used by Generate new and by the change check).

A transient model failure (timeout, overload, rate limit, server or connection error, malformed reply) is
retried once too; authentication and configuration errors are not.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from evaluations.llm.clients import ModelError, ModelErrorKind, ModelReply, ToolSpec, get_model_client

T = TypeVar("T")

MAX_ATTEMPTS = 2  # the first proposal and one retry
MAX_TOKENS = 8000
PROBLEMS_SHOWN = 12
_RETRY_KINDS = (
    ModelErrorKind.TIMEOUT,
    ModelErrorKind.OVERLOADED,
    ModelErrorKind.RATE_LIMITED,
    ModelErrorKind.SERVER_ERROR,
    ModelErrorKind.CONNECTION,
    ModelErrorKind.MALFORMED,
)


class GenerationError(Exception):
    """Scenarios could not be generated. ``message`` says why in a sentence; nothing was produced.

    ``reason`` is "outage" (the model could not be reached or failed), "malformed" (its proposals were not
    usable, also after the retry) or "config" (no model, no policy, unknown kind).
    """

    def __init__(self, message: str, *, reason: str, calls: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.calls = calls


@dataclasses.dataclass
class Usage:
    """Model calls and tokens spent on one proposal, retries included (for billing)."""

    calls: int = 0
    input_tokens: int = 0  # uncached
    output_tokens: int = 0
    cached_input_tokens: int = 0  # read from the prompt cache (the retry re-reads the policy)
    cache_write_tokens: int = 0

    def add(self, reply: ModelReply) -> None:
        self.input_tokens += reply.input_tokens
        self.output_tokens += reply.output_tokens
        self.cached_input_tokens += reply.cached_input_tokens
        self.cache_write_tokens += reply.cache_write_tokens


async def propose_with_retry(
    *,
    model: str,
    system: str,
    prompt: str,
    tool: ToolSpec,
    validate: Callable[[Any], tuple[T, list[str]]],
    what: str,
    usage: Usage | None = None,
    prefix: str = "",
) -> T:
    """Call the model with ``tool`` forced; ``validate(input) -> (result, problems)``. Retried once.

    ``prefix`` (the fenced policy) goes before ``prompt`` and is marked cacheable with the system prompt and the
    tool: the retry repeats all of it byte for byte and reads it from the provider's prompt cache.

    Raises GenerationError: "config" when no model is usable, "outage" when the model failed both times (or
    once, for errors a retry cannot fix), "malformed" when no proposal passed validation.
    """
    usage = usage if usage is not None else Usage()
    try:
        client = get_model_client(model)
    except ModelError as error:
        raise GenerationError(f"Cannot {what}: {error.message}", reason="config") from None
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    last_problems: list[str] = []
    last_error: ModelError | None = None
    for attempt in range(1, MAX_ATTEMPTS + 1):
        usage.calls += 1
        try:
            reply = await client.complete(
                system=system, messages=messages, tool=tool, max_tokens=MAX_TOKENS, prefix=prefix
            )
        except ModelError as error:
            last_error = error
            if error.kind not in _RETRY_KINDS or attempt == MAX_ATTEMPTS:
                break
            continue
        last_error = None
        usage.add(reply)
        calls = [tool_input for name, tool_input in reply.tool_calls if name == tool.name]
        if not calls:
            last_problems = [f"The model did not call {tool.name}."]
        else:
            result, last_problems = validate(calls[-1])
            if not last_problems:
                return result
        if attempt < MAX_ATTEMPTS:
            shown = "\n".join(f"- {p}" for p in last_problems[:PROBLEMS_SHOWN])
            messages += [
                {"role": "assistant", "content": f"(I called {tool.name}; the proposal had problems.)"},
                {
                    "role": "user",
                    "content": f"Your proposal could not be used:\n{shown}\n\nCall {tool.name} again with a "
                    "complete, corrected proposal.",
                },
            ]
    if last_error is not None:
        raise GenerationError(
            f"The generation model is unavailable, so no scenarios were written: {last_error.message}",
            reason="outage",
            calls=usage.calls,
        )
    shown = " ".join(last_problems[:3]) + (f" (and {len(last_problems) - 3} more)" if len(last_problems) > 3 else "")
    raise GenerationError(
        f"The generation model's proposal was not usable, also after a retry: {shown}",
        reason="malformed",
        calls=usage.calls,
    )
