"""Users, accounts and agents for tests, built with our services."""

from __future__ import annotations

import pytest

from billing.models import Account, Role
from billing.services import credits_grant, membership_set, user_create_with_account
from evaluations.agents.models import Agent, Protocol
from evaluations.agents.services import agent_create

# Credits every test workspace starts with: plenty for any run a test launches (tests/test_billing.py makes
# its own small accounts to test refusals).
TEST_CREDITS = 1_000_000


def user_with_credits(*, username: str, password: str, account_name: str):
    user = user_create_with_account(username=username, password=password, account_name=account_name)
    credits_grant(account=user.memberships.get().account, amount=TEST_CREDITS, note="Test credits")
    return user


@pytest.fixture
def alice(db):
    return user_with_credits(username="alice", password="pw-alice-123", account_name="Acme")


@pytest.fixture
def acme(alice) -> Account:
    return alice.memberships.get().account


@pytest.fixture
def bob(db):
    """A user of another account: everything of Acme must be 404 for him."""
    return user_with_credits(username="bob", password="pw-bob-123", account_name="Globex")


@pytest.fixture
def make_member(acme, django_user_model):
    def make(username: str, role: str = Role.READ):
        user = django_user_model.objects.create_user(username=username, password="pw-" + username)
        membership_set(account=acme, user=user, role=role)
        return user

    return make


@pytest.fixture
def agent(acme) -> Agent:
    return agent_create(
        account=acme,
        data={"name": "Support bot", "protocol": Protocol.SIMPLE_CHAT, "endpoint_url": "http://127.0.0.1:9/chat"},
    )
