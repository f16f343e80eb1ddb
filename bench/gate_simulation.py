"""Simulation: how often the release gate blocks when nothing changed, and how often it catches a real change.

Run: .venv/bin/python bench/gate_simulation.py [--pairs 2000] [--seed 1] [--jobs N] [--quick]
(--quick: 20 pairs in one process, a smoke run; the rates mean little)

Model. A suite of 53 scenarios (the default generated sizes: 8 accuracy, 6 guardrails, 5 tool calls, 4 PII,
30 red team at Standard depth). Each simulated pair draws a fresh suite: a scenario is deterministic-pass with
probability 0.75, deterministic-fail (a known flaw) with 0.08, and flaky with 0.17 — failing 10–50% of the time
(uniform). So a suite has ~9 flaky scenarios. Every attempt is independent; a failed guardrail, PII or red-team
attempt is a breach. The baseline and the current run are drawn from the same suite; the gate is the real one
(``evaluations.gate.rules.compare``), saved-suite mode (per-scenario comparison on). Before the baseline the
endpoint ran the unchanged suite once more (``--earlier-runs``, default 1): the scenarios seen flaky there weigh
less, as the product's gate does with an endpoint's earlier runs (``seen_flaky``).

Changes:
* none — both runs from the same probabilities (false_block);
* spread10 / spread20 — the mean accuracy pass probability 10 / 20 points lower, spread evenly over the accuracy
  scenarios that can still fail more;
* flip10 / flip20 — the same drop concentrated: whole accuracy scenarios, most reliable first, flip to failing;
* one scenario always fails — one deterministic-pass scenario (any kind) now fails every attempt.

Per runs-per-scenario setting (the same for baseline and current), first the fixed line ``runs=N false_block=X.X%
power_flip20=X.X% power_spread20=X.X% power_spread10=X.X%``, then the ceiling (the best test valid whatever the
baseline's rates, told the true rates before and after: the Neyman–Pearson test given each scenario's margins,
randomised to exactly 5 %), the ceiling of this gate (its rules and correction as they are, its accuracy statistic
told the true rates: ``known_scores``), the paired accuracy test alone (uncorrected), the limit of any gate that
guards more than accuracy (``_limits``: the pairs no such gate can block, whatever its test) beside the accuracy
rule alone with the threshold rule, and the false blocks by rule (those explaining lines: ``bench/gate_limits.py``).
Then the share of flaky scenarios swept at 3 and at 10 runs. Last, ``baseline_runs=N runs=3 ...`` per topped-up
baseline size (``--baseline-runs``): the gate with its confirmation runs against a baseline of N runs per scenario,
and the first pass alone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.gate_limits import ceiling_power, known_scores  # noqa: E402
from bench.gate_limits import limits as _limits  # noqa: E402
from evaluations.gate import rules as gate  # noqa: E402
from evaluations.gate.rules import confirmation  # noqa: E402
from evaluations.gate.rules.simulation import confirm_simulated  # noqa: E402

KINDS = ["accuracy"] * 8 + ["guardrails"] * 6 + ["tool_calls"] * 5 + ["pii"] * 4 + ["red_team"] * 30
P_DETERMINISTIC_PASS, P_DETERMINISTIC_FAIL = 0.75, 0.08  # the rest (0.17) is flaky
RUNS_SETTINGS = (1, 3, 5, 10)
GOAL_RUNS = 3  # the default runs per scenario, where the goals are set (docs/benchmarks.md)
SWEEP_RUNS = (3, 10)
SWEEP_SHARES = (0.0, 0.1, 0.17, 0.3, 0.5)
ALPHA = 0.05
PROFILE = gate.Profile(mode=gate.SAVED)
EARLIER_RUNS = 1  # earlier runs of the unchanged suite the gate sees (--earlier-runs)
TOPPED_RUNS, TOPPED_BASELINES = 3, (5, 10)  # the baseline_runs= lines: a baseline topped up, runs at the default
CONFIRMATION_RUNS = confirmation.DEFAULT_CONFIRMATION_RUNS  # per open scenario (--confirmation-runs; 0: off)
# The lines that explain the figures (ceilings, the gate without earlier runs) run on a quarter of the pairs: they
# cost two or three more gates per pair, and a quarter keeps them within a couple of points.
DIAGNOSTIC_DIVISOR = 4


def draw_suite(rng: random.Random, *, flaky_share: float | None = None) -> list[gate.SimScenario]:
    flaky = 1 - P_DETERMINISTIC_PASS - P_DETERMINISTIC_FAIL if flaky_share is None else flaky_share
    fail_share = P_DETERMINISTIC_FAIL if flaky_share is None else P_DETERMINISTIC_FAIL * (1 - flaky) / 0.83
    scenarios = []
    for i, kind in enumerate(KINDS):
        u = rng.random()
        if u < flaky:
            p = 1 - rng.uniform(0.10, 0.50)
        elif u < flaky + fail_share:
            p = 0.0
        else:
            p = 1.0
        scenarios.append(gate.SimScenario(f"s{i}", kind, p))
    return scenarios


def accuracy_drop(scenarios: Sequence[gate.SimScenario], points: float, *, spread: bool) -> list[gate.SimScenario]:
    """The same suite with the mean accuracy pass probability ``points`` lower.

    ``spread``: every accuracy scenario that can still get worse loses an equal share (water-filling) — the hard
    case. Otherwise concentrated: whole scenarios, most reliable first, flip to always failing until the mean has
    dropped by ``points`` (the last one only partly) — how regressions usually look (the demo agent's do).
    """
    accuracy = [s for s in scenarios if s.kind == "accuracy"]
    remaining = points / 100 * len(accuracy)
    probs = {s.key: s.pass_probability for s in accuracy}
    if spread:
        while remaining > 1e-12:
            open_keys = [k for k, p in probs.items() if p > 1e-12]
            if not open_keys:
                break
            share = remaining / len(open_keys)
            for k in open_keys:
                cut = min(share, probs[k])
                probs[k] -= cut
                remaining -= cut
    else:
        for key in sorted(probs, key=lambda k: -probs[k]):
            cut = min(remaining, probs[key])
            probs[key] -= cut
            remaining -= cut
    return [gate.SimScenario(s.key, s.kind, probs.get(s.key, s.pass_probability)) for s in scenarios]


def one_always_failing(scenarios: Sequence[gate.SimScenario], rng: random.Random) -> list[gate.SimScenario]:
    candidates = [s.key for s in scenarios if s.pass_probability == 1.0]
    broken = rng.choice(candidates)
    return [gate.SimScenario(s.key, s.kind, 0.0 if s.key == broken else s.pass_probability) for s in scenarios]


def true_rate(scenarios: Sequence[gate.SimScenario], metric_key: str) -> float:
    rows = [s.pass_probability for s in scenarios if gate.METRIC_KEY_BY_KIND[s.kind] == metric_key]
    return 100 * sum(rows) / len(rows)


def blocked_by(verdict: gate.GateVerdict, truth: Sequence[gate.SimScenario]) -> set[str]:
    rules = set()
    if any(m.blocks for m in verdict.metrics):
        rules.add("metric")
    if verdict.regressions:
        rules.add("scenario")
    floors = [f for f in verdict.floors if f.blocks]
    if floors:
        rules.add("floor")
        if any(true_rate(truth, f.key) >= f.floor for f in floors):
            rules.add("floor_true_ok")  # blocked although the agent's true rate meets the floor
    if verdict.breach is not None and verdict.breach.blocks:
        rules.add("breach")
    if verdict.state == gate.BLOCKED:
        rules.add("any")
    return rules


def seen_flaky(earlier: Sequence[gate.RunCounts]) -> frozenset[str]:
    """The scenarios that passed some attempts and failed others in an earlier run (as the product reads them off
    the endpoint's earlier runs: ``gate.selectors.seen_flaky_scenarios``)."""
    return frozenset(
        key for run in earlier for key, s in run.scenarios.items() if s.attempts.passed and s.attempts.failed
    )


CHANGES = ("none", "acc10_spread", "acc20_spread", "acc10_flip", "acc20_flip", "always_fail")


def changed_suite(change: str, suite: list[gate.SimScenario], rng: random.Random) -> list[gate.SimScenario]:
    if change == "none":
        return suite
    if change == "always_fail":
        return one_always_failing(suite, rng)
    return accuracy_drop(suite, 10 if change.startswith("acc10") else 20, spread=change.endswith("spread"))


def confirm(
    verdict: gate.GateVerdict,
    base: gate.RunCounts,
    cur: gate.RunCounts,
    current: Sequence[gate.SimScenario],
    *,
    seen: frozenset[str],
    confirmation_runs: int,
    rng: random.Random,
) -> tuple[bool, bool, int]:
    """The gate with confirmation runs, as the power planner simulates it (``rules.simulation.confirm_simulated``)."""
    return confirm_simulated(
        verdict, base, cur, current, seen=seen, confirmation_runs=confirmation_runs, rng=rng, profile=PROFILE
    )


def simulate(
    change: str,
    *,
    runs: int,
    pairs: int,
    seed: int,
    flaky_share: float | None = None,
    earlier_runs: int = EARLIER_RUNS,
    confirmation_runs: int = CONFIRMATION_RUNS,
    diagnostic_pairs: int | None = None,
    baseline_runs: int | None = None,
) -> Counter[str]:
    """Tallies over ``pairs`` pairs; the lines that explain the figures (the gate without earlier runs, the ceilings,
    the limit) on the first ``diagnostic_pairs`` of them (default: all), as ``diag_*`` and counted in ``diag``.
    ``baseline_runs``: a baseline topped up to that many runs per scenario (docs/gate.md, "Stronger baselines"), the
    gate with its confirmation runs and the first pass alone (no explaining lines); None: as many as the current run."""
    topped = baseline_runs is not None
    rng = random.Random(f"{seed}:{change}:{runs}:{flaky_share}" + (f":b{baseline_runs}" if topped else ""))
    diagnostic_pairs = pairs if diagnostic_pairs is None else diagnostic_pairs
    tally: Counter[str] = Counter()
    ceiling = 0.0
    for i in range(pairs):
        suite = draw_suite(rng, flaky_share=flaky_share)
        current = changed_suite(change, suite, rng)
        earlier = [gate.simulate_run(suite, runs=runs, rng=rng, profile=PROFILE) for _ in range(earlier_runs)]
        base = gate.simulate_run(suite, runs=baseline_runs or runs, rng=rng, profile=PROFILE)
        cur = gate.simulate_run(current, runs=runs, rng=rng, profile=PROFILE)
        seen = seen_flaky(earlier)
        verdict = gate.compare(base, cur, seen_flaky=seen)
        tally.update(blocked_by(verdict, current))
        blocked, first, extra = confirm(
            verdict, base, cur, current, seen=seen, confirmation_runs=confirmation_runs, rng=rng
        )
        tally.update({"confirmed": blocked, "confirmed_first": first, "extra": extra, "paid": bool(extra)})
        if topped:
            continue
        accuracy = next((m for m in verdict.metrics if m.key == "response_accuracy"), None)
        if accuracy is not None and accuracy.raw_p_value is not None and accuracy.raw_p_value <= ALPHA:
            tally["accuracy_alone"] += 1  # the paired accuracy test alone, uncorrected, not told which scenarios
        if change != "none" and accuracy is not None:
            tally.update(_limits(accuracy, base, cur, suite))
        if i >= diagnostic_pairs:
            continue
        tally["diag"] += 1
        if earlier_runs:
            # With nothing seen flaky, the verdict is already the one without earlier runs.
            alone = verdict if not seen else gate.compare(base, cur)
            tally["diag_without_earlier"] += alone.state == gate.BLOCKED
            if change == "none":
                blocked, _, extra = confirm(
                    alone, base, cur, current, seen=frozenset(), confirmation_runs=confirmation_runs, rng=rng
                )
                tally.update({"diag_confirmed_without_earlier": blocked, "diag_extra_without_earlier": extra})
        if change != "none":
            ceiling += ceiling_power(base, cur, suite, current)
            told = known_scores(base, suite, current)
            if gate.compare(base, cur, seen_flaky=seen, known_scores=told).state == gate.BLOCKED:
                tally["diag_ceiling_gate"] += 1
    tally["diag_ceiling_x1000"] = round(1000 * ceiling)
    tally["pairs"] = pairs
    return tally


def pct(n: float, pairs: int) -> str:
    return f"{100 * n / pairs:.1f}%"


# (change, runs, pairs, seed, flaky share, earlier runs, confirmation runs, diagnostic pairs, baseline runs)
Job = tuple[str, int, int, int, float | None, int, int, int, int | None]
TOPPED_CHANGES = ("none", "always_fail", "acc20_flip", "acc20_spread", "acc10_spread")


def _run_setting(args: Job) -> tuple[tuple[str, int, float | None, int | None], Counter[str]]:
    change, runs, pairs, seed, share, earlier, confirmation_runs, diagnostic, baseline_runs = args
    tally = simulate(
        change, runs=runs, pairs=pairs, seed=seed, flaky_share=share, earlier_runs=earlier,
        confirmation_runs=confirmation_runs, diagnostic_pairs=diagnostic, baseline_runs=baseline_runs,
    )  # fmt: skip
    return (change, runs, share, baseline_runs), tally


def _print_setting(runs: int, r: dict[str, Counter[str]], earlier_runs: int, confirmation_runs: int) -> None:
    none, diag = r["none"], max(r["none"]["diag"], 1)
    pairs = none["pairs"]

    def d(change: str, key: str) -> str:  # a diagnostic figure, over the diagnostic pairs
        return pct(r[change][key], max(r[change]["diag"], 1))

    print(
        f"runs={runs} false_block={pct(none['confirmed'], pairs)} power_flip20={pct(r['acc20_flip']['confirmed'], pairs)} "
        f"power_spread20={pct(r['acc20_spread']['confirmed'], pairs)} power_spread10={pct(r['acc10_spread']['confirmed'], pairs)} "
        f"power_one_scenario={pct(r['always_fail']['confirmed'], pairs)} "
        f"extra_conversations={pct(none['extra'] / (len(KINDS) * runs), pairs)}"
    )
    print(
        f"  confirmation runs: up to {confirmation_runs} per open scenario; unchanged agents paying for any: "
        f"{pct(none['paid'], pairs)}; blocked at the first look: flip20 {pct(r['acc20_flip']['confirmed_first'], pairs)}, "
        f"one scenario {pct(r['always_fail']['confirmed_first'], pairs)}; extra conversations (share of the run): "
        f"flip20 {pct(r['acc20_flip']['extra'] / (len(KINDS) * runs), pairs)}, spread20 "
        f"{pct(r['acc20_spread']['extra'] / (len(KINDS) * runs), pairs)}, one scenario "
        f"{pct(r['always_fail']['extra'] / (len(KINDS) * runs), pairs)}; power -10 flipped {pct(r['acc10_flip']['confirmed'], pairs)}"
    )
    print(
        f"  without confirmation runs (the gate on the first pass alone): false_block={pct(none['any'], pairs)} "
        f"power_flip20={pct(r['acc20_flip']['any'], pairs)} power_spread20={pct(r['acc20_spread']['any'], pairs)} "
        f"power_spread10={pct(r['acc10_spread']['any'], pairs)} power_one_scenario={pct(r['always_fail']['any'], pairs)}"
    )
    if earlier_runs:
        print(
            f"  the same gate without earlier runs (an endpoint's first comparisons; {diag} pairs): false_block="
            f"{d('none', 'diag_without_earlier')} power_flip20={d('acc20_flip', 'diag_without_earlier')} "
            f"power_spread20={d('acc20_spread', 'diag_without_earlier')} "
            f"power_spread10={d('acc10_spread', 'diag_without_earlier')}; with confirmation runs: false_block="
            f"{d('none', 'diag_confirmed_without_earlier')} extra_conversations="
            f"{pct(none['diag_extra_without_earlier'] / (len(KINDS) * runs), diag)}"
        )
    print(
        f"  ceiling (best valid test told the true rates; {diag} pairs, first pass): power_flip20="
        f"{pct(r['acc20_flip']['diag_ceiling_x1000'] / 1000, diag)} power_spread20="
        f"{pct(r['acc20_spread']['diag_ceiling_x1000'] / 1000, diag)} power_spread10="
        f"{pct(r['acc10_spread']['diag_ceiling_x1000'] / 1000, diag)}"
    )
    print(
        f"  ceiling of this gate (every rule and the correction as they are, the accuracy statistic told the true "
        f"rates; first pass): power_flip20={d('acc20_flip', 'diag_ceiling_gate')} "
        f"power_spread20={d('acc20_spread', 'diag_ceiling_gate')} power_spread10={d('acc10_spread', 'diag_ceiling_gate')}"
    )
    print(
        f"  accuracy test alone at 5% (not told which scenarios changed, no other rule): power_flip20="
        f"{pct(r['acc20_flip']['accuracy_alone'], pairs)} power_spread20={pct(r['acc20_spread']['accuracy_alone'], pairs)} "
        f"power_spread10={pct(r['acc10_spread']['accuracy_alone'], pairs)} false_block={pct(none['accuracy_alone'], pairs)}"
    )
    print(
        f"  limit of any gate that also guards other rules and keeps the threshold rule: power_flip20 <= "
        f"{pct(pairs - r['acc20_flip']['beyond_any_gate'], pairs)} (a run as bad in every accuracy scenario >= 5% likely: "
        f"{pct(r['acc20_flip']['unblockable'], pairs)}; drop not over the threshold: "
        f"{pct(r['acc20_flip']['under_threshold'], pairs)}); accuracy rule alone with the threshold rule: "
        f"power_flip20={pct(r['acc20_flip']['accuracy_alone_threshold'], pairs)} "
        f"power_spread20={pct(r['acc20_spread']['accuracy_alone_threshold'], pairs)}"
    )
    print(
        f"  false blocks by rule: metric {pct(none['metric'], pairs)}, scenario {pct(none['scenario'], pairs)}, "
        f"floor {pct(none['floor'], pairs)}, breach {pct(none['breach'], pairs)} (first pass alone) | power: -10 flipped "
        f"{pct(r['acc10_flip']['any'], pairs)}, one scenario always failing {pct(r['always_fail']['any'], pairs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000, help="baseline/current pairs per setting (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per CPU)")
    parser.add_argument(
        "--earlier-runs", type=int, default=EARLIER_RUNS,
        help="earlier runs of the unchanged suite per pair, whose flaky scenarios weigh less (default 1; 0: none)",
    )  # fmt: skip
    parser.add_argument(
        "--confirmation-runs", type=int, default=CONFIRMATION_RUNS,
        help=f"confirmation runs per open scenario (default {CONFIRMATION_RUNS}; 0: off)",
    )  # fmt: skip
    parser.add_argument(
        "--quick", action="store_true", help="20 pairs per setting: a smoke run (the rates mean little)"
    )
    parser.add_argument(
        "--baseline-runs", type=int, nargs="*", default=list(TOPPED_BASELINES),
        help="baseline sizes (runs per scenario, a topped-up baseline) for the baseline_runs= lines, against "
        f"{TOPPED_RUNS} runs per scenario (default: {' '.join(map(str, TOPPED_BASELINES))}; none: no such line)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.quick:
        args.pairs, args.jobs = 20, 1
    pairs, started = args.pairs, time.perf_counter()
    other = pairs if args.quick else max(1, pairs // 2)
    diagnostic = max(1, pairs // DIAGNOSTIC_DIVISOR)
    print(f"Gate simulation: 53 scenarios (8 accuracy, 6 guardrails, 5 tool calls, 4 PII, 30 red team), "
          f"~17% flaky (fail 10–50%), {pairs} pairs at {GOAL_RUNS} runs and {other} at the other settings and in the sweep, seed {args.seed}, {args.earlier_runs} earlier "
          f"run(s) of the unchanged suite seen by the gate, up to {args.confirmation_runs} confirmation runs per "
          f"open scenario")  # fmt: skip

    # The goals' setting (3 runs) on every pair; the other settings and the sweep, whose figures are far from their
    # goals or near 0 / 100 %, on half as many (their intervals are still within about a point).
    def n(runs: int) -> int:
        return pairs if runs == GOAL_RUNS else other

    jobs: list[Job] = [
        (change, runs, n(runs), args.seed, None, args.earlier_runs, args.confirmation_runs, diagnostic, None)
        for runs in RUNS_SETTINGS
        for change in CHANGES
    ]
    jobs += [
        ("none", runs, other, args.seed, share, args.earlier_runs, args.confirmation_runs, 0, None)
        for runs in SWEEP_RUNS
        for share in SWEEP_SHARES
    ]
    jobs += [
        (change, TOPPED_RUNS, other, args.seed, None, args.earlier_runs, args.confirmation_runs, 0, size)
        for size in args.baseline_runs
        for change in TOPPED_CHANGES
    ]
    jobs.sort(key=lambda job: -(job[1] + (job[8] or job[1])))  # the longest first: no process left with one at the end
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = dict(pool.imap_unordered(_run_setting, jobs))
    else:
        results = dict(map(_run_setting, jobs))
    for runs in RUNS_SETTINGS:
        r = {change: results[(change, runs, None, None)] for change in CHANGES}
        _print_setting(runs, r, args.earlier_runs, args.confirmation_runs)
    for runs in SWEEP_RUNS:
        print(f"Flakiness sweep at runs={runs} (no change): share of flaky scenarios → false-block rate")
        for share in SWEEP_SHARES:
            none = results[("none", runs, share, None)]
            pairs = none["pairs"]
            print(
                f"flaky={share:4.0%} false_block={pct(none['confirmed'], pairs)} extra_conversations="
                f"{pct(none['extra'] / (len(KINDS) * runs), pairs)} (first pass alone {pct(none['any'], pairs)}: "
                f"metric {pct(none['metric'], pairs)}, scenario {pct(none['scenario'], pairs)}, "
                f"floor {pct(none['floor'], pairs)}, breach {pct(none['breach'], pairs)})"
            )
    for size in args.baseline_runs:  # a baseline topped up when it was pinned (docs/gate.md, "Stronger baselines")
        t = {change: results[(change, TOPPED_RUNS, None, size)] for change in TOPPED_CHANGES}
        pairs = t["none"]["pairs"]
        print(
            f"baseline_runs={size} runs={TOPPED_RUNS} false_block={pct(t['none']['confirmed'], pairs)} "
            f"power_one_scenario={pct(t['always_fail']['confirmed'], pairs)} "
            f"power_flip20={pct(t['acc20_flip']['confirmed'], pairs)} "
            f"power_spread20={pct(t['acc20_spread']['confirmed'], pairs)} "
            f"power_spread10={pct(t['acc10_spread']['confirmed'], pairs)} "
            f"extra_conversations={pct(t['none']['extra'] / (len(KINDS) * TOPPED_RUNS), pairs)}"
        )
        print(
            f"  first pass alone: false_block={pct(t['none']['any'], pairs)} "
            f"power_one_scenario={pct(t['always_fail']['any'], pairs)} power_flip20={pct(t['acc20_flip']['any'], pairs)} "
            f"power_spread20={pct(t['acc20_spread']['any'], pairs)} power_spread10={pct(t['acc10_spread']['any'], pairs)}"
        )
    used = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = sum(u.ru_utime + u.ru_stime for u in used)
    # CPU time too: on a shared machine the wall time says more about the other load than about the bench.
    print(f"wall time {time.perf_counter() - started:.1f} s ({args.jobs} process(es); CPU {cpu:.0f} s)")


if __name__ == "__main__":
    main()
