"""Asking the gate to record verdicts, from any room (docs/gate.md). A leaf: the rooms below the gate (runs,
review, suites) name its two tasks by dotted path, as the lease sweep names each job kind's tasks (jobs.py), so none
of them imports the gate. Both are enqueued once the caller's transaction commits, so a change that rolls back
records nothing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils.module_loading import import_string
from django_q.tasks import async_task

FINISH_TASK = "evaluations.gate.tasks.verdict_record_finish"
CONFIRMATION_PLAN = "evaluations.gate.services.confirmation_plan"
REFRESH_TASK = "evaluations.gate.tasks.verdict_records_refresh"

# The causes of a revision (``gate.models.VerdictCause``), for the rooms that cannot import it.
PIN, UNPIN, SUITE_VERSION, OVERRULE, WITHDRAWAL, REJUDGE = (
    "pin", "unpin", "suite_version", "overrule", "withdrawal", "rejudge",
)  # fmt: skip


def confirmation_plan(*, run_id: int) -> tuple[tuple[str, ...], int | None, tuple[int, ...]]:
    """A run's first pass is done: ask the gate which scenarios it leaves open for confirmation runs, against which
    baseline run and which of its top-up runs (docs/gate.md, *Confirmation runs*). Called in the run's worker, by
    dotted path like the tasks."""
    plan: Any = import_string(CONFIRMATION_PLAN)
    opened, baseline_run_id, topup_ids = plan(run_id=run_id)
    return tuple(opened), baseline_run_id, tuple(topup_ids)


def verdict_record_later(*, run_id: int) -> None:
    """A run has ended: have the gate store its verdict at finish (revision 1)."""
    transaction.on_commit(lambda: async_task(FINISH_TASK, run_id))


def verdict_records_refresh_later(
    *,
    cause: str,
    summary: str,
    account_id: int,
    actor: Any = None,
    agent_id: int | None = None,
    suite_id: int | None = None,
    run_ids: Iterable[int] = (),
) -> None:
    """Something that can change finished runs' verdicts happened (``cause``, said in ``summary``): have the gate
    add a revision to each recorded run of the agent, the suite or the runs named whose verdict now differs."""
    actor_id = actor.pk if getattr(actor, "is_authenticated", False) else None
    args = (cause, summary, account_id, actor_id, agent_id, suite_id, list(run_ids))
    transaction.on_commit(lambda: async_task(REFRESH_TASK, *args))
