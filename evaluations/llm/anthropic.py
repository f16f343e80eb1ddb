"""The judge and generation on the Anthropic API, through the ``anthropic`` SDK (built by the one SDK factory)."""

from __future__ import annotations

from typing import Any

from evaluations.llm.base import (
    ModelClient,
    ModelError,
    ModelErrorKind,
    ModelReply,
    ToolSpec,
    loop_cache,
    max_retries,
    timeout,
)
from evaluations.outbound import sdk
from evaluations.outbound.text import excerpt


class AnthropicClient(ModelClient):
    provider = "anthropic"

    def _sdk(self) -> Any:
        key = ("anthropic", sdk.anthropic_settings(), timeout(), max_retries())
        cache = loop_cache()
        client = cache.get(key)
        if client is None:
            client = cache[key] = sdk.anthropic_client(timeout=timeout(), max_retries=max_retries())
        return client

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> ModelReply:
        import anthropic  # lazily: importing the SDK costs seconds at Django start

        request: dict[str, Any] = {
            "model": self.model_id,
            "system": system,
            "messages": [{"role": m["role"], "content": m["content"]} for m in messages],
            "max_tokens": max_tokens,
            # No temperature: the Messages API of anthropic 2.x takes no sampling parameters.
        }
        if tool is not None:
            request["tools"] = [{"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}]
            request["tool_choice"] = {"type": "tool", "name": tool.name}
        try:
            response = await self._sdk().messages.create(**request)
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
        return _reply(response, self.model_id)


def _status_error(exc: Any) -> ModelError:
    status = int(getattr(exc, "status_code", 0) or 0)
    body = getattr(exc, "body", None)
    detail = ""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            detail = excerpt(error.get("message", ""))
    said = f" The API said: {detail}" if detail else ""
    if status == 529:
        return ModelError(f"The Anthropic API is overloaded (HTTP 529).{said}", kind=ModelErrorKind.OVERLOADED)
    if status == 429:
        return ModelError(
            f"The Anthropic API is rate limiting requests (HTTP 429).{said}", kind=ModelErrorKind.RATE_LIMITED
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


def _reply(response: Any, model_id: str) -> ModelReply:
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
    )
