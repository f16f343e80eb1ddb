"""Template context every page shares: the model-provider state (the "rules only" banner and notices)."""

from __future__ import annotations

from django.http import HttpRequest

from evaluations.llm.status import ProviderStatus, provider_status


def model_provider(request: HttpRequest) -> dict[str, ProviderStatus]:
    return {"model_provider": provider_status()}
