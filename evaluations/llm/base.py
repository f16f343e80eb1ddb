"""What every model client shares: the ``ModelClient`` interface, its reply and error types, and the
per-event-loop cache of the network clients behind them."""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import random
import weakref
from collections.abc import Callable
from typing import Any

from django.conf import settings

from evaluations.llm.ratelimit import RateInfo, budget_for, reset_budgets
from evaluations.outbound import sdk
from evaluations.outbound.masking import redact

__all__ = [
    "CallWatch",
    "ModelClient",
    "ModelError",
    "ModelErrorKind",
    "ModelReply",
    "ToolSpec",
    "close_clients",
    "join_prefix",
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
    STOPPED = "stopped"  # no call was made: the caller stopped first (``CallWatch``)


class ModelError(Exception):
    """A model call failed. ``message`` is a sentence a user can act on; it never contains credentials."""

    def __init__(self, message: str, *, kind: ModelErrorKind | str, rate: RateInfo | None = None) -> None:
        message = _scrub(message)
        super().__init__(message)
        self.message = message
        self.kind = ModelErrorKind(kind)
        self.rate = rate  # what the provider said about its limits, when it refused


@dataclasses.dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    input_schema: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class ModelReply:
    text: str
    tool_calls: tuple[tuple[str, dict[str, Any]], ...]  # (name, input) in the order the model made them
    input_tokens: int  # uncached input (the providers' own meaning: cache reads and writes are apart)
    output_tokens: int
    model_id: str
    cached_input_tokens: int = 0  # input read from the provider's prompt cache
    cache_write_tokens: int = 0  # input written to the prompt cache (billed a little above plain input)
    rate: RateInfo | None = None  # what the provider said about its limits

    @property
    def all_input_tokens(self) -> int:
        return self.input_tokens + self.cached_input_tokens + self.cache_write_tokens


class CallWatch:
    """One completion's provider calls, watched by a caller that may stop them (the judge pool's early stop,
    docs/scoring.md#the-judge). ``complete`` asks ``may_call`` right before every call, the first and each retry
    (after waiting for a slot in the budget and after a back-off), so once the caller has stopped no further call
    starts; it counts the calls it made and reports each failure to ``on_failure`` as it comes back."""

    def __init__(
        self,
        *,
        may_call: Callable[[], bool] = lambda: True,
        on_failure: Callable[[ModelError], None] = lambda error: None,
    ) -> None:
        self.may_call = may_call
        self.on_failure = on_failure
        self.calls = 0  # provider calls started (retries included)
        self.in_call = False  # a call is in flight (or was, when the completion was cancelled during it)
        self.stopped = False  # ``may_call`` said no: the completion raised ModelErrorKind.STOPPED
        self.last_error: ModelError | None = None


# Refusals and faults worth another try; the rest (auth, bad request, a malformed reply) would fail the same way.
_RETRY_KINDS = frozenset(
    {
        ModelErrorKind.TIMEOUT,
        ModelErrorKind.CONNECTION,
        ModelErrorKind.RATE_LIMITED,
        ModelErrorKind.OVERLOADED,
        ModelErrorKind.SERVER_ERROR,
    }
)
_REFUSALS = frozenset({ModelErrorKind.RATE_LIMITED, ModelErrorKind.OVERLOADED})
_MAX_BACKOFF = 8.0


class ModelClient:
    """A chat model behind one provider. Instances are cheap; the network clients behind them are shared.

    ``complete`` is the one entry point: it waits for room in the provider's budget (shared by every run of
    the process), sends with ``_send``, and retries refusals and faults up to TRUSTGATE_MODEL_MAX_RETRIES
    times, honouring the provider's ``retry-after``. Providers implement ``_send`` and ``budget_key``.
    """

    provider: str = ""

    def __init__(self, model_id: str) -> None:
        self.model_id = model_id

    def budget_key(self) -> str:
        """Which provider budget this client's calls count against (one per provider endpoint)."""
        return self.provider or type(self).__name__

    async def complete(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None = None,
        max_tokens: int = 1024,
        temperature: float = 0.0,
        prefix: str = "",
        watch: CallWatch | None = None,
    ) -> ModelReply:
        """One completion. ``messages`` are ``{"role": "user"|"assistant", "content": <text>}``.

        ``prefix`` is stable text (a policy, a rubric) that goes before the first message's content and is
        marked cacheable together with the system prompt, so a provider with prompt caching reads it from its
        cache when the next call repeats it byte for byte. With ``tool`` the model is forced to call it where
        the provider supports forcing. ``watch`` sees each call and may stop the next one (``CallWatch``).
        Raises ModelError.
        """
        budget = budget_for(self.budget_key())
        request = {
            "system": system,
            "messages": messages,
            "tool": tool,
            "max_tokens": max_tokens,
            "temperature": temperature,
            "prefix": prefix,
        }
        attempt = 0
        while True:
            call = await budget.acquire()
            if watch is not None:
                if not watch.may_call():  # stopped while this call waited for a slot or a back-off
                    budget.release()
                    watch.stopped = True
                    raise ModelError("No call was made: the caller stopped first.", kind=ModelErrorKind.STOPPED)
                watch.calls += 1
                watch.in_call = True
            try:
                reply = await self._send_once(request)
            except ModelError as error:
                hold = budget.refused(error.rate) if error.kind in _REFUSALS else 0.0
                if watch is not None:
                    watch.in_call = False
                    watch.last_error = error
                    watch.on_failure(error)
                if error.kind not in _RETRY_KINDS or attempt >= max_retries():
                    raise
                if watch is not None and not watch.may_call():
                    raise  # this failure stopped the caller: no back-off for a retry that will not be made
            else:
                if watch is not None:
                    watch.in_call = False
                budget.succeeded(reply.rate, input_tokens=reply.all_input_tokens, call=call)
                return reply
            finally:
                budget.release()  # ``in_call`` stays set when cancelled mid-call: the call was made, unanswered
            # A hold set by the provider is kept by ``acquire``; otherwise back off, with jitter.
            if not hold:
                await asyncio.sleep(min(_MAX_BACKOFF, 0.5 * 2**attempt) * random.uniform(0.8, 1.2))
            attempt += 1

    async def _send_once(self, request: dict[str, Any]) -> ModelReply:
        await self._ready()
        # The SDKs keep their own timeouts; this outer bound only catches one that hangs past them.
        try:
            return await asyncio.wait_for(self._send(**request), timeout=timeout() * 2 + 5)
        except TimeoutError:
            raise ModelError(
                f"The model did not answer within {timeout() * 2 + 5:g} s.", kind=ModelErrorKind.TIMEOUT
            ) from None

    async def _ready(self) -> None:
        """Whatever must happen once before the first request (an SDK import), outside the request's time limit."""
        return None

    async def _send(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None,
        max_tokens: int,
        temperature: float,
        prefix: str,
    ) -> ModelReply:
        """One request to the provider, no retries. Raises ModelError (with ``rate`` when the provider said)."""
        raise NotImplementedError


def join_prefix(prefix: str, content: str) -> str:
    """The first message's text for a provider without cache markers: the prefix, then the per-call text."""
    return f"{prefix}\n\n{content}" if prefix else content


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
    reset_budgets()


async def close_clients() -> None:
    """Close the async clients opened on the running loop (call when a run's loop is about to end)."""
    cache = _loop_clients.pop(asyncio.get_running_loop(), {})
    for client in cache.values():
        close = getattr(client, "aclose", None) or client.close  # httpx: aclose(); AsyncAnthropic: close()
        await close()
