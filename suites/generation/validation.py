"""Validating a proposal before use: each scenario has the fields of its kind (an accuracy question its
correct answer and required facts found verbatim in the policy, a tool-call request its tool and argument
matchers, a PII attempt whether contacts may be shared), and the counts per kind are exact. Problems come back
as sentences the model is shown on its retry."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from evaluations.core.specs import ScenarioKind, Severity, ToolOrder
from evaluations.scoring.rules import MatcherError, validate_matcher
from suites.generation.schema import (
    DEFAULT_SEVERITY,
    GENERATED_KINDS,
    KIND_LABELS,
    MAX_EXPECTED_CALLS,
    MAX_PHRASES,
    MAX_TURNS_PER_SCENARIO,
    NAME_LIMIT,
    PHRASE_LIMIT,
    TEXT_LIMIT,
    TURN_LIMIT,
)

_TOOL_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$")


def _normal(text: str) -> str:
    return " ".join(text.casefold().split())


def _text(item: Mapping[str, Any], field: str, where: str, problems: list[str], *, limit: int) -> str:
    value = item.get(field, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        problems.append(f"{where}: {field} must be text.")
        return ""
    value = value.strip()
    if len(value) > limit:
        problems.append(f"{where}: {field} is longer than {limit} characters.")
    return value


def _phrases(item: Mapping[str, Any], field: str, where: str, problems: list[str]) -> list[str]:
    value = item.get(field) or []
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        problems.append(f"{where}: {field} must be a list of text.")
        return []
    phrases = [p.strip() for p in value if p.strip()]
    if len(phrases) > MAX_PHRASES:
        problems.append(f"{where}: give at most {MAX_PHRASES} {field.replace('_', ' ')}.")
    for phrase in phrases:
        if len(phrase) > PHRASE_LIMIT:
            problems.append(f"{where}: the phrase {phrase[:40]!r}… is longer than {PHRASE_LIMIT} characters.")
    return phrases


def _tool_checks(item: Mapping[str, Any], where: str, problems: list[str]) -> dict[str, Any]:
    """expected_tool_call (one) or expected_tool_calls (several), tool_order, forbidden_tool_calls, max_tool_calls."""
    several = item.get("expected_tool_calls")
    if several is not None and item.get("expected_tool_call") is not None:
        problems.append(f"{where}: give expected_tool_call or expected_tool_calls, not both.")
    if several is not None:
        if not isinstance(several, list) or not several or len(several) > MAX_EXPECTED_CALLS:
            problems.append(f"{where}: expected_tool_calls must list 1 to {MAX_EXPECTED_CALLS} calls.")
            several = []
        calls = [_tool_call(call, where, problems) for call in several]
    else:
        calls = [_tool_call(item.get("expected_tool_call"), where, problems)]
    order = item.get("tool_order") or ToolOrder.IN_ORDER
    if order not in {o.value for o in ToolOrder}:
        problems.append(f"{where}: tool_order must be in_order or any_order.")
    forbidden = item.get("forbidden_tool_calls") or []
    if not isinstance(forbidden, list) or not all(
        isinstance(n, str) and _TOOL_NAME.match(n.strip()) for n in forbidden
    ):
        problems.append(f"{where}: forbidden_tool_calls must be a list of tool names.")
        forbidden = []
    limit = item.get("max_tool_calls")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit <= 50):
        problems.append(f"{where}: max_tool_calls must be a whole number from 0 to 50.")
        limit = None
    found = [call for call in calls if call]
    return {
        "expected_tool_call": found[0] if found else None,
        "expected_tool_calls": found,
        "tool_order": str(order),
        "forbidden_tool_calls": [{"name": n.strip(), "arguments": {}} for n in forbidden],
        "max_tool_calls": limit,
    }


def _tool_call(tool: Any, where: str, problems: list[str]) -> dict[str, Any] | None:
    if not isinstance(tool, dict):
        problems.append(f"{where}: a tool-call scenario needs expected_tool_call with a name and arguments.")
        return None
    name = tool.get("name")
    if not isinstance(name, str) or not _TOOL_NAME.match(name.strip()):
        problems.append(f"{where}: the tool name {name!r} is not a valid tool name.")
        return None
    arguments = tool.get("arguments", {})
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        problems.append(f"{where}: expected_tool_call.arguments must be an object of argument matchers.")
        return None
    for argument, matcher in arguments.items():
        try:
            validate_matcher(matcher)
        except MatcherError as exc:
            problems.append(f"{where}: argument {argument!r}: {exc}")
    return {"name": name.strip(), "arguments": dict(arguments)}


def validate_scenario(
    item: Any, *, index: int, kinds: Sequence[str], knowledge: str, key: str = ""
) -> tuple[dict[str, Any] | None, list[str]]:
    """One proposed scenario -> (ScenarioSpec-shaped dict, problems). The dict is None when problems exist."""
    where = f"Scenario {index}"
    if not isinstance(item, dict):
        return None, [f"{where} is not an object."]
    problems: list[str] = []
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        return None, [f"{where}: kind {kind!r} is not one of {', '.join(kinds)}."]
    name = _text(item, "name", where, problems, limit=NAME_LIMIT)
    if name:
        where = f"Scenario {index} ({name[:60]})"
    else:
        problems.append(f"{where}: give it a name.")
    turns = item.get("turns")
    if not isinstance(turns, list) or not turns or not all(isinstance(t, str) and t.strip() for t in turns):
        problems.append(f"{where}: turns must be a list of one or more non-empty user messages.")
        turns = []
    elif len(turns) > MAX_TURNS_PER_SCENARIO:
        problems.append(f"{where}: give at most {MAX_TURNS_PER_SCENARIO} user turns.")
    elif any(len(t) > TURN_LIMIT for t in turns):
        problems.append(f"{where}: a user turn is longer than {TURN_LIMIT} characters.")
    expected = _text(item, "expected_outcome", where, problems, limit=TEXT_LIMIT)
    correct = _text(item, "correct_answer", where, problems, limit=TEXT_LIMIT)
    required = _phrases(item, "required_phrases", where, problems)
    forbidden = _phrases(item, "forbidden_phrases", where, problems)
    severity = item.get("severity") or DEFAULT_SEVERITY[kind]
    if severity not in {s.value for s in Severity}:
        problems.append(f"{where}: severity {severity!r} is not low, medium, high or critical.")
    tools: dict[str, Any] = {}
    contacts = item.get("contacts_may_be_shared", True)
    if not isinstance(contacts, bool):
        problems.append(f"{where}: contacts_may_be_shared must be true or false.")
    if kind == ScenarioKind.ACCURACY:
        if not correct:
            problems.append(f"{where}: an accuracy scenario needs its correct answer.")
        if not required:
            problems.append(f"{where}: an accuracy scenario needs 1-3 required facts (required_phrases).")
        policy = _normal(knowledge)
        for phrase in required:
            if _normal(phrase) not in policy:
                problems.append(f"{where}: the required fact {phrase!r} does not appear verbatim in the policy.")
    elif kind == ScenarioKind.TOOL_CALLS:
        tools = _tool_checks(item, where, problems)
    elif kind == ScenarioKind.PII and "contacts_may_be_shared" not in item:
        problems.append(f"{where}: a PII scenario must say whether contacts may be shared (contacts_may_be_shared).")
    if kind in (ScenarioKind.GUARDRAILS, ScenarioKind.PII, ScenarioKind.TOOL_CALLS) and not expected:
        problems.append(f"{where}: give the expected outcome.")
    if kind == ScenarioKind.CUSTOM and len(turns) > 1:
        problems.append(f"{where}: a test case has one initial message.")
    if problems:
        return None, problems
    spec = {
        "key": key,
        "kind": kind,
        "name": name,
        "turns": [t.strip() for t in turns],
        "expected_outcome": expected,
        "correct_answer": correct,
        "required_phrases": required,
        "forbidden_phrases": forbidden,
        "expected_tool_call": None,
        **tools,
        "template_variables": [],
        "severity": severity,
        "owasp_tag": "",
        "canary": "",
        "contacts_may_be_shared": bool(contacts),
        "persona": "",
        "max_turns": 6,
        "attack_id": "",
    }
    return spec, []


def validate_proposal(
    data: Any, *, kinds: Sequence[str], counts: Mapping[str, int], knowledge: str
) -> tuple[list[dict[str, Any]], list[str]]:
    """A ``propose_scenarios`` input -> (scenarios in kind order, problems). Any problem rejects the whole proposal."""
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list):
        return [], ['The proposal must be an object with a "scenarios" list.']
    problems: list[str] = []
    by_kind: dict[str, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    names: set[str] = set()
    for index, item in enumerate(data["scenarios"], start=1):
        if isinstance(item, dict) and item.get("kind") in GENERATED_KINDS and item["kind"] not in kinds:
            continue  # a kind nobody asked for: dropped like a surplus scenario
        spec, item_problems = validate_scenario(item, index=index, kinds=kinds, knowledge=knowledge)
        problems += item_problems
        if spec is None:
            continue
        if _normal(spec["name"]) in names:
            problems.append(f"Scenario {index}: the name {spec['name']!r} is used twice; names must differ.")
        names.add(_normal(spec["name"]))
        by_kind[spec["kind"]].append(spec)
    no_tools = data.get("policy_names_no_tools") is True
    for kind in kinds:
        wanted = counts[kind]
        got = len(by_kind[kind])
        if kind == ScenarioKind.TOOL_CALLS and no_tools:
            if got:
                problems.append("policy_names_no_tools is true, yet tool-call scenarios were proposed.")
            continue
        if got < wanted:
            problems.append(f"Only {got} usable {KIND_LABELS[kind]} scenarios; {wanted} are needed.")
    if problems:
        return [], problems
    scenarios = [spec for kind in kinds for spec in by_kind[kind][: counts[kind]]]
    for number, spec in enumerate(scenarios, start=1):
        spec["key"] = f"g{number}"
    return scenarios, []
