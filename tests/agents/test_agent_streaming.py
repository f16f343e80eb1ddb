"""The agent form's streaming settings, and Test request against a streaming agent (docs/agents.md, Streamed
replies)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.agents.models import Agent
from evaluations.connectors.base import StreamFormat
from tests.agents.test_agents import form_data
from tests.support.stream_server import Stream, StreamServer, sse


@pytest.fixture(autouse=True)
def _private_allowed(settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    cache.clear()


def streaming_http_json(url: str, **overrides: object) -> dict[str, object]:
    values: dict[str, object] = {
        "protocol": "http_json", "endpoint_url": url, "request_template": '{"q": {{message}}}', "reply_path": "delta",
        "stream": "sse", "stream_event": "", "stream_done": "[DONE]",
    }  # fmt: skip
    return form_data(**{**values, **overrides})


def test_streaming_settings_are_saved_and_reach_the_connector(client, alice, stream_server: StreamServer) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), streaming_http_json(stream_server.url(), reply_path=""))
    assert response.status_code == 302, response.content.decode()[:3000]
    agent = Agent.objects.get()
    config = agent.to_config()
    assert (config.stream, config.stream_done, config.reply_path) == (StreamFormat.SSE, "[DONE]", "")
    detail = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    assert "Streamed reply" in detail and "[DONE]" in detail


def test_responses_agent_needs_a_model_and_streams_sse(client, alice, stream_server: StreamServer) -> None:
    client.force_login(alice)
    data = form_data(protocol="openai_responses", endpoint_url=stream_server.url("/v1"), stream="sse")
    response = client.post(reverse("evaluations:agent-create"), data)
    assert "Give the model name" in " ".join(response.context["form"].errors["model_name"])
    response = client.post(reverse("evaluations:agent-create"), {**data, "model_name": "gpt-x", "stateful": "on"})
    assert response.status_code == 302
    config = Agent.objects.get().to_config()
    assert (config.protocol, config.stream, config.model_name, config.stateful) == (
        "openai_responses",
        "sse",
        "gpt-x",
        True,
    )


def test_simple_chat_agent_never_streams(alice, acme) -> None:
    agent = Agent.objects.create(account=acme, name="s", protocol="simple_chat", stream="sse", stream_done="x")
    assert agent.to_config().stream == StreamFormat.OFF and agent.to_config().stream_done == ""


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"protocol": "openai", "model_name": "m", "stream": "ndjson"}, "stream", "choose Server-Sent Events."),
        ({"stream": "ndjson", "reply_path": ""}, "reply_path", "Give the path of the reply text (in each line)."),
        ({"stream_done": "a..b=1"}, "stream_done", "the part before '=' is a path"),
        ({"stream_event": "a\nb"}, "stream_event", "Keep this on one line."),
    ],
)
def test_bad_streaming_settings_say_what_to_fix(client, alice, overrides, field, message) -> None:
    client.force_login(alice)
    response = client.post(
        reverse("evaluations:agent-create"), streaming_http_json("http://127.0.0.1:9/a", **overrides)
    )
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not Agent.objects.exists()


def test_test_request_shows_the_streamed_reply_and_its_timing(client, alice, stream_server: StreamServer) -> None:
    stream_server.handle = lambda r: Stream(sse({"delta": "Hel"}, {"delta": "lo"}, "[DONE]"), delays=[0.05])
    client.force_login(alice)
    data = {**streaming_http_json(stream_server.url()), "test_message": "hi"}
    response = client.post(reverse("evaluations:agent-test-request"), data, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "Reply received" in html and "Hello" in html
    assert "streamed in 2 pieces, the first after" in html


def test_websocket_agent_is_saved_and_test_request_answers(client, alice, ws_server) -> None:
    ws_server.handle = lambda text, n: [(0.0, '{"reply": "Hi"}'), (0.0, '{"reply": " there"}'), (0.0, '{"end": 1}')]
    client.force_login(alice)
    data = form_data(
        protocol="websocket", endpoint_url=ws_server.url(), request_template='{"q": {{message}}}',
        reply_path="reply", stream_done="end=1", silence_ms=0,
    )  # fmt: skip
    response = client.post(reverse("evaluations:agent-test-request"), {**data, "test_message": "hi"},
                           headers={"HX-Request": "true"})  # fmt: skip
    assert "Hi there" in response.content.decode() and "streamed in 2 pieces" in response.content.decode()
    assert client.post(reverse("evaluations:agent-create"), data).status_code == 302
    config = Agent.objects.get().to_config()
    assert (config.protocol, config.stream_done, config.request_template) == (
        "websocket",
        "end=1",
        '{"q": {{message}}}',
    )


@pytest.mark.parametrize(
    ("url", "message"),
    [("https://agent.example.com/ws", "must start with ws:// or wss://"), ("ws://10.0.0.5/ws", "a private address")],
)
def test_websocket_endpoint_is_judged_by_the_guard(client, alice, settings, url, message) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False
    client.force_login(alice)
    data = form_data(protocol="websocket", endpoint_url=url, request_template="{{message}}", silence_ms=0)
    response = client.post(reverse("evaluations:agent-create"), data)
    assert message in " ".join(response.context["form"].errors["endpoint_url"])


def test_session_settings_are_saved_and_checked(client, alice, stream_server: StreamServer) -> None:
    client.force_login(alice)
    base = streaming_http_json(stream_server.url(), stream="", stream_done="")
    data = {**base, "session_start_url": stream_server.url("/sessions"), "session_start_body": "{}",
            "session_id_path": "", "session_end_url": stream_server.url("/sessions/{{session_id}}/end")}  # fmt: skip
    response = client.post(reverse("evaluations:agent-create"), data)
    assert "Give the path of the session id" in " ".join(response.context["form"].errors["session_id_path"])
    response = client.post(reverse("evaluations:agent-create"), {**data, "session_start_body": "{oops"})
    assert "session_start_body" in response.context["form"].errors
    response = client.post(reverse("evaluations:agent-create"), {**data, "session_id_path": "session.id"})
    assert response.status_code == 302
    config = Agent.objects.get().to_config()
    assert config.session_id_path == "session.id" and config.session_end_url.endswith("/sessions/{{session_id}}/end")
