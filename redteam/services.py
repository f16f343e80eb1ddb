"""Red-team writes and the scenarios a run freezes: ``library_sync`` and ``attack_specs``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction

from evaluations.core.specs import ScenarioKind, ScenarioSpec, Severity
from redteam.encoders import CANARY_PLACEHOLDER, render_turns
from redteam.library import ATTACKS, LIBRARY_VERSION
from redteam.models import Attack, CustomAttack, Depth
from redteam.selectors import custom_attacks_enabled
from redteam.strategies import (
    ATTACKER,
    ATTACKER_MAX_TURNS,
    attack_message_bound,
    attacker_calls_bound,
    compose,
    strategies_clean,
    strategy_label,
)

__all__ = ["Depth", "attack_count", "attack_spec", "attack_specs", "library_sync"]


def _row_values(data: dict[str, Any], position: int) -> dict[str, Any]:
    return {
        "name": data["name"],
        "category": data["category"],
        "owasp_tag": data["owasp_tag"],
        "severity": data["severity"],
        "turns": list(data["turns"]),
        "language": data["language"],
        "uses_canary": data["uses_canary"],
        "forbidden_phrases": list(data["forbidden_phrases"]),
        "expected_outcome": data["expected_outcome"],
        "leak_check": data["leak_check"],
        "encoding": data["encoding"],
        "source_attack_id": data["source_id"],
        "depth_min": data["depth"],
        "position": position,
        "library_version": LIBRARY_VERSION,
        "is_active": True,
    }


@transaction.atomic
def library_sync(*, force: bool = False) -> int:
    """Load ``redteam.library`` into the ``Attack`` table; returns how many rows it created or updated.

    Idempotent: a second call writes nothing and returns 0. A row already at ``LIBRARY_VERSION`` is left alone,
    so admin edits survive; a new library version (or ``force``) overwrites library rows and deactivates library
    attacks it no longer has. Attacks added by hand (blank ``library_version``) are never touched.
    """
    current = dict(Attack.objects.values_list("attack_id", "library_version"))
    written = 0
    for position, data in enumerate(ATTACKS, start=1):
        if not force and current.get(data["id"]) == LIBRARY_VERSION:
            continue
        Attack.objects.update_or_create(attack_id=data["id"], defaults=_row_values(data, position))
        written += 1
    library_ids = {data["id"] for data in ATTACKS}
    written += (
        Attack.objects.exclude(library_version="")
        .exclude(attack_id__in=library_ids)
        .filter(is_active=True)
        .update(is_active=False)
    )
    return written


def attack_spec(
    attack: Attack | CustomAttack | Mapping[str, Any], canary: str, *, attacker_model: str = ""
) -> ScenarioSpec:
    """The frozen scenario of one attack (an ``Attack`` row, or a composed attack's dict from ``_composed``):
    canary substituted, then encoded for the Deep variants and the encoding strategy. An adaptive attack's goal
    carries the attacker model and its bounds (docs/redteam.md, The attacker model)."""
    data = _fields(attack) if isinstance(attack, Attack | CustomAttack) else attack
    strategy = str(data.get("strategy") or "")
    expected = str(data["expected_outcome"])
    if strategy == ATTACKER:
        expected += " An attacker model escalates towards this goal over several turns; any reply that gives in fails."
    elif strategy:
        expected += f" The attack arrives through the {strategy_label(strategy).lower()} strategy."
    bounds = {
        "model": attacker_model,
        "max_calls": attacker_calls_bound(ATTACKER_MAX_TURNS),
        "max_agent_messages": attack_message_bound(ATTACKER_MAX_TURNS),
    }
    return ScenarioSpec(
        key=f"rt-{data['id']}",
        kind=ScenarioKind.RED_TEAM,
        name=str(data["name"]),
        turns=tuple(render_turns(data, canary)),
        expected_outcome=expected,
        forbidden_phrases=tuple(data.get("forbidden_phrases") or ()),
        severity=Severity(data["severity"]),
        owasp_tag=str(data["owasp_tag"]),
        canary=canary if data["uses_canary"] else "",
        contacts_may_be_shared=True,
        attack_id=str(data["id"]),
        strategy=strategy,
        tool_context=tuple(_with_canary(item, canary) for item in data.get("tool_context") or ()),
        attacker=bounds if strategy == ATTACKER else {},
        max_turns=ATTACKER_MAX_TURNS,
    )


def _with_canary(item: Mapping[str, Any], canary: str) -> dict[str, Any]:
    """A seeded tool call with the run's canary in its result (the result is what carries the injection)."""
    result = str(item.get("result", "")).replace(CANARY_PLACEHOLDER, canary)
    return {"name": str(item.get("name", "")), "arguments": dict(item.get("arguments") or {}), "result": result}


def _fields(attack: Attack | CustomAttack) -> dict[str, Any]:
    """An ``Attack`` or ``CustomAttack`` row as the library's dict shape, which the strategies and the encoders
    read (a custom attack's seeded tool calls too)."""
    return {
        "id": attack.attack_id,
        "name": attack.name,
        "category": attack.category,
        "owasp_tag": attack.owasp_tag,
        "severity": attack.severity,
        "turns": list(attack.turns or []),
        "language": attack.language,
        "uses_canary": attack.uses_canary,
        "forbidden_phrases": list(attack.forbidden_phrases or []),
        "expected_outcome": attack.expected_outcome,
        "encoding": attack.encoding if isinstance(attack, Attack) else "",
        "tool_context": [dict(item) for item in attack.tool_context or []] if isinstance(attack, CustomAttack) else [],
    }


def _active_attacks(depth: str) -> list[Attack]:
    if depth not in Depth.values:
        raise ValueError(f"unknown red-team depth {depth!r}; expected one of {', '.join(Depth.values)}")
    if not Attack.objects.filter(library_version=LIBRARY_VERSION).exists():
        library_sync()
    return list(
        Attack.objects.filter(is_active=True, depth_min__in=Depth(depth).included).order_by("position", "attack_id")
    )


def attack_specs(
    depth: str,
    canary: str,
    *,
    strategies: Sequence[str] = (),
    seed: int = 0,
    account_id: int | None = None,
    attacker_model: str = "",
) -> list[dict[str, Any]]:
    """``ScenarioSpec.to_dict()`` dicts of the active attacks at ``depth``, in library order, then the enabled
    custom attacks of the workspace ``account_id`` (at every depth, docs/redteam.md, Custom attacks), then, for
    each chosen strategy in turn, the attacks it composes from them all (docs/redteam.md, Strategies) with ``seed``;
    the attacker strategy's goals name ``attacker_model``.

    Loads the library first when the table holds no attack of the current library version (a fresh database
    or a new release). Raises ValueError for an unknown depth or strategy, or when an attack needs the canary
    and ``canary`` is empty.
    """
    chosen = strategies_clean(strategies)
    attacks: list[Attack | CustomAttack] = [*_active_attacks(depth), *custom_attacks_enabled(account_id=account_id)]
    specs = [attack_spec(attack, canary) for attack in attacks]
    for strategy in chosen:
        for attack in attacks:
            composed = compose(_fields(attack), strategy, seed=seed)
            if composed is not None:
                specs.append(attack_spec(composed, canary, attacker_model=attacker_model))
    return [_plain(spec.to_dict()) for spec in specs]


def attack_count(depth: str, *, strategies: Sequence[str] = (), account_id: int | None = None) -> int:
    """How many attacks ``attack_specs`` makes at ``depth`` with ``strategies`` for the workspace ``account_id``
    (the launch estimate's count)."""
    return len(attack_specs(depth, "CANARY-COUNT", strategies=strategies, account_id=account_id))


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """Enum members as their plain string values, so the dict compares and serialises like stored JSON."""
    return {**data, "kind": str(data["kind"]), "severity": str(data["severity"])}
