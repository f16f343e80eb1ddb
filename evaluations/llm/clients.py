"""One model-client layer for the judge, scenario generation and simulated users (docs/suites.md, docs/scoring.md).

``get_model_client("sonnet")`` returns a ``ModelClient`` for the configured provider: the Anthropic API
(``anthropic`` SDK; ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL), AWS Bedrock Converse (boto3; the AWS settings,
including AWS_ENDPOINT_URL_BEDROCK_RUNTIME) or an OpenAI-compatible ``/chat/completions`` endpoint (a
self-hosted judge). Every failure is a ``ModelError`` whose message is a readable sentence with credentials
masked; callers decide what a failure means (the judge turns it into Not scored).

The pieces live beside this module (base, anthropic, bedrock, openai, providers); this is the one import path
the rest of Trustgate uses.
"""

from __future__ import annotations

from evaluations.llm.anthropic import AnthropicClient
from evaluations.llm.base import (
    CallWatch,
    ModelClient,
    ModelError,
    ModelErrorKind,
    ModelReply,
    ToolSpec,
    close_clients,
    reset_clients,
)
from evaluations.llm.bedrock import BedrockClient
from evaluations.llm.openai import OpenAICompatibleClient
from evaluations.llm.providers import MODEL_CHOICES, PROVIDERS, get_model_client, judge_provider

__all__ = [
    "MODEL_CHOICES",
    "PROVIDERS",
    "AnthropicClient",
    "BedrockClient",
    "CallWatch",
    "ModelClient",
    "ModelError",
    "ModelErrorKind",
    "ModelReply",
    "OpenAICompatibleClient",
    "ToolSpec",
    "close_clients",
    "get_model_client",
    "judge_provider",
    "reset_clients",
]
