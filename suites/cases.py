"""Test-set cases (docs/suites.md): a suite's scenarios added, edited, moved and removed one at a time; every
edit makes the next version through ``suites.services.suite_revise``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from evaluations.core.specs import ScenarioKind
from suites.fields import case_fields, clean_case_text, clean_template_variables, with_turns
from suites.models import Scenario, Suite
from suites.services import Revision, current_scenarios, suite_revise


def _renumber(suite: Suite) -> None:
    for position, scenario in enumerate(current_scenarios(suite).only("pk", "position"), start=1):
        if scenario.position != position:
            Scenario.objects.filter(pk=scenario.pk).update(position=position)


def case_default_name(*, suite: Suite, position: int, exclude_pk: int | None = None) -> str:
    """ "Case N": N is the case's place in the run order, or the next free number when that name is taken."""
    taken = set(current_scenarios(suite).exclude(pk=exclude_pk).values_list("name", flat=True))
    number = position
    while f"Case {number}" in taken:
        number += 1
    return f"Case {number}"


def case_values(
    *,
    name: str,
    initial_message: str,
    expected_outcome: str = "",
    template_variables: Sequence[Sequence[str]] = (),
    checks: Mapping[str, Any] | None = None,
    more: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A new case's scenario fields (a custom scenario unless ``more`` says otherwise); the caller names a blank
    one. Raises ValidationError for bad input."""
    message, expected = clean_case_text(initial_message, expected_outcome)
    variables = clean_template_variables(template_variables)
    return {"kind": ScenarioKind.CUSTOM, "name": name.strip()[:200], "expected_outcome": expected,
            "template_variables": variables, **with_turns(case_fields(checks, more), message, [])}  # fmt: skip


def case_create(
    *,
    suite: Suite,
    user: Any = None,
    start_from: Sequence[Mapping[str, Any]] = (),
    source: str = "",
    **fields: Any,
) -> Scenario:
    """Append a case (``fields`` as ``case_values`` takes them): a new version of the suite. A blank name becomes
    "Case N". Raises ValidationError for bad input, SuiteError for a value the scenario cannot hold.

    ``checks`` holds the case's phrase and tool-call checks, as ``CaseForm`` cleans them (``suites.fields.CASE_CHECK_FIELDS``);
    ``more`` its other fields (``CASE_MORE_FIELDS`` there). ``start_from``: the earlier turns the conversation
    starts from; ``source``: where the case came from (Add to suite's conversation, named in the version's note)."""
    values = case_values(**fields)
    if start_from:
        values["start_from"] = [dict(turn) for turn in start_from]
    if source:
        values["source"] = source
    with transaction.atomic():
        Suite.objects.select_for_update().filter(pk=suite.pk).first()  # serialise appends: positions stay unique
        position = (current_scenarios(suite).aggregate(last=Max("position"))["last"] or 0) + 1
        values["name"] = values["name"] or case_default_name(suite=suite, position=position)
        note = f"Added “{values['name']}”" + (f" from {source}" if source else "")
        revision = suite_revise(suite=suite, user=user, note=note, additions=[values])
    return revision.added[0]


def cases_replace(*, suite: Suite, cases: Sequence[Mapping[str, Any]], user: Any = None) -> Revision:
    """The current version's cases replaced by ``cases`` (each as ``case_values`` takes them) in one new version;
    blank names become "Case N". Raises ValidationError (``Case N: …``) and then changes nothing."""
    removals = list(current_scenarios(suite).values_list("pk", flat=True))
    additions = cases_values(cases)
    return suite_revise(suite=suite, user=user, note="Cases replaced", removals=removals, additions=additions)


def cases_values(cases: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """``case_values`` of each case, a blank name "Case N". Raises ValidationError naming the case."""
    rows = []
    for number, case in enumerate(cases, start=1):
        try:
            values = case_values(**case)
        except ValidationError as exc:
            raise ValidationError(f"Case {number}: {exc.messages[0]}") from None
        rows.append({**values, "name": values["name"] or f"Case {number}"})
    return rows


def case_update(
    *,
    case: Scenario,
    name: str,
    initial_message: str,
    expected_outcome: str,
    template_variables: Sequence[Sequence[str]],
    checks: Mapping[str, Any] | None = None,
    more: Mapping[str, Any] | None = None,
    user: Any = None,
) -> Scenario:
    """Edit a case of the current version: the suite gets a new version holding the edited copy, and the case as
    it was stays in the earlier versions. Its initial message replaces the first turn; a blank name becomes
    "Case N"; ``checks`` and ``more`` (as in ``case_create``) replace those fields when given. Returns the copy
    (``case`` itself when nothing changed). Raises ValidationError or SuiteError, and then changes nothing."""
    message, expected = clean_case_text(initial_message, expected_outcome)
    variables = clean_template_variables(template_variables)
    name = (name.strip() or case_default_name(suite=case.suite, position=case.position, exclude_pk=case.pk))[:200]
    values = {"name": name, "expected_outcome": expected, "template_variables": variables,
              **with_turns(case_fields(checks, more), message, case.turns)}  # fmt: skip
    revision = suite_revise(suite=case.suite, user=user, note=f"Edited “{name}”", edits={case.pk: values})
    return revision.edited.get(case.pk, case)


def case_move(*, case: Scenario, direction: str, user: Any = None) -> None:
    """Swap the case with its neighbour ("up" or "down"): a new version in the new run order. At either end
    nothing happens."""
    if direction not in ("up", "down"):
        raise ValidationError("Move a case up or down.")
    ordered = list(current_scenarios(case.suite).values_list("pk", flat=True))
    if case.pk not in ordered:
        return
    index = ordered.index(case.pk)
    other = index - 1 if direction == "up" else index + 1
    if not 0 <= other < len(ordered):
        return
    ordered[index], ordered[other] = ordered[other], ordered[index]
    suite_revise(suite=case.suite, user=user, note=f"Moved “{case.name}” {direction}", order=ordered)


def case_delete(*, case: Scenario, user: Any = None) -> None:
    """Remove a case: a new version without it. Earlier versions, and the runs that used it, keep it."""
    suite_revise(suite=case.suite, user=user, note=f"Removed “{case.name}”", removals=[case.pk])
    _renumber(case.suite)
