"""In real Chromium: a test-set case gets phrase and tool-call checks in the inline editor (htmx); a mistake is
shown with its line and nothing is saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHECKS = """expected_tool_calls:
- name: lookup_order
  arguments:
    order_id: {kind: regex, pattern: '^NW-'}
- name: issue_refund
forbidden_tool_calls: [delete_account]
max_tool_calls: 3"""


def test_a_case_gets_its_checks_in_the_inline_editor(logged_in_page, live_server) -> None:
    from billing.models import Account
    from suites import services
    from suites.models import SuiteKind

    account = Account.objects.get(name="Carol's workspace")
    suite = services.suite_create(account=account, name="Refunds", scenarios=[], kind=SuiteKind.TEST_SET)
    page = logged_in_page
    page.goto(f"{live_server.url}/suites/{suite.pk}/")
    new_case = page.locator("#case-new")
    new_case.locator("#id_case_new_initial_message").fill("My order NW-1 arrived broken.")
    new_case.get_by_text("Checks: phrases and tool calls").click()
    new_case.locator("#id_case_new_required_phrases").fill("refund")
    new_case.locator("#id_case_new_required_scope").select_option("final_reply")
    new_case.locator("#id_case_new_tool_checks").fill("max_tool_calls: many")
    new_case.get_by_role("button", name="Add case").click()
    expect(page.locator("#case-new")).to_contain_text("Line 1, max_tool_calls: Give a whole number from 0 to 1000.")
    assert not suite.scenarios.exists()

    page.locator("#id_case_new_tool_checks").fill(CHECKS)
    page.locator("#case-new").get_by_role("button", name="Add case").click()
    case_list = page.locator("#case-list")
    expect(case_list).to_contain_text("lookup_order, issue_refund")
    expect(case_list).to_contain_text("Must not call")
    expect(case_list).to_contain_text("(final reply)")
    spec = suite.scenarios.get().to_spec()
    assert [c.name for c in spec.expected_tool_calls] == ["lookup_order", "issue_refund"]
    assert spec.max_tool_calls == 3 and spec.forbidden_tool_calls[0].name == "delete_account"
