"""Red-team writes and the scenarios a run freezes: ``library_sync`` and ``attack_specs``."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from evaluations.core.specs import ScenarioKind, ScenarioSpec, Severity
from redteam.encoders import render_turns
from redteam.library import ATTACKS, LIBRARY_VERSION
from redteam.models import Attack, Depth

__all__ = ["Depth", "attack_spec", "attack_specs", "library_sync"]


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


def attack_spec(attack: Attack, canary: str) -> ScenarioSpec:
    """The frozen scenario of one attack: canary substituted, then encoded for the Deep variants."""
    return ScenarioSpec(
        key=f"rt-{attack.attack_id}",
        kind=ScenarioKind.RED_TEAM,
        name=attack.name,
        turns=tuple(render_turns(attack, canary)),
        expected_outcome=attack.expected_outcome,
        forbidden_phrases=tuple(attack.forbidden_phrases or ()),
        severity=Severity(attack.severity),
        owasp_tag=attack.owasp_tag,
        canary=canary if attack.uses_canary else "",
        contacts_may_be_shared=True,
        attack_id=attack.attack_id,
    )


def attack_specs(depth: str, canary: str) -> list[dict[str, Any]]:
    """``ScenarioSpec.to_dict()`` dicts of the active attacks at ``depth``, in library order.

    Loads the library first when the table holds no attack of the current library version (a fresh database
    or a new release). Raises ValueError for an unknown depth, or when an attack needs the canary and
    ``canary`` is empty.
    """
    if depth not in Depth.values:
        raise ValueError(f"unknown red-team depth {depth!r}; expected one of {', '.join(Depth.values)}")
    if not Attack.objects.filter(library_version=LIBRARY_VERSION).exists():
        library_sync()
    attacks = Attack.objects.filter(is_active=True, depth_min__in=Depth(depth).included).order_by(
        "position", "attack_id"
    )
    return [_plain(attack_spec(attack, canary).to_dict()) for attack in attacks]


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    """Enum members as their plain string values, so the dict compares and serialises like stored JSON."""
    return {**data, "kind": str(data["kind"]), "severity": str(data["severity"])}
