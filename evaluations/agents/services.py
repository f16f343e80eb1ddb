"""Writes about agents, and the free one-message Test request."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from evaluations.agents.models import Agent
from evaluations.connectors import send_message_sync
from evaluations.connectors.base import AgentError, AgentReply, Conversation, ErrorKind
from evaluations.outbound.masking import mask_key, redact_json

if TYPE_CHECKING:
    from billing.models import Account

AGENT_FIELDS = (
    "name protocol endpoint_url knowledge request_template reply_path tool_calls_path conversation_id_from "
    "conversation_id_path conversation_id_name stateful auth_header_name extra_headers timeout_seconds "
    "model_name bedrock_model judge_model judge_strictness allowed_contacts"
).split()


def _apply(agent: Agent, data: dict[str, Any], api_key: str) -> None:
    for field in AGENT_FIELDS:
        if field in data:
            setattr(agent, field, data[field])
    if api_key:
        # Only the masked form is ever kept; the key itself is entered again for every run.
        agent.api_key_masked = mask_key(api_key)


@transaction.atomic
def agent_create(*, account: Account, data: dict[str, Any], api_key: str = "") -> Agent:
    agent = Agent(account=account)
    _apply(agent, data, api_key)
    agent.full_clean()
    agent.save()
    return agent


@transaction.atomic
def agent_update(*, agent: Agent, data: dict[str, Any], api_key: str = "") -> Agent:
    _apply(agent, data, api_key)
    agent.full_clean()
    agent.save()
    return agent


@transaction.atomic
def agent_delete(*, agent: Agent) -> None:
    agent.delete()


class RateLimited(Exception):
    def __init__(self, retry_in: int) -> None:
        super().__init__(f"You have sent 10 test requests in the last minute; try again in {retry_in} s.")
        self.retry_in = retry_in


def test_request_rate_check(*, user_id: int, limit: int, window: float = 60.0) -> None:
    """Allow ``limit`` test requests per user in a sliding window; raise RateLimited past that."""
    key = f"trustgate:test-request:{user_id}"
    now = time.time()
    stamps = [t for t in cache.get(key, []) if now - t < window]
    if len(stamps) >= limit:
        retry_in = max(1, int(window - (now - stamps[0])) + 1)
        raise RateLimited(retry_in)
    stamps.append(now)
    cache.set(key, stamps, int(window) + 5)


def agent_test_request(*, user_id: int, agent: Agent, message: str, api_key: str) -> AgentReply:
    """Send one message with the agent's exact (possibly unsaved) settings. Saves nothing.

    Raises RateLimited past ``TRUSTGATE_TEST_REQUESTS_PER_MINUTE`` for the user, and AgentError with a readable,
    key-masked message when no reply could be had. A Bedrock agent is refused before it counts against the limit.
    The reply comes back with the key masked in every field (text, tool calls, conversation id, raw preview).
    """
    if agent.is_bedrock:
        raise AgentError(
            "Test request is not offered for Claude on Bedrock; start a run instead.", kind=ErrorKind.CONFIG
        )
    test_request_rate_check(user_id=user_id, limit=settings.TRUSTGATE_TEST_REQUESTS_PER_MINUTE)
    reply = send_message_sync(agent.to_config(), Conversation(), message, api_key=api_key)
    return redact_json(reply, api_key)
