"""A check made before the pause moved onto the check: after migrating, its flagged scenarios are still paused
(now by the check), their rows read as their version holds them, and accepting it retires them."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from suites import changes
from suites.models import Scenario, Suite
from suites.selectors import suite_specs

BEFORE = [("suites", "0005_suite_run_profile")]


def migrate(target: list[tuple[str, str]] | None = None) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    target = target or [node for node in executor.loader.graph.leaf_nodes() if node[0] == "suites"]
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_a_pending_check_written_onto_the_rows_moves_onto_the_check(alice: Any, acme: Any, client: Any) -> None:
    old = migrate(BEFORE)
    suite = old.get_model("suites", "Suite").objects.create(account_id=acme.pk, name="Refunds", version=1)
    old.get_model("suites", "SuiteVersion").objects.create(suite=suite, number=1)
    rows = old.get_model("suites", "Scenario").objects
    window = rows.create(suite=suite, position=1, kind="custom", name="Window", turns=["How long?"],
                         is_active=False, stale_reason="Now 60 days.")  # as the former check wrote it  # fmt: skip
    rows.create(suite=suite, position=2, kind="custom", name="Gifts", turns=["Gifts?"])
    proposal = old.get_model("suites", "ChangeProposal").objects.create(
        suite=suite, base_version=1, policy_text="New.", model="sonnet", status="pending",
        stale=[{"scenario_id": window.pk, "name": "Window", "reason": "Now 60 days."}], replacements=[],
    )  # fmt: skip
    try:
        migrate()

        row = Scenario.objects.get(pk=window.pk)
        assert row.is_active and row.stale_reason == ""  # what version 1 holds
        current = Suite.objects.get(pk=suite.pk)
        assert [spec.name for spec in suite_specs(suite=current, canary="")] == ["Gifts"]  # still paused
        client.force_login(alice)
        page = client.get(f"/suites/{suite.pk}/").content.decode()
        assert "Stale: not running" in page and "Now 60 days." in page
        changes.accept_changes(suite=current, proposal_id=proposal.pk, user=alice)
        assert Scenario.objects.get(pk=window.pk).retired_in == 2
    finally:
        migrate()


@pytest.mark.django_db(transaction=True)
def test_the_stale_list_is_read_from_the_flags_after_0007_and_written_back_before_it(acme: Any) -> None:
    old = migrate([("suites", "0006_stale_flags")])
    suite = old.get_model("suites", "Suite").objects.create(account_id=acme.pk, name="Refunds", version=1)
    rows = old.get_model("suites", "Scenario").objects
    window = rows.create(suite=suite, position=1, kind="custom", name="Window", turns=["How long?"])
    gifts = rows.create(suite=suite, position=2, kind="custom", name="Gifts", turns=["Gifts?"])
    proposal = old.get_model("suites", "ChangeProposal").objects.create(
        suite=suite, base_version=1, policy_text="New.", model="sonnet", replacements=[],
        stale=[{"scenario_id": window.pk, "name": "Window", "reason": "Now 60 days."},
               {"scenario_id": gifts.pk, "name": "Gifts", "reason": "No gifts."}],
    )  # fmt: skip
    old.get_model("suites", "StaleFlag").objects.create(proposal=proposal, scenario=window, reason="Now 60 days.")
    try:
        migrate()  # the entry without a flag gets one before the list goes

        from suites.models import ChangeProposal

        assert ChangeProposal.objects.get(pk=proposal.pk).stale == [
            {"scenario_id": window.pk, "name": "Window", "reason": "Now 60 days."},
            {"scenario_id": gifts.pk, "name": "Gifts", "reason": "No gifts."},
        ]
        back = migrate([("suites", "0006_stale_flags")])
        assert back.get_model("suites", "ChangeProposal").objects.get(pk=proposal.pk).stale == [
            {"scenario_id": window.pk, "name": "Window", "reason": "Now 60 days."},
            {"scenario_id": gifts.pk, "name": "Gifts", "reason": "No gifts."},
        ]
    finally:
        migrate()
