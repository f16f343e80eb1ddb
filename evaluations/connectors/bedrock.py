"""Claude on AWS Bedrock through boto3 ``bedrock-runtime`` Converse (docs/agents.md).

No endpoint guard here: the endpoint is AWS's (or the operator's ``AWS_ENDPOINT_URL_BEDROCK_RUNTIME``), never
user input. boto3 is blocking, so each call runs in a worker thread; the client comes from the one SDK factory
(evaluations/outbound/sdk.py) and its errors are read by the one Bedrock error map beside it.
"""

from __future__ import annotations

import asyncio
import json
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
from evaluations.outbound.bedrock_errors import FaultKind, bedrock_fault
from evaluations.outbound.bedrock_reply import NoMessageContent, converse_reply
from evaluations.outbound.sdk import bedrock_client
from evaluations.outbound.sdk import reset_clients as reset_client

__all__ = ["REPLY_PATH", "get_client", "reset_client", "send_bedrock_message"]

REPLY_PATH = "output.message.content[0].text"
MAX_TOKENS = 2048
_RETRY_LATER = " Trustgate will retry later."  # the executor retries 429 and 503


def get_client(timeout_seconds: float = 30.0) -> Any:
    """The client agents are driven through: one attempt (the executor retries, not boto3), and a read
    timeout slightly above the agent's, so the caller gives up first and the thread left behind ends soon."""
    return bedrock_client(read_timeout=timeout_seconds + 1, max_attempts=1)


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
    fault = bedrock_fault(exc, timeout=config.timeout_seconds)
    if fault is None:
        raise exc
    if fault.kind == FaultKind.TIMEOUT:
        return AgentError(fault.message, kind=ErrorKind.TIMEOUT)
    if fault.status is not None:
        return AgentError(
            fault.explain(_RETRY_LATER if fault.status in (429, 503) else ""),
            kind=ErrorKind.HTTP_STATUS,
            status_code=fault.status,
            raw_preview=fault.detail[:2000],
        )
    if fault.kind in (FaultKind.NO_CREDENTIALS, FaultKind.SETUP):
        return AgentError(fault.message, kind=ErrorKind.CONFIG)
    return AgentError(fault.message, kind=ErrorKind.CONNECTION)


def _parse(response: dict[str, Any]) -> tuple[str, tuple[ToolCall, ...]]:
    try:
        reply = converse_reply(response)
    except NoMessageContent as exc:
        raise AgentError(str(exc), kind=ErrorKind.MALFORMED) from None
    calls = tuple(
        ToolCall(name=name, arguments=arguments if isinstance(arguments, dict) else {"_raw": json.dumps(arguments)})
        for name, arguments in reply.tool_uses
    )
    return reply.text, calls


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
