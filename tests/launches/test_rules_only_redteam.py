"""Rules only, red-team only: Generate new with a red-team depth and no kinds needs no model, so the New
evaluation page launches it; kinds to write still need one and are refused with a sentence."""

from __future__ import annotations

import pytest
from django.test import Client

from evaluations.launches.forms import RULES_ONLY_GENERATE
from evaluations.runs.models import EvaluationRun

pytestmark = pytest.mark.django_db

RED_TEAM_ONLY = {"mode": "generate", "redteam_depth": "quick", "runs_per_scenario": 1, "parallel": 1}


@pytest.fixture
def no_provider(settings):
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    settings.ANTHROPIC_API_KEY = ""
    settings.ANTHROPIC_BASE_URL = ""
    return settings


def test_the_page_offers_red_team_only_with_the_kinds_disabled(no_provider, client: Client, alice, agent) -> None:
    client.force_login(alice)
    form = client.get("/runs/new/").content.decode()
    mode = form[form.index('value="generate"') - 200 : form.index('value="generate"') + 100]
    assert "disabled" not in mode
    kinds = form[form.index('name="generate_kinds"') - 100 : form.index('name="generate_kinds"') + 100]
    assert "disabled" in kinds and "checked" not in kinds
    estimate = client.get("/runs/estimate/", {**RED_TEAM_ONLY, "agent": agent.pk}).content.decode()
    assert "7 scenarios × 1 run" in estimate


def test_a_red_team_only_launch_is_accepted(no_provider, client: Client, alice, agent, monkeypatch) -> None:
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "SYNC", False)  # enqueued, not run: the launch is what is tested
    client.force_login(alice)
    response = client.post("/runs/new/", {**RED_TEAM_ONLY, "agent": agent.pk})
    run = EvaluationRun.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"/runs/{run.pk}/")
    assert run.suite_id is None and run.settings_snapshot["redteam_depth"] == "quick"
    assert run.judge_model == "rules_only"


def test_kinds_to_write_are_refused_with_a_sentence(no_provider, client: Client, alice, agent) -> None:
    client.force_login(alice)
    response = client.post("/runs/new/", {**RED_TEAM_ONLY, "agent": agent.pk, "generate_kinds": ["accuracy"]})
    assert response.status_code == 200 and RULES_ONLY_GENERATE in response.content.decode()
    assert not EvaluationRun.objects.exists()
