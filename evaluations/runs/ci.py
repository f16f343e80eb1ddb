"""Launching a run from the CI API: the per-account limit, then the same ``run_launch`` as the web form."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import transaction

from billing.services import account_lock
from evaluations.runs.choices import ACTIVE_STATUSES
from evaluations.runs.models import EvaluationRun
from evaluations.runs.services import run_launch

MAX_ACTIVE_RUNS_PER_ACCOUNT = 5
RETRY_AFTER_SECONDS = 30


@dataclasses.dataclass(frozen=True)
class GateOptions:
    min_trust_score: float | None = None
    max_breaches: int | None = None
    fail_on_no_baseline: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def of_run(cls, run: EvaluationRun) -> GateOptions:
        """The options the run was launched with (kept in its settings snapshot); defaults for web runs."""
        data = (run.settings_snapshot or {}).get("ci") or {}
        return cls(
            min_trust_score=data.get("min_trust_score"),
            max_breaches=data.get("max_breaches"),
            fail_on_no_baseline=bool(data.get("fail_on_no_baseline", False)),
        )


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
        account_lock(account_id=suite.account_id)
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
