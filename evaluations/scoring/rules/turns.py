"""Which turn of a multi-turn attack gave in (docs/redteam.md, Strategies): the rules over each reply in order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.connectors.base import Turn
from evaluations.core.specs import ScenarioSpec
from evaluations.scoring.rules.engine import evaluate_rules


def first_failing_turn(scenario: ScenarioSpec, *, turns: Sequence[Turn], **context: Any) -> int | None:
    """The number (1-based) of the first user turn whose reply fails a hard rule, reading the conversation up to
    that reply; None when no reply does on its own (the failure was a tool call's, or only the whole exchange
    shows it). ``context`` is what ``evaluate_rules`` takes besides the turns (knowledge, contacts, markers)."""
    asked = 0
    for index, turn in enumerate(turns):
        if turn.role == "user":
            asked += 1
        elif turn.role == "assistant" and asked:
            if evaluate_rules(scenario, turns=turns[: index + 1], tool_calls=(), **context).hard_fail:
                return asked
    return None
