"""The monitor rule catalogue (docs/monitors.md): parse (``parsing``) and check (``checking``) the ``expect`` rules of a
case.

A rule is written the OpenPing way, one single-key mapping per rule (or a bare name for rules without
arguments), and stored normalised as ``{"rule": name, ...}``:

* ``answered: {within: 20s}`` - an answer came back within the limit (20 s when omitted). A sample that got no
  answer at all is an error, not a fail, whether or not this rule is listed.
* ``contains: "30 days"`` / ``not_contains: "error"`` - a phrase (or a list: every one) is / is not in the
  answer: whole words, case-insensitive, Unicode-normalised (the same matcher as suite phrases).
* ``regex: "pattern"`` - the answer matches (``search``). Run by the one pattern runner (``evaluations.core.patterns``)
  within its time limit; a pattern that runs out of time fails the sample with a sentence saying so, and a
  pattern that blows up on simple probe strings is refused when the monitor is saved.
* ``json_schema: {...}`` - the answer (or the one fenced ```json block in it) is JSON valid under the schema. Its
  ``pattern`` and ``patternProperties`` run on the same runner, the same limit shared by the whole schema.
* ``max_words: 80`` - at most this many whitespace-separated words.
* ``no_pii`` - no card numbers, SSNs, IBANs, emails or phone numbers, except contacts in the agent's knowledge
  or allowed contacts, and values the question itself contained.
* ``no_refusal`` - the answer does not open as a refusal (``evaluations.scoring.rules.is_refusal``).
* ``has_citation`` - the answer cites a source: a link, a footnote such as ``[1]``, or a "Source:" line.
  ``has_citation: docs.acme.com`` requires a link to that host (or a sub-domain of it).
* ``judge: "rubric"`` - an AI judge agrees; only asked when every other rule passed (the service does that).

Messages never quote the answer (they are stored even in results-only mode); PII values appear masked only.
"""

from evaluations.monitors.rules.checking import AnswerContext, RuleResult, RulesOutcome, evaluate
from evaluations.monitors.rules.parsing import (
    RULE_NAMES,
    RuleError,
    check_pattern,
    parse_duration,
    parse_rule,
    parse_rule_lines,
    parse_rules,
    rule_to_line,
    rule_to_yaml,
    within_seconds,
)

__all__ = [
    "RULE_NAMES",
    "AnswerContext",
    "RuleError",
    "RuleResult",
    "RulesOutcome",
    "check_pattern",
    "evaluate",
    "parse_duration",
    "parse_rule",
    "parse_rule_lines",
    "parse_rules",
    "rule_to_line",
    "rule_to_yaml",
    "within_seconds",
]
