"""Reads about suites, scoped by the user's accounts."""

from __future__ import annotations

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
        for scenario in suite.scenarios.filter(is_active=True).order_by("position", "pk")
    ]


def suite_list_for_user(*, user: Any) -> QuerySet[Suite]:
    return (
        Suite.objects.filter(account_id__in=account_ids_for_user(user=user))
        .select_related("agent", "account", "default_persona")
        .annotate(active_scenarios=Count("scenarios", filter=Q(scenarios__is_active=True)))
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
    case = suite.scenarios.filter(pk=case_id, retired_in__isnull=True).select_related("suite").first()
    if case is None:
        raise Http404("No such case.")
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
