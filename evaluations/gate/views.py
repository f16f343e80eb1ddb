"""Baselines: pin a finished run as the baseline its agent endpoint + suite is gated against (docs/gate.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from billing.roles import Role
from evaluations.gate import planner
from evaluations.gate import services as gate_services
from evaluations.gate.profile import baseline_pinned_sentences, scope_label
from evaluations.runs import selectors as run_selectors

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun


@require_GET
@login_required
def power_planner(request: HttpRequest) -> HttpResponse:
    """The power planner widget (htmx; a page of its own without): estimates for the settings in the query, read
    cached, else computed by a task while the widget polls (docs/gate.md, "The power planner")."""
    setting, has_baseline, problem = planner.parse_setting(request.GET)
    context: dict[str, object] = {"error": problem}
    if setting is not None:
        drop, context["drop_error"] = planner.parse_drop(
            request.GET.get("drop", ""), request.GET.get("size", ""), setting
        )
        plan = planner.power_plan_cached(setting=setting, has_baseline=has_baseline, drop=drop)
        if plan is None:
            gate_services.power_plan_request(setting=setting, has_baseline=has_baseline, drop=drop)
            plan = planner.power_plan_cached(setting=setting, has_baseline=has_baseline, drop=drop)  # a sync worker
        context |= {"plan": plan, "query": request.GET.urlencode(), "kinds": planner.kinds_text(setting),
                    "shapes": planner.DROP_SHAPES.items(), "setting": setting, "has_baseline": has_baseline}  # fmt: skip
    template = "gate/partials/power_planner.html" if request.headers.get("HX-Request") else "gate/power_planner.html"
    return render(request, template, context, status=400 if problem else 200)


@require_POST
@login_required
def run_pin_baseline(request: HttpRequest, run_id: int) -> HttpResponse:
    """Publish role: 404 for another account's run, 403 with a reason for a lower role."""
    return _baseline_change(request, run_id, gate_services.baseline_pin, _pinned)


@require_POST
@login_required
def run_unpin_baseline(request: HttpRequest, run_id: int) -> HttpResponse:
    """Publish role: the run stops being the baseline of its scope (the pin stays in the history)."""
    return _baseline_change(request, run_id, gate_services.baseline_unpin, _unpinned)


Said = list[tuple[int, str]]  # (message level, sentence)


def _baseline_change(
    request: HttpRequest, run_id: int, change: Callable[..., object], said: Callable[[EvaluationRun], Said]
) -> HttpResponse:
    """Pin or unpin: the Publish role, the service ``change``, then the refusal or what ``said`` says of the
    change, on the report's drift section."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    try:
        change(run=run, user=request.user)
    except gate_services.BaselineError as exc:
        messages.error(request, str(exc))
    else:
        for level, sentence in said(run):
            messages.add_message(request, level, sentence)
    return redirect(reverse("evaluations:run-report", args=[run.pk]) + "#run-drift")


def _pinned(run: EvaluationRun) -> Said:
    said, warnings = baseline_pinned_sentences(run=run)
    return [(messages.SUCCESS, said), *((messages.WARNING, warning) for warning in warnings)]


def _unpinned(run: EvaluationRun) -> Said:
    return [
        (
            messages.SUCCESS,
            f"Run #{run.pk} is no longer the baseline for {run.agent_name} with {scope_label(run)}; later runs have "
            "no baseline until another is pinned.",
        )
    ]
