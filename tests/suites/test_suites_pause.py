"""A Check for changes pauses the scenarios it flags without writing a scenario row (docs/suites.md): the pause
lives on the pending check, so the rows of a version a baseline pins stay exactly as they were, while launches,
the suite page, the editor, the YAML export, the admin and the demo seed all read the scenario as paused."""

from __future__ import annotations

import re
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from evaluations.demo.policy import DEMO_POLICY
from evaluations.demo.suite import DEMO_SCENARIOS
from suites.models import ChangeProposal, ProposalStatus, Scenario, Suite
from suites.selectors import suite_list_for_user, suite_running_count
from suites.services import suite_seed
from suites.yaml_io import import_suite_yaml, suite_to_yaml
from tests.support.html_forms import form_fields

HTMX = {"HX-Request": "true"}
FLAGGED = "Refund window"
REASON = "Returns are now accepted within 60 days."
NEW_POLICY = DEMO_POLICY.replace("within 30 days of purchase", "within 60 days of purchase")
REPLACEMENT = {"kind": "accuracy", "name": "Refund window (60 days)",
               "turns": ["How many days do I have to return an item for a refund?"],
               "expected_outcome": "Says 60 days.", "correct_answer": "60 days", "required_phrases": ["60 days"]}  # fmt: skip


def _rows(suite: Suite) -> list[dict[str, Any]]:
    """Every scenario row of the suite, every column, as stored."""
    return [dict(row) for row in Scenario.objects.filter(suite=suite).order_by("pk").values()]


def _check(client: Any, suite: Suite, anthropic: Any) -> ChangeProposal:
    """Check the suite on its page against the new policy; the model flags the refund window scenario."""
    flagged = suite.scenarios.get(name=FLAGGED, retired_in__isnull=True)
    anthropic.reply_tool_uses([("propose_changes", {
        "summary": "The return window grew to 60 days.",
        "stale": [{"scenario_id": flagged.pk, "reason": REASON}], "replacements": [REPLACEMENT],
    })])  # fmt: skip
    response = client.post(f"/suites/{suite.pk}/check/", {"new_policy": NEW_POLICY, "model": "sonnet"})
    assert response.status_code == 302, response.content.decode()
    return ChangeProposal.objects.get(suite=suite, status=ProposalStatus.PENDING)


def _case(page: str, scenario: Scenario) -> str:
    match = re.search(rf'<li id="case-{scenario.pk}".*?</li>', page, re.S)
    assert match, f"no row for {scenario.name}"
    return match.group(0)


def _names(run: Any) -> list[str]:
    return [s["name"] for s in run.scenarios]


def test_a_check_of_a_pinned_version_writes_no_row_and_the_next_launch_skips_the_flagged_scenario(
    client, alice, pinned, anthropic_judge_env, launch
) -> None:
    suite, baseline = pinned
    before = _rows(suite)
    flagged = suite.scenarios.get(name=FLAGGED)
    client.force_login(alice)

    proposal = _check(client, suite, anthropic_judge_env)

    assert _rows(suite) == before  # version 1, pinned, is byte for byte as it was
    assert proposal.flags.get().scenario_id == flagged.pk
    page = client.get(f"/suites/{suite.pk}/").content.decode()
    row = _case(page, flagged)
    assert "Stale: not running" in row and REASON in row and 'class="case inactive"' in row
    assert f"{len(before) - 1} active" in page and "flagged 1 stale scenario" in page
    exported = suite_to_yaml(suite)
    assert f"active: false\n  stale_reason: {REASON}" in exported
    assert import_suite_yaml(exported, account=suite.account).action == "unchanged"  # what it shows is what it has
    paused_run = launch(agent=suite.agent, suite=suite, runs_per_scenario=1)
    assert _names(paused_run) == [name for name in _names(baseline) if name != FLAGGED]
    assert paused_run.suite_version == 1

    response = client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/discard/", follow=True)

    assert "Proposal discarded: the scenarios it flagged run again." in response.content.decode()
    assert "Stale: not running" not in _case(response.content.decode(), flagged)
    assert _rows(suite) == before
    assert _names(launch(agent=suite.agent, suite=suite, runs_per_scenario=1)) == _names(baseline)
    suite.refresh_from_db()
    assert suite.version == 1


def test_accepting_makes_the_next_version_and_the_pinned_one_stays_as_it_ran(
    client, alice, pinned, anthropic_judge_env, launch
) -> None:
    suite, baseline = pinned
    before = _rows(suite)
    flagged = suite.scenarios.get(name=FLAGGED)
    client.force_login(alice)
    proposal = _check(client, suite, anthropic_judge_env)

    response = client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/accept/", follow=True)

    page = response.content.decode()
    assert f"“{suite.name}” is now version 2" in page
    assert re.search(rf"{FLAGGED} <span[^>]*>v1–v1: {REASON}</span>", page)  # retired, with the check's reason
    after = {row["id"]: row for row in _rows(suite)}
    for row in before:  # only retired_in changes, on the retired row alone
        expected = {**row, "retired_in": 2} if row["id"] == flagged.pk else row
        assert after[row["id"]] == expected
    suite.refresh_from_db()
    run = launch(agent=suite.agent, suite=suite, runs_per_scenario=1)
    assert run.suite_version == 2
    assert _names(run) == [name for name in _names(baseline) if name != FLAGGED] + ["Refund window (60 days)"]


def test_the_editor_shows_the_pause_and_keeps_it_unless_it_is_lifted(
    client, alice, pinned, anthropic_judge_env
) -> None:
    suite, _ = pinned
    before = _rows(suite)
    flagged = suite.scenarios.get(name=FLAGGED)
    client.force_login(alice)
    proposal = _check(client, suite, anthropic_judge_env)
    url = f"/suites/{suite.pk}/cases/{flagged.pk}/edit/"
    data = form_fields(client, url)
    assert "is_active" not in data and data["stale_reason"] == REASON  # unticked: as the suite page shows it

    assert client.post(url, data, headers=HTMX).status_code == 200
    suite.refresh_from_db()
    assert suite.version == 1 and _rows(suite) == before  # saved unchanged: no version, no row written

    response = client.post(url, {**data, "is_active": "on"}, headers=HTMX)  # ticked: it runs, so not stale

    assert response.status_code == 200 and "Stale: not running" not in response.content.decode()
    suite.refresh_from_db()
    assert suite.version == 2
    copy = suite.scenarios.get(name=FLAGGED, retired_in__isnull=True)
    assert copy.is_active and copy.stale_reason == "" and copy.introduced_in == 2
    proposal.refresh_from_db()
    assert proposal.is_pending and proposal.stale == [] and not proposal.flags.exists()  # the editor decided
    assert {r["id"]: r for r in _rows(suite)}[flagged.pk] == {
        **next(r for r in before if r["id"] == flagged.pk),
        "retired_in": 2,
    }


def test_the_admin_shows_the_pause_and_saving_it_unchanged_writes_nothing(
    client, alice, admin_client, pinned, anthropic_judge_env
) -> None:
    suite, _ = pinned
    before = _rows(suite)
    flagged = suite.scenarios.get(name=FLAGGED)
    client.force_login(alice)
    _check(client, suite, anthropic_judge_env)
    url = f"/admin/suites/scenario/{flagged.pk}/change/"

    page = admin_client.get(url).content.decode()
    data = form_fields(admin_client, url)

    assert REASON in page and "until the pending Check for changes is accepted or discarded" in page
    assert "is_active" not in data and data["stale_reason"] == REASON
    assert admin_client.post(url, data, follow=True).status_code == 200
    inline = form_fields(admin_client, f"/admin/suites/suite/{suite.pk}/change/")
    assert admin_client.post(f"/admin/suites/suite/{suite.pk}/change/", inline, follow=True).status_code == 200
    suite.refresh_from_db()
    assert suite.version == 1 and _rows(suite) == before
    listing = admin_client.get(f"/admin/suites/scenario/?q={FLAGGED}").content.decode()
    assert 'alt="False"' in listing  # the Runs column


def test_counts_and_the_demo_seed_read_the_pause(client, alice, acme, pinned, anthropic_judge_env) -> None:
    suite, _ = pinned
    before = _rows(suite)
    client.force_login(alice)
    _check(client, suite, anthropic_judge_env)

    assert suite_running_count(suite=suite_list_for_user(user=alice).get(pk=suite.pk)) == len(before) - 1
    suite_seed(account=acme, name=suite.name, agent=suite.agent, scenarios=DEMO_SCENARIOS)

    suite.refresh_from_db()
    assert suite.version == 2  # the seed holds its scenarios, all running: a new version, not a row written
    assert suite_running_count(suite=suite_list_for_user(user=alice).get(pk=suite.pk)) == len(before)
    assert [{**row, "retired_in": None} for row in _rows(suite)[: len(before)]] == before


def test_the_pause_costs_no_query_per_scenario(client, alice, pinned, anthropic_judge_env) -> None:
    suite, _ = pinned
    client.force_login(alice)
    pages = (f"/suites/{suite.pk}/", "/suites/", f"/suites/{suite.pk}/export.yaml")

    def counts() -> list[int]:
        figures = []
        for url in pages:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            figures.append(len(queries))
        return figures

    unpaused = counts()
    _check(client, suite, anthropic_judge_env)

    assert counts() == unpaused  # the pause is read in the queries that read the rows


def test_a_yaml_import_at_a_higher_version_keeps_the_pause_as_a_row_of_the_new_version(
    client, alice, pinned, anthropic_judge_env
) -> None:
    suite, _ = pinned
    before = _rows(suite)
    flagged = suite.scenarios.get(name=FLAGGED)
    client.force_login(alice)
    proposal = _check(client, suite, anthropic_judge_env)
    exported = suite_to_yaml(suite).replace("version: 1\n", "version: 2\n", 1)

    assert import_suite_yaml(exported, account=suite.account).action == "updated"

    proposal.refresh_from_db()
    assert proposal.status == ProposalStatus.SUPERSEDED  # the file replaces the check
    copy = suite.scenarios.get(name=FLAGGED, retired_in__isnull=True)
    assert copy.introduced_in == 2 and not copy.is_active and copy.stale_reason == REASON  # as the file says
    after = {row["id"]: row for row in _rows(suite)}
    for row in before:  # version 1 as it ran: the paused row is retired, the others kept (only their run order moves)
        retired = {"retired_in": 2} if row["id"] == flagged.pk else {}
        assert after[row["id"]] == {**row, **retired, "position": after[row["id"]]["position"]}
