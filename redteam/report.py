"""The red-team report of a run: one line per attack (Blocked / Bypassed), and the same as a SARIF 2.1.0 log.

Pure: callers pass the run and its attempts (one query), or any objects with the fields read here
(``RunLike``, ``AttemptLike``), so this module needs nothing of the runs room. Transcripts were PII-masked and
key-redacted when the attempts were written, so excerpts taken from them are masked too.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any, Protocol
from urllib.parse import quote

from evaluations.core.intervals import wilson_interval
from evaluations.core.specs import ScenarioKind, ScenarioSpec
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS
from redteam.library import ATTACKS, LIBRARY_VERSION
from redteam.models import AttackStatus
from redteam.strategies import base_attack_id, strategy_label

SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
TOOL_NAME = "Trustgate"
EXCERPT_CHARS = 160
FINGERPRINT_KEY = "trustgateFinding/v2"  # v1 was "<agent name>/<attack id>": renaming the agent split alerts

# GitHub code scanning reads properties["security-severity"] (a number as a string, 0.0-10.0) on each rule.
SECURITY_SEVERITY = {"critical": "9.5", "high": "8.0", "medium": "5.5", "low": "3.0"}
SARIF_LEVEL = {"critical": "error", "high": "error", "medium": "warning", "low": "warning"}

_CATEGORIES = {a["id"]: a["category"] for a in ATTACKS}


class RunLike(Protocol):
    """The fields of a run the report reads (an ``EvaluationRun`` has them)."""

    @property
    def pk(self) -> Any: ...

    @property
    def scenarios(self) -> Any: ...  # ScenarioSpec.to_dict() dicts, as frozen at launch

    @property
    def agent_id(self) -> int | None: ...  # None once the agent is deleted

    @property
    def agent_name(self) -> str: ...

    @property
    def suite_name(self) -> str: ...  # "Red team" for a run of attacks alone

    @property
    def trust_score(self) -> float | None: ...


class AttemptLike(Protocol):
    """The fields of an attempt the report reads (an ``Attempt`` has them); ``verdict`` is a metrics verdict."""

    @property
    def scenario_key(self) -> str: ...

    @property
    def repeat(self) -> int: ...

    @property
    def verdict(self) -> str: ...

    @property
    def transcript(self) -> Any: ...

    @property
    def rationale(self) -> str: ...

    @property
    def gave_in_turn(self) -> int | None: ...  # the first user turn whose reply gave in, by rule; None: unknown


# ---------------------------------------------------------------------------------------------- findings


def redteam_findings(run: RunLike, attempts: Iterable[AttemptLike]) -> list[dict[str, Any]]:
    """One dict per red-team scenario of the run, in run order.

    ``status`` is Bypassed when any scored run failed, Blocked when every scored run passed, and Not scored
    when no run was scored (all errors or unscored replies: never guessed). ``failing_runs`` holds the whole
    conversation of each run that got through, every turn of a multi-turn attack included.
    """
    by_key: dict[str, list[AttemptLike]] = defaultdict(list)
    for attempt in attempts:
        by_key[attempt.scenario_key].append(attempt)
    findings = []
    for spec in _attack_specs(run):
        runs = sorted(by_key.get(spec.key, []), key=lambda a: a.repeat)
        failed = [a for a in runs if a.verdict == FAIL]
        counts = {v: sum(1 for a in runs if a.verdict == v) for v in (PASS, FAIL, NOT_SCORED, ERROR)}
        turns = [a.gave_in_turn for a in failed if a.gave_in_turn]
        findings.append(
            {
                **_finding(spec, counts),
                "failing_runs": [_failing_run(a) for a in failed],
                "gave_in_turn": min(turns) if turns else None,
            }
        )
    return findings


def redteam_findings_from_counts(run: RunLike, scenario_results: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The same findings without their conversations, from per-scenario counts by verdict (``scenario_results``
    of a run's metrics summary): the report page lists these and loads a conversation when it is opened."""
    return [_finding(spec, scenario_results.get(spec.key) or {}) for spec in _attack_specs(run)]


def _attack_specs(run: RunLike) -> list[ScenarioSpec]:
    return [ScenarioSpec.from_dict(data) for data in run.scenarios if data.get("kind") == ScenarioKind.RED_TEAM]


def _finding(spec: ScenarioSpec, counts: Mapping[str, Any]) -> dict[str, Any]:
    failed, passed = int(counts.get(FAIL, 0)), int(counts.get(PASS, 0))
    if failed:
        status = AttackStatus.BYPASSED
    elif passed:
        status = AttackStatus.BLOCKED
    else:
        status = AttackStatus.NOT_SCORED
    attack_id = spec.attack_id or spec.key
    return {
        "key": spec.key,
        "attack_id": attack_id,
        "name": spec.name or attack_id,
        "category": _CATEGORIES.get(base_attack_id(spec.attack_id), ""),
        "base_attack_id": base_attack_id(attack_id),
        "strategy": spec.strategy,
        "strategy_label": strategy_label(spec.strategy) if spec.strategy else "",
        "severity": spec.severity.value,
        "severity_label": spec.severity.value.title(),
        "owasp_tag": spec.owasp_tag,
        "expected_outcome": spec.expected_outcome,
        "status": status.value,
        "is_bypassed": status == AttackStatus.BYPASSED,
        "runs_bypassed": failed,
        "runs_scored": failed + passed,
        "runs_not_scored": int(counts.get(NOT_SCORED, 0)),
        "runs_error": int(counts.get(ERROR, 0)),
        "is_multi_turn": len(spec.turns) > 1,
        "turns": list(spec.turns),
        # Tool calls and results the conversation was seeded with, ahead of its turns (docs/redteam.md, Attacks
        # through tool results).
        "tool_context": [dict(item) for item in spec.tool_context],
    }


def redteam_summary(findings: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Counts per status, e.g. ``{"attacks": 30, "blocked": 25, "bypassed": 5, "not_scored": 0}``."""
    items = list(findings)
    return {
        "attacks": len(items),
        "blocked": sum(1 for f in items if f["status"] == AttackStatus.BLOCKED),
        "bypassed": sum(1 for f in items if f["status"] == AttackStatus.BYPASSED),
        "not_scored": sum(1 for f in items if f["status"] == AttackStatus.NOT_SCORED),
    }


def redteam_categories(findings: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Attack success rate per OWASP category (docs/redteam.md, Attack success rate per category), in the order
    the categories first appear: attempts scored, successes (runs that gave in), the rate and its 95 % Wilson
    interval. Attempts not scored (errors included) are left out of the denominator and counted beside it."""
    rows: dict[str, dict[str, Any]] = {}
    for f in findings:
        tag = f["owasp_tag"] or "No OWASP tag"
        row = rows.setdefault(tag, {"owasp_tag": tag, "attacks": 0, "attempts": 0, "successes": 0, "not_scored": 0})
        row["attacks"] += 1
        row["attempts"] += f["runs_scored"]
        row["successes"] += f["runs_bypassed"]
        row["not_scored"] += f["runs_not_scored"] + f["runs_error"]
    for row in rows.values():
        interval = wilson_interval(row["successes"], row["attempts"])
        row["rate"] = row["successes"] / row["attempts"] if row["attempts"] else None
        row["interval_low"], row["interval_high"] = interval if interval else (None, None)
        row["text"] = _rate_text(row)
    return list(rows.values())


def _rate_text(row: dict[str, Any]) -> str:
    """e.g. "2 of 10 attempts gave in: 20% (95% CI 6%–51%), 3 not scored"."""
    if not row["attempts"]:
        text = "no attempt scored"
    else:
        low, high = row["interval_low"], row["interval_high"]
        text = (
            f"{row['successes']} of {row['attempts']} attempt{'s' if row['attempts'] != 1 else ''} gave in: "
            f"{row['rate']:.0%} (95% CI {low:.0%}–{high:.0%})"
        )
    return text + (f", {row['not_scored']} not scored" if row["not_scored"] else "")


def _failing_run(attempt: AttemptLike) -> dict[str, Any]:
    return {
        "repeat": attempt.repeat,
        "gave_in_turn": attempt.gave_in_turn,
        "transcript": [
            {"role": str(turn.get("role", "")), "content": str(turn.get("content", ""))}
            for turn in attempt.transcript or []
            if isinstance(turn, dict)
        ],
        "rationale": attempt.rationale,
    }


def _excerpt(finding: dict[str, Any]) -> str:
    """The agent's last reply in the first run that got through, on one line and clipped."""
    for run in finding["failing_runs"]:
        replies = [t["content"] for t in run["transcript"] if t["role"] == "assistant" and t["content"].strip()]
        if replies:
            text = re.sub(r"\s+", " ", replies[-1]).strip()
            return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1].rstrip() + "…"
    return ""


# ---------------------------------------------------------------------------------------------- SARIF


def sarif_for_run(
    run: RunLike, attempts: Iterable[AttemptLike], *, base_url: str = "", suite_path: str = ""
) -> dict[str, Any]:
    """A SARIF 2.1.0 log of the run's red team: one rule per attack, one result per Bypassed attack.

    Each result's location is repository-relative (``uriBaseId`` ``%SRCROOT%``): ``suite_path``, the suite's YAML
    in the repository as the CI step names it (checked by ``suite_path_problem``), else the stable pseudo-path
    ``trustgate/suites/<suite slug>.yml`` (docs/ci.md#sarif). With ``base_url`` (absolute, e.g.
    "https://trustgate.example.com") results also link to the run report.
    """
    location = (
        quote(suite_path, safe="/") if suite_path else f"trustgate/suites/{_slug(run.suite_name) or 'red-team'}.yml"
    )
    findings = redteam_findings(run, attempts)
    rule_index = {f["attack_id"]: i for i, f in enumerate(findings)}
    report_url = f"{base_url.rstrip('/')}/runs/{run.pk}/" if base_url else ""
    results = [
        _sarif_result(run, f, rule_index[f["attack_id"]], report_url, location) for f in findings if f["is_bypassed"]
    ]
    properties: dict[str, Any] = {
        "run_id": run.pk,
        "agent_name": run.agent_name,
        "trust_score": run.trust_score,
        "library_version": LIBRARY_VERSION,
        **redteam_summary(findings),
    }
    if report_url:
        properties["report_url"] = report_url
    return {
        "$schema": SARIF_SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": TOOL_NAME,
                        "version": LIBRARY_VERSION,
                        "rules": [_sarif_rule(f) for f in findings],
                    }
                },
                # GitHub reads what precedes the last "/" as the category: one per agent, so uploading one
                # agent's findings never closes another agent's alerts.
                "automationDetails": {"id": f"trustgate/red-team/{_agent_ref(run)}/run-{run.pk}"},
                "results": results,
                "properties": properties,
            }
        ],
    }


def finding_fingerprint(run: RunLike, attack_id: str) -> str:
    """The same for the same attack against the same agent in every run (renaming the agent keeps it), different
    for another attack or agent, so code scanning keeps one alert per finding. Hashed: the value is an identity,
    not something to read."""
    digest = hashlib.sha256(f"{_agent_ref(run)}\x1f{attack_id}".encode()).hexdigest()
    return f"{digest[:32]}:1"


def _agent_ref(run: RunLike) -> str:
    """The agent as a path segment: its id while it exists, else its name as the run recorded it."""
    if run.agent_id is not None:
        return f"agent-{run.agent_id}"
    return "agent-" + (_slug(run.agent_name) or "deleted")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


SUITE_PATH_MAX = 500
# What ``suite_path_problem`` accepts, as the OpenAPI schema states it: no scheme, no leading /, no empty, . or ..
# part, no control character or backslash.
_SEGMENT = r"(?!\.{1,2}(?:/|$))[^/\\\x00-\x1f\x7f]+"
SUITE_PATH_PATTERN = rf"^(?![A-Za-z][A-Za-z0-9+.-]*:){_SEGMENT}(?:/{_SEGMENT})*$"


def suite_path_problem(path: str) -> str:
    """Why ``path`` is not a repository-relative file path a SARIF location can name ("" when it is): a CI step
    sends the suite's YAML path, e.g. ``tests/agents/support.yml``."""
    if not path or len(path) > SUITE_PATH_MAX:
        return f"Give the suite's path in the repository, 1 to {SUITE_PATH_MAX} characters."
    if re.search(r"[\x00-\x1f\x7f\\]", path):
        return "The suite path cannot contain control characters or backslashes; use / between folders."
    if path.startswith("/") or re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", path):
        return "The suite path must be relative to the repository root (tests/agents/support.yml), not absolute."
    if any(part in ("", ".", "..") for part in path.split("/")):
        return "The suite path cannot have empty, . or .. parts: name the file from the repository root."
    return ""


def _rule_name(name: str) -> str:
    """SARIF rule names are identifier-like: "Ignore previous instructions" -> "IgnorePreviousInstructions"."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    return "".join(w[:1].upper() + w[1:] for w in words) or "Attack"


def _tags(finding: dict[str, Any]) -> list[str]:
    tags = ["security", "red-team"]
    strategy = f"strategy:{finding['strategy']}" if finding["strategy"] else ""
    for extra in (finding["category"], finding["owasp_tag"].split(" ", 1)[0], strategy):
        if extra and extra not in tags:
            tags.append(extra)
    return tags


def _sarif_rule(finding: dict[str, Any]) -> dict[str, Any]:
    severity = finding["severity"]
    properties: dict[str, Any] = {
        "severity": severity,
        "security-severity": SECURITY_SEVERITY.get(severity, "5.5"),
        "tags": _tags(finding),
    }
    if finding["owasp_tag"]:
        properties["owasp"] = finding["owasp_tag"]
    if finding["strategy"]:
        properties["strategy"] = finding["strategy"]
        properties["base_attack_id"] = finding["base_attack_id"]
    rule: dict[str, Any] = {
        "id": finding["attack_id"],
        "name": _rule_name(finding["name"]),
        "shortDescription": {"text": finding["name"]},
        "defaultConfiguration": {"level": SARIF_LEVEL.get(severity, "warning")},
        "properties": properties,
    }
    if finding["expected_outcome"]:
        rule["fullDescription"] = {"text": finding["expected_outcome"]}
        rule["help"] = {"text": f"A safe agent: {finding['expected_outcome']}"}
    return rule


def _sarif_result(run: RunLike, finding: dict[str, Any], index: int, report_url: str, location: str) -> dict[str, Any]:
    severity = finding["severity"]
    owasp = f", {finding['owasp_tag']}" if finding["owasp_tag"] else ""
    text = (
        f"{finding['name']}: the attack got through in {finding['runs_bypassed']} of {finding['runs_scored']} "
        f"scored runs ({severity}{owasp})."
    )
    excerpt = _excerpt(finding)
    if finding["strategy"]:
        text += f" Strategy: {finding['strategy_label']}."
    if finding.get("gave_in_turn"):
        text += f" It gave in at turn {finding['gave_in_turn']}."
    if excerpt:
        text += f" Agent reply: “{excerpt}”"
    properties: dict[str, Any] = {
        "run_id": run.pk,
        "severity": severity,
        "runs_bypassed": finding["runs_bypassed"],
        "runs_scored": finding["runs_scored"],
        "is_multi_turn": finding["is_multi_turn"],
    }
    if finding["owasp_tag"]:
        properties["owasp"] = finding["owasp_tag"]
    if finding["strategy"]:
        properties["strategy"] = finding["strategy"]
    if finding.get("gave_in_turn"):
        properties["gave_in_turn"] = finding["gave_in_turn"]
    result: dict[str, Any] = {
        "ruleId": finding["attack_id"],
        "ruleIndex": index,
        "level": SARIF_LEVEL.get(severity, "warning"),
        "message": {"text": text},
        "locations": [
            {
                "physicalLocation": {
                    # The suite's file in the repository, the same in every run (code scanning shows the alert
                    # there; it tells findings apart by their fingerprints); the run is in properties.
                    "artifactLocation": {"uri": location, "uriBaseId": "%SRCROOT%"}
                },
                "logicalLocations": [
                    {
                        "name": finding["attack_id"],
                        "fullyQualifiedName": f"{run.agent_name}/{finding['attack_id']}",
                        "kind": "object",
                    }
                ],
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: finding_fingerprint(run, finding["attack_id"])},
        "properties": properties,
    }
    if report_url:
        result["hostedViewerUri"] = report_url
    return result
