"""``manage.py demo_agent``: run the bundled Northwind Outfitters demo agent in the foreground (Ctrl-C stops it)."""

from __future__ import annotations

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    # Start fast and independently of the rest of the project (no URL/model checks).
    requires_system_checks: list[str] = []
    help = "Run the Northwind Outfitters demo agent (a deterministic support bot with planted flaws) until Ctrl-C."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8765)
        parser.add_argument("--latency-ms", type=int, default=0, help="sleep this long before every chat reply")
        parser.add_argument(
            "--require-key", default="", help="require 'Authorization: Bearer KEY' on the chat endpoints"
        )
        parser.add_argument("--print-policy", action="store_true", help="print the demo policy (knowledge) and exit")

    def handle(self, *args, **options) -> None:
        from evaluations.demo import agent as demo_agent

        if options["print_policy"]:
            self.stdout.write(demo_agent.DEMO_POLICY, ending="")
            return
        demo_agent.run_forever(
            host=options["host"],
            port=options["port"],
            latency_ms=options["latency_ms"],
            require_key=options["require_key"],
            out=self.stdout,
        )
