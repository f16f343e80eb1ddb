"""Integers in query strings are parsed bounded: a 5,000-digit id is a filter that finds nothing or a form error,
never a server error (docs/configuration.md)."""

from __future__ import annotations

import pytest
from django.urls import reverse

HUGE = "9" * 5_000
PAGES = [
    ("evaluations:run-list", "q"),
    ("evaluations:run-list", "agent"),
    ("evaluations:run-list", "suite"),
    ("evaluations:run-list", "page"),
    ("evaluations:run-new", "agent"),
    ("evaluations:run-new", "suite"),
    ("evaluations:run-new", "again"),
    ("evaluations:agent-list", "q"),
    ("evaluations:dashboard", "agent"),
    ("evaluations:dashboard-runs", "agent"),
    ("suites:suite-list", "q"),
    ("suites:suite-list", "agent"),
    ("suites:suite-create", "agent"),
    ("monitors:monitor-list", "q"),
    ("monitors:monitor-list", "agent"),
    ("monitors:monitor-create", "agent"),
    ("billing:credits", "q"),
    ("billing:audit-log", "q"),
    ("review:calibration", "judge_model"),
    ("review:calibration", "page"),
]


@pytest.mark.parametrize(("name", "parameter"), PAGES)
@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, "1e999999", "0x10"])
def test_a_huge_integer_in_the_query_string_is_not_a_server_error(client, alice, name, parameter, value) -> None:
    client.force_login(alice)
    response = client.get(reverse(name), {parameter: value})
    assert response.status_code in (200, 302, 400, 404), response.status_code


def test_a_search_for_a_huge_run_number_finds_nothing(client, alice) -> None:
    client.force_login(alice)
    page = client.get(reverse("evaluations:run-list"), {"q": "#" + HUGE})
    assert page.status_code == 200 and "No runs" in page.content.decode()


def test_test_request_for_a_huge_agent_id_is_not_found(client, alice) -> None:
    client.force_login(alice)
    response = client.post(reverse("evaluations:agent-test-request"), {"agent_id": HUGE, "test_message": "hi"})
    assert response.status_code == 404
