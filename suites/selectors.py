"""Reads about suites, scoped by the user's accounts."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

from django.db.models import Count, Exists, IntegerField, OuterRef, QuerySet, Subquery, TextField, Value
from django.db.models.functions import Coalesce
from django.http import Http404

from billing.selectors import account_ids_for_user, get_for_member
from evaluations.core.specs import ScenarioSpec
from suites.models import ChangeProposal, Persona, ProposalStatus, Scenario, StaleFlag, Suite

# What runs ------------------------------------------------------------------------------------------------------
# A scenario runs when its row is current and active and no pending Check for changes pauses it. The pause lives on
# the check (its StaleFlag rows), never on the row, which may belong to a version a run or a baseline refers to
# (docs/suites.md). Every reader asks here, in the query that reads the rows.


def _pausing_flags() -> QuerySet[StaleFlag]:
    """The pending check's flags of the scenario of the enclosing query."""
    return StaleFlag.objects.filter(proposal__status=ProposalStatus.PENDING, scenario=OuterRef("pk"))


def scenarios_with_pause(scenarios: QuerySet[Scenario]) -> QuerySet[Scenario]:
    """``scenarios`` with why a pending check pauses each (``Scenario.pause_reason``) read in the same query."""
    reason = Subquery(_pausing_flags().values("reason")[:1], output_field=TextField())
    return scenarios.annotate(paused_by_check=Coalesce(reason, Value(""), output_field=TextField()))


def scenarios_running(scenarios: QuerySet[Scenario]) -> QuerySet[Scenario]:
    """Those of ``scenarios`` the next launch drives: current, active and not paused by a pending check."""
    return scenarios.filter(is_active=True, retired_in__isnull=True).exclude(Exists(_pausing_flags()))


def suite_running_count(*, suite: Suite) -> int:
    """How many scenarios of the suite run: annotated as ``active_scenarios`` by ``suite_list_for_user``, else
    counted."""
    annotated = getattr(suite, "active_scenarios", None)
    return int(annotated) if annotated is not None else scenarios_running(suite.scenarios.all()).count()


def suite_specs(*, suite: Suite, canary: str) -> list[ScenarioSpec]:
    """The suite's running scenarios as run specs, in run order, with ``canary`` filled in."""
    return [
        scenario.to_spec(canary=canary)
        for scenario in scenarios_running(suite.scenarios.all()).order_by("position", "pk")
    ]


def suite_running_count_expression() -> Coalesce:
    """For ``Suite.objects.annotate(active_scenarios=…)``: how many scenarios of each suite run, in the query."""
    running = (
        scenarios_running(Scenario.objects.filter(suite=OuterRef("pk")))
        .order_by()
        .values("suite")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(running, output_field=IntegerField()), Value(0))


def suite_list_for_user(*, user: Any) -> QuerySet[Suite]:
    return (
        Suite.objects.filter(account_id__in=account_ids_for_user(user=user))
        .select_related("agent", "account", "default_persona")
        .annotate(active_scenarios=suite_running_count_expression())
    )


def suite_get_for_user(*, user: Any, suite_id: int) -> Suite:
    suite = suite_list_for_user(user=user).filter(pk=suite_id).first()
    if suite is None:
        raise Http404("No such suite.")
    return suite


def suite_current_scenarios(*, suite: Suite) -> QuerySet[Scenario]:
    """The scenarios of the suite's current version in run order (paused and stale ones included, retired ones
    not), each with its ``pause_reason``."""
    return scenarios_with_pause(suite.scenarios.filter(retired_in__isnull=True)).order_by("position", "pk")


def suite_retired_scenarios(*, suite: Suite) -> QuerySet[Scenario]:
    """Rows of earlier versions only, newest retirement first; ``retire_reason``: why the check whose acceptance
    retired it found it stale, else the row's own stale reason."""
    accepted = StaleFlag.objects.filter(
        scenario=OuterRef("pk"),
        proposal__status=ProposalStatus.ACCEPTED,
        proposal__resulting_version=OuterRef("retired_in"),
    )
    reason = Subquery(accepted.values("reason")[:1], output_field=TextField())
    return (
        suite.scenarios.filter(retired_in__isnull=False)
        .annotate(retire_reason=Coalesce(reason, "stale_reason", output_field=TextField()))
        .order_by("-retired_in", "position", "pk")
    )


def case_get(*, suite: Suite, case_id: int) -> Scenario:
    case = suite_current_scenarios(suite=suite).filter(pk=case_id).first()
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
    """The suite's pending check, with ``stale_count``: how many scenarios it pauses (in the same query)."""
    return suite.change_proposals.filter(status=ProposalStatus.PENDING).annotate(stale_count=Count("flags")).first()


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
