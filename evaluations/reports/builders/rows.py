"""One row of a run list (the runs page, the dashboard, the agent page): the run, its gate verdict as the report
says it (a PASS with breaches is not plain green), where it was launched (web or CI, with the commit, branch and
job URL a CI step sent) and its trust score with what it is over (docs/runs.md#run-lists). A finished run shows its
verdict at finish, from its verdict record, and what the record says now beside it when that reads differently
(docs/gate.md#the-verdict-record). Pure: the reads are ``reports.selectors.run_rows``."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from evaluations.gate.labels import json_display, result_display, run_breaches
from evaluations.gate.records import ListedVerdict
from evaluations.gate.results import GateResult
from evaluations.runs.choices import RunStatus
from evaluations.runs.snapshot import CiSource
from evaluations.scoring.coverage import coverage_of, score_text

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


@dataclasses.dataclass(frozen=True)
class RunRow:
    run: EvaluationRun
    verdict: dict[str, str] | None  # finished runs only: ``gate.labels.state_display`` (label, badge, sentence, short)
    reasons: tuple[str, ...]  # the reasons of that verdict, then its notes (as ``GateResult.reasons`` joins them)
    source: str  # "Web" | "CI"
    ci: CiSource
    score: dict[str, Any]  # ``scoring.coverage.score_text``: text, number, enough, coverage
    now: dict[str, str] | None = None  # the record's latest revision when it reads differently: label, badge, sentence
    recorded: bool = False  # the verdict is the one recorded at finish (False: a run without a record, gated now)

    @property
    def is_finished(self) -> bool:
        return self.run.status == RunStatus.SUCCEEDED


def run_row(run: EvaluationRun, *, record: ListedVerdict | None = None, gate: GateResult | None = None) -> RunRow:
    """The row of ``run`` (all columns loaded): a finished run's verdict from its ``record`` when it has one, else
    from ``gate`` (the gate now, for a run finished before verdicts were recorded); neither for any other run."""
    settings = run.settings
    score = score_text(run.trust_score, coverage_of(run.metrics), minimum=settings.gate_options.coverage_minimum)
    verdict: dict[str, str] | None = None
    reasons: tuple[str, ...] = ()
    now: dict[str, str] | None = None
    if run.status == RunStatus.SUCCEEDED and (record is not None or gate is not None):
        total, critical = run_breaches(run.metrics, run.scenarios)
        if record is not None:
            verdict = json_display(record.at_finish.gate, run_id=run.pk, breaches=total, critical=critical)
            said = record.at_finish.gate
            reasons = tuple(str(line) for line in [*(said.get("reasons") or ()), *(said.get("notes") or ())])
            latest = json_display(record.latest.gate, run_id=run.pk, breaches=total, critical=critical)
            if latest["label"] != verdict["label"]:  # another state, or the run has become the baseline since
                sentence = f"Now: {latest['label']} — {record.since}."
                now = {"label": latest["label"], "badge": latest["badge"], "sentence": sentence}
        elif gate is not None:
            verdict = result_display(gate, run_id=run.pk, breaches=total, critical=critical)
            reasons = gate.reasons
    return RunRow(run, verdict, reasons, settings.source_label, settings.ci_source, score, now, record is not None)
