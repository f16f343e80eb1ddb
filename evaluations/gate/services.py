"""Baselines and the release gate: pin a finished run as the baseline of its agent endpoint + suite, and have a task
simulate a large suite's expected false-block rate (docs/gate.md). Every read (the verdict, the drift section, the
false-block rate, the pins and trends) is in ``selectors.py``; this module writes ``Baseline`` rows, the suite's run
profile and the cached figure.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django_q.tasks import async_task

from evaluations.agents.selectors import agent_get_locked
from evaluations.gate import rules as gate
from evaluations.gate.models import Baseline
from evaluations.gate.profile import launch_settings_of_run, run_mode, run_scope
from evaluations.gate.selectors import (
    baseline_pin_refusal,
    expected_false_block_rate,
    false_block_rate_cache,
    false_block_rate_job,
)
from evaluations.runs.selectors import run_list_by_ids
from suites.services import suite_run_profile_set

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


class BaselineError(Exception):
    """The run cannot be pinned; the message says why. Nothing was written."""


def baseline_pin(*, run: EvaluationRun, user: Any) -> Baseline:
    """Pin ``run`` as the baseline of its agent endpoint + suite; the previous one is kept as history.

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
