"""Run reports: the list of runs, the report page and its JSON and JUnit XML downloads."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django_htmx.http import push_url

from evalsite.http import HtmxHttpRequest
from evalsite.listing import list_page
from evaluations.gate import services as gate_services
from evaluations.reports import selectors as report_selectors
from evaluations.reports.builders import report_json, report_junit_xml
from evaluations.reports.builders.page import scenario_spec
from evaluations.reports.builders.triage import TriageState
from evaluations.reports.forms import ScenarioFilterForm
from evaluations.runs import selectors as run_selectors
from evaluations.runs.filters import RunFilter
from redteam.report import sarif_for_run

RUNS_PER_PAGE = 50


@require_GET
@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    runs = run_selectors.run_list_for_user(user=request.user)
    context = list_page(request, RunFilter, runs, per_page=RUNS_PER_PAGE)
    rows = report_selectors.run_rows(run_ids=[run.pk for run in context["items"]])
    return render(request, "evaluations/run_list.html", {**context, "rows": rows})


@require_GET
@login_required
def run_report(request: HttpRequest, run_id: int) -> HttpResponse:
    triage, filters = _filters(request, run_id)
    page = report_selectors.run_report_get(user=request.user, run_id=run_id, triage=triage)
    if page.drift is not None and page.drift["false_block_rate_pending"]:  # a large suite: a task simulates it
        baseline_run = page.drift["baseline"].run
        gate_services.false_block_rate_request(baseline_run=baseline_run, runs_per_scenario=page.run.runs_per_scenario)
    return render(request, "evaluations/run_report.html", {**page.context(), **filters})


@require_GET
@login_required
def run_report_scenarios(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    """The scenario results section for new filters, search, sort or page (htmx); the address bar shows the
    report's own URL with them, so it can be shared. Without htmx, that URL."""
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    report_url = reverse("evaluations:run-report", args=[run.pk])
    if not request.htmx:
        return redirect(f"{report_url}?{request.GET.urlencode()}#scenario-results")
    triage, filters = _filters(request, run.pk)
    context = report_selectors.run_report_scenarios_get(run=run, triage=triage)
    response = render(request, "evaluations/partials/report_scenarios.html", {**context, **filters})
    query = triage.query()
    return push_url(response, f"{report_url}?{query}" if query else report_url)


@require_GET
@login_required
def run_report_scenario(request: HtmxHttpRequest, run_id: int, scenario_key: str) -> HttpResponse:
    """One scenario's conversations, beside the baseline's on a compared run: a table row for htmx when its report
    row is opened, a page without it."""
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    spec = scenario_spec(run, scenario_key)
    if spec is None:
        raise Http404("No such scenario in this run.")
    context = report_selectors.run_scenario_get(run=run, spec=spec)
    template = "evaluations/partials/scenario_runs_row.html" if request.htmx else "evaluations/run_scenario.html"
    return render(request, template, context)


def _filters(request: HttpRequest, run_id: int) -> tuple[TriageState, dict[str, object]]:
    """The scenario filters the query string asks for, and the form showing them (only valid values: a huge search
    is not echoed) with a message per value dropped."""
    asked = ScenarioFilterForm(request.GET)
    state = asked.state()
    return state, {
        "triage_form": ScenarioFilterForm(state.as_data()),
        "triage_state": state,
        "triage_messages": asked.messages(),
        "scenarios_url": reverse("evaluations:run-report-scenarios", args=[run_id]),
    }


@require_GET
@login_required
def run_report_json(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    data = report_json(run, run_selectors.attempts_for_run(run=run))
    response = JsonResponse(data, json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="trustgate-run-{run.pk}.json"'
    return response


@require_GET
@login_required
def run_report_junit(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    report_url = request.build_absolute_uri(reverse("evaluations:run-report", args=[run.pk]))
    body = report_junit_xml(run, run_selectors.attempts_for_run(run=run), report_url=report_url)
    response = HttpResponse(body, content_type="application/xml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="trustgate-run-{run.pk}.junit.xml"'
    return response


@require_GET
@login_required
def run_report_sarif(request: HttpRequest, run_id: int) -> HttpResponse:
    """Red-team findings as SARIF 2.1.0, so code-scanning tools show them natively."""
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    log = sarif_for_run(run, run_selectors.attempts_for_run(run=run), base_url=request.build_absolute_uri("/"))
    response = JsonResponse(log, json_dumps_params={"indent": 2})
    response["Content-Type"] = "application/sarif+json"
    response["Content-Disposition"] = f'attachment; filename="trustgate-run-{run.pk}.sarif"'
    return response


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    return render(request, "evaluations/dashboard.html", report_selectors.dashboard_for_user(user=request.user))


@require_GET
@login_required
def dashboard_runs(request: HttpRequest) -> HttpResponse:
    """Recent runs fragment, polled while any run is active."""
    return render(
        request, "evaluations/partials/dashboard_runs.html", report_selectors.recent_runs_for_user(user=request.user)
    )
