"""A tool-call matcher whose pattern backtracks (docs/scoring.md#pattern-time-limit), imported in a suite's YAML and
run against a real local agent: the check fails with a sentence on the report and the run ends within the pattern
time limit plus the agent's latency."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from evaluations.agents.models import Protocol
from evaluations.agents.services import agent_create
from evaluations.core.patterns import PATTERN_TIME_LIMIT_S
from evaluations.runs.models import Attempt
from evaluations.scoring.choices import JudgeModel
from suites.yaml_io import import_suite_yaml
from tests.support.scripted_http import ScriptedReply, ScriptedServer

SLACK_S = 3.0  # the test's own overhead: the database, scoring the rest of the reply, the local server

SUITE = """\
trustgate: suite/v1
name: Lookups
version: 1
scenarios:
- name: Code lookup
  kind: tool_calls
  turns: [Look up my code.]
  expected_tool_calls:
  - name: lookup_code
    arguments:
      code: {kind: regex, pattern: '^(a|aa)+$'}
"""


def code_bot(path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
    tools = [{"name": "lookup_code", "args": {"code": "a" * 40 + "b"}}]
    return ScriptedReply(200, {"reply": "Looked it up.", "tools": tools})


@pytest.fixture
def agent_url(private_endpoints) -> Iterator[str]:
    bot = ScriptedServer(code_bot, name="code-bot")
    bot.start()
    yield bot.url + "/agent"
    bot.stop()


def test_a_backtracking_matcher_fails_its_check_with_a_sentence_and_the_run_ends_in_time(
    agent_url, acme, alice, client, launch
) -> None:
    agent = agent_create(
        account=acme,
        data={
            "name": "Code bot",
            "protocol": Protocol.HTTP_JSON,
            "endpoint_url": agent_url,
            "request_template": '{"message": {{message}}}',
            "reply_path": "reply",
            "tool_calls_path": "tools",
            "judge_model": JudgeModel.RULES_ONLY,
        },
    )
    suite = import_suite_yaml(SUITE, account=acme).suite

    started = time.monotonic()
    run = launch(agent=agent, suite=suite, runs_per_scenario=1, judge_model=JudgeModel.RULES_ONLY)
    elapsed = time.monotonic() - started

    attempt = Attempt.objects.get(run=run)
    assert elapsed < PATTERN_TIME_LIMIT_S + (attempt.latency_ms or 0) / 1000 + SLACK_S
    assert run.status == "succeeded" and attempt.verdict == "fail"
    client.force_login(alice)
    key = run.scenarios[0]["key"]
    page = client.get(f"/runs/{run.pk}/").content.decode()
    page += client.get(f"/runs/{run.pk}/scenarios/{key}/", headers={"HX-Request": "true"}).content.decode()
    assert (
        "The tool-call checks were stopped: the pattern took longer than 0.1 s on this reply (“^(a|aa)+$”); "
        "simplify it."
    ) in page
