"""A workspace's custom red-team attacks as YAML (docs/redteam.md, Custom attacks):

manage.py redteam_attacks import attacks.yaml --workspace Acme   # "-" reads standard input
manage.py redteam_attacks export attacks.yaml --workspace Acme   # "-" writes standard output
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from billing.selectors import account_get_by_name_or_id, account_get_sole
from redteam.custom import CustomAttackError, custom_attacks_import, custom_attacks_yaml


class Command(BaseCommand):
    help = "Import or export a workspace's custom red-team attacks as YAML."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["import", "export"])
        parser.add_argument("file", help='The YAML file; "-" for standard input or output.')
        parser.add_argument("--workspace", help="Workspace id or exact name (optional when there is only one).")

    def handle(self, *args: Any, **options: Any) -> None:
        value = options.get("workspace")
        account = account_get_by_name_or_id(value=value) if value else account_get_sole()
        if account is None:
            raise CommandError(f"No workspace {value!r} (give its id or exact name)." if value else
                               "Say which workspace with --workspace (its id or exact name).")  # fmt: skip
        path = options["file"]
        if options["action"] == "export":
            text = custom_attacks_yaml(account_id=account.pk)
            if path == "-":
                self.stdout.write(text, ending="")
            else:
                Path(path).write_text(text, encoding="utf-8")
                self.stdout.write(self.style.SUCCESS(f"Custom attacks of {account.name} written to {path}."))
            return
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"Cannot read {path}: {exc}.") from None
        try:
            result = custom_attacks_import(account_id=account.pk, text=text, user=None)
        except CustomAttackError as exc:
            raise CommandError("Nothing was imported:\n" + "\n".join(f"  {p}" for p in exc.problems)) from None
        self.stdout.write(self.style.SUCCESS(str(result)))
