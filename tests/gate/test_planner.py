"""The power planner (docs/gate.md): its figures grow with the runs and the baseline's size, agree with the bench's
model, and its widget says what it estimates, or what to fix in its input."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.urls import reverse

from evaluations.gate.rules import planner
from evaluations.gate.rules.planner import BENCH_KINDS, FLIP, ONE, SPREAD, Drop, Setting

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import gate_simulation as bench  # noqa: E402

SMALL = (("accuracy", 4), ("guardrails", 2), ("red_team", 4))


def test_power_grows_with_the_runs_and_with_the_baselines_size() -> None:
    by_runs = [planner.power(Setting(n, n, SMALL), Drop(ONE)) for n in (1, 3, 5, 10)]
    assert by_runs == sorted(by_runs) and by_runs[0] < 0.2 and by_runs[-1] > 0.95
    by_baseline = [planner.power(Setting(3, n, BENCH_KINDS), Drop(ONE)) for n in (1, 3, 5, 10, 20)]
    assert by_baseline == sorted(by_baseline) and by_baseline[-1] > 0.95
    spread = [planner.power(Setting(3, n, BENCH_KINDS), Drop(SPREAD, 20)) for n in (3, 10)]
    assert spread[0] < spread[1]


def test_bigger_drops_are_caught_more_often_and_the_searches_agree() -> None:
    setting = Setting(3, 3, BENCH_KINDS)
    flips = [planner.power(setting, Drop(FLIP, k)) for k in range(0, 4)]
    assert flips == sorted(flips) and flips[0] <= 0.08  # k = 0: nothing changed, the false-block rate
    k80 = planner.flips_caught(setting, 0.80)
    assert k80 is not None and planner.power(setting, Drop(FLIP, k80)) >= 0.80
    assert k80 == 1 or planner.power(setting, Drop(FLIP, k80 - 1)) < 0.80
    assert planner.runs_needed(setting, Drop(ONE), 0.95) == 5  # 5/5 → 0/5 blocks on its own (docs/gate.md)


@pytest.mark.parametrize(("change", "drop"), [("always_fail", Drop(ONE)), ("acc20_spread", Drop(SPREAD, 20))])
def test_the_figures_agree_with_the_bench_within_its_noise(change: str, drop: Drop) -> None:
    pairs = 150
    tally = bench.simulate(change, runs=3, pairs=pairs, seed=7)
    ours = planner.power(Setting(3, 3, tuple(sorted(BENCH_KINDS))), drop)
    assert abs(ours - tally["any"] / pairs) <= 0.15  # two estimates of 150 pairs each: about ±0.11 at 95 %
    # With the bench's confirmation runs (its default, 6) the planner simulates the same two looks.
    confirmed = planner.power(Setting(3, 3, tuple(sorted(BENCH_KINDS)), bench.CONFIRMATION_RUNS), drop)
    assert abs(confirmed - tally["confirmed"] / pairs) <= 0.15


def test_confirmation_runs_are_modelled_and_keep_the_false_block_rate() -> None:
    first_pass = Setting(3, 3, BENCH_KINDS)
    confirming = Setting(3, 3, BENCH_KINDS, 6)
    assert planner.power(first_pass, Drop(ONE)) < 0.6 < 0.95 <= planner.power(confirming, Drop(ONE))
    assert planner.power(confirming, Drop(FLIP, 0)) <= 0.08  # nothing changed: still about 5 % at most


@pytest.mark.django_db
def test_the_widget_shows_the_estimates_for_the_settings_asked(
    client, alice, django_capture_on_commit_callbacks
) -> None:
    client.force_login(alice)
    query = {"runs": "3", "baseline": "3", "kinds": "accuracy:4,guardrails:2,red_team:4", "drop": "flip", "size": "2"}
    with django_capture_on_commit_callbacks(execute=True):  # the task computes the figures once this commits
        pending = client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"})
    assert "Estimating what the gate catches with 3 runs per scenario" in pending.content.decode()
    assert 'hx-trigger="every 2s"' in pending.content.decode()  # the widget polls until then
    page = client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"}).content.decode()
    assert 'hx-trigger="every 2s"' not in page
    assert page.startswith('<section id="power-planner"') and "estimate" in page
    assert "They are the gate's first pass alone, without confirmation runs" in page
    assert "3 runs per scenario against a baseline of 3, 10 scenarios of these kinds" in page.replace("\n", " ")
    assert "A single scenario that stops passing" in page and "How the gate's power grows" in page
    assert "2 of 4 accuracy scenarios flipping to failing (−50 points) is caught" in page
    full = client.get(reverse("evaluations:power-planner"), query).content.decode()
    assert "<h1>Power planner</h1>" in full
    # The run's confirmation runs, as the launch and pin pages pass them: modelled, and said.
    query["confirm"] = "6"
    with django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"})
    page = client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"}).content.decode()
    assert "They include the run's confirmation runs: up to 6 more attempts of each scenario" in page
    assert 'name="confirm" value="6"' in page  # the drop form keeps them


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"runs": "x", "kinds": "accuracy:4"}, "Runs per scenario must be whole numbers."),
        ({"runs": "50", "kinds": "accuracy:4"}, "Runs per scenario must be between 1 and 20."),
        ({"runs": "3", "kinds": "poetry:4"}, "The suite&#x27;s kinds could not be read"),
        ({"runs": "3", "kinds": "accuracy:99999999999"}, "The suite&#x27;s kinds could not be read"),
        ({"runs": "3", "kinds": "accuracy:1500,red_team:900"}, "The planner models 1 to 2000 scenarios."),
        ({"runs": "3", "baseline": "0", "kinds": "accuracy:4"}, "Runs per scenario must be between 1 and 20."),
        ({"runs": "3", "baseline": "3", "kinds": "accuracy:4", "confirm": "x"}, "must be a whole number."),
        ({"runs": "3", "baseline": "3", "kinds": "accuracy:4", "confirm": "11"}, "between 0 (off) and 10."),
    ],
)
def test_the_widget_says_what_is_wrong_with_its_input(client, alice, query, said) -> None:
    client.force_login(alice)
    response = client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"})
    assert response.status_code == 400 and said in response.content.decode()


@pytest.mark.django_db
def test_an_unusable_drop_is_said_and_the_default_shown(client, alice, django_capture_on_commit_callbacks) -> None:
    client.force_login(alice)
    query = {"runs": "3", "kinds": "accuracy:4", "drop": "flip", "size": "9"}
    with django_capture_on_commit_callbacks(execute=True):
        client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"})
    page = client.get(reverse("evaluations:power-planner"), query, headers={"HX-Request": "true"}).content.decode()
    assert "Between 1 and 4 scenarios can flip in this suite." in page
    assert "A single scenario that stops passing is caught" in page


@pytest.mark.django_db
def test_the_planner_task_is_safe_to_run_twice() -> None:
    from evaluations.gate.planner import parse_setting, power_plan_cached
    from evaluations.gate.services import power_plan_compute

    for _ in range(2):
        power_plan_compute(runs=2, baseline_runs=None, kinds="accuracy:3,pii:1", shape=ONE, size=0)
    setting, has_baseline, _ = parse_setting({"runs": "2", "kinds": "accuracy:3,pii:1"})
    assert setting is not None and not has_baseline
    plan = power_plan_cached(setting=setting, has_baseline=False)
    assert plan is not None and plan.by_baseline == () and 0 <= plan.one_scenario <= 1
