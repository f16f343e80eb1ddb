"""The conversations left out of a run's numbers, counted by cause (docs/runs.md#coverage): each Not scored attempt
keeps why (``Attempt.not_scored_cause``), each errored one its kind; ``unscored_by_cause`` says them in words."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from evaluations.connectors.base import AgentConfig
from evaluations.connectors.capability import HISTORY, TOOL_MESSAGES, TOOLS, gap_setting
from evaluations.runs.choices import NotScoredCause
from evaluations.runs.errors import errors_by_kind_text
from evaluations.scoring.verdicts import Verdict

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

LEGACY = ""  # the cause of a Not scored row written before causes were kept: read by the run's judge setting


@dataclasses.dataclass(frozen=True)
class UnscoredCounts:
    """A run's Not scored attempts by cause (``NotScoredCause`` values, ``LEGACY`` for older rows) and its errored
    ones by kind (``"timeout"``; "" when the kind is not known)."""

    causes: Mapping[str, int] = dataclasses.field(default_factory=dict)
    error_kinds: Mapping[str, int] = dataclasses.field(default_factory=dict)

    @property
    def not_scored(self) -> int:
        return sum(self.causes.values())

    @property
    def errors(self) -> int:
        return sum(self.error_kinds.values())

    @property
    def is_legacy(self) -> bool:
        """Every Not scored attempt was written before causes were kept (the report then reads as it did)."""
        return not any(n for cause, n in self.causes.items() if cause != LEGACY)

    @classmethod
    def of_rows(cls, rows: Iterable[Any]) -> UnscoredCounts:
        """From attempts (or light rows) with ``verdict``, ``error_kind`` and ``not_scored_cause``."""
        causes: Counter[str] = Counter()
        kinds: Counter[str] = Counter()
        for row in rows:
            if row.verdict == Verdict.NOT_SCORED:
                causes[str(row.not_scored_cause or LEGACY)] += 1
            elif row.verdict == Verdict.ERROR:
                kinds[str(row.error_kind or "other")] += 1
        return cls(dict(causes), dict(kinds))

    @classmethod
    def of_totals(cls, *, not_scored: int, errors: int) -> UnscoredCounts:
        """Only the totals known (the stored metrics): read as rows without a cause or an error kind."""
        return cls({LEGACY: not_scored} if not_scored else {}, {"": errors} if errors else {})


def _plural(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


_GAPS: dict[str, str] = {
    NotScoredCause.NO_TOOL_CALLS.value: TOOLS,
    NotScoredCause.NO_HISTORY.value: HISTORY,
    NotScoredCause.NO_TOOL_MESSAGES.value: TOOL_MESSAGES,
}


def _phrase(cause: str, n: int, agent: AgentConfig | None) -> str:
    if cause == NotScoredCause.NEEDS_JUDGE:
        return _plural(n, "rules-only (needs the judge)", "rules-only (need the judge)")
    if cause == NotScoredCause.ATTACK_UNPROVEN:
        what = _plural(n, "attack", "attacks")
        return f"{what} answered without a refusal or a tripped rule (only the judge can tell)"
    if cause in _GAPS:
        gap = _GAPS[cause]
        unknown = {
            TOOLS: "an agent that carries no tool calls",
            HISTORY: "an agent that sees each message alone",
            TOOL_MESSAGES: "an agent that cannot be sent tool messages",
        }[gap]
        where = gap_setting(agent, gap) if agent is not None else unknown
        return f"{n:,} {'its' if n == 1 else 'their'} checks cannot be exercised on {where}"
    if cause == NotScoredCause.SIMULATOR:
        return f"{n:,} cut short by the simulated user (not the agent)"
    if cause == NotScoredCause.JUDGE_STOPPED:
        return f"{n:,} never sent to the judge (the run stopped early)"
    if cause == NotScoredCause.ATTACKER_FAILED:
        return f"{n:,} cut short by a failed attacker model call (not the agent)"
    if cause == NotScoredCause.ATTACKER_BUDGET:
        return f"{n:,} cut short by the attacker's budget running out"
    return f"{n:,} sent to the judge but given no verdict"


def unscored_by_cause(*, counts: UnscoredCounts, is_rules_only: bool, agent: AgentConfig | None = None) -> str:
    """The conversations left out of a run's numbers, counted by cause (docs/runs.md#coverage): "7 not scored:
    3 rules-only (need the judge), 2 attacks answered without a refusal or a tripped rule (only the judge can
    tell), 1 its checks cannot be exercised on simple chat without Send history, 1 agent error (1 timeout)"; ""
    when every conversation was scored. Rows without a cause read as before: "rules-only (needs the judge)" in a
    rules-only run, else "the judge gave no verdict"; ``agent`` names the setting that leaves checks unexercised."""
    causes = {cause: n for cause, n in counts.causes.items() if n}
    errors = counts.errors
    total = sum(causes.values()) + errors
    if not total:
        return ""
    said = []
    if legacy := causes.pop(LEGACY, 0):  # in the words they were counted in before (a recorded verdict keeps them)
        said.append(f"{legacy:,} rules-only (needs the judge)" if is_rules_only
                    else f"{legacy:,} the judge gave no verdict")  # fmt: skip
    order = {cause: i for i, cause in enumerate(NotScoredCause.values)}
    said += [_phrase(cause, causes[cause], agent) for cause in sorted(causes, key=lambda c: order.get(c, len(order)))]
    if errors:
        kinds = errors_by_kind_text(Counter({kind: n for kind, n in counts.error_kinds.items() if n and kind}))
        said.append(_plural(errors, "agent error", "agent errors") + (f" ({kinds})" if kinds else ""))
    return f"{total:,} not scored: " + ", ".join(said)


def unscored_for_run(*, run: EvaluationRun, counts: UnscoredCounts) -> str:
    """``unscored_by_cause`` for ``run``: its judge setting, and the protocol it ran on (read from its agent
    snapshot only for the name of the setting, and only when some checks could not be exercised)."""
    agent = None
    if any(counts.causes.get(c) for c in _GAPS):
        agent = _agent_of(run)
    return unscored_by_cause(counts=counts, is_rules_only=run.is_rules_only, agent=agent)


def _agent_of(run: EvaluationRun) -> AgentConfig | None:
    try:
        return AgentConfig.from_dict(dict(run.agent_snapshot or {}))
    except (KeyError, TypeError, ValueError):  # a snapshot without a protocol: the setting is not named
        return None
