"""Run reports: the list of runs, the report page and its JSON and JUnit XML downloads."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from billing.roles import Role
from billing.selectors import membership_get
from evalsite.listing import list_page
from evaluations.gate import services as gate_services
from evaluations.reports import selectors as report_selectors
from evaluations.reports.builders import flaky_drift, report_data, report_json, report_junit_xml
from evaluations.reports.builders.verdict import verdict_header
from evaluations.review import selectors as review_selectors
from evaluations.runs import selectors as run_selectors
from evaluations.runs.filters import RunFilter
from redteam.report import sarif_for_run

RUNS_PER_PAGE = 50


@require_GET
@login_required
def run_list(request: HttpRequest) -> HttpResponse:
    runs = run_selectors.run_list_for_user(user=request.user)
    context = list_page(request, RunFilter, runs, per_page=RUNS_PER_PAGE)
    return render(request, "evaluations/run_list.html", {**context, "runs": context["items"]})


@require_GET
@login_required
def run_report(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_selectors.run_get_for_user(user=request.user, run_id=run_id)
    report = report_data(run, run_selectors.attempts_for_run(run=run))
    context: dict[str, object] = {"run": run, "report": report}
    if run.is_active:
        context["progress"] = run_selectors.run_progress(run=run)
    else:  # the drift section: the gate against the pinned baseline, and whether the user may pin this run
        drift = context["drift"] = gate_services.drift_context(run=run)
        context["drift_flaky"] = flaky_drift(run=run, report=report, baseline=drift["baseline"])
        context["can_publish"] = membership_get(user=request.user, account_id=run.account_id).allows(Role.PUBLISH)
        if not run.is_rules_only:
            context["calibration_warning"] = review_selectors.calibration_warning_for_run(run=run)
    context["verdict_header"] = verdict_header(run=run, report=report, drift=context.get("drift"))  # type: ignore[arg-type]
    return render(request, "evaluations/run_report.html", context)


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
