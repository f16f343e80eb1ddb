"""The suite page's scenario count follows inline edits (added and removed cases) without a reload."""

from __future__ import annotations

import re

import pytest

from suites import services
from suites.models import SuiteKind

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def count_shown(html: str) -> str:
    match = re.search(r'<span id="suite-scenario-count"[^>]*>([^<]*)</span>', html)
    assert match, "no scenario count"
    return match.group(1)


def test_the_scenario_count_follows_inline_edits(client, alice, acme, agent) -> None:
    test_set = services.suite_create(account=acme, agent=agent, name="Refunds", scenarios=[], kind=SuiteKind.TEST_SET)
    client.force_login(alice)
    assert count_shown(client.get(f"/suites/{test_set.pk}/").content.decode()) == "0 active"

    added = client.post(f"/suites/{test_set.pk}/cases/", {"name": "A", "initial_message": "Refund?"}, headers=HTMX)
    assert 'hx-swap-oob="true"' in added.content.decode() and count_shown(added.content.decode()) == "1 active"
    client.post(f"/suites/{test_set.pk}/cases/", {"name": "B", "initial_message": "Return?"}, headers=HTMX)
    case = test_set.scenarios.get(name="A")
    removed = client.post(f"/suites/{test_set.pk}/cases/{case.pk}/delete/", headers=HTMX).content.decode()
    assert count_shown(removed) == "1 active"
    assert count_shown(client.get(f"/suites/{test_set.pk}/").content.decode()) == "1 active"  # the page agrees
