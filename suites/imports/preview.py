"""The preview of an import (docs/imports.md, The preview): the chosen format's reader drafts the cases, each text
is PII-masked, duplicates are removed (counted), and every problem keeps its line. Nothing is written here."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from evaluations.core.specs import ScenarioKind
from suites.fields import tool_call_fields
from suites.imports.base import MAX_CASES, MAX_IMPORT_BYTES, MAX_IMPORT_MB, Draft, FileRefused, Problem, Reader
from suites.imports.conversations import read_csv, read_jsonl
from suites.imports.deepeval import read_deepeval
from suites.imports.langfuse import read_langfuse
from suites.imports.langsmith import read_langsmith
from suites.imports.masking import Masker
from suites.imports.otel import read_otel
from suites.imports.promptfoo import read_promptfoo

FORMATS: dict[str, tuple[str, Reader]] = {
    "jsonl": ("Conversations, JSON Lines (messages or mapped keys)", read_jsonl),
    "csv": ("Conversations, CSV (mapped columns)", read_csv),
    "otel": ("OpenTelemetry GenAI traces (OTLP JSON)", read_otel),
    "langfuse": ("Langfuse traces or dataset items (JSON, JSON Lines, CSV)", read_langfuse),
    "langsmith": ("LangSmith dataset examples or runs (JSON, JSON Lines, CSV)", read_langsmith),
    "promptfoo": ("promptfoo tests (YAML or CSV)", read_promptfoo),
    "deepeval": ("DeepEval goldens (JSON or CSV)", read_deepeval),
}
FORMAT_CHOICES = [(key, label) for key, (label, _) in FORMATS.items()]
MAX_TEXT_CHARS = 20_000
# The fields of a case that say what it checks: two cases equal on all of them are duplicates.
_CONTENT_KEYS = (
    "turns", "start_from", "expected_outcome", "template_variables", "required_phrases", "forbidden_phrases",
    "expected_tool_calls", "tool_order",
)  # fmt: skip


@dataclasses.dataclass
class PreviewCase:
    values: dict[str, Any]  # the scenario fields the import writes (masked)
    source: str
    line: int | None
    became: list[str]
    dropped: list[str]

    @property
    def message(self) -> str:
        return str(self.values["turns"][0])

    def content_key(self) -> str:
        return content_key(self.values)


@dataclasses.dataclass
class Preview:
    format: str
    filename: str
    cases: list[PreviewCase] = dataclasses.field(default_factory=list)
    problems: list[Problem] = dataclasses.field(default_factory=list)
    refused: str = ""  # the sentence when the whole file could not be read
    duplicates: int = 0  # cases left out because an earlier one (or one already in the suite) is the same
    already_in_suite: int = 0  # of those, the ones the target suite already holds
    pii_masked: int = 0
    skipped: int = 0  # records that are not conversations (spans of tools, steps inside a run)
    columns: list[str] = dataclasses.field(default_factory=list)
    mapping: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def can_import(self) -> bool:
        return bool(self.cases) and not self.problems and not self.refused

    @property
    def format_label(self) -> str:
        return FORMATS[self.format][0] if self.format in FORMATS else self.format

    def why_not(self) -> str:
        """Why Import is refused, in a sentence; "" when it is not."""
        if self.refused:
            return self.refused
        if self.problems:
            count = len(self.problems)
            return (
                f"Fix the {count} problem{'s' if count > 1 else ''} listed (each with its line) and upload the file "
                "again: an import writes every case or none."
            )
        if not self.cases:
            return "The file holds no new case to import."
        return ""

    def to_dict(self, *, shown: int | None = None) -> dict[str, Any]:
        """The preview report as JSON (the CI API, the command's --dry-run)."""
        cases = self.cases if shown is None else self.cases[:shown]
        return {
            "format": self.format, "file": self.filename, "can_import": self.can_import, "why_not": self.why_not(),
            "cases_found": len(self.cases), "duplicates_removed": self.duplicates,
            "already_in_suite": self.already_in_suite, "pii_masked": self.pii_masked, "skipped": self.skipped,
            "mapping": self.mapping,
            "problems": [{"line": p.line, "message": p.message} for p in self.problems],
            "cases": [{"name": c.values["name"], "message": c.message, "start_from": c.values["start_from"],
                       "expected_outcome": c.values["expected_outcome"], "source": c.source, "became": c.became,
                       "dropped": c.dropped} for c in cases],
        }  # fmt: skip


def content_key(values: Mapping[str, Any]) -> str:
    return json.dumps([values.get(key) for key in _CONTENT_KEYS], sort_keys=True, default=str)


def import_preview(
    data: bytes,
    *,
    source_format: str,
    filename: str,
    mapping: Mapping[str, str] | None = None,
    existing: Sequence[Mapping[str, Any]] = (),
) -> Preview:
    """Read ``data`` as ``source_format`` (a key of ``FORMATS``): the cases it holds, masked, without duplicates (nor the cases ``existing``,
    the target suite's, already holds), and every problem with its line. Never raises for bad input."""
    filename = (filename or "upload").replace("\\", "/").rsplit("/", 1)[-1][:120]
    preview = Preview(format=source_format, filename=filename)
    if source_format not in FORMATS:
        preview.refused = f"Choose a format: {', '.join(FORMATS)}."
        return preview
    if len(data) > MAX_IMPORT_BYTES:
        preview.refused = (
            f"The file is {len(data) / 1024 / 1024:.1f} MB; imports take files up to {MAX_IMPORT_MB} MB. "
            "Split it into smaller files and import each."
        )
        return preview
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        preview.refused = f"The file is not UTF-8 text (byte {exc.start + 1} cannot be read); save it as UTF-8."
        return preview
    try:
        result = FORMATS[source_format][1](text, filename=filename, mapping=dict(mapping or {}))
    except FileRefused as refused:
        preview.refused = str(refused)
        return preview
    preview.problems, preview.skipped = list(result.problems), result.skipped
    preview.columns, preview.mapping = result.columns, result.mapping
    if len(result.drafts) > MAX_CASES:
        preview.refused = f"The file holds {len(result.drafts):,} cases; imports take up to {MAX_CASES:,} at once."
        return preview
    masker = Masker()
    in_suite = {content_key(values) for values in existing}
    seen = set(in_suite)
    for draft in result.drafts:
        before = masker.masked
        case = _case(draft, masker, preview.problems)
        if case is None:
            continue
        key = case.content_key()
        if key in seen:
            preview.duplicates += 1
            preview.already_in_suite += key in in_suite
            continue
        seen.add(key)
        preview.cases.append(case)
        preview.pii_masked += masker.masked - before  # counted in what is kept, not in the duplicates left out
    preview.problems.sort(key=lambda p: p.line or 0)
    return preview


def _case(draft: Draft, masker: Masker, problems: list[Problem]) -> PreviewCase | None:
    texts = [draft.message, draft.expected_outcome, *(t["content"] for t in draft.start_from)]
    if any(len(text) > MAX_TEXT_CHARS for text in texts):
        problems.append(Problem(draft.line, f"A message here is longer than {MAX_TEXT_CHARS:,} characters."))
        return None
    start_from = [
        {**turn, "content": masker.text(turn["content"]),
         **({"tool_calls": masker.value(turn["tool_calls"])} if turn.get("tool_calls") else {})}
        for turn in draft.start_from
    ]  # fmt: skip
    values: dict[str, Any] = {
        "kind": ScenarioKind.CUSTOM.value,
        "name": masker.text(draft.name)[:200],
        "turns": [masker.text(draft.message)],
        "start_from": start_from,
        "expected_outcome": masker.text(draft.expected_outcome),
        "template_variables": [[key, masker.text(value)] for key, value in draft.template_variables],
        "required_phrases": [masker.text(p) for p in draft.required_phrases],
        "forbidden_phrases": [masker.text(p) for p in draft.forbidden_phrases],
        **tool_call_fields(masker.value(draft.expected_tool_calls)),
        "tool_order": draft.tool_order,
        "source": draft.source[:300],
    }
    return PreviewCase(values=values, source=draft.source, line=draft.line, became=draft.became, dropped=draft.dropped)
