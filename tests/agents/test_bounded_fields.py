"""Secret markers and allowed contacts are bounded and checked in linear time; Test request counts against its
rate limit before it validates the form (docs/agents.md)."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.urls import reverse

from evaluations.agents import forms
from evaluations.agents.models import Agent
from evaluations.scoring.rules import clean_marker_text
from suites.models import Suite
from tests.agents.test_agents import form_data, public_dns  # noqa: F401 - a fixture

MANY_MARKERS = "\n".join(f"marker-{n:06d}" for n in range(40_000))  # about 550 KB, the probe's 40,000 markers


def test_forty_thousand_markers_are_refused_in_linear_time() -> None:
    started = time.process_time()
    with pytest.raises(ValueError, match="Keep the secret markers under"):
        clean_marker_text(MANY_MARKERS)
    distinct = "\n".join(f"marker-{n:06d}" for n in range(51))
    with pytest.raises(ValueError, match="at most 50 secret markers"):
        clean_marker_text(distinct)
    assert time.process_time() - started < 0.5


@pytest.mark.usefixtures("public_dns")
def test_agent_form_refuses_huge_marker_and_contact_lists_with_a_sentence(client, alice, acme) -> None:
    client.force_login(alice)
    started = time.process_time()
    response = client.post(reverse("evaluations:agent-create"), form_data(secret_markers=MANY_MARKERS))
    assert time.process_time() - started < 5
    assert response.status_code == 200
    assert "Keep the secret markers under" in response.content.decode()
    contacts = "\n".join(f"user{n}@example.com" for n in range(201))
    response = client.post(reverse("evaluations:agent-create"), form_data(allowed_contacts=contacts))
    assert "at most 200 allowed contacts" in response.content.decode()
    assert not Agent.objects.exists()


def test_suite_form_refuses_too_many_markers(client, alice, acme) -> None:
    client.force_login(alice)
    markers = "\n".join(f"marker-{n:06d}" for n in range(60))
    response = client.post(
        reverse("suites:suite-create"), {"name": "Bounded", "max_turns": 4, "secret_markers": markers}
    )
    assert response.status_code == 200
    assert "at most 50 secret markers" in response.content.decode()
    assert not Suite.objects.filter(name="Bounded").exists()


def test_test_request_past_its_limit_does_not_validate_the_form(client, alice, settings, monkeypatch) -> None:
    settings.TRUSTGATE_TEST_REQUESTS_PER_MINUTE = 1
    cache.clear()
    checked: list[str] = []

    real = forms.clean_marker_text

    def counting(text: str) -> str:
        checked.append(text)
        return real(text)

    monkeypatch.setattr(forms, "clean_marker_text", counting)
    client.force_login(alice)
    url = reverse("evaluations:agent-test-request")
    data = {**form_data(secret_markers="marker-000001"), "test_message": "hi"}
    client.post(url, data, headers={"HX-Request": "true"})
    assert len(checked) == 1
    html = client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert "try again in" in html
    assert len(checked) == 1  # the second request stopped at the rate limit
