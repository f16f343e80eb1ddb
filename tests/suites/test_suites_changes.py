"""Check for changes / Accept changes: stale scenarios stop at once (the pending check pauses them; no scenario
row is written), acceptance makes the next version."""

from __future__ import annotations

from typing import Any

import pytest

from billing.models import Role
from suites import changes
from suites.models import ChangeProposal, ProposalStatus, Scenario, Suite, SuiteVersion
from suites.selectors import suite_current_scenarios, suite_specs
from suites.services import suite_create
from tests.support.suite_proposals import NEW_POLICY, POLICY, accuracy, guardrail


@pytest.fixture
def suite(acme, agent) -> Suite:
    return suite_create(
        account=acme, agent=agent, name="Northwind", policy_text=POLICY,
        scenarios=[accuracy(1), accuracy(2), guardrail(1)],
    )  # fmt: skip


def _ids(suite: Suite) -> dict[str, int]:
    return {s.name: s.pk for s in suite.scenarios.all()}


def _changes(suite: Suite, *, stale: list[tuple[str, str]] | None = None, replacements: Any = None) -> dict[str, Any]:
    ids = _ids(suite)
    stale = [("Accuracy 1", "The refund window is now 60 days.")] if stale is None else stale
    if replacements is None:
        replacements = [{**accuracy(1), "name": "Refund window (60 days)", "correct_answer": "60 days",
                         "required_phrases": ["60 days"]}]  # fmt: skip
    return {
        "summary": "The refund window grew from 30 to 60 days.",
        "stale": [{"scenario_id": ids[name], "reason": reason} for name, reason in stale],
        "replacements": replacements,
    }


def _running(suite: Suite) -> list[str]:
    return [s.name for s in suite_specs(suite=suite, canary="")]


def test_check_pauses_stale_scenarios_at_once_and_keeps_the_proposal(anthropic_judge_env, suite, alice) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])

    proposal = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet", user=alice)

    stale = next(s for s in suite_current_scenarios(suite=suite) if s.name == "Accuracy 1")
    assert stale.is_paused and not stale.runs and stale.is_stale
    assert stale.why_stale == "The refund window is now 60 days."
    assert stale.is_active and stale.stale_reason == ""  # the row itself is not written
    assert _running(suite) == ["Accuracy 2", "Guardrail 1"]  # stops running
    assert proposal.status == ProposalStatus.PENDING and proposal.base_version == 1
    assert proposal.replacements[0]["name"] == "Refund window (60 days)"
    suite.refresh_from_db()
    assert suite.version == 1 and suite.policy_text == POLICY  # nothing else changes before acceptance
    [request] = anthropic_judge_env.requests
    assert request.body["tool_choice"]["name"] == "propose_changes"
    assert "within 60 days of delivery" in request.user_text and "within 30 days of delivery" in request.user_text
    assert f'"scenario_id": {stale.pk}' in request.user_text


def test_accept_retires_stale_activates_replacements_and_bumps_the_version(
    anthropic_judge_env, suite, alice, launch
) -> None:
    past_run = launch(agent=suite.agent, suite=suite, runs_per_scenario=1)
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    proposal = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet", user=alice)

    version = changes.accept_changes(suite=suite, proposal_id=proposal.pk, user=alice)

    suite.refresh_from_db()
    assert version.number == suite.version == 2 and suite.policy_text == NEW_POLICY.strip()
    assert SuiteVersion.objects.filter(suite=suite).count() == 2
    retired = Scenario.objects.get(name="Accuracy 1")
    assert retired.retired_in == 2 and retired.is_active  # retired in v2, and in v1 as it ran
    new = Scenario.objects.get(name="Refund window (60 days)")
    assert new.is_active and new.introduced_in == 2 and new.required_phrases == ["60 days"]
    assert _running(suite) == ["Accuracy 2", "Guardrail 1", "Refund window (60 days)"]
    proposal.refresh_from_db()
    assert proposal.status == ProposalStatus.ACCEPTED and proposal.resulting_version == 2
    past_run.refresh_from_db()  # the past run still points at the version it ran, with its frozen scenarios
    assert past_run.suite_version == 1 and [s["name"] for s in past_run.scenarios] == [
        "Accuracy 1",
        "Accuracy 2",
        "Guardrail 1",
    ]
    with pytest.raises(changes.ChangeError, match="accepted"):
        changes.accept_changes(suite=suite, proposal_id=proposal.pk, user=alice)


def test_an_outage_reports_an_error_and_marks_nothing(anthropic_judge_env, suite) -> None:
    anthropic_judge_env.overloaded()
    anthropic_judge_env.overloaded()

    with pytest.raises(changes.ChangeCheckError, match="unavailable, so the suite could not be checked"):
        changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")

    assert len(_running(suite)) == 3 and not ChangeProposal.objects.exists()


def test_a_malformed_check_is_retried_once_then_refused(anthropic_judge_env, suite) -> None:
    bad = _changes(suite)
    bad["stale"].append({"scenario_id": 999999, "reason": "Invented"})
    anthropic_judge_env.reply_tool_uses([("propose_changes", bad)])
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite, replacements=[
        {**accuracy(1), "required_phrases": ["90 days"]}]))])  # fmt: skip

    with pytest.raises(changes.ChangeCheckError) as caught:
        changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")

    assert caught.value.reason == "malformed" and "does not appear verbatim" in caught.value.message
    assert "999999" in anthropic_judge_env.requests[1].user_text
    assert len(_running(suite)) == 3


def test_a_newer_check_replaces_a_pending_one_and_unflags_what_is_fine_again(anthropic_judge_env, suite) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    first = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(
        suite, stale=[("Guardrail 1", "WELCOME10 is gone.")], replacements=[]))])  # fmt: skip

    second = changes.check_for_changes(suite=suite, new_policy=POLICY.replace("WELCOME10", "HELLO5"), model="haiku")

    first.refresh_from_db()
    assert first.status == ProposalStatus.SUPERSEDED and second.is_pending
    assert _running(suite) == ["Accuracy 1", "Accuracy 2"]  # Accuracy 1 runs again, Guardrail 1 is paused
    with pytest.raises(changes.ChangeError, match="replaced by a newer check"):
        changes.accept_changes(suite=suite, proposal_id=first.pk, user=None)


def test_discard_lets_flagged_scenarios_run_again(anthropic_judge_env, suite, alice) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    proposal = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")

    changes.discard_changes(suite=suite, proposal_id=proposal.pk, user=alice)

    assert _running(suite) == ["Accuracy 1", "Accuracy 2", "Guardrail 1"]
    assert not any(s.is_stale for s in suite_current_scenarios(suite=suite))
    suite.refresh_from_db()
    assert suite.version == 1


def test_an_out_of_date_proposal_cannot_be_accepted(anthropic_judge_env, suite) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    proposal = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")
    Suite.objects.filter(pk=suite.pk).update(version=5)

    with pytest.raises(changes.ChangeError, match="made for version 1, but the suite is now at version 5"):
        changes.accept_changes(suite=suite, proposal_id=proposal.pk, user=None)
    changes.discard_changes(suite=suite, proposal_id=proposal.pk, user=None)  # it can still be closed
    assert len(_running(suite)) == 3


# Views and roles ----------------------------------------------------------------------------------------------------


def test_check_page_shows_the_model_error_and_changes_nothing(client, alice, anthropic_judge_env, suite) -> None:
    anthropic_judge_env.overloaded()
    anthropic_judge_env.overloaded()
    client.force_login(alice)

    response = client.post(f"/suites/{suite.pk}/check/", {"new_policy": NEW_POLICY, "model": "sonnet"})

    assert response.status_code == 400
    assert (
        "The generation model is unavailable" in response.content.decode()
        and "Nothing in the suite was changed" in response.content.decode()
    )
    assert not ChangeProposal.objects.exists()


def test_write_checks_publish_accepts(client, make_member, anthropic_judge_env, suite) -> None:
    reader, writer, publisher = (
        make_member("rita", Role.READ),
        make_member("will", Role.WRITE),
        make_member("pia", Role.PUBLISH),
    )
    client.force_login(reader)
    assert client.get(f"/suites/{suite.pk}/check/").status_code == 403

    client.force_login(writer)
    page = client.get(f"/suites/{suite.pk}/check/")
    assert page.status_code == 200 and "within 30 days of delivery" in page.content.decode()  # prefilled
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    response = client.post(f"/suites/{suite.pk}/check/", {"new_policy": NEW_POLICY, "model": "sonnet"})
    proposal = ChangeProposal.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/suites/{suite.pk}/changes/{proposal.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert (
        "The refund window is now 60 days." in page and "Refund window (60 days)" in page and "Accept changes" in page
    )
    assert client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/accept/").status_code == 403
    proposal.refresh_from_db()
    assert proposal.is_pending

    client.force_login(publisher)
    response = client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/accept/", follow=True)
    assert "is now version 2" in response.content.decode()
    suite.refresh_from_db()
    assert suite.version == 2


def test_change_pages_are_404_for_another_account(client, bob, anthropic_judge_env, suite) -> None:
    anthropic_judge_env.reply_tool_uses([("propose_changes", _changes(suite))])
    proposal = changes.check_for_changes(suite=suite, new_policy=NEW_POLICY, model="sonnet")
    client.force_login(bob)

    assert client.get(f"/suites/{suite.pk}/check/").status_code == 404
    assert client.get(f"/suites/{suite.pk}/changes/{proposal.pk}/").status_code == 404
    assert client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/accept/").status_code == 404
    assert client.post(f"/suites/{suite.pk}/changes/{proposal.pk}/discard/").status_code == 404
    proposal.refresh_from_db()
    assert proposal.is_pending
