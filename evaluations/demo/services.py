"""The demo workspace that `make run` seeds: a login, the bundled demo agent, and (later) its demo suite."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from billing.roles import Role
from billing.services import account_get_or_create, credits_grant, membership_set
from evaluations.agents.choices import Protocol
from evaluations.agents.selectors import agent_get_by_name
from evaluations.agents.services import agent_create, agent_update
from evaluations.demo.policy import DEMO_POLICY
from evaluations.demo.suite import DEMO_SCENARIOS, DEMO_SUITE_NAME
from evaluations.monitors.services import monitors_import_yaml
from suites.services import suite_seed

DEMO_MONITORS_YAML = Path(__file__).resolve().parent / "monitors.yml"
DEMO_USERNAME = "demo"
DEMO_PASSWORD = "trustgate-demo"
DEMO_ACCOUNT = "Demo workspace"
DEMO_AGENT_NAME = "Northwind support bot (demo)"

# The demo agent over HTTP / JSON, so runs see its tool calls and conversation ids.
DEMO_AGENT_SETTINGS = {
    "protocol": Protocol.HTTP_JSON,
    "request_template": '{"input": {"text": {{message}}}, "history": {{history}}, "session": {{conversation_id}}}',
    "reply_path": "data.reply.text",
    "tool_calls_path": "data.tool_calls",
    "conversation_id_from": "body",
    "conversation_id_path": "conversation.id",
    "allowed_contacts": "",
}


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
    account = account_get_or_create(name=DEMO_ACCOUNT)
    membership_set(account=account, user=user, role=Role.ADMIN)
    if settings.TRUSTGATE_DEMO_CREDITS > 0:  # credits: granted once per demo workspace (the key makes it idempotent)
        credits_grant(
            account=account, amount=settings.TRUSTGATE_DEMO_CREDITS, note="Demo credits", key=f"demo-grant:{account.pk}"
        )
    data = {
        **DEMO_AGENT_SETTINGS,
        "name": DEMO_AGENT_NAME,
        "endpoint_url": demo_agent_url("/api/json"),
        "knowledge": DEMO_POLICY,
    }
    agent = agent_get_by_name(account_id=account.pk, name=DEMO_AGENT_NAME)
    agent = agent_update(agent=agent, data=data) if agent else agent_create(account=account, data=data)
    suite_seed(account=account, name=DEMO_SUITE_NAME, agent=agent, scenarios=DEMO_SCENARIOS)
    # A monitor on the demo agent, declared in YAML like a user would (idempotent: matched by name).
    monitors_import_yaml(account=account, text=DEMO_MONITORS_YAML.read_text())
    return DemoResult(DEMO_USERNAME, DEMO_PASSWORD, DEMO_AGENT_NAME, demo_agent_url("/api/json"))
