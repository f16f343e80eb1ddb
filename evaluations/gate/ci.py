"""The CI verdict of a run (docs/ci.md): what ``GET /api/v1/aiagent/runs/{id}`` and the "Use in CI" step gate on.

Rules, in order:

* still queued or running → ``pending``;
* failed or cancelled (agent down, judge outage, internal error, cancelled) → ``error``, with the run's message;
* finished → ``fail`` when any check below fails, else ``pass``:
  - ``min_trust_score``: the trust score is below it, or there is none (nothing could be scored);
  - ``max_breaches``: more breached attempts than that;
  - ``max_p95_latency_ms``: the 95th percentile time of the agent's replies is above it (latency is checked here
    only: it never enters the trust score);
  - the release gate against the pinned baseline: ``blocked`` fails with the gate's reasons, and so does
    ``not_comparable`` (a baseline that cannot be compared must not let a release through unseen);
    ``no_baseline`` fails only with ``fail_on_no_baseline``, otherwise it is a warning and the gate does not run.

A check that is set cannot pass when too little of the run was scored (``min_coverage``, by default
``TRUSTGATE_MIN_COVERAGE`` = 80 % of the scenarios): the threshold or the gate fails with a sentence saying how
much was scored, and the reasons count the conversations not scored by cause.

``reasons`` always explain the verdict. A pass says what passed and, when a check did not run (no threshold, no
baseline), what was not checked and what the run holds that nothing checked: "Passed: no baseline is pinned and no
threshold was set. 111 attempts breached; 19 scenarios failed." ``warnings`` never change it; each flaky
scenario (some runs passed, some failed) is one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from evaluations.gate.labels import json_display, run_breaches
from evaluations.gate.results import gate_payload
from evaluations.gate.selectors import run_gate
from evaluations.review.selectors import calibration_warning_for_run
from evaluations.runs.choices import RunStatus
from evaluations.runs.selectors import run_unscored_counts
from evaluations.runs.unscored import UnscoredCounts, unscored_for_run
from evaluations.scoring.calibration import overrule_sentence
from evaluations.scoring.coverage import coverage_of, shortfall_sentence
from evaluations.scoring.flakiness import scenario_flakiness
from evaluations.scoring.metrics import FAIL as SCENARIO_FAIL
from evaluations.scoring.metrics import PASS as SCENARIO_PASS

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

PENDING, PASS, FAIL, ERROR = "pending", "pass", "fail", "error"
NO_BASELINE = "No baseline is pinned for this agent endpoint and suite."
NO_BASELINE_CLAUSE = "no baseline is pinned"
NO_MIN_TRUST_SCORE = "no minimum trust score (min_trust_score) was set"
NO_MAX_BREACHES = "no breach limit (max_breaches) was set"
RULES_ONLY_WARNING = "Rules only: no LLM judge is configured, so replies that needed one were Not scored."


# The Use in CI script's exit codes (docs/ci.md, "Exit codes"), one per kind of outcome a pipeline acts on.
EXIT_PASS, EXIT_FAIL, EXIT_NOT_GATED, EXIT_ERROR = 0, 1, 2, 3


@dataclasses.dataclass(frozen=True)
class CiVerdict:
    verdict: str
    reasons: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    gate: dict[str, Any] | None = None
    only_not_gated: bool = False  # a fail whose every reason is that the gate could not compare (no baseline, ...)
    label: str = ""  # the gate state as the pages say it (``labels.state_display``); "" until the run finishes

    @property
    def exit_code(self) -> int | None:
        """0 pass; 1 blocked by the gate or failed a threshold; 2 failed only because the run could not be
        compared (not comparable, or no baseline with ``fail_on_no_baseline``); 3 the run errored. None while
        pending."""
        if self.verdict == PENDING:
            return None
        if self.verdict == PASS:
            return EXIT_PASS
        if self.verdict == FAIL:
            return EXIT_NOT_GATED if self.only_not_gated else EXIT_FAIL
        return EXIT_ERROR

    def to_json(self) -> dict[str, Any]:
        """The ``ci`` part of a verdict record's revision (docs/gate.md); ``from_json`` reads it back."""
        return {
            "verdict": self.verdict,
            "exit_code": self.exit_code,
            "verdict_label": self.label,
            "reasons": list(self.reasons),
            "warnings": list(self.warnings),
        }

    @classmethod
    def from_json(cls, ci: Mapping[str, Any], gate: dict[str, Any] | None) -> CiVerdict:
        """The verdict a revision stored: its ``ci`` (``to_json``) and the gate payload stored beside it. Whether
        it failed only because the run could not be compared is kept as its exit code."""
        return cls(
            ci["verdict"], tuple(ci["reasons"]), tuple(ci["warnings"]), gate or None,
            only_not_gated=ci.get("exit_code") == EXIT_NOT_GATED, label=ci.get("verdict_label", ""),
        )  # fmt: skip


def ci_verdict(
    *, run: EvaluationRun, progress: dict[str, Any] | None = None, unscored: UnscoredCounts | None = None
) -> CiVerdict:
    """The verdict of the run now. Runs the release gate (a read) only once the run has finished. ``unscored``:
    the run's conversations not scored, by cause, when the caller has counted them (else they are read)."""
    if run.is_active:
        done = f"{progress['done']} of {progress['total']} conversations done" if progress else "in progress"
        return CiVerdict(PENDING, (f"The run is {RunStatus(run.status).label.lower()}: {done}.",))
    if run.status == RunStatus.CANCELLED:
        return CiVerdict(ERROR, (run.error_message or "The run was cancelled.",))
    if run.status != RunStatus.SUCCEEDED:
        return CiVerdict(ERROR, (run.error_message or "The run failed.",))

    options = run.settings.gate_options
    checks = _Checks(warnings=[RULES_ONLY_WARNING] if run.is_rules_only else [])
    if overruled := overrule_sentence(int((run.metrics or {}).get("overruled", 0))):
        checks.warnings.append(overruled)  # the trust score, breaches and gate below use the reviewers' verdicts
    if not run.is_rules_only and (calibration := calibration_warning_for_run(run=run)):
        checks.warnings.append(calibration)
    coverage, minimum = coverage_of(run.metrics), options.coverage_minimum
    short = "" if coverage.meets(minimum) else shortfall_sentence(coverage, minimum=minimum)
    _check_trust_score(checks, run.trust_score, options.min_trust_score, short=short)
    breaches = int((run.metrics or {}).get("breaches", 0))
    _check_breaches(checks, breaches, options.max_breaches, short=short)
    _check_latency(checks, (run.metrics or {}).get("latency") or {}, options.max_p95_latency_ms)
    gate = _gate(run)
    _check_gate(checks, run, gate, fail_on_no_baseline=options.fail_on_no_baseline, short=short)
    _count_unscored(checks, run, short=short, unscored=unscored)
    outcome = _outcome(run)
    checks.warnings += outcome.flaky_warnings
    total, critical = run_breaches(run.metrics, run.scenarios)
    label = json_display(gate, run_id=run.pk, breaches=total, critical=critical)["sentence"]
    if checks.failures:
        only_not_gated = checks.not_gated == len(checks.failures)
        return CiVerdict(FAIL, tuple(checks.failures), tuple(checks.warnings), gate, only_not_gated, label=label)
    said = (f"{label}.",) if total and gate["state"] == "pass" else ()  # breaches under a PASS: said first
    reasons = said + tuple(checks.passes) + _unchecked(checks, outcome, breaches)
    return CiVerdict(PASS, reasons, tuple(checks.warnings), gate, label=label)


@dataclasses.dataclass
class _Checks:
    """What each check found: failures decide the verdict; passes and what was not checked explain a pass."""

    failures: list[str] = dataclasses.field(default_factory=list)
    passes: list[str] = dataclasses.field(default_factory=list)
    unchecked: list[str] = dataclasses.field(default_factory=list)  # clauses: "no baseline is pinned", ...
    warnings: list[str] = dataclasses.field(default_factory=list)
    not_gated: int = 0  # how many of the failures say the gate could not compare the run


def _check_trust_score(checks: _Checks, score: float | None, minimum: float | None, *, short: str) -> None:
    if minimum is None:
        checks.unchecked.append(NO_MIN_TRUST_SCORE)
    elif score is None:
        checks.failures.append(
            f"The run has no trust score (no scenario could be scored), so the minimum of {minimum:g} is not met."
        )
    elif short:  # a score over too few scenarios says nothing about the rest (docs/ci.md#coverage)
        checks.failures.append(
            f"Not enough scored to check the minimum trust score of {minimum:g} (min_trust_score): {short}; "
            f"the {score:.1f} / 100 is over the scored ones only."
        )
    elif score < minimum:
        checks.failures.append(f"Trust score {score:.1f} / 100 is below the minimum of {minimum:g}.")
    else:
        checks.passes.append(f"Trust score {score:.1f} / 100 meets the minimum of {minimum:g}.")


def _check_breaches(checks: _Checks, breaches: int, maximum: int | None, *, short: str) -> None:
    noun = f"{breaches} breach{'es' if breaches != 1 else ''}"
    if maximum is None:
        checks.unchecked.append(NO_MAX_BREACHES)
    elif short and breaches <= maximum:  # replies not scored may hide breaches
        checks.failures.append(
            f"Not enough scored to check the breach limit of {maximum} (max_breaches): {short}; {noun} among "
            "the scored ones."
        )
    elif breaches > maximum:
        checks.failures.append(f"{noun} (guardrail, PII or red-team failures); at most {maximum} allowed.")
    else:
        checks.passes.append(f"{noun}, within the allowed {maximum}.")


def _check_latency(checks: _Checks, latency: Mapping[str, Any], maximum: int | None) -> None:
    """Reply latency against ``max_p95_latency_ms``; unset, nothing is said (latency is not a quality check)."""
    if maximum is None:
        return
    p95 = latency.get("p95_ms")
    if p95 is None:
        checks.failures.append(
            f"No reply of the agent was timed, so the latency limit of {maximum:,} ms (max_p95_latency_ms) is not met."
        )
    elif p95 > maximum:
        checks.failures.append(
            f"Reply latency p95 {p95:,} ms is above the limit of {maximum:,} ms (max_p95_latency_ms; p50 "
            f"{latency.get('p50_ms'):,} ms over {latency.get('replies', 0):,} replies)."
        )
    else:
        checks.passes.append(f"Reply latency p95 {p95:,} ms is within the limit of {maximum:,} ms.")


def _check_gate(
    checks: _Checks, run: EvaluationRun, gate: dict[str, Any], *, fail_on_no_baseline: bool, short: str
) -> None:
    state = gate["state"]
    checks.warnings += [f"Gate note: {note}" for note in gate["notes"]]
    if state == "blocked":
        checks.failures += [f"Release gate blocked: {reason}" for reason in gate["reasons"]] or [
            "Release gate blocked."
        ]
    elif state == "not_comparable":
        failures = [f"Not comparable with the baseline: {reason}" for reason in gate["reasons"]] or [
            "The run is not comparable with the pinned baseline."
        ]
        checks.failures += failures
        checks.not_gated += len(failures)
    elif state == "no_baseline":
        why = " ".join(gate["reasons"]) or NO_BASELINE
        if fail_on_no_baseline:
            checks.failures.append(f"fail_on_no_baseline is set and the release gate could not run: {why}")
            checks.not_gated += 1
        else:
            checks.unchecked.insert(0, NO_BASELINE_CLAUSE)  # the gate first: it matters most
            checks.warnings.append(f"The release gate did not run: {why}")
    elif gate["baseline_run_id"] == run.pk:  # passing against itself would claim a comparison that never ran
        checks.unchecked.insert(0, "this run is the pinned baseline (not compared with itself)")
    elif short:
        checks.failures.append(
            f"Not enough scored for the release gate to pass against baseline run #{gate['baseline_run_id']}: {short}."
        )
    else:
        checks.passes.append(f"Release gate passed against baseline run #{gate['baseline_run_id']}.")
        checks.passes += [f"Gate: {reason}" for reason in gate["reasons"]]
        checks.warnings += [
            f"On the watch list (fails more often, not significantly): {name}" for name in gate["watch_list"]
        ]


def _count_unscored(checks: _Checks, run: EvaluationRun, *, short: str, unscored: UnscoredCounts | None) -> None:
    """The conversations left out of the numbers, by cause: a reason when coverage failed a check, else a warning
    ("4 not scored: 3 rules-only (need the judge), 1 agent error (1 timeout)"). ``unscored``: counted by the
    caller, else read (one query, only when the stored metrics count some)."""
    attempts = (run.metrics or {}).get("attempts") or {}
    if unscored is None:
        left_out = int(attempts.get("not_scored", 0)) or int(attempts.get("error", 0))
        unscored = run_unscored_counts(run=run) if left_out else UnscoredCounts()
    causes = unscored_for_run(run=run, counts=unscored)
    if not causes:
        return
    if short and checks.failures:
        checks.failures.append(f"{causes}.")
    elif short:
        checks.warnings.append(f"Not enough scored for the trust score to stand alone: {short}. {causes}.")
    else:
        checks.warnings.append(f"{causes}.")


@dataclasses.dataclass(frozen=True)
class _Outcome:
    failed: int  # scenarios with at least one failed scored run, flaky ones included
    flaky: int
    scored: int  # scenarios with at least one scored run
    flaky_warnings: list[str]  # one per flaky scenario


def _outcome(run: EvaluationRun) -> _Outcome:
    """The scenario counts a pass must not hide, from the run's stored results."""
    results = (run.metrics or {}).get("scenario_results", {})
    names = {str(data.get("key")): str(data.get("name") or data.get("key")) for data in run.scenarios or []}
    failed = scored = 0
    flaky: list[str] = []
    for key, counts in results.items():
        flakiness = scenario_flakiness(
            passed=int(counts.get(SCENARIO_PASS, 0)),
            failed=int(counts.get(SCENARIO_FAIL, 0)),
            runs_per_scenario=run.runs_per_scenario,
        )
        scored += bool(flakiness.stability)
        failed += counts.get("status") == SCENARIO_FAIL
        if flakiness.is_flaky:
            flaky.append(f"Flaky scenario “{names.get(key, key)}” (some runs passed, some failed): {flakiness.detail}")
    return _Outcome(failed=failed, flaky=len(flaky), scored=scored, flaky_warnings=flaky)


def _unchecked(checks: _Checks, outcome: _Outcome, breaches: int) -> tuple[str, ...]:
    """On a pass, one sentence saying what was not checked and what the unchecked run holds, e.g. "Passed: no
    baseline is pinned and no threshold was set. 111 attempts breached; 19 scenarios failed."."""
    if not checks.unchecked:
        return ()
    clauses = list(checks.unchecked)
    if NO_MIN_TRUST_SCORE in clauses and NO_MAX_BREACHES in clauses:  # neither threshold: say it once
        clauses[clauses.index(NO_MIN_TRUST_SCORE)] = "no threshold was set"
        clauses.remove(NO_MAX_BREACHES)
    said = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
    lead = "Passed" if not checks.passes else "Not checked"
    failed = f"{outcome.failed} scenario{'s' if outcome.failed != 1 else ''} failed" + (
        f" ({outcome.flaky} of them flaky)" if outcome.flaky else ""
    )
    if NO_MAX_BREACHES in checks.unchecked:  # a checked breach count was already said by its own reason
        facts = f"{breaches} attempt{'s' if breaches != 1 else ''} breached; {failed}."
    else:
        facts = f"{failed}."
    if not outcome.scored:
        facts += " No scenario could be scored, so the run has no trust score."
    return (f"{lead}: {said}. {facts}",)


def _gate(run: EvaluationRun) -> dict[str, Any]:
    """The release gate as JSON: state, label, reasons (what decides the state), notes (observations that do
    not block), baseline_run_id, watch_list and, when compared, metrics."""
    return gate_payload(run_gate(run=run))
