"""Add to suite (docs/suites.md): the proposal built from a conversation, and the case added as a new version of a
suite through the test-set editor's own service, all or nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404

from billing.roles import Role
from billing.selectors import membership_get
from evaluations.addtosuite import selectors
from suites import selectors as suite_selectors
from suites.cases import case_create
from suites.imports.masking import Masker
from suites.services import SuiteError

RUN, REVIEW = "run", "review"  # where a conversation of a run was shown: its report, or the review page
_HISTORY_ROLES = ("user", "assistant")
_NAME_CHARS = 60  # of a scenario or monitor in ``source``, which holds at most 300 characters


def _mask(text: str) -> str:
    """PII replaced by its kind (``[EMAIL]``, ``[PHONE]``, ...), as imports mask it: the one masking by kind."""
    return Masker().text(text)


def _quoted(name: str) -> str:
    return f"“{name[:_NAME_CHARS]}{'…' if len(name) > _NAME_CHARS else ''}”"


class AddRefused(Exception):
    """Nothing can be proposed or added; the message says why, in a sentence the member can act on."""


@dataclasses.dataclass(frozen=True)
class Proposal:
    """A case proposed from a conversation, PII masked: the turn's user message, the earlier turns it starts from,
    the expected outcome, and ``source``: where it came from, ids included (kept on the case)."""

    account_id: int
    name: str
    message: str
    expected_outcome: str
    start_from: tuple[dict[str, str], ...]
    source: str


def _turns(transcript: Any) -> list[tuple[str, str]]:
    return [
        (str(turn.get("role", "")), str(turn.get("content", "")))
        for turn in transcript or []
        if isinstance(turn, Mapping)
    ]


def _failed_rules(findings: Any) -> str:
    """The reasons of the rules that failed, hard ones first."""
    failed = [f for f in findings or [] if isinstance(f, Mapping) and not f.get("passed") and f.get("message")]
    failed.sort(key=lambda f: not f.get("hard"))
    return " ".join(str(f["message"]).strip() for f in failed)


def _expected(*candidates: str) -> str:
    """The first of the reviewer's note, the judge's rationale, the failed rules' reasons, ... that says anything."""
    return _mask(next((text.strip() for text in candidates if text and text.strip()), ""))


def proposal_from_attempt(*, run: Any, attempt: Any, shown_on: str = RUN, turn: int | None = None) -> Proposal:
    """The case a report's conversation (``shown_on`` RUN) or a review card's (REVIEW) proposes: the user message at
    ``turn`` (an index into the transcript; the last user message by default) is the case's message and the turns
    before it the turns it starts from. The expected outcome is the reviewer's note, else the judge's rationale,
    else the failed rules' reasons, else the scenario's own. Raises AddRefused."""
    transcript = _turns(attempt.transcript)
    users = [index for index, (role, content) in enumerate(transcript) if role == "user" and content.strip()]
    if not users:
        raise AddRefused("This conversation has no message from the user to start a case from.")
    at = users[-1] if turn is None else turn
    if at not in users:
        raise AddRefused(f"Turn {at + 1} is not a message from the user; choose one of the user's turns.")
    spec: dict[str, Any] = next((data for data in run.scenarios if data.get("key") == attempt.scenario_key), {})
    name = str(spec.get("name") or attempt.scenario_key)
    where = f"run #{run.pk}, {_quoted(name)} run {attempt.repeat} (conversation #{attempt.pk}, turn {at + 1})"
    return Proposal(
        account_id=run.account_id,
        name=name[:200],
        message=_mask(transcript[at][1].strip()),
        expected_outcome=_expected(
            selectors.reviewer_note(attempt=attempt),
            attempt.rationale,
            _failed_rules(attempt.rule_findings),
            str(spec.get("expected_outcome") or ""),
        ),
        start_from=tuple(
            {"role": role, "content": _mask(content)}
            for role, content in transcript[:at]
            if role in _HISTORY_ROLES and content.strip()
        ),
        source=f"the review of {where}" if shown_on == REVIEW else where,
    )


def proposal_from_sample(*, sample: Any) -> Proposal:
    """The case a monitor sample proposes: the monitor case's question as the message, the judge's rationale (else
    the failed rules' reasons) as the expected outcome. Raises AddRefused when the case was deleted."""
    check, case = sample.run, sample.case
    if case is None or not case.ask.strip():
        raise AddRefused(
            f"The monitor case “{sample.case_name}” was deleted, and its question with it: there is no message to "
            "propose a case from."
        )
    monitor = check.monitor
    return Proposal(
        account_id=monitor.account_id,
        name=sample.case_name[:200],
        message=_mask(case.ask.strip()),
        expected_outcome=_expected(sample.judge_rationale, _failed_rules(sample.findings)),
        start_from=(),
        source=f"monitor {_quoted(monitor.name)} check #{check.pk}, {_quoted(sample.case_name)} sample "
        f"{sample.sample_index + 1} (sample #{sample.pk})",
    )


def case_add(
    *, user: Any, proposal: Proposal, suite_id: int, name: str, message: str, expected_outcome: str
) -> tuple[Any, Any]:
    """Add the proposal, as edited (``name``, ``message``, ``expected_outcome``), to the suite ``suite_id`` of the
    proposal's workspace: a new version of the suite holding the case, its earlier turns and its source, with the
    audit line every suite version gets. Returns the suite and the case. Raises AddRefused, and then nothing was
    written."""
    try:
        membership = membership_get(user=user, account_id=proposal.account_id, role=Role.WRITE)
    except (PermissionDenied, Http404):
        raise AddRefused("You need the Write role in this workspace to add cases to its suites.") from None
    suite = suite_selectors.suite_list_for_user(user=user).filter(account_id=membership.account_id, pk=suite_id).first()
    if suite is None:
        raise AddRefused("That suite is gone (deleted, or not in this workspace); choose another suite.")
    try:
        case = case_create(
            suite=suite, user=user, name=name, initial_message=message, expected_outcome=expected_outcome,
            start_from=proposal.start_from, source=proposal.source,
        )  # fmt: skip
    except ValidationError as exc:
        raise AddRefused(exc.messages[0]) from None
    except SuiteError as exc:
        raise AddRefused(str(exc)) from None
    return suite, case
