"""When the suite changed since the baseline (docs/gate.md, "When the suite changes"): which scenarios are the same
in both runs, by content rather than by key, which are new, which were edited and which are gone. The gate then
compares the runs on the unchanged scenarios alone, instead of not comparing them at all."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

SHOWN_NAMES = 5


@dataclasses.dataclass(frozen=True)
class Scenario:
    """One scenario of a run, as matching sees it: its key in that run, its name and its content hash
    (``evaluations.core.specs.scenario_identity``)."""

    key: str
    name: str
    identity: str


@dataclasses.dataclass(frozen=True)
class SuiteChange:
    baseline_version: int | None
    current_version: int | None
    matched: tuple[tuple[str, str], ...]  # (baseline key, current key) of each unchanged scenario
    new: tuple[str, ...] = ()  # names of this run's scenarios the baseline did not have
    edited: tuple[str, ...] = ()  # names of scenarios in both whose content changed: no baseline for them yet
    gone: tuple[str, ...] = ()  # names of the baseline's scenarios this run no longer has
    gone_keys: tuple[str, ...] = ()  # their keys in the baseline, in the same order

    @property
    def compared(self) -> int:
        return len(self.matched)

    def sentence(self) -> str:
        """What changed and what the gate did about it, in a sentence or three."""
        versions = (
            f" (version {self.baseline_version} → {self.current_version})"
            if self.baseline_version != self.current_version
            else ""
        )
        if not self.matched:
            return (
                f"The suite changed since the baseline{versions}, and none of this run's scenarios is in the baseline "
                "unchanged, so there is nothing to compare."
            )
        out = [
            f"The suite changed since the baseline{versions}: the gate compared the {_count(self.compared)} that did "
            "not change."
        ]
        if self.new or self.edited:
            no_baseline = [*self.new, *self.edited]
            out.append(
                f"No baseline yet for {_count(len(no_baseline), 'new or edited scenario')}: {_names(no_baseline)}."
            )
        if self.gone:
            out.append(f"Gone since the baseline (retired or replaced): {_names(self.gone)}.")
        return " ".join(out)


def _count(n: int, noun: str = "scenario") -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _names(names: Sequence[str]) -> str:
    shown = ", ".join(f"“{name}”" for name in names[:SHOWN_NAMES])
    return shown + (f" and {len(names) - SHOWN_NAMES} more" if len(names) > SHOWN_NAMES else "")


def match_scenarios(
    baseline: Sequence[Scenario],
    current: Sequence[Scenario],
    *,
    baseline_version: int | None = None,
    current_version: int | None = None,
) -> SuiteChange:
    """Pair each scenario of ``current`` with one of ``baseline`` of the same content: the one with the same key
    first, then the first one left, in run order (two identical scenarios pair in order). The rest is new, edited
    (same key or name, other content) or gone."""
    left = list(baseline)
    matched: list[tuple[str, str]] = []
    unmatched: list[Scenario] = []
    for scenario in current:
        same = next((b for b in left if b.identity == scenario.identity and b.key == scenario.key), None)
        same = same or next((b for b in left if b.identity == scenario.identity), None)
        if same is None:
            unmatched.append(scenario)
            continue
        left.remove(same)
        matched.append((same.key, scenario.key))
    new: list[str] = []
    edited: list[str] = []
    for scenario in unmatched:
        earlier = next((b for b in left if b.key == scenario.key), None)
        earlier = earlier or next((b for b in left if b.name == scenario.name), None)
        if earlier is None:
            new.append(scenario.name)
        else:
            left.remove(earlier)
            edited.append(scenario.name)
    return SuiteChange(
        baseline_version,
        current_version,
        tuple(matched),
        tuple(new),
        tuple(edited),
        tuple(b.name for b in left),
        tuple(b.key for b in left),
    )
