"""Writes about suites, scenarios, test-set cases and personas."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from billing.audit import AuditAction, audit_record
from billing.models import Account
from evaluations.core.verdicts import SUITE_VERSION, verdict_records_refresh_later
from suites.fields import (
    SCENARIO_FIELDS,
    tool_call_fields,
)
from suites.models import (
    DEFAULT_MAX_TURNS,
    NAME_VALIDATORS,
    Persona,
    ProposalStatus,
    Scenario,
    StaleFlag,
    Suite,
    SuiteKind,
    SuiteVersion,
)
from suites.selectors import scenarios_with_pause

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
    source = str(data.get("source") or "")[:300]  # where an imported case came from (docs/imports.md)
    return Scenario(position=position, uses_canary=bool(data.get("canary")), source=source, **values)


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
    suite_version_create(suite=suite, user=user, note=note, number=version)
    return suite


@transaction.atomic
def suite_seed(*, account: Account, name: str, agent: Any, scenarios: Sequence[dict[str, Any]]) -> Suite:
    """Used by the demo seed: the named suite, on this agent, holding exactly these scenarios (idempotent)."""
    suite, _ = Suite.objects.get_or_create(account=account, name=name, defaults={"agent": agent})
    if suite.agent_id != agent.pk:
        suite.agent = agent
        suite.save(update_fields=["agent"])
    return suite_replace_scenarios(suite=suite, scenarios=scenarios)


def suite_replace_scenarios(*, suite: Suite, scenarios: Sequence[dict[str, Any]]) -> Suite:
    """Make the suite's current version hold exactly these scenarios: a suite without a version yet gets them as
    version 1; different ones make a new version (earlier versions keep theirs); the same ones change nothing."""
    if not suite.versions.exists():
        rows = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
        for row in rows:
            row.suite, row.introduced_in = suite, suite.version
        Scenario.objects.bulk_create(rows)
        suite_version_create(suite=suite, user=None, note="Created", number=suite.version)
        return suite
    wanted = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
    current = list(scenarios_with_pause(current_scenarios(suite)))  # a paused scenario is not what was asked for
    if [_content(row) for row in current] == [_content(row) for row in wanted]:
        return suite
    suite_revise(
        suite=suite,
        note="Scenarios replaced",
        removals=[row.pk for row in current],
        additions=[{field: getattr(row, field) for field in REVISED_FIELDS} for row in wanted],
    )
    suite.refresh_from_db()
    return suite


# What a run of the suite depends on beside its scenarios: a change to one of these is a new version too.
VERSIONED_SETTINGS = ("default_persona_id", "max_turns", "secret_markers")


@transaction.atomic
def suite_update(
    *,
    suite: Suite,
    name: str,
    description: str,
    agent: Any,
    default_persona: Persona | None,
    max_turns: int,
    secret_markers: str | None = None,
    user: Any = None,
) -> Suite:
    """Edit the suite's settings. ``secret_markers``: one a line; None keeps them. Name, description and agent
    change in place; the default simulated user, the turn limit and the secret markers change what a run does,
    so changing one of them makes a new version (earlier versions and their runs are as they were)."""
    name = name.strip()
    _check_unique_name(account=suite.account, name=name, exclude_pk=suite.pk)
    before = [getattr(suite, field) for field in VERSIONED_SETTINGS]
    suite.name, suite.description, suite.agent = name, description, agent
    suite.default_persona, suite.max_turns = default_persona, max_turns
    if secret_markers is not None:
        suite.secret_markers = secret_markers
    fields = ["name", "description", "agent", "default_persona", "max_turns", "secret_markers", "updated_at"]
    suite.save(update_fields=fields)
    if [getattr(suite, field) for field in VERSIONED_SETTINGS] != before:
        version = suite_version_create(suite=suite, user=user, note="Settings changed")
        suite.version = version.number
    return suite


# Versions: never edited in place ----------------------------------------------------------------------------------
# A version is the set of scenario rows whose ``introduced_in`` .. ``retired_in`` spans it (docs/suites.md). An
# edit never writes a row of an earlier version: the row is retired in the new version and an edited copy is
# added in it. After a row is written only ``retired_in`` (once) and ``position`` (the run order later runs use)
# change; a retired row keeps every field, ``is_active`` too, so the versions it belongs to read as they ran.
# A row a pending check pauses is edited as it reads (inactive, with the check's reason): the copy keeps the
# pause unless the edit lifts it, and it leaves the check (docs/suites.md).

REVISED_FIELDS = [*SCENARIO_FIELDS, "uses_canary", "is_active", "stale_reason", "source"]


def _values(row: Scenario) -> dict[str, Any]:
    """The row's fields as a reader sees them: a pending check's pause as inactive, with its reason."""
    values = {field: getattr(row, field) for field in REVISED_FIELDS}
    values.update(is_active=row.is_active and not row.is_paused, stale_reason=row.why_stale)
    return values


def _content(row: Scenario) -> str:
    values = _values(row)
    values["template_variables"] = [list(pair) for pair in row.template_variables or []]
    values.update(tool_call_fields(row.expected_calls))
    return json.dumps(values, sort_keys=True, default=str)


def suite_version_create(
    *,
    suite: Suite,
    user: Any,
    note: str,
    number: int | None = None,
    policy_text: str | None = None,
    accepted: bool = False,
) -> SuiteVersion:
    """The one door to a new version row: ``number`` (default: the next one) becomes the suite's version, with
    ``policy_text`` (default: the suite's), recorded by ``suite_version_recorded``. The caller holds the
    transaction and has written the scenarios."""
    number = number if number is not None else suite.version + 1
    policy = suite.policy_text if policy_text is None else policy_text
    Suite.objects.filter(pk=suite.pk).update(version=number, policy_text=policy, updated_at=timezone.now())
    suite.version, suite.policy_text = number, policy
    version = SuiteVersion.objects.create(
        suite=suite, number=number, policy_text=policy, note=note[:300], created_by=user
    )
    suite_version_recorded(suite=suite, number=number, user=user, note=version.note, accepted=accepted)
    return version


@dataclasses.dataclass(frozen=True)
class Revision:
    """What ``suite_revise`` did: the new version (None when nothing changed) and each edited row's new copy."""

    version: SuiteVersion | None
    edited: dict[int, Scenario]  # the id of the row as it was → its copy in the new version
    added: list[Scenario]


def _current_row(suite: Suite, current: dict[int, Scenario], pk: int) -> Scenario:
    if pk in current:
        return current[pk]
    row = Scenario.objects.filter(pk=pk, suite=suite).first()
    if row is None:
        raise SuiteError("This scenario is not part of the suite any more; reload the page.")
    raise SuiteError(
        f"“{row.name}” belongs only to earlier versions of “{suite.name}”, which stay as they ran: edit the "
        "scenarios of the current version instead."
    )


def _checked(row: Scenario) -> Scenario:
    try:
        row.full_clean(exclude=["suite"])
    except ValidationError as exc:
        raise SuiteError(" ".join(f"{row.name}: {message}" for message in exc.messages)) from None
    return row


@transaction.atomic
def suite_revise(
    *,
    suite: Suite,
    note: str,
    user: Any = None,
    edits: Mapping[int, Mapping[str, Any]] | None = None,
    additions: Sequence[Mapping[str, Any]] = (),
    removals: Sequence[int] = (),
    order: Sequence[int] | None = None,
) -> Revision:
    """Make the next version of the suite from its current one, all or nothing: ``edits`` (row id → field
    values) replace those rows by edited copies, ``additions`` are appended, ``removals`` are retired and
    ``order`` (current row ids) is the new run order. Nothing that changes nothing makes a version.

    Raises SuiteError, naming the scenario, for a row outside the current version (its versions are read-only) or
    a value the row cannot hold. The caller checks the Write role.
    """
    locked = Suite.objects.select_for_update().get(pk=suite.pk)  # one revision at a time
    current = {row.pk: row for row in scenarios_with_pause(current_scenarios(locked))}
    for pk in [*(edits or {}), *removals]:
        _current_row(locked, current, pk)
    number = locked.version + 1
    copies: dict[int, Scenario] = {}
    for pk, values in (edits or {}).items():
        old = current[pk]
        copy = Scenario(**_values(old), suite=locked, position=old.position)
        for field, value in values.items():
            setattr(copy, field, value)
        if _content(copy) != _content(old):
            copy.introduced_in = number
            copies[pk] = _checked(copy)
    last = max((row.position for row in current.values()), default=0)
    added = [
        _checked(Scenario(**dict(values), suite=locked, position=last + i, introduced_in=number))
        for i, values in enumerate(additions, start=1)
    ]
    retired = [*copies, *(pk for pk in removals if pk not in copies)]
    ordering = [pk for pk in (order or []) if pk in current]
    reordered = bool(ordering) and ordering != [pk for pk in current if pk in ordering]
    if not (copies or added or retired or reordered):
        return Revision(version=None, edited={}, added=[])
    Scenario.objects.filter(pk__in=retired).update(retired_in=number)
    Scenario.objects.bulk_create([*copies.values(), *added])
    if reordered:
        for position, pk in enumerate(ordering, start=1):
            Scenario.objects.filter(pk=copies[pk].pk if pk in copies else pk).update(position=position)
    for proposal in locked.change_proposals.filter(status=ProposalStatus.PENDING):
        # A pending check follows the suite to the new version; a stale scenario edited or removed here is the
        # editor's to decide now, so the proposal no longer retires it.
        proposal.base_version = number
        proposal.save(update_fields=["base_version"])
        StaleFlag.objects.filter(proposal=proposal, scenario_id__in=retired).delete()
    version = suite_version_create(suite=locked, user=user, note=note)
    suite.version = locked.version
    return Revision(version=version, edited=copies, added=added)


def scenarios_retire(*, scenarios: Sequence[Scenario], user: Any = None) -> list[SuiteVersion]:
    """Retire the given current rows: for each suite they belong to, one new version without them (earlier versions
    keep them). Raises SuiteError, naming the scenario, for a row that is not current; then nothing changed."""
    versions = []
    with transaction.atomic():
        for suite, rows in _by_suite(scenarios):
            names = ", ".join(f"“{row.name}”" for row in rows)
            note = f"Retired {names}"
            revision = suite_revise(suite=suite, user=user, note=note, removals=[row.pk for row in rows])
            versions += [revision.version] if revision.version is not None else []
    return versions


def scenarios_reactivate(*, scenarios: Sequence[Scenario], user: Any = None) -> list[SuiteVersion]:
    """Make the given scenarios run again, one new version per suite: a current row switched off (or stale) is
    switched on, a retired row comes back as a copy at the end; a current row that runs changes nothing."""
    versions = []
    with transaction.atomic():
        for suite, rows in _by_suite(scenarios):
            current = {row.pk for row in scenarios_with_pause(current_scenarios(suite))}
            edits = {row.pk: {"is_active": True, "stale_reason": ""} for row in rows if row.pk in current}
            back = [{**_values(row), "is_active": True, "stale_reason": ""} for row in rows if row.pk not in current]
            names = ", ".join(f"“{row.name}”" for row in rows)
            revision = suite_revise(suite=suite, user=user, note=f"Reactivated {names}", edits=edits, additions=back)
            versions += [revision.version] if revision.version is not None else []
    return versions


def _by_suite(scenarios: Sequence[Scenario]) -> list[tuple[Suite, list[Scenario]]]:
    groups: dict[int, list[Scenario]] = {}
    for row in scenarios:
        groups.setdefault(row.suite_id, []).append(row)
    suites = Suite.objects.in_bulk(list(groups))
    return [(suites[pk], rows) for pk, rows in groups.items()]


@transaction.atomic
def suite_duplicate(*, suite: Suite, user: Any = None) -> Suite:
    """A new suite at version 1 holding the current version's scenarios and the suite's settings, named “Copy of
    …” (numbered when that name is taken). The original and its versions are unchanged."""
    base = f"Copy of {suite.name}"[:190]
    name, number = base, 2
    while Suite.objects.filter(account_id=suite.account_id, name=name).exists():
        name, number = f"{base} ({number})", number + 1
    rows = list(scenarios_with_pause(current_scenarios(suite)))
    copy = suite_create(
        account=suite.account, name=name, scenarios=[], agent=suite.agent, description=suite.description,
        kind=suite.kind, policy_text=suite.policy_text, default_persona=suite.default_persona,
        max_turns=suite.max_turns, secret_markers=suite.secret_marker_list, user=user,
        note=f"Duplicated from “{suite.name}” v{suite.version}",
    )  # fmt: skip
    Scenario.objects.bulk_create(
        [Scenario(**_values(row), suite=copy, position=row.position, introduced_in=1) for row in rows]
    )
    return copy


RUN_PROFILE_KEYS = ("runs_per_scenario", "parallel", "redteam_depth", "judge_model", "judge_strictness",
                    "allowed_contacts", "confirmation_runs")  # fmt: skip


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


def current_scenarios(suite: Suite) -> Any:
    """The rows of the suite's current version, in run order."""
    return suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk")


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
