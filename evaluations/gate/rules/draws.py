"""The draws of the paired gate's conditional null (``paired.PairedGate``): given every scenario's totals in both runs,
the baseline's passes of each scenario that can move, enumerated exactly when there are few enough possible splits,
otherwise drawn at random from a generator seeded from the counts (docs/gate.md, *How the gate decides*)."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from evaluations.gate.rules.scores import hypergeom_pmf

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]


@dataclasses.dataclass(frozen=True)
class NullDraws:
    """The draws of one pair's conditional null, kept only where they move: the scenarios whose baseline passes
    differ between draws (``moving``, the others keep their observed count in every draw) and the current run's
    breaches of the scenarios with a breach (``breach_columns``)."""

    permutations: int
    moving: tuple[int, ...]  # strata indices
    base_passes: Ints  # permutations × moving: the baseline's passes in every draw
    breach_columns: tuple[int, ...]  # strata indices with a breach
    cur_breaches: Ints  # permutations × breach_columns: the current run's breaches in every draw
    weights: Floats | None  # each draw's probability when the null is enumerated exactly; None for random draws


Signature = tuple[tuple[int, int, int, int, int, int], ...]  # per stratum: base_n, cur_n, passes, breached, ...
Laws = tuple[tuple[int, tuple[float, ...]], ...]  # (stratum index, law of its baseline passes), by index


@lru_cache(maxsize=16)
def null_draws(signature: Signature, own_laws: Laws, permutations: int, exact_limit: int) -> NullDraws:
    """The draws of the conditional null of strata with these counts (``PairedGate``). A pure function of its
    arguments (the draws are seeded from the counts), cached: the same pair tested again with other scores (earlier
    runs seen flaky, the bench's ceiling) reuses its draws."""
    counts = np.array(signature, dtype=np.int64).reshape(len(signature), 6)
    base_n, cur_n, passes, breached, observed_base = (counts[:, j] for j in range(5))
    fails = base_n + cur_n - passes
    # Only mixed scenarios move between draws: one that passed (or failed) every attempt stays where it is.
    mixed = np.flatnonzero((passes > 0) & (fails > 0))
    split = np.flatnonzero((breached > 0) & (breached < fails))
    own = {i: np.array(law) for i, law in own_laws}
    if own:  # a law of its own may leave a mixed scenario a single possible split
        mixed = np.array([i for i in mixed.tolist() if np.count_nonzero(own.get(i, [1, 1])) > 1], dtype=np.int64)
    laws = {
        i: own[i] if i in own else np.array(hypergeom_pmf(int(base_n[i] + cur_n[i]), int(passes[i]), int(base_n[i])))
        for i in mixed.tolist()
    }
    supports = [np.flatnonzero(laws[i]).tolist() for i in mixed.tolist()]
    # Few enough possible splits (and no breach split to enumerate): the null is enumerated exactly, each split
    # weighted by its probability; otherwise it is drawn at random.
    weights: Floats | None = None
    if not split.size and math.prod(len(r) for r in supports) <= exact_limit:
        grid = np.meshgrid(*[np.array(r, dtype=np.int64) for r in supports], indexing="ij")
        moved = np.stack([g.ravel() for g in grid], axis=1) if supports else np.zeros((1, 0), dtype=np.int64)
        moved = np.asfortranarray(moved)
        permutations = len(moved)
        probabilities = np.ones(permutations)
        for j, i in enumerate(mixed.tolist()):
            probabilities *= laws[i][moved[:, j]]
        weights = probabilities / probabilities.sum()
    else:
        # Seeded here, not above: an enumerated null draws nothing (and has no breach split).
        seed = hashlib.sha256(repr(list(signature)).encode()).digest()
        rng = np.random.default_rng(int.from_bytes(seed[:8], "big"))
        moved = np.zeros((permutations, mixed.size), dtype=np.int64, order="F")
        at = {i: j for j, i in enumerate(mixed.tolist())}
        hyper = [i for i in mixed.tolist() if i not in own]
        if hyper:
            moved[:, [at[i] for i in hyper]] = rng.hypergeometric(
                passes[hyper], fails[hyper], base_n[hyper], size=(permutations, len(hyper))
            )
        for i in (i for i in mixed.tolist() if i in own):
            cdf = np.cumsum(laws[i] / laws[i].sum())
            picks = np.searchsorted(cdf, rng.random(permutations), side="right")
            moved[:, at[i]] = np.minimum(picks, len(cdf) - 1)
    # The current run's breaches are among the failed attempts it drew.
    columns = np.flatnonzero(breached > 0)
    base_passes = np.asfortranarray(np.tile(observed_base[columns], (permutations, 1)))
    for j, i in enumerate(mixed.tolist()):
        if breached[i]:
            base_passes[:, int(np.searchsorted(columns, i))] = moved[:, j]
    cur_fails = cur_n[columns] - (passes[columns] - base_passes)
    cur_breaches = np.minimum(np.where(breached[columns] == fails[columns], cur_n[columns], 0), cur_fails)
    if split.size:
        at_split = np.searchsorted(columns, split)
        cur_breaches[:, at_split] = rng.hypergeometric(
            np.broadcast_to(breached[split], (permutations, split.size)),
            np.broadcast_to(fails[split] - breached[split], (permutations, split.size)),
            cur_fails[:, at_split],
        )
    for array in (moved, cur_breaches, weights):
        if array is not None:
            array.flags.writeable = False  # shared by every caller of the cache
    return NullDraws(permutations, tuple(mixed.tolist()), moved, tuple(columns.tolist()), cur_breaches, weights)
