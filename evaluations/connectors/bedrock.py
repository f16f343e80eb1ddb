"""Claude on AWS Bedrock through boto3 ``bedrock-runtime`` Converse (SPEC §1).

No SSRF guard here: the endpoint is AWS's (or ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME``), never user input.
boto3 is blocking, so each call runs in a worker thread; the client is built once per process (building one
takes hundreds of milliseconds) and rebuilt only when the AWS environment it was built from changes.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
import uuid
from typing import Any

from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    ToolCall,
    Turn,
)

REPLY_PATH = "output.message.content[0].text"
MAX_TOKENS = 2048
_ENV_KEYS = (
    "AWS_ENDPOINT_URL_BEDROCK_RUNTIME",
    "AWS_ENDPOINT_URL",
    "AWS_DEFAULT_REGION",
    "AWS_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_PROFILE",
)

_client_lock = threading.Lock()
_clients: dict[tuple[Any, ...], Any] = {}  # by (AWS environment, timeouts, retries, pool)

# Bedrock error codes → (HTTP-like status, what the user can do). 429/503 are retried by the executor.
_ERRORS: dict[str, tuple[int, str]] = {
    "ThrottlingException": (429, "Bedrock is throttling requests for this model; Trustgate will retry later."),
    "ServiceQuotaExceededException": (
        400,
        "The Bedrock quota for this model is used up; raise it in AWS Service Quotas.",
    ),
    "ModelNotReadyException": (503, "The Bedrock model is not ready yet; Trustgate will retry later."),
    "ServiceUnavailableException": (503, "Bedrock is unavailable right now; Trustgate will retry later."),
    "AccessDeniedException": (
        403,
        "AWS denied access to the model: enable it in the Bedrock console for this region and check that "
        "the credentials allow bedrock:InvokeModel.",
    ),
    "UnrecognizedClientException": (403, "AWS did not accept the credentials; check the AWS access key."),
    "ResourceNotFoundException": (404, "Bedrock does not know this model id in this region."),
    "ValidationException": (400, "Bedrock rejected the request; check the model id."),
    "ModelErrorException": (500, "The Bedrock model failed while answering."),
    "InternalServerException": (500, "Bedrock had an internal error."),
}


def reset_client() -> None:
    """Forget the cached clients (tests that change the AWS environment call this)."""
    with _client_lock:
        _clients.clear()


def runtime_client(*, read_timeout: float, max_attempts: int, pool: int = 50) -> Any:
    """The shared ``bedrock-runtime`` client for these settings, built on first use (boto3 clients are
    thread-safe, and building one takes hundreds of milliseconds). Agents and the judge both use it; a change
    of the AWS environment builds new ones."""
    key = (tuple(os.environ.get(name) for name in _ENV_KEYS), read_timeout, max_attempts, pool)
    with _client_lock:
        client = _clients.get(key)
        if client is None:
            import boto3  # lazily: importing boto3 costs time at Django start
            from botocore.config import Config

            if _clients and next(iter(_clients))[0] != key[0]:
                _clients.clear()  # an older environment's clients are no longer wanted
            client = boto3.client(
                "bedrock-runtime",
                config=Config(
                    retries={"total_max_attempts": max_attempts, "mode": "standard"},
                    connect_timeout=min(10.0, read_timeout),
                    read_timeout=read_timeout,
                    max_pool_connections=pool,
                ),
            )
            _clients[key] = client
        return client


def get_client(timeout_seconds: float = 30.0) -> Any:
    """The client agents are driven through: one attempt (the executor retries, not boto3), and a read
    timeout slightly above the agent's, so the caller gives up first and the thread left behind ends soon."""
    return runtime_client(read_timeout=timeout_seconds + 1, max_attempts=1)


def _messages(conversation: Conversation, message: str) -> list[dict[str, Any]]:
    turns = [*conversation.turns, Turn(role="user", content=message)]
    # Converse refuses blank text blocks (an earlier reply may have been only a tool call).
    return [{"role": turn.role, "content": [{"text": turn.content or "(no text)"}]} for turn in turns]


def _converse(config: AgentConfig, conversation: Conversation, message: str) -> dict[str, Any]:
    request: dict[str, Any] = {
        "modelId": config.model_name,
        "messages": _messages(conversation, message),
        "inferenceConfig": {"maxTokens": MAX_TOKENS},
    }
    if config.system_prompt:
        request["system"] = [{"text": config.system_prompt}]
    response: dict[str, Any] = get_client(config.timeout_seconds).converse(**request)
    return response


def _error(exc: Exception, config: AgentConfig) -> AgentError:
    from botocore import exceptions as boto_errors

    if isinstance(exc, boto_errors.ClientError):
        error = exc.response.get("Error", {})
        code = str(error.get("Code", ""))
        detail = str(error.get("Message", "")).strip()
        status = int(exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
        if code == "ModelTimeoutException":
            return AgentError("The Bedrock model took too long to answer.", kind=ErrorKind.TIMEOUT)
        status, advice = _ERRORS.get(code, (status or 500, f"Bedrock answered with an error ({code or status})."))
        text = f"{advice} AWS said: {detail}" if detail else advice
        return AgentError(text, kind=ErrorKind.HTTP_STATUS, status_code=status, raw_preview=detail[:2000])
    if isinstance(exc, boto_errors.NoCredentialsError | boto_errors.PartialCredentialsError):
        return AgentError(
            "No AWS credentials were found for Bedrock; set them in the server environment.",
            kind=ErrorKind.CONFIG,
        )
    if isinstance(exc, boto_errors.NoRegionError):
        return AgentError("No AWS region is set for Bedrock; set AWS_DEFAULT_REGION.", kind=ErrorKind.CONFIG)
    if isinstance(exc, boto_errors.ParamValidationError):
        return AgentError(f"The Bedrock request is not valid: {exc}", kind=ErrorKind.CONFIG)
    if isinstance(exc, boto_errors.ReadTimeoutError | boto_errors.ConnectTimeoutError):
        return AgentError(f"Bedrock did not answer within {config.timeout_seconds:g} s.", kind=ErrorKind.TIMEOUT)
    if isinstance(exc, boto_errors.EndpointConnectionError | boto_errors.ConnectionClosedError):
        return AgentError(f"Could not connect to Bedrock: {exc}", kind=ErrorKind.CONNECTION)
    if isinstance(exc, boto_errors.BotoCoreError):
        return AgentError(f"The Bedrock call failed: {exc}", kind=ErrorKind.CONNECTION)
    raise exc


def _parse(response: dict[str, Any]) -> tuple[str, tuple[ToolCall, ...]]:
    content = response.get("output", {}).get("message", {}).get("content", [])
    if not isinstance(content, list):
        raise AgentError("Bedrock sent a reply without message content.", kind=ErrorKind.MALFORMED)
    texts: list[str] = []
    calls: list[ToolCall] = []
    for block in content:
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("text"), str):
            texts.append(block["text"])
        tool_use = block.get("toolUse")
        if isinstance(tool_use, dict):
            arguments = tool_use.get("input")
            calls.append(
                ToolCall(
                    name=str(tool_use.get("name", "")),
                    arguments=arguments if isinstance(arguments, dict) else {"_raw": json.dumps(arguments)},
                )
            )
    return "".join(texts), tuple(calls)


async def send_bedrock_message(config: AgentConfig, conversation: Conversation, message: str) -> AgentReply:
    if not config.model_name:
        raise AgentError("No Bedrock model is chosen for this agent.", kind=ErrorKind.CONFIG)
    if config.conversation_id_source == ConversationIdSource.GENERATED and conversation.conversation_id is None:
        conversation.conversation_id = uuid.uuid4().hex
    started = time.perf_counter()
    try:
        response = await asyncio.wait_for(
            asyncio.to_thread(_converse, config, conversation, message), timeout=config.timeout_seconds
        )
    except TimeoutError:
        raise AgentError(
            f"Bedrock did not answer within {config.timeout_seconds:g} s (the agent's timeout setting).",
            kind=ErrorKind.TIMEOUT,
        ) from None
    except AgentError:
        raise
    except Exception as exc:  # boto3's exception classes only exist once boto3 is imported
        raise _error(exc, config) from None
    latency_ms = round((time.perf_counter() - started) * 1000)
    text, tool_calls = _parse(response)
    shown = {k: v for k, v in response.items() if k != "ResponseMetadata"}
    conversation.turns.append(Turn(role="user", content=message))
    conversation.turns.append(Turn(role="assistant", content=text))
    return AgentReply(
        text=text,
        tool_calls=tool_calls,
        conversation_id=conversation.conversation_id,
        raw_preview=json.dumps(shown, ensure_ascii=False, default=str)[:2000],
        latency_ms=latency_ms,
        reply_path=REPLY_PATH,
        status_code=200,
    )
