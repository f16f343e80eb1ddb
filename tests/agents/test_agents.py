"""Agent screens: scoping, roles, validation and saving (the key is never stored)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from billing.models import Role
from evaluations.agents.models import Agent, Protocol
from tests.support.dbdump import dump_all_tables

SECRET = "sk-live-THISISASECRET-9f2c"


def form_data(**overrides: object) -> dict[str, object]:
    data: dict[str, object] = {
        "name": "Shop bot",
        "protocol": Protocol.SIMPLE_CHAT,
        "endpoint_url": "https://agent.example.com/chat",
        "knowledge": "We refund within 30 days.",
        "request_template": "",
        "reply_path": "",
        "tool_calls_path": "",
        "conversation_id_from": "generated",
        "conversation_id_path": "",
        "conversation_id_name": "",
        "auth_header_name": "Authorization",
        "timeout_seconds": 30,
        "model_name": "",
        "bedrock_model": "sonnet",
        "judge_model": "sonnet",
        "judge_strictness": "balanced",
        "allowed_contacts": "",
        "api_key": "",
        "extra_headers_text": "",
    }
    data.update(overrides)
    return data


@pytest.fixture
def public_dns(monkeypatch: pytest.MonkeyPatch) -> None:
    """agent.example.com resolves to a public documentation address, without touching the network."""
    import socket

    real = socket.getaddrinfo

    def fake(host, *args, **kwargs):
        if host == "agent.example.com":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.215.14", 443))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", fake)


def test_login_page_and_login(client, alice) -> None:
    assert client.get(reverse("login")).status_code == 200
    response = client.post(reverse("login"), {"username": "alice", "password": "pw-alice-123"})
    assert response.status_code == 302
    assert client.get(reverse("evaluations:dashboard")).status_code == 200


def test_pages_need_login(client, agent) -> None:
    for url in (reverse("evaluations:dashboard"), reverse("evaluations:agent-detail", args=[agent.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"]


def test_agent_pages_show_own_agents(client, alice, agent) -> None:
    client.force_login(alice)
    assert "Support bot" in client.get(reverse("evaluations:agent-list")).content.decode()
    assert "Support bot" in client.get(reverse("evaluations:dashboard")).content.decode()
    assert client.get(reverse("evaluations:agent-detail", args=[agent.pk])).status_code == 200
    assert client.get(reverse("evaluations:agent-edit", args=[agent.pk])).status_code == 200


def test_other_account_gets_404_everywhere(client, bob, agent) -> None:
    client.force_login(bob)
    assert "Support bot" not in client.get(reverse("evaluations:agent-list")).content.decode()
    assert "Support bot" not in client.get(reverse("evaluations:dashboard")).content.decode()
    assert client.get(reverse("evaluations:agent-detail", args=[agent.pk])).status_code == 404
    assert client.get(reverse("evaluations:agent-edit", args=[agent.pk])).status_code == 404
    assert client.post(reverse("evaluations:agent-edit", args=[agent.pk]), form_data()).status_code == 404
    assert client.post(reverse("evaluations:agent-delete", args=[agent.pk])).status_code == 404
    response = client.post(
        reverse("evaluations:agent-test-request"), {**form_data(), "agent_id": agent.pk, "test_message": "hi"}
    )
    assert response.status_code == 404
    assert Agent.objects.filter(pk=agent.pk, name="Support bot").exists()


def test_read_role_cannot_create_edit_or_delete(client, agent, make_member) -> None:
    reader = make_member("reader", Role.READ)
    client.force_login(reader)
    assert client.get(reverse("evaluations:agent-detail", args=[agent.pk])).status_code == 200
    response = client.get(reverse("evaluations:agent-create"))
    assert response.status_code == 403
    assert "needs the Write role" in response.content.decode()
    assert client.post(reverse("evaluations:agent-edit", args=[agent.pk]), form_data()).status_code == 403
    assert client.post(reverse("evaluations:agent-delete", args=[agent.pk])).status_code == 403
    assert Agent.objects.filter(pk=agent.pk).exists()


def test_write_role_cannot_delete_but_admin_can(client, alice, agent, make_member) -> None:
    client.force_login(make_member("writer", Role.WRITE))
    assert client.post(reverse("evaluations:agent-delete", args=[agent.pk])).status_code == 403
    client.force_login(alice)
    assert client.post(reverse("evaluations:agent-delete", args=[agent.pk])).status_code == 302
    assert not Agent.objects.filter(pk=agent.pk).exists()


def test_create_agent_keeps_only_masked_key(client, alice, acme, public_dns, caplog) -> None:
    caplog.set_level("DEBUG")
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), form_data(api_key=SECRET))
    assert response.status_code == 302, response.content.decode()[:2000]
    agent = Agent.objects.get(account=acme, name="Shop bot")
    assert agent.api_key_masked and agent.api_key_masked.endswith("9f2c")
    assert SECRET not in agent.api_key_masked
    detail = client.get(reverse("evaluations:agent-detail", args=[agent.pk])).content.decode()
    edit = client.get(reverse("evaluations:agent-edit", args=[agent.pk])).content.decode()
    assert SECRET not in detail and SECRET not in edit
    assert SECRET not in dump_all_tables()
    assert SECRET not in caplog.text


def test_edit_agent_without_key_keeps_mask(client, alice, agent, public_dns) -> None:
    client.force_login(alice)
    response = client.post(
        reverse("evaluations:agent-edit", args=[agent.pk]), form_data(name="Renamed", api_key=SECRET)
    )
    assert response.status_code == 302
    client.post(reverse("evaluations:agent-edit", args=[agent.pk]), form_data(name="Renamed again"))
    agent.refresh_from_db()
    assert agent.name == "Renamed again" and agent.api_key_masked.endswith("9f2c")


BAD_INPUTS = [
    ({"endpoint_url": "ftp://agent.example.com/chat"}, "endpoint_url", "http"),
    ({"endpoint_url": ""}, "endpoint_url", "endpoint"),
    ({"endpoint_url": "http://127.0.0.1:8000/chat"}, "endpoint_url", ""),
    ({"endpoint_url": "http://169.254.169.254/latest"}, "endpoint_url", ""),
    ({"name": ""}, "name", ""),
    ({"timeout_seconds": 0}, "timeout_seconds", "between 1 and 300"),
    ({"protocol": "openai", "model_name": ""}, "model_name", "model name"),
    (
        {"protocol": "http_json", "request_template": '{"m": {{message}}', "reply_path": "reply"},
        "request_template",
        "",
    ),
    (
        {"protocol": "http_json", "request_template": '{"m": {{mesage}}}', "reply_path": "reply"},
        "request_template",
        "mesage",
    ),
    ({"protocol": "http_json", "request_template": '{"m": {{message}}}', "reply_path": ""}, "reply_path", ""),
    (
        {"protocol": "http_json", "request_template": '{"m": {{message}}}', "reply_path": "data..text"},
        "reply_path",
        "",
    ),
    (
        {"protocol": "webhook", "request_template": '{"m": {{message}}}', "reply_path": "a", "tool_calls_path": "x[y"},
        "tool_calls_path",
        "",
    ),
    ({"extra_headers_text": "X-Api-Key: abc"}, "extra_headers_text", "API key"),
    ({"extra_headers_text": "Authorization: Bearer abc"}, "extra_headers_text", "API key"),
    ({"extra_headers_text": "X-Session-Token: abc"}, "extra_headers_text", "API key"),
    ({"extra_headers_text": "no colon here"}, "extra_headers_text", "Name: value"),
    ({"api_key": "abc\r\nX-Evil: 1"}, "api_key", "line breaks"),
    ({"conversation_id_from": "header", "conversation_id_name": ""}, "conversation_id_name", "header or cookie"),
]


@pytest.mark.parametrize(("overrides", "field", "words"), BAD_INPUTS)
def test_bad_agent_input_is_a_field_error_and_saves_nothing(client, alice, public_dns, overrides, field, words) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), form_data(**overrides))
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert words.lower() in " ".join(errors[field]).lower()
    assert not Agent.objects.exists()


def test_duplicate_agent_name_is_a_field_error(client, alice, agent, public_dns) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-create"), form_data(name="Support bot"))
    assert "already exists" in " ".join(response.context["form"].errors["name"])
    assert Agent.objects.count() == 1


def test_bedrock_agent_needs_no_endpoint(client, alice, acme) -> None:
    client.force_login(alice)
    response = client.post(
        reverse("evaluations:agent-create"), form_data(protocol="bedrock", endpoint_url="", name="Claude")
    )
    assert response.status_code == 302
    assert Agent.objects.get(name="Claude").protocol == "bedrock"


def test_opus_is_refused_unless_enabled(client, alice, settings) -> None:
    settings.TRUSTGATE_ENABLE_OPUS = False
    client.force_login(alice)
    response = client.post(
        reverse("evaluations:agent-create"), form_data(protocol="bedrock", endpoint_url="", bedrock_model="opus")
    )
    assert "bedrock_model" in response.context["form"].errors
    assert not Agent.objects.exists()


def test_dashboard_shows_gate_and_baseline_state(
    client, alice, launch, demo_agent_record, demo_suite, django_capture_on_commit_callbacks
) -> None:
    from evaluations.gate.services import baseline_pin

    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    client.force_login(alice)
    html = client.get(reverse("evaluations:dashboard")).content.decode()
    assert "NO BASELINE" in html and "No baseline" in html
    with django_capture_on_commit_callbacks(execute=True):  # the pin's revisions of the agent's verdict records
        baseline_pin(run=run, user=alice)
    html = client.get(reverse("evaluations:dashboard")).content.decode()
    # The latest run is the pinned baseline itself: its verdict at finish (no baseline then), and what it is now.
    assert "Baseline pinned" in html and ">NO BASELINE<" in html
    assert 'at finish · now: <span class="badge pass_warn">BASELINE</span>' in html  # the demo run has breaches


def test_template_variables_are_accepted_but_typos_of_builtins_are_not(client, alice, public_dns) -> None:
    client.force_login(alice)
    template = '{"m": {{message}}, "tier": {{customer_tier}}}'
    response = client.post(
        reverse("evaluations:agent-create"),
        form_data(protocol="http_json", request_template=template, reply_path="reply"),
    )
    assert response.status_code == 302
    assert Agent.objects.get().request_template == template


def test_user_without_a_workspace_is_told_what_to_do(client, django_user_model) -> None:
    loner = django_user_model.objects.create_user(username="loner", password="pw-loner-123")
    client.force_login(loner)
    for url in (
        reverse("evaluations:agent-create"),
        reverse("suites:suite-create"),
        reverse("monitors:monitor-create"),
    ):
        response = client.get(url)
        assert response.status_code == 403
        assert "not a member of any workspace yet" in response.content.decode()


def test_new_agent_from_the_launch_form_returns_to_it(client, alice, public_dns) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:agent-create"), {"next": "run-new"}).content.decode()
    assert 'name="next" value="run-new"' in page
    response = client.post(reverse("evaluations:agent-create"), {**form_data(), "next": "run-new"})
    agent = Agent.objects.get()
    assert response["Location"] == f"{reverse('evaluations:run-new')}?agent={agent.pk}"
    assert client.post(reverse("evaluations:agent-create"), {**form_data(name="x"), "next": "https://evil.test/"})[
        "Location"
    ] == reverse("evaluations:agent-detail", args=[Agent.objects.get(name="x").pk])  # no open redirect


@pytest.mark.django_db
def test_the_key_is_a_bearer_token_only_in_the_authorization_header(agent) -> None:
    """docs/agents.md: `Authorization: Bearer <key>`, but `x-api-key: <key>` (what such APIs expect)."""
    assert agent.to_config().auth_value_prefix == "Bearer "
    agent.auth_header_name = "x-api-key"
    assert agent.to_config().auth_header_name == "x-api-key" and agent.to_config().auth_value_prefix == ""
