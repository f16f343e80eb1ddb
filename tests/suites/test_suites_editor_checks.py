"""The test-set editor writes phrase scopes and tool-call checks (as suite-file YAML), and the suite form its
secret markers; bad input is a sentence with its line, and nothing is saved."""

from __future__ import annotations

import pytest

from evaluations.core.specs import PhraseScope, ToolOrder
from suites import services
from suites.models import Suite, SuiteKind

HTMX = {"HX-Request": "true"}
CHECKS = """\
expected_tool_calls:
- name: lookup_order
  arguments:
    order_id: {kind: regex, pattern: '^NW-\\d+$'}
- name: issue_refund
tool_order: any_order
forbidden_tool_calls: [delete_account]
max_tool_calls: 3
"""


@pytest.fixture
def test_set(acme, agent) -> Suite:
    return services.suite_create(account=acme, agent=agent, name="Refunds", scenarios=[], kind=SuiteKind.TEST_SET)


def test_a_case_with_checks_is_added_shown_and_edited(client, alice, test_set) -> None:
    client.force_login(alice)
    response = client.post(f"/suites/{test_set.pk}/cases/", {
        "initial_message": "My order NW-1 is broken", "required_phrases": "refund\n\nsorry",
        "required_scope": "final_reply", "forbidden_phrases": "SAVE50", "tool_checks": CHECKS,
    }, headers=HTMX)  # fmt: skip

    assert response.status_code == 200
    page = response.content.decode()
    assert "lookup_order, issue_refund" in page and "Must not call" in page and "delete_account" in page
    assert "refund, sorry" in page and "(final reply)" in page
    spec = test_set.scenarios.get().to_spec()
    assert [c.name for c in spec.expected_tool_calls] == ["lookup_order", "issue_refund"]
    assert spec.tool_order == ToolOrder.ANY_ORDER and spec.max_tool_calls == 3
    assert spec.required_phrases == ("refund", "sorry") and spec.required_scope == PhraseScope.FINAL_REPLY
    assert spec.forbidden_tool_calls[0].name == "delete_account"

    case = test_set.scenarios.get()
    edit = client.get(f"/suites/{test_set.pk}/cases/{case.pk}/edit/", headers=HTMX).content.decode()
    assert "expected_tool_calls:" in edit and "max_tool_calls: 3" in edit
    client.post(f"/suites/{test_set.pk}/cases/{case.pk}/edit/", {
        "initial_message": "My order NW-1 is broken", "tool_checks": "max_tool_calls: 1",
    }, headers=HTMX)  # fmt: skip
    case = test_set.scenarios.get(retired_in__isnull=True)  # the edited copy, in the next version
    assert case.expected_calls == [] and case.forbidden_tool_calls == [] and case.max_tool_calls == 1
    assert case.required_phrases == [] and case.required_scope == PhraseScope.ANY_REPLY


@pytest.mark.parametrize(
    ("checks", "message"),
    [
        ("max_tool_calls: lots", "Line 1, max_tool_calls: Give a whole number from 0 to 1000."),
        ("expected_tool_calls:\n- name: x\n  arguments:\n    a: {kind: regex}", 'Line 4, expected_tool_calls[1].arguments.a: A regex matcher needs a &quot;pattern&quot;'),
        ("colour: blue", "Line 1, colour: Unknown field"),
        ("- just a list", "Write a mapping with expected_tool_call"),
    ],
)  # fmt: skip
def test_bad_tool_checks_are_refused_with_their_line(client, alice, test_set, checks, message) -> None:
    client.force_login(alice)
    response = client.post(
        f"/suites/{test_set.pk}/cases/", {"initial_message": "Hi", "tool_checks": checks}, headers=HTMX
    )
    assert message in response.content.decode()
    assert not test_set.scenarios.exists()


def test_suite_form_keeps_secret_markers(client, alice, test_set) -> None:
    client.force_login(alice)
    form = {"name": "Refunds", "max_turns": 6, "secret_markers": "PRJ-ORCHID-7731\nbluebird override"}
    assert client.post(f"/suites/{test_set.pk}/edit/", form).status_code == 302
    test_set.refresh_from_db()
    assert test_set.secret_marker_list == ["PRJ-ORCHID-7731", "bluebird override"]
    response = client.post(f"/suites/{test_set.pk}/edit/", {**form, "secret_markers": "abc"})
    assert "A secret marker needs at least 6 characters" in response.content.decode()
    test_set.refresh_from_db()
    assert test_set.secret_marker_list == ["PRJ-ORCHID-7731", "bluebird override"]
