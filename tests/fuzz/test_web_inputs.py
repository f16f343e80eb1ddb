"""What a signed-in member or a CI job sends over HTTP: query strings of every page without a path argument (and
of a suite, an agent and a monitor page), and the CI API's bodies with hostile strings in every nested field
(tests/api/test_schemathesis.py covers the shapes the schema describes; this covers the characters). No input is
answered with a 500, no unstorable row is saved, and a refused body is a 400 with sentences and no run."""

from __future__ import annotations

import json
import socket
from typing import Any
from urllib.parse import quote

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import given, note, settings
from hypothesis import strategies as st

from evaluations.monitors import services as monitor_services
from evaluations.monitors.models import Monitor, MonitorRun
from evaluations.runs.models import EvaluationRun
from suites.services import suite_create
from tests.fuzz.hostile import (
    FUZZ,
    HUGE_DIGITS,
    counts,
    hostile_text,
    hostile_value,
    is_human_sentence,
    rolled_back,
    unstorable,
)
from tests.fuzz.hostile import json_text as hostile_json_text

PARAMETERS = ("q", "agent", "suite", "again", "page", "status", "kind", "state", "protocol", "since", "until", "show",
              "next", "changed", "actor", "action", "sort", "judge_model", "endpoint_url", "verdict", "scenario")  # fmt: skip
# Percent-escapes that decode to no text (invalid UTF-8, an encoded surrogate, NUL) and the long numbers.
RAW_VALUES = ("%ff", "%ed%a0%80", "%00", "%0d%0a", "%c0%80", "%e2%80%a8", HUGE_DIGITS, "-1", "1e999", "%23" + "9" * 40)


def _pages(patterns: list[Any], prefix: str = "") -> list[str]:
    """Every routed path without a converter (the admin, the API and sign-in left out)."""
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += _pages(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and "<" not in route and not route.startswith(("admin", "api", "log")):
            found.append("/" + route.lstrip("^").rstrip("$"))
    return sorted(set(found))


VALUE = st.one_of(
    hostile_text().map(lambda text: quote(text.encode("utf-8", errors="surrogatepass"), safe="")),
    st.sampled_from(RAW_VALUES),
)
QUERY = st.lists(st.tuples(st.sampled_from(PARAMETERS), VALUE), min_size=1, max_size=3).map(
    lambda pairs: "&".join(f"{name}={value}" for name, value in pairs)
)


@pytest.fixture
def monitor(acme) -> Monitor:
    data = {"name": "M", "endpoint_url": "https://93.184.216.34/chat", "interval_minutes": 60}
    return monitor_services.monitor_create(account=acme, data=data, cases=[{"ask": "Hi?", "expect": []}])


@pytest.fixture
def pages(client, alice, agent, monitor) -> list[str]:
    client.force_login(alice)
    suite = suite_create(account=agent.account, agent=agent, name="S", scenarios=[])
    objects = [f"/suites/{suite.pk}/", f"/agents/{agent.pk}/", f"/monitors/{monitor.pk}/"]
    return _pages(get_resolver().url_patterns) + objects


@settings(FUZZ, max_examples=100)
@given(data=st.data(), query=QUERY)
def test_get_pages_answer_any_query_string_without_a_server_error(client, pages, data, query):
    path = data.draw(st.sampled_from(pages))
    note(f"GET {path}?{query}")
    response = client.get(f"{path}?{query}")
    assert response.status_code < 500


# ---------------------------------------------------------------------------------------------- the CI API

RUNS = "/api/v1/aiagent/runs"
PUBLIC_ENDPOINT = "https://93.184.216.34/agent"  # accepted by the endpoint guard without DNS; the run stays queued
STRING_FIELDS = ("endpoint_url", "api_key", "compare_with_endpoint", "commit", "branch", "job_url", "redteam_depth",
                 "judge_model", "judge_strictness")  # fmt: skip


@pytest.fixture
def offline(settings, monkeypatch):
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False

    def no_dns(host: Any, *args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "no name resolves while the fuzzer runs")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)


@pytest.fixture
def suite_id(acme, agent) -> int:
    scenarios = [{"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["days"]}]
    return suite_create(account=acme, agent=agent, name="Support suite", scenarios=scenarios).pk


@st.composite
def run_bodies(draw: Any, suite_id: int) -> str:
    """A valid run-create body with some fields hostile (strings, lists of strings, any value), written as JSON
    text with lone surrogates and NUL escaped, or hostile JSON text as a whole."""
    body: dict[str, Any] = {"suite": suite_id, "endpoint_url": PUBLIC_ENDPOINT, "dry_run": draw(st.booleans())}
    for field in draw(st.lists(st.sampled_from(STRING_FIELDS), max_size=3, unique=True)):
        body[field] = draw(hostile_text())
    if draw(st.booleans()):
        body["allowed_contacts"] = draw(st.lists(hostile_text(max_size=20), max_size=3))
    if draw(st.integers(0, 4)) == 0:
        body[draw(st.sampled_from([*STRING_FIELDS, "suite", "parallel", "min_trust_score"]))] = draw(hostile_value())
    if draw(st.integers(0, 5)) == 0:
        return draw(hostile_json_text())
    return json.dumps(body, allow_nan=True)


def _post(api: Any, path: str, raw: str) -> Any:
    """The body as a client would send it: a lone surrogate written raw in the text is sent as its three bytes."""
    body = raw.encode("utf-8", errors="surrogatepass")
    return api.client.post(path, data=body, content_type="application/json", headers=api.headers())


def _messages(body: Any) -> list[str]:
    if isinstance(body, dict):
        return [m for value in body.values() for m in _messages(value)]
    if isinstance(body, list):
        return [m for value in body for m in _messages(value)]
    return [str(body)]


@settings(FUZZ, max_examples=80)
@given(data=st.data())
def test_run_create_body_launches_storable_runs_or_is_refused_with_sentences(api, offline, suite_id, data):
    raw = data.draw(run_bodies(suite_id))
    note(f"body: {raw!r}")
    with rolled_back():
        before = counts(EvaluationRun)
        response = _post(api, RUNS, raw)
        assert response.status_code < 500
        if response.status_code == 202:
            assert unstorable(EvaluationRun) == []
        else:
            assert counts(EvaluationRun) == before
            if response.status_code == 400:
                assert all(is_human_sentence(message) for message in _messages(response.json()))


@settings(FUZZ, max_examples=40)
@given(ref=hostile_text(), which=st.one_of(st.none(), hostile_value()))
def test_deploy_body_is_stored_storable_or_refused(api, offline, monitor, ref, which):
    raw = json.dumps({"ref": ref, "monitor": monitor.pk if which is None else which}, allow_nan=True)
    note(f"body: {raw!r}")
    with rolled_back():
        response = _post(api, "/api/v1/deploys", raw)
        assert response.status_code < 500
        assert unstorable(MonitorRun) == []
