"""The CI API's downloads: a run's report as JSON, JUnit XML and SARIF, whatever the client's Accept header."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request

from evaluations.api.base import TrustgateApi, absolute_url, key_run_get
from evaluations.api.errors import error_responses
from evaluations.reports.builders import report_json, report_junit_xml
from evaluations.runs import selectors as run_selectors
from redteam.report import SUITE_PATH_MAX, SUITE_PATH_PATTERN, sarif_for_run, suite_path_problem


class AnyAccept(BaseContentNegotiation):
    """Downloads answer in their own format whatever the client's Accept header says."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class DownloadApi(TrustgateApi):
    content_negotiation_class = AnyAccept


def download(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class RunReportJsonApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_json",
        summary="The run's full report as JSON",
        responses={(200, "application/json"): OpenApiResponse(description="The report."), **error_responses(401, 404)},
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:
        run = key_run_get(request, run_id)
        data = report_json(run, run_selectors.attempts_for_run(run=run))
        return download(json.dumps(data, indent=2), "application/json", f"trustgate-run-{run.pk}.json")


class RunJunitApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_junit",
        summary="The run as JUnit XML (a gate test case, then one per scenario)",
        responses={(200, "application/xml"): OpenApiResponse(description="JUnit XML."), **error_responses(401, 404)},
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:
        run = key_run_get(request, run_id)
        report_url = absolute_url(request, "evaluations:run-report", run.pk)
        body = report_junit_xml(run, run_selectors.attempts_for_run(run=run), report_url=report_url)
        return download(body, "application/xml; charset=utf-8", f"trustgate-run-{run.pk}.junit.xml")


SUITE_PATH = OpenApiParameter(
    "suite_path",
    type={"type": "string", "minLength": 1, "maxLength": SUITE_PATH_MAX, "pattern": SUITE_PATH_PATTERN},
    location=OpenApiParameter.QUERY,
    required=False,
    description="The suite's YAML in the repository, relative to its root (tests/agents/support.yml): each finding's "
    "location. Left out: trustgate/suites/<suite slug>.yml. Either way relative to %SRCROOT%.",
)


SARIF_INVALID = inline_serializer(
    "RunSarifErrors", {"suite_path": serializers.ListField(child=serializers.CharField())}
)


class RunSarifApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_sarif",
        summary="The run's red-team findings as SARIF 2.1.0",
        parameters=[SUITE_PATH],
        responses={
            (200, "application/sarif+json"): OpenApiResponse(description="SARIF log."),
            **error_responses(400, 401, 404, invalid=SARIF_INVALID),
        },
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:
        suite_path = request.query_params.get("suite_path")
        if suite_path is not None and (problem := suite_path_problem(suite_path)):
            raise ValidationError({"suite_path": [problem]})
        run = key_run_get(request, run_id)
        log = sarif_for_run(
            run, run_selectors.attempts_for_run(run=run), base_url=request.build_absolute_uri("/"),
            suite_path=suite_path or "",
        )  # fmt: skip
        return download(json.dumps(log, indent=2), "application/sarif+json", f"trustgate-run-{run.pk}.sarif")
