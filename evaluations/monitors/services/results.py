"""Recording a finished run: its samples (masked and cut), counts and usage, then the new status and its alert."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from evaluations.connectors.base import ErrorKind
from evaluations.core.jobs import JobStatus
from evaluations.llm.usage import usage_merge
from evaluations.monitors import engine, status
from evaluations.monitors.models import (
    EventKind,
    Monitor,
    MonitorCase,
    MonitorRun,
    MonitorSample,
    MonitorStatus,
    MonitorUsage,
    SampleVerdict,
    StorageMode,
)
from evaluations.monitors.selectors import monitor_last_good_answers, monitor_tokens_used, month_start
from evaluations.monitors.services.events import event_record, monitor_budget_pause
from evaluations.scoring.pii import mask_pii

ANSWER_LIMIT_BYTES = 2048
_PRE_MASK_CHARS = 6000  # masking is slow on long text; only the first 2 KB is ever kept
MESSAGE_LIMIT_BYTES = 1000
ALERT_CASES = 10
CUT_MARK = " … [cut]"
_CONFIG_ERROR_KINDS = {str(ErrorKind.BLOCKED), str(ErrorKind.CONFIG)}


def cut_utf8(text: str, limit: int = ANSWER_LIMIT_BYTES, mark: str = CUT_MARK) -> str:
    """``text`` cut so its UTF-8 form is at most ``limit`` bytes (the mark included), never mid-character."""
    raw = text.encode("utf-8")
    if len(raw) <= limit:
        return text
    room = limit - len(mark.encode("utf-8"))
    return raw[:room].decode("utf-8", errors="ignore") + mark


def store_answer(text: str, mode: str, allow: PiiAllow | None = None) -> str:
    """What is kept of an answer: nothing (results only), else PII removed and cut to 2 KB. The monitor's allowed
    contacts (and the contacts in its agent's knowledge) stay: they are the shop's own, as in runs."""
    if mode == StorageMode.RESULTS_ONLY or not text:
        return ""
    return cut_utf8(mask_pii(text[:_PRE_MASK_CHARS], withhold_contacts=True, **(allow or {})))


def safe_message(text: str, limit: int = MESSAGE_LIMIT_BYTES, allow: PiiAllow | None = None) -> str:
    return cut_utf8(mask_pii(text[:_PRE_MASK_CHARS], withhold_contacts=True, **(allow or {})), limit) if text else ""


PiiAllow = dict[str, Any]  # scan_pii's allowed_contacts / allowed_texts


def pii_allow(plan: engine.RunPlan) -> PiiAllow:
    return {"allowed_contacts": plan.allowed_contacts, "allowed_texts": [plan.knowledge] if plan.knowledge else []}


def _sample_row(
    run: MonitorRun, result: engine.SampleResult, case_ids: set[int], names: dict[int, str], allow: PiiAllow
) -> MonitorSample:
    judge = result.judge
    return MonitorSample(
        run=run,
        case_id=result.case_id if result.case_id in case_ids else None,
        case_name=names.get(result.case_id, "")[:200],
        sample_index=result.index,
        verdict=result.verdict,
        answer=store_answer(result.answer, run.storage_mode, allow),
        findings=[{**f.to_dict(), "message": safe_message(f.message, 500, allow)} for f in result.findings],
        latency_ms=result.latency_ms,
        error_kind=result.error_kind,
        error_message=safe_message(result.error_message),
        judge_verdict=("not_judged" if judge and not judge.is_scored else judge.verdict) if judge else "",
        judge_model=judge.model if judge else "",
        judge_prompt_version=judge.prompt_version if judge else "",
        judge_rationale=_rationale(judge, run.storage_mode),
        tokens=result.agent_tokens + result.judge_tokens,
    )


def _rationale(judge: Any, storage_mode: str) -> str:
    """The judge's words may quote the answer: results only keeps why it could not judge, never its rationale."""
    if judge is None:
        return ""
    if storage_mode != StorageMode.ANSWERS:
        return safe_message(judge.reason_not_scored) if not judge.is_scored else ""
    return safe_message(judge.rationale or judge.reason_not_scored)


def _count(run: MonitorRun, results: Sequence[engine.SampleResult], outcomes: dict[int, status.CaseOutcome]) -> None:
    verdicts = [r.verdict for r in results]
    run.samples_total = len(results)
    run.samples_passed = verdicts.count(SampleVerdict.PASS)
    run.samples_failed = verdicts.count(SampleVerdict.FAIL)
    run.samples_error = verdicts.count(SampleVerdict.ERROR)
    run.samples_not_judged = verdicts.count(SampleVerdict.NOT_JUDGED)
    run.cases_passed = sum(o.verdict == SampleVerdict.PASS for o in outcomes.values())
    run.cases_failed = sum(o.verdict in (SampleVerdict.FAIL, SampleVerdict.ERROR) for o in outcomes.values())
    run.case_results = {str(cid): o.to_dict() for cid, o in outcomes.items()}
    run.pass_rate = status.pass_rate(verdicts)
    run.agent_tokens = sum(r.agent_tokens for r in results)
    run.judge_tokens = sum(r.judge_tokens for r in results)
    judged = next((r.judge for r in results if r.judge), None)
    run.judge_prompt_version = judged.prompt_version if judged else ""


def run_finish(*, run_id: int, plan: engine.RunPlan, results: Sequence[engine.SampleResult]) -> None:
    """Store the samples and counts of a running run, then decide the monitor's status. Does nothing when the run
    is no longer running (expired or finished by another worker)."""
    with transaction.atomic():
        monitor = Monitor.objects.select_for_update().get(pk=MonitorRun.objects.get(pk=run_id).monitor_id)
        run = MonitorRun.objects.select_for_update().get(pk=run_id)
        if run.status != JobStatus.RUNNING:
            return  # expired or finished by another worker meanwhile
        now = timezone.now()
        case_names = {c.case_id: c.name for c in plan.cases}
        case_asks = {c.case_id: c.ask for c in plan.cases}
        existing_case_ids = set(MonitorCase.objects.filter(monitor=monitor).values_list("pk", flat=True))
        allow = pii_allow(plan)
        rows = [_sample_row(run, result, existing_case_ids, case_names, allow) for result in results]
        MonitorSample.objects.bulk_create(rows)

        by_case: dict[int, list[MonitorSample]] = defaultdict(list)
        for row in rows:
            by_case[row.case_id or 0].append(row)
        verdicts_by_case: dict[int, list[str]] = defaultdict(list)
        for result in results:
            verdicts_by_case[result.case_id].append(result.verdict)
        outcomes = {
            cid: status.case_outcome(v, min_passing=monitor.min_passing_samples) for cid, v in verdicts_by_case.items()
        }
        all_errors = bool(results) and all(r.verdict == SampleVerdict.ERROR for r in results)
        _count(run, results, outcomes)
        run.finished_at = now

        usage, _ = MonitorUsage.objects.get_or_create(monitor=monitor, month=month_start(now))
        month_usage = dict(MonitorUsage.objects.values_list("model_usage", flat=True).get(pk=usage.pk) or {})
        for result in results:  # the monitor row is locked: no other run of it adds to this row meanwhile
            usage_merge(month_usage, result.judge_usage)
        MonitorUsage.objects.filter(pk=usage.pk).update(
            agent_tokens=F("agent_tokens") + run.agent_tokens,
            judge_tokens=F("judge_tokens") + run.judge_tokens,
            model_usage=month_usage,
        )

        config_errors = all_errors and all(r.error_kind in _CONFIG_ERROR_KINDS for r in results)
        if config_errors:
            # The endpoint was refused or the agent's own settings are wrong: a monitor error, not the agent down.
            run.status = JobStatus.FAILED
            run.error_message = safe_message(results[0].error_message)
            run.save()
            monitor.last_error = run.error_message
            monitor.last_run_at = now
            monitor.save(update_fields=["last_error", "last_run_at", "updated_at"])
        else:
            _decide_and_record(monitor, run, outcomes, all_errors, results, by_case, case_names, case_asks, now)

        monitor.refresh_from_db()
        if not monitor.is_paused and monitor_tokens_used(monitor=monitor) >= monitor.monthly_token_budget:
            monitor_budget_pause(monitor=monitor, run=run)


def _decide_and_record(
    monitor: Monitor,
    run: MonitorRun,
    outcomes: dict[int, status.CaseOutcome],
    all_errors: bool,
    results: Sequence[engine.SampleResult],
    by_case: dict[int, list[MonitorSample]],
    case_names: dict[int, str],
    case_asks: dict[int, str],
    now: Any,
) -> None:
    history = list(
        MonitorRun.objects.filter(monitor=monitor, status=JobStatus.SUCCEEDED)
        .exclude(pk=run.pk)
        .order_by("-pk")
        .values_list("case_results", flat=True)[: status.HISTORY_RUNS]
    )
    first_error = next((r.error_message for r in results if r.error_message), "")
    previous = monitor.status
    previously_regressed = [str(c) for c in monitor.regressed_case_ids]
    decision = status.decide(
        previous=previous,
        all_errors=all_errors,
        rate=run.pass_rate,
        target=float(monitor.target_pass_rate),
        previous_below=monitor.runs_below_target > 0,
        case_verdicts={str(cid): o.verdict for cid, o in outcomes.items()},
        always_passed_ids=status.always_passed(history),
        regressed_ids=previously_regressed,
        case_names={str(k): v for k, v in case_names.items()},
        first_error=safe_message(first_error, 300),
    )
    run.status = JobStatus.SUCCEEDED
    run.outcome = decision.status
    run.save()

    if decision.below_target is not None:
        monitor.runs_below_target = monitor.runs_below_target + 1 if decision.below_target else 0
    monitor.regressed_case_ids = list(decision.regressed_case_ids)
    monitor.last_run_at = now
    monitor.last_error = ""
    changed = decision.status != previous
    if changed:
        monitor.status = decision.status
        monitor.status_changed_at = now
    monitor.save()
    if not changed:
        return
    title = status.alert_title(previous, decision.status)
    details = (
        _alert_details(monitor, run, decision, by_case, outcomes, case_names, case_asks, previously_regressed)
        if title
        else {"run_id": run.pk, "pass_rate": run.pass_rate, "target": run.target_pass_rate}
    )
    event_record(
        monitor=monitor,
        kind=EventKind.STATUS,
        status_value=decision.status,
        previous=previous,
        title=title or MonitorStatus(decision.status).label,
        message=" ".join(decision.reasons),
        run=run,
        details=details,
        alert=title is not None,
    )


def _alert_details(
    monitor: Monitor,
    run: MonitorRun,
    decision: status.Decision,
    samples: dict[int, list[MonitorSample]],
    outcomes: dict[int, status.CaseOutcome],
    case_names: dict[int, str],
    case_asks: dict[int, str],
    previously_regressed: Sequence[str],
) -> dict[str, Any]:
    """The alert's content: for each case that matters, the new answer next to the last good one."""
    if decision.status in (MonitorStatus.DOWN, MonitorStatus.DEGRADED):
        shown = [cid for cid, o in outcomes.items() if o.verdict in (SampleVerdict.FAIL, SampleVerdict.ERROR)]
        regressed = {int(c) for c in decision.regressed_case_ids}
        shown.sort(key=lambda cid: (cid not in regressed, cid))
    else:
        shown = [int(c) for c in previously_regressed if int(c) in outcomes] or list(outcomes)
    shown = shown[:ALERT_CASES]
    answers_stored = run.storage_mode == StorageMode.ANSWERS
    # Results only: no answer text, not even a last good one stored before the monitor was switched.
    last_good = (
        monitor_last_good_answers(monitor=monitor, case_ids=shown, before_run_id=run.pk) if answers_stored else {}
    )
    cases = []
    for case_id in shown:
        case_samples = samples.get(case_id, [])
        wanted = SampleVerdict.PASS if decision.status == MonitorStatus.UP else SampleVerdict.FAIL
        pick = next((s for s in case_samples if s.verdict == wanted), None) or next(
            (s for s in case_samples if s.answer or s.error_message), case_samples[0] if case_samples else None
        )
        failed_rules = []
        if pick is not None:
            failed_rules = [f["message"] for f in pick.findings if not f.get("passed")]
            if pick.judge_verdict == "fail" and pick.judge_rationale:
                failed_rules.append(f"Judge: {pick.judge_rationale}")
        outcome = outcomes[case_id]
        cases.append(
            {
                "case_id": case_id,
                "name": case_names.get(case_id, ""),
                "ask": case_asks.get(case_id, ""),
                "verdict": outcome.verdict,
                "samples_passed": outcome.passed,
                "samples": sum((outcome.passed, outcome.failed, outcome.errors, outcome.not_judged)),
                "new_answer": pick.answer if pick and answers_stored else "",
                "error": pick.error_message if pick else "",
                "last_good_answer": last_good.get(case_id, ""),
                "failed_rules": failed_rules[:5],
            }
        )
    return {
        "run_id": run.pk,
        "pass_rate": run.pass_rate,
        "target": run.target_pass_rate,
        "reasons": list(decision.reasons),
        "answers_stored": answers_stored,
        "cases": cases,
    }
