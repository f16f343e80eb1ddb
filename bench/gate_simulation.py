"""Simulation: how often the release gate blocks when nothing changed, and how often it catches a real change.

Run: .venv/bin/python bench/gate_simulation.py [--pairs 2000] [--seed 1] [--quick]  (--quick: 20 pairs, a smoke run)

Model. A suite of 53 scenarios (the default generated sizes: 8 accuracy, 6 guardrails, 5 tool calls, 4 PII,
30 red team at Standard depth). Each simulated pair draws a fresh suite: a scenario is deterministic-pass with
probability 0.75, deterministic-fail (a known flaw) with 0.08, and flaky with 0.17 — failing 10–50% of the time
(uniform). So a suite has ~9 flaky scenarios. Every attempt is independent; a failed guardrail, PII or red-team
attempt is a breach. The baseline and the current run are drawn from the same suite; the gate is the real one
(``evaluations.gate.rules.compare``), saved-suite mode (per-scenario comparison on).

Changes:
* none — both runs from the same probabilities (false-block rate);
* accuracy −10 / −20 points — the current run's mean accuracy attempt pass rate is 10 / 20 points lower (the drop
  spread evenly over the accuracy scenarios that can still fail more);
* one scenario always fails — one deterministic-pass scenario (any kind) now fails every attempt.

Each line: one setting of runs per scenario (same for baseline and current). "metric" = a metric rule blocked
(drop > threshold and Fisher p ≤ 0.05), "scenario" = the per-scenario rule, "floor", "breach"; "any" = the gate
blocked. A last block sweeps the share of flaky scenarios at the default 3 runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from evaluations.gate import rules as gate  # noqa: E402

KINDS = ["accuracy"] * 8 + ["guardrails"] * 6 + ["tool_calls"] * 5 + ["pii"] * 4 + ["red_team"] * 30
P_DETERMINISTIC_PASS, P_DETERMINISTIC_FAIL = 0.75, 0.08  # the rest (0.17) is flaky
RUNS_SETTINGS = (1, 3, 5, 10)
PROFILE = gate.Profile(mode=gate.SAVED)


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


CHANGES = ("none", "acc10_spread", "acc20_spread", "acc10_flip", "acc20_flip", "always_fail")


def simulate(change: str, *, runs: int, pairs: int, seed: int, flaky_share: float | None = None) -> Counter[str]:
    rng = random.Random(f"{seed}:{change}:{runs}:{flaky_share}")
    tally: Counter[str] = Counter()
    for _ in range(pairs):
        suite = draw_suite(rng, flaky_share=flaky_share)
        if change == "none":
            current = suite
        elif change == "always_fail":
            current = one_always_failing(suite, rng)
        else:
            points = 10 if change.startswith("acc10") else 20
            current = accuracy_drop(suite, points, spread=change.endswith("spread"))
        base = gate.simulate_run(suite, runs=runs, rng=rng, profile=PROFILE)
        cur = gate.simulate_run(current, runs=runs, rng=rng, profile=PROFILE)
        tally.update(blocked_by(gate.compare(base, cur), current))
    return tally


def pct(n: int, pairs: int) -> str:
    return f"{100 * n / pairs:5.1f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2000, help="baseline/current pairs per setting (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--quick", action="store_true", help="20 pairs per setting: a smoke run (the rates mean little)"
    )
    args = parser.parse_args()
    if args.quick:
        args.pairs = 20
    pairs, started = args.pairs, time.perf_counter()
    print(f"Gate simulation: 53 scenarios (8 accuracy, 6 guardrails, 5 tool calls, 4 PII, 30 red team), "
          f"~17% flaky (fail 10–50%), {pairs} pairs per setting, seed {args.seed}")  # fmt: skip
    for runs in RUNS_SETTINGS:
        r = {change: simulate(change, runs=runs, pairs=pairs, seed=args.seed) for change in CHANGES}
        none = r["none"]
        excess = 100 * none["any"] / pairs - 5.0
        print(
            f"runs={runs:<2} false-block {pct(none['any'], pairs)}"
            + (f" ({excess:+.1f} pts over 5%)" if excess > 0 else "")
            + f" = metric {pct(none['metric'], pairs)}, scenario {pct(none['scenario'], pairs)}, "
            f"floor {pct(none['floor'], pairs)} (true rate at/above the floor {pct(none['floor_true_ok'], pairs)}), "
            f"breach {pct(none['breach'], pairs)} | power: accuracy -10 spread {pct(r['acc10_spread']['any'], pairs)} "
            f"(metric {pct(r['acc10_spread']['metric'], pairs)}), -20 spread {pct(r['acc20_spread']['any'], pairs)} "
            f"(metric {pct(r['acc20_spread']['metric'], pairs)}), -10 flipped {pct(r['acc10_flip']['any'], pairs)}, "
            f"-20 flipped {pct(r['acc20_flip']['any'], pairs)}, one scenario always failing "
            f"{pct(r['always_fail']['any'], pairs)}"
        )
    print("Flakiness sweep at runs=3 (no change): share of flaky scenarios → false-block rate")
    for share in (0.0, 0.1, 0.17, 0.3, 0.5):
        none = simulate("none", runs=3, pairs=pairs, seed=args.seed, flaky_share=share)
        print(
            f"flaky={share:4.0%} false-block: any {pct(none['any'], pairs)} (metric {pct(none['metric'], pairs)}, "
            f"scenario {pct(none['scenario'], pairs)}, floor {pct(none['floor'], pairs)}, "
            f"breach {pct(none['breach'], pairs)}; true rate at/above the floor {pct(none['floor_true_ok'], pairs)})"
        )
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
