"""The gate bench's limit line: which changes no gate could block, whatever its test (bench/gate_simulation.py)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from evaluations.gate import rules as gate

_path = Path(__file__).resolve().parents[2] / "bench" / "gate_simulation.py"
_spec = importlib.util.spec_from_file_location("gate_simulation", _path)
assert _spec is not None and _spec.loader is not None
bench = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("gate_simulation", bench)
_spec.loader.exec_module(bench)


def _limits(flipped: int, runs: int = 3) -> set[str]:
    suite = [gate.SimScenario(f"s{i}", kind, 1.0) for i, kind in enumerate(bench.KINDS)]
    current = [gate.SimScenario(s.key, s.kind, 0.0 if i < flipped else 1.0) for i, s in enumerate(suite)]
    rng = random.Random(1)  # every probability is 0 or 1: the counts do not depend on the draws
    base = gate.simulate_run(suite, runs=runs, rng=rng, profile=bench.PROFILE)
    cur = gate.simulate_run(current, runs=runs, rng=rng, profile=bench.PROFILE)
    accuracy = next(m for m in gate.compare(base, cur).metrics if m.key == "response_accuracy")
    return bench._limits(accuracy, base, cur, suite)


def test_one_scenario_going_from_3_of_3_to_0_of_3_is_beyond_a_gate_that_guards_anything_else() -> None:
    # Its chance with nothing changed is exactly 1/20: blocking it takes the gate's whole 5 %.
    assert _limits(flipped=1) == {"unblockable", "beyond_any_gate", "accuracy_alone_threshold"}


def test_two_flipped_scenarios_or_five_runs_are_within_reach() -> None:
    assert _limits(flipped=2) == {"accuracy_alone_threshold"}  # 1/400
    assert _limits(flipped=1, runs=5) == {"accuracy_alone_threshold"}  # 5/5 → 0/5: 1/252
