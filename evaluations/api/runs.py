"""The CI API's run list and the two things a CI job does to a run besides launching it (docs/ci.md): cancel it (a
CI step that receives SIGTERM does) and pin it as the baseline. The services are the web's: the run's Cancel and
the report's Pin, with their refusals as sentences."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from billing.roles import ApiScope, Role
from billing.selectors import MAX_ID
from evaluations.api.base import TrustgateApi, iso, key_account_id, run_summary
from evaluations.api.errors import BODY_ERRORS, error_responses
from evaluations.api.run_status import (
    RunListItemSerializer,
    RunListPageSerializer,
    RunPinInputSerializer,
    RunPinnedSerializer,
    RunStatusSerializer,
)
from evaluations.api.views import RunCreateApi, run_status_body
from evaluations.gate import services as gate_services
from evaluations.gate.profile import baseline_pinned_sentences, scope_label
from evaluations.gate.records import ci_verdicts_at_finish
from evaluations.runs import selectors as run_selectors
from evaluations.runs import services as run_services
from evaluations.runs.choices import RunStatus
from evaluations.runs.filters import SOURCES, RunApiFilter

RUNS_PER_PAGE, MAX_RUNS_PER_PAGE = 50, 100


class RunPages(PageNumberPagination):
    page_size = RUNS_PER_PAGE
    page_size_query_param = "page_size"
    max_page_size = MAX_RUNS_PER_PAGE


def _query(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"type": schema, "location": OpenApiParameter.QUERY, "required": False, "description": description}


_NUMBER = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
_FILTERS = [
    OpenApiParameter("suite", **_query(_NUMBER, "Runs of this saved suite (its id).")),
    OpenApiParameter(
        "endpoint", **_query({"type": "string", "minLength": 1, "maxLength": 2000}, "Runs against this endpoint URL.")
    ),
    OpenApiParameter("state", **_query({"type": "string", "enum": RunStatus.values}, "The run's status.")),
    OpenApiParameter(
        "source", **_query({"type": "string", "enum": [v for v, _ in SOURCES]}, "Where it was launched: web or ci.")
    ),
    OpenApiParameter(
        "commit",
        **_query({"type": "string", "minLength": 1, "maxLength": 100}, "The commit sent starts with this (short SHA)."),
    ),
    OpenApiParameter(
        "branch", **_query({"type": "string", "minLength": 1, "maxLength": 255}, "The branch sent (exact).")
    ),
    OpenApiParameter("pr_number", **_query(_NUMBER, "The pull request sent.")),
    OpenApiParameter("page", **_query(_NUMBER, "1 and up; past the last page is a 404.")),
    OpenApiParameter(
        "page_size",
        **_query(
            {"type": "integer", "minimum": 1, "maximum": MAX_RUNS_PER_PAGE},
            f"Runs per page, 1 to {MAX_RUNS_PER_PAGE}; {RUNS_PER_PAGE} when left out.",
        ),
    ),
]
_FILTER_ERRORS = inline_serializer(
    "RunListErrors",
    {
        name: serializers.ListField(child=serializers.CharField(), required=False)
        for name in [*RunApiFilter.base_filters, "page", "page_size"]
    },
)


def _query_errors(request: Request) -> dict[str, list[str]]:
    """Strict like the API's bodies: an empty filter, or a page that is not a whole number in range, is refused
    rather than ignored (a CI script that sends ``branch=`` by mistake must not get every run)."""
    errors: dict[str, list[str]] = {}
    for name in RunApiFilter.base_filters:
        if request.query_params.get(name, None) == "":
            errors[name] = ["Leave this filter out rather than send it empty."]
    for name, high in (("page", MAX_ID), ("page_size", MAX_RUNS_PER_PAGE)):
        value = request.query_params.get(name)
        if value is not None and not (value.isascii() and value.isdigit() and 1 <= int(value[:20]) <= high):
            errors[name] = [f"Give a whole number from 1 to {high}."]
    return errors


class RunListApi(TrustgateApi):
    @extend_schema(
        operation_id="runs_list",
        summary="List the workspace's runs, newest first",
        description=(
            "Every run of the key's workspace, web and CI, filtered by suite, endpoint, state, source and the CI "
            "metadata a launch sent (commit prefix, branch, pull request); paginated. Each run's verdict is the one "
            "recorded when it finished. Needs the read scope."
        ),
        parameters=_FILTERS,
        responses={200: RunListPageSerializer, **error_responses(400, 401, 404, invalid=_FILTER_ERRORS)},
    )
    def get(self, request: Request) -> Response:
        runs = run_selectors.run_list_in_account(account_id=key_account_id(request))
        filters = RunApiFilter(request.query_params, queryset=runs, request=request)
        if errors := _query_errors(request) or (None if filters.is_valid() else filters.errors):
            raise ValidationError(errors)
        pages = RunPages()
        page: list[Any] = list(pages.paginate_queryset(filters.qs, request, view=self) or [])
        verdicts = ci_verdicts_at_finish(run_ids=[run.pk for run in page if not run.is_active])
        rows = [_list_item(request, run, verdicts.get(run.pk)) for run in page]
        return pages.get_paginated_response(RunListItemSerializer(rows, many=True).data)


def _list_item(request: Request, run: Any, recorded: dict[str, Any] | None) -> dict[str, Any]:
    if run.is_active:
        verdict: dict[str, Any] = {"verdict": "pending", "exit_code": None, "verdict_label": "", "state": ""}
    else:
        verdict = recorded or {"verdict": None, "exit_code": None, "verdict_label": "", "state": ""}
    return {
        **run_summary(request, run),
        "verdict": verdict.get("verdict"),
        "exit_code": verdict.get("exit_code"),
        "verdict_label": verdict.get("verdict_label") or "",
        "gate_state": verdict.get("state") or "",
    }


class RunCollectionApi(RunListApi, RunCreateApi):
    """``aiagent/runs``: GET lists (read scope), POST launches (run scope)."""


class RunCancelApi(TrustgateApi):
    required_scopes = {"POST": ApiScope.RUN}

    @extend_schema(
        operation_id="runs_cancel",
        summary="Cancel a queued or running run",
        description=(
            "Stops the run as its Cancel button does: conversations already finished are kept and charged, the rest "
            "of the credit hold is released. Answers the run's status (`cancelled`). Cancelling a cancelled run again "
            "answers the same; a run that has finished is 409. Needs the run scope and the Write role. A CI step "
            "that receives SIGTERM calls this (docs/ci.md)."
        ),
        request=None,
        responses={200: RunStatusSerializer, **error_responses(401, 403, 404, 409)},
    )
    def post(self, request: Request, run_id: int) -> Response:
        run = run_selectors.run_get_for_member(
            user=request.user, run_id=run_id, role=Role.WRITE, account_id=key_account_id(request)
        )
        if run.is_active:
            run_services.run_cancel(run=run)
            run.refresh_from_db()
        if run.status != RunStatus.CANCELLED:  # it had finished, or finished while the cancel waited for it
            detail = (
                f"Run #{run.pk} has already ended ({run.status}), so there is nothing to cancel; its results and "
                "credits are final."
            )
            return Response({"detail": detail}, status=status.HTTP_409_CONFLICT)
        return Response(RunStatusSerializer(run_status_body(request, run)).data)


class RunPinApi(TrustgateApi):
    required_scopes = {"POST": ApiScope.PUBLISH}

    @extend_schema(
        operation_id="runs_pin",
        summary="Pin a finished run as the baseline of its suite and endpoint",
        description=(
            "What the report's Pin does: later runs of the suite on the endpoint are gated against this run; the "
            "previous baseline stays in the history, and the workspace audit log says who pinned it. Needs a key "
            "with the publish scope whose user has the Publish role. A run that cannot be pinned (not finished, "
            "its agent or suite deleted) is 409 with the reason."
        ),
        request=RunPinInputSerializer,
        responses={200: RunPinnedSerializer, **error_responses(*BODY_ERRORS, 403, 404, 409)},
    )
    def post(self, request: Request, run_id: int) -> Response:
        serializer = RunPinInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        run = run_selectors.run_get_for_member(
            user=request.user, run_id=run_id, role=Role.PUBLISH, account_id=key_account_id(request)
        )
        try:
            baseline = gate_services.baseline_pin(
                run=run, user=request.user, note=serializer.validated_data.get("note", "")
            )
        except gate_services.BaselineError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        said, warnings = baseline_pinned_sentences(run=run)
        body = {
            "run_id": run.pk,
            "agent": {"id": run.agent_id, "name": run.agent_name},
            "endpoint_url": baseline.endpoint_url,
            "scope": scope_label(run),
            "pinned_at": iso(baseline.pinned_at),
            "detail": said,
            "warnings": list(warnings),
        }
        return Response(RunPinnedSerializer(body).data)
