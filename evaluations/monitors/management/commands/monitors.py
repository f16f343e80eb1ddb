"""Monitors from the shell: import / export YAML, list, run now, sync the django-q2 schedules.

manage.py monitors import monitors.yml --account "Acme"
manage.py monitors export --account "Acme" > monitors.yml
manage.py monitors list [--account "Acme"]
manage.py monitors run <id or name> [--account "Acme"]    # runs here, in this process, and prints the result
manage.py monitors sync                                   # one schedule row per monitor, orphans removed
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from billing.selectors import account_get_by_name_or_id
from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorRun, RunTrigger
from evaluations.monitors.scheduling import monitor_schedules_sync
from evaluations.monitors.yaml_io import YamlImportError, export_monitors

if TYPE_CHECKING:
    from billing.models import Account


class Command(BaseCommand):
    help = "Import, export, list, run and schedule monitors (scheduled agent tests)."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        imp = sub.add_parser("import", help="Create or update monitors from a YAML file (all or nothing).")
        imp.add_argument("path", help="The YAML file, or - for standard input.")
        imp.add_argument("--account", required=True, help="The workspace name or id.")
        exp = sub.add_parser("export", help="Print the workspace's monitors as YAML.")
        exp.add_argument("--account", required=True)
        lst = sub.add_parser("list", help="List monitors with their status.")
        lst.add_argument("--account")
        run = sub.add_parser("run", help="Run a monitor now, in this process.")
        run.add_argument("monitor", help="The monitor id or name.")
        run.add_argument("--account")
        sub.add_parser("sync", help="Create / update / remove the django-q2 schedule rows.")

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        getattr(self, f"do_{action}")(**options)

    def _account(self, value: str | None) -> Account | None:
        if not value:
            return None
        account = account_get_by_name_or_id(value=value)
        if account is None:
            raise CommandError(f"No workspace named or numbered {value!r}.")
        return account

    def do_import(self, *, path: str, account: str, **_: Any) -> None:
        workspace = self._account(account)
        assert workspace is not None
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"Cannot read {path}: {error}") from None
        try:
            created, updated = services.monitors_import_yaml(account=workspace, text=text)
        except YamlImportError as error:
            for line in error.lines:
                self.stderr.write(f"{path}: {line}")
            raise CommandError(f"Nothing imported: {len(error.errors)} problem(s) in {path}.") from None
        for monitor in created:
            self.stdout.write(f"created  {monitor.pk}  {monitor.name}")
        for monitor in updated:
            self.stdout.write(f"updated  {monitor.pk}  {monitor.name}")
        self.stdout.write(self.style.SUCCESS(f"Imported {len(created)} new and {len(updated)} updated monitor(s)."))

    def do_export(self, *, account: str, **_: Any) -> None:
        workspace = self._account(account)
        monitors = Monitor.objects.filter(account=workspace).select_related("agent").prefetch_related("cases")
        self.stdout.write(export_monitors(list(monitors)), ending="")

    def do_list(self, *, account: str | None = None, **_: Any) -> None:
        monitors = Monitor.objects.select_related("agent", "account").order_by("account__name", "name")
        workspace = self._account(account)
        if workspace is not None:
            monitors = monitors.filter(account=workspace)
        for monitor in monitors:
            self.stdout.write(
                f"{monitor.pk:>5}  {monitor.display_status:<8}  every {monitor.every_yaml:<5}  "
                f"{monitor.account.name} / {monitor.name}  ->  {monitor.target_name}"
            )

    def do_run(self, *, monitor: str, account: str | None = None, **_: Any) -> None:
        found = Monitor.objects.all()
        workspace = self._account(account)
        if workspace is not None:
            found = found.filter(account=workspace)
        found = found.filter(pk=int(monitor)) if monitor.isdigit() else found.filter(name=monitor)
        if found.count() != 1:
            raise CommandError(f"{found.count()} monitors match {monitor!r}; give the id or --account.")
        target = found.get()
        try:
            run, created = services.monitor_run_request(monitor=target, trigger=RunTrigger.MANUAL, enqueue=False)
        except services.MonitorActionError as error:
            raise CommandError(str(error)) from None
        if not created:
            raise CommandError(f"Run #{run.pk} of this monitor is already in progress.")
        services.monitor_run_execute(run_id=run.pk)  # here, not on a worker: the shell waits for the result
        run = MonitorRun.objects.get(pk=run.pk)
        target.refresh_from_db()
        rate = f"{run.pass_rate:.0f}%" if run.pass_rate is not None else "—"
        self.stdout.write(
            f"Run #{run.pk}: {run.status_label}; pass rate {rate} (target {run.target_pass_rate}%); "
            f"{run.cases_passed} case(s) passed, {run.cases_failed} failed; monitor is {target.display_status}."
        )
        if run.error_message:
            self.stderr.write(run.error_message)

    def do_sync(self, **_: Any) -> None:
        synced, removed = monitor_schedules_sync()
        self.stdout.write(
            self.style.SUCCESS(f"Schedules: {synced} monitor(s) in sync, {removed} orphan row(s) removed.")
        )
