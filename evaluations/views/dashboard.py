from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from evaluations import selectors


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "evaluations/dashboard.html", selectors.dashboard_for_user(user=request.user))


@require_GET
@login_required
def dashboard_runs(request: HttpRequest) -> HttpResponse:
    """Recent runs fragment, polled while any run is active."""
    return render(
        request, "evaluations/partials/dashboard_runs.html", selectors.recent_runs_for_user(user=request.user)
    )
