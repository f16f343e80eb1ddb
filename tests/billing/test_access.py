"""The access helper every room builds on: fetch and authorize in one call (404 for another workspace's object
or a missing one, 403 with a readable reason for a role too low)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from billing.roles import Role
from billing.selectors import get_for_member, membership_get
from evaluations.agents.models import Agent
from evaluations.agents.selectors import agent_get_for_member


def test_member_with_the_role_gets_the_object(alice, agent) -> None:
    assert get_for_member(alice, Agent, agent.pk, role=Role.ADMIN) == agent
    assert get_for_member(alice, Agent.objects.filter(name="Support bot"), agent.pk, role=Role.WRITE) == agent


def test_another_workspace_and_a_missing_object_are_the_same_404(bob, agent) -> None:
    for user, pk in ((bob, agent.pk), (AnonymousUser(), agent.pk), (bob, 987654), (bob, 2**64)):
        with pytest.raises(Http404, match="No such agent."):
            agent_get_for_member(user=user, agent_id=pk, role=Role.READ)


def test_a_narrowed_queryset_hides_what_it_leaves_out(alice, agent) -> None:
    with pytest.raises(Http404):
        get_for_member(alice, Agent.objects.exclude(pk=agent.pk), agent.pk, role=Role.READ)


def test_a_role_too_low_is_a_readable_403(agent, make_member) -> None:
    reader = make_member("reader", Role.READ)
    assert agent_get_for_member(user=reader, agent_id=agent.pk, role=Role.READ) == agent
    with pytest.raises(PermissionDenied, match="This needs the Write role in Acme; you have Read."):
        agent_get_for_member(user=reader, agent_id=agent.pk, role=Role.WRITE)
    with pytest.raises(PermissionDenied, match="This needs the Admin role in Acme; you have Read."):
        membership_get(user=reader, account_id=agent.account_id, role=Role.ADMIN)


def test_fetch_and_authorize_is_two_queries(alice, agent, django_assert_num_queries) -> None:
    with django_assert_num_queries(2):  # the object, then the membership
        assert agent_get_for_member(user=alice, agent_id=agent.pk, role=Role.WRITE).account.name == "Acme"
