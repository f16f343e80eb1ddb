"""One model-client layer for the judge and for scenario generation (SPEC §3, §5).

``get_model_client("sonnet")`` returns a ``ModelClient`` for the configured provider: the Anthropic API
(``anthropic`` SDK; ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL), AWS Bedrock Converse (boto3; the standard AWS
environment, including AWS_ENDPOINT_URL_BEDROCK_RUNTIME) or an OpenAI-compatible ``/chat/completions``
endpoint (a self-hosted judge). Every failure is a ``ModelError`` whose message is a readable sentence with
credentials masked; callers decide what a failure means (the judge turns it into Not scored).

The SDKs are imported lazily: importing anthropic and boto3 costs seconds at Django start.
"""

from __future__ import annotations

import abc
import asyncio
import dataclasses
import enum
import json
import os
import weakref
from typing import Any

from django.conf import settings

MODEL_CHOICES = ("sonnet", "haiku", "opus")
PROVIDERS = ("anthropic", "bedrock", "openai", "rules_only")
_DETAIL_LIMIT = 300  # characters of a provider's own error text kept in our message


class ModelErrorKind(enum.StrEnum):
    TIMEOUT = "timeout"
    OVERLOADED = "overloaded"
    RATE_LIMITED = "rate_limited"
    SERVER_ERROR = "server_error"
    AUTH = "auth"
    BAD_REQUEST = "bad_request"
    CONNECTION = "connection"
    MALFORMED = "malformed"


class ModelError(Exception):
    """A model call failed. ``message`` is a sentence a user can act on; it never contains credentials."""

    def __init__(self, message: str, *, kind: ModelErrorKind | str) -> None:
        message = _scrub(message)
        super().__init__(message)
        self.message = message
        self.kind = ModelErrorKind(kind)


@dataclasses.dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class ModelReply:
    text: str
    tool_calls: tuple[tuple[str, dict[str, Any]], ...]  # (name, input) in the order the model made them
    input_tokens: int
    output_tokens: int
    model_id: str


class ModelClient(abc.ABC):
    """A chat model behind one provider. Instances are cheap; the network clients behind them are shared."""

    provider: str = ""

    def __init__(self, model_id: str) -> None:
        self.model_id = model_id

    @abc.abstractmethod
    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> ModelReply:
        """One completion. ``messages`` are ``{"role": "user"|"assistant", "content": <text>}``.

        With ``tool`` the model is forced to call it where the provider supports forcing. Raises ModelError.
        """


# Credentials masking ----------------------------------------------------------------------------------------


def _secrets() -> list[str]:
    values = [
        os.environ.get("ANTHROPIC_API_KEY", ""),
        os.environ.get("ANTHROPIC_AUTH_TOKEN", ""),
        os.environ.get("AWS_SECRET_ACCESS_KEY", ""),
        os.environ.get("AWS_SESSION_TOKEN", ""),
        str(getattr(settings, "TRUSTGATE_OPENAI_JUDGE_API_KEY", "") or ""),
    ]
    return [value for value in values if len(value) >= 6]


def _scrub(text: str) -> str:
    for secret in _secrets():
        text = text.replace(secret, "[key hidden]")
    return text


def _detail(text: object) -> str:
    detail = " ".join(str(text).split())
    return detail[:_DETAIL_LIMIT] + ("…" if len(detail) > _DETAIL_LIMIT else "")


# Per-event-loop client cache ----------------------------------------------------------------------------------
# Async HTTP clients hold connections bound to the event loop that opened them; reusing one from another loop
# fails with "Event loop is closed". A worker runs one loop per run, so "one client per process" in practice
# means one per running loop: the entry disappears with its loop.

_loop_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


def _loop_cache() -> dict[tuple[Any, ...], Any]:
    loop = asyncio.get_running_loop()
    cache = _loop_clients.get(loop)
    if cache is None:
        cache = _loop_clients[loop] = {}
    return cache


def reset_clients() -> None:
    """Forget every cached client (tests that change the environment or settings call this)."""
    from evaluations.connectors.bedrock import reset_client

    _loop_clients.clear()
    reset_client()


async def close_clients() -> None:
    """Close the async clients opened on the running loop (call when a run's loop is about to end)."""
    cache = _loop_clients.pop(asyncio.get_running_loop(), {})
    for client in cache.values():
        close = getattr(client, "aclose", None) or client.close  # httpx: aclose(); AsyncAnthropic: close()
        await close()


def _timeout() -> float:
    return float(settings.TRUSTGATE_MODEL_TIMEOUT)


def _max_retries() -> int:
    return max(0, int(settings.TRUSTGATE_MODEL_MAX_RETRIES))


# Anthropic -----------------------------------------------------------------------------------------------------


class AnthropicClient(ModelClient):
    provider = "anthropic"

    def _sdk(self) -> Any:
        import anthropic

        env = tuple(
            os.environ.get(name) for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "ANTHROPIC_BASE_URL")
        )
        key = ("anthropic", env, _timeout(), _max_retries())
        cache = _loop_cache()
        client = cache.get(key)
        if client is None:
            extra: dict[str, Any] = {}
            if not env[0] and not env[1]:
                # A gateway at ANTHROPIC_BASE_URL that adds its own credentials: send no Authorization header
                # rather than let the SDK refuse to build the request.
                extra["default_headers"] = {"Authorization": anthropic.Omit()}
            client = anthropic.AsyncAnthropic(
                timeout=_timeout(),
                max_retries=_max_retries(),
                # The SDK's default client schedules its own close on whatever loop is running when it is
                # garbage-collected, which fails noisily once its loop is gone; this one has no such hook.
                http_client=anthropic.DefaultAsyncHttpxClient(),
                **extra,
            )
            cache[key] = client
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
        import anthropic

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
                f"The Anthropic API did not answer within {_timeout():g} s.", kind=ModelErrorKind.TIMEOUT
            ) from None
        except anthropic.APIConnectionError as exc:
            raise ModelError(
                f"Could not connect to the Anthropic API: {_detail(exc)}", kind=ModelErrorKind.CONNECTION
            ) from None
        except anthropic.APIStatusError as exc:
            raise _anthropic_status_error(exc) from None
        except anthropic.APIError as exc:  # e.g. a reply the SDK could not validate
            raise ModelError(
                f"The Anthropic API sent a reply that could not be read: {_detail(exc)}",
                kind=ModelErrorKind.MALFORMED,
            ) from None
        return _anthropic_reply(response, self.model_id)


def _anthropic_status_error(exc: Any) -> ModelError:
    status = int(getattr(exc, "status_code", 0) or 0)
    body = getattr(exc, "body", None)
    detail = ""
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict):
            detail = _detail(error.get("message", ""))
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


def _anthropic_reply(response: Any, model_id: str) -> ModelReply:
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


# Bedrock -------------------------------------------------------------------------------------------------------

# Bedrock error code → (kind, sentence).
_BEDROCK_ERRORS: dict[str, tuple[ModelErrorKind, str]] = {
    "ThrottlingException": (ModelErrorKind.RATE_LIMITED, "Bedrock is throttling requests for the judge model."),
    "ServiceQuotaExceededException": (ModelErrorKind.RATE_LIMITED, "The Bedrock quota for the judge model is used up."),
    "ModelNotReadyException": (ModelErrorKind.OVERLOADED, "The Bedrock judge model is not ready yet."),
    "ServiceUnavailableException": (ModelErrorKind.OVERLOADED, "Bedrock is unavailable right now."),
    "ModelTimeoutException": (ModelErrorKind.TIMEOUT, "The Bedrock judge model took too long to answer."),
    "AccessDeniedException": (
        ModelErrorKind.AUTH,
        "AWS denied access to the judge model: enable it in the Bedrock console and allow bedrock:InvokeModel.",
    ),
    "UnrecognizedClientException": (ModelErrorKind.AUTH, "AWS did not accept the credentials for Bedrock."),
    "ResourceNotFoundException": (
        ModelErrorKind.BAD_REQUEST,
        "Bedrock does not know the judge model id in this region.",
    ),
    "ValidationException": (ModelErrorKind.BAD_REQUEST, "Bedrock rejected the judge request."),
    "ModelErrorException": (ModelErrorKind.SERVER_ERROR, "The Bedrock judge model failed while answering."),
    "InternalServerException": (ModelErrorKind.SERVER_ERROR, "Bedrock had an internal error."),
}


def _bedrock_client() -> Any:
    """The shared ``bedrock-runtime`` client with the judge's timeout and bounded retries."""
    from evaluations.connectors.bedrock import runtime_client

    return runtime_client(
        read_timeout=_timeout(),
        max_attempts=_max_retries() + 1,
        pool=max(10, int(settings.TRUSTGATE_JUDGE_CONCURRENCY) * 2),
    )


class BedrockClient(ModelClient):
    provider = "bedrock"

    def _converse(self, request: dict[str, Any]) -> dict[str, Any]:
        response: dict[str, Any] = _bedrock_client().converse(**request)
        return response

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> ModelReply:
        request: dict[str, Any] = {
            "modelId": self.model_id,
            # Converse refuses blank text blocks.
            "messages": [{"role": m["role"], "content": [{"text": m["content"] or "(no text)"}]} for m in messages],
            "inferenceConfig": {"maxTokens": max_tokens, "temperature": temperature},
        }
        if system:
            request["system"] = [{"text": system}]
        if tool is not None:
            request["toolConfig"] = {
                "tools": [
                    {
                        "toolSpec": {
                            "name": tool.name,
                            "description": tool.description,
                            "inputSchema": {"json": tool.input_schema},
                        }
                    }
                ],
                "toolChoice": {"tool": {"name": tool.name}},
            }
        try:
            response = await asyncio.to_thread(self._converse, request)
        except Exception as exc:  # botocore's exception classes only exist once boto3 is imported
            raise _bedrock_error(exc) from None
        return _bedrock_reply(response, self.model_id)


def _bedrock_error(exc: Exception) -> ModelError:
    from botocore import exceptions as boto_errors

    if isinstance(exc, boto_errors.ClientError):
        error = exc.response.get("Error", {})
        code = str(error.get("Code", ""))
        detail = _detail(error.get("Message", ""))
        status = int(exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
        if code in _BEDROCK_ERRORS:
            kind, sentence = _BEDROCK_ERRORS[code]
        elif status >= 500:
            kind, sentence = ModelErrorKind.SERVER_ERROR, f"Bedrock answered with an error ({code or status})."
        else:
            kind, sentence = ModelErrorKind.BAD_REQUEST, f"Bedrock answered with an error ({code or status})."
        return ModelError(f"{sentence} AWS said: {detail}" if detail else sentence, kind=kind)
    if isinstance(exc, boto_errors.NoCredentialsError | boto_errors.PartialCredentialsError):
        return ModelError("No AWS credentials were found for the Bedrock judge.", kind=ModelErrorKind.AUTH)
    if isinstance(exc, boto_errors.NoRegionError):
        return ModelError("No AWS region is set for Bedrock; set AWS_DEFAULT_REGION.", kind=ModelErrorKind.BAD_REQUEST)
    if isinstance(exc, boto_errors.ParamValidationError):
        return ModelError(f"The Bedrock request is not valid: {_detail(exc)}", kind=ModelErrorKind.BAD_REQUEST)
    if isinstance(exc, boto_errors.ReadTimeoutError | boto_errors.ConnectTimeoutError):
        return ModelError(f"Bedrock did not answer within {_timeout():g} s.", kind=ModelErrorKind.TIMEOUT)
    if isinstance(exc, boto_errors.EndpointConnectionError | boto_errors.ConnectionClosedError):
        return ModelError(f"Could not connect to Bedrock: {_detail(exc)}", kind=ModelErrorKind.CONNECTION)
    if isinstance(exc, boto_errors.BotoCoreError):
        return ModelError(f"The Bedrock call failed: {_detail(exc)}", kind=ModelErrorKind.CONNECTION)
    return ModelError(f"The Bedrock call failed: {type(exc).__name__}.", kind=ModelErrorKind.CONNECTION)


def _bedrock_reply(response: Any, model_id: str) -> ModelReply:
    message = response.get("output", {}).get("message", {}) if isinstance(response, dict) else {}
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        raise ModelError("Bedrock sent a reply without message content.", kind=ModelErrorKind.MALFORMED)
    texts: list[str] = []
    calls: list[tuple[str, dict[str, Any]]] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("text"), str):
            texts.append(block["text"])
        tool_use = block.get("toolUse")
        if isinstance(tool_use, dict):
            tool_input = tool_use.get("input")
            calls.append((str(tool_use.get("name", "")), tool_input if isinstance(tool_input, dict) else {}))
    usage = response.get("usage") or {}
    return ModelReply(
        text="".join(texts),
        tool_calls=tuple(calls),
        input_tokens=int(usage.get("inputTokens") or 0),
        output_tokens=int(usage.get("outputTokens") or 0),
        model_id=model_id,
    )


# OpenAI-compatible ---------------------------------------------------------------------------------------------

_RETRY_KINDS = (
    ModelErrorKind.TIMEOUT,
    ModelErrorKind.CONNECTION,
    ModelErrorKind.RATE_LIMITED,
    ModelErrorKind.OVERLOADED,
    ModelErrorKind.SERVER_ERROR,
)
_MAX_BACKOFF = 8.0


class OpenAICompatibleClient(ModelClient):
    """A self-hosted judge (vLLM, Ollama, ...) at ``<TRUSTGATE_OPENAI_JUDGE_URL>/chat/completions``."""

    provider = "openai"

    def __init__(self, model_id: str, *, base_url: str, api_key: str = "") -> None:
        super().__init__(model_id)
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key

    def _http(self) -> Any:
        import httpx

        key = ("openai", _timeout())
        cache = _loop_cache()
        client = cache.get(key)
        if client is None:
            # The URL comes from server settings (an operator's own judge), never from users: no SSRF guard.
            client = cache[key] = httpx.AsyncClient(timeout=httpx.Timeout(_timeout()), follow_redirects=False)
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
        headers = {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}
        url = f"{self.base_url}/chat/completions"
        attempt = 0
        while True:
            try:
                response = await self._post(url, body, headers)
            except ModelError as error:
                if error.kind not in _RETRY_KINDS or attempt >= _max_retries():
                    raise
                await asyncio.sleep(min(_MAX_BACKOFF, 0.5 * 2**attempt))
                attempt += 1
                continue
            return _openai_reply(response, self.model_id)

    async def _post(self, url: str, body: dict[str, Any], headers: dict[str, str]) -> Any:
        import httpx

        try:
            response = await self._http().post(url, json=body, headers=headers)
        except httpx.TimeoutException:
            raise ModelError(
                f"The judge endpoint did not answer within {_timeout():g} s.", kind=ModelErrorKind.TIMEOUT
            ) from None
        except httpx.HTTPError as exc:
            raise ModelError(
                f"Could not connect to the judge endpoint: {_detail(exc) or type(exc).__name__}",
                kind=ModelErrorKind.CONNECTION,
            ) from None
        status = response.status_code
        if status >= 400:
            said = _detail(response.text)
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
        try:
            return response.json()
        except ValueError:
            raise ModelError(
                "The judge endpoint sent a reply that is not JSON.", kind=ModelErrorKind.MALFORMED
            ) from None


def _openai_reply(data: Any, model_id: str) -> ModelReply:
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


# Choosing a provider and a model -------------------------------------------------------------------------------


def judge_provider() -> str:
    """The configured provider: TRUSTGATE_JUDGE_PROVIDER, else Anthropic when its env is set, else rules only."""
    explicit = str(getattr(settings, "TRUSTGATE_JUDGE_PROVIDER", "") or "").strip().lower()
    if explicit and explicit != "auto":
        if explicit not in PROVIDERS:
            raise ModelError(
                f"TRUSTGATE_JUDGE_PROVIDER must be one of {', '.join(PROVIDERS)}, not {explicit!r}.",
                kind=ModelErrorKind.BAD_REQUEST,
            )
        return explicit
    if os.environ.get("ANTHROPIC_API_KEY") or os.environ.get("ANTHROPIC_BASE_URL"):
        return "anthropic"
    return "rules_only"


def get_model_client(model: str, provider: str | None = None) -> ModelClient:
    """A client for ``model`` ("sonnet", "haiku", "opus") on ``provider`` (default: ``judge_provider()``).

    Raises ModelError (kind "bad_request") for an unknown model, Opus when it is not enabled, rules-only, or
    a provider that is not configured.
    """
    if model not in MODEL_CHOICES:
        raise ModelError(f"Unknown model {model!r}; choose sonnet, haiku or opus.", kind=ModelErrorKind.BAD_REQUEST)
    if model == "opus" and not settings.TRUSTGATE_ENABLE_OPUS:
        raise ModelError(
            "Opus is not enabled on this server (TRUSTGATE_ENABLE_OPUS); choose Sonnet or Haiku.",
            kind=ModelErrorKind.BAD_REQUEST,
        )
    provider = provider or judge_provider()
    if provider == "anthropic":
        return AnthropicClient(settings.TRUSTGATE_ANTHROPIC_MODELS[model])
    if provider == "bedrock":
        return BedrockClient(settings.TRUSTGATE_BEDROCK_JUDGE_MODELS[model])
    if provider == "openai":
        if not settings.TRUSTGATE_OPENAI_JUDGE_URL or not settings.TRUSTGATE_OPENAI_JUDGE_MODEL:
            raise ModelError(
                "The OpenAI-compatible judge needs TRUSTGATE_OPENAI_JUDGE_URL and TRUSTGATE_OPENAI_JUDGE_MODEL.",
                kind=ModelErrorKind.BAD_REQUEST,
            )
        # A self-hosted endpoint serves one model whatever the choice; the choice is still recorded.
        return OpenAICompatibleClient(
            settings.TRUSTGATE_OPENAI_JUDGE_MODEL,
            base_url=settings.TRUSTGATE_OPENAI_JUDGE_URL,
            api_key=settings.TRUSTGATE_OPENAI_JUDGE_API_KEY,
        )
    if provider == "rules_only":
        raise ModelError(
            "No model is configured (rules only): set ANTHROPIC_API_KEY or TRUSTGATE_JUDGE_PROVIDER.",
            kind=ModelErrorKind.BAD_REQUEST,
        )
    raise ModelError(f"Unknown model provider {provider!r}.", kind=ModelErrorKind.BAD_REQUEST)
