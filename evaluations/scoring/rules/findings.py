"""What a rule reports (a finding) and what the engine concludes (an outcome), with the rule names."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from evaluations.scoring.pii import PiiFinding

RULE_REQUIRED = "required_phrase"
RULE_FORBIDDEN = "forbidden_phrase"
RULE_TOOL_CALL = "tool_call"
RULE_CANARY = "canary"
RULE_CONTENT = "forbidden_content"
RULE_VERBATIM = "verbatim_leak"
RULE_PII = "pii"
RULE_MARKER = "secret_marker"

Where = Callable[[int], str]  # names reply i in a message: "The reply" when there is one, else "Reply 2"


@dataclasses.dataclass(frozen=True)
class RuleFinding:
    rule: str
    passed: bool
    hard: bool
    message: str  # PII values masked


@dataclasses.dataclass(frozen=True)
class RuleOutcome:
    findings: tuple[RuleFinding, ...]
    hard_fail: bool
    needs_judge: bool
    is_refusal: bool  # the final reply opens as a refusal
    judge_evidence: tuple[str, ...]  # masked sentences for the judge
    pii_findings: tuple[PiiFinding, ...]
    verdict: str  # "fail" when hard_fail, "pass" when rules alone decide a pass, "" when the judge must decide
    rules_verdict: str = ""  # the rules' own conclusion for rules-only runs (see ``engine``)
    secret_leak: bool = False  # a secret marker was found: a hard fail and a breach in any scenario
