"""One concurrency budget per model provider, shared by every run a worker process executes.

A budget starts from the run's parallel setting and grows while calls succeed and the provider's rate-limit
headers leave room; a refusal (429 / 529 / throttling) halves it and holds new calls until the provider's
``retry-after`` (or reset time) has passed. Once the headers say how many requests (or tokens) a minute are
allowed, calls are paced just under that rate and the pace, not the count, is what holds them back, so after
the first back-off at a limit the provider refuses nothing more. Calls at once never exceed
``TRUSTGATE_JUDGE_MAX_CONCURRENCY``; when that cap, not the provider, holds calls back, the budget counts them
(``cap_waits``) and says so once in the log, so the operator knows to raise it.

Budgets are plain state behind a thread lock (a worker runs each run on its own event loop in its own thread);
a waiting call sleeps in short steps on its own loop rather than holding a loop-bound primitive.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import math
import threading
import time
from collections.abc import Mapping

from django.conf import settings

from evaluations.outbound.waits import parse_retry_after

__all__ = ["ProviderBudget", "RateInfo", "budget_for", "rate_info", "reset_budgets"]

logger = logging.getLogger(__name__)

_POLL = 0.02  # seconds between looks at a full budget
_PACE_MARGIN = 0.98  # pace a known limit this far under it: clocks and queues are never exact
_MAX_HOLD = 60.0  # a retry-after longer than this is cut to it
_CALM = 5.0  # seconds without a refusal before a paced budget lets every call of the cap run at once


@dataclasses.dataclass(frozen=True)
class RateInfo:
    """What a provider said about its limits in one reply (any field may be unknown)."""

    requests_limit: int | None = None  # requests a minute
    requests_remaining: int | None = None
    tokens_limit: int | None = None  # input tokens a minute
    tokens_remaining: int | None = None
    reset_in: float | None = None  # seconds until the request budget is full again
    retry_after: float | None = None  # seconds the provider asked us to wait


def _int(value: str | None) -> int | None:
    try:
        return int(float(value)) if value not in (None, "") else None
    except ValueError:
        return None


def rate_info(headers: Mapping[str, str] | None) -> RateInfo | None:
    """Read Anthropic (``anthropic-ratelimit-*``), OpenAI-compatible (``x-ratelimit-*``) and ``retry-after``."""
    if not headers:
        return None
    lower = {str(k).lower(): str(v) for k, v in headers.items()}
    info = RateInfo(
        requests_limit=_int(lower.get("anthropic-ratelimit-requests-limit") or lower.get("x-ratelimit-limit-requests")),
        requests_remaining=_int(
            lower.get("anthropic-ratelimit-requests-remaining") or lower.get("x-ratelimit-remaining-requests")
        ),
        tokens_limit=_int(
            lower.get("anthropic-ratelimit-input-tokens-limit")
            or lower.get("anthropic-ratelimit-tokens-limit")
            or lower.get("x-ratelimit-limit-tokens")
        ),
        tokens_remaining=_int(
            lower.get("anthropic-ratelimit-input-tokens-remaining")
            or lower.get("anthropic-ratelimit-tokens-remaining")
            or lower.get("x-ratelimit-remaining-tokens")
        ),
        reset_in=parse_retry_after(
            lower.get("anthropic-ratelimit-requests-reset") or lower.get("x-ratelimit-reset-requests")
        ),
        retry_after=parse_retry_after(lower.get("retry-after")),
    )
    return None if info == RateInfo() else info


def _cap() -> int:
    return max(1, int(settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY))


class ProviderBudget:
    """How many calls to one provider may be in flight, and when the next may start."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self.limit = 1.0  # calls at once (fractional while growing)
        self.in_flight = 0
        self.rpm: float | None = None  # the pace, once a limit is known
        self._next_start = 0.0  # monotonic time of the next free start at the pace
        self._hold_until = 0.0  # no call starts before this (the provider's retry-after)
        self._spare = 0  # requests the provider said remain, not yet used: they need not wait for the pace
        self._last_refusal = -math.inf
        self._tokens_per_call = 0.0  # running mean of input tokens, to turn a token limit into a pace
        self.refusals = 0  # 429 / 529 / throttling answers seen
        self.calls = 0
        self.cap_waits = 0  # calls the provider's pace would have let start that waited for the cap instead

    def start_at(self, parallel: int) -> None:
        """A run begins: let at least its parallel setting run at once (never above the cap)."""
        with self._lock:
            self.limit = max(self.limit, float(min(_cap(), max(1, parallel))))

    async def acquire(self) -> int:
        """Wait for room; returns the call's number (hand it back to ``succeeded``).

        Once a pace is known each waiter books its own start time (first come, first booked) and sleeps until
        then, so hundreds of queued calls cost one wake-up each, not a poll each. Requests the provider said
        remain (and no later call has used) start at once, outside the pace."""
        slot: float | None = None
        counted = False  # this call is in ``cap_waits`` already
        while True:
            with self._lock:
                now = time.monotonic()
                if slot is not None and slot < self._hold_until:
                    slot = None  # the provider asked for a pause after this booking: book again after it
                if slot is not None and self.rpm and now - slot > 60.0 / self.rpm:
                    slot = None  # waited past its turn for a free call: booked anew, so no backlog starts at once
                if slot is None and self.rpm and now >= self._hold_until:
                    if self._spare > 0:
                        self._spare -= 1
                        slot = now
                    else:
                        slot = max(now, self._next_start)
                        self._next_start = slot + 60.0 / self.rpm
                ready_at = max(self._hold_until, slot if slot is not None else now)
                if now >= ready_at and self.in_flight < min(int(self.limit), _cap()):
                    self.in_flight += 1
                    self.calls += 1
                    return self.calls
                first_capped = False
                if not counted and self.rpm and now >= ready_at and self.in_flight >= _cap():
                    counted = True
                    self.cap_waits += 1
                    first_capped = self.cap_waits == 1
                wait = ready_at - now if ready_at > now else _POLL
            if first_capped:
                # The provider would take this call now: the operator's cap, not the provider, holds it back.
                logger.warning(
                    "Model calls to %s wait for TRUSTGATE_JUDGE_MAX_CONCURRENCY (%s at once) while the provider "
                    "allows %.0f requests a minute; raise it to about rate x call time x 1.25 (docs/deployment.md).",
                    self.name,
                    _cap(),
                    self.rpm / _PACE_MARGIN if self.rpm else 0,
                )
            await asyncio.sleep(wait)

    def release(self) -> None:
        with self._lock:
            self.in_flight = max(0, self.in_flight - 1)

    def succeeded(self, info: RateInfo | None, *, input_tokens: int = 0, call: int = 0) -> None:
        with self._lock:
            if info is not None and info.requests_remaining is not None and call:
                # What remained when the provider took call ``call``, less the calls started since (one kept back).
                self._spare = max(0, info.requests_remaining - (self.calls - call) - 1)
            if input_tokens:
                self._tokens_per_call = (self._tokens_per_call * 0.9 + input_tokens * 0.1) or float(input_tokens)
            self._learn(info)
            if self.rpm and time.monotonic() - self._last_refusal > _CALM:
                # The pace keeps the rate under the provider's limit; calls at once need not hold it back too
                # (unless the provider refused lately: an overloaded provider gets the additive increase below).
                self.limit = float(_cap())
                return
            room = info is None or info.requests_remaining is None or info.requests_remaining > self.in_flight
            if room and (info is None or info.tokens_remaining is None or info.tokens_remaining > 0):
                # Additive increase: about one more call at once per round of calls that all succeeded.
                self.limit = min(float(_cap()), self.limit + 1.0 / max(1.0, math.floor(self.limit) / 4))

    def refused(self, info: RateInfo | None) -> float:
        """The provider refused a call (rate limit or overload): halve, hold, and say how long to wait."""
        with self._lock:
            self.refusals += 1
            self._spare = 0
            self._last_refusal = time.monotonic()
            self._learn(info)
            self.limit = max(1.0, math.floor(self.limit / 2))
            hold = None
            if info is not None:
                hold = info.retry_after if info.retry_after is not None else info.reset_in
            if hold is not None:
                self._hold_until = max(self._hold_until, time.monotonic() + min(hold, _MAX_HOLD))
                self._next_start = max(self._next_start, self._hold_until)
            return min(hold, _MAX_HOLD) if hold is not None else 0.0

    def _learn(self, info: RateInfo | None) -> None:
        if info is None:
            return
        paces = []
        if info.requests_limit:
            paces.append(info.requests_limit * _PACE_MARGIN)
        if info.tokens_limit and self._tokens_per_call > 0:
            paces.append(info.tokens_limit / self._tokens_per_call * _PACE_MARGIN)
        if paces:
            self.rpm = min(paces)


_budgets: dict[str, ProviderBudget] = {}
_budgets_lock = threading.Lock()


def budget_for(name: str) -> ProviderBudget:
    """The process's budget for one provider endpoint (``anthropic:<base url>``, ``bedrock:<region>``, ...)."""
    with _budgets_lock:
        budget = _budgets.get(name)
        if budget is None:
            budget = _budgets[name] = ProviderBudget(name)
        return budget


def reset_budgets() -> None:
    """Forget every budget (tests that change providers call this through ``reset_clients``)."""
    with _budgets_lock:
        _budgets.clear()
