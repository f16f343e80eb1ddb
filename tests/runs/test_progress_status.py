"""One status source for a run. Each progress poll carries the header badge and the screen-reader
status line with it (htmx out-of-band), so "Queued" never sits beside "Running 400 / 760"; the report polls its
metric cards while the run is active, and offers downloads once there is a result."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from evaluations.runs.models import EvaluationRun

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def running(alice, agent) -> EvaluationRun:
    return EvaluationRun.objects.create(
        account=agent.account, agent=agent, created_by=alice, agent_name=agent.name, suite_name="S",
        status="running", stage="execute", agent_snapshot={}, settings_snapshot={},
        scenarios=[{"key": "s1", "kind": "accuracy", "name": "Q", "turns": ["Hi"]}], runs_per_scenario=760,
    )  # fmt: skip


def test_each_poll_carries_the_header_badge_and_the_live_line(client: Client, alice, running) -> None:
    client.force_login(alice)
    fragment = client.get(f"/runs/{running.pk}/progress/", headers=HTMX).content.decode()
    badge = re.search(r'<span class="badge [^"]*" id="run-status-badge" hx-swap-oob="true">([^<]+)</span>', fragment)
    assert badge and badge.group(1) == "Running"
    assert re.search(r'<span class="badge [^"]*">Running</span>\s*<strong>0 / 760</strong>', fragment)
    assert 'id="run-live" role="status" aria-live="polite" hx-swap-oob="true">Running: 0 of 760' in fragment


def test_the_report_of_an_active_run_polls_its_cards_and_hides_empty_downloads(client: Client, alice, running) -> None:
    client.force_login(alice)
    page = client.get(f"/runs/{running.pk}/").content.decode()
    assert 'id="report-cards"' in page and 'hx-select="#report-cards"' in page
    assert 'id="run-status-badge">Running<' in page and 'id="run-live"' in page
    assert "report.json" not in page  # nothing to download yet
    running.status = "succeeded"
    running.save()
    finished = client.get(f"/runs/{running.pk}/").content.decode()
    assert "report.json" in finished and 'hx-select="#report-cards"' not in finished
