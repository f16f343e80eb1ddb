"""Launching a run from the CI API: the same ``run_launch`` as the web form, with the gate options kept."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from evaluations.runs.models import EvaluationRun
from evaluations.runs.services import MAX_ACTIVE_RUNS_PER_ACCOUNT, TooManyRuns, run_launch

__all__ = ["MAX_ACTIVE_RUNS_PER_ACCOUNT", "RETRY_AFTER_SECONDS", "GateOptions", "TooManyRuns", "ci_run_launch"]

RETRY_AFTER_SECONDS = 30  # what the API's 429 tells a CI job to wait when the workspace is at its run limit


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


def ci_run_launch(
    *,
    user: Any,
    launch: Mapping[str, Any],
    options: GateOptions,
    launch_warnings: Sequence[str] = (),
) -> EvaluationRun:
    """Launch with ``launch`` (``run_launch`` keywords: the launch form's ``launch_data()``) and keep the gate
    options with the run.

    Raises TooManyRuns past the per-workspace limit (web and API runs of the account both count; ``run_launch``
    checks it) and LaunchError as ``run_launch`` does.
    """
    with transaction.atomic():
        run = run_launch(user=user, **launch, launch_warnings=launch_warnings)
        # Before commit: the run's task is enqueued on commit, and it never writes settings_snapshot.
        run.settings_snapshot = {**run.settings_snapshot, "ci": options.to_dict(), "launched_via": "api"}
        EvaluationRun.objects.filter(pk=run.pk).update(settings_snapshot=run.settings_snapshot)
    return run
