"""A self-hosted judge (vLLM, Ollama, ...) behind an OpenAI-compatible ``/chat/completions`` endpoint, called
through the guarded outbound client like every other HTTP request."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from django.conf import settings

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
from evaluations.outbound.client import Client, OutboundError, OutboundTimeout, make_client, post
from evaluations.outbound.guard import EndpointBlocked, EndpointUnresolvable
from evaluations.outbound.text import excerpt

USER_AGENT = "Trustgate/1.0 (model client)"

_RETRY_KINDS = (
    ModelErrorKind.TIMEOUT,
    ModelErrorKind.CONNECTION,
    ModelErrorKind.RATE_LIMITED,
    ModelErrorKind.OVERLOADED,
    ModelErrorKind.SERVER_ERROR,
)
_MAX_BACKOFF = 8.0


class OpenAICompatibleClient(ModelClient):
    """A self-hosted judge at ``<TRUSTGATE_OPENAI_JUDGE_URL>/chat/completions``."""

    provider = "openai"

    def __init__(self, model_id: str, *, base_url: str, api_key: str = "") -> None:
        super().__init__(model_id)
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key

    def _http(self) -> Client:
        cache = loop_cache()
        client: Client | None = cache.get(("openai",))
        if client is None:
            client = cache[("openai",)] = make_client()
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
        url = f"{self.base_url}/chat/completions"
        attempt = 0
        while True:
            try:
                data = await self._post(url, content, headers)
            except ModelError as error:
                if error.kind not in _RETRY_KINDS or attempt >= max_retries():
                    raise
                await asyncio.sleep(min(_MAX_BACKOFF, 0.5 * 2**attempt))
                attempt += 1
                continue
            return _reply(data, self.model_id)

    async def _post(self, url: str, content: bytes, headers: dict[str, str]) -> Any:
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
            raise ModelError(f"{sentence} (HTTP {status}).{said}", kind=kind)
        if reply.truncated:
            limit_kb = settings.TRUSTGATE_MAX_MODEL_REPLY_BYTES // 1024
            raise ModelError(
                f"The judge endpoint's reply was larger than {limit_kb} KB.", kind=ModelErrorKind.MALFORMED
            )
        try:
            return json.loads(reply.body)
        except ValueError:
            raise ModelError(
                "The judge endpoint sent a reply that is not JSON.", kind=ModelErrorKind.MALFORMED
            ) from None


def _reply(data: Any, model_id: str) -> ModelReply:
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
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    return ModelReply(
        text=str(message.get("content") or ""),
        tool_calls=tuple(calls),
        input_tokens=int(usage.get("prompt_tokens") or 0),
        output_tokens=int(usage.get("completion_tokens") or 0),
        model_id=str(data.get("model") or model_id),
    )
