"""Writes about suites, scenarios, test-set cases and personas."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from billing.audit import AuditAction, audit_record
from billing.models import Account
from evaluations.core.specs import ScenarioKind
from evaluations.core.verdicts import SUITE_VERSION, verdict_records_refresh_later
from suites.models import DEFAULT_MAX_TURNS, NAME_VALIDATORS, Persona, Scenario, Suite, SuiteKind, SuiteVersion

SCENARIO_FIELDS = (
    "kind name turns expected_outcome correct_answer required_phrases forbidden_phrases expected_tool_call "
    "expected_tool_calls tool_order forbidden_tool_calls max_tool_calls required_scope forbidden_scope "
    "template_variables severity owasp_tag contacts_may_be_shared persona max_turns attack_id"
).split()
CANARY_PLACEHOLDER = "{{canary}}"


class SuiteError(Exception):
    """A suite write was refused; the message says why. Nothing was changed."""


def scenario_from_spec_dict(data: dict[str, Any], *, position: int) -> Scenario:
    """A Scenario row from a ScenarioSpec-shaped dict; a non-empty ``canary`` means the turns use {{canary}}."""
    values = {field: data[field] for field in SCENARIO_FIELDS if field in data and data[field] is not None}
    values["template_variables"] = [list(pair) for pair in values.get("template_variables", [])]
    values.update(
        tool_call_fields(
            data.get("expected_tool_calls") or ([data["expected_tool_call"]] if data.get("expected_tool_call") else [])
        )
    )
    return Scenario(position=position, uses_canary=bool(data.get("canary")), **values)


def tool_call_fields(calls: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The two stored forms of the expected calls: the first alone (what older readers use) and the list."""
    listed = [{"name": c["name"], "arguments": dict(c.get("arguments") or {})} for c in calls]
    return {"expected_tool_call": listed[0] if listed else None, "expected_tool_calls": listed}


def _check_storable_name(name: str) -> None:
    """Raises SuiteError for a name the database cannot store (NUL: a 500 on PostgreSQL)."""
    try:
        for validator in NAME_VALIDATORS:
            validator(name)
    except ValidationError as exc:
        raise SuiteError(" ".join(exc.messages)) from None


def _check_unique_name(*, account: Account, name: str, exclude_pk: int | None = None) -> None:
    _check_storable_name(name)
    clash = Suite.objects.filter(account=account, name=name)
    if exclude_pk is not None:
        clash = clash.exclude(pk=exclude_pk)
    if clash.exists():
        raise SuiteError(f"A suite named “{name}” already exists in this workspace; choose another name.")


@transaction.atomic
def suite_create(
    *,
    account: Account,
    name: str,
    scenarios: Sequence[dict[str, Any]],
    agent: Any = None,
    description: str = "",
    kind: str = SuiteKind.SUITE,
    policy_text: str = "",
    default_persona: Persona | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    secret_markers: Sequence[str] = (),
    version: int = 1,
    user: Any = None,
    note: str = "Created",
) -> Suite:
    """A suite at ``version`` (1 unless imported) with its version row. Raises SuiteError on a name clash or a
    name that cannot be stored."""
    name = name.strip()
    _check_unique_name(account=account, name=name)
    suite = Suite.objects.create(
        account=account,
        agent=agent,
        name=name,
        description=description,
        kind=kind,
        policy_text=policy_text,
        default_persona=default_persona,
        max_turns=max_turns,
        secret_markers="\n".join(secret_markers),
        version=version,
    )
    rows = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
    for row in rows:
        row.suite = suite
        row.introduced_in = version
        row.full_clean(exclude=["suite"])
    Scenario.objects.bulk_create(rows)
    SuiteVersion.objects.create(suite=suite, number=version, policy_text=policy_text, note=note, created_by=user)
    suite_version_recorded(suite=suite, number=version, user=user, note=note)
    return suite


@transaction.atomic
@transaction.atomic
def suite_seed(*, account: Account, name: str, agent: Any, scenarios: Sequence[dict[str, Any]]) -> Suite:
    """Used by the demo seed: the named suite, on this agent, holding exactly these scenarios (idempotent)."""
    suite, _ = Suite.objects.get_or_create(account=account, name=name, defaults={"agent": agent})
    if suite.agent_id != agent.pk:
        suite.agent = agent
        suite.save(update_fields=["agent"])
    return suite_replace_scenarios(suite=suite, scenarios=scenarios)


def suite_replace_scenarios(*, suite: Suite, scenarios: Sequence[dict[str, Any]]) -> Suite:
    """Make the suite hold exactly these scenarios (idempotent)."""
    suite.scenarios.all().delete()
    rows = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
    for row in rows:
        row.suite = suite
        row.introduced_in = suite.version
    Scenario.objects.bulk_create(rows)
    SuiteVersion.objects.get_or_create(suite=suite, number=suite.version, defaults={"note": "Created"})
    return suite


def suite_update(
    *,
    suite: Suite,
    name: str,
    description: str,
    agent: Any,
    default_persona: Persona | None,
    max_turns: int,
    secret_markers: str | None = None,
) -> Suite:
    """Edit the suite's settings (not its scenarios; not a new version). ``secret_markers``: one a line; None
    keeps them."""
    name = name.strip()
    _check_unique_name(account=suite.account, name=name, exclude_pk=suite.pk)
    suite.name, suite.description, suite.agent = name, description, agent
    suite.default_persona, suite.max_turns = default_persona, max_turns
    if secret_markers is not None:
        suite.secret_markers = secret_markers
    fields = ["name", "description", "agent", "default_persona", "max_turns", "secret_markers", "updated_at"]
    suite.save(update_fields=fields)
    return suite


RUN_PROFILE_KEYS = ("runs_per_scenario", "parallel", "redteam_depth", "judge_model", "judge_strictness",
                    "allowed_contacts")  # fmt: skip


def suite_run_profile_set(*, suite: Suite, profile: dict[str, Any]) -> Suite:
    """Keep ``profile`` (launch settings; other keys are dropped) as the settings runs of the suite start from."""
    suite.run_profile = {key: profile[key] for key in RUN_PROFILE_KEYS if key in profile}
    Suite.objects.filter(pk=suite.pk).update(run_profile=suite.run_profile)
    return suite


@transaction.atomic
def suite_delete(*, suite: Suite, user: Any = None) -> None:
    """Delete the suite, its versions and scenarios. Past runs keep their frozen scenarios and results
    (their ``suite`` becomes empty; ``suite_name`` and ``suite_version`` stay). The audit log keeps who (``user``;
    None: the system, such as the suites command)."""
    who = user.get_username() if getattr(user, "is_authenticated", False) else "the system"
    audit_record(
        account_id=suite.account_id, actor=user, action=AuditAction.SUITE_DELETE, target=f"suite “{suite.name}”",
        summary=f"{who} deleted the suite “{suite.name}” (#{suite.pk}, at version {suite.version}); its past runs "
        "are kept.",
    )  # fmt: skip
    suite.delete()


def suite_version_recorded(*, suite: Suite, number: int, user: Any, note: str, accepted: bool = False) -> None:
    """Call once a version row of ``suite`` is written: one audit line (``accepted``: the version came from
    accepting proposed changes), and for a version after the first a new revision of each recorded run of the suite
    whose verdict it changes (docs/gate.md)."""
    who = user.get_username() if getattr(user, "is_authenticated", False) else "the system"
    summary = f"{who} made version {number} of the suite “{suite.name}”: {note}."
    audit_record(
        account_id=suite.account_id, actor=user,
        action=AuditAction.CHANGES_ACCEPTED if accepted else AuditAction.SUITE_VERSION,
        target=f"suite “{suite.name}” v{number}", summary=summary,
    )  # fmt: skip
    if number > 1:
        verdict_records_refresh_later(
            cause=SUITE_VERSION, summary=summary, account_id=suite.account_id, actor=user, suite_id=suite.pk
        )


def persona_get_or_create(*, account: Account, name: str, description: str) -> Persona:
    """The workspace's persona of that name; its description is set to ``description`` when given. Raises
    SuiteError for a name that cannot be stored."""
    name, description = name.strip(), description.strip()
    _check_storable_name(name)
    persona, created = Persona.objects.get_or_create(account=account, name=name, defaults={"description": description})
    if not created and description and persona.description != description:
        persona.description = description
        persona.save(update_fields=["description"])
    return persona


# Test-set cases ------------------------------------------------------------------------------------------------

_VARIABLE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
RESERVED_VARIABLES = ("message", "history", "conversation_id", "canary")
MAX_MESSAGE_CHARS = 4000


_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def undefined_variables(text: str, variables: Sequence[Sequence[str]]) -> list[str]:
    """The ``{{name}}`` placeholders in ``text`` that no template variable defines (nor Trustgate: canary and the
    request-format names), in order of appearance, each once."""
    defined = {str(pair[0]) for pair in variables} | set(RESERVED_VARIABLES)
    missing: list[str] = []
    for name in _PLACEHOLDER.findall(text):
        if name not in defined and name not in missing:
            missing.append(name)
    return missing


def clean_template_variables(pairs: Sequence[Sequence[str]]) -> list[list[str]]:
    """Key/value rows -> ``[[key, value], ...]``; blank rows are dropped. Raises ValidationError naming the row."""
    cleaned: list[list[str]] = []
    seen: set[str] = set()
    for number, pair in enumerate(pairs, start=1):
        key, value = (str(pair[0]).strip(), str(pair[1])) if len(pair) == 2 else ("", "")
        if not key and not value.strip():
            continue
        if not key:
            raise ValidationError(f"Variable {number}: give the name of the value “{value[:40]}”.")
        if not _VARIABLE_NAME.match(key):
            raise ValidationError(f"Variable {number}: “{key}” is not a valid name; use letters, digits and _.")
        if key in RESERVED_VARIABLES:
            raise ValidationError(f"Variable {number}: “{key}” is reserved by Trustgate; choose another name.")
        if key in seen:
            raise ValidationError(f"Variable {number}: “{key}” is given twice.")
        seen.add(key)
        cleaned.append([key, value])
    return cleaned


def _current(suite: Suite) -> Any:
    return suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk")


def _renumber(suite: Suite) -> None:
    for position, scenario in enumerate(_current(suite).only("pk", "position"), start=1):
        if scenario.position != position:
            Scenario.objects.filter(pk=scenario.pk).update(position=position)


def case_default_name(*, suite: Suite, position: int, exclude_pk: int | None = None) -> str:
    """ "Case N": N is the case's place in the run order, or the next free number when that name is taken."""
    taken = set(_current(suite).exclude(pk=exclude_pk).values_list("name", flat=True))
    number = position
    while f"Case {number}" in taken:
        number += 1
    return f"Case {number}"


def _clean_case(initial_message: str, expected_outcome: str) -> tuple[str, str]:
    message = initial_message.strip()
    if not message:
        raise ValidationError("Write the initial message the simulated user sends.")
    if len(message) > MAX_MESSAGE_CHARS:
        raise ValidationError(f"Keep the initial message under {MAX_MESSAGE_CHARS:,} characters.")
    return message, expected_outcome.strip()


@transaction.atomic
def case_create(
    *,
    suite: Suite,
    name: str,
    initial_message: str,
    expected_outcome: str = "",
    template_variables: Sequence[Sequence[str]] = (),
    checks: Mapping[str, Any] | None = None,
) -> Scenario:
    """Append a test case. A blank name becomes "Case N". Raises ValidationError for bad input.

    ``checks`` holds the case's phrase and tool-call checks, as ``CaseForm`` cleans them (``CASE_CHECK_FIELDS``)."""
    message, expected = _clean_case(initial_message, expected_outcome)
    variables = clean_template_variables(template_variables)
    Suite.objects.select_for_update().filter(pk=suite.pk).first()  # serialise appends: positions stay unique
    position = (_current(suite).aggregate(last=Max("position"))["last"] or 0) + 1
    name = name.strip() or case_default_name(suite=suite, position=position)
    return Scenario.objects.create(
        suite=suite,
        position=position,
        kind=ScenarioKind.CUSTOM,
        name=name[:200],
        turns=[message],
        expected_outcome=expected,
        template_variables=variables,
        introduced_in=suite.version,
        **_case_checks(checks),
    )


CASE_CHECK_FIELDS = (
    "required_phrases required_scope forbidden_phrases forbidden_scope expected_tool_call expected_tool_calls "
    "tool_order forbidden_tool_calls max_tool_calls"
).split()


def _case_checks(checks: Mapping[str, Any] | None) -> dict[str, Any]:
    return {field: checks[field] for field in CASE_CHECK_FIELDS if checks is not None and field in checks}


def case_update(
    *,
    case: Scenario,
    name: str,
    initial_message: str,
    expected_outcome: str,
    template_variables: Sequence[Sequence[str]],
    checks: Mapping[str, Any] | None = None,
) -> Scenario:
    """Edit a case in place: its initial message replaces the first turn. A blank name becomes "Case N".
    ``checks`` (as in ``case_create``) replaces the case's checks when given."""
    message, expected = _clean_case(initial_message, expected_outcome)
    case.template_variables = clean_template_variables(template_variables)
    case.name = (name.strip() or case_default_name(suite=case.suite, position=case.position, exclude_pk=case.pk))[:200]
    case.turns = [message, *case.turns[1:]]
    case.expected_outcome = expected
    values = _case_checks(checks)
    for field, value in values.items():
        setattr(case, field, value)
    case.save(update_fields=["name", "turns", "expected_outcome", "template_variables", *values])
    return case


@transaction.atomic
def case_move(*, case: Scenario, direction: str) -> None:
    """Swap the case with its neighbour ("up" or "down"); at either end nothing happens."""
    if direction not in ("up", "down"):
        raise ValidationError("Move a case up or down.")
    Suite.objects.select_for_update().filter(pk=case.suite_id).first()
    _renumber(case.suite)
    ordered = list(_current(case.suite).only("pk", "position"))
    index = next((i for i, row in enumerate(ordered) if row.pk == case.pk), None)
    if index is None:
        return
    other = index - 1 if direction == "up" else index + 1
    if not 0 <= other < len(ordered):
        return
    Scenario.objects.filter(pk=ordered[index].pk).update(position=ordered[other].position)
    Scenario.objects.filter(pk=ordered[other].pk).update(position=ordered[index].position)


@transaction.atomic
def case_delete(*, case: Scenario) -> None:
    """Remove a case; the others close the gap. Runs that used it keep their frozen copy."""
    suite = case.suite
    case.delete()
    _renumber(suite)


# Save as suite -----------------------------------------------------------------------------------------------------


def _saved_spec(data: dict[str, Any]) -> dict[str, Any]:
    """A frozen run scenario made reusable: its run's canary becomes the {{canary}} placeholder again."""
    spec = dict(data)
    canary = spec.get("canary") or ""
    if canary:
        spec["turns"] = [turn.replace(canary, CANARY_PLACEHOLDER) for turn in spec.get("turns", [])]
        spec["canary"] = CANARY_PLACEHOLDER
    return spec


def suite_save_from_run(*, run: Any, name: str, user: Any) -> Suite:
    """Keep a finished run's scenarios as a saved suite (version 1, the run's policy as its policy text).

    Red-team library attacks are left out: a saved suite adds them at launch (Red-team depth), each run
    with a fresh canary, and their encoded variants cannot carry a placeholder. Raises SuiteError.
    """
    if run.is_active:
        raise SuiteError("Wait until the run has finished, then save its scenarios as a suite.")
    specs = [_saved_spec(data) for data in run.scenarios if not data.get("attack_id")]
    if not specs:
        raise SuiteError("This run has no scenarios to keep (red-team attacks are added at launch instead).")
    name = name.strip()
    if not name:
        raise SuiteError("Give the suite a name.")
    return suite_create(
        account=run.account,
        agent=run.agent,
        name=name,
        scenarios=specs,
        description=f"Saved from run #{run.pk} of {run.agent_name}.",
        policy_text=run.settings.knowledge,
        user=user,
        note=f"Saved from run #{run.pk}",
    )
