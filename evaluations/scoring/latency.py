"""Reply latency of a run, per run and per scenario (docs/runs.md, Latency): p50 / p95 of every reply's total time
and of streamed replies' time to first token. Pure: no database. Latency is reported and may gate CI
(``max_p95_latency_ms``), but never enters the trust score."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any


def percentile(values: Sequence[int], share: float) -> int | None:
    """The nearest-rank percentile (``share`` 0.5 for p50): a value that was measured, never an interpolation."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def reply_timings(attempt: Any) -> list[dict[str, Any]]:
    """The attempt's per-reply timings; an attempt written before they were kept counts its mean as one reply."""
    timings = getattr(attempt, "reply_timings", None)
    if timings:
        return [t for t in timings if isinstance(t, dict) and isinstance(t.get("ms"), int)]
    latency = getattr(attempt, "latency_ms", None)
    return [{"ms": latency, "ttft_ms": None, "chunks": 0}] if latency is not None else []


def latency_summary(attempts: Iterable[Any]) -> dict[str, Any]:
    """``replies``, ``p50_ms``, ``p95_ms``, ``streamed`` (replies with a time to first token), ``ttft_p50_ms`` and
    ``ttft_p95_ms`` over the replies of ``attempts`` (None where there is nothing to measure)."""
    totals: list[int] = []
    firsts: list[int] = []
    for attempt in attempts:
        for timing in reply_timings(attempt):
            totals.append(timing["ms"])
            if isinstance(timing.get("ttft_ms"), int):
                firsts.append(timing["ttft_ms"])
    return {
        "replies": len(totals),
        "p50_ms": percentile(totals, 0.5),
        "p95_ms": percentile(totals, 0.95),
        "streamed": len(firsts),
        "ttft_p50_ms": percentile(firsts, 0.5),
        "ttft_p95_ms": percentile(firsts, 0.95),
    }
