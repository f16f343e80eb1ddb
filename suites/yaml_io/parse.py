"""Reading a suite's YAML: every field checked, every problem reported with its line and field, nothing written."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError

from evaluations.agents.selectors import agent_get_by_name
from evaluations.core import storable, yamlsafe
from evaluations.core.specs import PhraseScope, ScenarioKind, Severity, ToolOrder, clean_start_from
from evaluations.core.yamlcheck import Checker, ImportProblem, YamlProblems, load_document, tool_context
from evaluations.scoring.rules import MatcherError, clean_markers, validate_matcher
from suites.fields import clean_template_variables
from suites.models import DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT, SuiteKind
from suites.yaml_io.export import FORMAT

if TYPE_CHECKING:
    from billing.models import Account
    from evaluations.agents.models import Agent

MAX_POLICY_CHARS = 100_000
TOP_FIELDS = (
    "trustgate", "name", "version", "kind", "description", "agent", "policy", "default_persona", "max_turns",
    "secret_markers", "scenarios",
)  # fmt: skip
SCENARIO_FIELDS = (
    "name", "kind", "turns", "initial_message", "expected_outcome", "correct_answer", "required_phrases",
    "forbidden_phrases", "required_phrases_scope", "forbidden_phrases_scope", "expected_tool_call",
    "expected_tool_calls", "tool_order", "forbidden_tool_calls", "max_tool_calls", "template_variables", "severity",
    "owasp_tag", "uses_canary", "contacts_may_be_shared", "tool_results_leak", "persona", "max_turns", "attack_id",
    "active", "stale_reason", "start_from", "source",
    "active", "stale_reason", "tool_context",
)  # fmt: skip
MAX_TOOL_CALLS_LIMIT = 1000
_TEXT_LIMITS = {"name": 200, "owasp_tag": 80, "attack_id": 40, "source": 300}

Path = yamlsafe.Path


class SuiteImportError(YamlProblems):
    """The suite YAML cannot be imported; ``problems`` lists every one. Nothing was written."""


def _parse(text: str) -> yamlsafe.Document:
    try:
        return load_document(text)
    except YamlProblems as exc:
        raise SuiteImportError(exc.problems) from None


class _Checker(Checker):
    def tool_call(self, value: Any, path: Path, *, name_only: bool = False) -> dict[str, Any] | None:
        """One ``{name, arguments}`` (a bare name when ``name_only`` calls allow it), matchers checked."""
        if name_only and isinstance(value, str):
            value = {"name": value}
        if not isinstance(value, dict) or not isinstance(value.get("name"), str) or not value["name"].strip():
            self.add(path, "Give the tool's name and its argument matchers.")
            return None
        arguments = value.get("arguments") or {}
        if not isinstance(arguments, dict) or set(value) - {"name", "arguments"}:
            self.add(path, "Use only name and arguments (a mapping of matchers).")
            return None
        for argument, matcher in arguments.items():
            try:
                validate_matcher(matcher)
            except MatcherError as exc:
                self.add((*path, "arguments", str(argument)), str(exc))
        return {"name": value["name"].strip(), "arguments": dict(arguments)}


def _scenario(check: _Checker, item: Any, path: Path, *, default_kind: str) -> dict[str, Any]:
    if not isinstance(item, dict):
        check.add(path, "Each scenario is a mapping of fields (name, kind, turns, ...).")
        return {}
    check.unknown(item, SCENARIO_FIELDS, path)
    kind = item.get("kind", default_kind)
    if not isinstance(kind, str) or kind not in {k.value for k in ScenarioKind}:
        check.add((*path, "kind"), f"Unknown kind {kind!r}; use one of {', '.join(k.value for k in ScenarioKind)}.")
    name = check.text(item, "name", path, limit=_TEXT_LIMITS["name"]).strip()
    if found := storable.name_problem(name, field="The scenario name"):
        check.add((*path, "name"), found)
    if "turns" in item and "initial_message" in item:
        check.add((*path, "initial_message"), "Give either turns or initial_message, not both.")
    if "initial_message" in item:
        message = check.text(item, "initial_message", path, required=True, limit=20_000)
        turns = [message] if message.strip() else []
    else:
        turns = check.strings(item, "turns", path)
        if not turns or not all(t.strip() for t in turns):
            check.add((*path, "turns"), "Give at least one user turn, none of them blank.")
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
    if not isinstance(severity, str) or severity not in {s.value for s in Severity}:
        check.add((*path, "severity"), "Use low, medium, high or critical.")
    return {
        "kind": kind,
        "name": name,
        "turns": list(turns),
        "expected_outcome": check.text(item, "expected_outcome", path),
        "correct_answer": check.text(item, "correct_answer", path),
        "required_phrases": check.strings(item, "required_phrases", path),
        "forbidden_phrases": check.strings(item, "forbidden_phrases", path),
        "required_scope": check.choice(item, "required_phrases_scope", path, PhraseScope, PhraseScope.ANY_REPLY),
        "forbidden_scope": check.choice(item, "forbidden_phrases_scope", path, PhraseScope, PhraseScope.ANY_REPLY),
        **tool_checks(check, item, path),
        "template_variables": variables,
        "severity": severity,
        "owasp_tag": check.text(item, "owasp_tag", path, limit=_TEXT_LIMITS["owasp_tag"]),
        "uses_canary": check.boolean(item, "uses_canary", path, default=False),
        "contacts_may_be_shared": check.boolean(item, "contacts_may_be_shared", path, default=True),
        "tool_results_leak": check.boolean(item, "tool_results_leak", path, default=False),
        "persona": check.text(item, "persona", path),
        "max_turns": check.integer(item, "max_turns", path, default=DEFAULT_MAX_TURNS, low=1, high=MAX_TURNS_LIMIT),
        "attack_id": check.text(item, "attack_id", path, limit=_TEXT_LIMITS["attack_id"]),
        "is_active": check.boolean(item, "active", path, default=True),
        "stale_reason": check.text(item, "stale_reason", path),
        "start_from": _start_from(check, item, path),
        "source": check.text(item, "source", path, limit=_TEXT_LIMITS["source"]),
        "tool_context": tool_context(check, item, path),
    }


def _start_from(check: _Checker, item: dict[str, Any], path: Path) -> list[dict[str, Any]]:
    """The earlier turns the scenario starts from (docs/suites.md, Start from these turns)."""
    try:
        return clean_start_from(item.get("start_from"))
    except ValueError as exc:
        check.add((*path, "start_from"), str(exc))
        return []


def tool_checks(check: _Checker, item: dict[str, Any], path: Path) -> dict[str, Any]:
    """expected_tool_call (one) or expected_tool_calls (several), tool_order, forbidden_tool_calls, max_tool_calls;
    as the scenario fields they are stored in (``expected_tool_call`` is the first expected call)."""
    calls: list[dict[str, Any]] = []
    if "expected_tool_call" in item and "expected_tool_calls" in item:
        check.add((*path, "expected_tool_calls"), "Give either expected_tool_call or expected_tool_calls, not both.")
    if item.get("expected_tool_call") is not None:
        one = check.tool_call(item["expected_tool_call"], (*path, "expected_tool_call"))
        calls = [one] if one else []
    raw_calls = item.get("expected_tool_calls")
    if raw_calls is not None:
        if not isinstance(raw_calls, list):
            check.add((*path, "expected_tool_calls"), "Give a list of calls, each with a name and arguments.")
        else:
            found = [check.tool_call(c, (*path, "expected_tool_calls", i)) for i, c in enumerate(raw_calls)]
            calls = [c for c in found if c]
    forbidden: list[dict[str, Any]] = []
    raw_forbidden = item.get("forbidden_tool_calls") or []
    if not isinstance(raw_forbidden, list):
        check.add((*path, "forbidden_tool_calls"), "Give a list of tool names (or calls with argument matchers).")
    else:
        found = [
            check.tool_call(c, (*path, "forbidden_tool_calls", i), name_only=True) for i, c in enumerate(raw_forbidden)
        ]
        forbidden = [c for c in found if c]
    limit = item.get("max_tool_calls")
    if limit is not None:
        limit = check.integer(item, "max_tool_calls", path, default=0, low=0, high=MAX_TOOL_CALLS_LIMIT)
    return {
        "expected_tool_call": calls[0] if calls else None,
        "expected_tool_calls": calls,
        "tool_order": check.choice(item, "tool_order", path, ToolOrder, ToolOrder.IN_ORDER),
        "forbidden_tool_calls": forbidden,
        "max_tool_calls": limit,
    }


TOOL_CHECK_FIELDS = (
    "expected_tool_call",
    "expected_tool_calls",
    "tool_order",
    "forbidden_tool_calls",
    "max_tool_calls",
)


def parse_tool_checks(text: str) -> dict[str, Any]:
    """The test-set editor's tool-call checks, written as the YAML of a scenario's tool fields; raises
    ``SuiteImportError`` naming each problem's line. Blank text clears every check."""
    if not text.strip():
        return tool_checks(_Checker(_parse("{}")), {}, ())
    document = _parse(text)
    check = _Checker(document)
    if not isinstance(document.data, dict):
        raise SuiteImportError([ImportProblem(1, "", f"Write a mapping with {', '.join(TOOL_CHECK_FIELDS)}.")])
    check.unknown(document.data, TOOL_CHECK_FIELDS, ())
    fields = tool_checks(check, document.data, ())
    if check.problems:
        raise SuiteImportError(check.problems)
    return fields


def tool_checks_from_values(item: dict[str, Any]) -> dict[str, Any]:
    """Tool-call checks given as values (Django admin's editor) rather than YAML, checked as a suite file's are: the
    same sentences, each naming its field (``expected_tool_calls[1].arguments.order_id``). Raises
    ``SuiteImportError``."""
    check = _Checker(_parse("{}"))
    fields = tool_checks(check, item, ())
    if check.problems:
        raise SuiteImportError(check.problems)
    return fields


@dataclasses.dataclass
class ParsedSuite:
    name: str
    version: int
    kind: str
    description: str
    agent: Agent | None
    policy: str
    persona: tuple[str, str] | None
    max_turns: int
    scenarios: list[dict[str, Any]]
    secret_markers: list[str] = dataclasses.field(default_factory=list)


def parse_suite_yaml(text: str, *, account: Account) -> ParsedSuite:
    """Validate everything; raises SuiteImportError with every problem found (line and field each)."""
    document = _parse(text)
    data = document.data
    check = _Checker(document)
    if not isinstance(data, dict):
        message = "The file must be a mapping with name, version and scenarios."
        raise SuiteImportError([ImportProblem(document.line_of(()), "", message)])
    check.unknown(data, TOP_FIELDS, ())
    if "trustgate" in data and data["trustgate"] != FORMAT:
        check.add(("trustgate",), f"This Trustgate reads format {FORMAT!r}, not {data['trustgate']!r}.")
    name = check.text(data, "name", (), required=True, limit=200).strip()
    if found := storable.name_problem(name, field="The suite name"):
        check.add(("name",), found)
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
            agent = agent_get_by_name(account_id=account.pk, name=agent_name.strip())
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
    markers: list[str] = []
    try:
        markers = clean_markers(check.strings(data, "secret_markers", ()))
    except ValueError as exc:
        check.add(("secret_markers",), str(exc))
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
    return ParsedSuite(name, version, kind, description, agent, policy, persona, max_turns, scenarios, markers)
