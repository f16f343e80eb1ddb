"""The New evaluation page and its live estimate: the web adapter of a launch (docs/runs.md)."""

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
from evaluations.agents import selectors as agent_selectors
from evaluations.core.storable import parse_id
from evaluations.gate import selectors as gate_selectors
from evaluations.gate.planner import planner_query
from evaluations.gate.profile import floors_under_for_run, launch_settings_of_run, scope_label
from evaluations.gate.selectors import launch_defaults
from evaluations.gate.topups import topups_of_run
from evaluations.launches import services as launch_services
from evaluations.launches.estimate import launch_estimate
from evaluations.launches.forms import RunLaunchForm, TopUpForm, launch_token_new, settings_as_fields
from evaluations.launches.plan import LaunchPlan, confirmation_runs_for, launch_plan
from evaluations.launches.request import AlreadyLaunched, LaunchError, LaunchKeyReused, LaunchPlanError, LaunchRequest
from evaluations.launches.topup import TopUpOffer, baseline_topup, topup_offer
from evaluations.llm.clients import judge_provider
from evaluations.review import selectors as review_selectors
from evaluations.runs import selectors as run_selectors
from suites.selectors import suite_list_for_user
from suites.services import suite_run_profile_set


def _launch_form(request: HttpRequest, data: object = None, initial: dict[str, Any] | None = None) -> RunLaunchForm:
    return RunLaunchForm(
        data,
        agents=agent_selectors.agent_list_for_user(user=request.user),
        suites=suite_list_for_user(user=request.user),
        initial=initial
        if initial is not None
        else {"agent": parse_id(request.GET.get("agent")), "suite": parse_id(request.GET.get("suite"))},
    )


@sensitive_post_parameters("api_key")
@require_http_methods(["GET", "POST"])
@login_required
def run_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = preview = _launch_form(request, request.POST)
    else:  # Run, Run again: the form starts from the pinned baseline's (or the run's) settings, with its estimate
        form = _launch_form(request, initial=_initial(request))
        preview = _launch_form(request, _as_data(form.initial))
    launch, plan = _plan(preview)
    if request.method == "POST" and launch is not None and plan is not None:
        # The form offers the agents of every workspace of the user; launching needs Write in the agent's.
        membership_get(user=request.user, account_id=launch.agent.account_id, role=Role.WRITE)
        try:
            run = launch_services.run_launch(
                user=request.user, request=launch, plan=plan, launch_key=form.cleaned_data["launch_token"]
            )
        except AlreadyLaunched as exc:  # a double click, a browser retry, Back and submit again
            messages.info(request, "This form had already launched this run; it was not launched again.")
            return redirect("evaluations:run-report", exc.run.pk)
        except LaunchKeyReused as exc:  # a new token: submitting again launches these settings
            data = request.POST.copy()
            data["launch_token"] = launch_token_new()
            form = _launch_form(request, data)
            form.add_error(None, _token_reused(exc))
        except LaunchError as exc:
            form.add_error(None, str(exc))
        else:
            _profile_save(form, plan)
            for warning in plan.warnings:
                messages.warning(request, warning)
            return redirect("evaluations:run-report", run.pk)
    context = {"form": form, "judge_configured": judge_provider() != "rules_only", **_estimate(preview, plan)}
    return render(request, "evaluations/run_new.html", context)


def _token_reused(exc: LaunchKeyReused) -> str:
    return (
        f"This form already launched run {exc.run_id} with other settings. Launch again to start a new run with "
        "these settings."
    )


@require_GET
@login_required
def run_estimate(request: HttpRequest) -> HttpResponse:
    """The live "N scenarios × R runs = C conversations, up to X credits (balance B)" line (htmx), with whether
    the run will be comparable with the pinned baseline and whether it has the runs the gate needs."""
    form = _launch_form(request, request.GET)
    launch, plan = _plan(form)
    context = {**_estimate(form, plan), "calibration_warning": _calibration_warning(launch, plan)}
    return render(request, "evaluations/partials/run_estimate.html", context)


def _plan(form: RunLaunchForm) -> tuple[LaunchRequest | None, LaunchPlan | None]:
    """The request and plan of a valid form; the plan is None (with the form error added) when the
    ``compare_with_endpoint`` has no baseline to compare with."""
    launch = form.launch_request() if form.is_valid() else None
    if launch is None:
        return None, None
    try:
        return launch, launch_plan(launch)
    except LaunchPlanError as exc:
        form.add_error(exc.field, str(exc))
        return launch, None


def _calibration_warning(launch: LaunchRequest | None, plan: LaunchPlan | None) -> str:
    """How far the chosen judge agrees with this workspace's reviewers, when that is not yet established."""
    if launch is None or plan is None or not plan.frozen.judge_enabled:
        return ""
    return review_selectors.calibration_warning_for_launch(
        account_id=launch.agent.account_id, judge_model=plan.frozen.judge_model, strictness=plan.frozen.judge_strictness
    )


def _estimate(form: RunLaunchForm, plan: LaunchPlan | None) -> dict[str, object]:
    """The live line's context: the conversation count, the plan (gated launches), and once an agent and
    something to run are chosen the most the run can cost, the balance and the rules-only coverage."""
    context: dict[str, object] = {"count": form.conversation_count(), "plan": plan if plan and plan.is_gated else None}
    launch = form.launch_request()
    if launch is None:
        return context
    plan = plan or launch_plan(launch, against_baseline=False)
    estimate = launch_estimate(request=launch, plan=plan)
    if launch.redteam_depth:
        context["redteam_counts"] = plan.frozen.redteam_counts
    context |= {"estimate": estimate.credits, "balance": balance_for_account(account_id=launch.agent.account_id)}
    context |= {
        "confirmation_runs": estimate.confirmation_runs,
        "confirmation_conversations": estimate.confirmation_conversations,
    }
    if estimate.rules_coverage is not None:
        context["rules_coverage"] = estimate.rules_coverage
    return context


def _profile_save(form: RunLaunchForm, plan: LaunchPlan) -> None:
    """ "Make these settings the suite's run profile", when ticked on a saved suite's launch."""
    suite = form.cleaned_data.get("suite")
    if form.cleaned_data.get("save_as_run_profile") and suite is not None:
        suite_run_profile_set(suite=suite, profile=plan.settings.to_dict())


def _initial(request: HttpRequest) -> dict[str, Any]:
    """Run again (``?again=<run id>``): that run's settings. Run (``?agent=&suite=``): the settings of the pinned
    baseline of the agent's endpoint + suite, else the suite's run profile, else the defaults."""
    if (again := parse_id(request.GET.get("again", ""))) is not None:  # ids parsed bounded (docs/configuration.md)
        return _rerun_initial(run_selectors.run_get_for_user(user=request.user, run_id=again))
    initial: dict[str, Any] = {"agent": parse_id(request.GET.get("agent")), "suite": parse_id(request.GET.get("suite"))}
    agents = agent_selectors.agent_list_for_user(user=request.user)
    agent = agents.filter(pk=initial["agent"]).first() if initial["agent"] is not None else None
    suites = suite_list_for_user(user=request.user)
    suite = suites.filter(pk=initial["suite"]).first() if initial["suite"] is not None else None
    if agent is not None and suite is not None:
        initial.update(settings_as_fields(launch_defaults(agent=agent, suite=suite).settings))
    return initial


def _rerun_initial(run: Any) -> dict[str, Any]:
    """The form filled as ``run`` was launched: same agent, scenarios, endpoint and settings."""
    settings = run.settings
    own_endpoint = (run.agent_snapshot or {}).get("endpoint_url") if run.agent is None else run.agent.endpoint_url
    generated = settings.is_generated or run.suite_id is None
    return {
        "agent": run.agent_id,
        "suite": run.suite_id,
        "mode": "generate" if generated else "saved",
        "generate_kinds": list(settings.suite_kinds),
        "endpoint_url": run.endpoint_url if run.endpoint_url != own_endpoint else "",
        "compare_with_endpoint": settings.compare_with_endpoint,
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


# ---------------------------------------------------------------------------------------------- pin and top up


@require_GET
@login_required
def run_pin_confirm(request: HttpRequest, run_id: int) -> HttpResponse:
    """Before pinning: what later runs will be compared with, what it replaces, any floor it is under, and the offer
    to top the run up to more runs per scenario first, with the planner (docs/gate.md, "Stronger baselines")."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    return render(request, "gate/pin_confirm.html", _pin_context(run))


@sensitive_post_parameters("api_key")
@require_POST
@login_required
def run_topup(request: HttpRequest, run_id: int) -> HttpResponse:
    """Pin and top up: the Publish role; the top-up is launched like any run (estimate, hold, executor)."""
    run = run_selectors.run_get_for_member(user=request.user, run_id=run_id, role=Role.PUBLISH)
    offer = topup_offer(run=run)
    form = TopUpForm(request.POST, sizes=[size for size, _ in offer.options])
    if form.is_valid():
        data = form.cleaned_data
        try:
            topup = baseline_topup(
                user=request.user, run=run, target=data["target"], api_key=data["api_key"],
                launch_key=data["launch_token"],
            )  # fmt: skip
        except AlreadyLaunched as exc:  # a double click: the first submit launched it
            messages.info(request, "This form had already launched the top-up; it was not launched again.")
            return redirect("evaluations:run-report", exc.run.pk)
        except LaunchError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                f"Run #{run.pk} is now the baseline for {run.agent_name} with {scope_label(run)}. Run #{topup.pk} "
                f"tops it up to {data['target']} runs per scenario; the gate counts its runs with the baseline's once "
                "it has finished.",
            )
            return redirect("evaluations:run-report", topup.pk)
    return render(request, "gate/pin_confirm.html", _pin_context(run, form, offer), status=400)


def _pin_context(run: Any, form: TopUpForm | None = None, offer: TopUpOffer | None = None) -> dict[str, Any]:
    offer = offer or topup_offer(run=run)
    kinds = [str(spec.get("kind", "")) for spec in run.scenarios or []]
    return {
        "run": run,
        "scope": scope_label(run),
        "current": gate_selectors.baseline_for_run(run=run),
        "under": floors_under_for_run(run=run),
        "refusal": gate_selectors.baseline_pin_refusal(run=run),
        "offer": offer,
        "topups": topups_of_run(run=run),
        "topup_form": form or TopUpForm(sizes=[size for size, _ in offer.options]),
        # The confirmation runs later runs of the saved suite bring against this baseline (docs/gate.md).
        "planner_query": planner_query(
            runs=run.runs_per_scenario,
            baseline_runs=offer.size,
            kinds=kinds,
            confirmation_runs=confirmation_runs_for(
                launch_settings_of_run(run), has_suite=run.suite_id is not None, comparable=True
            ),
        ),
    }
