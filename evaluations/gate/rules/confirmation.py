"""Confirmation runs (docs/gate.md, *Confirmation runs*): a saved-suite run looks twice, the second time with more
attempts of exactly the scenarios its first pass left open, and the whole gate still blocks an unchanged agent at
most 5 % of the time.

The design is pre-specified: two looks with the level split between them (alpha spending, Bonferroni).

1. **First look** at ``FIRST_LOOK_LEVEL`` (3 %): the gate as it is, on the first pass. It blocks → BLOCKED, no
   confirmation runs. Its corrected p-values are scaled by 5 % / 3 %, so "p ≤ 0.05 blocks" reads the same.
2. **Open scenarios** (``open_scenarios``): every paired scenario that passed at least once in the baseline and
   failed at least once in the first pass — the watch list, flips, whatever a metric drop is made of — unless it was
   seen flaky in the endpoint's earlier runs. None → PASS. The rule reads each scenario's own counts only (and the
   earlier runs, fixed before the pair), so given every scenario's totals the scenarios stay independent.
3. **Second look** at ``SECOND_LOOK_LEVEL`` (2 %): the open scenarios are driven ``confirmation runs`` more times
   and the gate compares the baseline with all of this run's attempts. Its null is exact *given the selection*:
   under "nothing changed" a scenario's baseline, first-pass and confirmation attempts are exchangeable, so given its
   total passes and that it was open, its baseline passes follow the three-way hypergeometric law restricted to the
   outcomes that open it (``open_law``); a scenario left closed follows the two-way law restricted to the outcomes
   that leave it closed (``closed_law``). The gate's rules and their Westfall–Young correction run on draws from
   those laws (``PairedGate``'s ``base_laws``), so the second look blocks at most 2 % of the time, whatever was
   selected.

An unchanged agent is blocked at most 3 % + 2 % = 5 % of the time: the second look is defined whether or not the
first blocked, so the union bound holds. Conditioning on the selection discounts the evidence that opened a
scenario (one failure now where the baseline passed); the confirmation attempts add evidence it cannot discount.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping

from evaluations.gate.rules.comparison import compare, scenario_set_difference, suite_change
from evaluations.gate.rules.counts import METRIC_KEY_BY_KIND, RunCounts, ScenarioCounts, counts_from_scenarios
from evaluations.gate.rules.stats import ALPHA
from evaluations.gate.rules.verdict import BLOCKED, NOT_COMPARABLE, Confirmation, GateVerdict

FIRST_LOOK_LEVEL = 0.03
SECOND_LOOK_LEVEL = 0.02  # the two add up to ALPHA (tests/gate/test_confirmation.py)
# Confirmation runs per open scenario unless the run says otherwise (0 turns them off); the setting's ceiling.
DEFAULT_CONFIRMATION_RUNS = 6
MAX_CONFIRMATION_RUNS = 10


def opens(base_n: int, base_passes: int, cur_n: int, cur_passes: int) -> bool:
    """A scenario's first pass leaves it open: it passed in the baseline at least once and failed now at least once.
    (Only "failed more often" measured worse on the bench: conditioning on it discounts most of the evidence.)"""
    return base_passes >= 1 and cur_passes < cur_n


def paired_scenarios(baseline: RunCounts, current: RunCounts) -> dict[str, tuple[ScenarioCounts, ScenarioCounts]]:
    """By the current run's key, each scenario both runs hold (by content when the suite changed, as the gate
    compares them) with its baseline and current counts."""
    if scenario_set_difference(baseline.profile, current.profile):
        pairs = list(suite_change(baseline, current).matched)
    else:
        pairs = [(key, key) for key in current.scenarios if key in baseline.scenarios]
    return {c: (baseline.scenarios[b], current.scenarios[c]) for b, c in pairs}


def open_scenarios(
    baseline: RunCounts, first: RunCounts, *, seen_flaky: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The scenarios the first look leaves open (the current run's keys): passed at least once in the baseline,
    failed at least once now, and not seen flaky in the endpoint's earlier runs (their swing is likelier noise; those
    runs are not the pair tested, so leaving them out is fixed before the pair is drawn)."""
    return tuple(
        key
        for key, (base, cur) in paired_scenarios(baseline, first).items()
        if cur.kind in METRIC_KEY_BY_KIND
        and key not in seen_flaky
        and base.attempts.scored
        and cur.attempts.scored
        and opens(base.attempts.scored, base.attempts.passed, cur.attempts.scored, cur.attempts.passed)
    )


def open_law(base_n: int, first_n: int, extra_n: int, passes: int) -> tuple[float, ...]:
    """P(baseline passes = x), x = 0..base_n, given the scenario's total passes over its baseline, first-pass and
    confirmation attempts and that the first pass looked worse than the baseline (it was open), nothing changed."""
    weights = []
    for x in range(base_n + 1):
        w = 0
        for c1 in range(first_n + 1):
            c2 = passes - x - c1
            if 0 <= c2 <= extra_n and opens(base_n, x, first_n, c1):
                w += math.comb(base_n, x) * math.comb(first_n, c1) * math.comb(extra_n, c2)
        weights.append(w)
    total = sum(weights)
    return tuple(w / total for w in weights) if total else ()


def closed_law(base_n: int, first_n: int, passes: int) -> tuple[float, ...]:
    """P(baseline passes = x) given the scenario's total passes over both first passes and that it was not open."""
    weights = [
        math.comb(base_n, x) * math.comb(first_n, passes - x)
        if 0 <= passes - x <= first_n and not opens(base_n, x, first_n, passes - x)
        else 0
        for x in range(base_n + 1)
    ]
    total = sum(weights)
    return tuple(w / total for w in weights) if total else ()


def combine(first: RunCounts, extra: Mapping[str, ScenarioCounts]) -> RunCounts:
    """The run's counts over the first pass and its confirmation attempts (``extra``, by scenario key), every metric,
    the trust score and the breaches aggregated again (as the run's summary is)."""
    rows = []
    for key, s in first.scenarios.items():
        more = extra.get(key)
        if more is not None:
            s = ScenarioCounts(
                s.key, s.name, s.kind, s.attempts + more.attempts, s.breaches + more.breaches,
                not_scored=s.not_scored + more.not_scored, content=s.content,
            )  # fmt: skip
        rows.append(s)
    return counts_from_scenarios(
        rows, profile=first.profile, run_id=first.run_id, runs_per_scenario=first.runs_per_scenario
    )


def second_look_laws(
    baseline: RunCounts, first: RunCounts, combined: RunCounts, opened: tuple[str, ...]
) -> dict[str, tuple[float, ...]]:
    """Each paired scenario's null law of its baseline passes, given its totals and whether the first look opened it."""
    laws = {}
    firsts = paired_scenarios(baseline, first)
    for key, (base, cur) in paired_scenarios(baseline, combined).items():
        b, f = base.attempts, firsts[key][1].attempts
        if not b.scored or not cur.attempts.scored:
            continue
        if key in opened:
            law = open_law(b.scored, f.scored, cur.attempts.scored - f.scored, b.passed + cur.attempts.passed)
        else:
            law = closed_law(b.scored, f.scored, b.passed + f.passed)
        if law:
            laws[key] = law
    return laws


def first_look(baseline: RunCounts, first: RunCounts, **kwargs: object) -> GateVerdict:
    """The gate on the first pass at the first look's share of the level."""
    return compare(baseline, first, level=FIRST_LOOK_LEVEL, **kwargs)  # type: ignore[arg-type]


def second_look(
    baseline: RunCounts, first: RunCounts, combined: RunCounts, opened: tuple[str, ...], **kwargs: object
) -> GateVerdict:
    """The gate on every attempt of the run at the second look's share of the level, under the selection's null."""
    laws = second_look_laws(baseline, first, combined, opened)
    return compare(baseline, combined, base_laws=laws, level=SECOND_LOOK_LEVEL, **kwargs)  # type: ignore[arg-type]


def blocks_at(verdict: GateVerdict, level: float) -> bool:
    """Whether a verdict computed at the full level (5 %) would block at ``level``: the first look, read off the
    ordinary gate without computing it again (the bench's shortcut; the product calls ``first_look``)."""
    if verdict.state != BLOCKED:
        return False
    scale = level / ALPHA * (1 + 1e-9)
    if any(m.blocks and m.p_value is not None and m.p_value <= scale * ALPHA for m in verdict.metrics):
        return True
    if any(f.blocks and (f.p_value is None or f.p_value <= scale * ALPHA) for f in verdict.floors):
        return True
    if verdict.breach is not None and verdict.breach.blocks and (verdict.breach.p_value or 0.0) <= scale * ALPHA:
        return True
    return any(
        s.p_value is not None and s.p_value <= scale * ALPHA for s in verdict.scenarios if s.status == "regressed"
    )


def confirmed_compare(
    baseline: RunCounts,
    first: RunCounts,
    combined: RunCounts | None,
    opened: tuple[str, ...],
    *,
    confirmation_runs: int,
    seen_flaky: frozenset[str] = frozenset(),
) -> GateVerdict:
    """The verdict of a run whose confirmation runs were planned against this baseline: the first look on the first
    pass; when it does not block and left ``opened`` scenarios, the second look on every attempt (``combined``:
    the first pass and the confirmation attempts). The verdict says which look decided, and notes it."""
    verdict = first_look(baseline, first, seen_flaky=seen_flaky)
    if verdict.state == NOT_COMPARABLE:
        return verdict
    names = {key: first.scenarios[key].name for key in opened if key in first.scenarios}
    if verdict.state == BLOCKED or not opened or combined is None:
        stage = Confirmation(1, first.runs_per_scenario, 0, (), FIRST_LOOK_LEVEL)
        return _noted(verdict, stage)
    verdict = second_look(baseline, first, combined, opened, seen_flaky=seen_flaky)
    stage = Confirmation(2, first.runs_per_scenario, confirmation_runs, tuple(names.values()), SECOND_LOOK_LEVEL)
    return _noted(verdict, stage)


def _noted(verdict: GateVerdict, stage: Confirmation) -> GateVerdict:
    if stage.stage == 1 and verdict.state == BLOCKED:
        said = (
            f"Confirmation runs: {stage.runs_per_scenario} runs, none needed — the first pass decided (the gate's "
            f"first look, at {stage.level:.0%} of its 5 %)."
        )
    elif stage.stage == 1:
        said = f"Confirmation runs: {stage.sentence} — no scenario that passed in the baseline failed in this run."
    else:
        listed = ", ".join(f"“{name}”" for name in stage.scenarios[:5]) + ("…" if len(stage.scenarios) > 5 else "")
        said = (
            f"Confirmation runs: {stage.sentence} ({listed}), which the first pass left open; the gate compared the "
            f"baseline with every attempt (its second look, at {stage.level:.0%} of its 5 %)."
        )
    return dataclasses.replace(verdict, notes=(said, *verdict.notes), confirmation=stage)
