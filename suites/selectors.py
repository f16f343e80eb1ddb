"""Reads about suites, scoped by the user's accounts."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from billing.selectors import account_ids_for_user, get_for_member
from evaluations.core.specs import ScenarioSpec
from suites.models import ChangeProposal, Persona, ProposalStatus, Scenario, Suite


def suite_specs(*, suite: Suite, canary: str) -> list[ScenarioSpec]:
    """The suite's active scenarios as run specs, in run order, with ``canary`` filled in."""
    return [
        scenario.to_spec(canary=canary)
        for scenario in suite.scenarios.filter(is_active=True, retired_in__isnull=True).order_by("position", "pk")
    ]


def suite_list_for_user(*, user: Any) -> QuerySet[Suite]:
    return (
        Suite.objects.filter(account_id__in=account_ids_for_user(user=user))
        .select_related("agent", "account", "default_persona")
        .annotate(
            active_scenarios=Count("scenarios", filter=Q(scenarios__is_active=True, scenarios__retired_in__isnull=True))
        )
    )


def suite_get_for_user(*, user: Any, suite_id: int) -> Suite:
    suite = suite_list_for_user(user=user).filter(pk=suite_id).first()
    if suite is None:
        raise Http404("No such suite.")
    return suite


def suite_current_scenarios(*, suite: Suite) -> QuerySet[Scenario]:
    """The scenarios of the suite's current version in run order (stale ones included, retired ones not)."""
    return suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk")


def suite_retired_scenarios(*, suite: Suite) -> QuerySet[Scenario]:
    return suite.scenarios.filter(retired_in__isnull=False).order_by("-retired_in", "position", "pk")


def case_get(*, suite: Suite, case_id: int) -> Scenario:
    case = suite.scenarios.filter(pk=case_id, retired_in__isnull=True).first()
    if case is None:
        raise Http404("No such case.")
    case.suite = suite  # one object: a write through the case shows in the suite the page renders
    return case


def proposal_get(*, suite: Suite, proposal_id: int) -> ChangeProposal:
    proposal = suite.change_proposals.filter(pk=proposal_id).select_related("created_by", "decided_by").first()
    if proposal is None:
        raise Http404("No such proposal.")
    return proposal


def proposal_pending(*, suite: Suite) -> ChangeProposal | None:
    return suite.change_proposals.filter(status=ProposalStatus.PENDING).first()


def persona_list_for_account(*, account_id: int) -> QuerySet[Persona]:
    return Persona.objects.filter(account_id=account_id)


def suite_get_for_member(*, user: Any, suite_id: int, role: str, account_id: int | None = None) -> Suite:
    """The suite, when it is in a workspace of the user where they have ``role``: 404 otherwise, 403 with a
    reason when the role is too low. ``account_id`` narrows to one workspace (an API key acts in one)."""
    suites = suite_list_for_user(user=user)
    if account_id is not None:
        suites = suites.filter(account_id=account_id)
    return get_for_member(user, suites, suite_id, role=role, not_found="No such suite.")


# Which versions are referenced ----------------------------------------------------------------------------------
# Runs and baselines sit above suites in the room order, so they are asked through the reverse relations of the
# suite (``runs``: runs of the suite, ``baseline_pins``: the pins of a run), never imported.


@dataclasses.dataclass(frozen=True)
class VersionUse:
    """What refers to one version of a suite: the runs that ran it and those of them pinned as a baseline."""

    number: int
    run_ids: tuple[int, ...] = ()  # newest first
    pinned_run_ids: tuple[int, ...] = ()

    @property
    def is_referenced(self) -> bool:
        return bool(self.run_ids or self.pinned_run_ids)

    @property
    def summary(self) -> str:
        """ "2 runs (latest #12), pinned: run #9"; "" when nothing refers to the version."""
        if not self.is_referenced:
            return ""
        count = len(self.run_ids)
        text = f"{count} run{'s' if count != 1 else ''} (latest #{self.run_ids[0]})" if count else ""
        if self.pinned_run_ids:
            pinned = ", ".join(f"#{pk}" for pk in self.pinned_run_ids)
            text += ("; " if text else "") + f"pinned as a baseline: run {pinned}"
        return text

    def read_only_sentence(self, suite_name: str) -> str:
        """Why the version cannot change; "" when nothing refers to it."""
        if not self.is_referenced:
            return ""
        return (
            f"Version {self.number} of “{suite_name}” is read-only ({self.summary}): saving an edit makes a new "
            "version, and this one stays as it is."
        )


def suite_version_uses(*, suite: Suite) -> dict[int, VersionUse]:
    """Every referenced version of the suite, number → its use, in two queries (unreferenced ones are absent)."""
    runs: dict[int, list[int]] = defaultdict(list)
    ran = suite.runs.filter(suite_version__isnull=False).order_by("-pk").values_list("suite_version", "pk")
    for number, run_id in ran:
        runs[int(number or 0)].append(run_id)
    pinned: dict[int, list[int]] = defaultdict(list)
    rows = suite.runs.filter(suite_version__isnull=False, baseline_pins__isnull=False).distinct()
    for number, run_id in rows.order_by("-pk").values_list("suite_version", "pk"):
        pinned[int(number or 0)].append(run_id)
    return {
        number: VersionUse(
            number=number, run_ids=tuple(runs.get(number, ())), pinned_run_ids=tuple(pinned.get(number, ()))
        )
        for number in sorted(set(runs) | set(pinned))
    }


def suite_version_use(*, suite: Suite, number: int) -> VersionUse:
    return suite_version_uses(suite=suite).get(number, VersionUse(number=number))


def scenario_version_numbers(*, scenario: Scenario) -> range:
    """The versions a scenario row belongs to: from the one that added it to the one before it was retired."""
    last = scenario.retired_in - 1 if scenario.retired_in is not None else scenario.suite.version
    return range(scenario.introduced_in, last + 1)


def scenario_version_uses(*, scenario: Scenario) -> list[VersionUse]:
    """The referenced versions this row belongs to (they are read-only), oldest first."""
    uses = suite_version_uses(suite=scenario.suite)
    return [uses[number] for number in scenario_version_numbers(scenario=scenario) if number in uses]
