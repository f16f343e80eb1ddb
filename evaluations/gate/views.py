"""Baselines: pin a finished run as the baseline its agent endpoint + suite is gated against (docs/gate.md)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from billing.roles import Role
from evaluations.gate import selectors as gate_selectors
from evaluations.gate import services as gate_services
from evaluations.gate.profile import floors_under_for_run, scope_label
from evaluations.runs import selectors as run_selectors


@require_GET
@login_required
def run_pin_confirm(request: HttpRequest, run_id: int) -> HttpResponse:
    """Before pinning: what later runs will be compared with, what it replaces, and any floor it is under."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    context = {
        "run": run,
        "scope": scope_label(run),
        "current": gate_selectors.baseline_for_run(run=run),
        "under": floors_under_for_run(run=run),
        "refusal": gate_selectors.baseline_pin_refusal(run=run),
    }
    return render(request, "gate/pin_confirm.html", context)


@require_POST
@login_required
def run_pin_baseline(request: HttpRequest, run_id: int) -> HttpResponse:
    """Publish role: 404 for another account's run, 403 with a reason for a lower role."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
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


@require_POST
@login_required
def run_unpin_baseline(request: HttpRequest, run_id: int) -> HttpResponse:
    """Publish role: the run stops being the baseline of its scope (the pin stays in the history)."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    try:
        gate_services.baseline_unpin(run=run, user=request.user)
    except gate_services.BaselineError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            f"Run #{run.pk} is no longer the baseline for {run.agent_name} with {scope_label(run)}; later runs have "
            "no baseline until another is pinned.",
        )
    return redirect(reverse("evaluations:run-report", args=[run.pk]) + "#run-drift")
