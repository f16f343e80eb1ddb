from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from evaluations.api import views
from evaluations.monitors.api import DeployCreateApi

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", views.api_docs, name="docs"),
    path("aiagent/suites", views.SuiteListApi.as_view(), name="suite-list"),
    path("deploys", DeployCreateApi.as_view(), name="deploy-create"),
    path("aiagent/runs", views.RunCreateApi.as_view(), name="run-create"),
    path("aiagent/runs/<int:run_id>", views.RunDetailApi.as_view(), name="run-detail"),
    path("aiagent/runs/<int:run_id>/report.json", views.RunReportJsonApi.as_view(), name="run-report-json"),
    path("aiagent/runs/<int:run_id>/report.junit.xml", views.RunJunitApi.as_view(), name="run-junit"),
    path("aiagent/runs/<int:run_id>/report.sarif", views.RunSarifApi.as_view(), name="run-sarif"),
]
