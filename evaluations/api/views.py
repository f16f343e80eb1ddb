"""The CI API (docs/ci.md): list saved suites, launch a run, follow it to a verdict (its reports: downloads.py), and
report a deploy so the matching monitors run (docs/monitors.md).

Every view authenticates a personal API key (``billing.api.authentication``) and acts in that key's account
only: another account's suite or run is a 404, exactly like in the web UI. Launching needs the Write role.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import status
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from billing.roles import ApiScope, Role
from billing.selectors import membership_get
from evaluations.api import serializers
from evaluations.api.base import TrustgateApi, absolute_url, key_account_id, key_run_get, run_summary
from evaluations.api.errors import (
    BODY_ERRORS,
    IDEMPOTENCY_KEY,
    IDEMPOTENT_REPLAYED,
    RETRY_AFTER,
    error_responses,
    invalid_input_serializer,
)
from evaluations.api.run_status import RunProgressSerializer, RunStatusSerializer
from evaluations.gate.changes import change_of, changes_fields
from evaluations.gate.selectors import baseline_endpoints_for_suites
from evaluations.gate.services import ci_verdict_recorded
from evaluations.launches import services as launch_services
from evaluations.launches.estimate import launch_estimate
from evaluations.launches.plan import LaunchPlan, launch_plan, launch_power
from evaluations.launches.request import (
    MAX_ACTIVE_RUNS_PER_ACCOUNT,
    RETRY_AFTER_SECONDS,
    AlreadyLaunched,
    LaunchError,
    LaunchKeyReused,
    LaunchPlanError,
    LaunchRequest,
    TooManyRuns,
    launch_key_problem,
    launch_request_errors,
)
from evaluations.monitors import selectors as monitor_selectors
from evaluations.monitors import services as monitor_services
from evaluations.reports import selectors as report_selectors
from evaluations.runs import selectors as run_selectors
from suites import selectors as suite_selectors


def _suites(request: Request) -> Any:
    """The saved suites of the key's workspace."""
    return suite_selectors.suite_list_for_user(user=request.user).filter(account_id=key_account_id(request))


# ---------------------------------------------------------------------------------------------- suites


class SuiteListApi(TrustgateApi):
    @extend_schema(
        operation_id="suites_list",
        summary="List the saved suites of the key's workspace",
        description="Each saved suite with its agent and whether a baseline is pinned.",
        responses={
            200: inline_serializer("SuiteList", {"suites": serializers.SuiteSerializer(many=True)}),
            **error_responses(401),
        },
    )
    def get(self, request: Request) -> Response:
        suites = list(_suites(request))
        pinned = baseline_endpoints_for_suites(agent_of={suite.pk: suite.agent_id for suite in suites})
        rows = [_suite_row(request, suite, pinned.get(suite.pk, [])) for suite in suites]
        return Response({"suites": serializers.SuiteSerializer(rows, many=True).data})


def _suite_row(request: Request, suite: Any, pinned: list[str]) -> dict[str, Any]:
    agent = suite.agent
    return {
        "id": suite.pk,
        "name": suite.name,
        "version": suite.version,
        "scenarios": suite.active_scenarios,
        "agent": None
        if agent is None
        else {"id": agent.pk, "name": agent.name, "protocol": agent.protocol, "endpoint_url": agent.endpoint_url},
        "baseline_pinned": agent is not None and agent.endpoint_url in pinned,
        "baseline_endpoints": pinned,
        "use_in_ci_url": absolute_url(request, "suites:use-in-ci", suite.pk),
    }


# ---------------------------------------------------------------------------------------------- runs

RUN_CREATE_INVALID = invalid_input_serializer(serializers.RunCreateInputSerializer)


class RunCreateApi(TrustgateApi):
    required_scopes = {"POST": ApiScope.RUN}

    @extend_schema(
        operation_id="runs_create",
        summary="Run a saved suite",
        description=(
            "Launch a run of a saved suite against its agent (or endpoint_url). Needs the Write role. Every "
            "setting left out takes the value of the baseline pinned for the endpoint + suite (so a CI run is "
            "comparable with a baseline pinned from the web), else of the suite's run profile, else the default. "
            "The answer says which settings were used and warns, before anything is paid for with `dry_run`, when "
            "a setting makes the run not comparable with the baseline or gives the gate too little power. "
            f"At most {MAX_ACTIVE_RUNS_PER_ACCOUNT} runs may be in progress per workspace: past that, "
            "429 with Retry-After. A refused launch (e.g. not enough credits) is 402 with a detail message. "
            "With an Idempotency-Key a retried launch answers the run the key launched first, charging nothing "
            "again (docs/ci.md, Retrying a launch)."
        ),
        request=serializers.RunCreateInputSerializer,
        parameters=[IDEMPOTENCY_KEY, IDEMPOTENT_REPLAYED, RETRY_AFTER],
        responses={
            200: serializers.RunPlanSerializer,
            202: serializers.RunCreatedSerializer,
            **error_responses(*BODY_ERRORS, 402, 403, 404, 409, 429, invalid=RUN_CREATE_INVALID),
        },
    )
    def post(self, request: Request) -> Response:
        launch_key = request.META.get("HTTP_IDEMPOTENCY_KEY")
        if launch_key is not None and (problem := launch_key_problem(launch_key)):
            message = f"The Idempotency-Key header must be 1 to 255 printable ASCII characters, e.g. a UUID; {problem}."
            return Response({"detail": message}, status=status.HTTP_400_BAD_REQUEST)
        serializer = serializers.RunCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        suite = suite_selectors.suite_get_for_member(
            user=request.user, suite_id=serializer.validated_data["suite"], role=Role.WRITE,
            account_id=key_account_id(request),
        )  # fmt: skip
        launch = serializer.launch_request(suite=_suites(request).select_related("agent").get(pk=suite.pk))
        plan = _plan(launch)
        planned = {**plan.to_dict(), "rules_coverage": _rules_coverage(launch, plan), "power": launch_power(plan)}
        if serializer.validated_data["dry_run"]:
            return Response(serializers.RunPlanSerializer(planned).data, status=status.HTTP_200_OK)
        try:
            run = launch_services.run_launch(user=request.user, request=launch, plan=plan, launch_key=launch_key or "")
        except AlreadyLaunched as exc:  # the same answer as the first time, said to be a replay (docs/ci.md)
            return _run_created(request, planned, exc.run, headers={"Idempotent-Replayed": "true"})
        except TooManyRuns as exc:
            raise Throttled(wait=RETRY_AFTER_SECONDS, detail=str(exc)) from None
        except LaunchKeyReused as exc:
            return Response({"detail": _key_reused(exc)}, status=status.HTTP_409_CONFLICT)
        except LaunchError as exc:
            return Response({"detail": str(exc)}, status=_launch_error_status(exc))
        return _run_created(request, planned, run)


def _run_created(
    request: Request, planned: dict[str, Any], run: Any, headers: dict[str, str] | None = None
) -> Response:
    body = {
        **planned,
        "id": run.pk,
        "status_url": absolute_url(request, "api:run-detail", run.pk),
        "report_url": absolute_url(request, "evaluations:run-report", run.pk),
    }
    return Response(serializers.RunCreatedSerializer(body).data, status=status.HTTP_202_ACCEPTED, headers=headers)


def _key_reused(exc: LaunchKeyReused) -> str:
    return (
        f"The Idempotency-Key “{exc.key}” already launched run {exc.run_id} in the last 24 hours, with another body. "
        f"Send a new key to launch another run, or the same body to get run {exc.run_id} back."
    )


def _plan(launch: LaunchRequest) -> LaunchPlan:
    """The settings the run will use: the input's, and for each one left out the pinned baseline's. Raises
    ValidationError (400) for a launch that cannot be planned or breaks a launch rule, under the API's names (the
    launch's agent is the suite's agent)."""
    try:
        plan = launch_plan(launch)
    except LaunchPlanError as exc:
        raise ValidationError({exc.field: [str(exc)]}) from None
    errors: dict[str, list[str]] = {}
    for field, messages in launch_request_errors(launch).items():
        errors.setdefault("suite" if field == "agent" else field, []).extend(messages)
    if errors:
        raise ValidationError(errors)
    return plan


def _rules_coverage(launch: LaunchRequest, plan: LaunchPlan) -> dict[str, Any] | None:
    """What a rules-only run's rules can score, as the New evaluation page says it; None with a judge."""
    coverage = launch_estimate(request=launch, plan=plan).rules_coverage
    return coverage.to_dict() if coverage is not None else None


def _launch_error_status(exc: LaunchError) -> int:
    """402 when the launch was refused for credits (``payment_required``), 400 for any other refusal."""
    return status.HTTP_402_PAYMENT_REQUIRED if exc.payment_required else status.HTTP_400_BAD_REQUEST


class RunDetailApi(TrustgateApi):
    @extend_schema(
        operation_id="runs_retrieve",
        summary="A run's progress, then its results and verdict",
        description=(
            "While the run is in progress: verdict `pending` and progress counts. Once it has finished: trust "
            "score, metrics, scenario results, the release gate and the verdict (`pass` / `fail` / `error`) with "
            "its reasons, as recorded when the run finished: a later pin, suite version or review overrule never "
            "changes them. `current_verdict` says what the gate says now when that differs, labelled, and "
            "`revisions` lists every change. See docs/ci.md for the verdict rules and docs/gate.md for the record."
        ),
        responses={200: RunStatusSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, run_id: int) -> Response:
        run = key_run_get(request, run_id)
        body = run_status_body(request, run)
        if run.is_active:
            # CI jobs poll an active run every few seconds: its body holds only plain numbers and text, already in
            # the serializer's shape (tests/api/test_status_poll.py), so it is sent as built.
            body["progress"] = {name: body["progress"][name] for name in _PROGRESS_FIELDS}
            return Response(body)
        return Response(RunStatusSerializer(body).data)


_PROGRESS_FIELDS = tuple(RunProgressSerializer().fields)


def run_status_body(request: Request, run: Any) -> dict[str, Any]:
    """Progress and verdict, and once the run has finished its results."""
    if run.is_active:
        progress, usage = run_selectors.run_status_counts(run=run)
        report = None
    else:
        progress = run_selectors.run_progress(run=run)
        report = report_selectors.run_results_get(run=run)  # the stored summary, not every conversation
        usage = report["model_usage"]
    recorded = ci_verdict_recorded(  # the verdict at finish, never rewritten
        run=run, progress=progress, unscored=report["unscored_counts"] if report else None
    )
    verdict = recorded.verdict
    return {
        **run_summary(request, run),
        "progress": progress,
        **_results(report, recorded.changes),
        "gate": verdict.gate,
        "verdict": verdict.verdict,
        "exit_code": verdict.exit_code,
        "verdict_label": verdict.label,
        "reasons": list(verdict.reasons),
        "warnings": [*run.settings.launch_warnings, *verdict.warnings],
        "verdict_at_finish": recorded.at_finish,
        "current_verdict": recorded.current,
        "revisions": recorded.revisions,
        "options": {
            "min_coverage": None,
            "max_p95_latency_ms": None,
            **run.settings.gate_options.to_dict(),
        },  # null: TRUSTGATE_MIN_COVERAGE
        "error_message": run.error_message,
        "model_usage": usage,
    }


def _results(report: dict[str, Any] | None, changes: dict[str, Any] | None) -> dict[str, Any]:
    """A finished run's figures from its stored summary; empty ones while it is active."""
    scenarios = report["scenarios"] if report else []
    names = {str(row["key"]): str(row["name"]) for row in scenarios}
    return {
        **(
            {"trust_score_text": report["trust_score_text"], "coverage": report["coverage"]}
            if report
            else {"trust_score_text": "", "coverage": None}
        ),  # fmt: skip
        "breaches": report["breaches"] if report else None,
        "latency": report["latency"] if report else None,
        "metrics": report["metrics"] if report else [],
        "scenario_counts": report["scenario_counts"] if report else None,
        # Each scenario's change against the baseline at finish (docs/ci.md): from revision 1, never recomputed.
        "scenarios": [{**row, "change": change_of(changes, str(row["key"]))} for row in scenarios],
        "redteam_categories": report["redteam_categories"] if report else [],
        **changes_fields(changes, scenarios=names),
    }


# ---------------------------------------------------------------------------------------------- deploys

DEPLOY_INVALID = invalid_input_serializer(serializers.DeployInputSerializer)


class DeployCreateApi(TrustgateApi):
    """``POST /api/v1/deploys``: tell Trustgate about a deploy; the matching monitors run at once."""

    required_scopes = {"POST": ApiScope.RUN}

    @extend_schema(
        operation_id="deploys_create",
        summary="Report a deploy: run the matching monitors now",
        description=(
            "Runs every monitor of the key's workspace at once, or only those of `agent`, or only `monitor`. "
            "Paused monitors are skipped with the reason. Needs the Write role."
        ),
        request=serializers.DeployInputSerializer,
        responses={
            202: serializers.DeployResultSerializer,
            **error_responses(*BODY_ERRORS, 403, 404, invalid=DEPLOY_INVALID),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = serializers.DeployInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        account_id = key_account_id(request)
        membership_get(user=request.user, account_id=account_id, role=Role.WRITE)
        monitors = monitor_selectors.monitors_for_deploy(
            account_id=account_id, agent_id=data.get("agent"), monitor_id=data.get("monitor")
        )
        result = monitor_services.monitors_trigger_deploy(monitors=monitors, ref=data.get("ref", ""), user=request.user)
        body = {
            "triggered": [
                {
                    "monitor_id": monitor.pk,
                    "name": monitor.name,
                    "run_id": run.pk,
                    "already_running": not created,
                    "monitor_url": absolute_url(request, "monitors:monitor-detail", monitor.pk),
                    "run_url": absolute_url(request, "monitors:run-detail", run.pk),
                }
                for monitor, run, created in result.triggered
            ],
            "skipped": [{"monitor_id": m.pk, "name": m.name, "reason": reason} for m, reason in result.skipped],
        }
        return Response(serializers.DeployResultSerializer(body).data, status=status.HTTP_202_ACCEPTED)
