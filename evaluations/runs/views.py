"""Following a run: its progress fragment and cancel (launching lives in evaluations/launches/)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from billing.roles import Role
from evalsite.http import HtmxHttpRequest
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services


@require_GET
@login_required
def run_progress(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    """Progress fragment, polled while the run is active."""
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    response = render(
        request, "evaluations/partials/run_progress.html", {"run": run, "progress": run_selectors.run_progress(run=run)}
    )
    if request.htmx and not run.is_active:
        response["HX-Refresh"] = "true"  # the run ended: reload once to show the whole report
    return response


@require_POST
@login_required
def run_cancel(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.WRITE)
    run_services.run_cancel(run=run)
    messages.success(request, "The run was cancelled; conversations already finished are kept.")
    return redirect("evaluations:run-report", run.pk)
