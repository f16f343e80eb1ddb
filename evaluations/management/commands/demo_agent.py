"""``manage.py demo_agent``: run the bundled Northwind Outfitters demo agent in the foreground (Ctrl-C stops it)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from evaluations.demo.agent import add_arguments, run


class Command(BaseCommand):
    # Start fast and independently of the rest of the project (no URL/model checks).
    requires_system_checks: list[str] = []
    help = "Run the Northwind Outfitters demo agent (a deterministic support bot with planted flaws) until Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        run(
            host=options["host"],
            port=options["port"],
            latency_ms=options["latency_ms"],
            require_key=options["require_key"],
            print_policy=options["print_policy"],
            out=self.stdout,
        )
