"""Load the red-team attack library into the database (idempotent)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from redteam.library import ATTACKS, LIBRARY_VERSION
from redteam.services import library_sync


class Command(BaseCommand):
    help = "Load the red-team attack library into the database. Admin edits survive unless --force is given."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--force", action="store_true", help="overwrite library attacks even when already at this version"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        written = library_sync(force=options["force"])
        self.stdout.write(
            self.style.SUCCESS(f"Red-team library {LIBRARY_VERSION}: {len(ATTACKS)} attacks, {written} rows written.")
        )
