"""Launching runs and following them: the New evaluation form, its live estimate, progress and cancel."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import balance_for_account, membership_get
from evalsite.http import HtmxHttpRequest
from evaluations.agents import selectors as agent_selectors
from evaluations.gate.launch import LAUNCH_KEYS, LaunchPlan, LaunchPlanError, launch_plan
from evaluations.gate.profile import launch_settings_of_run
from evaluations.gate.selectors import launch_defaults
from evaluations.llm.clients import judge_provider
from evaluations.review import selectors as review_selectors
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.runs.forms import RunLaunchForm, settings_as_fields
from evaluations.scoring.choices import JudgeModel
from suites.selectors import suite_list_for_user
from suites.services import suite_run_profile_set


def _launch_form(request: HttpRequest, data: object = None, initial: dict[str, Any] | None = None) -> RunLaunchForm:
    return RunLaunchForm(
        data,
        agents=agent_selectors.agent_list_for_user(user=request.user),
        suites=suite_list_for_user(user=request.user),
        initial=initial
        if initial is not None
        else {"agent": request.GET.get("agent"), "suite": request.GET.get("suite")},
    )


@sensitive_post_parameters("api_key")
@require_http_methods(["GET", "POST"])
@login_required
def run_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = _launch_form(request, request.POST)
        preview = form
    else:  # Run, Run again: the form starts from the pinned baseline's (or the run's) settings, with its estimate
        form = _launch_form(request, initial=_initial(request))
        preview = _launch_form(request, _as_data(form.initial))
    plan = _plan(preview) if preview.is_valid() else None
    if request.method == "POST" and plan:
        # The form offers the agents of every workspace of the user; launching needs Write in the agent's.
        membership_get(user=request.user, account_id=form.cleaned_data["agent"].account_id, role=Role.WRITE)
        try:
            run = run_services.run_launch(
                user=request.user, **form.launch_data(), launch_warnings=getattr(plan, "warnings", ())
            )
        except run_services.LaunchError as exc:
            form.add_error(None, str(exc))
        else:
            _profile_save(form)
            for warning in getattr(plan, "warnings", ()):
                messages.warning(request, warning)
            return redirect("evaluations:run-report", run.pk)
    judge_configured = judge_provider() != "rules_only"
    context = {
        "form": form, "judge_configured": judge_configured, "count": preview.conversation_count(),
        "plan": plan if isinstance(plan, LaunchPlan) else None, **_credit_estimate(preview),
    }  # fmt: skip
    return render(request, "evaluations/run_new.html", context)


@require_GET
@login_required
def run_estimate(request: HttpRequest) -> HttpResponse:
    """The live "N scenarios × R runs = C conversations, up to X credits (balance B)" line (htmx), with whether
    the run will be comparable with the pinned baseline and whether it has the runs the gate needs."""
    form = _launch_form(request, request.GET)
    plan = _plan(form) if form.is_valid() else None
    context = {
        "count": form.conversation_count(),
        "plan": plan if isinstance(plan, LaunchPlan) else None,
        "calibration_warning": _calibration_warning(form) if plan is not False else "",
        **_credit_estimate(form),
    }
    return render(request, "evaluations/partials/run_estimate.html", context)


def _calibration_warning(form: RunLaunchForm) -> str:
    """How far the chosen judge agrees with this workspace's reviewers, when that is not yet established."""
    if not form.is_valid() or judge_provider() == "rules_only":
        return ""
    data = form.launch_data()
    model = data["judge_model"] or data["agent"].judge_model
    if model == JudgeModel.RULES_ONLY:
        return ""
    strictness = data["judge_strictness"] or data["agent"].judge_strictness
    return review_selectors.calibration_warning_for_launch(
        account_id=data["agent"].account_id, judge_model=model, strictness=strictness
    )


def _plan(form: RunLaunchForm) -> LaunchPlan | bool:
    """The launch plan of a valid form (what the gate will compare it with, its warnings); True when there is
    nothing to plan (generated scenarios); False after adding the form error of a bad ``compare_with_endpoint``."""
    data = form.launch_data()
    if data["generate_kinds"] or (data["suite"] is None and not data["redteam_depth"]):
        return True
    try:
        return launch_plan(
            agent=data["agent"],
            suite=data["suite"],
            endpoint_url=data["endpoint_url"],
            compare_with_endpoint=data["compare_with_endpoint"],
            overrides={key: data[key] for key in LAUNCH_KEYS},
        )
    except LaunchPlanError as exc:
        form.add_error(exc.field, str(exc))
        return False


def _profile_save(form: RunLaunchForm) -> None:
    """ "Make these settings the suite's run profile", when ticked on a saved suite's launch."""
    data = form.launch_data()
    if form.cleaned_data.get("save_as_run_profile") and data["suite"] is not None:
        suite_run_profile_set(suite=data["suite"], profile={key: data[key] for key in LAUNCH_KEYS})


def _initial(request: HttpRequest) -> dict[str, Any]:
    """Run again (``?again=<run id>``): that run's settings. Run (``?agent=&suite=``): the settings of the pinned
    baseline of the agent's endpoint + suite, else the suite's run profile, else the defaults."""
    if (again := request.GET.get("again", "")).isdigit():
        return _rerun_initial(run_selectors.run_get_for_user(user=request.user, run_id=int(again)))
    initial: dict[str, Any] = {"agent": request.GET.get("agent"), "suite": request.GET.get("suite")}
    agents = agent_selectors.agent_list_for_user(user=request.user)
    agent = agents.filter(pk=initial["agent"]).first() if str(initial["agent"]).isdigit() else None
    suites = suite_list_for_user(user=request.user)
    suite = suites.filter(pk=initial["suite"]).first() if str(initial["suite"]).isdigit() else None
    if agent is not None and suite is not None:
        initial.update(settings_as_fields(launch_defaults(agent=agent, suite=suite).settings))
    return initial


def _rerun_initial(run: Any) -> dict[str, Any]:
    """The form filled as ``run`` was launched: same agent, scenarios, endpoint and settings."""
    snapshot = run.settings_snapshot or {}
    own_endpoint = (run.agent_snapshot or {}).get("endpoint_url") if run.agent is None else run.agent.endpoint_url
    generated = snapshot.get("mode") == "generated" or run.suite_id is None
    return {
        "agent": run.agent_id,
        "suite": run.suite_id,
        "mode": "generate" if generated else "saved",
        "generate_kinds": list(snapshot.get("suite_kinds") or []),
        "endpoint_url": run.endpoint_url if run.endpoint_url != own_endpoint else "",
        "compare_with_endpoint": snapshot.get("compare_with_endpoint") or "",
        **settings_as_fields(launch_settings_of_run(run)),
    }


def _as_data(initial: Mapping[str, Any]) -> QueryDict:
    """The initial values as if posted, to preview the prefilled form's estimate."""
    data = QueryDict(mutable=True)
    for key, value in initial.items():
        if isinstance(value, list | tuple):
            data.setlist(key, [str(v) for v in value])
        elif value is not None:
            data[key] = str(getattr(value, "pk", value))
    return data


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
    context = {"estimate": estimate, "balance": balance_for_account(account_id=agent.account_id)}
    judge = JudgeModel.RULES_ONLY if judge_provider() == "rules_only" else data.get("judge_model") or agent.judge_model
    if judge == JudgeModel.RULES_ONLY and not data.get("generate_kinds"):  # rules only: say what they can score
        scorable, total = run_services.run_rules_coverage(suite=suite, redteam_depth=data.get("redteam_depth") or "")
        context["rules_coverage"] = {"scorable": scorable, "total": total, "rest": total - scorable}
    return context


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
