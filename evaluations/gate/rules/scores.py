"""The statistic of the paired rules: a score per scenario, summed, with its exact law under "nothing changed".

Given a scenario's totals in both runs, the count that fell in the baseline (passes; for breaches, the current
run's breaches) is hypergeometric, whatever the scenario's true rate. Any score of that count, summed over the
scenarios, has an exact null law — the convolution of the scenarios' laws — so the choice of score changes the
power, never the level. The score is chosen for the two ways agents regress:

* **flipped** — a scenario that passed every attempt now fails (some or all): its count sits at the top of what
  its totals allow. Against "some scenarios moved to the top", the likelihood ratio of a stratum is
  ``1 − π + π / P(top)`` (π: the share of scenarios that flipped), so a 3/3 → 0/3 scenario scores log(1 + π · 19)
  and a 3/3 → 2/3 one, ten times likelier by chance, log(1 + π);
* **spread** — every scenario a little worse: the count standardised by its null law (Stouffer's weighting of the
  conditional Cochran–Mantel–Haenszel test), weighted ``SPREAD_WEIGHT``.

Measured on ``bench/gate_simulation.py``'s model (docs/gate.md, *How the gate decides*), each alone at 5 %: the sum of
the baseline's passes (Cochran–Mantel–Haenszel, the previous statistic) caught 67 % of the −20-point flips at 3
runs and 83 % of the −20 spread drops at 5 runs; this score 93 % and 88 %.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

FLIP_SHARE = 0.3
SPREAD_WEIGHT = 0.5
# Scores are rounded to 1/8: the null law is then an integer convolution (exact for the rounded score, which is the
# statistic actually tested). 1/16 measured the same power on the bench at up to four times the cost.
SCORE_UNIT = 8
# A scenario seen flaky in the endpoint's earlier runs (some attempts passed, some failed) weighs this much in the
# pass rules: its swings are likelier noise than change. Those runs are not the pair tested, so the weight is fixed
# before the pair's counts are drawn and the null law stays exact. Chosen on bench/gate_simulation.py (docs/gate.md).
SEEN_FLAKY_WEIGHT = 0.25

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Table = tuple[int, int, int]  # (total attempts, good ones among them, attempts drawn for the side counted)
Scores = tuple[int, ...]  # a stratum's integer score of every count 0..draws
ScoreLaw = tuple[int, Floats]  # the score before the lowest, and P(S ≥ s) from there on (``tail_at``)


@lru_cache(maxsize=8192)
def hypergeom_pmf(total: int, good: int, draws: int) -> tuple[float, ...]:
    """P(X = x), x = 0..draws: ``draws`` attempts taken without replacement from ``total``, ``good`` of them good."""
    denominator = math.comb(total, draws)
    return tuple(math.comb(good, x) * math.comb(total - good, draws - x) / denominator for x in range(draws + 1))


@lru_cache(maxsize=8192)
def stratum_scores(total: int, good: int, draws: int) -> tuple[int, ...]:
    """The integer score of every count x = 0..draws (0 outside what the totals allow, and for a point mass)."""
    pmf = hypergeom_pmf(total, good, draws)
    support = [x for x, p in enumerate(pmf) if p > 0]
    if len(support) < 2:
        return (0,) * (draws + 1)
    top = support[-1]
    mean = sum(x * pmf[x] for x in support)
    sd = math.sqrt(sum((x - mean) ** 2 * pmf[x] for x in support))
    out = [0] * (draws + 1)
    for x in support:
        flipped = math.log(1 - FLIP_SHARE + FLIP_SHARE / pmf[x]) if x == top else math.log(1 - FLIP_SHARE)
        out[x] = round(SCORE_UNIT * (flipped + SPREAD_WEIGHT * (x - mean) / sd))
    return tuple(out)


def seen_flaky_scores(table: Table) -> Scores:
    """The score of a scenario seen flaky in earlier runs: the default one, weighed ``SEEN_FLAKY_WEIGHT``."""
    return tuple(round(SEEN_FLAKY_WEIGHT * x) for x in stratum_scores(*table))


def _scores(table: Table, known: Scores) -> Scores:
    """A stratum's score of every count: ``known`` when given, else ``stratum_scores``; 0 for a point mass."""
    total, good, draws = table
    if good in (0, total):
        return (0,) * (draws + 1)
    return known or stratum_scores(total, good, draws)


@lru_cache(maxsize=8192)
def _lookup(table: Table, known: Scores) -> Ints:
    """``_scores`` as an array, for looking up the score of many counts at once."""
    lookup = np.array(_scores(table, known), dtype=np.int64)
    lookup.flags.writeable = False  # shared by every caller of the cache
    return lookup


@lru_cache(maxsize=8192)
def _stratum_law(table: Table, known: Scores) -> tuple[int, Floats]:
    """A stratum's law of its score: the lowest score, and P(score = low + k) for k = 0, 1, …"""
    pmf = hypergeom_pmf(*table)
    scores = _scores(table, known)
    support = [x for x, p in enumerate(pmf) if p > 0]
    low = min(scores[x] for x in support)
    own = np.zeros(max(scores[x] for x in support) - low + 1)
    for x in support:
        own[scores[x] - low] += pmf[x]
    own.flags.writeable = False  # shared by every caller of the cache
    return low, own


@lru_cache(maxsize=65536)
def _cached_score_tail(entries: tuple[tuple[Table, Scores], ...]) -> ScoreLaw:
    """The summed score's law as ``tail_at`` reads it: the score just under the lowest, and P(S ≥ s) from there."""
    law = np.ones(1)
    offset = 0
    for table, known in entries:
        total, good, _ = table
        if good in (0, total):
            continue  # a point mass: its score is 0 whatever happens
        low, own = _stratum_law(table, known)
        offset += low
        law = np.convolve(law, own)
    tail = np.clip(np.cumsum(law[::-1])[::-1], 0.0, 1.0)
    # Looked up at s − offset + 1, clipped to the ends: 1 at or under the lowest score (P(S ≥ lowest) is 1, exactly),
    # P(S ≥ s) in between, 0 past the highest.
    lookup = np.concatenate(([1.0, 1.0], tail[1:], [0.0]))
    lookup.flags.writeable = False  # shared by every caller of the cache
    return offset - 1, lookup


def score_law(tables: Sequence[Table], known: Sequence[Scores] = ()) -> ScoreLaw:
    """The null law of the summed score of ``tables``, for ``tail_at``. ``known``: per table, scores to use instead
    of the default (empty: the default) — the bench's ceiling, a test told the true change."""
    # A point mass (every attempt passed, or none did) scores 0 whatever happens: it adds nothing to the law, and
    # leaving it out of the cache's key lets pairs that differ only in such scenarios share their law.
    entries = zip(tables, known or [()] * len(tables), strict=True)
    return _cached_score_tail(tuple(sorted(e for e in entries if 0 < e[0][1] < e[0][0])))


def tail_at(law: ScoreLaw, scores: Ints | int) -> Floats:
    """P(S ≥ s) under ``law`` for each summed score ``s`` (an int or an array of them)."""
    before, lookup = law
    return lookup.take(np.asarray(scores, dtype=np.int64) - before, mode="clip")


def score_tail(tables: Sequence[Table], scores: Ints | int, known: Sequence[Scores] = ()) -> Floats:
    """P(S ≥ s) under the null for each summed score ``s`` (an int or an array of them). ``known``: per table, scores
    to use instead of the default (empty: the default) — the bench's ceiling, a test told the true change."""
    return tail_at(score_law(tables, known), scores)


def summed_scores(tables: Sequence[Table], counts: Ints, known: Sequence[Scores] = ()) -> Ints:
    """Each row's summed score: ``counts`` has one column per table (the count of each draw)."""
    total = np.zeros(counts.shape[0], dtype=np.int64)
    for j, table in enumerate(tables):
        if table[1] in (0, table[0]):
            continue  # a point mass scores 0 whatever the count (``_scores``)
        total += _lookup(table, known[j] if known else ())[counts[:, j]]
    return total
