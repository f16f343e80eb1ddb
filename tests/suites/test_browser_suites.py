"""In real Chromium: build a test set with two cases, run it, save the run as a suite, check that suite against an
edited policy (the fake model server proposes the changes) and accept them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_build_run_save_check_and_accept(
    logged_in_page, live_server, demo_agent, anthropic_judge_env, settings
) -> None:
    from billing.models import Account
    from evaluations.agents.models import Protocol
    from evaluations.agents.services import agent_create
    from evaluations.demo.agent import DEMO_POLICY
    from evaluations.runs.choices import RunStatus
    from evaluations.runs.models import EvaluationRun
    from suites.models import Suite
    from suites.selectors import suite_specs

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(account=account, data={"name": "Northwind", "protocol": Protocol.SIMPLE_CHAT,
                                                "endpoint_url": f"{demo_agent}/chat", "knowledge": DEMO_POLICY})  # fmt: skip
    page = logged_in_page

    # Build a test set with two cases, inline (htmx).
    page.goto(f"{live_server.url}/suites/new/")
    page.locator("#id_name").fill("Shipping questions")
    page.locator("#id_agent").select_option(str(agent.pk))
    page.get_by_role("button", name="Create test set").click()
    expect(page.get_by_text("Test set “Shipping questions” created")).to_be_visible()
    new_case = page.locator("#case-new")
    new_case.locator("#id_case_new_name").fill("Shipping time")
    new_case.locator("#id_case_new_initial_message").fill("How long does standard shipping take?")
    new_case.locator("#id_case_new_expected_outcome").fill("Says 3-5 business days.")
    new_case.get_by_role("button", name="Add case").click()
    expect(page.locator("#case-list")).to_contain_text("Shipping time")
    page.locator("#id_case_new_initial_message").fill("Do tents have a warranty?")
    page.locator("#case-new").get_by_role("button", name="Add case").click()
    expect(page.locator("#case-list")).to_contain_text("Case 2")  # a blank name becomes "Case N"
    expect(page.locator("#case-list")).to_contain_text("none, graded on quality only")
    expect(page.locator("#suite-scenario-count")).to_have_text("2 active")  # the count follows inline edits
    test_set = Suite.objects.get(name="Shipping questions")
    second = test_set.scenarios.get(name="Case 2")
    page.locator(f"#case-{second.pk}").get_by_role("link", name="Edit").click()  # inline editing
    page.locator(f"#id_case_{second.pk}_name").fill("Tent warranty")
    page.locator(f"#case-{second.pk}").get_by_role("button", name="Save case").click()
    expect(page.locator("#case-list")).to_contain_text("Tent warranty")  # the edited copy, in a new version
    expect(page.locator("#suite-version")).to_have_text("v4")  # created, two cases added, one edited
    expect(page.locator("#suite-versions")).to_contain_text("Edited “Tent warranty”")
    edited = test_set.scenarios.get(name="Tent warranty", retired_in__isnull=True)
    page.locator(f"#case-{edited.pk}").get_by_role("link", name="Edit").click()
    page.locator(f"#id_case_{edited.pk}_initial_message").fill("Order {{order_id}}: warranty?")
    page.locator(f"#case-{edited.pk}").get_by_role("button", name="Save case").click()
    expect(page.locator(f"#case-{edited.pk}")).to_contain_text("not defined: add it")  # refused, shown in place
    page.locator(f"#case-{edited.pk}").get_by_role("link", name="Cancel").click()
    expect(page.locator("#suite-version")).to_have_text("v4")
    page.get_by_role("button", name="Move “Tent warranty” up").click()
    expect(page.locator("#case-list .case-name").first).to_have_text("Tent warranty")

    # Run it (rules only: the fake model server is only for the change check).
    page.goto(f"{live_server.url}/runs/new/?suite={test_set.pk}&agent={agent.pk}")
    page.locator("#id_runs_per_scenario").fill("1")
    page.get_by_text("Advanced").click()
    page.locator("#id_judge_model").select_option("rules_only")
    page.get_by_role("button", name="Launch evaluation").click()
    page.wait_for_url(re.compile(r"/runs/\d+/$"))
    run = EvaluationRun.objects.get()
    page.get_by_role("button", name="Save as suite").wait_for(timeout=30_000)
    run.refresh_from_db()
    assert run.status == RunStatus.SUCCEEDED and [s["name"] for s in run.scenarios] == [
        "Tent warranty",
        "Shipping time",
    ]

    # Save the run as a suite.
    page.get_by_label("Suite name").fill("Shipping suite")
    page.get_by_role("button", name="Save as suite").click()
    expect(page.get_by_text("Saved as suite “Shipping suite” (version 1, 2 scenarios)")).to_be_visible()
    saved = Suite.objects.get(name="Shipping suite")
    stale = saved.scenarios.get(name="Shipping time")

    # Check it against an edited policy; the model marks one scenario stale and proposes a replacement.
    anthropic_judge_env.reply_tool_uses([("propose_changes", {
        "summary": "Standard shipping is now 2-3 business days.",
        "stale": [{"scenario_id": stale.pk, "reason": "Shipping now takes 2-3 business days."}],
        "replacements": [{"kind": "custom", "name": "Shipping time (2-3 days)",
                          "turns": ["How long does standard shipping take now?"],
                          "expected_outcome": "Says 2-3 business days."}],
    })])  # fmt: skip
    page.get_by_role("link", name="Check for changes").click()
    policy = page.locator("#id_new_policy")
    expect(policy).to_have_value(re.compile("3-5 business days"))
    policy.fill(DEMO_POLICY.replace("3-5 business days", "2-3 business days"))
    page.get_by_role("button", name="Check for changes").click()
    expect(page.locator("#stale-scenarios")).to_contain_text("Shipping now takes 2-3 business days.")
    expect(page.locator("#replacements")).to_contain_text("Shipping time (2-3 days)")
    assert "Shipping time" not in [s.name for s in suite_specs(suite=saved, canary="")]  # they stop at once

    page.get_by_role("button", name="Accept changes (version 2)").click()
    expect(page.get_by_text("Changes accepted: “Shipping suite” is now version 2.")).to_be_visible()
    expect(page.locator("#case-list")).to_contain_text("Shipping time (2-3 days)")
    expect(page.locator("#case-list")).not_to_contain_text("Shipping now takes")
    expect(page.locator("#suite-versions")).to_contain_text("Accepted changes: 1 stale retired, 1 new")
    saved.refresh_from_db()
    assert saved.version == 2
    assert "2-3 business days" in anthropic_judge_env.requests[-1].user_text


def test_persona_test_set_and_a_generated_run_saved_as_a_suite(
    logged_in_page, live_server, demo_agent, anthropic_judge_env, settings
) -> None:
    """A test set whose default simulated user makes each case multi-turn, then Generate new, saved as a suite."""
    from billing.models import Account
    from evaluations.agents.services import agent_create
    from evaluations.demo.services import DEMO_AGENT_SETTINGS
    from evaluations.runs.choices import RunStatus
    from evaluations.runs.models import EvaluationRun
    from tests.support.suite_proposals import POLICY, good_proposal

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    account = Account.objects.get(name="Carol's workspace")
    agent = agent_create(
        account=account,
        data={
            **DEMO_AGENT_SETTINGS,
            "name": "Policy bot",
            "endpoint_url": f"{demo_agent}/api/json",
            "knowledge": POLICY,
        },
    )
    page = logged_in_page

    page.goto(f"{live_server.url}/suites/new/")
    page.locator("#id_name").fill("Impatient shoppers")
    page.locator("#id_agent").select_option(str(agent.pk))
    page.locator("#id_new_persona_name").fill("Impatient Pat")
    page.locator("#id_new_persona_description").fill("An impatient customer who wants to know where order NW-12345 is.")
    page.get_by_role("button", name="Create test set").click()
    page.locator("#id_case_new_initial_message").fill("Hi, I need help with an order.")
    page.locator("#case-new").get_by_role("button", name="Add case").click()
    expect(page.locator("#case-list")).to_contain_text("Case 1")

    # The fake model plays Pat: one follow-up, then the goal is met.
    anthropic_judge_env.reply_tool_uses([("user_turn", {"message": "Where is my order NW-12345?", "done": False})])
    anthropic_judge_env.reply_tool_uses([("user_turn", {"message": "", "done": True})])
    from suites.models import Suite

    test_set = Suite.objects.get(name="Impatient shoppers")
    page.goto(f"{live_server.url}/runs/new/?suite={test_set.pk}&agent={agent.pk}")
    page.locator("#id_runs_per_scenario").fill("1")
    page.get_by_text("Advanced").click()
    page.locator("#id_judge_model").select_option("rules_only")
    page.get_by_role("button", name="Launch evaluation").click()
    page.wait_for_url(re.compile(r"/runs/\d+/$"))
    expect(page.locator("#run-status-badge")).to_contain_text("Finished", timeout=30_000)
    page.reload()
    page.locator("#scenario-results a.scenario-open").first.click()  # the conversation loads when opened
    expect(page.locator("main")).to_contain_text("Where is my order NW-12345?", timeout=30_000)

    # Generate new: the model writes 23 scenarios from the policy; the run is then saved as a suite.
    anthropic_judge_env.reply_tool_uses([("propose_scenarios", good_proposal())])
    page.goto(f"{live_server.url}/runs/new/?agent={agent.pk}")
    page.get_by_label("Generate new").check()
    page.locator("#run-estimate").get_by_text("23 scenarios × 3 runs").wait_for()
    page.locator("#id_runs_per_scenario").fill("1")
    page.get_by_text("Advanced").click()
    page.locator("#id_judge_model").select_option("rules_only")
    page.get_by_role("button", name="Launch evaluation").click()
    page.wait_for_url(re.compile(r"/runs/\d+/$"))
    generated = EvaluationRun.objects.latest("pk")
    assert generated.status == RunStatus.SUCCEEDED and len(generated.scenarios) == 23
    page.get_by_label("Suite name").fill("Generated from policy")
    page.get_by_role("button", name="Save as suite").click()
    expect(page.get_by_text("Saved as suite “Generated from policy” (version 1, 23 scenarios)")).to_be_visible()
