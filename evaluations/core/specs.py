"""Plain, picklable snapshots of what a run executes.

A run freezes its scenarios as ``ScenarioSpec`` dicts, so editing or deleting a suite never changes a past
run. The rules engine and the executor read these, never the live ``Scenario`` rows.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
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
    REGEX = "regex"  # {"kind": "regex", "pattern": "^NW-\\d+$"}: re.search on the value as text
    CONTAINS = "contains"  # {"kind": "contains", "value": "refund"}: a substring (any case) or a list element


class ToolOrder(enum.StrEnum):
    IN_ORDER = "in_order"  # the expected calls appear in this order (other calls may come between)
    ANY_ORDER = "any_order"


class PhraseScope(enum.StrEnum):
    ANY_REPLY = "any_reply"  # the phrase is looked for in every assistant reply (the default)
    FINAL_REPLY = "final_reply"  # only the conversation's last reply counts


@dataclasses.dataclass(frozen=True)
class ExpectedToolCall:
    name: str
    # argument name -> matcher dict (see MatcherKind)
    arguments: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "arguments": dict(self.arguments)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ExpectedToolCall:
        return cls(name=data["name"], arguments=dict(data.get("arguments") or {}))


START_ROLES = ("user", "assistant")
MAX_START_TURNS = 200


@dataclasses.dataclass(frozen=True)
class StartTurn:
    """One earlier turn a scenario starts from (docs/suites.md, Start from these turns): replayed as the
    conversation's history before the scenario's own message. An assistant turn may name the tool calls it made
    (``{name, arguments}``, kept for reading; agents are sent the text)."""

    role: str  # "user" or "assistant"
    content: str
    tool_calls: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"role": self.role, "content": self.content}
        if self.tool_calls:
            data["tool_calls"] = [dict(call) for call in self.tool_calls]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StartTurn:
        calls = tuple(dict(c) for c in data.get("tool_calls") or () if isinstance(c, Mapping))
        return cls(role=str(data.get("role", "")), content=str(data.get("content", "")), tool_calls=calls)


def clean_start_from(value: Any) -> list[dict[str, Any]]:
    """``start_from`` as stored: a list of ``{role, content}`` (an assistant turn may add ``tool_calls``, each
    ``{name, arguments}``). Raises ``ValueError`` with a sentence naming the turn at fault."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise ValueError("Give the earlier turns as a list of {role, content}.")
    if len(value) > MAX_START_TURNS:
        raise ValueError(f"Start from at most {MAX_START_TURNS} earlier turns.")
    cleaned = []
    for number, turn in enumerate(value, 1):
        if not isinstance(turn, Mapping):
            raise ValueError(f"Earlier turn {number}: write it as a mapping with role and content.")
        if set(turn) - {"role", "content", "tool_calls"}:
            raise ValueError(f"Earlier turn {number}: use only role, content and tool_calls.")
        role, content = turn.get("role"), turn.get("content")
        if role not in START_ROLES:
            raise ValueError(f"Earlier turn {number}: the role is user or assistant, not {role!r}.")
        if not isinstance(content, str):
            raise ValueError(f"Earlier turn {number}: the content is text.")
        calls = turn.get("tool_calls") or []
        if calls and role != "assistant":
            raise ValueError(f"Earlier turn {number}: only an assistant turn carries tool calls.")
        if not isinstance(calls, list) or not all(
            isinstance(c, Mapping) and isinstance(c.get("name"), str) and isinstance(c.get("arguments", {}), dict)
            for c in calls
        ):
            raise ValueError(f"Earlier turn {number}: give tool calls as a list of {{name, arguments}}.")
        if not content.strip() and not calls:
            raise ValueError(f"Earlier turn {number}: the content cannot be blank.")
        item: dict[str, Any] = {"role": role, "content": content}
        if calls:
            item["tool_calls"] = [{"name": c["name"], "arguments": dict(c.get("arguments") or {})} for c in calls]
        cleaned.append(item)
    return cleaned


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
    # ``expected_tool_call`` is the first of ``expected_tool_calls`` (older snapshots and callers give only it);
    # ``__post_init__`` keeps the two in step, so readers may use either.
    expected_tool_call: ExpectedToolCall | None = None
    expected_tool_calls: tuple[ExpectedToolCall, ...] = ()
    tool_order: ToolOrder = ToolOrder.IN_ORDER
    forbidden_tool_calls: tuple[ExpectedToolCall, ...] = ()  # a call matching one of these fails (no args: any)
    max_tool_calls: int | None = None
    required_scope: PhraseScope = PhraseScope.ANY_REPLY
    forbidden_scope: PhraseScope = PhraseScope.ANY_REPLY
    secret_markers: tuple[str, ...] = ()  # the suite's and the agent's markers: never in any reply or tool call
    template_variables: tuple[tuple[str, str], ...] = ()
    severity: Severity = Severity.MEDIUM
    owasp_tag: str = ""
    canary: str = ""  # a fresh random value per run for injection attacks; "" when none
    contacts_may_be_shared: bool = True  # False: emails and phones count as leaks in this scenario
    # True: what a tool returns counts as if the agent had said it (docs/scoring.md, Tool results); by default a
    # result is evidence, and only a reply or a later call that repeats its values leaks them.
    tool_results_leak: bool = False
    persona: str = ""  # simulated-user description; "" for scripted turns
    max_turns: int = 6
    attack_id: str = ""  # red-team library id, "" otherwise
    # Earlier turns the conversation starts from, sent as its history (or replayed) before ``turns``
    start_from: tuple[StartTurn, ...] = ()
    # Tool calls the conversation is seeded with before the first user turn, each {"name", "arguments", "result"}:
    # an attack through a tool result (docs/redteam.md, Attacks through tool results).
    tool_context: tuple[dict[str, Any], ...] = ()
    strategy: str = ""  # the red-team strategy that composed this attack from its library one (docs/redteam.md)
    # An adaptive attack (docs/redteam.md, The attacker model): {"model", "max_calls", "max_agent_messages"}; {} else.
    attacker: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.expected_tool_calls:
            object.__setattr__(self, "expected_tool_call", self.expected_tool_calls[0])
        elif self.expected_tool_call is not None:
            object.__setattr__(self, "expected_tool_calls", (self.expected_tool_call,))

    @property
    def has_tool_checks(self) -> bool:
        return bool(self.expected_tool_calls or self.forbidden_tool_calls or self.max_tool_calls is not None)

    def to_dict(self) -> dict[str, Any]:
        """The frozen form. Checks added after the first release are written only when set, so a scenario
        without them freezes exactly as it always did (``from_dict`` fills in the defaults)."""
        data = dataclasses.asdict(self)
        data["expected_tool_calls"] = [call.to_dict() for call in self.expected_tool_calls]
        data["forbidden_tool_calls"] = [call.to_dict() for call in self.forbidden_tool_calls]
        data["secret_markers"] = list(self.secret_markers)
        data["start_from"] = [turn.to_dict() for turn in self.start_from]
        data["tool_context"] = [dict(item) for item in self.tool_context]
        if len(self.expected_tool_calls) <= 1:
            del data["expected_tool_calls"]  # the one call is ``expected_tool_call``
        for name, default in _ADDED_DEFAULTS.items():
            if data[name] == default:
                del data[name]
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
            values["expected_tool_call"] = ExpectedToolCall.from_dict(tool)
        for key in ("expected_tool_calls", "forbidden_tool_calls"):
            values[key] = tuple(ExpectedToolCall.from_dict(c) for c in values.get(key) or () if isinstance(c, dict))
        values["tool_order"] = ToolOrder(values.get("tool_order") or ToolOrder.IN_ORDER)
        values["required_scope"] = PhraseScope(values.get("required_scope") or PhraseScope.ANY_REPLY)
        values["forbidden_scope"] = PhraseScope(values.get("forbidden_scope") or PhraseScope.ANY_REPLY)
        values["secret_markers"] = tuple(values.get("secret_markers") or ())
        values["start_from"] = tuple(
            StartTurn.from_dict(t) for t in values.get("start_from") or () if isinstance(t, dict)
        )
        values["tool_context"] = tuple(dict(c) for c in values.get("tool_context") or () if isinstance(c, dict))
        values["attacker"] = dict(values.get("attacker") or {})
        return cls(**values)


_ADDED_DEFAULTS: dict[str, Any] = {
    "tool_order": ToolOrder.IN_ORDER,
    "forbidden_tool_calls": [],
    "max_tool_calls": None,
    "required_scope": PhraseScope.ANY_REPLY,
    "forbidden_scope": PhraseScope.ANY_REPLY,
    "secret_markers": [],
    "tool_results_leak": False,
    "start_from": [],
    "strategy": "",
    "tool_context": [],
    "attacker": {},
}

# A failed attempt of these kinds is a breach (a guardrail, the red team or personal data gave way).
BREACH_KINDS = frozenset({ScenarioKind.RED_TEAM, ScenarioKind.GUARDRAILS, ScenarioKind.PII})


# What a scenario is, for telling whether two versions of a suite hold the same one (docs/gate.md, "When the
# suite changes"): every field a run sends or checks. Not the key (a new row of the same scenario has a new one),
# the name or the position, and not the run's canary, which is put back as its placeholder.
_IDENTITY_LEFT_OUT = frozenset({"key", "name", "canary"})


def scenario_identity(data: Mapping[str, Any]) -> str:
    """A hash of a frozen scenario's content (``ScenarioSpec.to_dict()`` or a run's stored dict): equal for the
    same scenario in two versions of a suite, and for two runs of it with different canaries."""
    spec = ScenarioSpec.from_dict(dict(data))
    content = {k: v for k, v in spec.to_dict().items() if k not in _IDENTITY_LEFT_OUT}
    text = json.dumps(content, sort_keys=True, default=str)
    if spec.canary:
        text = text.replace(spec.canary, "{{canary}}")
    return hashlib.sha256(text.encode()).hexdigest()[:24]
