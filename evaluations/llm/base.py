"""What every model client shares: the ``ModelClient`` interface, its reply and error types, and the
per-event-loop cache of the network clients behind them."""

from __future__ import annotations

import abc
import asyncio
import dataclasses
import enum
import weakref
from typing import Any

from django.conf import settings

from evaluations.outbound import sdk
from evaluations.outbound.masking import redact

__all__ = [
    "ModelClient",
    "ModelError",
    "ModelErrorKind",
    "ModelReply",
    "ToolSpec",
    "close_clients",
    "loop_cache",
    "max_retries",
    "reset_clients",
    "timeout",
]


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


def _scrub(text: str) -> str:
    """Mask every credential a provider might echo back (``redact`` always masks the provider keys)."""
    return redact(text)


def timeout() -> float:
    return float(settings.TRUSTGATE_MODEL_TIMEOUT)


def max_retries() -> int:
    return max(0, int(settings.TRUSTGATE_MODEL_MAX_RETRIES))


# Per-event-loop client cache ----------------------------------------------------------------------------------
# Async HTTP clients hold connections bound to the event loop that opened them; reusing one from another loop
# fails with "Event loop is closed". A worker runs one loop per run, so "one client per process" in practice
# means one per running loop: the entry disappears with its loop.

_loop_clients: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary()
)


def loop_cache() -> dict[tuple[Any, ...], Any]:
    """The running loop's clients, by whatever key their maker chose."""
    loop = asyncio.get_running_loop()
    cache = _loop_clients.get(loop)
    if cache is None:
        cache = _loop_clients[loop] = {}
    return cache


def reset_clients() -> None:
    """Forget every cached client (tests that change the settings call this)."""
    _loop_clients.clear()
    sdk.reset_clients()


async def close_clients() -> None:
    """Close the async clients opened on the running loop (call when a run's loop is about to end)."""
    cache = _loop_clients.pop(asyncio.get_running_loop(), {})
    for client in cache.values():
        close = getattr(client, "aclose", None) or client.close  # httpx: aclose(); AsyncAnthropic: close()
        await close()
