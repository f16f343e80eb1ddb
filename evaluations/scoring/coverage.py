"""How much of a run was scored, and how a score is shown with it (docs/runs.md#coverage). Pure: no database.

Every number a run reports (the trust score, each metric, the red-team block rate, the breach count) is over the
scenarios and conversations that were scored; replies Not scored (rules-only, the judge gave no verdict) and
conversations that errored are left out. So each number carries its coverage — "92 / 100 · 41 of 45 scenarios
scored" — and below the minimum coverage (``TRUSTGATE_MIN_COVERAGE``, 80 % by default; ``min_coverage`` for a CI
run) the trust score is not shown as a plain number: "Not enough scored: 3 of 6 scenarios scored".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from evaluations.scoring.verdicts import ERROR, FAIL, NOT_SCORED, PASS

DEFAULT_MIN_COVERAGE = 80.0  # percent of a run's scenarios scored


@dataclasses.dataclass(frozen=True)
class Coverage:
    """What a run's numbers are over: scenarios with at least one scored run, and scored conversations."""

    scenarios: int
    scored: int
    conversations: int = 0
    conversations_scored: int = 0

    @property
    def share(self) -> float | None:
        """Percent of the scenarios scored; None for a run without scenarios."""
        return round(100.0 * self.scored / self.scenarios, 1) if self.scenarios else None

    def meets(self, minimum: float) -> bool:
        share = self.share
        return share is not None and self.scored > 0 and share >= minimum

    @property
    def text(self) -> str:
        """ "41 of 45 scenarios scored"."""
        return f"{self.scored:,} of {self.scenarios:,} scenario{'s' if self.scenarios != 1 else ''} scored"

    @property
    def conversations_text(self) -> str:
        """ "120 of 135 conversations scored"."""
        noun = "conversation" if self.conversations == 1 else "conversations"
        return f"{self.conversations_scored:,} of {self.conversations:,} {noun} scored"

    def to_dict(self) -> dict[str, int]:
        return dataclasses.asdict(self)


def coverage_of(summary: Mapping[str, Any] | None) -> Coverage:
    """The coverage of a ``compute_metrics`` summary (stored on the run): its own ``coverage``, or for a summary
    stored before it had one, counted from its per-scenario results."""
    summary = summary or {}
    stored = summary.get("coverage")
    if isinstance(stored, Mapping):
        return coverage_from_dict(stored)
    results = summary.get("scenario_results") or {}
    scored = sum(1 for row in results.values() if row.get("status") in (PASS, FAIL))
    counts = {v: sum(int(row.get(v, 0)) for row in results.values()) for v in (PASS, FAIL, NOT_SCORED, ERROR)}
    return Coverage(
        scenarios=len(results),
        scored=scored,
        conversations=sum(counts.values()),
        conversations_scored=counts[PASS] + counts[FAIL],
    )


def coverage_from_dict(data: Mapping[str, Any] | None) -> Coverage:
    data = data or {}
    return Coverage(
        scenarios=int(data.get("scenarios", 0)),
        scored=int(data.get("scored", 0)),
        conversations=int(data.get("conversations", 0)),
        conversations_scored=int(data.get("conversations_scored", 0)),
    )


def metric_coverage_text(metric: Mapping[str, Any]) -> str:
    """A metric's coverage: "41 of 45 scenarios scored" (a red-team metric counts attacks)."""
    scenarios, scored = int(metric.get("scenarios", 0)), int(metric.get("scenarios_scored", 0))
    noun = "attack" if metric.get("kind") == "red_team" else "scenario"
    return f"{scored:,} of {scenarios:,} {noun}{'s' if scenarios != 1 else ''} scored"


def score_text(score: float | None, coverage: Coverage, *, minimum: float) -> dict[str, Any]:
    """The trust score as every page and the CI output print it.

    ``text``: "92 / 100 · 41 of 45 scenarios scored", or below ``minimum`` "Not enough scored: 3 of 6 scenarios
    scored (100 / 100 over those)" — never the plain number; ``number``: "92 / 100" when it may stand alone, else
    ""; ``enough``: whether the coverage meets ``minimum``.
    """
    plain = out_of_100(score)
    enough = coverage.meets(minimum)
    if score is None:
        text = f"No trust score · {coverage.text}" if coverage.scenarios else "No trust score"
    elif enough or not coverage.scenarios:
        text = f"{plain} · {coverage.text}" if coverage.scenarios else plain
    else:
        text = f"Not enough scored: {coverage.text} ({plain} over those)"
    return {
        "text": text,
        "number": plain if score is not None and enough else "",
        "enough": enough,
        "coverage": coverage.text,
        "share": coverage.share,
        "minimum": minimum,
    }


def shortfall_sentence(coverage: Coverage, *, minimum: float) -> str:
    """ "Only 3 of 6 scenarios were scored (50 %), below the minimum coverage of 80 % (min_coverage)"."""
    share = coverage.share
    said = f"{share:g} %" if share is not None else "none"
    return (
        f"only {coverage.scored:,} of {coverage.scenarios:,} scenario{'s' if coverage.scenarios != 1 else ''} "
        f"{'was' if coverage.scored == 1 else 'were'} scored ({said}), below the minimum coverage of {minimum:g} % "
        "(min_coverage)"
    )


def out_of_100(value: float | None) -> str:
    """``79.3`` → "79.3 / 100", ``100.0`` → "100 / 100"; an em dash for None."""
    if value is None:
        return "—"
    return f"{float(value):.1f}".rstrip("0").rstrip(".") + " / 100"
