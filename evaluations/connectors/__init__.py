"""The eight agent protocols behind one call, ``send_message`` (docs/agents.md): HTTP/JSON, webhook,
OpenAI-compatible, the OpenAI Responses API, WebSocket, A2A, simple chat and Bedrock Converse, whole or streamed; ``send_with_retry`` adds the bounded retries runs and monitors use. A leaf: no
models, no views; HTTP goes through evaluations.outbound."""

from __future__ import annotations

import asyncio
import dataclasses
import random

from evaluations.connectors.base import (
    AgentConfig,
    AgentError,
    AgentReply,
    Conversation,
    ConversationIdSource,
    ErrorKind,
    Protocol,
    ToolCall,
    Turn,
)
from evaluations.connectors.bedrock import reset_client as reset_bedrock_client
from evaluations.connectors.bedrock import send_bedrock_message
from evaluations.connectors.http import parse_retry_after, send_http_message, session_end
from evaluations.connectors.websocket import close_socket, send_ws_message
from evaluations.core.bridge import run_sync
from evaluations.outbound.client import Client, make_client

__all__ = [
    "AgentConfig",
    "AgentError",
    "AgentReply",
    "Conversation",
    "ConversationIdSource",
    "ErrorKind",
    "Protocol",
    "ToolCall",
    "Turn",
    "close_conversation",
    "make_client",
    "parse_retry_after",
    "reset_bedrock_client",
    "send_message",
    "send_message_sync",
    "send_with_retry",
]

MAX_RETRIES = 3  # for 429 / 503
MAX_RETRY_WAIT = 30.0  # seconds; a longer Retry-After is cut to this
BASE_BACKOFF = 1.0


async def send_message(
    config: AgentConfig,
    conversation: Conversation,
    message: str,
    *,
    api_key: str = "",
    client: Client | None = None,
) -> AgentReply:
    """Send ``message`` after the turns in ``conversation`` and return the agent's reply.

    On success ``conversation`` gains the user and assistant turns and the agent's conversation id / cookies;
    on failure it is left unchanged (a generated id may have been set) and ``AgentError`` is raised.
    Never retries. ``client`` should come from ``make_client()``; one is made per call when omitted.
    """
    if config.protocol == Protocol.BEDROCK:
        return await send_bedrock_message(config, conversation, message)
    if config.protocol == Protocol.WEBSOCKET:
        return await send_ws_message(config, conversation, message, api_key=api_key, client=client)
    return await send_http_message(config, conversation, message, api_key=api_key, client=client)


async def close_conversation(
    conversation: Conversation, config: AgentConfig | None = None, *, api_key: str = "", client: Client | None = None
) -> None:
    """End the conversation: the agent's session end request (when it has one and a session was started), then
    close what it keeps open (a WebSocket agent's socket). Never raises for the agent's faults."""
    if config is not None:
        await session_end(config, conversation, api_key, client)
    await close_socket(conversation)


async def send_with_retry(
    config: AgentConfig, conversation: Conversation, message: str, *, api_key: str, client: Client | None
) -> tuple[AgentReply, int]:
    """``send_message`` for runs and monitors: 429 and 503 are retried with bounded backoff that honours
    Retry-After (a WebSocket agent's retry goes on the conversation's socket while it is open). Returns the reply,
    which counts the retries, and its latency in milliseconds; raises the last ``AgentError``."""
    for attempt in range(MAX_RETRIES + 1):
        try:
            reply = await send_message(config, conversation, message, api_key=api_key, client=client)
            return (dataclasses.replace(reply, retries=attempt) if attempt else reply), reply.latency_ms
        except AgentError as error:
            if not error.is_retryable or attempt == MAX_RETRIES:
                raise
            wait = error.retry_after if error.retry_after is not None else BASE_BACKOFF * 2**attempt
            await asyncio.sleep(min(max(wait, 0.0), MAX_RETRY_WAIT) + random.uniform(0, 0.1))
    raise AssertionError("unreachable")


def send_message_sync(
    config: AgentConfig, conversation: Conversation, message: str, *, api_key: str = "", deadline: float | None = None
) -> AgentReply:
    """``send_message`` for synchronous code (the Test request view), through the one async bridge. With
    ``deadline`` the whole exchange (connect, every byte, parsing) ends by then: ``TimeoutError`` is raised."""

    async def once() -> AgentReply:
        try:
            return await send_message(config, conversation, message, api_key=api_key)
        finally:
            await close_conversation(conversation, config, api_key=api_key)

    sending = once()
    return run_sync(sending if deadline is None else asyncio.wait_for(sending, deadline))
