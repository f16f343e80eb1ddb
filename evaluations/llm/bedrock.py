"""The judge and generation on AWS Bedrock Converse (boto3). The client comes from the one SDK factory and its
errors are read by the one Bedrock error map (both in evaluations/outbound/), shared with Bedrock agents."""

from __future__ import annotations

import asyncio
from typing import Any

from django.conf import settings

from evaluations.llm.base import ModelClient, ModelError, ModelErrorKind, ModelReply, ToolSpec, timeout
from evaluations.outbound.bedrock_errors import BedrockFault, FaultKind, bedrock_fault
from evaluations.outbound.bedrock_reply import NoMessageContent, converse_reply
from evaluations.outbound.sdk import bedrock_client

_KINDS = {
    FaultKind.RATE_LIMITED: ModelErrorKind.RATE_LIMITED,
    FaultKind.OVERLOADED: ModelErrorKind.OVERLOADED,
    FaultKind.AUTH: ModelErrorKind.AUTH,
    FaultKind.BAD_REQUEST: ModelErrorKind.BAD_REQUEST,
    FaultKind.SERVER_ERROR: ModelErrorKind.SERVER_ERROR,
    FaultKind.TIMEOUT: ModelErrorKind.TIMEOUT,
    FaultKind.CONNECTION: ModelErrorKind.CONNECTION,
    # For the judge a missing credential is a refusal, and a wrong AWS setup a bad request.
    FaultKind.NO_CREDENTIALS: ModelErrorKind.AUTH,
    FaultKind.SETUP: ModelErrorKind.BAD_REQUEST,
}


def _client() -> Any:
    """The shared ``bedrock-runtime`` client with the judge's timeout. One attempt per call: ModelClient.complete
    retries, so the provider budget sees every throttling answer."""
    return bedrock_client(
        read_timeout=timeout(),
        max_attempts=1,
        pool=max(10, int(settings.TRUSTGATE_JUDGE_MAX_CONCURRENCY) * 2),
    )


class BedrockClient(ModelClient):
    provider = "bedrock"

    def budget_key(self) -> str:
        return f"bedrock:{settings.AWS_DEFAULT_REGION}:{settings.AWS_ENDPOINT_URL_BEDROCK_RUNTIME}"

    def _converse(self, request: dict[str, Any]) -> dict[str, Any]:
        response: dict[str, Any] = _client().converse(**request)
        return response

    async def _send(
        self,
        *,
        system: str,
        messages: list[dict[str, Any]],
        tool: ToolSpec | None,
        max_tokens: int,
        temperature: float,
        prefix: str,
    ) -> ModelReply:
        # Converse refuses blank text blocks.
        converse_messages = [{"role": m["role"], "content": [{"text": m["content"] or "(no text)"}]} for m in messages]
        if prefix and converse_messages:
            # The stable prefix, then a cache point: system and prefix are read from the prompt cache next time.
            converse_messages[0]["content"][:0] = [{"text": prefix}, {"cachePoint": {"type": "default"}}]
        request: dict[str, Any] = {
            "modelId": self.model_id,
            "messages": converse_messages,
            "inferenceConfig": {"maxTokens": max_tokens, "temperature": temperature},
        }
        if system:
            request["system"] = [{"text": system}]
        if tool is not None:
            request["toolConfig"] = {
                "tools": [
                    {
                        "toolSpec": {
                            "name": tool.name,
                            "description": tool.description,
                            "inputSchema": {"json": tool.input_schema},
                        }
                    }
                ],
                "toolChoice": {"tool": {"name": tool.name}},
            }
        try:
            response = await asyncio.to_thread(self._converse, request)
        except Exception as exc:  # botocore's exception classes only exist once boto3 is imported
            raise _error(exc) from None
        return _reply(response, self.model_id)


def _error(exc: Exception) -> ModelError:
    fault: BedrockFault | None = bedrock_fault(exc, timeout=timeout())
    if fault is None:
        return ModelError(f"The Bedrock call failed: {type(exc).__name__}.", kind=ModelErrorKind.CONNECTION)
    return ModelError(fault.message, kind=_KINDS[fault.kind])


def _reply(response: Any, model_id: str) -> ModelReply:
    try:
        reply = converse_reply(response)
    except NoMessageContent as exc:
        raise ModelError(str(exc), kind=ModelErrorKind.MALFORMED) from None
    return ModelReply(
        text=reply.text,
        tool_calls=tuple(
            (name, tool_input if isinstance(tool_input, dict) else {}) for name, tool_input in reply.tool_uses
        ),
        input_tokens=reply.input_tokens,
        output_tokens=reply.output_tokens,
        model_id=model_id,
        cached_input_tokens=reply.cached_input_tokens,
        cache_write_tokens=reply.cache_write_tokens,
    )
