"""The judge's answer: the verdict record, and reading it from a tool call or, failing that, from JSON text."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Sequence
from typing import Any

from evaluations.scoring.judge.prompt import DIMENSIONS, RECORD_VERDICT, cut
from evaluations.scoring.verdicts import FAIL, NOT_SCORED, PASS

_RATIONALE_LIMIT = 4_000


@dataclasses.dataclass(frozen=True)
class JudgeVerdict:
    verdict: str  # "pass" | "fail" | "not_scored"
    score: float | None  # 0–100; None when not scored
    rationale: str
    dimensions: dict[str, float] | None  # only for scenarios graded on the four quality dimensions
    model: str
    prompt_version: str
    strictness: str
    reason_not_scored: str = ""
    # What it cost: provider calls made (0 when it was never sent) and the tokens they reported.
    calls: int = 0
    input_tokens: int = 0
    cached_input_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0

    @property
    def is_scored(self) -> bool:
        return self.verdict != NOT_SCORED


class MalformedVerdict(Exception):
    """The judge's answer holds no usable verdict; ``str(error)`` says why."""


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise MalformedVerdict(f"{field} is not a number")
    if not 0 <= value <= 100:
        raise MalformedVerdict(f"{field} {value:g} is outside 0-100")
    return float(value)


def _validate(data: Any, *, with_dimensions: bool) -> tuple[str, float, str, dict[str, float] | None]:
    if not isinstance(data, dict):
        raise MalformedVerdict("the verdict is not an object")
    verdict = data.get("verdict")
    if not isinstance(verdict, str) or verdict.strip().lower() not in (PASS, FAIL):
        raise MalformedVerdict(f"verdict {verdict!r} is not pass or fail")
    score = _number(data.get("score"), "score")
    rationale = data.get("rationale")
    if not isinstance(rationale, str) or not rationale.strip():
        raise MalformedVerdict("the rationale is missing")
    dimensions: dict[str, float] | None = None
    raw = data.get("dimensions")
    if with_dimensions and raw is not None:
        if not isinstance(raw, dict) or any(name not in raw for name in DIMENSIONS):
            raise MalformedVerdict("dimensions must give helpfulness, correctness, tone and efficiency")
        dimensions = {name: _number(raw[name], name) for name in DIMENSIONS}
    return verdict.strip().lower(), score, cut(rationale.strip(), _RATIONALE_LIMIT), dimensions


def _json_objects(text: str) -> list[Any]:
    """Every JSON object that can be decoded starting at some ``{`` in ``text``, in order."""
    decoder = json.JSONDecoder()
    found: list[Any] = []
    for match in re.finditer(r"\{", text):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except ValueError:
            continue
        if isinstance(value, dict) and "verdict" in value:
            found.append(value)
    return found


def read_verdict(
    tool_calls: Sequence[tuple[str, dict[str, Any]]], text: str, *, with_dimensions: bool
) -> tuple[str, float, str, dict[str, float] | None]:
    """The verdict from the last record_verdict call, else the last valid JSON verdict in the text."""
    calls = [tool_input for name, tool_input in tool_calls if name == RECORD_VERDICT]
    if calls:
        return _validate(calls[-1], with_dimensions=with_dimensions)
    candidates = _json_objects(text)
    if not candidates:
        raise MalformedVerdict("the judge gave no verdict")
    last_error: MalformedVerdict | None = None
    for candidate in reversed(candidates):
        try:
            return _validate(candidate, with_dimensions=with_dimensions)
        except MalformedVerdict as error:
            last_error = last_error or error
    assert last_error is not None
    raise last_error


def judge_usage(verdict: JudgeVerdict) -> dict[str, Any]:
    """The ``model_usage`` an attempt stores for its judgement (empty when no call was made)."""
    if not verdict.calls:
        return {}
    return {
        "judge": {
            "model": verdict.model,
            "calls": verdict.calls,
            "input_tokens": verdict.input_tokens,
            "cached_input_tokens": verdict.cached_input_tokens,
            "cache_write_tokens": verdict.cache_write_tokens,
            "output_tokens": verdict.output_tokens,
        }
    }
