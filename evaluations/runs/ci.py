"""Launching a run from the CI API: the per-account limit, then the same ``run_launch`` as the web form."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from billing.models import Account
from evaluations.gate.ci import GateOptions
from evaluations.runs.choices import ACTIVE_STATUSES
from evaluations.runs.models import EvaluationRun
from evaluations.runs.services import run_launch

MAX_ACTIVE_RUNS_PER_ACCOUNT = 5
RETRY_AFTER_SECONDS = 30


class TooManyRuns(Exception):
    """The account already has MAX_ACTIVE_RUNS_PER_ACCOUNT runs queued or running. Nothing was created."""


def ci_run_launch(
    *,
    user: Any,
    suite: Any,
    api_key: str,
    runs_per_scenario: int,
    parallel: int,
    endpoint_url: str,
    options: GateOptions,
) -> EvaluationRun:
    """Launch the suite against its agent and keep the gate options with the run.

    Raises TooManyRuns past the limit (web and API runs of the account both count) and LaunchError as
    ``run_launch`` does. The account row is locked while counting, so two requests cannot both take the last
    slot (on SQLite the IMMEDIATE transaction mode serializes them the same way).
    """
    with transaction.atomic():
        Account.objects.select_for_update().filter(pk=suite.account_id).first()
        active = EvaluationRun.objects.filter(account_id=suite.account_id, status__in=ACTIVE_STATUSES).count()
        if active >= MAX_ACTIVE_RUNS_PER_ACCOUNT:
            raise TooManyRuns(
                f"This workspace already has {active} runs in progress; at most {MAX_ACTIVE_RUNS_PER_ACCOUNT} "
                f"may run at once. Try again when one has finished."
            )
        run = run_launch(
            user=user,
            agent=suite.agent,
            suite=suite,
            api_key=api_key,
            runs_per_scenario=runs_per_scenario,
            parallel=parallel,
            endpoint_url=endpoint_url,
        )
        # Before commit: the run's task is enqueued on commit, and it never writes settings_snapshot.
        run.settings_snapshot = {**run.settings_snapshot, "ci": options.to_dict(), "launched_via": "api"}
        EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot=run.settings_snapshot)
    return run
