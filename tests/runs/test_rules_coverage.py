"""In the rules-only state the launch form says how many of the chosen scenarios rules alone can
score, live in its estimate ("N of M scenarios can be scored by rules alone"); with a judge it says nothing of it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from suites.services import suite_create
from tests.runs import test_rules_only

pytestmark = pytest.mark.django_db

# The rules-only state and a logged-in client, as the rules-only tests set them up.
no_provider = test_rules_only.no_provider
alice_client = test_rules_only.alice_client

MIXED = [
    *test_rules_only.WITH_PHRASES,
    *test_rules_only.JUDGE_ONLY,
    {"kind": "custom", "name": "Warmth", "turns": ["Hello?"], "expected_outcome": "Greets the user warmly."},
]


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_estimate_says_how_many_scenarios_rules_alone_can_score(
    no_provider, alice_client: Client, acme, agent
) -> None:
    suite = suite_create(account=acme, agent=agent, name="Mixed", scenarios=MIXED)
    estimate = alice_client.get(
        "/runs/estimate/",
        {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 2, "parallel": 2},
    ).content.decode()
    assert (
        "1 of 3 scenarios can be scored by rules alone ; the other 2 need the LLM judge and will be Not scored."
        in text(estimate)
    )
    form = alice_client.get(f"/runs/new/?agent={agent.pk}&suite={suite.pk}").content.decode()
    assert 'id="rules-only-launch"' in form and "1 of 3 scenarios can be scored by rules alone" in text(form)


def test_with_a_judge_the_estimate_does_not_mention_rules_alone(settings, alice_client: Client, acme, agent) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "anthropic"
    suite = suite_create(account=acme, agent=agent, name="Mixed", scenarios=MIXED)
    estimate = alice_client.get(
        "/runs/estimate/",
        {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 2, "parallel": 2},
    ).content.decode()
    assert "3 scenarios × 2 runs = 6 conversations" in text(estimate) and "rules alone" not in estimate
