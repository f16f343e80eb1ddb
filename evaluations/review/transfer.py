"""The calibration set as JSON lines: one labelled example a line, for review in another tool or to move it between
workspaces. Pure: parsing and writing only; review.services saves what ``parse_lines`` returns.

A line: ``{"scenario": {...}, "transcript": [{"role", "content"}], "tool_calls": [...], "human_verdict": "pass" |
"fail", "judge_verdicts": {"<provider>/<model>/<prompt>/<strictness>": "pass" | "fail" | "not_scored"}}``
(``tool_calls``, ``rule_findings``, ``knowledge`` — the policy the judge read — and ``judge_verdicts`` optional).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

from evaluations.core import storable
from evaluations.core.specs import ScenarioSpec

MAX_BYTES = 5 * 1024 * 1024
MAX_LINES = 10_000
MAX_ERRORS_SHOWN = 20
LABELS = ("pass", "fail")
JUDGE_LABELS = ("pass", "fail", "not_scored")
ROLES = ("user", "assistant")


@dataclasses.dataclass(frozen=True)
class ImportedExample:
    scenario: dict[str, Any]
    transcript: list[dict[str, str]]
    tool_calls: list[Any]
    rule_findings: list[Any]
    knowledge: str
    human_verdict: str
    judge_verdicts: dict[str, str]


class ImportProblems(ValueError):
    """Every problem of a file, each with its line number; nothing was imported."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        shown = problems[:MAX_ERRORS_SHOWN]
        more = len(problems) - len(shown)
        super().__init__("\n".join(shown + ([f"… and {more} more problems."] if more else [])))


def example_line(example: Any) -> str:
    """One example as a JSON line (``example`` is a CalibrationExample with its verdicts prefetched)."""
    return json.dumps(
        storable.readable_value(  # a row saved before the import checked text still exports
            {
                "scenario": example.scenario,
                "transcript": example.transcript,
                "tool_calls": example.tool_calls,
                "rule_findings": example.rule_findings,
                "knowledge": example.knowledge,
                "human_verdict": example.human_verdict,
                "judge_verdicts": {v.config: v.verdict for v in example.verdicts.all()},
                "source_run": example.run_id_ref,
            }
        ),
        ensure_ascii=False,
    )


def parse_lines(raw: bytes) -> list[ImportedExample]:
    """Every line checked; ImportProblems lists what is wrong with which line (blank lines are skipped)."""
    if len(raw) > MAX_BYTES:
        raise ImportProblems([f"The file is too large: at most {MAX_BYTES // (1024 * 1024)} MB."])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad_line = raw[: exc.start].count(b"\n") + 1
        raise ImportProblems([f"Line {bad_line}: not UTF-8 text."]) from None
    # Line feeds only: str.splitlines() also splits at U+0085, U+2028 and the like, which the export writes raw
    # inside JSON strings.
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines[-1] == "":
        lines.pop()
    if len(lines) > MAX_LINES:
        raise ImportProblems([f"The file has {len(lines):,} lines; at most {MAX_LINES:,} examples at once."])
    examples: list[ImportedExample] = []
    problems: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            examples.append(_example(line))
        except ValueError as exc:
            problems.append(f"Line {number}: {exc}")
    if problems:
        raise ImportProblems(problems)
    if not examples:
        raise ImportProblems(["The file has no examples."])
    return examples


def _example(line: str) -> ImportedExample:
    try:  # storable text only (docs/configuration.md): no NUL, no lone surrogate, bounded depth, finite numbers
        data = storable.loads(line, field="the line")
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg}, column {exc.colno}).") from None
    except storable.NotStorable as exc:
        raise ValueError(f"{str(exc)[0].lower()}{str(exc)[1:]}") from None
    if not isinstance(data, dict):
        raise ValueError("each line must be a JSON object.")
    human = data.get("human_verdict")
    if human not in LABELS:
        raise ValueError('"human_verdict" must be "pass" or "fail".')
    scenario = data.get("scenario")
    if not isinstance(scenario, dict):
        raise ValueError('"scenario" must be an object (a scenario as the JSON report writes it).')
    try:
        ScenarioSpec.from_dict(scenario)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f'"scenario" is not a scenario Trustgate can read ({type(exc).__name__}: {exc}).') from None
    return ImportedExample(
        scenario=scenario,
        transcript=_transcript(data.get("transcript")),
        tool_calls=_list(data, "tool_calls"),
        rule_findings=_list(data, "rule_findings"),
        knowledge=_text(data, "knowledge"),
        human_verdict=human,
        judge_verdicts=_judge_verdicts(data.get("judge_verdicts", {})),
    )


def _transcript(value: Any) -> list[dict[str, str]]:
    if not isinstance(value, list) or not value:
        raise ValueError('"transcript" must be a non-empty list of {"role", "content"} turns.')
    turns = []
    for index, turn in enumerate(value, start=1):
        if not isinstance(turn, dict) or turn.get("role") not in ROLES or not isinstance(turn.get("content"), str):
            raise ValueError(
                f'turn {index} of "transcript" must be {{"role": "user" or "assistant", "content": text}}.'
            )
        turns.append({"role": turn["role"], "content": turn["content"]})
    return turns


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f'"{key}" must be a list.')
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > 200_000:
        raise ValueError(f'"{key}" must be text of at most 200,000 characters.')
    return value


def _judge_verdicts(value: Any) -> dict[str, str]:
    if not isinstance(value, dict):
        raise ValueError('"judge_verdicts" must be an object of configuration → verdict.')
    for config, verdict in value.items():
        if not isinstance(config, str) or not 0 < len(config) <= 120 or config.count("/") != 3:
            raise ValueError(f'judge configuration "{str(config)[:60]}" must read provider/model/prompt/strictness.')
        if verdict not in JUDGE_LABELS:
            raise ValueError(f'the verdict of "{config}" must be "pass", "fail" or "not_scored".')
    return dict(value)


def export_lines(examples: Iterable[Any]) -> Iterable[str]:
    for example in examples:
        yield example_line(example) + "\n"
