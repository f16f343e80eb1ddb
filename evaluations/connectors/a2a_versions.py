"""The two A2A protocol versions the A2A connector speaks (docs/agents.md, A2A).

0.3 names its JSON-RPC methods ``message/send`` and ``message/stream`` and tags every object with a ``kind``. 1.x
names them ``SendMessage`` and ``SendStreamingMessage``, wants an ``A2A-Version`` header, sends roles as
``ROLE_USER``, answers with one member per kind (``task``, ``message``, ``statusUpdate``, ``artifactUpdate``) and
spells states ``TASK_STATE_COMPLETED``. Replies of either version are read in the 0.3 shape (``as_legacy``).
"""

from __future__ import annotations

import re
from typing import Any

LEGACY = "0.3"
CURRENT = "1.0"
VERSION = "a2a_version"  # Conversation.protocol_state key: the version this conversation speaks
SWITCHED = "a2a_switched"  # set once the other version was tried after "method not found"
METHOD_NOT_FOUND = -32601
VERSION_HEADER = "A2A-Version"
_METHODS = {False: ("message/send", "message/stream"), True: ("SendMessage", "SendStreamingMessage")}
_VERSION_SHAPE = re.compile(r"\d{1,3}(\.\d{1,3}){0,2}")  # what a card may declare; it is sent back as a header
_KINDS = {"task": "task", "message": "message", "statusUpdate": "status-update", "artifactUpdate": "artifact-update"}


def is_v1(version: str) -> bool:
    """Whether ``version`` (``1.0``, ``1.2``, ``0.3`` ...) is 1.x or later."""
    major = version.strip().split(".", 1)[0]
    return major.isdigit() and int(major) >= 1


def method(version: str, *, stream: bool) -> str:
    return _METHODS[is_v1(version)][1 if stream else 0]


def other(version: str) -> str:
    return LEGACY if is_v1(version) else CURRENT


def card_version(card: dict[str, Any], endpoint: str) -> str:
    """The version to speak, from an agent card: the newest JSON-RPC interface it declares (the one at ``endpoint``
    when it lists it), else the card's own ``protocolVersion``; 0.3 when it says nothing."""
    found: list[tuple[bool, str]] = []
    for interface in card.get("supportedInterfaces") or []:
        if not isinstance(interface, dict) or str(interface.get("protocolBinding", "JSONRPC")).upper() != "JSONRPC":
            continue
        version = str(interface.get("protocolVersion") or "")
        if _VERSION_SHAPE.fullmatch(version):
            found.append((str(interface.get("url") or "").rstrip("/") == endpoint.strip().rstrip("/"), version))
    if found:
        at_endpoint = [v for same, v in found if same] or [v for _same, v in found]
        return max(at_endpoint, key=lambda v: (is_v1(v), v))
    declared = card.get("protocolVersion")
    return declared if isinstance(declared, str) and _VERSION_SHAPE.fullmatch(declared) else LEGACY


def message_for(version: str, sent: dict[str, Any]) -> dict[str, Any]:
    """The user's message (built in the 0.3 shape) as ``version`` spells it."""
    if not is_v1(version):
        return sent
    message = {k: v for k, v in sent.items() if k != "kind"}
    message["role"] = "ROLE_USER"
    message["parts"] = [{k: v for k, v in part.items() if k != "kind"} for part in sent.get("parts", [])]
    return message


def as_legacy(result: dict[str, Any]) -> dict[str, Any]:
    """A JSON-RPC result in the 0.3 shape: a 1.x result's one member unwrapped and given its ``kind``, its task
    states spelt as 0.3 does (``TASK_STATE_INPUT_REQUIRED`` -> ``input-required``). A 0.3 result is returned as is."""
    if "kind" in result or len(result) != 1:
        return result
    (member, value), *_ = result.items()
    if member not in _KINDS or not isinstance(value, dict):
        return result
    unwrapped = {**value, "kind": _KINDS[member]}
    status = unwrapped.get("status")
    if isinstance(status, dict) and isinstance(status.get("state"), str):
        unwrapped["status"] = {**status, "state": legacy_state(status["state"])}
    return unwrapped


def legacy_state(state: str) -> str:
    if state.startswith("TASK_STATE_"):
        return state.removeprefix("TASK_STATE_").lower().replace("_", "-")
    return state
