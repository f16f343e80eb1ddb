"""A workspace's custom red-team attacks (docs/redteam.md, Custom attacks): read from YAML with every field
checked (nothing written unless the whole file is good), written to ``CustomAttack`` with one audit line each,
exported back as the same YAML, disabled, enabled and deleted."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import yaml
from django.db import transaction

from billing.audit import AuditAction, audit_record
from evaluations.core import storable
from evaluations.core.specs import Severity
from evaluations.core.yamlcheck import Checker, ImportProblem, YamlProblems, load_document, tool_context
from redteam.encoders import CANARY_PLACEHOLDER
from redteam.library import ATTACKS, CATEGORIES, LANGUAGES, OWASP_TAGS
from redteam.models import Attack, CustomAttack

FORMAT = "redteam-attacks/1"
TOP_FIELDS = ("trustgate", "attacks")
ATTACK_FIELDS = (
    "id", "title", "category", "owasp_tag", "severity", "turns", "language", "uses_canary", "forbidden_phrases",
    "expected_outcome", "tool_context", "enabled",
)  # fmt: skip
MAX_ATTACKS = 200
MAX_TURNS = 20
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,23}")
_LIBRARY_IDS = frozenset(a["id"].upper() for a in ATTACKS)
_STORED = ("name", "category", "owasp_tag", "severity", "turns", "language", "uses_canary", "forbidden_phrases",
           "expected_outcome", "tool_context", "is_active")  # fmt: skip


class CustomAttackError(YamlProblems):
    """The attacks' YAML cannot be imported; ``problems`` lists every one, each a sentence with its line. Nothing
    was written."""


@dataclasses.dataclass(frozen=True)
class ImportResult:
    created: tuple[str, ...]
    updated: tuple[str, ...]
    unchanged: tuple[str, ...]

    def __str__(self) -> str:
        parts = [f"{len(ids)} {word}" for ids, word in
                 ((self.created, "added"), (self.updated, "updated"), (self.unchanged, "unchanged")) if ids]  # fmt: skip
        return "Custom attacks: " + ", ".join(parts) + "."


def parse_custom_attacks(text: str, *, taken: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """Every attack of the YAML as the fields ``CustomAttack`` stores (``attack_id`` and the rest); raises
    CustomAttackError with every problem found. ``taken``: upper-cased ids of attacks in the library table (an
    attack added there by hand included), which a custom attack may not reuse."""
    try:
        document = load_document(text)
    except YamlProblems as exc:
        raise CustomAttackError(exc.problems) from None
    data = document.data
    check = Checker(document)
    if isinstance(data, list):
        data = {"attacks": data}
    if not isinstance(data, dict) or not isinstance(data.get("attacks"), list) or not data["attacks"]:
        raise CustomAttackError([ImportProblem(document.line_of(()), "", "Give a list of attacks under “attacks:”.")])
    check.unknown(data, TOP_FIELDS, ())
    if "trustgate" in data and data["trustgate"] != FORMAT:
        check.add(("trustgate",), f"This Trustgate reads format {FORMAT!r}, not {data['trustgate']!r}.")
    if len(data["attacks"]) > MAX_ATTACKS:
        check.add(("attacks",), f"Import at most {MAX_ATTACKS} attacks at a time.")
    attacks: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, item in enumerate(data["attacks"][:MAX_ATTACKS]):
        parsed = _attack(check, item, ("attacks", index), taken=_LIBRARY_IDS | taken)
        attack_id = parsed.get("attack_id", "")
        if attack_id and attack_id.upper() in seen:
            check.add(("attacks", index, "id"), f"The id “{attack_id}” is given twice in this file.")
        seen.add(attack_id.upper())
        attacks.append(parsed)
    if check.problems:
        raise CustomAttackError(check.problems)
    return attacks


def _attack(check: Checker, item: Any, path: tuple[str | int, ...], *, taken: frozenset[str]) -> dict[str, Any]:
    if not isinstance(item, dict):
        check.add(path, "Each attack is a mapping of fields (id, title, category, turns, ...).")
        return {}
    check.unknown(item, ATTACK_FIELDS, path)
    attack_id = check.text(item, "id", path, required=True, limit=24).strip()
    if attack_id and not ID_PATTERN.fullmatch(attack_id):
        check.add((*path, "id"), "Use letters, digits, - and _ only (up to 24, starting with a letter or digit).")
    elif attack_id.upper() in taken:
        check.add((*path, "id"), f"“{attack_id}” is a library attack's id; give your attack an id of its own.")
    name = check.text(item, "title", path, required=True, limit=200).strip()
    if name and (found := storable.name_problem(name, field="The title")):
        check.add((*path, "title"), found)
    category = item.get("category")
    if category not in CATEGORIES:
        check.add((*path, "category"), f"Use one of {', '.join(CATEGORIES)}.")
    owasp_tag = check.text(item, "owasp_tag", path, limit=80).strip()
    if owasp_tag and owasp_tag not in OWASP_TAGS:
        check.add((*path, "owasp_tag"), f"Use an OWASP Top 10 for LLM Applications 2025 tag, e.g. “{OWASP_TAGS[0]}”.")
    severity = check.choice(item, "severity", path, Severity, Severity.HIGH.value)
    language = item.get("language", "en")
    if language not in LANGUAGES:
        check.add((*path, "language"), f"Use {' or '.join(LANGUAGES)}.")
    turns = item.get("turns")
    if isinstance(turns, str):
        turns = [turns]
    if (
        not isinstance(turns, list)
        or not 1 <= len(turns) <= MAX_TURNS
        or not all(isinstance(t, str) and t.strip() for t in turns)
    ):
        check.add((*path, "turns"), f"Give 1 to {MAX_TURNS} user turns as text, none of them blank.")
        turns = []
    elif found := storable.problem(turns, field="A turn"):
        check.add((*path, "turns"), found)
    uses_canary = check.boolean(item, "uses_canary", path, default=False)
    phrases = [p for p in check.strings(item, "forbidden_phrases", path) if p.strip()]
    seeded = tool_context(check, item, path)
    placed = " ".join(turns) + " ".join(str(call["result"]) for call in seeded)
    if uses_canary and turns and CANARY_PLACEHOLDER not in placed:
        check.add(
            (*path, "turns"), f"An attack that uses the canary needs {CANARY_PLACEHOLDER} in a turn or tool result."
        )
    if turns and not uses_canary and not phrases:
        check.add((*path, "forbidden_phrases"), "Give forbidden phrases or set uses_canary: a rule must be able "
                  "to tell that the agent gave in.")  # fmt: skip
    return {
        "attack_id": attack_id,
        "name": name,
        "category": category if category in CATEGORIES else "",
        "owasp_tag": owasp_tag,
        "severity": severity,
        "turns": [str(t) for t in turns],
        "language": language if language in LANGUAGES else "en",
        "uses_canary": uses_canary,
        "forbidden_phrases": phrases,
        "expected_outcome": check.text(item, "expected_outcome", path, limit=4000).strip(),
        "tool_context": seeded,
        "is_active": check.boolean(item, "enabled", path, default=True),
    }


def _who(user: Any) -> str:
    return user.get_username() if getattr(user, "is_authenticated", False) else "the system"


@transaction.atomic
def custom_attacks_import(*, account_id: int, text: str, user: Any = None) -> ImportResult:
    """Add the YAML's attacks to the workspace, or update those whose id it already has: all or nothing. Raises
    CustomAttackError (nothing written) when any field is wrong."""
    library_ids = frozenset(i.upper() for i in Attack.objects.values_list("attack_id", flat=True))
    attacks = parse_custom_attacks(text, taken=library_ids)
    existing = {a.attack_id.upper(): a for a in CustomAttack.objects.select_for_update().filter(account_id=account_id)}
    created, updated, unchanged = [], [], []
    for fields in attacks:
        row = existing.get(fields["attack_id"].upper())
        values = {key: fields[key] for key in _STORED}
        if row is None:
            CustomAttack.objects.create(account_id=account_id, attack_id=fields["attack_id"], **values)
            created.append(fields["attack_id"])
            verb = "added"
        elif all(getattr(row, key) == value for key, value in values.items()):
            unchanged.append(row.attack_id)
            continue
        else:
            for key, value in values.items():
                setattr(row, key, value)
            row.save()
            updated.append(row.attack_id)
            verb = "updated"
        audit_record(
            account_id=account_id, actor=user, action=AuditAction.CUSTOM_ATTACK, target=f"attack {fields['attack_id']}",
            summary=f"{_who(user)} {verb} the custom red-team attack {fields['attack_id']} “{fields['name']}”"
            f"{'' if fields['is_active'] else ' (disabled)'}.",
        )  # fmt: skip
    return ImportResult(tuple(created), tuple(updated), tuple(unchanged))


@transaction.atomic
def custom_attack_set_enabled(*, attack: CustomAttack, enabled: bool, user: Any = None) -> None:
    """Enable or disable one attack (a disabled one is kept and exported, and not run)."""
    if attack.is_active == enabled:
        return
    attack.is_active = enabled
    attack.save(update_fields=["is_active", "updated_at"])
    audit_record(
        account_id=attack.account_id, actor=user, action=AuditAction.CUSTOM_ATTACK, target=f"attack {attack.attack_id}",
        summary=f"{_who(user)} {'enabled' if enabled else 'disabled'} the custom red-team attack {attack.attack_id} "
        f"“{attack.name}”.",
    )  # fmt: skip


@transaction.atomic
def custom_attack_delete(*, attack: CustomAttack, user: Any = None) -> None:
    """Delete one attack. Past runs keep the scenarios they froze."""
    audit_record(
        account_id=attack.account_id, actor=user, action=AuditAction.CUSTOM_ATTACK, target=f"attack {attack.attack_id}",
        summary=f"{_who(user)} deleted the custom red-team attack {attack.attack_id} “{attack.name}”; past runs "
        "keep it.",
    )  # fmt: skip
    attack.delete()


def custom_attacks_yaml(*, account_id: int) -> str:
    """The workspace's custom attacks as YAML that ``custom_attacks_import`` reads back unchanged."""
    attacks = []
    for row in CustomAttack.objects.filter(account_id=account_id).order_by("attack_id"):
        item: dict[str, Any] = {"id": row.attack_id, "title": row.name, "category": row.category}
        if row.owasp_tag:
            item["owasp_tag"] = row.owasp_tag
        item.update({"severity": row.severity, "turns": list(row.turns)})
        if row.language != "en":
            item["language"] = row.language
        if row.uses_canary:
            item["uses_canary"] = True
        if row.forbidden_phrases:
            item["forbidden_phrases"] = list(row.forbidden_phrases)
        if row.expected_outcome:
            item["expected_outcome"] = row.expected_outcome
        if row.tool_context:
            item["tool_context"] = list(row.tool_context)
        if not row.is_active:
            item["enabled"] = False
        attacks.append(item)
    document = {"trustgate": FORMAT, "attacks": attacks}
    return yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
