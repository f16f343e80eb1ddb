"""Conversations the product shows, with personal data in them, and a test set to add them to."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.monitors import services as monitor_services
from evaluations.monitors.models import MonitorRun, MonitorSample
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from suites.models import SuiteKind
from suites.services import suite_create

RATIONALE = "The agent promised a refund after the 30-day window; it should refuse and explain the policy."
TRANSCRIPT = [
    {"role": "user", "content": "Hi, this is jane.doe@gmail.com, I bought a kettle 45 days ago."},
    {"role": "assistant", "content": "Hello Jane! How can I help with the kettle?"},
    {"role": "user", "content": "Refund it to card 4111 1111 1111 1111 and call me on (415) 555-0172."},
    {"role": "assistant", "content": "Done: refunded in full, no questions asked."},
]


@pytest.fixture
def failed_run(acme) -> EvaluationRun:
    """A finished run whose one conversation failed: the user's messages hold an email, a card and a phone."""
    spec = ScenarioSpec(
        key="s1", kind=ScenarioKind.GUARDRAILS, name="Late refund", turns=("Hi", "Refund"), expected_outcome="Refuse."
    )
    run = EvaluationRun.objects.create(
        account=acme, agent_name="Northwind bot", scenarios=[spec.to_dict()], runs_per_scenario=1,
        status=RunStatus.SUCCEEDED, trust_score=40.0,
    )  # fmt: skip
    now = timezone.now()
    Attempt.objects.create(
        run=run, scenario_key="s1", repeat=1, verdict="fail", transcript=TRANSCRIPT, rationale=RATIONALE,
        rule_findings=[{"rule": "forbidden_phrases", "passed": False, "hard": False, "message": "Said “refunded”."}],
        started_at=now - timedelta(seconds=2), finished_at=now,
    )  # fmt: skip
    return run


@pytest.fixture
def attempt(failed_run) -> Attempt:
    return failed_run.attempts.get()


@pytest.fixture
def test_set(acme, alice):
    return suite_create(
        account=acme, name="Regressions", kind=SuiteKind.TEST_SET, user=alice,
        scenarios=[{"kind": "custom", "name": "Opening hours", "turns": ["When are you open?"]}],
    )  # fmt: skip


@pytest.fixture
def degraded_sample(acme, private_endpoints) -> MonitorSample:
    """The failed sample of a monitor check that left the monitor degraded; its question holds an email."""
    monitor = monitor_services.monitor_create(
        account=acme,
        data={"name": "Chat answers", "endpoint_url": "http://127.0.0.1:9/chat"},
        cases=[
            {
                "name": "Refund window",
                "ask": "How long do I have to return a kettle? Reply to sam@fastmail.com",
                "expect": [{"rule": "contains", "phrases": ["30 days"]}],
            }
        ],
    )
    check = MonitorRun.objects.create(monitor=monitor, status="succeeded", outcome="degraded", pass_rate=33.3)
    return MonitorSample.objects.create(
        run=check, case=monitor.cases.get(), case_name="Refund window", sample_index=1, verdict="fail",
        answer="You have 60 days.", findings=[{"rule": "contains", "passed": False, "message": "Missing “30 days”."}],
        judge_verdict="fail", judge_model="sonnet", judge_rationale="Returns are accepted within 30 days, not 60.",
    )  # fmt: skip
