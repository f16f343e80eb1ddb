"""What model calls used and what they cost: token counts per purpose (judge, generation, simulated user) as
stored on attempts and runs, and the provider cost estimated from ``TRUSTGATE_MODEL_PRICES``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings

from evaluations.llm.base import ModelReply

PURPOSES = ("judge", "generation", "simulated_user", "attacker")  # attacker: the red team's (docs/redteam.md)
USAGE_COUNTS = ("calls", "input_tokens", "cached_input_tokens", "cache_write_tokens", "output_tokens")


@dataclasses.dataclass
class Usage:
    """Calls and tokens of one purpose on one model (``model`` is the choice: sonnet, haiku, opus)."""

    model: str = ""
    calls: int = 0
    input_tokens: int = 0  # uncached input
    cached_input_tokens: int = 0  # read from the prompt cache
    cache_write_tokens: int = 0  # written to the prompt cache
    output_tokens: int = 0

    @classmethod
    def from_reply(cls, reply: ModelReply, *, model: str) -> Usage:
        return cls(
            model=model,
            calls=1,
            input_tokens=reply.input_tokens,
            cached_input_tokens=reply.cached_input_tokens,
            cache_write_tokens=reply.cache_write_tokens,
            output_tokens=reply.output_tokens,
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Usage:
        return cls(model=str(data.get("model", "")), **{name: int(data.get(name) or 0) for name in USAGE_COUNTS})

    def add(self, other: Usage) -> None:
        self.model = self.model or other.model
        for name in USAGE_COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @property
    def all_input_tokens(self) -> int:
        return self.input_tokens + self.cached_input_tokens + self.cache_write_tokens

    @property
    def cost_usd(self) -> float:
        """The estimated provider cost at the configured prices (0 for a model without a price)."""
        prices = settings.TRUSTGATE_MODEL_PRICES.get(self.model) or {}
        per_million = (
            self.input_tokens * prices.get("input", 0.0)
            + self.cached_input_tokens * prices.get("cached_input", 0.0)
            + self.cache_write_tokens * prices.get("cache_write", 0.0)
            + self.output_tokens * prices.get("output", 0.0)
        )
        return per_million / 1_000_000


def usage_add(total: dict[str, Usage], model_usage: Mapping[str, Any] | None) -> None:
    """Add one stored ``{purpose: usage}`` mapping (an attempt's, a run's) into ``total``."""
    for purpose, data in (model_usage or {}).items():
        if isinstance(data, Mapping):
            total.setdefault(purpose, Usage()).add(Usage.from_dict(data))


def usage_merge(target: dict[str, Any], other: Mapping[str, Any] | None) -> dict[str, Any]:
    """Add the stored mapping ``other`` into the stored mapping ``target`` (in place; also returned)."""
    total: dict[str, Usage] = {}
    usage_add(total, target)
    usage_add(total, other)
    target.update({purpose: usage.to_dict() for purpose, usage in total.items()})
    return target


def usage_summary(items: Iterable[Mapping[str, Any] | None]) -> dict[str, Any]:
    """Per purpose and in total: calls, input, cached and output tokens and the estimated cost, for pages and the
    API (every purpose is listed, with zeros when it made no call)."""
    total: dict[str, Usage] = {}
    for item in items:
        usage_add(total, item)
    rows: dict[str, Any] = {}
    overall = Usage()
    cost = 0.0
    for purpose in PURPOSES:
        usage = total.get(purpose, Usage())
        overall.add(usage)
        cost += usage.cost_usd
        rows[purpose] = {**usage.to_dict(), "cost_usd": round(usage.cost_usd, 4)}
    rows["total"] = {**overall.to_dict(), "model": "", "cost_usd": round(cost, 4)}
    rows["cache_read_share"] = (
        round(overall.cached_input_tokens / overall.all_input_tokens, 4) if overall.all_input_tokens else None
    )
    return rows
