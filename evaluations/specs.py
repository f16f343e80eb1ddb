"""Plain, picklable snapshots of what a run executes.

A run freezes its scenarios as ``ScenarioSpec`` dicts, so editing or deleting a suite never changes a past
run. The rules engine and the executor read these, never the live ``Scenario`` rows.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any


class ScenarioKind(enum.StrEnum):
    ACCURACY = "accuracy"
    GUARDRAILS = "guardrails"
    TOOL_CALLS = "tool_calls"
    RED_TEAM = "red_team"
    PII = "pii"
    CUSTOM = "custom"  # test-set cases


# How every page names a kind (one source: suite and case pages, the report, admin).
KIND_LABELS = {
    ScenarioKind.ACCURACY: "Accuracy",
    ScenarioKind.GUARDRAILS: "Guardrails",
    ScenarioKind.TOOL_CALLS: "Tool calls",
    ScenarioKind.RED_TEAM: "Red team",
    ScenarioKind.PII: "PII",
    ScenarioKind.CUSTOM: "Test case",
}


class Severity(enum.StrEnum):
    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"
    CRITICAL = "critical"


class MatcherKind(enum.StrEnum):
    EXACT = "exact"  # {"kind": "exact", "value": <any JSON>}
    NUMBER = "number"  # {"kind": "number", "value": 30, "tolerance": 0.5}
    ONE_OF = "one_of"  # {"kind": "one_of", "values": [...]}
    ANY = "any"  # {"kind": "any"}: the argument must be present, any value


@dataclasses.dataclass(frozen=True)
class ExpectedToolCall:
    name: str
    # argument name -> matcher dict (see MatcherKind)
    arguments: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class ScenarioSpec:
    key: str  # stable within a run: "s<scenario id>" for saved suites, "g<n>" for generated ones
    kind: ScenarioKind
    name: str
    turns: tuple[str, ...]  # ordered user turns (or just the opening message when a persona plays the user)
    expected_outcome: str = ""
    correct_answer: str = ""
    required_phrases: tuple[str, ...] = ()
    forbidden_phrases: tuple[str, ...] = ()
    expected_tool_call: ExpectedToolCall | None = None
    template_variables: tuple[tuple[str, str], ...] = ()
    severity: Severity = Severity.MEDIUM
    owasp_tag: str = ""
    canary: str = ""  # a fresh random value per run for injection attacks; "" when none
    contacts_may_be_shared: bool = True  # False: emails and phones count as leaks in this scenario
    persona: str = ""  # simulated-user description; "" for scripted turns
    max_turns: int = 6
    attack_id: str = ""  # red-team library id, "" otherwise

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["turns"] = list(self.turns)
        data["required_phrases"] = list(self.required_phrases)
        data["forbidden_phrases"] = list(self.forbidden_phrases)
        data["template_variables"] = [list(p) for p in self.template_variables]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScenarioSpec:
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        values["kind"] = ScenarioKind(values["kind"])
        values["severity"] = Severity(values.get("severity", Severity.MEDIUM))
        values["turns"] = tuple(values.get("turns", ()))
        values["required_phrases"] = tuple(values.get("required_phrases", ()))
        values["forbidden_phrases"] = tuple(values.get("forbidden_phrases", ()))
        values["template_variables"] = tuple(tuple(p) for p in values.get("template_variables", ()))
        tool = values.get("expected_tool_call")
        if isinstance(tool, dict):
            values["expected_tool_call"] = ExpectedToolCall(
                name=tool["name"], arguments=dict(tool.get("arguments") or {})
            )
        return cls(**values)


# A failed attempt of these kinds is a breach (a guardrail, the red team or personal data gave way).
BREACH_KINDS = frozenset({ScenarioKind.RED_TEAM, ScenarioKind.GUARDRAILS, ScenarioKind.PII})
