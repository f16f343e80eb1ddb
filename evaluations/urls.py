from django.urls import path

from evaluations.addtosuite import views as addtosuite
from evaluations.agents import views as agents
from evaluations.gate import views as baselines
from evaluations.launches import views as launches
from evaluations.reports import views as reports
from evaluations.runs import views as runs

app_name = "evaluations"

urlpatterns = [
    path("", reports.dashboard, name="dashboard"),
    path("dashboard/runs/", reports.dashboard_runs, name="dashboard-runs"),
    path("agents/", agents.agent_list, name="agent-list"),
    path("agents/new/", agents.agent_create, name="agent-create"),
    path("agents/test-request/", agents.agent_test_request, name="agent-test-request"),
    path("agents/<int:agent_id>/", agents.agent_detail, name="agent-detail"),
    path("agents/<int:agent_id>/edit/", agents.agent_edit, name="agent-edit"),
    path("agents/<int:agent_id>/delete/", agents.agent_delete, name="agent-delete"),
    path("agents/<int:agent_id>/archive/", agents.agent_archive, name="agent-archive"),
    path("runs/new/", launches.run_new, name="run-new"),
    path("runs/estimate/", launches.run_estimate, name="run-estimate"),
    path("runs/<int:run_id>/progress/", runs.run_progress, name="run-progress"),
    path("runs/<int:run_id>/cancel/", runs.run_cancel, name="run-cancel"),
    path("runs/", reports.run_list, name="run-list"),
    path("runs/<int:run_id>/", reports.run_report, name="run-report"),
    path("runs/<int:run_id>/scenarios/", reports.run_report_scenarios, name="run-report-scenarios"),
    path("runs/<int:run_id>/scenarios/<str:scenario_key>/", reports.run_report_scenario, name="run-report-scenario"),
    path(
        "runs/<int:run_id>/attempts/<int:attempt_id>/add-to-suite/",
        addtosuite.add_from_attempt,
        name="add-to-suite-attempt",
    ),
    path("monitor-samples/<int:sample_id>/add-to-suite/", addtosuite.add_from_sample, name="add-to-suite-sample"),
    path("runs/<int:run_id>/report.json", reports.run_report_json, name="run-report-json"),
    path("runs/<int:run_id>/report.junit.xml", reports.run_report_junit, name="run-report-junit"),
    path("runs/<int:run_id>/report.sarif", reports.run_report_sarif, name="run-report-sarif"),
    path("runs/<int:run_id>/pin/", launches.run_pin_confirm, name="run-pin-confirm"),
    path("runs/<int:run_id>/topup/", launches.run_topup, name="run-topup"),
    path("planner/", baselines.power_planner, name="power-planner"),
    path("runs/<int:run_id>/pin-baseline/", baselines.run_pin_baseline, name="run-pin-baseline"),
    path("runs/<int:run_id>/unpin-baseline/", baselines.run_unpin_baseline, name="run-unpin-baseline"),
]
