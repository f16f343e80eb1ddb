"""Add to suite, the services: a proposal from a report's conversation, a review card and a monitor sample (PII
masked by the product's detectors), and the case added as a new version, all or nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from billing.audit import AuditEvent
from billing.models import Role
from evaluations.addtosuite import services
from evaluations.review import services as review_services
from suites.models import Scenario, SuiteVersion
from suites.services import suite_create, suite_delete
from tests.addtosuite.conftest import RATIONALE


def test_a_failed_report_conversation_proposes_its_last_user_turn_with_the_pii_masked(failed_run, attempt) -> None:
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt)

    assert proposal.message == "Refund it to card [CARD] and call me on [PHONE]."
    assert list(proposal.start_from) == [
        {"role": "user", "content": "Hi, this is [EMAIL], I bought a kettle 45 days ago."},
        {"role": "assistant", "content": "Hello Jane! How can I help with the kettle?"},
    ]
    assert proposal.expected_outcome == RATIONALE  # the judge's rationale: nobody reviewed it
    assert proposal.name == "Late refund"
    assert proposal.source == f"run #{failed_run.pk}, “Late refund” run 1 (conversation #{attempt.pk}, turn 3)"
    shown = repr(proposal)
    for value in ("jane.doe@gmail.com", "4111 1111 1111 1111", "555-0172"):
        assert value not in shown


def test_an_earlier_turn_starts_from_the_turns_before_it(failed_run, attempt) -> None:
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt, turn=0)
    assert proposal.message == "Hi, this is [EMAIL], I bought a kettle 45 days ago."
    assert proposal.start_from == ()


def test_a_turn_that_is_not_the_users_is_refused_with_a_sentence(failed_run, attempt) -> None:
    with pytest.raises(services.AddRefused, match="Turn 2 is not a message from the user"):
        services.proposal_from_attempt(run=failed_run, attempt=attempt, turn=1)


def test_without_a_rationale_the_failed_rule_gives_the_expected_outcome(failed_run, attempt) -> None:
    attempt.rationale = ""
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt)
    assert proposal.expected_outcome == "Said “refunded”."


def test_a_review_card_proposes_the_reviewers_note_as_the_expected_outcome(
    alice, failed_run, attempt, django_capture_on_commit_callbacks
) -> None:
    note = "Offer store credit to jane.doe@gmail.com instead: the window is 30 days."
    with django_capture_on_commit_callbacks(execute=True):
        review_services.attempt_review(
            user=alice, run=failed_run, attempt=attempt,
            request=review_services.ReviewRequest(action="overrule", reason=note),
        )  # fmt: skip
    attempt.refresh_from_db()

    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt, shown_on=services.REVIEW)

    assert proposal.expected_outcome == "Offer store credit to [EMAIL] instead: the window is 30 days."
    assert proposal.source == (
        f"the review of run #{failed_run.pk}, “Late refund” run 1 (conversation #{attempt.pk}, turn 3)"
    )


def test_a_monitor_sample_proposes_its_question_and_the_judges_rationale(degraded_sample) -> None:
    proposal = services.proposal_from_sample(sample=degraded_sample)

    assert proposal.message == "How long do I have to return a kettle? Reply to [EMAIL]"
    assert proposal.expected_outcome == "Returns are accepted within 30 days, not 60."
    assert proposal.start_from == ()
    assert proposal.source == (
        f"monitor “Chat answers” check #{degraded_sample.run_id}, “Refund window” sample 2 "
        f"(sample #{degraded_sample.pk})"
    )


def test_a_sample_of_a_deleted_monitor_case_is_refused_with_a_sentence(degraded_sample) -> None:
    degraded_sample.case.delete()
    degraded_sample.refresh_from_db()
    with pytest.raises(services.AddRefused, match="“Refund window” was deleted"):
        services.proposal_from_sample(sample=degraded_sample)


def test_adding_makes_a_new_version_with_the_case_its_earlier_turns_and_its_source(
    alice, failed_run, attempt, test_set
) -> None:
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt)

    suite, case = services.case_add(
        user=alice, proposal=proposal, suite_id=test_set.pk, name="", message=proposal.message,
        expected_outcome="Refuse: the 30-day window has passed.",
    )  # fmt: skip

    assert suite.version == 2
    assert case.turns == ["Refund it to card [CARD] and call me on [PHONE]."]
    assert case.start_from == list(proposal.start_from)
    assert case.expected_outcome == "Refuse: the 30-day window has passed."
    assert case.name == "Case 2"
    assert case.introduced_in == 2 and case.source == proposal.source
    assert list(
        Scenario.objects.filter(suite=test_set, retired_in__isnull=True)
        .order_by("position")
        .values_list("name", flat=True)
    ) == ["Opening hours", "Case 2"]
    version = SuiteVersion.objects.get(suite=test_set, number=2)
    assert version.note == f"Added “Case 2” from {proposal.source}"
    audit = AuditEvent.objects.filter(action="suite_version").order_by("pk").last()
    assert audit is not None and audit.summary == (
        f"alice made version 2 of the suite “Regressions”: Added “Case 2” from run #{failed_run.pk}, “Late refund” "
        f"run 1 (conversation #{attempt.pk}, turn 3)."
    )
    spec = case.to_spec()
    assert [turn.content for turn in spec.start_from] == [t["content"] for t in proposal.start_from]


def _refusal(user, proposal, suite_id, message="Refund my kettle.") -> str:
    before = (Scenario.objects.count(), SuiteVersion.objects.count(), AuditEvent.objects.count())
    with pytest.raises(services.AddRefused) as refused, transaction.atomic():
        services.case_add(
            user=user, proposal=proposal, suite_id=suite_id, name="", message=message, expected_outcome=""
        )
    assert (Scenario.objects.count(), SuiteVersion.objects.count(), AuditEvent.objects.count()) == before
    return str(refused.value)


def test_each_refusal_is_a_sentence_and_writes_nothing(alice, bob, make_member, failed_run, attempt, test_set) -> None:
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt)
    reader = make_member("rita", Role.READ)
    assert _refusal(reader, proposal, test_set.pk) == (
        "You need the Write role in this workspace to add cases to its suites."
    )
    assert (
        _refusal(alice, proposal, test_set.pk, message="   ") == "Write the initial message the simulated user sends."
    )
    elsewhere = suite_create(account=bob.memberships.get().account, name="Globex cases", scenarios=[])
    gone = "That suite is gone (deleted, or not in this workspace); choose another suite."
    assert _refusal(alice, proposal, elsewhere.pk) == gone
    suite_delete(suite=test_set, user=alice)
    assert _refusal(alice, proposal, test_set.pk) == gone


def test_the_notes_a_run_writes_around_earlier_turns_are_not_turns_to_start_from(failed_run, attempt) -> None:
    attempt.transcript = [
        {"role": "system", "content": "Earlier turns sent as history."},
        *attempt.transcript[:2],
        {"role": "system", "content": "The scenario's own message follows."},
        *attempt.transcript[2:],
    ]
    proposal = services.proposal_from_attempt(run=failed_run, attempt=attempt)
    assert [turn["role"] for turn in proposal.start_from] == ["user", "assistant"]
    assert proposal.source.endswith("turn 5)")
