"""The one reading of Bedrock's errors: a botocore exception becomes a ``BedrockFault`` (what went wrong, an
HTTP-like status, a sentence a user can act on). Agents (``AgentError``) and the judge (``ModelError``) each
turn the fault into their own error kind; the sentences are the same for both.
"""

from __future__ import annotations

import dataclasses
import enum

from evaluations.outbound.text import excerpt


class FaultKind(enum.StrEnum):
    RATE_LIMITED = "rate_limited"
    OVERLOADED = "overloaded"
    AUTH = "auth"
    BAD_REQUEST = "bad_request"
    SERVER_ERROR = "server_error"
    TIMEOUT = "timeout"
    CONNECTION = "connection"
    NO_CREDENTIALS = "no_credentials"  # the server has no AWS credentials at all
    SETUP = "setup"  # the server's AWS setup or the request is wrong (no region, bad parameters)


@dataclasses.dataclass(frozen=True)
class BedrockFault:
    kind: FaultKind
    sentence: str  # what happened and what the user can do
    status: int | None = None  # Bedrock's HTTP status when it answered; None when there was no answer
    detail: str = ""  # AWS's own error text, raw

    @property
    def message(self) -> str:
        return self.explain()

    def explain(self, advice: str = "") -> str:
        """The sentence, then the caller's own ``advice`` (a sentence with a leading space), then AWS's words."""
        said = f" AWS said: {excerpt(self.detail)}" if self.detail else ""
        return f"{self.sentence}{advice}{said}"


# Bedrock error code → (kind, status, what the user can do).
_CODES: dict[str, tuple[FaultKind, int, str]] = {
    "ThrottlingException": (FaultKind.RATE_LIMITED, 429, "Bedrock is throttling requests for this model."),
    "ServiceQuotaExceededException": (
        FaultKind.RATE_LIMITED,
        400,
        "The Bedrock quota for this model is used up; raise it in AWS Service Quotas.",
    ),
    "ModelNotReadyException": (FaultKind.OVERLOADED, 503, "The Bedrock model is not ready yet."),
    "ServiceUnavailableException": (FaultKind.OVERLOADED, 503, "Bedrock is unavailable right now."),
    "AccessDeniedException": (
        FaultKind.AUTH,
        403,
        "AWS denied access to the model: enable it in the Bedrock console for this region and check that "
        "the credentials allow bedrock:InvokeModel.",
    ),
    "UnrecognizedClientException": (
        FaultKind.AUTH,
        403,
        "AWS did not accept the credentials; check the AWS access key.",
    ),
    "ResourceNotFoundException": (FaultKind.BAD_REQUEST, 404, "Bedrock does not know this model id in this region."),
    "ValidationException": (FaultKind.BAD_REQUEST, 400, "Bedrock rejected the request; check the model id."),
    "ModelErrorException": (FaultKind.SERVER_ERROR, 500, "The Bedrock model failed while answering."),
    "InternalServerException": (FaultKind.SERVER_ERROR, 500, "Bedrock had an internal error."),
    "ModelTimeoutException": (FaultKind.TIMEOUT, 408, "The Bedrock model took too long to answer."),
}


def bedrock_fault(exc: BaseException, *, timeout: float) -> BedrockFault | None:
    """What ``exc`` (raised by a boto3 Bedrock call with a ``timeout``-second read timeout) means; None when it
    is not a botocore error (a bug, for the caller to handle)."""
    from botocore import exceptions as boto_errors

    if isinstance(exc, boto_errors.ClientError):
        return _service_fault(exc)
    if isinstance(exc, boto_errors.NoCredentialsError | boto_errors.PartialCredentialsError):
        return BedrockFault(
            FaultKind.NO_CREDENTIALS, "No AWS credentials were found for Bedrock; set them in the server environment."
        )
    if isinstance(exc, boto_errors.NoRegionError):
        return BedrockFault(FaultKind.SETUP, "No AWS region is set for Bedrock; set AWS_DEFAULT_REGION.")
    if isinstance(exc, boto_errors.ParamValidationError):
        return BedrockFault(FaultKind.SETUP, f"The Bedrock request is not valid: {excerpt(exc)}")
    if isinstance(exc, boto_errors.ReadTimeoutError | boto_errors.ConnectTimeoutError):
        return BedrockFault(FaultKind.TIMEOUT, f"Bedrock did not answer within {timeout:g} s.")
    if isinstance(exc, boto_errors.EndpointConnectionError | boto_errors.ConnectionClosedError):
        return BedrockFault(FaultKind.CONNECTION, f"Could not connect to Bedrock: {excerpt(exc)}")
    if isinstance(exc, boto_errors.BotoCoreError):
        return BedrockFault(FaultKind.CONNECTION, f"The Bedrock call failed: {excerpt(exc)}")
    return None


def _service_fault(exc: object) -> BedrockFault:
    response = getattr(exc, "response", {})
    error = response.get("Error", {})
    code = str(error.get("Code", ""))
    detail = str(error.get("Message", "")).strip()
    status = int(response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0)
    if code in _CODES:
        kind, status, sentence = _CODES[code]
    else:
        kind = FaultKind.SERVER_ERROR if status >= 500 else FaultKind.BAD_REQUEST
        sentence = f"Bedrock answered with an error ({code or status})."
        status = status or 500
    return BedrockFault(kind, sentence, status=status, detail=detail)
