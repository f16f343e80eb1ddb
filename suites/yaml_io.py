"""Suites as YAML, so they can live in a repository (SPEC §3).

Format (``trustgate: suite/v1``; fields at their default are left out on export)::

    trustgate: suite/v1
    name: Refund requests
    version: 1
    kind: test_set                  # or "suite"
    description: Billing questions that should end in a refund
    agent: Support bot              # an agent of the workspace, by name (optional)
    policy: |                       # the policy this version was written or checked against
      Refunds within 30 days...
    default_persona:                # optional simulated user
      name: Impatient customer
      description: In a hurry, wants the money back today.
    max_turns: 6
    scenarios:
      - name: Double charge
        kind: custom
        turns:
          - Hi, I was charged twice for order {{order_id}}.
        expected_outcome: Refunds the duplicate charge and says when it arrives.
        template_variables:
          order_id: "1042"

Scenario fields: kind, name, turns (or ``initial_message``), expected_outcome, correct_answer,
required_phrases, forbidden_phrases, expected_tool_call (``{name, arguments: {arg: matcher}}``),
template_variables, severity, owasp_tag, uses_canary, contacts_may_be_shared, persona, max_turns, attack_id,
active, stale_reason.

Import validates everything before writing anything and reports every problem with its line and field
(``scenarios[3]`` counts from 1). It is idempotent by suite name + version: the same file imported twice
changes nothing; a higher version updates the suite (scenarios that did not change keep their identity, the
others are retired in the new version); the same version with other content, or a lower one, is refused.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from typing import Any

import yaml
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from billing.models import Account
from evaluations.agents.models import Agent
from evaluations.scoring.rules import MatcherError, validate_matcher
from evaluations.specs import ScenarioKind, Severity
from suites.models import (
    DEFAULT_MAX_TURNS,
    MAX_TURNS_LIMIT,
    ProposalStatus,
    Scenario,
    Suite,
    SuiteKind,
    SuiteVersion,
)
from suites.services import clean_template_variables, persona_get_or_create, suite_create

FORMAT = "suite/v1"
MAX_YAML_CHARS = 1_000_000
MAX_POLICY_CHARS = 100_000
TOP_FIELDS = (
    "trustgate", "name", "version", "kind", "description", "agent", "policy", "default_persona", "max_turns",
    "scenarios",
)  # fmt: skip
SCENARIO_FIELDS = (
    "name", "kind", "turns", "initial_message", "expected_outcome", "correct_answer", "required_phrases",
    "forbidden_phrases", "expected_tool_call", "template_variables", "severity", "owasp_tag", "uses_canary",
    "contacts_may_be_shared", "persona", "max_turns", "attack_id", "active", "stale_reason",
)  # fmt: skip
_TEXT_LIMITS = {"name": 200, "owasp_tag": 80, "attack_id": 40}

Path = tuple[str | int, ...]


@dataclasses.dataclass(frozen=True)
class ImportProblem:
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"Line {self.line}" if self.line else "File"
        return f"{where}, {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class SuiteImportError(Exception):
    """The YAML cannot be imported; ``problems`` lists every one. Nothing was written."""

    def __init__(self, problems: list[ImportProblem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


@dataclasses.dataclass(frozen=True)
class ImportResult:
    suite: Suite
    action: str  # "created" | "updated" | "unchanged"


# Export ------------------------------------------------------------------------------------------------------------


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    text = str.__str__(value)  # TextChoices / StrEnum members too
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


_Dumper.add_representer(str, _represent_str)
_Dumper.add_multi_representer(str, _represent_str)


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    data: dict[str, Any] = {"name": scenario.name, "kind": scenario.kind, "turns": list(scenario.turns)}
    optional: list[tuple[str, Any, Any]] = [
        ("expected_outcome", scenario.expected_outcome, ""),
        ("correct_answer", scenario.correct_answer, ""),
        ("required_phrases", list(scenario.required_phrases or []), []),
        ("forbidden_phrases", list(scenario.forbidden_phrases or []), []),
        ("expected_tool_call", scenario.expected_tool_call, None),
        ("template_variables", {k: v for k, v in scenario.template_variables or []}, {}),
        ("severity", scenario.severity, Severity.MEDIUM.value),
        ("owasp_tag", scenario.owasp_tag, ""),
        ("uses_canary", scenario.uses_canary, False),
        ("contacts_may_be_shared", scenario.contacts_may_be_shared, True),
        ("persona", scenario.persona, ""),
        ("max_turns", scenario.max_turns, DEFAULT_MAX_TURNS),
        ("attack_id", scenario.attack_id, ""),
        ("active", scenario.is_active, True),
        ("stale_reason", scenario.stale_reason, ""),
    ]
    for field, value, default in optional:
        if value != default:
            data[field] = value
    return data


def suite_to_dict(suite: Suite) -> dict[str, Any]:
    data: dict[str, Any] = {"trustgate": FORMAT, "name": suite.name, "version": suite.version, "kind": suite.kind}
    if suite.description:
        data["description"] = suite.description
    if suite.agent_id is not None:
        data["agent"] = suite.agent.name  # type: ignore[union-attr]
    if suite.policy_text:
        data["policy"] = suite.policy_text
    if suite.default_persona_id is not None:
        persona = suite.default_persona
        data["default_persona"] = {"name": persona.name, "description": persona.description}  # type: ignore[union-attr]
    if suite.max_turns != DEFAULT_MAX_TURNS:
        data["max_turns"] = suite.max_turns
    data["scenarios"] = [
        scenario_to_dict(s) for s in suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk")
    ]
    return data


def suite_to_yaml(suite: Suite) -> str:
    return yaml.dump(
        suite_to_dict(suite), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )


# Parsing with line numbers -------------------------------------------------------------------------------------------


def _field(path: Path) -> str:
    text = ""
    for part in path:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def _line(root: yaml.Node | None, path: Path) -> int | None:
    """The line of the node at ``path``, or of the closest parent that exists."""
    node = root
    best = node.start_mark.line + 1 if node is not None else None
    for part in path:
        child = None
        line = None
        if isinstance(node, yaml.MappingNode) and isinstance(part, str):
            pair = next(((k, v) for k, v in node.value if getattr(k, "value", None) == part), None)
            if pair is not None:
                child, line = pair[1], pair[0].start_mark.line + 1  # the key's line: "field:" is what people look for
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            child = node.value[part]
            line = child.start_mark.line + 1
        if child is None:
            break
        node, best = child, line
    return best


def _duplicate_keys(node: yaml.Node, path: Path = ()) -> Iterator[ImportProblem]:
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key, value in node.value:
            name = getattr(key, "value", None)
            if name in seen:
                line = key.start_mark.line + 1
                yield ImportProblem(line, _field((*path, str(name))), f"“{name}” is given twice.")
            seen.add(name)
            yield from _duplicate_keys(value, (*path, str(name)))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _duplicate_keys(item, (*path, index))


def _parse(text: str) -> tuple[Any, yaml.Node | None]:
    if len(text) > MAX_YAML_CHARS:
        raise SuiteImportError([ImportProblem(None, "", "Keep the YAML under 1 MB.")])
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                mark = event.start_mark
                raise SuiteImportError(
                    [
                        ImportProblem(
                            mark.line + 1 if mark is not None else None,
                            "",
                            "YAML anchors and aliases (&, *) are not supported here.",
                        )
                    ]
                )
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        message = f"This is not valid YAML: {exc.problem or exc.context}"
        if mark is not None:
            message += f" (column {mark.column + 1})"
        raise SuiteImportError([ImportProblem(line, "", message + ".")]) from None
    except yaml.YAMLError as exc:
        raise SuiteImportError([ImportProblem(None, "", f"This is not valid YAML: {exc}.")]) from None
    if root is not None:
        problems = list(_duplicate_keys(root))
        if problems:
            raise SuiteImportError(problems)
    return data, root


# Validation ----------------------------------------------------------------------------------------------------------


class _Checker:
    def __init__(self, root: yaml.Node | None) -> None:
        self.root = root
        self.problems: list[ImportProblem] = []

    def add(self, path: Path, message: str) -> None:
        self.problems.append(ImportProblem(_line(self.root, path), _field(path), message))

    def text(self, data: dict[str, Any], key: str, path: Path, *, required: bool = False, limit: int = 20_000) -> str:
        value = data.get(key)
        if value is None:
            if required:
                self.add((*path, key), "This field is required.")
            return ""
        if not isinstance(value, str):
            self.add((*path, key), "Write this as text.")
            return ""
        if required and not value.strip():
            self.add((*path, key), "This field cannot be blank.")
        if len(value) > limit:
            self.add((*path, key), f"Keep this under {limit:,} characters.")
        return value

    def integer(self, data: dict[str, Any], key: str, path: Path, *, default: int, low: int, high: int) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.add((*path, key), f"Give a whole number from {low} to {high}.")
            return default
        return value

    def boolean(self, data: dict[str, Any], key: str, path: Path, *, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.add((*path, key), "Write true or false.")
            return default
        return value

    def strings(self, data: dict[str, Any], key: str, path: Path) -> list[str]:
        value = data.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add((*path, key), "Give a list of text items.")
            return []
        return list(value)

    def unknown(self, data: dict[str, Any], allowed: tuple[str, ...], path: Path) -> None:
        for key in data:
            if key not in allowed:
                self.add((*path, str(key)), f"Unknown field “{key}”; fields here are: {', '.join(allowed)}.")


def _scenario(check: _Checker, item: Any, path: Path, *, default_kind: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        check.add(path, "Each scenario is a mapping of fields (name, kind, turns, ...).")
        return {}
    check.unknown(item, SCENARIO_FIELDS, path)
    kind = item.get("kind", default_kind)
    if kind not in {k.value for k in ScenarioKind}:
        check.add((*path, "kind"), f"Unknown kind {kind!r}; use one of {', '.join(k.value for k in ScenarioKind)}.")
    name = check.text(item, "name", path, limit=_TEXT_LIMITS["name"]).strip()
    if "turns" in item and "initial_message" in item:
        check.add((*path, "initial_message"), "Give either turns or initial_message, not both.")
    if "initial_message" in item:
        message = check.text(item, "initial_message", path, required=True, limit=20_000)
        turns = [message] if message.strip() else []
    else:
        turns = check.strings(item, "turns", path)
        if not turns or not all(t.strip() for t in turns):
            check.add((*path, "turns"), "Give at least one user turn, none of them blank.")
    tool = item.get("expected_tool_call")
    if tool is not None:
        if not isinstance(tool, dict) or not isinstance(tool.get("name"), str) or not tool["name"].strip():
            check.add((*path, "expected_tool_call"), "Give the tool's name and its argument matchers.")
        else:
            arguments = tool.get("arguments") or {}
            if not isinstance(arguments, dict) or set(tool) - {"name", "arguments"}:
                check.add((*path, "expected_tool_call"), "Use only name and arguments (a mapping of matchers).")
            else:
                for argument, matcher in arguments.items():
                    try:
                        validate_matcher(matcher)
                    except MatcherError as exc:
                        check.add((*path, "expected_tool_call", "arguments", str(argument)), str(exc))
                tool = {"name": tool["name"].strip(), "arguments": dict(arguments)}
    raw_variables = item.get("template_variables") or {}
    variables: list[list[str]] = []
    if not isinstance(raw_variables, dict):
        check.add((*path, "template_variables"), "Write template variables as a mapping of name: value.")
    else:
        pairs = []
        for key, value in raw_variables.items():
            if isinstance(value, dict | list) or value is None:
                check.add((*path, "template_variables", str(key)), "A variable's value is text (or a number).")
                continue
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            pairs.append([str(key), text])
        try:
            variables = clean_template_variables(pairs)
        except ValidationError as exc:
            check.add((*path, "template_variables"), exc.messages[0])
    severity = item.get("severity", Severity.MEDIUM.value)
    if severity not in {s.value for s in Severity}:
        check.add((*path, "severity"), "Use low, medium, high or critical.")
    return {
        "kind": kind,
        "name": name,
        "turns": list(turns),
        "expected_outcome": check.text(item, "expected_outcome", path),
        "correct_answer": check.text(item, "correct_answer", path),
        "required_phrases": check.strings(item, "required_phrases", path),
        "forbidden_phrases": check.strings(item, "forbidden_phrases", path),
        "expected_tool_call": tool,
        "template_variables": variables,
        "severity": severity,
        "owasp_tag": check.text(item, "owasp_tag", path, limit=_TEXT_LIMITS["owasp_tag"]),
        "uses_canary": check.boolean(item, "uses_canary", path, default=False),
        "contacts_may_be_shared": check.boolean(item, "contacts_may_be_shared", path, default=True),
        "persona": check.text(item, "persona", path),
        "max_turns": check.integer(item, "max_turns", path, default=DEFAULT_MAX_TURNS, low=1, high=MAX_TURNS_LIMIT),
        "attack_id": check.text(item, "attack_id", path, limit=_TEXT_LIMITS["attack_id"]),
        "is_active": check.boolean(item, "active", path, default=True),
        "stale_reason": check.text(item, "stale_reason", path),
    }


@dataclasses.dataclass
class _ParsedSuite:
    name: str
    version: int
    kind: str
    description: str
    agent: Agent | None
    policy: str
    persona: tuple[str, str] | None
    max_turns: int
    scenarios: list[dict[str, Any]]


def parse_suite_yaml(text: str, *, account: Account) -> _ParsedSuite:
    """Validate everything; raises SuiteImportError with every problem found (line and field each)."""
    data, root = _parse(text)
    check = _Checker(root)
    if not isinstance(data, dict):
        message = "The file must be a mapping with name, version and scenarios."
        raise SuiteImportError([ImportProblem(_line(root, ()), "", message)])
    check.unknown(data, TOP_FIELDS, ())
    if "trustgate" in data and data["trustgate"] != FORMAT:
        check.add(("trustgate",), f"This Trustgate reads format {FORMAT!r}, not {data['trustgate']!r}.")
    name = check.text(data, "name", (), required=True, limit=200).strip()
    version = check.integer(data, "version", (), default=1, low=1, high=1_000_000)
    kind = data.get("kind", SuiteKind.SUITE.value)
    if kind not in SuiteKind.values:
        check.add(("kind",), f"Use {' or '.join(SuiteKind.values)}.")
    description = check.text(data, "description", (), limit=4000)
    policy = check.text(data, "policy", (), limit=MAX_POLICY_CHARS)
    agent = None
    agent_name = data.get("agent")
    if agent_name is not None:
        if not isinstance(agent_name, str):
            check.add(("agent",), "Give the agent's name as text.")
        else:
            agent = Agent.objects.filter(account=account, name=agent_name.strip()).first()
            if agent is None:
                missing = f"This workspace has no agent named “{agent_name}”; create it first or remove the line."
                check.add(("agent",), missing)
    persona = None
    raw_persona = data.get("default_persona")
    if raw_persona is not None:
        if not isinstance(raw_persona, dict):
            check.add(("default_persona",), "Give the simulated user as a mapping with name and description.")
        else:
            check.unknown(raw_persona, ("name", "description"), ("default_persona",))
            persona_name = check.text(raw_persona, "name", ("default_persona",), required=True, limit=120).strip()
            persona_text = check.text(raw_persona, "description", ("default_persona",), required=True, limit=4000)
            persona = (persona_name, persona_text.strip())
    max_turns = check.integer(data, "max_turns", (), default=DEFAULT_MAX_TURNS, low=1, high=MAX_TURNS_LIMIT)
    raw_scenarios = data.get("scenarios", [])
    scenarios: list[dict[str, Any]] = []
    if not isinstance(raw_scenarios, list):
        check.add(("scenarios",), "Give the scenarios as a list.")
    else:
        default_kind = ScenarioKind.CUSTOM.value
        for index, item in enumerate(raw_scenarios):
            scenario = _scenario(check, item, ("scenarios", index), default_kind=default_kind)
            if scenario and not scenario["name"]:
                scenario["name"] = f"Case {index + 1}"
            scenarios.append(scenario)
    if check.problems:
        raise SuiteImportError(check.problems)
    return _ParsedSuite(name, version, kind, description, agent, policy, persona, max_turns, scenarios)


# Import ---------------------------------------------------------------------------------------------------------------

_CONTENT_FIELDS = (
    "kind name turns expected_outcome correct_answer required_phrases forbidden_phrases expected_tool_call "
    "template_variables severity owasp_tag uses_canary contacts_may_be_shared persona max_turns attack_id"
).split()


def _signature(values: dict[str, Any]) -> str:
    return json.dumps([values.get(field) for field in _CONTENT_FIELDS], sort_keys=True, default=str)


def _row_values(row: Scenario) -> dict[str, Any]:
    values = {field: getattr(row, field) for field in _CONTENT_FIELDS}
    values["template_variables"] = [list(p) for p in row.template_variables or []]
    values["required_phrases"] = list(row.required_phrases or [])
    values["forbidden_phrases"] = list(row.forbidden_phrases or [])
    return values


def _same_content(suite: Suite, parsed: _ParsedSuite) -> bool:
    persona = suite.default_persona
    mine_persona = (persona.name, persona.description) if persona is not None else None
    rows = list(suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk"))
    return (
        suite.kind == parsed.kind
        and suite.description == parsed.description
        and suite.agent_id == (parsed.agent.pk if parsed.agent else None)
        and suite.policy_text == parsed.policy
        and mine_persona == parsed.persona
        and suite.max_turns == parsed.max_turns
        and [(_signature(_row_values(r)), r.is_active, r.stale_reason) for r in rows]
        == [(_signature(s), s["is_active"], s["stale_reason"]) for s in parsed.scenarios]
    )


def _row(values: dict[str, Any], *, suite: Suite, position: int, version: int) -> Scenario:
    fields = {field: values[field] for field in _CONTENT_FIELDS}
    return Scenario(
        suite=suite,
        position=position,
        introduced_in=version,
        is_active=values["is_active"],
        stale_reason=values["stale_reason"],
        **fields,
    )


def import_suite_yaml(text: str, *, account: Account, user: Any = None) -> ImportResult:
    """Create or update the suite the YAML describes. Raises SuiteImportError (nothing written)."""
    parsed = parse_suite_yaml(text, account=account)
    with transaction.atomic():
        existing = Suite.objects.select_for_update().filter(account=account, name=parsed.name).first()
        persona = None
        if parsed.persona is not None and (existing is None or parsed.version > existing.version):
            persona = persona_get_or_create(account=account, name=parsed.persona[0], description=parsed.persona[1])
        if existing is None:
            suite = suite_create(
                account=account,
                name=parsed.name,
                scenarios=[],
                agent=parsed.agent,
                description=parsed.description,
                kind=parsed.kind,
                policy_text=parsed.policy,
                default_persona=persona,
                max_turns=parsed.max_turns,
                version=parsed.version,
                user=user,
                note="Imported from YAML",
            )
            rows = [_row(s, suite=suite, position=i, version=parsed.version) for i, s in enumerate(parsed.scenarios, 1)]
            for row in rows:
                row.full_clean(exclude=["suite"])
            Scenario.objects.bulk_create(rows)
            return ImportResult(suite, "created")
        if parsed.version == existing.version:
            if _same_content(existing, parsed):
                return ImportResult(existing, "unchanged")
            raise SuiteImportError(
                [
                    ImportProblem(
                        None,
                        "version",
                        f"“{existing.name}” version {existing.version} already exists with other content. "
                        f"Raise the version to {existing.version + 1} to import the change.",
                    )
                ]
            )
        if parsed.version < existing.version:
            raise SuiteImportError(
                [
                    ImportProblem(
                        None,
                        "version",
                        f"“{existing.name}” is already at version {existing.version}; this file is version "
                        f"{parsed.version}. Export the suite to get its current YAML.",
                    )
                ]
            )
        _update(existing, parsed, persona=persona, user=user)
        return ImportResult(existing, "updated")


def _update(suite: Suite, parsed: _ParsedSuite, *, persona: Any, user: Any) -> None:
    """Version N+k from the file: unchanged scenarios stay (same ids), the rest are retired or added."""
    number = parsed.version
    current = list(suite.scenarios.filter(retired_in__isnull=True).order_by("position", "pk"))
    by_signature: dict[str, list[Scenario]] = {}
    for row in current:
        by_signature.setdefault(_signature(_row_values(row)), []).append(row)
    kept: set[int] = set()
    offset = (suite.scenarios.aggregate(last=Max("position"))["last"] or 0) + len(parsed.scenarios) + 1
    new_rows: list[Scenario] = []
    for position, values in enumerate(parsed.scenarios, start=1):
        matches = by_signature.get(_signature(values))
        if matches:
            row = matches.pop(0)
            kept.add(row.pk)
            Scenario.objects.filter(pk=row.pk).update(
                position=position, is_active=values["is_active"], stale_reason=values["stale_reason"]
            )
        else:
            row = _row(values, suite=suite, position=position, version=number)
            row.full_clean(exclude=["suite"])
            new_rows.append(row)
    retired = [row.pk for row in current if row.pk not in kept]
    Scenario.objects.filter(pk__in=retired).update(is_active=False, retired_in=number, position=offset)
    Scenario.objects.bulk_create(new_rows)
    suite.change_proposals.filter(status=ProposalStatus.PENDING).update(status=ProposalStatus.SUPERSEDED)
    suite.version, suite.kind, suite.description = number, parsed.kind, parsed.description
    suite.agent, suite.policy_text, suite.default_persona = parsed.agent, parsed.policy, persona
    suite.max_turns = parsed.max_turns
    suite.save()
    SuiteVersion.objects.create(
        suite=suite, number=number, policy_text=parsed.policy, created_by=user, note="Imported from YAML"
    )
