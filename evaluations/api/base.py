"""What every CI API view shares: personal API keys, strict JSON in, JSON out (errors too: errors.py), the key's
workspace."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.urls import reverse
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from billing.api.authentication import ApiKeyAuthentication, request_api_key
from billing.api.permissions import HasKeyScope
from evaluations.api.errors import api_exception_handler
from evaluations.runs import selectors as run_selectors


class StrictJSONParser(JSONParser):
    """DRF's JSON parser, but a body nested too deep for Python's parser is a 400, not a RecursionError (500)."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body is nested too deeply.") from None


class TrustgateApi(APIView):
    """JSON in and out, personal API keys only. ``required_scopes``: the key scope each method needs (docs/ci.md,
    "Key scopes"); a read unless listed."""

    authentication_classes = [ApiKeyAuthentication]
    permission_classes = [IsAuthenticated, HasKeyScope]
    required_scopes: dict[str, str] = {}
    renderer_classes = [JSONRenderer]
    parser_classes = [StrictJSONParser]

    def get_exception_handler(self) -> Callable[[Exception, dict[str, Any]], Response | None]:
        return api_exception_handler


def key_account_id(request: Request) -> int:
    """The workspace the request's API key acts in (a key acts in exactly one)."""
    return int(request_api_key(request).account_id)


def absolute_url(request: Request, name: str, *args: Any) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def key_run_get(request: Request, run_id: int) -> Any:
    """The run, when it is in the key's workspace (404 otherwise). Reading needs no more than membership, which
    ``ApiKeyAuthentication`` checked for this request; a CI job polls this every few seconds, so it is one query."""
    return run_selectors.run_get_in_account(run_id=run_id, account_id=key_account_id(request))


def iso(moment: dt.datetime | None) -> str | None:
    return moment.astimezone(dt.UTC).isoformat() if moment is not None else None


def run_summary(request: Request, run: Any) -> dict[str, Any]:
    """What the run list says of a run and its status begins with (``run_status.RunSummarySerializer``)."""
    settings = run.settings
    source = settings.ci_source
    return {
        "id": run.pk,
        "status": run.status,
        "stage": run.stage,
        "suite": {"id": run.suite_id, "name": run.suite_name, "version": run.suite_version},
        "agent": {"id": run.agent_id, "name": run.agent_name},
        "endpoint_url": run.endpoint_url,
        "trust_score": run.trust_score,
        "created_at": iso(run.created_at),
        "finished_at": iso(run.finished_at),
        "source": {
            "via": settings.source_label.lower(),
            "commit": source.commit,
            "branch": source.branch,
            "job_url": source.job_url,
        },  # fmt: skip
        "ci": source.to_dict(),
        "links": {
            "status_url": absolute_url(request, "api:run-detail", run.pk),
            "report_url": absolute_url(request, "evaluations:run-report", run.pk),
            "json_url": absolute_url(request, "api:run-report-json", run.pk),
            "junit_url": absolute_url(request, "api:run-junit", run.pk),
            "sarif_url": absolute_url(request, "api:run-sarif", run.pk),
        },
    }
