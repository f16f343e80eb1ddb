"""A run is charged for what was done (docs/credits.md): an agent that cannot be reached stops the run at Connect and
costs nothing, one that dies mid-run stops it within a few conversations and is charged for what came back, a judge
reply that gave no verdict is not charged, and the failure banner links to what failed (docs/runs.md)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from billing.selectors import balance_for_account, run_credits
from evaluations.agents.services import agent_create
from evaluations.runs.choices import RunStatus
from evaluations.scoring.verdicts import Verdict
from suites.services import suite_create


def _phrase_suite(acme, n: int):
    return suite_create(
        account=acme,
        name=f"Phrases {n}",
        scenarios=[{"kind": "accuracy", "name": f"Q{i}", "turns": [f"Hello #{i}"], "required_phrases": ["hi"]}
                   for i in range(n)],
    )  # fmt: skip


def test_a_dead_agent_stops_the_run_early_and_costs_nothing(
    launch, client, alice, acme, unused_tcp_port, private_endpoints
) -> None:
    down = agent_create(account=acme, data={"name": "Down", "protocol": "simple_chat",
                                            "endpoint_url": f"http://127.0.0.1:{unused_tcp_port}/chat"})  # fmt: skip
    suite = _phrase_suite(acme, 23)
    before = balance_for_account(account_id=acme.pk)

    run = launch(agent=down, suite=suite, runs_per_scenario=3, parallel=2)

    # The Connect stage connects (and sends nothing): no conversation is started against a port nobody listens on.
    assert run.status == RunStatus.FAILED and run.is_agent_down and not run.attempts.exists()
    assert run.error_message == (
        f"The agent is down: Trustgate could not connect to 127.0.0.1:{unused_tcp_port} (Connection refused), so no "
        "conversation was started and nothing is charged. Check that it is running and reachable from Trustgate "
        "(its Test request tries it), then run again."
    )
    credits = run_credits(run_id=run.pk)
    assert credits.held == 69 and credits.charged == 0 and credits.released == 69  # not 69 for 69 refusals
    assert balance_for_account(account_id=acme.pk) == before

    # The report's failure banner leads to what failed: the agent and its Test request, not the model provider.
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    link = reverse("evaluations:agent-edit", args=[down.pk]) + "#test-request"
    assert f'<p class="verdict-more" id="failure-link"><a href="{link}">Check Down: its endpoint and settings' in page
    assert "How to configure a model provider" not in page.split('id="verdict-header"')[1].split("</section>")[0]
    edit = client.get(link.split("#")[0]).content.decode()
    assert 'id="test-request"' in edit and 'id="test-request-button"' in edit


class _DiesAfterFour(BaseHTTPRequestHandler):
    """Answers four messages, then closes every connection without a reply (a crashed agent behind a proxy)."""

    answered = 0

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if type(self).answered >= 4:
            self.close_connection = True
            return
        type(self).answered += 1
        body = b'{"reply": "hi there"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def dies_after_four() -> Iterator[str]:
    _DiesAfterFour.answered = 0
    server = ThreadingHTTPServer(("127.0.0.1", 0), _DiesAfterFour)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/chat"
    server.shutdown()
    server.server_close()


def test_an_agent_that_dies_mid_run_is_charged_for_what_came_back(
    launch, acme, dies_after_four, private_endpoints
) -> None:
    agent = agent_create(account=acme, data={"name": "Dies", "protocol": "simple_chat",
                                             "endpoint_url": dies_after_four})  # fmt: skip
    before = balance_for_account(account_id=acme.pk)

    run = launch(agent=agent, suite=_phrase_suite(acme, 10), runs_per_scenario=1, parallel=1)

    assert run.status == RunStatus.FAILED and run.is_agent_down
    assert run.error_message.startswith("The agent is down: 3 conversations in a row could not connect, so the run "
                                        "stopped after 7 of 10 conversations")  # fmt: skip
    assert run.attempts.filter(verdict=Verdict.PASS).count() == 4  # what came back is scored ...
    assert run_credits(run_id=run.pk).charged == 4  # ... and charged; the three without a reply are not
    assert balance_for_account(account_id=acme.pk) == before - 4


def test_a_judge_failure_links_to_the_model_provider_help(
    launch, client, alice, acme, demo_agent_record, anthropic_judge_env
) -> None:
    scenarios = [{"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When is support open? ({i})"],
                  "expected_outcome": "States the support hours."} for i in range(2)]  # fmt: skip
    suite = suite_create(account=acme, agent=demo_agent_record, name="Judge fails", scenarios=scenarios)
    for _ in range(2):
        anthropic_judge_env.server_error()
    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")
    assert run.status == RunStatus.FAILED and run.refund_reason == "half or more of the replies unscored"
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-report", args=[run.pk])).content.decode()
    assert (
        f'id="failure-link"><a href="{reverse("help-provider")}">Check the model provider (the judge) settings' in page
    )
    assert "#test-request" not in page


def test_a_judge_reply_without_a_verdict_is_not_charged(
    launch, acme, demo_agent_record, anthropic_judge_env, settings
) -> None:
    scenarios = [{"kind": "accuracy", "name": f"Hours {i}", "turns": [f"When is support open? ({i})"],
                  "expected_outcome": "States the support hours."} for i in range(4)]  # fmt: skip
    suite = suite_create(account=acme, agent=demo_agent_record, name="Judge only", scenarios=scenarios)
    anthropic_judge_env.reply_verdict("pass", 90)
    anthropic_judge_env.reply_verdict("maybe", 150)  # malformed: the judge was asked and gave no verdict
    anthropic_judge_env.reply_verdict("pass", 90)
    anthropic_judge_env.reply_verdict("fail", 20, "Wrong hours.")

    run = launch(agent=demo_agent_record, suite=suite, runs_per_scenario=1, parallel=1, judge_model="sonnet")

    assert run.status == RunStatus.SUCCEEDED, run.error_message
    assert run.attempts.filter(verdict=Verdict.NOT_SCORED).count() == 1
    assert sum(a.judge_calls for a in run.attempts.all()) == 4  # four calls were made ...
    message, judge = settings.TRUSTGATE_PRICE_AGENT_MESSAGE, settings.TRUSTGATE_PRICE_JUDGE_CALL
    assert run_credits(run_id=run.pk).charged == 4 * message + 3 * judge  # ... three replies were scored
