"""The demo workspace that `make run` seeds: a login, the bundled demo agent, and (later) its demo suite."""

from __future__ import annotations

import dataclasses

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from billing.models import Account, Membership, Role
from evaluations.demo_agent import DEMO_POLICY
from evaluations.models import Agent, Protocol

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "trustgate-demo"
DEMO_ACCOUNT = "Demo workspace"
DEMO_AGENT_NAME = "Northwind support bot (demo)"


@dataclasses.dataclass(frozen=True)
class DemoResult:
    username: str
    password: str
    agent_name: str
    agent_url: str


def demo_agent_url(path: str = "/chat") -> str:
    return f"http://127.0.0.1:{settings.TRUSTGATE_DEMO_AGENT_PORT}{path}"


@transaction.atomic
def demo_setup() -> DemoResult:
    """Idempotent: running it again refreshes the demo agent's settings and keeps everything else."""
    user, created = get_user_model().objects.get_or_create(username=DEMO_USERNAME)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    account, _ = Account.objects.get_or_create(name=DEMO_ACCOUNT)
    Membership.objects.update_or_create(account=account, user=user, defaults={"role": Role.ADMIN})
    Agent.objects.update_or_create(
        account=account,
        name=DEMO_AGENT_NAME,
        defaults={
            "protocol": Protocol.SIMPLE_CHAT,
            "endpoint_url": demo_agent_url("/chat"),
            "knowledge": DEMO_POLICY,
            "allowed_contacts": "",
        },
    )
    return DemoResult(DEMO_USERNAME, DEMO_PASSWORD, DEMO_AGENT_NAME, demo_agent_url("/chat"))
