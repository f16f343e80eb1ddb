"""Confidence intervals of a rate: a leaf any room may use (the red-team report's attack success rates,
docs/redteam.md, Attack success rate per category)."""

from __future__ import annotations

from statistics import NormalDist

CONFIDENCE = 0.95


def wilson_interval(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Two-sided Wilson score interval of ``successes`` in ``trials``, as fractions; None without trials."""
    if trials <= 0:
        return None
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2)
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * ((rate * (1 - rate) / trials + z * z / (4 * trials * trials)) ** 0.5) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
