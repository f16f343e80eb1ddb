"""Writes about suites and scenarios."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction

from billing.models import Account
from suites.models import Scenario, Suite

SCENARIO_FIELDS = (
    "kind name turns expected_outcome correct_answer required_phrases forbidden_phrases expected_tool_call "
    "template_variables severity owasp_tag contacts_may_be_shared persona max_turns attack_id"
).split()


def scenario_from_spec_dict(data: dict[str, Any], *, position: int) -> Scenario:
    """A Scenario row from a ScenarioSpec-shaped dict; a non-empty ``canary`` means the turns use {{canary}}."""
    values = {field: data[field] for field in SCENARIO_FIELDS if field in data and data[field] is not None}
    values["template_variables"] = [list(pair) for pair in values.get("template_variables", [])]
    return Scenario(position=position, uses_canary=bool(data.get("canary")), **values)


@transaction.atomic
def suite_create(
    *, account: Account, name: str, scenarios: Sequence[dict[str, Any]], agent: Any = None, description: str = ""
) -> Suite:
    suite = Suite.objects.create(account=account, agent=agent, name=name, description=description)
    rows = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
    for row in rows:
        row.suite = suite
        row.full_clean(exclude=["suite"])
    Scenario.objects.bulk_create(rows)
    return suite


@transaction.atomic
def suite_replace_scenarios(*, suite: Suite, scenarios: Sequence[dict[str, Any]]) -> Suite:
    """Used by the demo seed: make the suite hold exactly these scenarios (idempotent)."""
    suite.scenarios.all().delete()
    rows = [scenario_from_spec_dict(data, position=i) for i, data in enumerate(scenarios, start=1)]
    for row in rows:
        row.suite = suite
    Scenario.objects.bulk_create(rows)
    return suite
