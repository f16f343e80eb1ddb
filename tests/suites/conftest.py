"""Fixtures of the suite tests."""

from __future__ import annotations

from typing import Any

import pytest

from evaluations.gate.services import baseline_pin
from suites.models import Suite


@pytest.fixture
def pinned(alice, launch, demo_agent_record, demo_suite) -> tuple[Suite, Any]:
    """The demo suite at version 1, run once and that run pinned as the baseline."""
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    baseline_pin(run=run, user=alice)
    assert run.suite_version == 1
    return demo_suite, run
