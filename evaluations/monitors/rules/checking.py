"""Checking an answer against a case's rules (every rule but the judge, which the engine asks afterwards)."""

from __future__ import annotations

import dataclasses
import logging
import re
import traceback
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from evaluations.core import jsonsafe, patterns, storable
from evaluations.monitors.rules.parsing import RuleError
from evaluations.scoring.pii import scan_pii
from evaluations.scoring.rules import is_refusal, phrase_in

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class RuleResult:
    rule: str
    passed: bool
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "passed": self.passed, "message": self.message}


@dataclasses.dataclass(frozen=True)
class RulesOutcome:
    results: tuple[RuleResult, ...]
    judge_rubrics: tuple[str, ...]  # asked only when nothing failed
    error: str = ""  # a rule could not be checked: the sample is an error (not a fail), for this reason

    @property
    def failed(self) -> bool:
        return any(not r.passed for r in self.results)


@dataclasses.dataclass(frozen=True)
class AnswerContext:
    ask: str
    knowledge: str = ""
    allowed_contacts: tuple[str, ...] = ()


MAX_ANSWER_DEPTH = 64  # as an agent's reply (evaluations/connectors/reply.py)


def _json_payload(answer: str) -> str:
    text = answer.strip()
    fenced = re.findall(r"```(?:json)?\s*\n(.*?)```", text, flags=re.DOTALL | re.IGNORECASE)
    if len(fenced) == 1 and not text.startswith(("{", "[")):
        return fenced[0].strip()
    return text


def _check_json(schema: dict[str, Any], answer: str) -> RuleResult:
    try:  # bounded: a deeply nested answer is refused before the parser recurses (docs/configuration.md)
        data = storable.loads(_json_payload(answer), field="The answer", max_depth=MAX_ANSWER_DEPTH, repair=True)
    except storable.NotStorable as exc:
        return RuleResult("json_schema", False, str(exc))
    except ValueError:
        return RuleResult("json_schema", False, "The answer is not JSON.")
    try:
        violation = jsonsafe.first_violation(schema, data)  # never fetches: a remote $ref raises SchemaUnresolvable
    except patterns.PatternTimeout as timeout:
        return RuleResult("json_schema", False, str(timeout))
    if violation is None:
        return RuleResult("json_schema", True, "The answer is JSON that fits the schema.")
    # The validator's own message quotes the value; the path and keyword say enough without the answer text.
    return RuleResult(
        "json_schema", False, f"The JSON does not fit the schema: {violation.json_path} fails '{violation.keyword}'."
    )


_URL = re.compile(r"\bhttps?://[^\s<>()\"'\]]+", re.IGNORECASE)
_FOOTNOTE = re.compile(r"\[\^?\d{1,3}\]|【\d{1,3}(?:†[^】]*)?】")
_SOURCE_LINE = re.compile(r"(?im)^\s*(?:[*_#>-]+\s*)?(?:sources?|references?|citations?)\s*:")


def _check_citation(source: str, answer: str) -> RuleResult:
    urls = _URL.findall(answer)
    if source:
        for url in urls:
            host = (urlsplit(url).hostname or "").lower()
            if host == source or host.endswith("." + source):
                return RuleResult("has_citation", True, f"The answer links to {source}.")
        return RuleResult("has_citation", False, f"The answer has no link to {source}.")
    if urls or _FOOTNOTE.search(answer) or _SOURCE_LINE.search(answer):
        return RuleResult("has_citation", True, "The answer cites a source.")
    return RuleResult("has_citation", False, "The answer cites no source (no link, footnote or Sources line).")


def _check_one(rule: dict[str, Any], answer: str, latency_ms: int | None, context: AnswerContext) -> RuleResult:
    name = rule["rule"]
    if name == "answered":
        limit = float(rule["within_s"])
        seconds = (latency_ms or 0) / 1000
        if seconds <= limit:
            return RuleResult(name, True, f"Answered in {seconds:.1f} s (limit {limit:g} s).")
        return RuleResult(name, False, f"Answered in {seconds:.1f} s, over the {limit:g} s limit.")
    if name == "contains":
        missing = [p for p in rule["phrases"] if not phrase_in(answer, p)]
        if missing:
            return RuleResult(name, False, "Missing: " + "; ".join(f"“{p}”" for p in missing) + ".")
        return RuleResult(name, True, "Contains " + "; ".join(f"“{p}”" for p in rule["phrases"]) + ".")
    if name == "not_contains":
        found = [p for p in rule["phrases"] if phrase_in(answer, p)]
        if found:
            return RuleResult(name, False, "Contains " + "; ".join(f"“{p}”" for p in found) + ".")
        return RuleResult(name, True, "Contains none of " + "; ".join(f"“{p}”" for p in rule["phrases"]) + ".")
    if name == "regex":
        try:
            matched = patterns.pattern_search(rule["pattern"], answer)
        except patterns.PatternTimeout as timeout:
            return RuleResult(name, False, str(timeout))
        return RuleResult(name, matched, "Matches the pattern." if matched else "Does not match the pattern.")
    if name == "json_schema":
        return _check_json(rule["schema"], answer)
    if name == "max_words":
        count = len(answer.split())
        limit = int(rule["max"])
        if count <= limit:
            return RuleResult(name, True, f"{count} words (limit {limit}).")
        return RuleResult(name, False, f"{count} words, over the limit of {limit}.")
    if name == "no_pii":
        findings = scan_pii(
            answer,
            withhold_contacts=True,
            allowed_texts=[context.knowledge] if context.knowledge else [],
            allowed_contacts=context.allowed_contacts,
            user_texts=[context.ask],
        )
        if findings:
            shown = "; ".join(f"{f.label} {f.masked}" for f in findings[:5])
            return RuleResult(name, False, f"Leaks personal data: {shown}.")
        return RuleResult(name, True, "No personal data found.")
    if name == "no_refusal":
        if is_refusal(answer):
            return RuleResult(name, False, "The agent refused to answer.")
        return RuleResult(name, True, "Not a refusal.")
    if name == "has_citation":
        return _check_citation(str(rule.get("source", "")), answer)
    raise RuleError(f"Unknown rule {name!r}.")


def _unchecked(name: str, exc: Exception) -> str:
    """Why a rule could not be checked, as a sentence. Our own errors are sentences already; any other
    exception is named by its type only: its text may quote the answer, and that must not be stored."""
    if isinstance(exc, jsonsafe.SchemaUnresolvable | RuleError):
        return f"The {name} rule could not be checked. {exc}"
    logger.error(
        "The %s monitor rule raised %s:\n%s", name, type(exc).__name__, "".join(traceback.format_tb(exc.__traceback__))
    )
    return f"The {name} rule could not be checked ({type(exc).__name__})."


def evaluate(
    rules: Sequence[dict[str, Any]], *, answer: str, latency_ms: int | None, context: AnswerContext
) -> RulesOutcome:
    """Check every non-judge rule against an answer. The judge rubrics are returned for the caller to ask,
    and only when nothing failed: a judge never overrules a failed rule.

    Never raises: a rule that cannot be checked (a schema reference that does not resolve, a bug) sets
    ``error`` to the first such reason, and the other rules are still checked."""
    results: list[RuleResult] = []
    error = ""
    for rule in rules:
        name = str(rule.get("rule", "?"))
        if name == "judge":
            continue
        try:
            results.append(_check_one(rule, answer, latency_ms, context))
        except Exception as exc:  # one broken rule must not stop the run: its sample becomes an error instead
            error = error or _unchecked(name, exc)
    rubrics = tuple(r["rubric"] for r in rules if r.get("rule") == "judge")
    return RulesOutcome(results=tuple(results), judge_rubrics=rubrics, error=error)
