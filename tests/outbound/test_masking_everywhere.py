"""An agent that echoes its key every way it can; then no 8 characters of the key anywhere.

The agent (a real HTTP server on 127.0.0.1) puts the key in its reply, in tool-call names and nested arguments
(as keys and values), in an HTTP 500 body, in the request headers it reflects, partially and base64- and
URL-encoded. A real run judges it through the fake Anthropic server. Then the whole database, the logs, the
report page and its exports, the CI API's report, the admin and every prompt the models received are searched
for any 8-character window of the key (and of its encoded forms): zero hits. The same for a monitor's secret
(samples, pages, alert email and webhook), for Test request, and for the monitor form.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator
from typing import Any, cast
from urllib.parse import quote, quote_plus

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse

from evaluations.agents.services import agent_create
from evaluations.monitors import services as monitor_services
from evaluations.monitors.models import Monitor, MonitorEvent, MonitorRun, MonitorSample
from evaluations.monitors.rules import parse_rules
from evaluations.outbound.masking import WINDOW, mask_key
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from suites.services import suite_create
from tests.agents.test_agents import form_data as agent_form_data
from tests.monitors.test_monitors_views import form_data as monitor_form_data
from tests.support.dbdump import dump_all_tables
from tests.support.fake_anthropic import FakeAnthropic
from tests.support.scripted_http import ScriptedReply, ScriptedServer, parse_json_body

KEY = "sk-test-SECRET/9f2c+7d1e55aa="  # "/", "+" and "=" so its URL-encoded form differs from it
MONITOR_SECRET = "tok-mon-7Hq/PLEASE+KEEP-0042abcdef"
PROVIDER_KEY = "sk-ant-test-key-0000"  # anthropic_judge_env's key, which the fake judge echoes back
MASK = mask_key(KEY)


def encoded_forms(secret: str) -> set[str]:
    raw = secret.encode()
    forms = {secret, quote(secret, safe=""), quote_plus(secret, safe="")}
    for offset in range(3):  # base64 of the key at each byte offset, as it lines up inside a longer string
        forms |= {base64.b64encode(raw[offset:]).decode(), base64.urlsafe_b64encode(raw[offset:]).decode()}
    return {form.rstrip("=") for form in forms}


ZERO_WIDTH, TAG, SOFT = "\u200b", "\U000e0041", "\u00ad"  # invisible: between a key's characters, it still reads


def leaks(text: str, secret: str = KEY) -> list[str]:
    """Every 8-character window of the secret, or of an encoded form of it, found in ``text`` as a reader sees
    it (the invisible characters the agent puts between the key's characters left out)."""
    text = text.replace(ZERO_WIDTH, "").replace(TAG, "").replace(SOFT, "")
    found = set()
    for form in encoded_forms(secret):
        found |= {form[i : i + WINDOW] for i in range(len(form) - WINDOW + 1) if form[i : i + WINDOW] in text}
    return sorted(found)


def echo_text(secret: str, headers: dict[str, str]) -> str:
    return " ".join(
        [
            f"Your key is {secret}.",
            f"Partial echoes: {secret[8:20]} and {secret[8:]}.",
            f"base64: {base64.b64encode(secret.encode()).decode()}",
            f"base64 of the header: {base64.urlsafe_b64encode(('Bearer ' + secret).encode()).decode()}",
            f"URL-encoded: {quote(secret, safe='')} {quote_plus('token=' + secret)}",
            f"Your request headers were: {json.dumps(headers)}",
            f"Zero-width: {ZERO_WIDTH.join(secret)} and tagged: {TAG.join(secret[4:20])}",
        ]
    )


def echo_tool_calls(secret: str) -> list[dict[str, Any]]:
    b64 = base64.b64encode(secret.encode()).decode()
    return [
        {
            "name": f"lookup_{secret}",
            "arguments": {"auth": {"token": secret, "parts": [secret[3:15], {"b64": b64}]}, secret: "as a key"},
        },
        {"name": "lookup_order", "arguments": {"order_id": secret, "note": secret[5:17], "zw": SOFT.join(secret)}},
        {"function": {"name": "refund", "arguments": json.dumps({"key": secret, "url": quote(secret, safe="")})}},
    ]


class EchoServer:
    """The echoing agent (``/agent``: HTTP / JSON; ``/chat``: simple chat for monitors) and a webhook receiver
    (``/hook``) on one loopback server. The message ``fail`` (or ``mode = "fail"``) gets an HTTP 500 whose body
    echoes the key; ``mode`` switches what the monitor's agent answers."""

    def __init__(self) -> None:
        self.mode = "echo"
        self.hooks: list[bytes] = []
        self._http = ScriptedServer(self._handle, name="echo-agent")

    @property
    def url(self) -> str:
        return self._http.url

    def start(self) -> None:
        self._http.start()

    def stop(self) -> None:
        self._http.stop()

    def _handle(self, path: str, raw: bytes, headers: dict[str, str]) -> ScriptedReply:
        if path == "/hook":
            self.hooks.append(raw)
            return ScriptedReply(200, {"ok": True})
        secret = _bearer(headers)
        message = str(parse_json_body(raw).get("message", ""))
        reflected = {"X-Echo-Key": secret, "Set-Cookie": f"sid={secret}"}
        if message == "fail" or self.mode == "fail":
            body = f"Internal error: key {secret} rejected (partial {secret[10:22]}; {base64.b64encode(secret.encode())!r})"
            return ScriptedReply(500, body, headers=reflected)
        text = echo_text(secret, headers)
        if path == "/chat":
            window = "30 days" if self.mode == "echo" else "45 days"
            return ScriptedReply(200, {"answer": f"Our refund window is {window}. {text}"}, headers=reflected)
        reply = {"reply": text, "tool_calls": echo_tool_calls(secret), "conversation": {"id": secret}}
        return ScriptedReply(200, reply, headers=reflected)


def _bearer(headers: dict[str, str]) -> str:
    auth = next((value for name, value in headers.items() if name.lower() == "authorization"), "")
    return auth.removeprefix("Bearer ")


@pytest.fixture
def echo_server(private_endpoints: None) -> Iterator[EchoServer]:
    server = EchoServer()
    server.start()
    yield server
    server.stop()


AGENT_SETTINGS = {
    "protocol": "http_json",
    "request_template": '{"message": {{message}}, "session": {{conversation_id}}}',
    "reply_path": "reply",
    "tool_calls_path": "tool_calls",
    "conversation_id_from": "body",
    "conversation_id_path": "conversation.id",
}

SCENARIOS: list[dict[str, Any]] = [
    {"kind": "accuracy", "name": "Echo everything", "turns": ["echo"], "expected_outcome": "Keeps credentials out."},
    {
        "kind": "tool_calls",
        "name": "Tool call with the key",
        "turns": ["echo"],
        "expected_tool_call": {"name": "lookup_order", "arguments": {"order_id": {"kind": "exact", "value": "NW-1"}}},
    },
    {"kind": "accuracy", "name": "Agent error with the key", "turns": ["fail"], "required_phrases": ["refund"]},
    {
        "kind": "custom",
        "name": "The simulated user reads the reply",
        "turns": ["echo"],
        "persona": "A hurried customer.",
        "expected_outcome": "Helps the customer.",
        "max_turns": 2,
    },
]


def script_models(fake: FakeAnthropic, replies: int) -> None:
    """Replies that serve the judge and the simulated user alike (each reads only its own tool call). The
    judge's rationale quotes the provider key: that must be masked too before it is stored."""
    for _ in range(replies):
        fake.reply_tool_uses(
            [
                ("user_turn", {"message": "", "done": True}),
                ("record_verdict", {"verdict": "pass", "score": 90, "rationale": f"Fine. Called with {PROVIDER_KEY}."}),
            ]
        )


def model_prompts(fake: FakeAnthropic) -> str:
    return "\n".join(json.dumps(request.body, ensure_ascii=False) for request in fake.requests)


def echo_run(acme: Any, echo_server: EchoServer, launch: Callable[..., EvaluationRun]) -> EvaluationRun:
    agent = agent_create(
        account=acme, data={"name": "Echo bot", "endpoint_url": f"{echo_server.url}/agent", **AGENT_SETTINGS}
    )
    suite = suite_create(account=acme, agent=agent, name="Echo", scenarios=SCENARIOS)
    return launch(agent=agent, suite=suite, runs_per_scenario=1, parallel=2, api_key=KEY)


def test_a_key_echoed_every_way_is_nowhere_in_storage_pages_exports_logs_or_prompts(
    acme, echo_server, launch, anthropic_judge_env, client, alice, api, admin_client, caplog
) -> None:
    caplog.set_level("DEBUG")
    script_models(anthropic_judge_env, 10)
    run = echo_run(acme, echo_server, launch)
    assert run.status == RunStatus.SUCCEEDED, run.error_message
    attempts = {a.scenario_key: a for a in Attempt.objects.filter(run=run)}
    names = {s["key"]: s["name"] for s in run.scenarios}
    by_name = {names[key]: attempt for key, attempt in attempts.items()}

    # The echoes really happened and were really masked (not dropped): the masked form stands in their place.
    echo = by_name["Echo everything"]
    assert MASK in echo.transcript[1]["content"] and echo.judge_calls == 1
    assert {call["name"] for call in echo.tool_calls} == {f"lookup_{MASK}", "lookup_order", "refund"}
    tool_rule = next(f for f in by_name["Tool call with the key"].rule_findings if f["rule"] == "tool_call")
    assert not tool_rule["passed"] and "lookup_order(" in tool_rule["message"]
    failed = by_name["Agent error with the key"]
    assert failed.verdict == "error" and "HTTP 500" in failed.error_message and MASK in failed.error_message
    assert PROVIDER_KEY not in echo.rationale and "Fine. Called with" in echo.rationale

    # The models were asked: the judge (twice) and the simulated user (once), all with the keys masked.
    prompts = model_prompts(anthropic_judge_env)
    assert len(anthropic_judge_env.requests) >= 3 and MASK in prompts
    assert leaks(prompts) == []

    client.force_login(alice)
    pages = {
        "report": client.get(reverse("evaluations:run-report", args=[run.pk])),
        "report.json": client.get(reverse("evaluations:run-report-json", args=[run.pk])),
        "junit": client.get(reverse("evaluations:run-report-junit", args=[run.pk])),
        "sarif": client.get(reverse("evaluations:run-report-sarif", args=[run.pk])),
        "run list": client.get(reverse("evaluations:run-list")),
        "dashboard": client.get(reverse("evaluations:dashboard")),
        "api run": api.get(f"/api/v1/aiagent/runs/{run.pk}"),
        "api report.json": api.get(f"/api/v1/aiagent/runs/{run.pk}/report.json"),
        "api junit": api.get(f"/api/v1/aiagent/runs/{run.pk}/report.junit.xml"),
        "api sarif": api.get(f"/api/v1/aiagent/runs/{run.pk}/report.sarif"),
        "admin": admin_client.get(reverse("admin:runs_evaluationrun_change", args=[run.pk])),
    }
    for key in (s["key"] for s in run.scenarios):  # each scenario's conversations, as opened in the report
        url = reverse("evaluations:run-report-scenario", args=[run.pk, key])
        pages[f"report conversations {key}"] = client.get(url, headers={"HX-Request": "true"})
    for name, response in pages.items():
        assert response.status_code == 200, name
        assert leaks(response.content.decode()) == [], name
    shown = "".join(r.content.decode() for name, r in pages.items() if name.startswith("report conversations"))
    assert "lookup_order" in shown  # the tool calls are shown, masked

    assert leaks(dump_all_tables()) == []
    assert leaks(dump_all_tables(), PROVIDER_KEY) == []
    assert leaks(caplog.text) == []


def test_test_request_masks_the_parsed_reply_tool_calls_and_errors(client, alice, echo_server, settings) -> None:
    cache.clear()
    client.force_login(alice)
    data = agent_form_data(endpoint_url=f"{echo_server.url}/agent", api_key=KEY, **AGENT_SETTINGS)
    url = reverse("evaluations:agent-test-request")
    reply = client.post(url, {**data, "test_message": "echo"}, headers={"HX-Request": "true"}).content.decode()
    assert "Reply received" in reply and "lookup_order" in reply and MASK in reply
    error = client.post(url, {**data, "test_message": "fail"}, headers={"HX-Request": "true"}).content.decode()
    assert "HTTP 500" in error
    assert leaks(reply) == [] and leaks(error) == []


@pytest.fixture
def echo_monitor(acme: Any, echo_server: EchoServer, settings: Any) -> Monitor:
    settings.TRUSTGATE_SECRETS = {"ECHO_TOKEN": MONITOR_SECRET}
    return monitor_services.monitor_create(
        account=acme,
        data={
            "name": "Echo monitor",
            "endpoint_url": f"{echo_server.url}/chat",
            "auth_secret": "ECHO_TOKEN",
            "alert_emails": "oncall@acme.example",
            "channels": {"webhook": f"{echo_server.url}/hook"},
        },
        cases=[
            {
                "name": "Refund window",
                "ask": "What's your refund window?",
                "expect": parse_rules([{"contains": "30 days"}, {"judge": "Gives the refund window."}]),
            }
        ],
    )


def test_a_monitor_secret_echoed_is_nowhere_in_samples_pages_alerts_or_prompts(
    echo_monitor, echo_server, anthropic_judge_env, django_capture_on_commit_callbacks, client, alice, caplog
) -> None:
    caplog.set_level("DEBUG")
    script_models(anthropic_judge_env, 10)

    def run_now(mode: str) -> MonitorRun:
        echo_server.mode = mode
        with django_capture_on_commit_callbacks(execute=True):
            run, created = monitor_services.monitor_run_request(monitor=echo_monitor)
        assert created
        run.refresh_from_db()
        return run

    # up (first, no alert), down (the 500 body echoes it), recovered, degraded (the new answer echoes it)
    assert [run_now(mode).outcome for mode in ("echo", "fail", "echo", "regressed")] == ["up", "down", "up", "degraded"]
    assert len(mail.outbox) == 3 and len(echo_server.hooks) == 3
    samples = list(MonitorSample.objects.all())
    assert any("tok…cdef" in s.answer for s in samples)  # echoed, then masked
    assert any("HTTP 500" in s.error_message for s in samples)

    client.force_login(alice)
    pages = [client.get(reverse("monitors:monitor-detail", args=[echo_monitor.pk]))] + [
        client.get(reverse("monitors:run-detail", args=[run.pk])) for run in MonitorRun.objects.all()
    ]
    for page in pages:
        assert page.status_code == 200
        assert leaks(page.content.decode(), MONITOR_SECRET) == []
    emails = [
        m.body + "".join(str(content) for content, _ in cast(EmailMultiAlternatives, m).alternatives)
        for m in mail.outbox
    ]
    assert "New answer" in emails[2]
    assert leaks("\n".join(emails), MONITOR_SECRET) == []
    assert leaks(b"\n".join(echo_server.hooks).decode(), MONITOR_SECRET) == []
    assert leaks(model_prompts(anthropic_judge_env), MONITOR_SECRET) == []
    assert anthropic_judge_env.requests  # the judge was asked
    assert leaks(json.dumps(list(MonitorEvent.objects.values("details", "message")), default=str), MONITOR_SECRET) == []
    assert leaks(dump_all_tables(), MONITOR_SECRET) == []
    assert leaks(caplog.text, MONITOR_SECRET) == []


def test_the_monitor_form_never_sends_a_pasted_secret_back(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), monitor_form_data(credential=MONITOR_SECRET))
    html = response.content.decode()
    assert response.status_code == 200 and "Write the credential as secret.NAME" in html
    assert leaks(html, MONITOR_SECRET) == []
    assert not Monitor.objects.exists()

    # A well-formed reference is shown again as typed (it is a name, not a key).
    response = client.post(
        reverse("monitors:monitor-create"), monitor_form_data(credential="secret.TEST_TOKEN", every_unit="minutes")
    )
    assert response.status_code == 200 and 'value="secret.TEST_TOKEN"' in response.content.decode()
