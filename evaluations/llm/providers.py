"""Choosing a provider and a model: ``get_model_client("sonnet")`` returns the client for the configured one."""

from __future__ import annotations

from django.conf import settings

from evaluations.llm.anthropic import AnthropicClient
from evaluations.llm.base import ModelClient, ModelError, ModelErrorKind
from evaluations.llm.bedrock import BedrockClient
from evaluations.llm.openai import OpenAICompatibleClient

MODEL_CHOICES = ("sonnet", "haiku", "opus")
PROVIDERS = ("anthropic", "bedrock", "openai", "rules_only")


def judge_provider() -> str:
    """The configured provider: TRUSTGATE_JUDGE_PROVIDER, else Anthropic when its settings are there, else rules
    only."""
    explicit = settings.TRUSTGATE_JUDGE_PROVIDER.strip().lower()
    if explicit and explicit != "auto":
        if explicit not in PROVIDERS:
            raise ModelError(
                f"TRUSTGATE_JUDGE_PROVIDER must be one of {', '.join(PROVIDERS)}, not {explicit!r}.",
                kind=ModelErrorKind.BAD_REQUEST,
            )
        return explicit
    if settings.ANTHROPIC_API_KEY or settings.ANTHROPIC_BASE_URL:
        return "anthropic"
    return "rules_only"


def get_model_client(model: str, provider: str | None = None) -> ModelClient:
    """A client for ``model`` ("sonnet", "haiku", "opus") on ``provider`` (default: ``judge_provider()``).

    Raises ModelError (kind "bad_request") for an unknown model, Opus when it is not enabled, rules-only, or
    a provider that is not configured.
    """
    if model not in MODEL_CHOICES:
        raise ModelError(f"Unknown model {model!r}; choose sonnet, haiku or opus.", kind=ModelErrorKind.BAD_REQUEST)
    if model == "opus" and not settings.TRUSTGATE_ENABLE_OPUS:
        raise ModelError(
            "Opus is not enabled on this server (TRUSTGATE_ENABLE_OPUS); choose Sonnet or Haiku.",
            kind=ModelErrorKind.BAD_REQUEST,
        )
    provider = provider or judge_provider()
    if provider == "anthropic":
        return AnthropicClient(settings.TRUSTGATE_ANTHROPIC_MODELS[model])
    if provider == "bedrock":
        return BedrockClient(settings.TRUSTGATE_BEDROCK_JUDGE_MODELS[model])
    if provider == "openai":
        if not settings.TRUSTGATE_OPENAI_JUDGE_URL or not settings.TRUSTGATE_OPENAI_JUDGE_MODEL:
            raise ModelError(
                "The OpenAI-compatible judge needs TRUSTGATE_OPENAI_JUDGE_URL and TRUSTGATE_OPENAI_JUDGE_MODEL.",
                kind=ModelErrorKind.BAD_REQUEST,
            )
        # A self-hosted endpoint serves one model whatever the choice; the choice is still recorded.
        return OpenAICompatibleClient(
            settings.TRUSTGATE_OPENAI_JUDGE_MODEL,
            base_url=settings.TRUSTGATE_OPENAI_JUDGE_URL,
            api_key=settings.TRUSTGATE_OPENAI_JUDGE_API_KEY,
        )
    if provider == "rules_only":
        raise ModelError(
            "No model is configured (rules only): set ANTHROPIC_API_KEY or TRUSTGATE_JUDGE_PROVIDER.",
            kind=ModelErrorKind.BAD_REQUEST,
        )
    raise ModelError(f"Unknown model provider {provider!r}.", kind=ModelErrorKind.BAD_REQUEST)
