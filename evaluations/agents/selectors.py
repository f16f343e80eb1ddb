"""Reads for agents. Every read is scoped by the user's accounts: another account's object is a 404."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from billing.selectors import account_ids_for_user, get_for_member
from evalsite.http import AnyUser as User
from evaluations.agents.models import Agent


def agent_list_for_user(*, user: User, include_archived: bool = False) -> QuerySet[Agent]:
    """The user's agents; archived ones only with ``include_archived`` (they are still found by id)."""
    agents = Agent.objects.filter(account_id__in=account_ids_for_user(user=user)).select_related("account")
    return agents if include_archived else agents.filter(archived_at__isnull=True)


def agent_get_locked(*, agent_id: int) -> Agent | None:
    """The agent row, locked until the transaction ends: writes that must take turns per agent lock it first.
    Not scoped: the caller holds a run or object of the agent it has already checked."""
    return Agent.objects.select_for_update().filter(pk=agent_id).first()


def agent_get_for_user(*, user: User, agent_id: int) -> Agent:
    agent = agent_list_for_user(user=user, include_archived=True).filter(pk=agent_id).first()
    if agent is None:
        raise Http404("No such agent.")
    return agent


def agent_get_for_member(*, user: User, agent_id: int, role: str) -> Agent:
    """The agent, when it is in a workspace of the user where they have ``role``: 404 otherwise, 403 with a
    reason when the role is too low."""
    return get_for_member(
        user, Agent.objects.select_related("account"), agent_id, role=role, not_found="No such agent."
    )


def agent_list_for_account(*, account_id: int) -> QuerySet[Agent]:
    """The workspace's agents; callers have already checked the account (an import, a form, a command)."""
    return Agent.objects.filter(account_id=account_id)


def agent_get_by_name(*, account_id: int, name: str) -> Agent | None:
    """The workspace's agent with exactly this name, or None (agent names are how YAML and the shell refer)."""
    return agent_list_for_account(account_id=account_id).filter(name=name).first()
