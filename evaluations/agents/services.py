"""Writes about agents, and the free one-message Test request."""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from billing.audit import AuditAction, audit_record
from evalsite import ratelimit
from evaluations.agents.models import Agent, Protocol
from evaluations.connectors import send_message_sync
from evaluations.connectors.a2a import read_agent_card
from evaluations.connectors.base import AgentError, AgentReply, Conversation, ErrorKind
from evaluations.core.bridge import run_sync
from evaluations.outbound.masking import mask_key, redact, redact_json

if TYPE_CHECKING:
    from billing.models import Account

AGENT_FIELDS = (
    "name protocol endpoint_url knowledge request_template reply_path tool_calls_path conversation_id_from "
    "conversation_id_path conversation_id_name stateful auth_header_name extra_headers timeout_seconds "
    "model_name bedrock_model judge_model judge_strictness allowed_contacts send_history secret_markers stream "
    "stream_event stream_done silence_ms session_start_url session_start_body session_id_path session_end_url "
    "session_end_body first_message first_message_ack key_in_header"
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
def agent_delete(*, agent: Agent, user: Any = None) -> None:
    """Delete the agent and its baselines. Past runs are kept: each holds a frozen copy of the agent's settings.
    The audit log keeps who deleted it (``user``; None: the system)."""
    who = user.get_username() if getattr(user, "is_authenticated", False) else "the system"
    audit_record(
        account_id=agent.account_id, actor=user, action=AuditAction.AGENT_DELETE, target=f"agent “{agent.name}”",
        summary=f"{who} deleted the agent “{agent.name}” (#{agent.pk}) and its baselines; its past runs are kept.",
    )  # fmt: skip
    agent.delete()


def agent_archive(*, agent: Agent) -> Agent:
    """Hide the agent from lists and the launch form; its runs, baselines and settings stay."""
    if agent.archived_at is None:
        agent.archived_at = timezone.now()
        agent.save(update_fields=["archived_at", "updated_at"])
    return agent


def agent_restore(*, agent: Agent) -> Agent:
    if agent.archived_at is not None:
        agent.archived_at = None
        agent.save(update_fields=["archived_at", "updated_at"])
    return agent


def agent_card_get(*, agent: Agent, api_key: str) -> tuple[dict[str, Any] | None, str]:
    """An A2A agent's card, read at Test request to show its name and skills: (the card, "") or (None, why not).
    Other protocols: (None, "")."""
    if agent.protocol != Protocol.A2A:
        return None, ""
    try:
        card = run_sync(read_agent_card(agent.to_config(), api_key=api_key))
    except AgentError as exc:
        return None, redact(exc.message, api_key)
    return redact_json(card, api_key), ""


class RateLimited(Exception):
    def __init__(self, retry_in: int) -> None:
        super().__init__(f"You have sent 10 test requests in the last minute; try again in {retry_in} s.")
        self.retry_in = retry_in


def test_request_rate_check(*, user_id: int, limit: int | None = None, window: int = 60) -> None:
    """Allow ``limit`` test requests per user in any ``window`` seconds; raise RateLimited past that. The slots are
    shared by every web process (evalsite/ratelimit.py)."""
    limit = settings.TRUSTGATE_TEST_REQUESTS_PER_MINUTE if limit is None else limit
    try:
        ratelimit.slot_claim(name=f"test-request:{user_id}", limit=limit, window=window)
    except ratelimit.RateLimited as exc:
        raise RateLimited(exc.retry_in) from None


class TestRequestBusy(Exception):
    """Test request refused at once because earlier ones still wait on their agents; ``str()`` says what to do."""


def agent_test_request(*, agent: Agent, message: str, api_key: str, user_id: int) -> AgentReply:
    """Send one message with the agent's exact (possibly unsaved) settings. Saves nothing.

    The caller checks ``test_request_rate_check`` first, before it validates the form (a validation that costs
    CPU must not run for requests past the limit). Raises AgentError with a readable, key-masked message when no
    reply could be had; a Bedrock agent is refused.
    The reply comes back with the key masked in every field (text, tool calls, conversation id, raw preview).

    A web thread waits here, so a slow agent must not hold it (docs/agents.md): the whole exchange has a deadline
    (``TRUSTGATE_TEST_REQUEST_TIMEOUT``, far under the web server's worker timeout) and only a few wait at once
    (see ``_waiting_slot``); past that ``TestRequestBusy`` is raised before anything is sent.
    """
    if agent.is_bedrock:
        raise AgentError(
            "Test request is not offered for Claude on Bedrock; start a run instead.", kind=ErrorKind.CONFIG
        )
    deadline = settings.TRUSTGATE_TEST_REQUEST_TIMEOUT
    config = agent.to_config()
    if config.timeout_seconds > deadline:
        config = dataclasses.replace(config, timeout_seconds=float(deadline))
    with _waiting_slot(user_id=user_id, deadline=deadline):
        try:
            reply = send_message_sync(config, Conversation(), message, api_key=api_key, deadline=deadline)
        except TimeoutError:
            raise AgentError(
                f"No whole reply within {deadline} s, the longest Test request waits (a run waits the agent's "
                f"own timeout, {agent.timeout_seconds} s). Check that the agent answers quickly, or start a run.",
                kind=ErrorKind.TIMEOUT,
            ) from None
    return redact_json(reply, api_key)


_process_waiting = 0  # Test requests of this process now waiting on an agent
_process_lock = threading.Lock()


@contextlib.contextmanager
def _waiting_slot(*, user_id: int, deadline: int) -> Iterator[None]:
    """Hold one of the few places a Test request may wait in, or raise ``TestRequestBusy`` at once.

    One per user in all web processes (a slot of the shared limiter, freed on exit and by its expiry if a process
    dies), and at most ``TRUSTGATE_TEST_REQUESTS_WAITING`` per process, so the other threads of every web process
    stay free for pages whatever the agents do.
    """
    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(
                ratelimit.slot_held(name=f"test-request-waiting:{user_id}", limit=1, timeout=deadline + 5)
            )
        except ratelimit.RateLimited:
            raise TestRequestBusy(
                f"Your previous test request is still waiting for its agent (at most {deadline} s); "
                "try again when it has answered."
            ) from None
        stack.enter_context(_process_place())
        yield


@contextlib.contextmanager
def _process_place() -> Iterator[None]:
    global _process_waiting
    with _process_lock:
        full = _process_waiting >= settings.TRUSTGATE_TEST_REQUESTS_WAITING
        if not full:
            _process_waiting += 1
    if full:
        raise TestRequestBusy(
            "Other test requests on this server are still waiting for their agents; try again in a few seconds."
        )
    try:
        yield
    finally:
        with _process_lock:
            _process_waiting -= 1
