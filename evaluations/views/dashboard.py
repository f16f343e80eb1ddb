from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from evaluations import selectors


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    agents = selectors.agent_list_for_user(user=request.user)
    return render(request, "evaluations/dashboard.html", {"agents": agents})
