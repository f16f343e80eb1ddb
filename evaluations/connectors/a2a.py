"""Agent2Agent (A2A) over its JSON-RPC 2.0 binding (docs/agents.md, A2A): ``message/send`` (or ``message/stream``
when the agent streams) with the user's text part; the reply is the text parts of the task's artifacts (else of
its status message) or of the message answered; data parts that hold tool calls are read as tool calls.

Multi-turn: the ``contextId`` the agent gave is sent back with each message; a task that ends ``input-required``
(or ``auth-required``) is a turn like any other, and the next message goes to that task (its ``taskId``).

Versions (``a2a_versions``): a conversation speaks the version the agent card declares (1.x: ``SendMessage`` /
``SendStreamingMessage``); a "method not found" answer switches it to the other naming once.
"""

from __future__ import annotations

import asyncio
import json
import uuid
import weakref
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings

from evaluations.connectors import a2a_versions as versions
from evaluations.connectors.base import AgentConfig, AgentError, Conversation, ErrorKind, ToolCall
from evaluations.connectors.reply import parse_tool_calls
from evaluations.outbound.client import Client, OutboundError, get
from evaluations.outbound.guard import EndpointBlocked
from evaluations.outbound.text import excerpt

TEXT_PATH = "result (artifacts, status message) text parts"
CALLS_PATH = "result data parts: tool_calls"
PENDING_TASK = "a2a_task"  # Conversation.protocol_state key: the task waiting for the user's input
WAITING_STATES = ("input-required", "auth-required")
FAILED_STATES = ("failed", "rejected", "canceled")


def a2a_body(config: AgentConfig, conversation: Conversation, message: str) -> bytes:
    sent: dict[str, Any] = {
        "kind": "message", "role": "user", "messageId": uuid.uuid4().hex, "parts": [{"kind": "text", "text": message}],
    }  # fmt: skip
    if conversation.conversation_id:
        sent["contextId"] = conversation.conversation_id
    if task := conversation.protocol_state.get(PENDING_TASK):
        sent["taskId"] = task
    version = conversation.protocol_state.get(versions.VERSION, versions.LEGACY)
    params = {"message": versions.message_for(version, sent)}
    method = versions.method(version, stream=bool(config.stream))
    payload = {"jsonrpc": "2.0", "id": uuid.uuid4().hex, "method": method, "params": params}
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


class MethodNotFound(AgentError):
    """The agent answered JSON-RPC -32601: it speaks the other version's method names (or not A2A at all)."""


# The version each run's agent card declared, by the run's connection pool (one per run, shared by its conversations)
# and the card's URL: the card is read once per run, not before every conversation. A pool's entries go with it.
_card_versions: weakref.WeakKeyDictionary[Client, dict[str, asyncio.Future[str]]] = weakref.WeakKeyDictionary()


async def a2a_choose_version(
    config: AgentConfig, conversation: Conversation, api_key: str, client: Client | None = None
) -> None:
    """Before a conversation's first message: the version its agent card declares (0.3 when the card cannot be
    read: a wrong guess costs one "method not found" answer, see ``a2a_switch_version``). With ``client`` (a run's or
    a monitor run's pool) the card is read once for all the conversations on it, those started together included."""
    if versions.VERSION in conversation.protocol_state:
        return
    if client is None:
        version = await _card_version(config, api_key)
    else:
        known = _card_versions.setdefault(client, {})
        url = card_url(config)
        reading = known.get(url)
        if reading is None or (reading.done() and (reading.cancelled() or reading.exception() is not None)):
            reading = known[url] = asyncio.ensure_future(_card_version(config, api_key))
        version = await asyncio.shield(reading)  # a conversation cancelled while it waits leaves the read to others
    conversation.protocol_state = {**conversation.protocol_state, versions.VERSION: version}


async def _card_version(config: AgentConfig, api_key: str) -> str:
    try:
        card = await read_agent_card(config, api_key=api_key, timeout=min(config.timeout_seconds, 10.0))
    except AgentError:
        return versions.LEGACY
    return str(card["protocol_version"])


def a2a_switch_version(conversation: Conversation) -> bool:
    """After "method not found": speak the other version for the rest of the conversation. False when it was
    tried already (the agent knows neither naming)."""
    state = conversation.protocol_state
    if versions.SWITCHED in state:
        return False
    switched = versions.other(state.get(versions.VERSION, versions.LEGACY))
    conversation.protocol_state = {**state, versions.VERSION: switched, versions.SWITCHED: "1"}
    return True


def parts_content(parts: Any) -> tuple[str, tuple[ToolCall, ...]]:
    """The text of the text parts, and the tool calls in data parts (``{"tool_calls": [...]}`` or one call)."""
    texts: list[str] = []
    calls: list[ToolCall] = []
    for part in parts if isinstance(parts, list) else []:
        if not isinstance(part, dict):
            continue
        if isinstance(part.get("text"), str) and part.get("kind", "text") == "text":
            texts.append(part["text"])
        data = part.get("data")
        if isinstance(data, dict) and isinstance(data.get("tool_calls"), list):
            calls.extend(parse_tool_calls(data["tool_calls"]))
        elif isinstance(data, dict) and isinstance(data.get("name"), str) and "arguments" in data:
            calls.extend(parse_tool_calls([data]))
    return "".join(texts), tuple(calls)


def _rpc_result(data: Any, preview: str = "", status: int | None = None) -> dict[str, Any]:
    if not isinstance(data, dict) or not ("result" in data or "error" in data):
        raise AgentError(
            "The reply is not a JSON-RPC response (no result or error): check that the endpoint is the agent's A2A "
            "JSON-RPC URL (the agent card's url).",
            kind=ErrorKind.PATH_MISSING, status_code=status, raw_preview=preview,
        )  # fmt: skip
    if data.get("error") is not None:
        error = data["error"] if isinstance(data["error"], dict) else {"message": data["error"]}
        failed = MethodNotFound if error.get("code") == versions.METHOD_NOT_FOUND else AgentError
        raise failed(
            f"The A2A agent answered JSON-RPC error {error.get('code', '')}: {excerpt(error.get('message', ''), 300)}",
            kind=ErrorKind.HTTP_STATUS, status_code=status, raw_preview=preview,
        )  # fmt: skip
    result = data["result"]
    if not isinstance(result, dict):
        raise AgentError("The A2A result is not a task or a message.", kind=ErrorKind.MALFORMED, raw_preview=preview)
    return versions.as_legacy(result)


def a2a_rpc_error(body: str, preview: str, status: int) -> None:
    """Raise the JSON-RPC error a whole JSON body holds (an A2A agent answering a streamed request with one); a body
    that is not one is left to the caller's checks."""
    try:
        data = json.loads(body)
    except ValueError:
        return
    if isinstance(data, dict) and data.get("error") is not None:
        _rpc_result(data, preview, status)


def _state_of(result: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    status = result.get("status") if isinstance(result.get("status"), dict) else {}
    assert isinstance(status, dict)
    return str(status.get("state") or ""), status


def _check_state(state: str, status: dict[str, Any]) -> None:
    if state in FAILED_STATES:
        message = status.get("message") if isinstance(status.get("message"), dict) else {}
        said, _calls = parts_content((message or {}).get("parts"))
        raise AgentError(f"The A2A task ended {state}: {excerpt(said or 'no message', 300)}", kind=ErrorKind.MALFORMED)


def a2a_extract(data: Any, preview: str, status: int) -> tuple[str, tuple[ToolCall, ...], str, str]:
    """(the reply text, tool calls, where the text was found, where the calls were found or "")."""
    result = _rpc_result(data, preview, status)
    if result.get("kind") == "message":
        said, in_message = parts_content(result.get("parts"))
        return said, in_message, "result.parts", CALLS_PATH if in_message else ""
    state, task_status = _state_of(result)
    _check_state(state, task_status)
    texts: list[str] = []
    calls: list[ToolCall] = []
    for artifact in result.get("artifacts") or []:
        if isinstance(artifact, dict):
            text, found = parts_content(artifact.get("parts"))
            texts.append(text)
            calls.extend(found)
    text = "".join(texts)
    if not text and isinstance(task_status.get("message"), dict):
        text, found = parts_content(task_status["message"].get("parts"))
        calls.extend(found)
    return text, tuple(calls), TEXT_PATH, CALLS_PATH if calls else ""


def a2a_session(data: Any) -> tuple[str | None, str | None]:
    """(the contextId, the id of a task now waiting for the user's input or None) of a whole reply."""
    result = data.get("result") if isinstance(data, dict) else None
    if not isinstance(result, dict):
        return None, None
    result = versions.as_legacy(result)
    context = result.get("contextId") if isinstance(result.get("contextId"), str) else None
    state, _status = _state_of(result)
    task = result.get("id") if result.get("kind") == "task" else result.get("taskId")
    return context, task if state in WAITING_STATES and isinstance(task, str) else None


CARD_PATH = "/.well-known/agent-card.json"


def card_url(config: AgentConfig) -> str:
    """The agent card's URL: the well-known path at the endpoint's origin."""
    parts = urlsplit(config.endpoint_url.strip())
    return urlunsplit((parts.scheme, parts.netloc, CARD_PATH, "", ""))


async def read_agent_card(config: AgentConfig, *, api_key: str = "", timeout: float = 5.0) -> dict[str, Any]:
    """The agent card at the endpoint's origin (``/.well-known/agent-card.json``), through the guarded client:
    ``name``, ``description``, ``skills`` (each ``name`` and ``description``) and the ``protocol_version`` to speak.
    Raises ``AgentError``."""
    url = card_url(config)
    headers = {"Accept": "application/json", "User-Agent": "Trustgate/1.0 (agent evaluation)"}
    if api_key and config.auth_header_name:
        headers[config.auth_header_name] = config.auth_value_prefix + api_key
    try:
        reply = await get(url, headers=headers, timeout=timeout, max_bytes=int(settings.TRUSTGATE_MAX_REPLY_BYTES))
    except (EndpointBlocked, OutboundError) as exc:
        raise AgentError(f"The agent card at {url} could not be read ({exc}).", kind=ErrorKind.CONNECTION) from None
    try:
        card = json.loads(reply.body) if reply.status == 200 and not reply.truncated else None
    except ValueError:
        card = None
    if not isinstance(card, dict):
        raise AgentError(f"No agent card at {url} (HTTP {reply.status}).", kind=ErrorKind.PATH_MISSING)
    skills = [s for s in card.get("skills") or [] if isinstance(s, dict)]
    return {
        "name": str(card.get("name") or ""),
        "description": str(card.get("description") or ""),
        "skills": [{"name": str(s.get("name") or s.get("id") or ""), "description": str(s.get("description") or "")}
                   for s in skills[:20]],
        "protocol_version": versions.card_version(card, config.endpoint_url),
    }  # fmt: skip


class A2AEvents:
    """A ``message/stream`` reply: each SSE event a JSON-RPC response whose result is a task, a message, an
    artifact update or a status update; the reply ends at a ``final`` status update or a message."""

    def __init__(self) -> None:
        self.context_id: str | None = None
        self.pending_task: str | None = None
        self.calls: list[ToolCall] = []

    def event(self, data: Any) -> tuple[str, bool, bool]:
        """(a text piece, whether tool calls arrived, whether the reply is complete)."""
        result = _rpc_result(data)
        if isinstance(result.get("contextId"), str):
            self.context_id = result["contextId"]
        kind = result.get("kind")
        if kind == "message":
            text, calls = parts_content(result.get("parts"))
            self.calls.extend(calls)
            return text, bool(calls), True
        if kind == "artifact-update":
            artifact = result.get("artifact") if isinstance(result.get("artifact"), dict) else {}
            text, calls = parts_content((artifact or {}).get("parts"))
            self.calls.extend(calls)
            return text, bool(calls), False
        state, status = _state_of(result)
        _check_state(state, status)
        text = ""
        if kind == "status-update" and state in WAITING_STATES and isinstance(status.get("message"), dict):
            text, _calls = parts_content(status["message"].get("parts"))
            self.pending_task = result.get("taskId") if isinstance(result.get("taskId"), str) else None
        if kind == "task" and state in WAITING_STATES:
            self.pending_task = result.get("id") if isinstance(result.get("id"), str) else None
            if isinstance(status.get("message"), dict):
                text, _calls = parts_content(status["message"].get("parts"))
            return text, False, True
        # A task that waits for the user (or is done) has yielded control, whether or not the agent sets final.
        return text, False, bool(result.get("final")) or state in (*WAITING_STATES, "completed")
