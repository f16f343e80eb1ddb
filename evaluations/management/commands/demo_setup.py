"""Create the demo workspace, login and demo agent (idempotent). Prints the login."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from evaluations.demo.services import demo_setup


class Command(BaseCommand):
    help = "Create (or refresh) the demo account, login, demo agent and demo suite."

    def handle(self, *args: Any, **options: Any) -> None:
        result = demo_setup()
        self.stdout.write(self.style.SUCCESS("Demo ready."))
        login = f"{settings.TRUSTGATE_BASE_URL.rstrip('/')}/"  # make run sets it from PORT
        self.stdout.write(f"  Log in at {login} as  {result.username} / {result.password}")
        self.stdout.write(f"  Demo agent: {result.agent_name} -> {result.agent_url}")
