"""Reads about monitors, scoped by the user's accounts: another account's monitor is a 404."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.db.models.functions import TruncDate
from django.http import Http404
from django.utils import timezone

from billing.selectors import MAX_ID, account_ids_for_user, get_for_member
from evaluations.agents.selectors import agent_list_for_account
from evaluations.core.jobs import JOB_ACTIVE, JobStatus
from evaluations.llm.usage import usage_summary
from evaluations.monitors import engine
from evaluations.monitors.models import (
    AlertChannel,
    AlertDelivery,
    ChannelKind,
    Monitor,
    MonitorCase,
    MonitorEvent,
    MonitorRun,
    MonitorSample,
    MonitorStatus,
    MonitorUsage,
    PauseReason,
    SampleVerdict,
    StatusPage,
)
from evaluations.monitors.rules import rule_to_line

CHART_RUNS = 48


def month_start(now: Any = None) -> date:
    """The first day of ``now``'s month (UTC): budgets are counted per calendar month."""
    return (now or timezone.now()).date().replace(day=1)


def monitor_usage_get(*, monitor: Monitor, month: date | None = None) -> MonitorUsage | None:
    return MonitorUsage.objects.filter(monitor=monitor, month=month or month_start()).first()


def monitor_tokens_used(*, monitor: Monitor, month: date | None = None) -> int:
    usage = monitor_usage_get(monitor=monitor, month=month)
    return usage.tokens if usage else 0


def monitor_budget_exhausted(*, monitor: Monitor) -> bool:
    return monitor_tokens_used(monitor=monitor) >= monitor.monthly_token_budget


def monitor_paused_message(*, monitor: Monitor) -> str:
    """Why a paused monitor does not run and what to do, the one sentence Run now, the deploy hook, Resume and the
    page all give ("" when it is not paused)."""
    if monitor.paused_reason == PauseReason.USER:
        return f"“{monitor.name}” is paused; resume it to run it again."
    if monitor.paused_reason == PauseReason.BUDGET and monitor_budget_exhausted(monitor=monitor):
        return (
            f"“{monitor.name}” is paused: this month's token budget ({monitor.monthly_token_budget:,}) is used up. "
            "Raise the budget (Edit) to run it now; otherwise it resumes on the 1st of next month."
        )
    if monitor.paused_reason == PauseReason.BUDGET:
        return f"“{monitor.name}” was paused for its token budget, which has since been raised; resume it to run it."
    return ""


def monitor_last_good_answers(*, monitor: Monitor, case_ids: Sequence[int], before_run_id: int) -> dict[int, str]:
    """For each case, the newest stored answer that passed before the given run (what an alert compares)."""
    found: dict[int, str] = {}
    for case_id in case_ids:
        sample = (
            MonitorSample.objects.filter(
                case_id=case_id, verdict=SampleVerdict.PASS, run__monitor=monitor, run_id__lt=before_run_id
            )
            .exclude(answer="")
            .order_by("-run_id", "sample_index")
            .values("answer")
            .first()
        )
        if sample:
            found[case_id] = sample["answer"]
    return found


def monitor_list_for_user(*, user: Any) -> QuerySet[Monitor]:
    return Monitor.objects.filter(account_id__in=account_ids_for_user(user=user)).select_related("agent", "account")


def monitor_get_for_user(*, user: Any, monitor_id: int) -> Monitor:
    monitor = monitor_list_for_user(user=user).filter(pk=monitor_id).first()
    if monitor is None:
        raise Http404("No such monitor.")
    return monitor


def monitor_run_get_for_user(*, user: Any, run_id: int) -> MonitorRun:
    run = (
        MonitorRun.objects.filter(pk=run_id, monitor__account_id__in=account_ids_for_user(user=user))
        .select_related("monitor", "monitor__agent")
        .first()
    )
    if run is None:
        raise Http404("No such monitor run.")
    return run


def monitor_sample_get_for_user(*, user: Any, sample_id: int) -> MonitorSample:
    """One sample of a monitor check in a workspace of the user (404 otherwise), with its check, case and monitor."""
    sample = (
        MonitorSample.objects.filter(pk=sample_id, run__monitor__account_id__in=account_ids_for_user(user=user))
        .select_related("run", "run__monitor", "case")
        .first()
        if 0 < sample_id <= MAX_ID
        else None
    )
    if sample is None:
        raise Http404("No such sample.")
    return sample


def monitors_for_dashboard(*, user: Any) -> list[Monitor]:
    """Monitors with their latest pass rate (one query for the monitors, one for the latest runs)."""
    return monitors_with_latest_run(monitors=list(monitor_list_for_user(user=user)[:50]))


def monitors_with_latest_run(*, monitors: list[Monitor]) -> list[Monitor]:
    """Each monitor with ``latest_run``, its latest finished run (one query for all of them)."""
    latest: dict[int, MonitorRun] = {}
    runs = MonitorRun.objects.filter(monitor__in=monitors, status=JobStatus.SUCCEEDED).order_by("monitor_id", "-pk")
    for run in runs.only("pk", "monitor_id", "pass_rate", "finished_at")[:500]:
        latest.setdefault(run.monitor_id, run)
    for monitor in monitors:
        monitor.latest_run = latest.get(monitor.pk)  # type: ignore[attr-defined]
    return monitors


def monitor_cases(*, monitor: Monitor) -> QuerySet[MonitorCase]:
    return MonitorCase.objects.filter(monitor=monitor).order_by("position", "pk")


def monitor_active_run(*, monitor: Monitor) -> MonitorRun | None:
    return MonitorRun.objects.filter(monitor=monitor, status__in=JOB_ACTIVE).first()


def monitor_detail(*, monitor: Monitor) -> dict[str, Any]:
    """Everything the monitor page shows, in a fixed number of queries."""
    runs = list(MonitorRun.objects.filter(monitor=monitor).defer("case_results").order_by("-pk")[:CHART_RUNS])
    usage = monitor_usage_get(monitor=monitor)
    used = usage.tokens if usage else 0
    cases = list(monitor_cases(monitor=monitor))
    channels = list(AlertChannel.objects.filter(monitor=monitor))
    for case in cases:
        case.rule_lines = [rule_to_line(rule) for rule in case.expect]  # type: ignore[attr-defined]
    return {
        "monitor": monitor,
        "cases": cases,
        "runs": runs[:15],
        "chart_runs": list(reversed(runs)),
        "events": list(MonitorEvent.objects.filter(monitor=monitor).order_by("-pk")[:30]),
        "active_run": next((r for r in runs if r.is_active), None),
        "usage": usage,
        "tokens_used": used,
        "model_usage": usage_summary([usage.model_usage if usage else None]),
        "budget_percent": min(100, round(100 * used / monitor.monthly_token_budget))
        if monitor.monthly_token_budget
        else 100,
        "chars_per_token": engine.CHARS_PER_TOKEN,
        "channels": channels,
        "has_webhook": any(channel.kind == ChannelKind.WEBHOOK for channel in channels),
        "deliveries": list(AlertDelivery.objects.filter(monitor=monitor).select_related("event")[:20]),
    }


def monitor_run_samples(*, run: MonitorRun) -> list[dict[str, Any]]:
    """The run's samples grouped by case, in case order."""
    samples = (
        MonitorSample.objects.filter(run=run)
        .select_related("case")
        .order_by("case__position", "case_id", "sample_index")
    )
    groups: dict[Any, dict[str, Any]] = {}
    for sample in samples:
        key = sample.case_id or f"gone-{sample.case_name}"
        group = groups.setdefault(
            key,
            {
                "name": sample.case_name,
                "ask": sample.case.ask if sample.case else "",
                "result": (run.case_results or {}).get(str(sample.case_id), {}),
                "samples": [],
            },
        )
        group["samples"].append(sample)
    return list(groups.values())


def monitor_list_with_cases(*, monitors: QuerySet[Monitor]) -> QuerySet[Monitor]:
    return monitors.prefetch_related(
        Prefetch("cases", queryset=MonitorCase.objects.order_by("position", "pk")), "channels"
    )


def monitor_get_for_member(*, user: Any, monitor_id: int, role: str) -> Monitor:
    """The monitor, when it is in a workspace of the user where they have ``role``: 404 otherwise, 403 with a
    reason when the role is too low."""
    return get_for_member(user, monitor_list_for_user(user=user), monitor_id, role=role, not_found="No such monitor.")


def monitors_for_deploy(
    *, account_id: int, agent_id: int | None = None, monitor_id: int | None = None
) -> list[Monitor]:
    """The workspace's monitors a deploy runs, by name: all, or those of ``agent_id``, or ``monitor_id`` only.
    404 for an agent or a monitor that is not in the workspace."""
    monitors = Monitor.objects.filter(account_id=account_id).select_related("agent").order_by("name", "pk")
    if agent_id is not None:
        if not agent_list_for_account(account_id=account_id).filter(pk=agent_id).exists():
            raise Http404("No such agent.")
        monitors = monitors.filter(agent_id=agent_id)
    if monitor_id is not None:
        monitors = monitors.filter(pk=monitor_id)
        if not monitors.exists():
            raise Http404("No such monitor.")
    return list(monitors)


def monitor_channel_kinds(*, account_id: int, names: Sequence[str]) -> dict[str, set[str]]:
    """The kinds of alert channel each named monitor of the workspace has (for ``keep`` in a YAML import)."""
    found: dict[str, set[str]] = {}
    rows = AlertChannel.objects.filter(monitor__account_id=account_id, monitor__name__in=list(names))
    for name, kind in rows.values_list("monitor__name", "kind"):
        found.setdefault(name, set()).add(kind)
    return found


STATUS_DAYS = 90
_WORST: dict[str, int] = {MonitorStatus.DOWN: 3, MonitorStatus.DEGRADED: 2, MonitorStatus.UP: 1}


def status_page_get(*, slug: str) -> StatusPage:
    """The enabled status page at ``slug``; 404 for an unknown or disabled one (the same answer: off means absent)."""
    page = StatusPage.objects.filter(slug=slug, is_enabled=True).select_related("account").first()
    if page is None:
        raise Http404("No such status page.")
    return page


def status_page_for_account(*, account_id: int) -> StatusPage:
    return StatusPage.objects.get_or_create(account_id=account_id)[0]


def status_page_rows(*, page: StatusPage, today: date | None = None) -> list[dict[str, Any]]:
    """The chosen monitors, each with its public name, state and one entry per day of the last 90 (oldest first):
    the worst outcome of that day's runs, or None without runs. Two queries, whatever the number of monitors."""
    today = today or timezone.now().date()
    first = today - timedelta(days=STATUS_DAYS - 1)
    monitors = list(Monitor.objects.filter(account_id=page.account_id, on_status_page=True).order_by("name", "pk"))
    worst: dict[tuple[int, date], str] = {}
    runs = MonitorRun.objects.filter(
        monitor__in=monitors, created_at__date__gte=first, outcome__in=list(_WORST)
    ).annotate(day=TruncDate("created_at"))
    for monitor_id, day, outcome in runs.values_list("monitor_id", "day", "outcome"):
        key = (monitor_id, day)
        if _WORST[outcome] > _WORST.get(worst.get(key, ""), 0):
            worst[key] = outcome
    rows = []
    for number, monitor in enumerate(monitors, 1):
        days = [
            (first + timedelta(days=i), worst.get((monitor.pk, first + timedelta(days=i)))) for i in range(STATUS_DAYS)
        ]
        scored = [outcome for _, outcome in days if outcome]
        up_share = round(100 * sum(o == MonitorStatus.UP for o in scored) / len(scored), 1) if scored else None
        rows.append(
            {"name": monitor.public_name or f"Check {number}", "status": monitor.display_status,
             "status_label": monitor.display_status_label, "badge": monitor.badge_class, "days": days,
             "up_share": up_share}
        )  # fmt: skip
    return rows
