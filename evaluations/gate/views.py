"""Baselines: pin a finished run as the baseline its agent endpoint + suite is gated against (SPEC §6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from billing.models import Role
from billing.selectors import membership_get, require_role
from evaluations.gate import services as gate_services
from evaluations.gate.profile import floors_under_for_run, scope_label
from evaluations.runs import selectors as run_selectors

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


@require_POST
@login_required
def run_pin_baseline(request: HttpRequest, run_id: int) -> HttpResponse:
    """Publish role: 404 for another account's run, 403 with a reason for a lower role."""
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    require_role(user=request.user, account_id=run.account_id, role=Role.PUBLISH)
    try:
        gate_services.baseline_pin(run=run, user=request.user)
    except gate_services.BaselineError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Run #{run.pk} is now the baseline for {run.agent_name} with {scope_label(run)}; "
            "later runs are gated against it.",
        )
        under = floors_under_for_run(run=run)
        if under:
            messages.warning(
                request,
                "This baseline is under a floor: " + "; ".join(under) + ". Runs compared with it show this as a "
                "warning instead of blocking on it; fix it and pin a better run.",
            )
    return redirect(reverse("evaluations:run-report", args=[run.pk]) + "#run-drift")


def drift_for_report(*, request: HttpRequest, run: EvaluationRun) -> dict[str, object]:
    """The report's drift section context: the gate against the pinned baseline, and whether the user may pin."""
    if run.is_active:
        return {}
    return {
        "drift": gate_services.drift_context(run=run),
        "can_publish": membership_get(user=request.user, account_id=run.account_id).allows(Role.PUBLISH),
    }
