from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView

from evaluations.api import docs, downloads, errors, imports, runs, views

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs.api_docs, name="docs"),
    path("aiagent/suites", views.SuiteListApi.as_view(), name="suite-list"),
    path("aiagent/suites/import", imports.SuiteImportApi.as_view(), name="suite-import"),
    path("deploys", views.DeployCreateApi.as_view(), name="deploy-create"),
    path("aiagent/runs", runs.RunCollectionApi.as_view(), name="run-create"),
    path("aiagent/runs/<int:run_id>", views.RunDetailApi.as_view(), name="run-detail"),
    path("aiagent/runs/<int:run_id>/cancel", runs.RunCancelApi.as_view(), name="run-cancel"),
    path("aiagent/runs/<int:run_id>/pin", runs.RunPinApi.as_view(), name="run-pin"),
    path("aiagent/runs/<int:run_id>/report.json", downloads.RunReportJsonApi.as_view(), name="run-report-json"),
    path("aiagent/runs/<int:run_id>/report.junit.xml", downloads.RunJunitApi.as_view(), name="run-junit"),
    path("aiagent/runs/<int:run_id>/report.sarif", downloads.RunSarifApi.as_view(), name="run-sarif"),
    # Last: any other path under the API is a JSON 404. "schema" and "docs" without their slash are left out so
    # that APPEND_SLASH still redirects them to the pages above.
    re_path(r"^(?!(?:schema|docs)\Z)(?P<path>[\s\S]*)\Z", errors.api_not_found, name="not-found"),
]
