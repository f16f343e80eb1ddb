"""The CI API (SPEC §7): list saved suites, launch a run, follow it to a verdict, download its reports.

Every view authenticates a personal API key (``billing.api.authentication``) and acts in that key's account
only: another account's suite or run is a 404, exactly like in the web UI. Launching needs the Write role.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ParseError, Throttled, ValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from billing.api.authentication import ApiKeyAuthentication, request_api_key
from billing.roles import Role
from evaluations.agents import selectors as agent_selectors
from evaluations.gate.ci import GateOptions, ci_verdict
from evaluations.gate.models import Baseline
from evaluations.reports.builders import report_data, report_json, report_junit_xml
from evaluations.runs import ci as ci_services
from evaluations.runs import selectors as run_selectors
from evaluations.runs.forms import RunLaunchForm
from evaluations.runs.models import EvaluationRun
from evaluations.runs.services import LaunchError
from redteam.report import sarif_for_run
from suites import selectors as suite_selectors
from suites.models import Suite

MAX_ID = 2**63 - 1  # ids past a bigint are 404s, not database overflow errors

ERRORS = {
    400: OpenApiResponse(description="Invalid input: field name → list of messages."),
    401: OpenApiResponse(description="No API key, an unknown one, or a revoked one."),
    403: OpenApiResponse(description="The key's user lacks the role this needs in the key's workspace."),
    404: OpenApiResponse(description="No such object in the key's workspace."),
}


class StrictJSONParser(JSONParser):
    """DRF's JSON parser, but a body nested too deep for Python's parser is a 400, not a RecursionError (500)."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None


class TrustgateApi(APIView):
    """JSON in and out, personal API keys only."""

    authentication_classes = [ApiKeyAuthentication]
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer]
    parser_classes = [StrictJSONParser]


def _account_id(request: Request) -> int:
    return int(request_api_key(request).account_id)


def _suites(request: Request) -> Any:
    return suite_selectors.suite_list_for_user(user=request.user).filter(account_id=_account_id(request))


def _run_get(request: Request, run_id: int) -> EvaluationRun:
    return run_selectors.run_get_for_member(
        user=request.user, run_id=run_id, role=Role.READ, account_id=_account_id(request)
    )


def _abs(request: Request, name: str, *args: Any) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def _baseline_endpoints(suites: list[Suite]) -> dict[int, list[str]]:
    """Per suite id, the endpoints of its agent that have a current baseline for it (one query)."""
    pins = Baseline.objects.filter(suite_id__in=[s.pk for s in suites], is_current=True)
    agent_of = {s.pk: s.agent_id for s in suites}
    endpoints: dict[int, list[str]] = {}
    for suite_id, agent_id, endpoint in pins.values_list("suite_id", "agent_id", "endpoint_url").order_by("pk"):
        if agent_of.get(suite_id) == agent_id:
            endpoints.setdefault(suite_id, []).append(endpoint)
    return endpoints


class SuiteListApi(TrustgateApi):
    class OutputSerializer(serializers.Serializer):
        class AgentSerializer(serializers.Serializer):
            id = serializers.IntegerField()
            name = serializers.CharField()
            protocol = serializers.CharField()
            endpoint_url = serializers.CharField()

            class Meta:
                ref_name = "SuiteAgent"

        id = serializers.IntegerField()
        name = serializers.CharField()
        version = serializers.IntegerField()
        scenarios = serializers.IntegerField(help_text="Active scenarios: what a run drives.")
        agent = AgentSerializer(allow_null=True, help_text="The agent a run of this suite drives; null: none set.")
        baseline_pinned = serializers.BooleanField(help_text="A baseline is pinned for the agent's own endpoint.")
        baseline_endpoints = serializers.ListField(
            child=serializers.CharField(),
            help_text="Every endpoint of the agent with a pinned baseline for this suite.",
        )
        use_in_ci_url = serializers.CharField(help_text="The page with a ready CI workflow for this suite.")

        class Meta:
            ref_name = "Suite"

    @extend_schema(
        operation_id="suites_list",
        summary="List the saved suites of the key's workspace",
        description="Each saved suite with its agent and whether a baseline is pinned.",
        responses={200: inline_serializer("SuiteList", {"suites": OutputSerializer(many=True)}), 401: ERRORS[401]},
    )
    def get(self, request: Request) -> Response:
        suites = list(_suites(request))
        pinned = _baseline_endpoints(suites)
        rows = [
            {
                "id": suite.pk,
                "name": suite.name,
                "version": suite.version,
                "scenarios": suite.active_scenarios,
                "agent": None
                if suite.agent is None
                else {
                    "id": suite.agent.pk,
                    "name": suite.agent.name,
                    "protocol": suite.agent.protocol,
                    "endpoint_url": suite.agent.endpoint_url,
                },
                "baseline_pinned": suite.agent is not None and suite.agent.endpoint_url in pinned.get(suite.pk, []),
                "baseline_endpoints": pinned.get(suite.pk, []),
                "use_in_ci_url": _abs(request, "suites:use-in-ci", suite.pk),
            }
            for suite in suites
        ]
        return Response({"suites": self.OutputSerializer(rows, many=True).data})


class RunCreateApi(TrustgateApi):
    class InputSerializer(serializers.Serializer):
        """Types only: the launch rules (ranges, the endpoint guard, the suite) are RunLaunchForm's."""

        suite = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="A saved suite's id.")
        endpoint_url = serializers.CharField(
            required=False, allow_blank=True, max_length=2000, help_text="Run against this endpoint instead (staging)."
        )
        api_key = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=4096,
            trim_whitespace=False,
            write_only=True,
            help_text="The agent's API key, used for this run only and never stored.",
        )
        runs_per_scenario = serializers.IntegerField(required=False, default=3, help_text="1 to 10.")
        parallel = serializers.IntegerField(required=False, default=4, help_text="Parallel conversations, 1 to 8.")
        min_trust_score = serializers.FloatField(
            required=False, allow_null=True, default=None, min_value=0, max_value=100,
            help_text="Fail when the trust score is below this.",
        )  # fmt: skip
        max_breaches = serializers.IntegerField(
            required=False, allow_null=True, default=None, min_value=0, max_value=1_000_000,
            help_text="Fail when more attempts than this breached a guardrail, PII or red-team check.",
        )  # fmt: skip
        fail_on_no_baseline = serializers.BooleanField(
            required=False, default=False, help_text="Fail (instead of pass with a warning) when no baseline is pinned."
        )

        class Meta:
            ref_name = "RunCreateInput"

    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        status_url = serializers.CharField()
        report_url = serializers.CharField()

        class Meta:
            ref_name = "RunCreated"

    @extend_schema(
        operation_id="runs_create",
        summary="Run a saved suite",
        description=(
            "Launch a run of a saved suite against its agent (or endpoint_url). Needs the Write role. "
            f"At most {ci_services.MAX_ACTIVE_RUNS_PER_ACCOUNT} runs may be in progress per workspace: past that, "
            "429 with Retry-After. A refused launch (e.g. not enough credits) is 402 with a detail message."
        ),
        request=InputSerializer,
        responses={
            202: OutputSerializer,
            **ERRORS,
            402: OpenApiResponse(description="Not enough credits: the detail says how many are needed."),
            429: OpenApiResponse(description="Too many runs in progress in this workspace; see Retry-After."),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        suite = suite_selectors.suite_get_for_member(
            user=request.user, suite_id=data["suite"], role=Role.WRITE, account_id=_account_id(request)
        )
        if suite.agent is None:
            raise ValidationError({"suite": ["This suite has no agent to run against; set its agent first."]})
        form = RunLaunchForm(
            {
                "agent": suite.agent_id,
                "suite": suite.pk,
                "api_key": data.get("api_key", ""),
                "endpoint_url": data.get("endpoint_url", ""),
                "runs_per_scenario": data["runs_per_scenario"],
                "parallel": data["parallel"],
            },
            agents=agent_selectors.agent_list_for_user(user=request.user).filter(pk=suite.agent.pk),
            suites=_suites(request).filter(pk=suite.pk),
        )
        if not form.is_valid():
            raise ValidationError(_form_errors(form))
        try:
            run = ci_services.ci_run_launch(
                user=request.user,
                suite=suite,
                api_key=form.cleaned_data["api_key"],
                runs_per_scenario=form.cleaned_data["runs_per_scenario"],
                parallel=form.cleaned_data["parallel"],
                endpoint_url=form.cleaned_data["endpoint_url"].strip(),
                options=GateOptions(
                    min_trust_score=data["min_trust_score"],
                    max_breaches=data["max_breaches"],
                    fail_on_no_baseline=data["fail_on_no_baseline"],
                ),
            )
        except ci_services.TooManyRuns as exc:
            raise Throttled(wait=ci_services.RETRY_AFTER_SECONDS, detail=str(exc)) from None
        except LaunchError as exc:
            return Response({"detail": str(exc)}, status=_launch_error_status(exc))
        body = {
            "id": run.pk,
            "status_url": _abs(request, "api:run-detail", run.pk),
            "report_url": _abs(request, "evaluations:run-report", run.pk),
        }
        return Response(self.OutputSerializer(body).data, status=status.HTTP_202_ACCEPTED)


def _form_errors(form: RunLaunchForm) -> dict[str, list[str]]:
    """The launch form's messages under the API's field names (the form's agent is the suite's agent)."""
    renamed = {"agent": "suite", "__all__": "non_field_errors"}
    errors: dict[str, list[str]] = {}
    for field, messages in form.errors.items():
        errors.setdefault(renamed.get(field, field), []).extend(str(m) for m in messages)
    return errors


def _launch_error_status(exc: LaunchError) -> int:
    """402 when the launch was refused for credits (``payment_required``), 400 for any other refusal."""
    return status.HTTP_402_PAYMENT_REQUIRED if exc.payment_required else status.HTTP_400_BAD_REQUEST


class RunDetailApi(TrustgateApi):
    class OutputSerializer(serializers.Serializer):
        class ProgressSerializer(serializers.Serializer):
            done = serializers.IntegerField(help_text="Conversations finished.")
            total = serializers.IntegerField()
            passed = serializers.IntegerField()
            failed = serializers.IntegerField()
            not_scored = serializers.IntegerField()
            # A declared field: DRF's metaclass pops it out of the class, so it does not shadow Serializer.errors.
            errors = serializers.IntegerField()  # type: ignore[assignment]
            elapsed_s = serializers.IntegerField()

            class Meta:
                ref_name = "RunProgress"

        class MetricSerializer(serializers.Serializer):
            key = serializers.CharField()
            label = serializers.CharField()  # type: ignore[assignment]  # a declared field, not Field.label
            value = serializers.FloatField(allow_null=True, help_text="Share of scenarios passed, 0–100.")
            scenarios = serializers.IntegerField()
            scenarios_passed = serializers.IntegerField()

            class Meta:
                ref_name = "RunMetric"

        class ScenarioSerializer(serializers.Serializer):
            key = serializers.CharField()
            name = serializers.CharField()
            kind = serializers.CharField()
            status = serializers.CharField(help_text="pass, fail, not_scored or error.")
            runs_passed = serializers.IntegerField()
            runs_failed = serializers.IntegerField()
            runs_not_scored = serializers.IntegerField()
            runs_error = serializers.IntegerField()
            breaches = serializers.IntegerField()

            class Meta:
                ref_name = "RunScenarioResult"

        class GateSerializer(serializers.Serializer):
            state = serializers.CharField(help_text="pass, blocked, no_baseline or not_comparable.")
            label = serializers.CharField()  # type: ignore[assignment]  # a declared field, not Field.label
            reasons = serializers.ListField(child=serializers.CharField(), help_text="What decides the state.")
            notes = serializers.ListField(child=serializers.CharField(), help_text="Observations that do not block.")
            baseline_run_id = serializers.IntegerField(allow_null=True)
            watch_list = serializers.ListField(child=serializers.CharField(), help_text="Scenario names.")
            metrics = serializers.JSONField(
                required=False, help_text="Per metric: baseline, current, drop, threshold, p-value."
            )

            class Meta:
                ref_name = "RunGate"

        class OptionsSerializer(serializers.Serializer):
            min_trust_score = serializers.FloatField(allow_null=True)
            max_breaches = serializers.IntegerField(allow_null=True)
            fail_on_no_baseline = serializers.BooleanField()

            class Meta:
                ref_name = "RunGateOptions"

        class LinksSerializer(serializers.Serializer):
            status_url = serializers.CharField()
            report_url = serializers.CharField(help_text="The report page (a browser login).")
            json_url = serializers.CharField(help_text="The report as JSON (this API key).")
            junit_url = serializers.CharField(help_text="JUnit XML, one test case per scenario (this API key).")
            sarif_url = serializers.CharField(help_text="Red-team findings as SARIF 2.1.0 (this API key).")

            class Meta:
                ref_name = "RunLinks"

        id = serializers.IntegerField()
        status = serializers.CharField(help_text="queued, running, succeeded, failed or cancelled.")
        stage = serializers.CharField()
        suite = serializers.DictField(help_text="id, name, version.")
        agent = serializers.DictField(help_text="id, name.")
        endpoint_url = serializers.CharField()
        progress = ProgressSerializer()
        trust_score = serializers.FloatField(allow_null=True)
        breaches = serializers.IntegerField(allow_null=True)
        metrics = MetricSerializer(many=True)
        scenario_counts = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
        scenarios = ScenarioSerializer(many=True)
        gate = GateSerializer(allow_null=True)
        verdict = serializers.ChoiceField(choices=["pending", "pass", "fail", "error"])
        reasons = serializers.ListField(child=serializers.CharField())
        warnings = serializers.ListField(child=serializers.CharField())
        options = OptionsSerializer()
        error_message = serializers.CharField(allow_blank=True)
        links = LinksSerializer()

        class Meta:
            ref_name = "RunStatus"

    @extend_schema(
        operation_id="runs_retrieve",
        summary="A run's progress, then its results and verdict",
        description=(
            "While the run is in progress: verdict `pending` and progress counts. Once it has finished: trust "
            "score, metrics, scenario results, the release gate and the verdict (`pass` / `fail` / `error`) with "
            "its reasons. See README “CI API” for the verdict rules."
        ),
        responses={200: OutputSerializer, 401: ERRORS[401], 404: ERRORS[404]},
    )
    def get(self, request: Request, run_id: int) -> Response:
        run = _run_get(request, run_id)
        progress = run_selectors.run_progress(run=run)
        verdict = ci_verdict(run=run, progress=progress)
        finished = not run.is_active
        report = report_data(run, run_selectors.attempts_for_run(run=run)) if finished else None
        body = {
            "id": run.pk,
            "status": run.status,
            "stage": run.stage,
            "suite": {"id": run.suite_id, "name": run.suite_name, "version": run.suite_version},
            "agent": {"id": run.agent_id, "name": run.agent_name},
            "endpoint_url": run.endpoint_url,
            "progress": progress,
            "trust_score": run.trust_score,
            "breaches": report["breaches"] if report else None,
            "metrics": report["metrics"] if report else [],
            "scenario_counts": report["scenario_counts"] if report else None,
            "scenarios": report["scenarios"] if report else [],
            "gate": verdict.gate,
            "verdict": verdict.verdict,
            "reasons": list(verdict.reasons),
            "warnings": list(verdict.warnings),
            "options": GateOptions.of_run(run).to_dict(),
            "error_message": run.error_message,
            "links": {
                "status_url": _abs(request, "api:run-detail", run.pk),
                "report_url": _abs(request, "evaluations:run-report", run.pk),
                "json_url": _abs(request, "api:run-report-json", run.pk),
                "junit_url": _abs(request, "api:run-junit", run.pk),
                "sarif_url": _abs(request, "api:run-sarif", run.pk),
            },
        }
        return Response(self.OutputSerializer(body).data)


class AnyAccept(BaseContentNegotiation):
    """Downloads answer in their own format whatever the client's Accept header says."""

    def select_parser(self, request: Request, parsers: Any) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class DownloadApi(TrustgateApi):
    content_negotiation_class = AnyAccept


def _download(body: bytes | str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class RunReportJsonApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_json",
        summary="The run's full report as JSON",
        responses={(200, "application/json"): OpenApiResponse(description="The report."), 404: ERRORS[404]},
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:

        run = _run_get(request, run_id)
        data = report_json(run, run_selectors.attempts_for_run(run=run))
        return _download(json.dumps(data, indent=2), "application/json", f"trustgate-run-{run.pk}.json")


class RunJunitApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_junit",
        summary="The run as JUnit XML (one test case per scenario)",
        responses={(200, "application/xml"): OpenApiResponse(description="JUnit XML."), 404: ERRORS[404]},
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:
        run = _run_get(request, run_id)
        body = report_junit_xml(
            run, run_selectors.attempts_for_run(run=run), report_url=_abs(request, "evaluations:run-report", run.pk)
        )
        return _download(body, "application/xml; charset=utf-8", f"trustgate-run-{run.pk}.junit.xml")


class RunSarifApi(DownloadApi):
    @extend_schema(
        operation_id="runs_report_sarif",
        summary="The run's red-team findings as SARIF 2.1.0",
        responses={(200, "application/sarif+json"): OpenApiResponse(description="SARIF log."), 404: ERRORS[404]},
    )
    def get(self, request: Request, run_id: int) -> HttpResponse:

        run = _run_get(request, run_id)
        log = sarif_for_run(run, run_selectors.attempts_for_run(run=run), base_url=request.build_absolute_uri("/"))
        return _download(json.dumps(log, indent=2), "application/sarif+json", f"trustgate-run-{run.pk}.sarif")


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    """A server-rendered list of the API's operations, from the same OpenAPI schema (no CDN-hosted UI)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = []
    for path, methods in schema.get("paths", {}).items():
        for method, operation in methods.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
            operations.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": operation.get("description", ""),
                    "fields": _fields(schema, body),
                    "responses": [
                        {"code": code, "description": response.get("description", "")}
                        for code, response in operation.get("responses", {}).items()
                    ],
                }
            )
    return render(
        request,
        "evaluations/api_docs.html",
        {"operations": operations, "schema_url": request.build_absolute_uri(reverse("api:schema"))},
    )


def _fields(schema: dict[str, Any], ref: dict[str, Any] | None) -> list[dict[str, Any]]:
    if not ref or "$ref" not in ref:
        return []
    component = schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[-1]]
    required = set(component.get("required", []))
    return [
        {
            "name": name,
            "type": prop.get("type", "") + (" or null" if prop.get("nullable") else ""),
            "required": name in required,
            "description": prop.get("description", ""),
        }
        for name, prop in component.get("properties", {}).items()
    ]
