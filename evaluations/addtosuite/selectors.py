"""Reads of Add to suite: the conversation a member may propose a case from, and the suites they may add it to."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet

from billing.roles import Role
from billing.selectors import membership_get
from evaluations.monitors import selectors as monitor_selectors
from evaluations.review import selectors as review_selectors
from evaluations.runs import selectors as run_selectors
from suites import selectors as suite_selectors


def attempt_source_get(*, user: Any, run_id: int, attempt_id: int) -> tuple[Any, Any]:
    """The run and one of its conversations, when the run is in a workspace of the user (404 otherwise): anyone
    who may read a conversation may ask for a proposal from it; adding needs Write (``suites_for_adding``)."""
    run = run_selectors.run_get_for_member(user=user, run_id=run_id, role=Role.READ)
    return run, run_selectors.attempt_get_for_run(run=run, attempt_id=attempt_id)


def sample_source_get(*, user: Any, sample_id: int) -> Any:
    """One monitor sample in a workspace of the user (404 otherwise), with its check, case and monitor."""
    return monitor_selectors.monitor_sample_get_for_user(user=user, sample_id=sample_id)


def reviewer_note(*, attempt: Any) -> str:
    """The reason of the reviewer's overrule standing on the conversation; "" when there is none."""
    state = review_selectors.review_state(attempt=attempt)
    return state.last.reason.strip() if state.overruled and state.last is not None else ""


def suites_for_adding(*, user: Any, account_id: int) -> tuple[bool, QuerySet[Any]]:
    """Whether the user may edit the suites of the workspace (the Write role), and those suites by name: a case
    from a conversation stays in the workspace it was shown in. No suites when the role is too low."""
    try:
        membership_get(user=user, account_id=account_id, role=Role.WRITE)
    except PermissionDenied:
        return False, suite_selectors.suite_list_for_user(user=user).none()
    suites = suite_selectors.suite_list_for_user(user=user).filter(account_id=account_id).order_by("name", "pk")
    return True, suites
