"""Writes about agents, and the free one-message Test request."""

from __future__ import annotations

import contextlib
import dataclasses
import math
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import caches
from django.db import transaction
from django.utils import timezone

from billing.audit import AuditAction, audit_record
from evaluations.agents.models import Agent
from evaluations.connectors import send_message_sync
from evaluations.connectors.base import AgentError, AgentReply, Conversation, ErrorKind
from evaluations.outbound.masking import mask_key, redact_json

if TYPE_CHECKING:
    from billing.models import Account

AGENT_FIELDS = (
    "name protocol endpoint_url knowledge request_template reply_path tool_calls_path conversation_id_from "
    "conversation_id_path conversation_id_name stateful auth_header_name extra_headers timeout_seconds "
    "model_name bedrock_model judge_model judge_strictness allowed_contacts send_history secret_markers"
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


class RateLimited(Exception):
    def __init__(self, retry_in: int) -> None:
        super().__init__(f"You have sent 10 test requests in the last minute; try again in {retry_in} s.")
        self.retry_in = retry_in


def test_request_rate_check(*, user_id: int, limit: int | None = None, window: int = 60) -> None:
    """Allow ``limit`` test requests per user in any ``window`` seconds; raise RateLimited past that.

    A request claims one of ``limit`` slots with ``cache.add``. On the shared database cache that is an INSERT
    keyed by the table's primary key, so of two web processes adding the same slot only one wins, and the limit
    holds however many processes serve the user. A slot frees itself when it expires, so the window slides.
    """
    limit = settings.TRUSTGATE_TEST_REQUESTS_PER_MINUTE if limit is None else limit
    cache = caches["limits"]
    now = time.time()
    keys = [f"trustgate:test-request:{user_id}:{slot}" for slot in range(limit)]
    for key in keys:
        # The database cache keeps expiry times in whole seconds: one more holds a slot for the full window.
        if cache.add(key, now, timeout=window + 1):
            return
    stamps = list(cache.get_many(keys).values())
    if len(stamps) < limit:  # a slot expired while the others were tried: the next request gets it
        raise RateLimited(1)
    raise RateLimited(max(1, math.ceil(window + 1 - (now - min(stamps)))))


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

    One per user in all web processes (a ``cache.add`` on the shared cache, freed on exit and by its expiry if a
    process dies), and at most ``TRUSTGATE_TEST_REQUESTS_WAITING`` per process, so the other threads of every web
    process stay free for pages whatever the agents do.
    """
    global _process_waiting
    cache = caches["limits"]
    user_key = f"trustgate:test-request-waiting:{user_id}"
    if not cache.add(user_key, 1, timeout=deadline + 5):
        raise TestRequestBusy(
            f"Your previous test request is still waiting for its agent (at most {deadline} s); "
            "try again when it has answered."
        )
    try:
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
    finally:
        cache.delete(user_key)
