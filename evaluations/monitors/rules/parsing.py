"""Parsing the rule catalogue: a rule as written -> its normalised dict, and back (see the package docstring)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from evaluations.core import jsonsafe, patterns, yamlsafe

RULE_NAMES = (
    "answered",
    "contains",
    "not_contains",
    "regex",
    "json_schema",
    "max_words",
    "no_pii",
    "no_refusal",
    "has_citation",
    "judge",
)
DEFAULT_WITHIN_S = 20.0
MAX_WITHIN_S = 300.0
MAX_PATTERN_CHARS = 500
MAX_RUBRIC_CHARS = 2000
MAX_PHRASE_CHARS = 500


class RuleError(ValueError):
    """A rule is written wrong; ``str(error)`` says how to fix it. ``path`` is where inside the rule as written
    (e.g. ``("json_schema", "properties", "a", "$ref")``), so an importer can name that line."""

    def __init__(self, message: str, *, path: tuple[str | int, ...] = (), problems: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.path = path
        self.problems = list(problems) or [message]  # every wrong line, when several were checked at once


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|sec|secs|seconds?|m|min|mins|minutes?)?\s*$", re.IGNORECASE)


def parse_duration(value: Any) -> float:
    """Seconds from ``20``, ``"20s"``, ``"1.5s"``, ``"500ms"``, ``"2m"``."""
    if isinstance(value, bool):
        raise RuleError("within must be a duration such as 20s.")
    if isinstance(value, int | float):
        seconds = float(value)
    else:
        match = _DURATION.match(str(value))
        if not match:
            raise RuleError(f"within must be a duration such as 20s or 500ms, not {str(value)[:40]!r}.")
        number, unit = float(match.group(1)), (match.group(2) or "s").lower()
        seconds = number / 1000 if unit == "ms" else number * 60 if unit.startswith("m") else number
    if not 0 < seconds <= MAX_WITHIN_S:
        raise RuleError(f"within must be more than 0 and at most {MAX_WITHIN_S:g} seconds.")
    return seconds


def _phrases(name: str, value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    phrases: list[str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int | float) or not str(item).strip():
            raise RuleError(f"{name} needs a phrase (or a list of phrases) in quotes.")
        if len(str(item)) > MAX_PHRASE_CHARS:
            raise RuleError(f"{name}: a phrase may be at most {MAX_PHRASE_CHARS} characters.")
        phrases.append(str(item).strip())
    if not phrases:
        raise RuleError(f"{name} needs at least one phrase.")
    return phrases


_PROBE_CHARS = "ax0 "


def check_pattern(pattern: str) -> None:
    """Refuse a pattern that does not compile, or that runs away on simple repeated-character inputs (each probe
    gets the pattern time limit, ``patterns.PATTERN_TIME_LIMIT_S``)."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise RuleError(f"regex: the pattern may be at most {MAX_PATTERN_CHARS} characters.")
    try:
        patterns.pattern_check(pattern)
    except patterns.PatternError as exc:
        raise RuleError(f"regex: {str(exc)[0].lower()}{str(exc)[1:]}") from None
    literals = {ch for ch in pattern if ch.isalnum() or ch in " -_.@"}
    for ch in sorted(set(_PROBE_CHARS) | literals)[:24]:
        for probe in (ch * 2000 + "\x00", (ch + " ") * 1000 + "\x00"):
            try:
                patterns.pattern_search(pattern, probe)
            except patterns.PatternTimeout:
                raise RuleError(
                    "regex: the pattern takes too long on simple inputs (catastrophic backtracking, e.g. nested "
                    "repeats such as (a+)+); simplify it."
                ) from None


def _check_schema(schema: Any) -> dict[str, Any]:
    if schema is True or schema is None:
        return {}
    if not isinstance(schema, dict):
        raise RuleError("json_schema needs a JSON Schema object, e.g. {type: object, required: [answer]}.")
    try:
        jsonsafe.schema_check(schema)
    except (jsonsafe.SchemaRefersOutside, jsonsafe.SchemaLoops) as exc:
        raise RuleError(f"json_schema: {exc}", path=("json_schema", *exc.path)) from None
    except jsonsafe.SchemaRefused as exc:
        message = f"json_schema is not a valid JSON Schema: {str(exc)[:200]}."
        raise RuleError(message, path=("json_schema", *exc.path)) from None
    return schema


def parse_rule(raw: Any) -> dict[str, Any]:
    """One rule as written (``{"contains": "x"}`` or ``"no_pii"``) -> its normalised dict. Raises RuleError."""
    if isinstance(raw, str):
        name, value = raw.strip(), None
    elif isinstance(raw, dict) and len(raw) == 1:
        name, value = next(iter(raw.items()))
        name = str(name).strip()
    elif isinstance(raw, dict):
        raise RuleError('Write one rule per list item, e.g. - contains: "30 days".')
    else:
        raise RuleError('A rule is a name such as no_pii or a mapping such as contains: "30 days".')
    if name not in RULE_NAMES:
        raise RuleError(f"Unknown rule {name!r}; the rules are: {', '.join(RULE_NAMES)}.")

    if name == "answered":
        if value is None or value is True:
            return {"rule": name, "within_s": DEFAULT_WITHIN_S}
        if isinstance(value, dict):
            unknown = set(value) - {"within"}
            if unknown:
                raise RuleError(f"answered takes only within, not {', '.join(sorted(map(str, unknown)))}.")
            within = value.get("within", DEFAULT_WITHIN_S)
        else:
            within = value
        return {"rule": name, "within_s": parse_duration(within)}
    if name in ("contains", "not_contains"):
        return {"rule": name, "phrases": _phrases(name, value)}
    if name == "regex":
        if not isinstance(value, str) or not value:
            raise RuleError('regex needs a pattern in quotes, e.g. regex: "\\\\b30 days\\\\b".')
        check_pattern(value)
        return {"rule": name, "pattern": value}
    if name == "json_schema":
        return {"rule": name, "schema": _check_schema(value)}
    if name == "max_words":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RuleError("max_words needs a whole number of at least 1.")
        return {"rule": name, "max": value}
    if name in ("no_pii", "no_refusal"):
        if value not in (None, True):
            raise RuleError(f"{name} takes no value (write just - {name}).")
        return {"rule": name}
    if name == "has_citation":
        if value in (None, True):
            return {"rule": name, "source": ""}
        if not isinstance(value, str) or not value.strip() or " " in value.strip():
            raise RuleError("has_citation takes nothing, or the host a link must point to (e.g. docs.acme.com).")
        return {"rule": name, "source": _host_of(value.strip())}
    # judge
    if not isinstance(value, str) or not value.strip():
        raise RuleError('judge needs a rubric in plain English, e.g. judge: "Gives the 30-day refund window."')
    if len(value) > MAX_RUBRIC_CHARS:
        raise RuleError(f"judge: the rubric may be at most {MAX_RUBRIC_CHARS} characters.")
    return {"rule": name, "rubric": value.strip()}


def parse_rules(raw: Any) -> list[dict[str, Any]]:
    """A list of rules; the RuleError of a bad item names its position."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise RuleError("expect must be a list of rules.")
    rules = []
    for number, item in enumerate(raw, start=1):
        try:
            rules.append(parse_rule(item))
        except RuleError as exc:
            raise RuleError(f"rule {number}: {exc}", path=(number - 1, *exc.path)) from None
    return rules


def rule_to_yaml(rule: dict[str, Any]) -> Any:
    """The written form of a normalised rule (for export and the edit form)."""
    name = rule["rule"]
    if name == "answered":
        return {"answered": {"within": f"{rule['within_s']:g}s"}}
    if name in ("contains", "not_contains"):
        phrases = rule["phrases"]
        return {name: phrases[0] if len(phrases) == 1 else phrases}
    if name == "regex":
        return {"regex": rule["pattern"]}
    if name == "json_schema":
        return {"json_schema": rule["schema"]}
    if name == "max_words":
        return {"max_words": rule["max"]}
    if name == "has_citation":
        return {"has_citation": rule["source"]} if rule.get("source") else "has_citation"
    if name == "judge":
        return {"judge": rule["rubric"]}
    return name


def rule_to_line(rule: dict[str, Any]) -> str:
    """One line of YAML flow style: ``contains: "30 days"``."""
    written = rule_to_yaml(rule)
    if isinstance(written, str):
        return written
    ((name, value),) = written.items()
    return f"{name}: {json.dumps(value, ensure_ascii=False)}"


def parse_rule_lines(text: str) -> list[dict[str, Any]]:
    """The edit form's rules: one rule a line, each a YAML flow item. The error names every wrong line."""
    rules = []
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        stripped = stripped[2:] if stripped.startswith("- ") else stripped
        try:
            raw = yamlsafe.load(stripped).data
        except yamlsafe.YamlRefused as refused:
            problems.append(f'line {number}: {refused.detail}; write e.g. contains: "30 days".')
            continue
        try:
            rules.append(parse_rule(raw))
        except RuleError as exc:
            problems.append(f"line {number}: {exc}")
    if problems:
        raise RuleError(" ".join(problems), problems=problems)
    return rules


def within_seconds(rules: Sequence[dict[str, Any]]) -> float | None:
    """The tightest ``answered`` limit among the rules, or None."""
    limits = [float(r["within_s"]) for r in rules if r.get("rule") == "answered"]
    return min(limits) if limits else None


def _host_of(value: str) -> str:
    host = urlsplit(value if "://" in value else f"//{value}").hostname or value
    return host.lower().strip(".")
