"""Baselines and the release gate: pin a finished run as the baseline of its agent endpoint + suite, and have a task
simulate a large suite's expected false-block rate (docs/gate.md). Every read (the verdict, the drift section, the
false-block rate, the pins and trends) is in ``selectors.py``; this module writes ``Baseline`` rows, the suite's run
profile and the cached figure.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import IntegrityError, transaction
from django.utils import timezone
from django_q.tasks import async_task

from billing.audit import AuditAction, audit_record
from evaluations.agents.selectors import agent_get_locked
from evaluations.core.verdicts import verdict_records_refresh_later
from evaluations.gate import rules as gate
from evaluations.gate.changes import changes_record, run_changes
from evaluations.gate.ci import CiVerdict, ci_verdict
from evaluations.gate.confirmation import open_for_run
from evaluations.gate.models import Baseline, BaselineTopUp, GateVerdictRecord, VerdictCause
from evaluations.gate.planner import kinds_text, parse_setting, power_plan
from evaluations.gate.profile import gate_endpoint, launch_settings_of_run, run_mode, run_scope, scope_label
from evaluations.gate.records import (
    VerdictHistory,
    latest_records_for_runs,
    plain,
    record_json,
    revision_json,
    says_the_same,
    verdict_history,
    verdict_now,
    verdict_payload,
    verdict_records_for_run,
)
from evaluations.gate.results import BLOCKED, PASS, GateResult, gate_payload
from evaluations.gate.rules.planner import Drop, Setting
from evaluations.gate.selectors import (
    baseline_for_run,
    baseline_pin_refusal,
    expected_false_block_rate,
    false_block_rate_cache,
    false_block_rate_job,
    seen_flaky_scenarios,
)
from evaluations.gate.topups import baseline_size, topup_runs_for
from evaluations.runs.choices import RunStatus
from evaluations.runs.selectors import run_list_by_ids, runs_ended_for_account
from suites.services import suite_run_profile_set

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun
    from evaluations.runs.unscored import UnscoredCounts


class BaselineError(Exception):
    """The run cannot be pinned; the message says why. Nothing was written."""


def baseline_pin(*, run: EvaluationRun, user: Any, note: str = "") -> Baseline:
    """Pin ``run`` as the baseline of its agent endpoint + suite; the previous one is kept as history. ``note``
    ends the audit line (a top-up launched with the pin).

    The Publish role is checked by the caller. Pinning the current baseline again returns it unchanged.
    Raises BaselineError for a run that did not finish successfully or whose agent or suite was deleted.
    """
    refusal = baseline_pin_refusal(run=run)
    scope = run_scope(run)
    if refusal or scope is None or run.agent_id is None:  # the last two: the refusal says why
        raise BaselineError(refusal)
    with transaction.atomic():
        # Lock the agent row so two pins of the same agent at once take turns (SQLite serialises writes anyway).
        agent_get_locked(agent_id=run.agent_id)
        current = Baseline.objects.filter(
            agent_id=run.agent_id, endpoint_url=run.endpoint_url, scope=scope, is_current=True
        ).first()
        if current is not None and current.run_id == run.pk:
            return current
        now = timezone.now()
        if current is not None:
            Baseline.objects.filter(pk=current.pk).update(is_current=False, replaced_at=now)
        if run.suite is not None and run_mode(run) == gate.SAVED:
            # The suite's run profile follows its latest pin: endpoints without a baseline start from it.
            suite_run_profile_set(suite=run.suite, profile=launch_settings_of_run(run).to_dict())
        _pin_record(run=run, user=user, replaced=current, note=note)
        return Baseline.objects.create(
            account_id=run.account_id,
            agent_id=run.agent_id,
            endpoint_url=run.endpoint_url,
            suite_id=run.suite_id if run_mode(run) != gate.GENERATED else None,
            scope=scope,
            run=run,
            pinned_by=user if getattr(user, "is_authenticated", False) else None,
            pinned_at=now,
        )


def baseline_unpin(*, run: EvaluationRun, user: Any) -> Baseline:
    """Unpin ``run``, the current baseline of its agent endpoint + scope: later runs of that scope have no baseline
    until another is pinned, and the pin stays in the history. The Publish role is checked by the caller. Raises
    BaselineError when the run is not the current baseline."""
    with transaction.atomic():
        current = Baseline.objects.select_for_update().filter(run_id=run.pk, is_current=True).first()
        if current is None:
            raise BaselineError("This run is not the current baseline, so there is nothing to unpin.")
        Baseline.objects.filter(pk=current.pk).update(is_current=False, replaced_at=timezone.now())
        where = f" at {run.endpoint_url}" if run.endpoint_url else ""
        who = user.get_username() if getattr(user, "is_authenticated", False) else "the system"
        summary = (
            f"{who} unpinned run #{run.pk} as the baseline of {run.agent_name}{where} with {scope_label(run)}: "
            "later runs have no baseline until another is pinned."
        )
        audit_record(account_id=run.account_id, actor=user, action=AuditAction.BASELINE_UNPIN,
                     target=f"run #{run.pk}", summary=summary)  # fmt: skip
        verdict_records_refresh_later(
            cause=VerdictCause.UNPIN, summary=summary, account_id=run.account_id, actor=user, agent_id=run.agent_id
        )
    current.refresh_from_db()
    return current


def _pin_record(*, run: EvaluationRun, user: Any, replaced: Baseline | None, note: str = "") -> None:
    """The audit line of a pin, and a new revision for each recorded run of the agent whose verdict it changes."""
    where = f" at {run.endpoint_url}" if run.endpoint_url else ""
    instead = f", replacing run #{replaced.run_id}" if replaced is not None else ""
    who = user.get_username() if getattr(user, "is_authenticated", False) else "the system"
    summary = f"{who} pinned run #{run.pk} as the baseline of {run.agent_name}{where} with {scope_label(run)}{instead}."
    summary += f" {note}" if note else ""
    audit_record(
        account_id=run.account_id, actor=user, action=AuditAction.BASELINE_PIN, target=f"run #{run.pk}",
        summary=summary,
    )  # fmt: skip
    verdict_records_refresh_later(
        cause=VerdictCause.PIN, summary=summary, account_id=run.account_id, actor=user, agent_id=run.agent_id
    )


# ---------------------------------------------------------------------------------------------- the verdict record
# A finished run's verdict is stored when it finishes (revision 1) and never rewritten: whatever later changes what
# the gate says adds a revision (docs/gate.md). ``core.verdicts`` lets the rooms below the gate ask for either.

REFRESH_RUNS = 50  # the most recent recorded runs a refresh looks at: a pin reaches the runs people still read


def verdict_record_ensure(
    *, run: EvaluationRun, now: dict[str, Any] | None = None, on_finish: bool = False
) -> list[GateVerdictRecord]:
    """The run's revisions, revision 1 written first if the run has ended and has none yet (the finish task has
    not run, or the run ended before verdicts were recorded). Safe to call at once from two places: the second
    writer finds the first's row. An active run has no record: []. ``on_finish``: called by the finish task (a
    first record written by a read long after the run ended says so instead)."""
    records = verdict_records_for_run(run_id=run.pk)
    if records or run.is_active:
        return records
    try:
        with transaction.atomic():
            _append(
                run, revision=1, cause=VerdictCause.FINISH, actor=None, summary=_finish_summary(run, on_finish), now=now
            )
    except IntegrityError:
        pass  # written meanwhile by the other caller
    return verdict_records_for_run(run_id=run.pk)


@dataclasses.dataclass(frozen=True)
class RecordedCiVerdict:
    """What the CI API says of a run: the CI verdict at finish (an active run's pending one), the record's revisions
    and the verdict now when it differs, labelled (docs/ci.md)."""

    verdict: CiVerdict
    at_finish: dict[str, Any] | None = None  # ``records.record_json`` of revision 1
    current: dict[str, Any] | None = None
    revisions: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    changes: dict[str, Any] | None = None  # revision 1's ``changes`` (``changes.changes_record``)


def ci_verdict_recorded(
    *, run: EvaluationRun, progress: dict[str, Any] | None = None, unscored: UnscoredCounts | None = None
) -> RecordedCiVerdict:
    """The run's CI verdict as recorded when it finished (revision 1, written now if missing), so a later pin, suite
    version or overrule never changes what a finished CI step read; the verdict now beside it when different."""
    verdict = ci_verdict(run=run, progress=progress, unscored=unscored)
    if run.is_active:
        return RecordedCiVerdict(verdict)
    now = verdict_payload(verdict)
    history = verdict_history(records=verdict_record_ensure(run=run, now=now), now_gate=now["gate"], now_ci=now["ci"])
    if history is None:  # not reached: an ended run has revision 1 from here on
        return RecordedCiVerdict(verdict)
    first = history.at_finish
    at_finish = CiVerdict.from_json(first.ci, first.gate)
    current = None
    if history.changed:
        current = {
            "label": history.now_label,
            "since_revision": history.since.revision if history.since is not None else None,
            **now["ci"],
            "gate": now["gate"],
        }
    return RecordedCiVerdict(
        at_finish, record_json(first), current, [revision_json(record) for record in history.revisions], first.changes
    )


def verdict_history_for_page(*, run: EvaluationRun, gate_result: GateResult) -> VerdictHistory | None:
    """The report's view of the record: the gate at finish beside ``gate_result`` (the gate now, which the page has
    computed already). A page read writes nothing: None until the finish task (or a CI API read) has written
    revision 1, and while the run is active. One query."""
    if run.is_active:
        return None
    return verdict_history(records=verdict_records_for_run(run_id=run.pk), now_gate=gate_payload(gate_result))


def confirmation_plan(*, run_id: int) -> tuple[tuple[str, ...], int | None, tuple[int, ...]]:
    """Called by dotted path (``core.verdicts.confirmation_plan``) in a run's worker once its first pass is done:
    the scenarios to drive again, the baseline run they were chosen against and the top-up runs of it counted then
    (docs/gate.md, *Confirmation runs*); nothing without a pinned baseline to compare with."""
    run = run_list_by_ids(run_ids=[run_id]).first()
    baseline = baseline_for_run(run=run) if run is not None else None
    if run is None or baseline is None or baseline.run_id == run.pk:
        return (), None, ()
    seen = seen_flaky_scenarios(baseline_run=baseline.run, run=run)
    topups = topup_runs_for(run_ids=[baseline.run_id]).get(baseline.run_id, [])
    opened = open_for_run(run=run, baseline_run=baseline.run, seen_flaky=seen, topups=topups)
    return opened, baseline.run_id, tuple(topup.pk for topup in topups)


def verdict_record_finish(*, run_id: int) -> None:
    """The task behind ``core.verdicts.verdict_record_later``: revision 1 of a run that has just ended, and when the
    run topped up a baseline, a revision for each run whose verdict that changes."""
    run = run_list_by_ids(run_ids=[run_id]).first()
    if run is not None:
        verdict_record_ensure(run=run, on_finish=True)
        baseline_topup_counted(run=run)


def baseline_topup_record(*, run: EvaluationRun, topup_run: EvaluationRun, user: Any) -> BaselineTopUp:
    """Record that ``topup_run`` (just launched) tops up ``run``: the gate counts it with ``run`` once it has
    succeeded (docs/gate.md, "Stronger baselines"). ``run`` itself is not changed."""
    return BaselineTopUp.objects.create(
        account_id=run.account_id,
        run=run,
        topup_run=topup_run,
        requested_by=user if getattr(user, "is_authenticated", False) else None,
        created_at=timezone.now(),
    )


def baseline_topup_counted(*, run: EvaluationRun) -> bool:
    """When ``run`` is a top-up that has just succeeded: mark it counted and have the gate add a revision to each
    recorded run of the agent whose verdict it changes (its baseline's own record is not rewritten). Once only:
    a second call (the task delivered twice) finds it counted. Returns whether this call counted it."""
    topup = BaselineTopUp.objects.filter(topup_run_id=run.pk, counted_at__isnull=True).first()
    if topup is None or run.status != RunStatus.SUCCEEDED or not run.metrics:
        return False
    with transaction.atomic():
        if not BaselineTopUp.objects.filter(pk=topup.pk, counted_at__isnull=True).update(counted_at=timezone.now()):
            return False  # counted meanwhile
        base = run_list_by_ids(run_ids=[topup.run_id]).first()
        if base is None:
            return False
        size = baseline_size(base)
        summary = (
            f"Run #{run.pk} topped up baseline run #{base.pk} by {run.runs_per_scenario} runs per scenario: the gate "
            f"now counts {size} runs per scenario of it ({base.runs_per_scenario} + "
            f"{size - base.runs_per_scenario})."
        )
        verdict_records_refresh_later(
            cause=VerdictCause.TOPUP, summary=summary, account_id=base.account_id, agent_id=base.agent_id
        )
    return True


def verdict_records_refresh(
    *,
    cause: str,
    summary: str,
    account_id: int,
    actor_id: int | None = None,
    agent_id: int | None = None,
    suite_id: int | None = None,
    run_ids: list[int] | None = None,
) -> int:
    """Add a revision to each of the latest ``REFRESH_RUNS`` recorded runs of the account (of the agent, the suite
    or the runs named) whose verdict now differs from its latest revision. Returns how many were added; safe to run
    twice (the second finds nothing different)."""
    recorded = GateVerdictRecord.objects.filter(account_id=account_id, revision=1).values("run_id")
    runs = list(
        runs_ended_for_account(account_id=account_id, agent_id=agent_id, suite_id=suite_id, run_ids=run_ids).filter(
            pk__in=recorded
        )[:REFRESH_RUNS]
    )
    latest = latest_records_for_runs(run_ids=[run.pk for run in runs])
    actor = get_user_model().objects.filter(pk=actor_id).first() if actor_id is not None else None
    added = 0
    for run in runs:
        record = latest.get(run.pk)
        if record is None:
            continue
        now = verdict_now(run=run)
        if now["gate"] == record.gate and says_the_same(now["ci"], record.ci):
            continue
        try:
            with transaction.atomic():
                _append(run, revision=record.revision + 1, cause=cause, actor=actor, summary=summary, now=now)
            added += 1
        except IntegrityError:
            continue  # another refresh added this revision meanwhile
    return added


def _append(
    run: EvaluationRun, *, revision: int, cause: str, actor: Any, summary: str, now: dict[str, Any] | None = None
) -> GateVerdictRecord:
    now = now if now is not None else verdict_now(run=run)
    baseline = baseline_for_run(run=run)
    compared = baseline.run if baseline is not None and baseline.run_id != run.pk else None
    settings = {
        "run": launch_settings_of_run(run).to_dict(),
        "baseline": launch_settings_of_run(compared).to_dict() if compared is not None else None,
    }
    user = actor if getattr(actor, "is_authenticated", False) else None
    # Against the baseline this revision compares with, frozen with it, so the CI API's new_failures and fixed
    # never change behind a finished step (docs/gate.md, "What changed, scenario by scenario").
    changes = run_changes(run=run, baseline_run=compared) if now["gate"].get("state") in (PASS, BLOCKED) else None
    return GateVerdictRecord.objects.create(
        account_id=run.account_id,
        run_id=run.pk,
        revision=revision,
        created_at=timezone.now(),
        actor=user,
        actor_name=user.get_username() if user is not None else "",
        cause=VerdictCause(cause),
        summary=summary[:1000],
        state=str(now["gate"].get("state", "")),
        verdict=str(now["ci"]["verdict"]),
        baseline_run_id=now["gate"].get("baseline_run_id"),
        scope=run_scope(run) or "",
        endpoint_url=gate_endpoint(run),
        compared_settings=plain(settings),
        gate=now["gate"],
        ci=now["ci"],
        changes=plain(changes_record(changes, baseline_run_id=compared.pk if compared is not None else None)),
    )


LATE_RECORD = dt.timedelta(minutes=10)  # a first record written this long after the run ended says so


def _finish_summary(run: EvaluationRun, on_finish: bool) -> str:
    now = timezone.now()
    finished = run.finished_at or now
    if (
        not on_finish and now - finished > LATE_RECORD
    ):  # a run that ended before verdicts were recorded, read for the first time
        return (
            f"Recorded on first read ({now:%Y-%m-%d %H:%M} UTC): run #{run.pk} finished on "
            f"{finished:%Y-%m-%d %H:%M} UTC, before its verdict was recorded."
        )
    return f"The verdict when run #{run.pk} finished ({finished:%Y-%m-%d %H:%M} UTC)."


# ---------------------------------------------------------------------------------------------- false-block rate


def false_block_rate_request(*, baseline_run: EvaluationRun, runs_per_scenario: int) -> None:
    """Have a task simulate the expected false-block rate that ``selectors.false_block_rate_for_page`` says is
    still pending (a large suite): once, and again if that task never finished."""
    job = false_block_rate_job(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)
    if job is None:
        return
    if false_block_rate_cache(baseline_run).add(f"{job[0]}:pending", 1, 15 * 60):
        args = (baseline_run.pk, runs_per_scenario)
        transaction.on_commit(lambda: async_task("evaluations.gate.tasks.false_block_rate_simulate", *args))


def false_block_rate_simulate(*, baseline_run_id: int, runs_per_scenario: int) -> None:
    """The task behind ``false_block_rate_request``: simulate and cache the figure."""
    baseline_run = run_list_by_ids(run_ids=[baseline_run_id]).first()
    if baseline_run is not None:
        expected_false_block_rate(baseline_run=baseline_run, runs_per_scenario=runs_per_scenario)


# ---------------------------------------------------------------------------------------------- the power planner


def power_plan_request(*, setting: Setting, has_baseline: bool, drop: Drop) -> None:
    """Have a task compute the planner's figures for ``setting`` (``planner.power_plan``, some seconds the first
    time), once while it is pending; the widget polls until ``planner.power_plan_cached`` finds them."""
    baseline = setting.baseline_runs if has_baseline else None
    args = (setting.runs, baseline, kinds_text(setting), drop.shape, drop.size, setting.confirmation)
    if caches["limits"].add("trustgate:planner-pending:" + "/".join(map(str, args)), 1, 10 * 60):
        transaction.on_commit(lambda: async_task("evaluations.gate.tasks.power_plan_compute", *args))


def power_plan_compute(
    *, runs: int, baseline_runs: int | None, kinds: str, shape: str, size: int, confirmation: int = 0
) -> None:
    """The task behind ``power_plan_request``: compute (and so cache) every figure of the plan."""
    query = {"runs": str(runs), "kinds": kinds, "baseline": str(baseline_runs or ""), "confirm": str(confirmation)}
    setting, has_baseline, problem = parse_setting(query)
    if setting is not None and not problem:
        power_plan(setting=setting, has_baseline=has_baseline, drop=Drop(shape, size))
