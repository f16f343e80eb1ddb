"""Suites written as YAML (``trustgate: suite/v1``); fields at their default are left out."""

from __future__ import annotations

from typing import Any

import yaml

from evaluations.core.specs import PhraseScope, Severity, ToolOrder
from suites.models import DEFAULT_MAX_TURNS, Scenario, Suite
from suites.selectors import suite_current_scenarios

FORMAT = "suite/v1"


class _Dumper(yaml.SafeDumper):
    pass


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    text = str.__str__(value)  # TextChoices / StrEnum members too
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|" if "\n" in text else None)


_Dumper.add_representer(str, _represent_str)
_Dumper.add_multi_representer(str, _represent_str)


def scenario_to_dict(scenario: Scenario) -> dict[str, Any]:
    data: dict[str, Any] = {"name": scenario.name, "kind": scenario.kind}
    if scenario.start_from:  # before the turns, in the order a run sends them
        data["start_from"] = [dict(turn) for turn in scenario.start_from]
    data["turns"] = list(scenario.turns)
    calls = scenario.expected_calls
    # One expected call is written as before (expected_tool_call), so existing files round-trip unchanged.
    forbidden = [c["name"] if not c.get("arguments") else c for c in scenario.forbidden_tool_calls or []]
    optional: list[tuple[str, Any, Any]] = [
        ("expected_outcome", scenario.expected_outcome, ""),
        ("correct_answer", scenario.correct_answer, ""),
        ("required_phrases", list(scenario.required_phrases or []), []),
        ("required_phrases_scope", scenario.required_scope, PhraseScope.ANY_REPLY.value),
        ("forbidden_phrases", list(scenario.forbidden_phrases or []), []),
        ("forbidden_phrases_scope", scenario.forbidden_scope, PhraseScope.ANY_REPLY.value),
        ("expected_tool_call", calls[0] if len(calls) == 1 else None, None),
        ("expected_tool_calls", calls if len(calls) > 1 else [], []),
        ("tool_order", scenario.tool_order, ToolOrder.IN_ORDER.value),
        ("forbidden_tool_calls", forbidden, []),
        ("max_tool_calls", scenario.max_tool_calls, None),
        ("template_variables", {k: v for k, v in scenario.template_variables or []}, {}),
        ("severity", scenario.severity, Severity.MEDIUM.value),
        ("owasp_tag", scenario.owasp_tag, ""),
        ("uses_canary", scenario.uses_canary, False),
        ("contacts_may_be_shared", scenario.contacts_may_be_shared, True),
        ("tool_results_leak", scenario.tool_results_leak, False),
        ("persona", scenario.persona, ""),
        ("max_turns", scenario.max_turns, DEFAULT_MAX_TURNS),
        ("attack_id", scenario.attack_id, ""),
        # As the suite page shows it: a pending check's pause reads as inactive, with the check's reason.
        ("active", scenario.is_active and not scenario.is_paused, True),
        ("stale_reason", scenario.why_stale, ""),
    ]
    for field, value, default in optional:
        if value != default:
            data[field] = value
    return data


def tool_checks_to_yaml(scenario: Scenario) -> str:
    """The scenario's tool-call checks as the editor shows them: the same keys as in a suite file."""
    keys = ("expected_tool_call", "expected_tool_calls", "tool_order", "forbidden_tool_calls", "max_tool_calls")
    data = {key: value for key, value in scenario_to_dict(scenario).items() if key in keys}
    if not data:
        return ""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)


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
    if suite.secret_marker_list:  # the file is the suite's own definition: its markers travel with it
        data["secret_markers"] = suite.secret_marker_list
    data["scenarios"] = [scenario_to_dict(s) for s in suite_current_scenarios(suite=suite)]
    return data


def suite_to_yaml(suite: Suite) -> str:
    return yaml.dump(
        suite_to_dict(suite), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False
    )
