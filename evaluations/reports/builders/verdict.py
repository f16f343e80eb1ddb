"""The report's verdict header: "can I ship?" answered first, from stored aggregates only.

It reads the run's stored metrics, its baseline run's stored metrics (already loaded by the drift section), the
gate result and the scenario counts of ``report_data``; the one query it may add counts the conversations not
scored by cause and those that errored by kind (``runs.selectors.run_unscored_counts``), and only when there are
some. It never walks the attempts, so a 10,000-conversation run costs what a 10-conversation run does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.urls import reverse

from evaluations.gate import rules as gate_rules
from evaluations.gate.labels import PASS_WITH_BREACHES, result_display, run_breaches
from evaluations.runs.choices import RunStatus
from evaluations.runs.errors import errors_by_kind_text
from evaluations.runs.selectors import run_unscored_counts
from evaluations.runs.unscored import UnscoredCounts, unscored_for_run
from evaluations.scoring.coverage import coverage_of, shortfall_sentence
from evaluations.scoring.flakiness import FLAKY
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

SHOWN_REASONS = 2  # the rest are a click away in the drift section: the header must fit the first screen (a phone
# shows only the first, see trustgate.css)

# Gate state → the headline a person reads first (the label is the badge beside it).
HEADLINES = {
    "blocked": ("BLOCKED", "blocked", "Do not ship: this run is significantly worse than its baseline."),
    "pass": ("PASS", "pass", "No significant regression against the baseline."),
    "not_comparable": ("NOT COMPARABLE", "error", "The gate could not compare this run with its baseline."),
    "no_baseline": ("NO BASELINE", "not_scored", "Nothing to gate against yet."),
    "is_baseline": ("BASELINE", "pass", "This run is the pinned baseline: later runs are gated against it."),
}


def verdict_header(*, run: EvaluationRun, report: dict[str, Any], drift: dict[str, Any] | None) -> dict[str, Any]:
    """What the header shows: the gate state and its first reasons, the trust score out of 100 with its change
    since the baseline, breaches, failing and flaky scenario counts, what was not scored and why, and each metric
    card's change since the baseline. An active run gets no verdict (the header shows its progress instead)."""
    baseline_run = _baseline_run(run, drift)
    baseline_metrics = (baseline_run.metrics or {}).get("metrics", {}) if baseline_run is not None else {}
    compared, over = _compared(drift) if baseline_run is not None else ({}, None)
    cards = [_card(m, baseline_metrics.get(m["key"]), compared.get(m["key"]), over) for m in report.get("metrics", [])]
    if run.is_active:  # the progress panel's counts are the figures until the run ends
        return {"is_active": True, "cards": cards}
    counts = report.get("scenario_counts", {})
    label, badge, headline, reasons = _state(run, drift)
    coverage = report.get("coverage") or {}
    if drift and drift["gate"].state == "pass" and not drift.get("is_baseline") and not coverage.get("enough", True):
        badge = PASS_WITH_BREACHES  # the CI verdict fails such a run (gate/ci.py): not plain green here either
        short = shortfall_sentence(coverage_of(run.metrics), minimum=float(coverage.get("minimum", 0)))
        reasons = [f"Not enough scored for the gate to pass: {short}.", *reasons]
    return {
        "is_active": False,
        "label": label,
        "badge": badge,
        "headline": headline,
        "reasons": reasons[:SHOWN_REASONS],
        "reason_count": len(reasons),
        "trust": {
            **_trust(report.get("trust_score"), baseline_run, compared.get(gate_rules.TRUST_SCORE), over),
            "text": report.get("trust_score_text", ""),
            "number": report.get("trust_score_number", ""),
            "coverage": coverage,
        },  # fmt: skip
        "breaches": report.get("breaches", 0),
        "breaches_text": report.get("breaches_text", ""),
        "failing": counts.get(FAIL, 0),
        "flaky": counts.get(FLAKY, 0),
        "not_scored": _not_scored(run, run.metrics or {}),
        "failure_link": failure_link(run),
        "cards": cards,
    }


JUDGE_FAILURES = ("judge outage", "half or more of the replies unscored")  # the refund reasons the judge causes


def failure_link(run: EvaluationRun) -> dict[str, str] | None:
    """Where to go about what failed: the agent's settings and Test request when the agent could not be reached
    or answered nothing usable, the model provider's help when the judge failed; None when nothing failed that a
    link would help with."""
    if run.status != RunStatus.FAILED:
        return None
    if run.is_agent_down and run.agent_id is not None:
        return {
            "href": reverse("evaluations:agent-edit", args=[run.agent_id]) + "#test-request",
            "text": f"Check {run.agent_name}: its endpoint and settings, with a Test request",
        }
    if str(run.refund_reason or "").startswith(JUDGE_FAILURES):
        return {"href": reverse("help-provider"), "text": "Check the model provider (the judge) settings"}
    return None


def _baseline_run(run: EvaluationRun, drift: dict[str, Any] | None) -> EvaluationRun | None:
    """The baseline run this one is compared with: only when the gate compared them (a changed judge or
    scenario set makes the figures incomparable, so no change is shown)."""
    if not drift or drift.get("is_baseline") or drift.get("baseline") is None:
        return None
    if drift["gate"].state not in ("pass", "blocked"):
        return None
    return drift["baseline"].run


def _state(run: EvaluationRun, drift: dict[str, Any] | None) -> tuple[str, str, str, list[str]]:
    if run.status != RunStatus.SUCCEEDED:
        label = RunStatus(run.status).label.upper() if run.status in RunStatus.values else str(run.status).upper()
        why = run.error_message or "The run did not finish, so it is not gated."
        return (
            label,
            "fail" if run.status == RunStatus.FAILED else "not_scored",
            "Not gated: the run did not finish.",
            [why],
        )
    if not drift:
        return "NO BASELINE", "not_scored", HEADLINES["no_baseline"][2], []
    gate = drift["gate"]
    key = "is_baseline" if drift.get("is_baseline") else gate.state
    label, badge, headline = HEADLINES.get(key, (gate.state.upper(), "not_scored", ""))
    total, critical = run_breaches(run.metrics, run.scenarios)
    shown = result_display(gate, run_id=run.pk, breaches=total, critical=critical)
    if shown["badge"] == PASS_WITH_BREACHES:  # a PASS that holds breaches is not plain green (docs/gate.md)
        badge = shown["badge"]
        compared = f" (compared with run #{drift['baseline'].run_id})" if key == "pass" else ""
        headline = shown["sentence"].removeprefix(label + " ") + compared + "."
    verdict = drift.get("verdict")
    # The blocking reasons come first; the notes (watch list, warnings) only when nothing blocks.
    reasons = list(verdict.reasons) if verdict is not None and gate.state == "blocked" else list(gate.reasons)
    if key == "is_baseline":
        reasons = []
    elif gate.state == "pass" and drift.get("baseline") is not None and badge != PASS_WITH_BREACHES:
        headline = f"No significant regression against the baseline of run #{drift['baseline'].run_id}."
    return label, badge, headline, reasons


def _compared(drift: dict[str, Any] | None) -> tuple[Mapping[str, gate_rules.MetricComparison], int | None]:
    """When the suite changed since the baseline, the gate compared the scenarios that did not change alone
    (docs/gate.md#when-the-suite-changes): its figures over those, by metric key (the trust score's under
    ``TRUST_SCORE``), and how many they are. ``({}, None)`` when the suite did not change."""
    verdict = drift.get("verdict") if drift else None
    if not isinstance(verdict, gate_rules.GateVerdict) or verdict.change is None:
        return {}, None
    return {m.key: m for m in verdict.metrics}, verdict.change.compared


def _trust(
    score: float | None,
    baseline_run: EvaluationRun | None,
    compared: gate_rules.MetricComparison | None = None,
    over: int | None = None,
) -> dict[str, Any]:
    """The score and its change since the baseline, when there is a comparable one (the page prints
    "72 / 100, −6 since the baseline of run #12"); after a suite change, over the scenarios that did not change,
    as the gate compared them ("+3 since the baseline of run #12, over the 40 scenarios that did not change
    (69 → 72)")."""
    baseline_score = baseline_run.trust_score if baseline_run is not None else None
    current = score
    if over is not None:
        baseline_score = compared.baseline_value if compared is not None else None
        current = compared.current_value if compared is not None else None
    change = None if current is None or baseline_score is None else round(current - baseline_score, 1)
    return {
        "score": score,
        "change": change,
        "direction": _direction(change),
        "baseline_score": baseline_score,
        "baseline_run_id": baseline_run.pk if baseline_run is not None else None,
        "over": over,  # None: the whole runs; else the number of unchanged scenarios compared
        "over_score": current if over is not None else None,
    }


def _card(
    metric: dict[str, Any],
    baseline: dict[str, Any] | None,
    compared: gate_rules.MetricComparison | None = None,
    over: int | None = None,
) -> dict[str, Any]:
    before = (baseline or {}).get("value")
    now = metric.get("value")
    if over is not None:  # the suite changed: over the unchanged scenarios, as the gate compared them
        before = compared.baseline_value if compared is not None else None
        now = compared.current_value if compared is not None else None
    change = None if now is None or before is None else round(now - before, 1)
    return {**metric, "change": change, "direction": _direction(change), "baseline_value": before, "over": over,
            "over_value": now if over is not None else None}  # fmt: skip


def _not_scored(run: EvaluationRun, summary: dict[str, Any]) -> list[str]:
    """Sentences on what was not scored and why: the count by cause first ("7 not scored: 3 rules-only (need the
    judge), 2 attacks answered ..."), a judge that stopped the run, and conversations that errored, by kind. A run
    written before causes were kept reads as it did: rules only, or a judge that gave no verdict."""
    attempts = summary.get("attempts", {})
    total = sum(int(n) for n in attempts.values())
    not_scored, errors = int(attempts.get(NOT_SCORED, 0)), int(attempts.get(ERROR, 0))
    lines = []
    of = f" of {total:,}" if total else ""
    noun = "conversations" if total > 1 else "conversation"  # "1 of 12 conversations", "1 conversation"
    counts = run_unscored_counts(run=run) if not_scored or errors else UnscoredCounts()
    if not_scored and (errors or not counts.is_legacy):  # the count by cause first
        lines.append(f"{unscored_for_run(run=run, counts=counts)}.")
    if not_scored and counts.is_legacy and run.is_rules_only:  # a run written before causes were kept
        lines.append(
            f"{not_scored:,}{of} {noun} not scored: "
            "they need the LLM judge, and this run is rules-only (no judge configured)."
        )
    elif not_scored and counts.is_legacy:
        lines.append(
            f"{not_scored:,}{of} {noun} not scored: the judge gave no verdict (each one's reason is shown with its scenario)."
        )
    if str(run.refund_reason or "").startswith("judge outage"):
        lines.append("The judge could not score the first replies that needed it, so the run stopped early.")
    if errors:
        kinds = errors_by_kind_text(Counter(counts.error_kinds))
        lines.append(f"{errors:,}{of} {noun} errored (no usable reply)" + (f": {kinds}." if kinds else "."))
    return lines


def _direction(change: float | None) -> str:
    if not change:
        return "same"
    return "up" if change > 0 else "down"
