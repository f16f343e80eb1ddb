"""The gate's statistics: a one-sided Fisher exact test and a Clopper–Pearson upper bound.

scipy is imported lazily inside the two helpers (it costs ~1.4 s to import), and their results are cached per
table, so a report or a simulation pays for each table once.
"""

from __future__ import annotations

from functools import lru_cache

ALPHA = 0.05
# scipy's one-sided Fisher p for 3/3 → 0/3 is 0.05000000000000001 (exactly 1/20 in rationals): compare with a
# relative tolerance so a table that is exactly at the level counts as significant, as docs/gate.md says (p ≤ 0.05).
_P_TOLERANCE = 1e-9
CONFIDENCE = 0.95


def is_significant(p_value: float | None, alpha: float = ALPHA) -> bool:
    return p_value is not None and p_value <= alpha * (1 + _P_TOLERANCE)


@lru_cache(maxsize=200_000)
def fisher_worse(base_passed: int, base_failed: int, cur_passed: int, cur_failed: int) -> float:
    """One-sided Fisher exact p that the current run passes less often than the baseline.

    Table rows are the runs, columns passed/failed; ``alternative="greater"`` tests that the baseline's odds of
    passing exceed the current run's. scipy imported here, not at module import.
    """
    from scipy.stats import fisher_exact

    result = fisher_exact([[base_passed, base_failed], [cur_passed, cur_failed]], alternative="greater")
    return min(1.0, float(result.pvalue))


@lru_cache(maxsize=20_000)
def upper_bound(passed: int, scored: int, confidence: float = CONFIDENCE) -> float | None:
    """One-sided Clopper–Pearson upper confidence bound of a pass rate, as a fraction; None without data."""
    if scored <= 0:
        return None
    if passed >= scored:
        return 1.0
    from scipy.stats import beta

    return float(beta.ppf(confidence, passed + 1, scored - passed))
