"""Monitors themselves: create, edit, delete, pause, resume, and import from YAML."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.db import transaction

from evaluations.core.sealed import seal
from evaluations.monitors.models import (
    SECRET_CHANNELS,
    EventKind,
    Monitor,
    MonitorCase,
    MonitorEvent,
    MonitorProtocol,
    MonitorSample,
    MonitorStatus,
    PauseReason,
    StorageMode,
)
from evaluations.monitors.scheduling import monitor_schedule_delete, monitor_schedule_sync
from evaluations.monitors.selectors import monitor_budget_exhausted, monitor_paused_message
from evaluations.monitors.services.alerting import KEEP, monitor_channels_set
from evaluations.monitors.services.events import event_record
from evaluations.monitors.yaml_io import parse_monitors

if TYPE_CHECKING:
    from billing.models import Account


class MonitorActionError(Exception):
    """A request the monitor cannot take now; ``str(error)`` is a sentence for the user."""


MONITOR_FIELDS = (
    "name",
    "agent",
    "endpoint_url",
    "protocol",
    "model_name",
    "auth_secret",
    "interval_minutes",
    "samples_per_case",
    "min_passing_samples",
    "target_pass_rate",
    "alert_emails",
    "allowed_contacts",
    "secret_markers",
    "monthly_token_budget",
    "storage_mode",
    "judge_model",
    "judge_strictness",
)


def _replace_cases(monitor: Monitor, cases: Sequence[dict[str, Any]]) -> None:
    """Make the monitor's cases ``cases`` (in order). A case keeps its row (and so its history) when it
    carries its ``id`` or asks the same question as an existing case."""
    existing = {case.pk: case for case in monitor.cases.all()}
    by_ask = {case.ask.strip(): case for case in existing.values()}
    keep: set[int] = set()
    for position, data in enumerate(cases):
        case = existing.get(data.get("id") or 0) or by_ask.get(data["ask"].strip())
        if case is not None and case.pk in keep:
            case = None  # the same question twice: the second is a new case
        name = (data.get("name") or "").strip() or f"Case {position + 1}"
        if case is None:
            case = MonitorCase.objects.create(
                monitor=monitor, position=position, name=name, ask=data["ask"], expect=data["expect"]
            )
        else:
            case.position, case.name, case.ask, case.expect = position, name, data["ask"], data["expect"]
            case.save(update_fields=["position", "name", "ask", "expect"])
        keep.add(case.pk)
    monitor.cases.exclude(pk__in=keep).delete()


@transaction.atomic
def monitor_create(
    *, account: Account, data: dict[str, Any], cases: Sequence[dict[str, Any]], user: Any = None
) -> Monitor:
    values = {k: v for k, v in data.items() if k in MONITOR_FIELDS and v != KEEP}
    if key := _signing_key(data):
        values["webhook_secret_sealed"] = seal(key)
    monitor = Monitor.objects.create(account=account, created_by=user if getattr(user, "pk", None) else None, **values)
    _replace_cases(monitor, cases)
    monitor_channels_set(monitor=monitor, channels=data.get("channels") or {})
    monitor_schedule_sync(monitor=monitor)
    return monitor


@transaction.atomic
def monitor_update(*, monitor: Monitor, data: dict[str, Any], cases: Sequence[dict[str, Any]]) -> Monitor:
    """Also: switching to results only deletes the answers stored so far (samples and alert contents), so no
    page, export or alert shows one afterwards."""
    was_storing = monitor.storage_mode == StorageMode.ANSWERS
    for field, value in data.items():
        if field in MONITOR_FIELDS and value != KEEP:  # secret markers: an export writes "keep", never them
            setattr(monitor, field, value)
    if key := _signing_key(data):
        monitor.webhook_secret_sealed = seal(key)
    monitor.save()
    _replace_cases(monitor, cases)
    monitor_channels_set(monitor=monitor, channels=data.get("channels") or {})
    if was_storing and monitor.storage_mode == StorageMode.RESULTS_ONLY:
        _forget_answers(monitor)
    monitor_schedule_sync(monitor=monitor)
    return monitor


def _signing_key(data: dict[str, Any]) -> str:
    """A signing key the member gave for the webhook ("" to keep the stored one)."""
    key = str(data.get("webhook_signing_key") or "")
    return "" if key == KEEP else key


def _forget_answers(monitor: Monitor) -> None:
    MonitorSample.objects.filter(run__monitor=monitor).exclude(answer="").update(answer="", judge_rationale="")
    for event in MonitorEvent.objects.filter(monitor=monitor, details__has_key="cases"):
        for case in event.details.get("cases", []):
            case["new_answer"] = case["last_good_answer"] = ""
            case["failed_rules"] = [rule for rule in case.get("failed_rules", []) if not rule.startswith("Judge:")]
        event.details["answers_stored"] = False
        event.save(update_fields=["details"])


@transaction.atomic
def monitor_delete(*, monitor: Monitor) -> None:
    monitor_schedule_delete(monitor_id=monitor.pk)
    monitor.delete()


@transaction.atomic
def monitor_pause(*, monitor: Monitor) -> Monitor:
    monitor = Monitor.objects.select_for_update().get(pk=monitor.pk)
    if monitor.paused_reason == PauseReason.USER:
        return monitor
    previous = monitor.display_status
    monitor.paused_reason = PauseReason.USER
    monitor.save(update_fields=["paused_reason", "updated_at"])
    event_record(
        monitor=monitor, kind=EventKind.PAUSED, status_value=MonitorStatus.PAUSED, previous=previous, title="Paused"
    )
    monitor_schedule_sync(monitor=monitor)
    return monitor


@transaction.atomic
def monitor_resume(*, monitor: Monitor, note: str = "") -> Monitor:
    """Raises MonitorActionError while this month's budget is used up (raise the budget first)."""
    monitor = Monitor.objects.select_for_update().get(pk=monitor.pk)
    if not monitor.is_paused:
        return monitor
    if monitor.paused_reason == PauseReason.BUDGET and monitor_budget_exhausted(monitor=monitor):
        raise MonitorActionError(monitor_paused_message(monitor=monitor))
    monitor.paused_reason = PauseReason.NONE
    monitor.save(update_fields=["paused_reason", "updated_at"])
    event_record(
        monitor=monitor, kind=EventKind.RESUMED, status_value=monitor.status, previous=MonitorStatus.PAUSED,
        title="Resumed", message=note,
    )  # fmt: skip
    monitor_schedule_sync(monitor=monitor)
    return monitor


YAML_DEFAULTS: dict[str, Any] = {
    "agent": None,
    "endpoint_url": "",
    "protocol": MonitorProtocol.CHAT,
    "model_name": "",
    "auth_secret": "",
    "interval_minutes": 60,
    "samples_per_case": 3,
    "min_passing_samples": 2,
    "target_pass_rate": 90,
    "alert_emails": "",
    "allowed_contacts": "",
    "secret_markers": "",
    "channels": {kind: "" for kind in SECRET_CHANNELS},  # the file is the source of truth: left out = removed
    "monthly_token_budget": 200_000,
    "storage_mode": StorageMode.ANSWERS,
    "judge_model": "sonnet",
    "judge_strictness": "balanced",
}


def monitors_import_yaml(*, account: Account, text: str, user: Any = None) -> tuple[list[Monitor], list[Monitor]]:
    """Create or update (by name) every monitor declared in ``text``; all or nothing.

    The file is the source of truth: a setting it leaves out gets its default. Cases are matched by question,
    so a case keeps its history across imports. Raises ``yaml_io.YamlImportError`` (every problem, by line).
    """
    # Read and checked before the transaction opens: on SQLite an open write transaction holds the database's
    # one write lock, and every other workspace's writes (and the worker) would wait for the parse.
    declarations = parse_monitors(text, account_id=account.pk)
    created: list[Monitor] = []
    updated: list[Monitor] = []
    with transaction.atomic():
        for declaration in declarations:
            data = {**YAML_DEFAULTS, **declaration.data}
            existing = Monitor.objects.filter(account=account, name=data["name"]).first()
            if existing is None:
                created.append(monitor_create(account=account, data=data, cases=declaration.cases, user=user))
            else:
                updated.append(monitor_update(monitor=existing, data=data, cases=declaration.cases))
    return created, updated
