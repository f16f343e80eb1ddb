"""Launching runs and following them: the New evaluation form, its live estimate, progress and cancel."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import balance_for_account, membership_get
from evalsite.http import HtmxHttpRequest
from evaluations.agents import selectors as agent_selectors
from evaluations.llm.clients import judge_provider
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.runs.forms import RunLaunchForm
from suites.selectors import suite_list_for_user


def _launch_form(request: HttpRequest, data: object = None) -> RunLaunchForm:
    return RunLaunchForm(
        data,
        agents=agent_selectors.agent_list_for_user(user=request.user),
        suites=suite_list_for_user(user=request.user),
        initial={"agent": request.GET.get("agent"), "suite": request.GET.get("suite")},
    )


@sensitive_post_parameters("api_key")
@require_http_methods(["GET", "POST"])
@login_required
def run_new(request: HttpRequest) -> HttpResponse:
    form = _launch_form(request, request.POST or None)
    if request.method == "POST" and form.is_valid():
        # The form offers the agents of every workspace of the user; launching needs Write in the agent's.
        membership_get(user=request.user, account_id=form.cleaned_data["agent"].account_id, role=Role.WRITE)
        try:
            run = run_services.run_launch(user=request.user, **form.launch_data())
        except run_services.LaunchError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("evaluations:run-report", run.pk)
    judge_configured = judge_provider() != "rules_only"
    context = {"form": form, "judge_configured": judge_configured, **_credit_estimate(form)}
    return render(request, "evaluations/run_new.html", context)


@require_GET
@login_required
def run_estimate(request: HttpRequest) -> HttpResponse:
    """The live "N scenarios × R runs = C conversations, up to X credits (balance B)" line (htmx)."""
    form = _launch_form(request, request.GET)
    form.is_valid()
    context = {"count": form.conversation_count(), **_credit_estimate(form)}
    return render(request, "evaluations/partials/run_estimate.html", context)


def _credit_estimate(form: RunLaunchForm) -> dict[str, object]:
    """Credits: the most the run can cost and the workspace's balance, once an agent and a suite are chosen."""
    data = getattr(form, "cleaned_data", {})
    agent, suite, runs = data.get("agent"), data.get("suite"), data.get("runs_per_scenario")
    if agent is None or runs is None or (suite is not None and suite.account_id != agent.account_id):
        return {}
    if suite is None and not data.get("generate_kinds") and not data.get("redteam_depth"):
        return {}
    estimate = run_services.run_estimate(
        agent=agent,
        suite=suite,
        runs_per_scenario=runs,
        judge_model=data.get("judge_model") or None,
        redteam_depth=data.get("redteam_depth") or "",
        generate_kinds=data.get("generate_kinds") or (),
    )
    return {"estimate": estimate, "balance": balance_for_account(account_id=agent.account_id)}


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
