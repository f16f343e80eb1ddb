"""Django admin's run page shows the frozen settings and scenarios with the secret markers masked (docs/agents.md)."""

from __future__ import annotations

from django.urls import reverse

from evaluations.agents.services import agent_update
from suites.services import suite_create
from tests.support.launching import launch_run

AGENT_MARKER = "ZX-AGENT-MARKER-4417"
SUITE_MARKER = "QV-SUITE-MARKER-9023"


def test_the_admin_run_page_masks_the_agents_and_the_suites_secret_markers(admin_client, alice, acme, agent) -> None:
    agent_update(agent=agent, data={"secret_markers": AGENT_MARKER})
    suite = suite_create(
        account=acme, agent=agent, name="Markers", secret_markers=[SUITE_MARKER],
        scenarios=[{"kind": "accuracy", "name": "Hours", "turns": ["When are you open?"],
                    "required_phrases": ["9am"]}],
    )  # fmt: skip
    run = launch_run(user=alice, agent=agent, suite=suite)
    assert AGENT_MARKER in str(run.settings_snapshot) or SUITE_MARKER in str(run.scenarios)  # frozen in the run
    page = admin_client.get(reverse("admin:runs_evaluationrun_change", args=[run.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert AGENT_MARKER not in text and SUITE_MARKER not in text
    assert "Settings (secret markers masked)" in text and "Hours" in text
    assert "[secret marker 1 “" in text or "[secret marker 1 &ldquo;" in text
