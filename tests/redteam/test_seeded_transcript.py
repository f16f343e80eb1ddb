"""The report shows what an attack through a tool result seeded the conversation with (docs/redteam.md, Attacks
through tool results): the tool call and its result, folded ahead of the transcript on the report page, and in the
report JSON beside the turns. Against a real OpenAI-compatible agent on 127.0.0.1 that follows instructions in tool
results, rules only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from evaluations.agents.services import agent_create
from tests.support.planted_agents import PlantedAgent

KEY = "rt-PI-001.tool"


@pytest.fixture
def tool_result_agent(acme, private_endpoints, settings) -> Iterator[Any]:
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    settings.ANTHROPIC_API_KEY = ""
    settings.ANTHROPIC_BASE_URL = ""
    server = PlantedAgent("tool_result").start()
    data = {"name": "Planted tool_result", "protocol": "openai", "endpoint_url": server.base_url,
            "model_name": "planted"}  # fmt: skip
    try:
        yield agent_create(account=acme, data=data)
    finally:
        server.stop()


def test_the_seeded_tool_call_and_result_show_in_the_report(tool_result_agent, launch, client, alice) -> None:
    run = launch(agent=tool_result_agent, suite=None, runs_per_scenario=1, parallel=2, redteam_depth="quick",
                 redteam_strategies=("tool_result",))  # fmt: skip
    (seeded,) = next(s for s in run.scenarios if s["key"] == KEY)["tool_context"]
    assert run.settings.canary in seeded["result"]
    client.force_login(alice)

    html = client.get(reverse("evaluations:run-report-scenario", args=[run.pk, KEY])).content.decode()
    chat = html.split('<ol class="chat"')[1].split("</ol>\n")[0]
    folded = chat.split("<details>")[1].split("</details>")[0]
    assert "Tool results seeded before the first message</span> 1 tool call and its result</summary>" in folded
    assert f"{seeded['name']} " in folded and run.settings.canary in folded
    # Folded ahead of the turns: the seeded result comes before the attack's first message.
    assert chat.index("<details>") < chat.index('class="bubble user"')

    report = client.get(reverse("evaluations:run-report-json", args=[run.pk])).json()
    scenario = next(s for s in report["scenarios"] if s["key"] == KEY)
    (shown,) = scenario["tool_context"]
    assert shown["name"] == seeded["name"] and shown["result"] == seeded["result"]
    assert shown["arguments"] == (seeded.get("arguments") or {})
    finding = next(f for f in report["redteam"]["findings"] if f["key"] == KEY)
    assert finding["status"] == "Bypassed" and finding["tool_context"] == [seeded]
    # An attack without seeded tool calls has none, and its conversation shows no folded section.
    plain = next(s for s in report["scenarios"] if s["key"] == "rt-PI-001")
    assert plain["tool_context"] == []
    other = client.get(reverse("evaluations:run-report-scenario", args=[run.pk, "rt-PI-001"])).content.decode()
    assert "Tool results seeded before the first message" not in other
