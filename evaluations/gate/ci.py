"""The CI verdict of a run (SPEC §7): what ``GET /api/v1/aiagent/runs/{id}`` and the "Use in CI" step gate on.

Rules, in order:

* still queued or running → ``pending``;
* failed or cancelled (agent down, judge outage, internal error, cancelled) → ``error``, with the run's message;
* finished → ``fail`` when any check below fails, else ``pass``:
  - ``min_trust_score``: the trust score is below it, or there is none (nothing could be scored);
  - ``max_breaches``: more breached attempts than that;
  - the release gate against the pinned baseline: ``blocked`` fails with the gate's reasons, and so does
    ``not_comparable`` (a baseline that cannot be compared must not let a release through unseen);
    ``no_baseline`` fails only with ``fail_on_no_baseline``, otherwise it is a warning and the gate does not run.

``reasons`` always explain the verdict (on a pass: what passed); ``warnings`` never change it.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from evaluations.review.selectors import calibration_warning_for_run
from evaluations.runs.choices import RunStatus
from evaluations.runs.ci import GateOptions
from evaluations.scoring.calibration import overrule_sentence

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

PENDING, PASS, FAIL, ERROR = "pending", "pass", "fail", "error"
NO_BASELINE = "No baseline is pinned for this agent endpoint and suite."
RULES_ONLY_WARNING = "Rules only: no LLM judge is configured, so replies that needed one were Not scored."


@dataclasses.dataclass(frozen=True)
class CiVerdict:
    verdict: str
    reasons: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    gate: dict[str, Any] | None = None


def ci_verdict(*, run: EvaluationRun, progress: dict[str, Any] | None = None) -> CiVerdict:
    """The verdict of the run now. Runs the release gate (a read) only once the run has finished."""
    if run.is_active:
        done = f"{progress['done']} of {progress['total']} conversations done" if progress else "in progress"
        return CiVerdict(PENDING, (f"The run is {RunStatus(run.status).label.lower()}: {done}.",))
    if run.status == RunStatus.CANCELLED:
        return CiVerdict(ERROR, (run.error_message or "The run was cancelled.",))
    if run.status != RunStatus.SUCCEEDED:
        return CiVerdict(ERROR, (run.error_message or "The run failed.",))

    options = GateOptions.of_run(run)
    failures: list[str] = []
    passes: list[str] = []
    warnings: list[str] = [RULES_ONLY_WARNING] if run.is_rules_only else []
    if overruled := overrule_sentence(int((run.metrics or {}).get("overruled", 0))):
        warnings.append(overruled)  # the trust score, breaches and gate below use the reviewers' verdicts
    if not run.is_rules_only and (calibration := calibration_warning_for_run(run=run)):
        warnings.append(calibration)
    score = run.trust_score
    if options.min_trust_score is not None:
        if score is None:
            failures.append(
                f"The run has no trust score (no scenario could be scored), so the minimum of "
                f"{options.min_trust_score:g} is not met."
            )
        elif score < options.min_trust_score:
            failures.append(f"Trust score {score:.1f} is below the minimum of {options.min_trust_score:g}.")
        else:
            passes.append(f"Trust score {score:.1f} meets the minimum of {options.min_trust_score:g}.")
    breaches = int((run.metrics or {}).get("breaches", 0))
    if options.max_breaches is not None:
        if breaches > options.max_breaches:
            failures.append(
                f"{breaches} breach{'es' if breaches != 1 else ''} (guardrail, PII or red-team failures); "
                f"at most {options.max_breaches} allowed."
            )
        else:
            passes.append(
                f"{breaches} breach{'es' if breaches != 1 else ''}, within the allowed {options.max_breaches}."
            )

    gate = _gate(run)
    state = gate["state"]
    warnings += [f"Gate note: {note}" for note in gate["notes"]]
    if state == "blocked":
        failures += [f"Release gate blocked: {reason}" for reason in gate["reasons"]] or ["Release gate blocked."]
    elif state == "not_comparable":
        failures += [f"Not comparable with the baseline: {reason}" for reason in gate["reasons"]] or [
            "The run is not comparable with the pinned baseline."
        ]
    elif state == "no_baseline":
        why = " ".join(gate["reasons"]) or NO_BASELINE
        if options.fail_on_no_baseline:
            failures.append(f"fail_on_no_baseline is set and the release gate could not run: {why}")
        else:
            warnings.append(f"The release gate did not run: {why}")
    else:
        passes.append(f"Release gate passed against baseline run #{gate['baseline_run_id']}.")
        passes += [f"Gate: {reason}" for reason in gate["reasons"]]
        warnings += [f"On the watch list (fails more often, not significantly): {name}" for name in gate["watch_list"]]
    if failures:
        return CiVerdict(FAIL, tuple(failures), tuple(warnings), gate)
    if not passes:
        passes.append("The run finished and no check failed.")
    return CiVerdict(PASS, tuple(passes), tuple(warnings), gate)


def _gate(run: EvaluationRun) -> dict[str, Any]:
    """The release gate as JSON: state, label, reasons (what decides the state), notes (observations that do
    not block), baseline_run_id, watch_list and, when compared, metrics."""
    from evaluations.gate.services import gate_json, run_gate  # scipy: import only when gating

    result = run_gate(run=run)
    comparison = result.comparison
    data = gate_json(result)
    if comparison is not None:  # GateResult.reasons joins both; the CI verdict must tell them apart
        data["reasons"] = [str(r) for r in getattr(comparison, "reasons", ())]
        data["notes"] = [str(n) for n in getattr(comparison, "notes", ())]
    else:
        data["notes"] = []
    return data
