"""One row of a run list (the runs page, the dashboard, the agent page): the run, its gate verdict as the report
says it (a PASS with breaches is not plain green), where it was launched (web or CI, with the commit, branch and
job URL a CI step sent) and its trust score with what it is over (docs/runs.md#run-lists). Pure: the reads are
``reports.selectors.run_rows``."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from evaluations.gate.labels import result_display, run_breaches
from evaluations.gate.results import GateResult
from evaluations.runs.choices import RunStatus
from evaluations.runs.snapshot import CiSource
from evaluations.scoring.coverage import coverage_of, score_text

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


@dataclasses.dataclass(frozen=True)
class RunRow:
    run: EvaluationRun
    gate: GateResult | None  # finished runs only
    verdict: dict[str, str] | None  # ``gate.labels.state_display``: label, badge, sentence, short
    source: str  # "Web" | "CI"
    ci: CiSource
    score: dict[str, Any]  # ``scoring.coverage.score_text``: text, number, enough, coverage

    @property
    def is_finished(self) -> bool:
        return self.run.status == RunStatus.SUCCEEDED


def run_row(run: EvaluationRun, gate: GateResult | None) -> RunRow:
    """The row of ``run`` (all columns loaded) with its gate (None unless it finished)."""
    settings = run.settings
    verdict = None
    if gate is not None:
        total, critical = run_breaches(run.metrics, run.scenarios)
        verdict = result_display(gate, run_id=run.pk, breaches=total, critical=critical)
    score = score_text(run.trust_score, coverage_of(run.metrics), minimum=settings.gate_options.coverage_minimum)
    return RunRow(run, gate, verdict, settings.source_label, settings.ci_source, score)
