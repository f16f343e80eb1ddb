"""The status rules (docs/monitors.md), as pure functions over a run's summary and the monitor's recent past.

* **Down**: no answer (an error) on every sample of the run.
* **Degraded**: the pass rate is below the target in this run and the run before it (a down run counts as
  below), or a case that always passed now fails. "Always passed" means: the case passed in each of its
  earlier scored runs (looking back ``HISTORY_RUNS``), and there were at least ``ALWAYS_PASSED_MIN_RUNS`` of
  them, so one lucky first run does not make a habit.
* A degraded monitor stays degraded while the pass rate is below target or a case that caused it still does
  not pass; it **recovers** (up) when the pass rate meets the target and those cases pass again.
* A run in which nothing could be scored (every answer "not judged") changes nothing, except that a down
  monitor is up again once it answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from evaluations.monitors.models import MonitorStatus, SampleVerdict

ALWAYS_PASSED_MIN_RUNS = 2
HISTORY_RUNS = 20


@dataclasses.dataclass(frozen=True)
class CaseOutcome:
    """A case's result in one run: pass when at least ``min_passing`` samples passed; fail when that can no
    longer happen; error when every sample got no answer; not judged otherwise."""

    verdict: str
    passed: int
    failed: int
    errors: int
    not_judged: int

    def to_dict(self) -> dict[str, object]:
        return dataclasses.asdict(self)


def case_outcome(verdicts: Sequence[str], *, min_passing: int) -> CaseOutcome:
    passed = sum(v == SampleVerdict.PASS for v in verdicts)
    failed = sum(v == SampleVerdict.FAIL for v in verdicts)
    errors = sum(v == SampleVerdict.ERROR for v in verdicts)
    not_judged = sum(v == SampleVerdict.NOT_JUDGED for v in verdicts)
    if passed >= min_passing:
        verdict = SampleVerdict.PASS
    elif verdicts and errors == len(verdicts):
        verdict = SampleVerdict.ERROR
    elif passed + not_judged < min_passing:
        verdict = SampleVerdict.FAIL  # an error sample is a sample that did not pass
    else:
        verdict = SampleVerdict.NOT_JUDGED
    return CaseOutcome(str(verdict), passed, failed, errors, not_judged)


def pass_rate(verdicts: Sequence[str]) -> float | None:
    """Passed samples over all scored samples, in percent. Errors count as not passed; "not judged" samples
    are left out. None when nothing was scored."""
    scored = [v for v in verdicts if v != SampleVerdict.NOT_JUDGED]
    if not scored:
        return None
    return 100.0 * sum(v == SampleVerdict.PASS for v in scored) / len(scored)


def always_passed(history: Sequence[Mapping[str, Mapping[str, object]]]) -> set[str]:
    """Case ids (as strings) that passed in every earlier run they were scored in, at least
    ``ALWAYS_PASSED_MIN_RUNS`` times. ``history`` holds earlier runs' ``case_results``."""
    seen: dict[str, list[str]] = {}
    for case_results in history:
        for case_id, result in case_results.items():
            verdict = str(result.get("verdict", ""))
            if verdict in (SampleVerdict.PASS, SampleVerdict.FAIL):
                seen.setdefault(case_id, []).append(verdict)
    return {
        case_id
        for case_id, verdicts in seen.items()
        if len(verdicts) >= ALWAYS_PASSED_MIN_RUNS and all(v == SampleVerdict.PASS for v in verdicts)
    }


@dataclasses.dataclass(frozen=True)
class Decision:
    status: str
    reasons: tuple[str, ...]
    regressed_case_ids: tuple[str, ...]  # cases that must pass again before the monitor recovers
    below_target: bool | None  # None: nothing was scored, the streak is unchanged


def decide(
    *,
    previous: str,
    all_errors: bool,
    rate: float | None,
    target: float,
    previous_below: bool,
    case_verdicts: Mapping[str, str],
    always_passed_ids: set[str],
    regressed_ids: Sequence[str],
    case_names: Mapping[str, str],
    first_error: str = "",
) -> Decision:
    def named(ids: Sequence[str]) -> str:
        return ", ".join(f"“{case_names.get(i, 'case ' + i)}”" for i in ids)

    if all_errors:
        reason = "No answer on any sample."
        if first_error:
            reason += f" {first_error}"
        return Decision(MonitorStatus.DOWN, (reason,), tuple(regressed_ids), True)

    if rate is None:
        status = MonitorStatus.UP if previous == MonitorStatus.DOWN else previous
        answers_again = ("The agent answers again; no answer could be judged.",) if status != previous else ()
        return Decision(status, answers_again, tuple(regressed_ids), None)

    below = rate < target
    newly = sorted(c for c, v in case_verdicts.items() if v == SampleVerdict.FAIL and c in always_passed_ids)
    still = sorted(c for c in regressed_ids if c in case_verdicts and case_verdicts[c] != SampleVerdict.PASS)
    regressed = sorted(set(newly) | set(still))
    reasons: list[str] = []
    if below and previous_below:
        reasons.append(f"Pass rate {rate:.0f}% is below the {target:g}% target for 2 runs in a row.")
    elif below and previous == MonitorStatus.DEGRADED:
        reasons.append(f"Pass rate {rate:.0f}% is still below the {target:g}% target.")
    if newly:
        reasons.append(f"Always passed before and now fails: {named(newly)}.")
    if still:
        reasons.append(f"Still failing: {named(still)}.")
    if reasons:
        return Decision(MonitorStatus.DEGRADED, tuple(reasons), tuple(regressed), below)
    if previous in (MonitorStatus.DEGRADED, MonitorStatus.DOWN):
        reasons.append(f"Pass rate {rate:.0f}% meets the {target:g}% target again.")
    elif below:
        reasons.append(f"Pass rate {rate:.0f}% is below the {target:g}% target (one run; degraded after two).")
    return Decision(MonitorStatus.UP, tuple(reasons), (), below)


def alert_title(previous: str, status: str) -> str | None:
    """The alert for a state change, or None when the change is not worth waking anyone (first run is up)."""
    if previous == status:
        return None
    if status == MonitorStatus.DOWN:
        return "Down"
    if status == MonitorStatus.DEGRADED:
        return "Degraded"
    if status == MonitorStatus.UP and previous in (MonitorStatus.DEGRADED, MonitorStatus.DOWN):
        return "Recovered"
    return None
