"""The one Bedrock error map: botocore's errors read once, for agents and the judge alike."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from botocore import exceptions as boto_errors

from evaluations.connectors import AgentConfig, AgentError, Conversation, Protocol, send_message_sync
from evaluations.llm.clients import BedrockClient, ModelError
from evaluations.outbound.bedrock_errors import FaultKind, bedrock_fault
from tests.support.fake_bedrock import FakeBedrock


def client_error(code: str, status: int, message: str = "Nope.") -> boto_errors.ClientError:
    response: Any = {"Error": {"Code": code, "Message": message}, "ResponseMetadata": {"HTTPStatusCode": status}}
    return boto_errors.ClientError(response, "Converse")


@pytest.mark.parametrize(
    ("code", "status", "kind", "shown_status"),
    [
        ("ThrottlingException", 429, FaultKind.RATE_LIMITED, 429),
        ("ServiceQuotaExceededException", 400, FaultKind.RATE_LIMITED, 400),
        ("AccessDeniedException", 403, FaultKind.AUTH, 403),
        ("ModelTimeoutException", 408, FaultKind.TIMEOUT, 408),
        ("SomethingNewException", 502, FaultKind.SERVER_ERROR, 502),
        ("SomethingNewException", 0, FaultKind.BAD_REQUEST, 500),
    ],
)
def test_service_errors_get_a_kind_a_status_and_aws_words(
    code: str, status: int, kind: FaultKind, shown_status: int
) -> None:
    fault = bedrock_fault(client_error(code, status, "Details   from\nAWS."), timeout=5)

    assert fault is not None
    assert (fault.kind, fault.status, fault.detail) == (kind, shown_status, "Details   from\nAWS.")
    assert fault.message.endswith(" AWS said: Details from AWS.")


@pytest.mark.parametrize(
    ("error", "kind", "words"),
    [
        (boto_errors.NoCredentialsError(), FaultKind.NO_CREDENTIALS, "No AWS credentials"),
        (boto_errors.NoRegionError(), FaultKind.SETUP, "AWS_DEFAULT_REGION"),
        (boto_errors.ReadTimeoutError(endpoint_url="http://x"), FaultKind.TIMEOUT, "within 7 s"),
        (boto_errors.EndpointConnectionError(endpoint_url="http://x"), FaultKind.CONNECTION, "Could not connect"),
    ],
)
def test_client_side_errors_have_no_status(error: Exception, kind: FaultKind, words: str) -> None:
    fault = bedrock_fault(error, timeout=7)

    assert fault is not None and fault.kind == kind and fault.status is None
    assert words in fault.message


def test_other_exceptions_are_left_to_the_caller() -> None:
    assert bedrock_fault(RuntimeError("bug"), timeout=5) is None


def test_agents_and_the_judge_say_the_same_sentence(fake_bedrock: FakeBedrock, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    fake_bedrock.fail(403, "AccessDeniedException", "Not for you.")
    fake_bedrock.fail(403, "AccessDeniedException", "Not for you.")
    config = AgentConfig(protocol=Protocol.BEDROCK, model_name="anthropic.claude-test", timeout_seconds=5)

    with pytest.raises(AgentError) as agent_error:
        send_message_sync(config, Conversation(), "Hi")
    with pytest.raises(ModelError) as judge_error:
        asyncio.run(
            BedrockClient("anthropic.claude-test").complete(system="s", messages=[{"role": "user", "content": "x"}])
        )

    assert agent_error.value.message == judge_error.value.message
    assert agent_error.value.message.startswith("AWS denied access to the model")
    assert (agent_error.value.status_code, judge_error.value.kind) == (403, "auth")
