"""The rules engine (docs/scoring.md): deterministic checks that run before the judge; a hard failure is final.
One module per concern (phrases, tools and matchers, canary, content, leak, refusal); ``engine`` runs them all."""

from evaluations.scoring.rules.engine import ATTACK_KINDS, evaluate_rules
from evaluations.scoring.rules.findings import (
    RULE_CANARY,
    RULE_CONTENT,
    RULE_FORBIDDEN,
    RULE_MARKER,
    RULE_PII,
    RULE_REQUIRED,
    RULE_TOOL_CALL,
    RULE_VERBATIM,
    RuleFinding,
    RuleOutcome,
)
from evaluations.scoring.rules.leak import (
    VERBATIM_LEAK_ANY_SCENARIO_WORDS,
    VERBATIM_LEAK_MIN_WORDS,
    VERBATIM_LEAK_RED_TEAM_WORDS,
    VERBATIM_LEAK_WHOLE_SHARE,
)
from evaluations.scoring.rules.markers import (
    MIN_MARKER_CHARS,
    check_markers,
    clean_contact_text,
    clean_marker_text,
    clean_markers,
    marker_label,
    mask_markers,
)
from evaluations.scoring.rules.matchers import MatcherError, describe_matcher, matcher_holds, validate_matcher
from evaluations.scoring.rules.phrases import is_ordinary_phrase, phrase_in
from evaluations.scoring.rules.refusal import is_refusal
from evaluations.scoring.rules.tools import describe_call, show_call

__all__ = [
    "ATTACK_KINDS",
    "MIN_MARKER_CHARS",
    "RULE_MARKER",
    "RULE_CANARY",
    "RULE_CONTENT",
    "RULE_FORBIDDEN",
    "RULE_PII",
    "RULE_REQUIRED",
    "RULE_TOOL_CALL",
    "RULE_VERBATIM",
    "VERBATIM_LEAK_ANY_SCENARIO_WORDS",
    "VERBATIM_LEAK_MIN_WORDS",
    "VERBATIM_LEAK_RED_TEAM_WORDS",
    "VERBATIM_LEAK_WHOLE_SHARE",
    "MatcherError",
    "RuleFinding",
    "RuleOutcome",
    "check_markers",
    "clean_contact_text",
    "clean_marker_text",
    "clean_markers",
    "describe_call",
    "describe_matcher",
    "evaluate_rules",
    "is_ordinary_phrase",
    "is_refusal",
    "marker_label",
    "mask_markers",
    "matcher_holds",
    "phrase_in",
    "show_call",
    "validate_matcher",
]
