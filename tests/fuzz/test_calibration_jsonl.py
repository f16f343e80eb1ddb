"""The calibration set's JSON-lines import (evaluations/review/transfer.py, review.services.calibration_import),
fed hostile lines: every file is imported whole with storable rows or refused line by line with nothing written;
what is exported imports again."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, note, settings
from hypothesis import strategies as st

from evaluations.review import selectors, services
from evaluations.review.models import CalibrationExample, CalibrationVerdict
from evaluations.review.transfer import ImportProblems, export_lines
from tests.fuzz.hostile import (
    FUZZ,
    counts,
    hostile_text,
    is_human_sentence,
    json_bytes,
    mutated,
    rolled_back,
    unstorable,
)

TURN = {"role": "user", "content": "How long?"}
EXAMPLE: dict[str, Any] = {
    "scenario": {"key": "s1", "kind": "accuracy", "name": "Refund window", "turns": ["How long?"]},
    "transcript": [TURN, {"role": "assistant", "content": "30 days."}],
    "tool_calls": [{"name": "lookup", "arguments": {"order": 1}}],
    "rule_findings": [],
    "knowledge": "Refunds within 30 days.",
    "human_verdict": "pass",
    "judge_verdicts": {"anthropic/sonnet/v3/balanced": "pass"},
}
MODELS = (CalibrationExample, CalibrationVerdict)


def _line(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, allow_nan=True).encode("utf-8", errors="surrogatepass")


LINE = st.one_of(
    mutated(EXAMPLE, nested={"transcript": TURN}).map(_line),
    mutated(EXAMPLE, nested={"transcript": TURN}).map(_line),
    json_bytes(),
)
SEPARATOR = st.sampled_from([b"\n", b"\r\n", b"\n\n"])


@settings(FUZZ, max_examples=60)
@given(lines=st.lists(LINE, min_size=0, max_size=3), separator=SEPARATOR)
def test_calibration_import_saves_storable_rows_or_refuses_by_line(acme, lines, separator):
    raw = separator.join(lines)
    note(f"input: {raw!r}")
    with rolled_back():
        before = counts(*MODELS)
        try:
            added = services.calibration_import(account_id=acme.pk, raw=raw)
        except ImportProblems as exc:
            assert exc.problems and all(is_human_sentence(problem) for problem in exc.problems)
            assert counts(*MODELS) == before
        else:
            assert added == CalibrationExample.objects.count() - before["CalibrationExample"]
            assert unstorable(*MODELS) == []


TEXT = hostile_text().filter(lambda text: not any("\ud800" <= c <= "\udfff" or c == "\x00" for c in text))


@settings(FUZZ, max_examples=40)
@given(content=TEXT, knowledge=TEXT)
def test_what_is_exported_imports_again(acme, content, knowledge):
    """Any storable text an example holds survives export and import (JSON lines are split on line feeds only)."""
    note(f"content: {content!r}, knowledge: {knowledge!r}")
    example = {**EXAMPLE, "transcript": [{"role": "assistant", "content": content}], "knowledge": knowledge[:200_000]}
    with rolled_back():
        services.calibration_import(account_id=acme.pk, raw=_line(example))
        exported = "".join(export_lines(selectors.calibration_examples(account_id=acme.pk))).encode()
        CalibrationExample.objects.all().delete()
        assert services.calibration_import(account_id=acme.pk, raw=exported) == 1
        again = CalibrationExample.objects.get()
        assert (again.transcript[0]["content"], again.knowledge) == (content, knowledge[:200_000])
