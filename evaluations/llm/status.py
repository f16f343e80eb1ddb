"""What the pages say about the model provider: which one judges and writes scenarios, or that none does.

The product knows before any submit whether a judge / generation provider is configured, so the dashboard, the
launch form and the agent page show a "rules only" state instead of offering choices that fail later.
"""

from __future__ import annotations

import dataclasses

from django.conf import settings

from evaluations.llm.base import ModelError
from evaluations.llm.providers import judge_provider

PROVIDER_LABELS = {
    "anthropic": "the Anthropic API",
    "bedrock": "AWS Bedrock",
    "openai": "a self-hosted OpenAI-compatible model",
    "rules_only": "none (rules only)",
}
MODEL_LABELS = {"sonnet": "Sonnet", "haiku": "Haiku", "opus": "Opus"}
RULES_ONLY_REASON = "Needs a model provider, and none is configured on this Trustgate."
SETUP_ANCHOR = "model-provider"  # the docs/configuration.md section (and its in-app page) on configuring one


@dataclasses.dataclass(frozen=True)
class ProviderStatus:
    """The configured provider as the pages show it."""

    provider: str
    problem: str = ""  # a misconfiguration (an unknown TRUSTGATE_JUDGE_PROVIDER), shown as it is

    @property
    def configured(self) -> bool:
        return self.provider != "rules_only"

    @property
    def label(self) -> str:
        return PROVIDER_LABELS.get(self.provider, self.provider)

    @property
    def generation_model(self) -> str:
        return MODEL_LABELS.get(str(settings.TRUSTGATE_GENERATION_MODEL), str(settings.TRUSTGATE_GENERATION_MODEL))

    @property
    def summary(self) -> str:
        """One sentence for the pages: which provider is in use, or what rules only means."""
        if self.problem:
            return self.problem
        if not self.configured:
            return (
                "Rules only: no model provider is configured, so there is no LLM judge, no Generate new, no Check "
                "for changes and no simulated users. Replies that need the judge are Not scored."
            )
        detail = f" ({settings.TRUSTGATE_OPENAI_JUDGE_MODEL})" if self.provider == "openai" else ""
        return (
            f"Model provider: {self.label}{detail}. The judge uses each agent's judge model; scenarios and "
            f"simulated users use {self.generation_model}."
        )


def provider_status() -> ProviderStatus:
    """The provider configured now. Never raises: a bad setting becomes rules only with its sentence."""
    try:
        return ProviderStatus(provider=judge_provider())
    except ModelError as exc:
        return ProviderStatus(provider="rules_only", problem=str(exc))


OPUS_REASON = "Opus is not enabled on this server (TRUSTGATE_ENABLE_OPUS); choose Sonnet or Haiku."


def judge_model_unavailable(model: str) -> str:
    """Why this installation cannot judge with ``model`` ("" when it can). The one answer every form, YAML loader
    and the API give (docs/configuration.md#environment)."""
    if model == "opus" and not settings.TRUSTGATE_ENABLE_OPUS:
        return OPUS_REASON
    return ""


def judge_model_choices() -> list[tuple[str, str]]:
    """The judge models this installation can use, as form choices."""
    return [(value, label) for value, label in MODEL_LABELS.items() if not judge_model_unavailable(value)]


def judge_models_note() -> str:
    """The sentence a form shows under the model choice when a model is left out ("" when none is)."""
    return " ".join(reason for model in MODEL_LABELS if (reason := judge_model_unavailable(model)))
