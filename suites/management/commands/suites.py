"""Manage suites and test sets from the shell, like the Autessa CLI's test-sets-* commands.

    manage.py suites create --account Acme --agent "Support bot" --name "Refund requests" \\
        --description "Billing questions that should end in a refund" \\
        --cases '[{"name": "Double charge", "initialMessage": "Hi, I was charged twice for order 1042.",
                   "expectedOutcome": "the agent looks up the order and confirms a refund"}]'
    manage.py suites update --suite 7 --cases '[...]'      # replaces the cases; other options edit settings
    manage.py suites get --suite 7                          # JSON; its "cases" can be fed back to --cases
    manage.py suites list [--account Acme]
    manage.py suites delete --suite 7                       # past runs and their results are kept
    manage.py suites export --suite 7 [--output suite.yaml] [--format promptfoo]
    manage.py suites import suite.yaml --account Acme       # "-" reads standard input
    manage.py suites import --format jsonl chats.jsonl (--suite 7 | --new-suite "From chats") [--dry-run] \\
        [--map question=message --map order_id=variable]   # other tools' files (docs/imports.md)

Case keys: name, initialMessage (or initial_message), expectedOutcome (or expected_outcome) and
templateVariables (or template_variables: an object, or a list of [name, value] pairs). A blank name becomes
"Case N". Every case is validated before anything is saved.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from billing.selectors import account_get_by_name_or_id, account_get_sole
from evaluations.agents.selectors import agent_get_by_name
from evaluations.core import storable
from suites import selectors, services
from suites.cases import cases_replace, cases_values
from suites.imports.base import MAX_IMPORT_BYTES
from suites.imports.preview import FORMATS
from suites.imports.services import ImportRefused, suite_import_cases, suite_import_preview
from suites.models import DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT, Suite, SuiteKind
from suites.yaml_io import SuiteImportError, import_suite_yaml, suite_to_yaml
from suites.yaml_io.promptfoo import suite_to_promptfoo

if TYPE_CHECKING:
    from billing.models import Account
    from evaluations.agents.models import Agent


def _account(value: str | None) -> Account:
    if value:
        account = account_get_by_name_or_id(value=value)
        if account is None:
            raise CommandError(f"No workspace {value!r} (give its id or exact name).")
        return account
    sole = account_get_sole()
    if sole is None:
        raise CommandError("Say which workspace with --account (its id or exact name).")
    return sole


def _suite(options: dict[str, Any]) -> Suite:
    if options.get("suite"):
        suite = Suite.objects.filter(pk=options["suite"]).select_related("account", "agent", "default_persona").first()
    elif options.get("name"):
        suite = Suite.objects.filter(account=_account(options.get("account")), name=options["name"]).first()
    else:
        raise CommandError("Say which suite with --suite ID (or --account and --name).")
    if suite is None:
        raise CommandError("No such suite.")
    return suite


def _agent(account: Account, name: str | None) -> Agent | None:
    if not name:
        return None
    agent = agent_get_by_name(account_id=account.pk, name=name)
    if agent is None:
        raise CommandError(f"The workspace {account.name!r} has no agent named {name!r}.")
    return agent


def _pick(case: dict[str, Any], camel: str, snake: str, default: Any = "") -> Any:
    return case.get(camel, case.get(snake, default))


def parse_cases(text: str) -> list[dict[str, Any]]:
    """``--cases`` JSON -> case dicts for ``cases.case_create``. Raises CommandError naming the case."""
    try:
        data = storable.loads(text, field="--cases")
    except storable.NotStorable as exc:
        raise CommandError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise CommandError(f"--cases is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno}).") from None
    if not isinstance(data, list):
        raise CommandError("--cases must be a JSON array of case objects.")
    allowed = {"name", "initialMessage", "initial_message", "expectedOutcome", "expected_outcome",
               "templateVariables", "template_variables"}  # fmt: skip
    cases = []
    for number, case in enumerate(data, start=1):
        if not isinstance(case, dict):
            raise CommandError(f"Case {number}: each case is a JSON object.")
        unknown = set(case) - allowed
        if unknown:
            raise CommandError(f"Case {number}: unknown field(s) {', '.join(sorted(unknown))}.")
        variables = _pick(case, "templateVariables", "template_variables", {}) or {}
        if isinstance(variables, dict):
            pairs = [[str(k), str(v)] for k, v in variables.items()]
        elif isinstance(variables, list) and all(isinstance(p, list) and len(p) == 2 for p in variables):
            pairs = [[str(k), str(v)] for k, v in variables]
        else:
            raise CommandError(f"Case {number}: templateVariables must be an object or a list of [name, value].")
        values = {
            "name": _pick(case, "name", "name"),
            "initial_message": _pick(case, "initialMessage", "initial_message"),
            "expected_outcome": _pick(case, "expectedOutcome", "expected_outcome"),
            "template_variables": pairs,
        }
        if not all(isinstance(values[k], str) for k in ("name", "initial_message", "expected_outcome")):
            raise CommandError(f"Case {number}: name, initialMessage and expectedOutcome are text.")
        cases.append(values)
    return cases


def _add_cases(suite: Suite, cases: list[dict[str, Any]]) -> None:
    """The cases as the suite's next version, all or none (a version is never edited in place)."""
    try:
        cases_replace(suite=suite, cases=cases)
    except ValidationError as exc:
        raise CommandError(exc.messages[0]) from None


def suite_json(suite: Suite) -> dict[str, Any]:
    persona = suite.default_persona
    return {
        "id": suite.pk,
        "account": suite.account.name,
        "name": suite.name,
        "kind": suite.kind,
        "version": suite.version,
        "description": suite.description,
        "agent": suite.agent.name if suite.agent else None,
        "defaultPersona": {"name": persona.name, "description": persona.description} if persona else None,
        "maxTurns": suite.max_turns,
        "cases": [
            {
                "name": s.name,
                "initialMessage": s.initial_message,
                "expectedOutcome": s.expected_outcome,
                "templateVariables": dict(s.template_variables or []),
                **({"kind": s.kind} if s.kind != "custom" else {}),
                **({"active": False} if not s.runs else {}),
            }
            for s in selectors.suite_current_scenarios(suite=suite)
        ],
    }


class Command(BaseCommand):
    help = "Create, update, get, list, delete, export and import suites and test sets."

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)

        def settings_options(p: CommandParser, *, create: bool) -> None:
            p.add_argument("--agent", help="Agent name in the workspace.")
            p.add_argument("--description")
            p.add_argument("--persona-name", help="Default simulated user: its name (created when new).")
            p.add_argument("--persona-description", help="Default simulated user: who they are, what they want.")
            p.add_argument("--no-persona", action="store_true", help="Remove the default simulated user.")
            p.add_argument(
                "--max-turns", type=int, help=f"Turn limit with a simulated user (default {DEFAULT_MAX_TURNS})."
            )
            p.add_argument("--cases", help="JSON array of cases" + ("." if create else " (replaces the current ones)."))

        create = sub.add_parser("create", help="Create a test set.")
        create.add_argument("--account", help="Workspace id or exact name.")
        create.add_argument("--name", required=True)
        settings_options(create, create=True)

        update = sub.add_parser("update", help="Edit a suite's settings or replace its cases.")
        update.add_argument("--suite", type=int)
        update.add_argument("--account")
        update.add_argument("--name", help="Find the suite by name (with --account).")
        update.add_argument("--rename", help="New name.")
        settings_options(update, create=False)

        for action, text in (("get", "Print a suite as JSON."), ("delete", "Delete a suite; past runs are kept.")):
            p = sub.add_parser(action, help=text)
            p.add_argument("--suite", type=int)
            p.add_argument("--account")
            p.add_argument("--name")

        listing = sub.add_parser("list", help="List suites as JSON lines.")
        listing.add_argument("--account")

        export = sub.add_parser("export", help="Print a suite as YAML.")
        export.add_argument("--suite", type=int)
        export.add_argument("--account")
        export.add_argument("--name")
        export.add_argument("--output", help="Write to this file instead of standard output.")
        export.add_argument("--format", default="yaml", choices=["yaml", "promptfoo"], help="promptfoo: its test file.")

        importing = sub.add_parser("import", help="Create or update a suite from YAML (idempotent), or import cases.")
        importing.add_argument("path", help="A file, or - for standard input.")
        importing.add_argument("--account")
        importing.add_argument(
            "--format", default="yaml", choices=["yaml", *FORMATS],
            help="yaml: a Trustgate suite file; the others import cases from conversations or another tool.",
        )  # fmt: skip
        importing.add_argument("--suite", type=int, help="Add the cases to this suite (its next version).")
        importing.add_argument("--new-suite", help="Put the cases in a new test set of this name.")
        importing.add_argument("--dry-run", action="store_true", help="Print the preview as JSON; write nothing.")
        importing.add_argument("--map", action="append", default=[], help="COLUMN=TARGET (message, messages, ...).")

    def handle(self, *args: Any, **options: Any) -> None:
        getattr(self, f"do_{options['action']}")(options)

    def _write_json(self, data: Any) -> None:
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))

    def _max_turns(self, options: dict[str, Any], default: int) -> int:
        value = options.get("max_turns")
        if value is None:
            return default
        if not 1 <= value <= MAX_TURNS_LIMIT:
            raise CommandError(f"--max-turns must be between 1 and {MAX_TURNS_LIMIT}.")
        return int(value)

    def _persona(self, account: Account, options: dict[str, Any], current: Any) -> Any:
        if options.get("no_persona"):
            return None
        name, description = options.get("persona_name"), options.get("persona_description")
        if not name and not description:
            return current
        if not name or not (description or account.personas.filter(name=name).exists()):
            raise CommandError("A new simulated user needs both --persona-name and --persona-description.")
        return services.persona_get_or_create(account=account, name=name, description=description or "")

    def do_create(self, options: dict[str, Any]) -> None:
        account = _account(options.get("account"))
        cases = parse_cases(options["cases"]) if options.get("cases") else []
        try:
            rows = cases_values(cases)
        except ValidationError as exc:
            raise CommandError(exc.messages[0]) from None
        try:
            with transaction.atomic():
                agent = _agent(account, options.get("agent"))
                suite = services.suite_create(
                    account=account, name=options["name"], scenarios=rows, agent=agent, kind=SuiteKind.TEST_SET,
                    description=options.get("description") or "", policy_text=agent.knowledge if agent else "",
                    default_persona=self._persona(account, options, None),
                    max_turns=self._max_turns(options, DEFAULT_MAX_TURNS),
                )  # fmt: skip
        except services.SuiteError as exc:
            raise CommandError(str(exc)) from None
        self._write_json(suite_json(suite))

    def do_update(self, options: dict[str, Any]) -> None:
        suite = _suite(options)
        cases = parse_cases(options["cases"]) if options.get("cases") is not None else None
        try:
            with transaction.atomic():
                agent = _agent(suite.account, options["agent"]) if options.get("agent") else suite.agent
                services.suite_update(
                    suite=suite, name=options.get("rename") or suite.name,
                    description=options["description"] if options.get("description") is not None else suite.description,
                    agent=agent, default_persona=self._persona(suite.account, options, suite.default_persona),
                    max_turns=self._max_turns(options, suite.max_turns),
                )  # fmt: skip
                if cases is not None:
                    _add_cases(suite, cases)
        except services.SuiteError as exc:
            raise CommandError(str(exc)) from None
        self._write_json(suite_json(suite))

    def do_get(self, options: dict[str, Any]) -> None:
        self._write_json(suite_json(_suite(options)))

    def do_list(self, options: dict[str, Any]) -> None:
        suites = Suite.objects.select_related("account", "agent").order_by("account__name", "name")
        suites = suites.annotate(active_scenarios=selectors.suite_running_count_expression())
        if options.get("account"):
            suites = suites.filter(account=_account(options["account"]))
        for suite in suites:
            row = {"id": suite.pk, "account": suite.account.name, "name": suite.name, "kind": suite.kind,
                   "version": suite.version, "agent": suite.agent.name if suite.agent else None,
                   "activeScenarios": selectors.suite_running_count(suite=suite)}  # fmt: skip
            self.stdout.write(json.dumps(row, ensure_ascii=False))

    def do_delete(self, options: dict[str, Any]) -> None:
        suite = _suite(options)
        name = suite.name
        services.suite_delete(suite=suite)
        self.stdout.write(f"Deleted “{name}”. Its past runs and their results are kept.")

    def do_export(self, options: dict[str, Any]) -> None:
        suite = _suite(options)
        text = suite_to_promptfoo(suite) if options.get("format") == "promptfoo" else suite_to_yaml(suite)
        if options.get("output"):
            with open(options["output"], "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            self.stdout.write(text, ending="")

    def do_import(self, options: dict[str, Any]) -> None:
        if options.get("format", "yaml") != "yaml":
            return self._import_cases(options)
        account = _account(options.get("account"))
        try:
            text = _read(options["path"]).decode("utf-8")
        except UnicodeDecodeError:
            raise CommandError(f"{options['path']} is not UTF-8 text; save it as UTF-8.") from None
        try:
            result = import_suite_yaml(text, account=account)
        except SuiteImportError as exc:
            raise CommandError("Nothing was imported:\n" + "\n".join(f"  {p}" for p in exc.problems)) from None
        suite = result.suite
        self.stdout.write(f"{result.action.capitalize()}: “{suite.name}” v{suite.version} (id {suite.pk}).")

    def _import_cases(self, options: dict[str, Any]) -> None:
        """Cases from another tool's file (docs/imports.md, From the shell): the preview as JSON with --dry-run."""
        data, path = _read(options["path"]), options["path"]
        mapping = dict(item.split("=", 1) for item in options["map"] if "=" in item)
        if len(mapping) != len(options["map"]):
            raise CommandError("Write each --map as COLUMN=TARGET, for example --map question=message.")
        suite = _suite(options) if options.get("suite") else None
        common = {"source_format": options["format"], "filename": "stdin" if path == "-" else path, "mapping": mapping}
        if options["dry_run"]:
            preview = suite_import_preview(data, suite=suite, **common)
            self._write_json(preview.to_dict())
            return
        account = suite.account if suite is not None else _account(options.get("account"))
        try:
            done = suite_import_cases(data, account=account, suite=suite, new_suite_name=options.get("new_suite") or "",
                                      **common)  # fmt: skip
        except ImportRefused as refused:
            shown = refused.preview.problems[:50] if refused.preview else []
            raise CommandError("\n".join([f"Nothing was imported: {refused}", *(f"  {p}" for p in shown)])) from None
        preview = done.preview
        self.stdout.write(
            f"Imported {done.added} cases into “{done.suite.name}” v{done.version} (id {done.suite.pk}); "
            f"{preview.duplicates} duplicate{'' if preview.duplicates == 1 else 's'} removed, "
            f"{preview.pii_masked} personal value{'' if preview.pii_masked == 1 else 's'} masked."
        )


def _read(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as handle:
            return handle.read(MAX_IMPORT_BYTES + 1)  # one byte over the cap is enough to refuse it
    except OSError as exc:
        raise CommandError(f"Cannot read {path}: {exc.strerror}.") from None
