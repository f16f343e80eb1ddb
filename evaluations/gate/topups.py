"""Reads of a baseline's top-ups (docs/gate.md, "Stronger baselines"): more runs of a pinned baseline's scenarios,
counted with it by the gate once they have succeeded. The top-up is launched by ``launches.topup``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.db.models import Exists, OuterRef

from evaluations.gate import rules as gate
from evaluations.gate.models import BaselineTopUp
from evaluations.gate.profile import run_counts
from evaluations.runs.choices import RunStatus

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

Topups = Mapping[int, list["EvaluationRun"]]  # the succeeded top-ups of baseline runs, by run id


def topup_runs_for(*, run_ids: Iterable[int]) -> dict[int, list[EvaluationRun]]:
    """The counted top-up runs of each run id (docs/gate.md, "Stronger baselines"), oldest first, in one query;
    runs without one left out."""
    ids = list(run_ids)
    if not ids:
        return {}
    rows = (
        # Counted: succeeded, and its finish task has marked it (and revised the verdicts it changes) — so the gate
        # starts counting it at the moment the record says it did (docs/gate.md, "Stronger baselines").
        BaselineTopUp.objects.filter(run_id__in=ids, counted_at__isnull=False, topup_run__status=RunStatus.SUCCEEDED)
        .exclude(topup_run__metrics={})
        .select_related("topup_run")
        .order_by("created_at", "pk")
    )
    out: dict[int, list[EvaluationRun]] = {}
    for row in rows:
        out.setdefault(row.run_id, []).append(row.topup_run)
    return out


def topped_up() -> Exists:
    """For annotating a Baseline queryset (``has_topups``): whether its run has a counted top-up, so that reading
    the top-ups costs a query only for the baselines that have one."""
    return Exists(BaselineTopUp.objects.filter(run_id=OuterRef("run_id"), counted_at__isnull=False))


def topups_for_baselines(baselines: Iterable[Any]) -> dict[int, list[EvaluationRun]]:
    """``topup_runs_for`` the runs of ``baselines`` annotated ``has_topups``; no query when none has one."""
    return topup_runs_for(run_ids={b.run_id for b in baselines if getattr(b, "has_topups", True)})


def baseline_counts(baseline_run: EvaluationRun, topups: Sequence[EvaluationRun] = ()) -> gate.RunCounts:
    """The counts the gate compares with: the baseline run's, with its succeeded top-ups' added."""
    return gate.counts_merged(run_counts(baseline_run), *(run_counts(topup) for topup in topups))


def baseline_size(baseline_run: EvaluationRun) -> int:
    """The baseline's runs per scenario, its succeeded top-ups' included (one query)."""
    topups = topup_runs_for(run_ids=[baseline_run.pk]).get(baseline_run.pk, [])
    return baseline_run.runs_per_scenario + sum(topup.runs_per_scenario for topup in topups)


def topups_of_run(*, run: EvaluationRun) -> list[BaselineTopUp]:
    """Every top-up of ``run``, whatever its state, oldest first, with its run (the pin page and the report)."""
    return list(BaselineTopUp.objects.filter(run_id=run.pk).select_related("topup_run").order_by("created_at", "pk"))


def topped_up_run(*, run: EvaluationRun) -> BaselineTopUp | None:
    """The top-up row when ``run`` is itself a top-up of another run."""
    return BaselineTopUp.objects.filter(topup_run_id=run.pk).first()
