"""Every 4xx of the CI API is JSON and documented: the error shapes, the schema's error responses, the exception
handler (a body over the size limit is a JSON 413, not Django's HTML 400) and the JSON 404 for unknown paths."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler

from evaluations.core import storable

DESCRIPTIONS = {
    400: "Invalid input: field name → list of messages (`non_field_errors` for the body as a whole), or `detail` "
    "when the body is not a JSON object or the launch was refused.",
    401: "No API key, an unknown one, or a revoked one.",
    402: "Not enough credits: the detail says how many are needed.",
    403: "The key lacks the scope this needs (read, run or publish), or its user lacks the role this needs in the "
    "key's workspace; `detail` says which.",
    404: "No such object in the key's workspace.",
    409: "The request conflicts with the state of things, said in `detail`: the Idempotency-Key already launched "
    "another run with another body (send a new key, or the same body); the run has already ended (cancel); the run "
    "cannot be pinned (pin).",
    413: "The request body is over the size limit.",
    415: "The body is not JSON (send Content-Type: application/json).",
    429: "Too many runs in progress in this workspace, or too many invalid API keys from your address; see "
    "Retry-After.",
}

# What an operation that reads a JSON body can answer besides its own errors.
BODY_ERRORS = (400, 401, 413, 415)


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What went wrong, in a sentence.")

    class Meta:
        ref_name = "Error"


def invalid_input_serializer(input_serializer: type[serializers.Serializer]) -> serializers.Serializer:
    """The 400 body of an operation: any of its input fields → messages, plus ``non_field_errors`` and ``detail``."""
    messages = {
        name: serializers.ListField(child=serializers.CharField(), required=False)
        for name in [*input_serializer().fields, "non_field_errors"]
    }
    name = f"{input_serializer.Meta.ref_name}Errors"  # type: ignore[attr-defined]
    return inline_serializer(name, {**messages, "detail": serializers.CharField(required=False)})


def error_responses(*codes: int, invalid: serializers.Serializer | None = None) -> dict[int, OpenApiResponse]:
    """The documented error answers of an operation; ``invalid`` is its 400 shape (else ``{detail}``). An operation
    that takes a key (401) can also answer 429: its address sent too many invalid keys (docs/configuration.md)."""
    if 401 in codes and 429 not in codes:
        codes = (*codes, 429)
    return {
        code: OpenApiResponse(
            response=invalid if code == 400 and invalid is not None else ErrorSerializer,
            description=DESCRIPTIONS[code],
        )
        for code in codes
    }


RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    type=int,
    location=OpenApiParameter.HEADER,
    response=[429],
    description="Seconds to wait before launching again.",
)


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    # 1 to 255 printable ASCII characters (evaluations/launches/request.py, launch_key_problem)
    type={"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[ -~]+$"},
    location=OpenApiParameter.HEADER,
    required=False,
    description="Launch at most once per key: a launch retried with the same key and body within 24 hours answers "
    "the run the key launched first and charges nothing again; the same key with another body is 409. One key per "
    "launch, e.g. a UUID or the CI job's id and attempt.",
)
IDEMPOTENT_REPLAYED = OpenApiParameter(
    "Idempotent-Replayed",
    type=str,
    location=OpenApiParameter.HEADER,
    response=[202],
    description="`true` when the answer is that of an earlier launch with the same Idempotency-Key: no run was "
    "launched now.",
)


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "payload_too_large"


class Refused(APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "suspicious"


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler, plus Django's refusals of a request (a SuspiciousOperation, such as a body over
    ``DATA_UPLOAD_MAX_MEMORY_SIZE``), which Django would otherwise answer with its HTML 400 page."""
    if isinstance(exc, SuspiciousOperation):
        # Logged where Django logs them (django.security.<name>), so the security log is unchanged.
        logging.getLogger(f"django.security.{exc.__class__.__name__}").error(str(exc))
        if isinstance(exc, RequestDataTooBig):
            limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
            exc = PayloadTooLarge(f"The request body is over the limit of {limit:,} bytes.")
        else:
            exc = Refused("The request was refused as unsafe.")
    response = exception_handler(exc, context)
    if response is not None:  # a message may quote the input ("\ud800" is not a valid choice): UTF-8 cannot encode it
        response.data = storable.readable_value(response.data)
    return response


@csrf_exempt
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Any other path under the API is a JSON 404 too (pages outside the API keep their HTML errors)."""
    schema_url = reverse("api:schema")
    return JsonResponse({"detail": f"No such API operation; the operations are listed at {schema_url}."}, status=404)
