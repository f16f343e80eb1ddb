"""Importing a parsed suite: create it, or update it to a higher version (unchanged scenarios keep their identity)."""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Max

from suites.fields import SCENARIO_FIELDS, tool_call_fields
from suites.models import ProposalStatus, Scenario, Suite
from suites.selectors import suite_current_scenarios
from suites.services import persona_get_or_create, suite_create, suite_version_create
from suites.yaml_io.parse import ImportProblem, ParsedSuite, SuiteImportError, parse_suite_yaml

if TYPE_CHECKING:
    from billing.models import Account


@dataclasses.dataclass(frozen=True)
class ImportResult:
    suite: Suite
    action: str  # "created" | "updated" | "unchanged"


_CONTENT_FIELDS = [*SCENARIO_FIELDS, "uses_canary"]


def _signature(values: dict[str, Any]) -> str:
    return json.dumps([values.get(field) for field in _CONTENT_FIELDS], sort_keys=True, default=str)


def _row_values(row: Scenario) -> dict[str, Any]:
    values = {field: getattr(row, field) for field in _CONTENT_FIELDS}
    values["template_variables"] = [list(p) for p in row.template_variables or []]
    values["required_phrases"] = list(row.required_phrases or [])
    values["forbidden_phrases"] = list(row.forbidden_phrases or [])
    values.update(tool_call_fields(row.expected_calls))  # rows from before several calls: the same signature
    values["forbidden_tool_calls"] = list(row.forbidden_tool_calls or [])
    return values


def _same_content(suite: Suite, parsed: ParsedSuite) -> bool:
    persona = suite.default_persona
    mine_persona = (persona.name, persona.description) if persona is not None else None
    rows = list(suite_current_scenarios(suite=suite))  # as exported: a pending check's pause included
    return (
        suite.kind == parsed.kind
        and suite.description == parsed.description
        and suite.agent_id == (parsed.agent.pk if parsed.agent else None)
        and suite.policy_text == parsed.policy
        and mine_persona == parsed.persona
        and suite.max_turns == parsed.max_turns
        and suite.secret_marker_list == parsed.secret_markers
        and [(_signature(_row_values(r)), r.is_active and not r.is_paused, r.why_stale) for r in rows]
        == [(_signature(s), s["is_active"], s["stale_reason"]) for s in parsed.scenarios]
    )


def _row(values: dict[str, Any], *, suite: Suite, position: int, version: int) -> Scenario:
    fields = {field: values[field] for field in _CONTENT_FIELDS}
    return Scenario(
        suite=suite,
        position=position,
        introduced_in=version,
        is_active=values["is_active"],
        stale_reason=values["stale_reason"],
        source=values.get("source", ""),
        **fields,
    )


def import_suite_yaml(text: str, *, account: Account, user: Any = None) -> ImportResult:
    """Create or update the suite the YAML describes. Raises SuiteImportError (nothing written)."""
    parsed = parse_suite_yaml(text, account=account)
    with transaction.atomic():
        existing = Suite.objects.select_for_update().filter(account=account, name=parsed.name).first()
        persona = None
        if parsed.persona is not None and (existing is None or parsed.version > existing.version):
            persona = persona_get_or_create(account=account, name=parsed.persona[0], description=parsed.persona[1])
        if existing is None:
            suite = suite_create(
                account=account,
                name=parsed.name,
                scenarios=[],
                agent=parsed.agent,
                description=parsed.description,
                kind=parsed.kind,
                policy_text=parsed.policy,
                default_persona=persona,
                max_turns=parsed.max_turns,
                secret_markers=parsed.secret_markers,
                version=parsed.version,
                user=user,
                note="Imported from YAML",
            )
            rows = [_row(s, suite=suite, position=i, version=parsed.version) for i, s in enumerate(parsed.scenarios, 1)]
            for row in rows:
                row.full_clean(exclude=["suite"])
            Scenario.objects.bulk_create(rows)
            return ImportResult(suite, "created")
        if parsed.version == existing.version:
            if _same_content(existing, parsed):
                return ImportResult(existing, "unchanged")
            raise SuiteImportError(
                [
                    ImportProblem(
                        None,
                        "version",
                        f"“{existing.name}” version {existing.version} already exists with other content. "
                        f"Raise the version to {existing.version + 1} to import the change.",
                    )
                ]
            )
        if parsed.version < existing.version:
            raise SuiteImportError(
                [
                    ImportProblem(
                        None,
                        "version",
                        f"“{existing.name}” is already at version {existing.version}; this file is version "
                        f"{parsed.version}. Export the suite to get its current YAML.",
                    )
                ]
            )
        _update(existing, parsed, persona=persona, user=user)
        return ImportResult(existing, "updated")


def _state_signature(values: dict[str, Any]) -> str:
    """A row's content with whether it runs: a scenario switched off (or made stale) is a changed scenario, so the
    row the earlier versions hold is never written."""
    return json.dumps([_signature(values), values["is_active"], values["stale_reason"]])


def _update(suite: Suite, parsed: ParsedSuite, *, persona: Any, user: Any) -> None:
    """Version N+k from the file: unchanged scenarios stay (same ids), the rest are retired or added. A row is
    matched by its own state, not a pending check's pause: the check is replaced, so a scenario the file keeps
    paused is a new row of the new version."""
    number = parsed.version
    current = list(suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk"))
    by_signature: dict[str, list[Scenario]] = {}
    for row in current:
        values = {**_row_values(row), "is_active": row.is_active, "stale_reason": row.stale_reason}
        by_signature.setdefault(_state_signature(values), []).append(row)
    kept: set[int] = set()
    offset = (suite.scenarios.aggregate(last=Max("position"))["last"] or 0) + len(parsed.scenarios) + 1
    new_rows: list[Scenario] = []
    for position, values in enumerate(parsed.scenarios, start=1):
        matches = by_signature.get(_state_signature(values))
        if matches:
            row = matches.pop(0)
            kept.add(row.pk)
            Scenario.objects.filter(pk=row.pk).update(position=position)
        else:
            row = _row(values, suite=suite, position=position, version=number)
            row.full_clean(exclude=["suite"])
            new_rows.append(row)
    retired = [row.pk for row in current if row.pk not in kept]
    Scenario.objects.filter(pk__in=retired).update(retired_in=number, position=offset)
    Scenario.objects.bulk_create(new_rows)
    suite.change_proposals.filter(status=ProposalStatus.PENDING).update(status=ProposalStatus.SUPERSEDED)
    suite.kind, suite.description = parsed.kind, parsed.description
    suite.agent, suite.default_persona = parsed.agent, persona
    suite.max_turns = parsed.max_turns
    suite.secret_markers = "\n".join(parsed.secret_markers)
    suite.save()
    suite_version_create(suite=suite, user=user, note="Imported from YAML", number=number, policy_text=parsed.policy)
