"""The power planner as the pages, the launch plan and the CI API show it (docs/gate.md, "The power planner"):
estimates of what the gate catches with given settings, from the bench's model (``rules/planner.py``), and the
one low-power warning every place quotes. Each figure is deterministic (a fixed seed), so it is kept in the shared
cache once computed: a 53-scenario suite's figure takes about 0.6 s the first time.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from django.core.cache import caches

from evaluations.gate import rules as gate
from evaluations.gate.rules import planner
from evaluations.gate.rules.confirmation import MAX_CONFIRMATION_RUNS
from evaluations.gate.rules.planner import FLIP, ONE, SPREAD, Drop, Setting

CACHE_VERSION = "v2"  # v2: the setting carries its confirmation runs
BASELINE_SIZES = (3, 5, 10, 20)  # the pin confirmation's table: the gate's power by the baseline's size
WARNING_RUNS = (3, 5, 10, 20)  # the runs per scenario a low-power warning may advise
DROP_SHAPES = {ONE: "one scenario stops passing", FLIP: "scenarios flip to failing", SPREAD: "a metric drop spread"}


class NotEstimated(Exception):  # noqa: N818 (a state, not an error)
    """A figure is not in the cache yet and was not to be computed (``power_plan_cached``)."""


def figure(setting: Setting, drop: Drop, *, compute: bool = True) -> float:
    """``planner.power`` through the shared cache (the figure does not change: a fixed seed). Raises NotEstimated
    when it is not cached and ``compute`` is False."""
    key = (
        f"trustgate:planner:{CACHE_VERSION}:{planner.PAIRS}:{planner.SEED}:{setting.runs}:{setting.baseline_runs}:"
        + ",".join(f"{kind}={n}" for kind, n in setting.kinds)
        + f":c{setting.confirmation}:{drop.shape}:{drop.size}"
    )
    cache = caches["limits"]
    cached = cache.get(key)
    if cached is not None:
        return float(cached)
    if not compute:
        raise NotEstimated(key)
    value = planner.power(setting, drop)
    cache.set(key, value, 30 * 24 * 3600)
    return value


_figure = figure


def planner_setting(
    *, runs: int, baseline_runs: int | None, kinds: Iterable[str], confirmation_runs: int = 0
) -> Setting:
    """The planner's setting for a run of ``runs`` per scenario against a baseline of ``baseline_runs`` (None: no
    baseline yet, modelled as one of the same size) over scenarios of these kinds, with up to ``confirmation_runs``
    more of each scenario its first pass leaves open (docs/gate.md, *Confirmation runs*; 0: none). Confirmation runs
    need a baseline to compare with: without one they are not modelled."""
    return Setting.of(
        runs=runs,
        baseline_runs=baseline_runs,
        kinds=[str(kind) for kind in kinds],
        confirmation_runs=confirmation_runs if baseline_runs is not None else 0,
    )


def percent(value: float) -> str:
    """ "27 %": a simulated share, rounded to whole percent (the figures are ±5 points)."""
    return f"{math.floor(100 * value + 0.5)} %"


def _runs_phrase(setting: Setting, has_baseline: bool) -> str:
    against = f" against a baseline of {setting.baseline_runs}" if has_baseline else ""
    return f"{setting.runs} run{'s' if setting.runs != 1 else ''} per scenario{against}"


def confirming_phrase(confirmation: int) -> str:
    """ "up to 2 confirmation runs of each scenario the first pass leaves open", "" without confirmation runs: the
    one wording of the planner's sentence and the CI logs' power line."""
    if not confirmation:
        return ""
    return f"up to {confirmation} confirmation run{'s' if confirmation != 1 else ''} of each scenario the first pass leaves open"


def _confirming(setting: Setting) -> str:
    return f", with {confirming_phrase(setting.confirmation)}" if setting.confirmation else ""


def _scenarios(n: int) -> str:
    return f"{n} scenario{'s' if n != 1 else ''}"


def advised_runs(setting: Setting, has_baseline: bool) -> int | None:
    """The fewest runs per scenario of ``WARNING_RUNS`` (of the run; of the run and its baseline alike when none is
    pinned yet) at which a scenario that passed every baseline run and failed every current one can block on its
    own: its Fisher p, 1 / C(b + n, n), within the level times the scenario rules' weight in the correction
    (docs/gate.md, "The power planner"). None: none of them, against this baseline (it is too small)."""
    for n in WARNING_RUNS:
        baseline = setting.baseline_runs if has_baseline else n
        if gate.is_significant(1 / math.comb(baseline + n, n), gate.ALPHA * gate.SCENARIO_WEIGHT):
            return n
    return None


@dataclasses.dataclass(frozen=True)
class OneScenario:
    """The figures the low-power warning quotes: how often a single scenario that stops passing is caught now,
    the runs per scenario advised, and how often it is caught with them."""

    caught: float
    advised: int | None
    caught_advised: float | None


def one_scenario(setting: Setting, has_baseline: bool, *, compute: bool = True) -> OneScenario:
    """Two planner figures at most: now, and with the advised runs (only when now is under 95 %)."""
    caught = _figure(setting, Drop(ONE), compute=compute)
    if caught >= planner.TARGETS[1]:
        return OneScenario(caught, None, None)
    advised = advised_runs(setting, has_baseline)
    if advised is None or advised <= setting.runs:
        return OneScenario(caught, advised, None)
    at = setting.with_runs(advised, setting.baseline_runs if has_baseline else advised)
    return OneScenario(caught, advised, _figure(at, Drop(ONE), compute=compute))


def power_warning(*, setting: Setting, has_baseline: bool, compute: bool = True) -> str:
    """The low-power warning for these settings, empty when a single scenario that stops passing is caught at least
    95 % of the time: the planner's figure and what to do, with the figure that reaches. The one sentence the launch
    form, the run page, the Use in CI page, the CI API and every CI log show. The figure models the setting's
    confirmation runs (docs/gate.md, *Confirmation runs*) when it has them."""
    if not setting.kinds:
        return ""
    one = one_scenario(setting, has_baseline, compute=compute)
    if one.caught >= planner.TARGETS[1]:
        return ""
    lead = (
        f"Estimate for {_runs_phrase(setting, has_baseline)} over {_scenarios(setting.scenarios)}"
        f"{_confirming(setting)}: a single "
        f"scenario that stops passing is caught about {percent(one.caught)} of the time."
    )
    if one.advised is not None and one.caught_advised is not None:
        advice = f" Use {one.advised} runs per scenario to catch it about {percent(one.caught_advised)} of the time" + (
            "." if not has_baseline else ", or pin a baseline topped up to more runs per scenario."
        )
    elif one.advised is not None:  # enough runs for a lone scenario to block: the shortfall is the estimate's noise
        advice = " These runs per scenario let a single scenario block on its own; the rest is this estimate's noise."
    elif has_baseline:
        advice = (
            " More runs of this run alone cannot make one scenario's regression block on its own: the baseline is too "
            "small; pin a baseline topped up to more runs per scenario (Pin as baseline offers it)."
        )
    else:
        advice = " Only a drop its metric shows can block; more runs per scenario let a single scenario block alone."
    return lead + advice


def power_summary(*, setting: Setting, has_baseline: bool) -> dict[str, Any]:
    """The planner's figures the CI API returns beside the warning (docs/ci.md): the warning's own, for the whole
    run, its confirmation runs included (``confirmation_runs``: the most per open scenario the figures model)."""
    one = one_scenario(setting, has_baseline)
    return {
        "estimate": True,
        "model": "bench/gate_simulation.py",
        "runs_per_scenario": setting.runs,
        "baseline_runs_per_scenario": setting.baseline_runs if has_baseline else None,
        "scenarios": setting.scenarios,
        "one_scenario_caught": round(one.caught, 2),
        "advised_runs_per_scenario": one.advised,
        "one_scenario_caught_with_advised": round(one.caught_advised, 2) if one.caught_advised is not None else None,
        "confirmation_runs": setting.confirmation,
        "warning": power_warning(setting=setting, has_baseline=has_baseline),
    }


@dataclasses.dataclass(frozen=True)
class Caught:
    """The smallest drop of a shape the gate catches at a target rate: ``size`` scenarios (flip) or points (spread),
    None when none of the sizes tried is caught that often."""

    target: float
    size: int | None
    text: str


@dataclasses.dataclass(frozen=True)
class PowerPlan:
    """Everything the planner widget shows for one setting (docs/gate.md, "The power planner")."""

    setting: Setting
    has_baseline: bool
    one_scenario: float
    false_blocks: float
    flips: tuple[Caught, ...]
    spreads: tuple[Caught, ...]
    drop: Drop
    drop_text: str
    drop_power: float
    runs_for_drop: tuple[tuple[float, int | None], ...]  # (target, runs per scenario of the run) for the chosen drop
    by_baseline: tuple[tuple[int, float, float], ...]  # (baseline size, one scenario, the chosen drop)
    warning: str

    @property
    def runs_phrase(self) -> str:
        return _runs_phrase(self.setting, self.has_baseline)


def drop_text(setting: Setting, drop: Drop) -> str:
    kind = setting.drop_kind.replace("_", " ")
    if drop.shape == ONE:
        return "a single scenario that stops passing"
    if drop.shape == FLIP:
        points = 100 * drop.size / max(1, setting.drop_scenarios)
        return f"{drop.size} of {setting.drop_scenarios} {kind} scenarios flipping to failing (−{points:.0f} points)"
    return f"{kind} {drop.size} points lower, spread over its {setting.drop_scenarios} scenarios"


def power_plan_cached(*, setting: Setting, has_baseline: bool, drop: Drop | None = None) -> PowerPlan | None:
    """``power_plan`` when every figure it needs is cached already, else None (nothing is computed)."""
    try:
        return power_plan(setting=setting, has_baseline=has_baseline, drop=drop, compute=False)
    except NotEstimated:
        return None


def power_plan(*, setting: Setting, has_baseline: bool, drop: Drop | None = None, compute: bool = True) -> PowerPlan:
    """The planner's figures for ``setting``; ``drop`` is the one to size runs for (default: one scenario). Up to
    some 20 figures: about 15 s the first time for a 53-scenario suite, so the pages have a task compute it
    (``services.power_plan_request``) and read it cached."""
    drop = drop or Drop(ONE)

    def figure(at: Setting, what: Drop) -> float:  # noqa: F811 (the module's, told whether to compute)
        return _figure(at, what, compute=compute)

    flips, spreads = [], []
    for target in planner.TARGETS:
        k = planner.flips_caught(setting, target, figure=figure)
        flips.append(Caught(target, k, drop_text(setting, Drop(FLIP, k)) if k else "none of the sizes tried"))
        points = planner.spread_caught(setting, target, figure=figure)
        spreads.append(
            Caught(target, points, drop_text(setting, Drop(SPREAD, points)) if points else "none of the sizes tried")
        )
    vary = "runs" if has_baseline else "both"
    runs_for = tuple((t, planner.runs_needed(setting, drop, t, vary=vary, figure=figure)) for t in planner.TARGETS)
    by_baseline = tuple(
        (size, figure(setting.with_runs(baseline_runs=size), Drop(ONE)),
         figure(setting.with_runs(baseline_runs=size), drop))
        for size in (sorted({setting.baseline_runs, *BASELINE_SIZES}) if has_baseline else ())
    )  # fmt: skip
    return PowerPlan(
        setting=setting,
        has_baseline=has_baseline,
        one_scenario=figure(setting, Drop(ONE)),
        false_blocks=figure(setting, Drop(FLIP, 0)),
        flips=tuple(flips),
        spreads=tuple(spreads),
        drop=drop,
        drop_text=drop_text(setting, drop),
        drop_power=figure(setting, drop),
        runs_for_drop=runs_for,
        by_baseline=by_baseline,
        warning=power_warning(setting=setting, has_baseline=has_baseline, compute=compute),
    )


def parse_drop(shape: str, size: str, setting: Setting) -> tuple[Drop, str]:
    """The drop a planner form chose, and a sentence when the input was unusable (then the default, one scenario)."""
    if shape not in DROP_SHAPES:
        return Drop(ONE), "" if not shape else "Choose one of the drops offered."
    if shape == ONE:
        return Drop(ONE), ""
    try:
        value = int(str(size)[:6])
    except (TypeError, ValueError):
        return Drop(ONE), "The size of the drop must be a whole number."
    if shape == FLIP and not 1 <= value <= max(1, setting.drop_scenarios):
        return Drop(ONE), f"Between 1 and {setting.drop_scenarios} scenarios can flip in this suite."
    if shape == SPREAD and not 1 <= value <= 100:
        return Drop(ONE), "A metric drop is between 1 and 100 points."
    return Drop(shape, value), ""


def kinds_text(setting: Setting) -> str:
    """The setting's kinds as the planner's query carries them: "accuracy:8,guardrails:6"."""
    return ",".join(f"{kind}:{n}" for kind, n in setting.kinds)


def planner_query(*, runs: int, baseline_runs: int | None, kinds: Iterable[str], confirmation_runs: int = 0) -> str:
    """The query string of the planner widget for these settings (``views.power_planner``)."""
    setting = planner_setting(runs=runs, baseline_runs=baseline_runs, kinds=kinds, confirmation_runs=confirmation_runs)
    query = {"runs": setting.runs, "kinds": kinds_text(setting)}
    if baseline_runs is not None:
        query["baseline"] = setting.baseline_runs
    if setting.confirmation:
        query["confirm"] = setting.confirmation
    return urlencode(query)


MAX_PLANNER_RUNS, MAX_PLANNER_SCENARIOS = 20, 2000


def parse_setting(query: Mapping[str, str]) -> tuple[Setting | None, bool, str]:
    """The planner's setting from its query (``runs``, ``baseline``, ``kinds``, ``confirm``: confirmation runs),
    whether a baseline is given, and a sentence when the query is unusable (then no setting)."""
    try:
        runs = int(str(query.get("runs", ""))[:6])
        baseline = int(str(query["baseline"])[:6]) if query.get("baseline") else None
    except ValueError:
        return None, False, "Runs per scenario must be whole numbers."
    try:
        confirm = int(str(query["confirm"])[:6]) if query.get("confirm") else 0
    except ValueError:
        return None, False, "Confirmation runs must be a whole number."
    if not 0 <= confirm <= MAX_CONFIRMATION_RUNS:
        return None, False, f"Confirmation runs must be between 0 (off) and {MAX_CONFIRMATION_RUNS}."
    if not 1 <= runs <= MAX_PLANNER_RUNS or (baseline is not None and not 1 <= baseline <= MAX_PLANNER_RUNS):
        return None, False, f"Runs per scenario must be between 1 and {MAX_PLANNER_RUNS}."
    counts: dict[str, int] = {}
    for part in str(query.get("kinds", ""))[:1000].split(","):
        kind, _, count = part.partition(":")
        if kind not in gate.METRIC_KEY_BY_KIND or not (count.isascii() and count.isdigit()) or len(count) > 6:
            return None, False, "The suite's kinds could not be read; open the planner from the page again."
        counts[kind] = counts.get(kind, 0) + int(count)
    if not 1 <= sum(counts.values()) <= MAX_PLANNER_SCENARIOS:
        return None, False, f"The planner models 1 to {MAX_PLANNER_SCENARIOS} scenarios."
    kinds = [kind for kind, n in counts.items() for _ in range(n)]
    setting = planner_setting(runs=runs, baseline_runs=baseline, kinds=kinds, confirmation_runs=confirm)
    return setting, baseline is not None, ""
