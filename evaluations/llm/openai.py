"""A self-hosted judge (vLLM, Ollama, ...) behind an OpenAI-compatible ``/chat/completions`` endpoint, called
through the guarded outbound client like every other HTTP request."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings

from evaluations.llm.base import (
    ModelClient,
    ModelError,
    ModelErrorKind,
    ModelReply,
    ToolSpec,
    join_prefix,
    loop_cache,
    timeout,
)
from evaluations.llm.ratelimit import rate_info
from evaluations.outbound.client import Client, OutboundError, OutboundTimeout, make_client, post
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable
from evaluations.outbound.text import excerpt

USER_AGENT = "Trustgate/1.0 (model client)"


class OpenAICompatibleClient(ModelClient):
    """A self-hosted judge at ``<TRUSTGATE_OPENAI_JUDGE_URL>/chat/completions``."""

    provider = "openai"

    def __init__(self, model_id: str, *, base_url: str, api_key: str = "") -> None:
        super().__init__(model_id)
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key

    def budget_key(self) -> str:
        return f"openai:{self.base_url}"

    def _http(self) -> Client:
        cache = loop_cache()
        client: Client | None = cache.get(("openai",))
        if client is None:
            client = cache[("openai",)] = make_client()
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
        # No cache markers in this API: servers that cache (vLLM, OpenAI) do so by a repeated leading prefix.
        messages = [dict(m) for m in messages]
        if prefix and messages:
            messages[0]["content"] = join_prefix(prefix, messages[0]["content"])
        body: dict[str, Any] = {
            "model": self.model_id,
            "messages": [{"role": "system", "content": system}, *messages] if system else list(messages),
            "max_tokens": max_tokens,
            "temperature": temperature,
        }
        if tool is not None:
            body["tools"] = [
                {
                    "type": "function",
                    "function": {"name": tool.name, "description": tool.description, "parameters": tool.input_schema},
                }
            ]
            body["tool_choice"] = {"type": "function", "function": {"name": tool.name}}
        headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": USER_AGENT}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        data, rate = await self._post(f"{self.base_url}/chat/completions", content, headers)
        return _reply(data, self.model_id, rate)

    async def _post(self, url: str, content: bytes, headers: dict[str, str]) -> tuple[Any, Any]:
        try:
            # The URL is the operator's own (a setting, not user input) and usually on a private network, so the
            # public-address rule is lifted; the metadata, scheme and credential checks still apply.
            reply = await post(
                url,
                body=content,
                headers=headers,
                timeout=timeout(),
                max_bytes=int(settings.TRUSTGATE_MAX_MODEL_REPLY_BYTES),
                client=self._http(),
                allow_private=True,
            )
        except OutboundTimeout:
            raise ModelError(
                f"The judge endpoint did not answer within {timeout():g} s.", kind=ModelErrorKind.TIMEOUT
            ) from None
        except (OutboundError, EndpointUnresolvable) as exc:
            raise ModelError(
                f"Could not connect to the judge endpoint: {excerpt(exc) or type(exc).__name__}",
                kind=ModelErrorKind.CONNECTION,
            ) from None
        except EndpointBlocked as exc:
            raise ModelError(f"The judge endpoint may not be used: {exc}", kind=ModelErrorKind.BAD_REQUEST) from None
        status = reply.status
        rate = rate_info(reply.headers)
        if status >= 400:
            said = excerpt(reply.text)
            said = f" It said: {said}" if said else ""
            if status == 429:
                kind, sentence = ModelErrorKind.RATE_LIMITED, "The judge endpoint is rate limiting requests"
            elif status in (401, 403):
                kind, sentence = ModelErrorKind.AUTH, "The judge endpoint refused the credentials"
            elif status == 503:
                kind, sentence = ModelErrorKind.OVERLOADED, "The judge endpoint is unavailable"
            elif status >= 500:
                kind, sentence = ModelErrorKind.SERVER_ERROR, "The judge endpoint had a server error"
            else:
                kind, sentence = ModelErrorKind.BAD_REQUEST, "The judge endpoint rejected the request"
            raise ModelError(f"{sentence} (HTTP {status}).{said}", kind=kind, rate=rate)
        if reply.truncated:
            limit_kb = settings.TRUSTGATE_MAX_MODEL_REPLY_BYTES // 1024
            raise ModelError(
                f"The judge endpoint's reply was larger than {limit_kb} KB.", kind=ModelErrorKind.MALFORMED
            )
        try:
            return json.loads(reply.body), rate
        except ValueError:
            raise ModelError(
                "The judge endpoint sent a reply that is not JSON.", kind=ModelErrorKind.MALFORMED
            ) from None


def _reply(data: Any, model_id: str, rate: Any = None) -> ModelReply:
    try:
        message = data["choices"][0]["message"]
        if not isinstance(message, dict):
            raise TypeError
    except (KeyError, IndexError, TypeError):
        raise ModelError(
            "The judge endpoint sent a reply without choices[0].message.", kind=ModelErrorKind.MALFORMED
        ) from None
    calls: list[tuple[str, dict[str, Any]]] = []
    for call in message.get("tool_calls") or []:
        function = call.get("function") if isinstance(call, dict) else None
        if not isinstance(function, dict):
            continue
        arguments = function.get("arguments")
        if isinstance(arguments, str):
            try:
                arguments = json.loads(arguments)
            except json.JSONDecodeError:
                arguments = None
        # Unreadable arguments stay visible as an empty input, so a caller taking the last call sees it as bad.
        calls.append((str(function.get("name", "")), arguments if isinstance(arguments, dict) else {}))
    usage: dict[str, Any] = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    raw_details = usage.get("prompt_tokens_details")
    details: dict[str, Any] = raw_details if isinstance(raw_details, dict) else {}
    cached = int(details.get("cached_tokens") or 0)
    return ModelReply(
        text=str(message.get("content") or ""),
        tool_calls=tuple(calls),
        # OpenAI counts cached tokens inside prompt_tokens; here input means uncached, as for the other providers.
        input_tokens=max(0, int(usage.get("prompt_tokens") or 0) - cached),
        output_tokens=int(usage.get("completion_tokens") or 0),
        model_id=str(data.get("model") or model_id),
        cached_input_tokens=cached,
        rate=rate,
    )
