"""The one rate limiter, shared by every room: ``limit`` slots per name in the shared "limits" cache, each claimed
with ``cache.add`` and freed by its own expiry, so the window slides (the Test request limit, docs/agents.md; failed
API keys per address, docs/configuration.md)."""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Iterator

from django.core.cache import caches


class RateLimited(Exception):
    """Every slot is taken; ``retry_in`` is the whole seconds until the oldest frees itself."""

    def __init__(self, retry_in: int) -> None:
        super().__init__(f"Try again in {retry_in} s.")
        self.retry_in = retry_in


def _keys(name: str, limit: int) -> list[str]:
    return [f"trustgate:{name}:{slot}" for slot in range(limit)]


def slot_claim(*, name: str, limit: int, window: int = 60) -> None:
    """Claim one of ``limit`` slots of ``name`` for ``window`` seconds; raise RateLimited when all are taken.

    On the shared database cache ``cache.add`` is an INSERT keyed by the table's primary key, so of two web
    processes adding the same slot only one wins, and the limit holds however many processes there are.
    """
    cache = caches["limits"]
    now = time.time()
    for key in _keys(name, limit):
        # The database cache keeps expiry times in whole seconds: one more holds a slot for the full window.
        if cache.add(key, now, timeout=window + 1):
            return
    raise RateLimited(_wait(name, limit, window, now) or 1)  # a slot expired while the others were tried: 1 s


@contextlib.contextmanager
def slot_held(*, name: str, limit: int, timeout: int) -> Iterator[None]:
    """Hold one of ``limit`` slots of ``name`` while the block runs, or raise RateLimited at once when all are held.
    The slot is freed on exit, or by its expiry after ``timeout`` seconds if the process died holding it."""
    cache = caches["limits"]
    for key in _keys(name, limit):
        if cache.add(key, time.time(), timeout=timeout):
            try:
                yield
            finally:
                cache.delete(key)
            return
    raise RateLimited(timeout)


def slot_wait(*, name: str, limit: int, window: int = 60) -> int:
    """Whole seconds until ``name`` has a free slot; 0 when it has one now. Claims nothing (one cache read)."""
    return _wait(name, limit, window, time.time())


def _wait(name: str, limit: int, window: int, now: float) -> int:
    stamps = list(caches["limits"].get_many(_keys(name, limit)).values())
    if not stamps or len(stamps) < limit:
        return 0
    return max(1, math.ceil(window + 1 - (now - min(stamps))))
