"""The judge and generation on the Anthropic API, through the ``anthropic`` SDK (built by the one SDK factory)."""

from __future__ import annotations

import asyncio
import importlib
import sys
from typing import Any

from evaluations.llm.base import (
    ModelClient,
    ModelError,
    ModelErrorKind,
    ModelReply,
    ToolSpec,
    loop_cache,
    timeout,
)
from evaluations.llm.ratelimit import rate_info
from evaluations.outbound import sdk
from evaluations.outbound.text import excerpt


class AnthropicClient(ModelClient):
    provider = "anthropic"

    def budget_key(self) -> str:
        return f"anthropic:{sdk.anthropic_settings()[2] or sdk.ANTHROPIC_DEFAULT_BASE_URL}"

    async def _ready(self) -> None:
        # Importing the SDK takes seconds on a busy machine: do it off the event loop, so conversations keep
        # running meanwhile and the first call's time limit counts only the call.
        if "anthropic" not in sys.modules:
            await asyncio.to_thread(importlib.import_module, "anthropic")
        key, cache = self._key(), loop_cache()
        if key not in cache:
            cache[key] = await asyncio.to_thread(self._build)

    def _key(self) -> tuple[Any, ...]:
        return ("anthropic", sdk.anthropic_settings(), timeout())

    def _build(self) -> Any:
        # No SDK retries: ModelClient.complete retries, so the provider budget sees every refusal.
        client = sdk.anthropic_client(timeout=timeout(), max_retries=0)
        _ = client.messages.with_raw_response  # the SDK loads its resources on first touch
        return client

    def _sdk(self) -> Any:
        key, cache = self._key(), loop_cache()
        client = cache.get(key)
        if client is None:
            client = cache[key] = self._build()
        return client

    async def _send(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None,
        max_tokens: int,
        temperature: float,
        prefix: str,
    ) -> ModelReply:
        import anthropic  # lazily: importing the SDK costs seconds at Django start

        request: dict[str, Any] = {
            "model": self.model_id,
            "system": system,
            "messages": _messages(messages, prefix),
            "max_tokens": max_tokens,
            # No temperature: the Messages API of anthropic 2.x takes no sampling parameters.
        }
        if tool is not None:
            request["tools"] = [{"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}]
            request["tool_choice"] = {"type": "tool", "name": tool.name}
        try:
            raw = await self._sdk().messages.with_raw_response.create(**request)
            response = await raw.parse()
        except anthropic.APITimeoutError:
            raise ModelError(
                f"The Anthropic API did not answer within {timeout():g} s.", kind=ModelErrorKind.TIMEOUT
            ) from None
        except anthropic.APIConnectionError as exc:
            raise ModelError(
                f"Could not connect to the Anthropic API: {excerpt(exc)}", kind=ModelErrorKind.CONNECTION
            ) from None
        except anthropic.APIStatusError as exc:
            raise _status_error(exc) from None
        except anthropic.APIError as exc:  # e.g. a reply the SDK could not validate
            raise ModelError(
                f"The Anthropic API sent a reply that could not be read: {excerpt(exc)}",
                kind=ModelErrorKind.MALFORMED,
            ) from None
        return _reply(response, self.model_id, rate_info(raw.headers))


def _messages(messages: list[dict[str, Any]], prefix: str) -> list[dict[str, Any]]:
    """The messages, the stable prefix first in the first one and marked as the end of the cacheable part (tools,
    system and prefix are then read from the prompt cache when the next call repeats them)."""
    out: list[dict[str, Any]] = [{"role": m["role"], "content": m["content"]} for m in messages]
    if prefix and out:
        out[0]["content"] = [
            {"type": "text", "text": prefix, "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": out[0]["content"] or "(no text)"},
        ]
    return out


def _status_error(exc: Any) -> ModelError:
    status = int(getattr(exc, "status_code", 0) or 0)
    response = getattr(exc, "response", None)
    rate = rate_info(getattr(response, "headers", None))
    body = getattr(exc, "body", None)
    detail = ""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            detail = excerpt(error.get("message", ""))
    said = f" The API said: {detail}" if detail else ""
    if status == 529:
        return ModelError(
            f"The Anthropic API is overloaded (HTTP 529).{said}", kind=ModelErrorKind.OVERLOADED, rate=rate
        )
    if status == 429:
        return ModelError(
            f"The Anthropic API is rate limiting requests (HTTP 429).{said}",
            kind=ModelErrorKind.RATE_LIMITED,
            rate=rate,
        )
    if status in (401, 403):
        return ModelError(
            f"The Anthropic API refused the credentials (HTTP {status}); check ANTHROPIC_API_KEY.{said}",
            kind=ModelErrorKind.AUTH,
        )
    if status == 408 or status == 504:
        return ModelError(f"The Anthropic API timed out (HTTP {status}).{said}", kind=ModelErrorKind.TIMEOUT)
    if status >= 500:
        return ModelError(
            f"The Anthropic API had a server error (HTTP {status}).{said}", kind=ModelErrorKind.SERVER_ERROR
        )
    return ModelError(f"The Anthropic API rejected the request (HTTP {status}).{said}", kind=ModelErrorKind.BAD_REQUEST)


def _reply(response: Any, model_id: str, rate: Any = None) -> ModelReply:
    content = getattr(response, "content", None)
    if not isinstance(content, list):
        raise ModelError("The Anthropic API sent a reply without message content.", kind=ModelErrorKind.MALFORMED)
    texts: list[str] = []
    calls: list[tuple[str, dict[str, Any]]] = []
    for block in content:
        kind = getattr(block, "type", None)
        if kind == "text":
            texts.append(str(getattr(block, "text", "") or ""))
        elif kind == "tool_use":
            tool_input = getattr(block, "input", None)
            calls.append((str(getattr(block, "name", "")), tool_input if isinstance(tool_input, dict) else {}))
    usage = getattr(response, "usage", None)
    return ModelReply(
        text="".join(texts),
        tool_calls=tuple(calls),
        input_tokens=int(getattr(usage, "input_tokens", 0) or 0),
        output_tokens=int(getattr(usage, "output_tokens", 0) or 0),
        model_id=str(getattr(response, "model", "") or model_id),
        cached_input_tokens=int(getattr(usage, "cache_read_input_tokens", 0) or 0),
        cache_write_tokens=int(getattr(usage, "cache_creation_input_tokens", 0) or 0),
        rate=rate,
    )
