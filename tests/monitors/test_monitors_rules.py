"""The monitor rule catalogue (docs/monitors.md): each rule with a passing and a failing answer, and how rules are written."""

from __future__ import annotations

import time
from typing import Any

import pytest

from evaluations.monitors import rules
from evaluations.monitors.rules import AnswerContext, RuleError, evaluate, parse_rule, parse_rule_lines, parse_rules
from evaluations.monitors.status import always_passed, case_outcome, decide, pass_rate

CTX = AnswerContext(ask="What's your refund window?", knowledge="Support: help@northwind.example", allowed_contacts=())


def check(raw: object, answer: str, latency_ms: int = 100, context: AnswerContext = CTX) -> rules.RuleResult:
    outcome = evaluate([parse_rule(raw)], answer=answer, latency_ms=latency_ms, context=context)
    assert len(outcome.results) == 1
    return outcome.results[0]


@pytest.mark.parametrize(
    ("raw", "good", "bad"),
    [
        ("no_refusal", "Our refund window is 30 days.", "I'm sorry, but I can't help with that."),
        ({"contains": "30 days"}, "You have 30 days to return it.", "You have 45 days to return it."),
        ({"contains": ["30 days", "receipt"]}, "30 days with a receipt.", "30 days, no questions asked."),
        ({"not_contains": "error"}, "All good: 30 days.", "An error occurred, try later."),
        ({"regex": r"\b30[- ]day"}, "A 30-day window.", "A 45-day window."),
        ({"max_words": 5}, "Thirty days, with receipt.", "You have thirty days to return anything you bought."),
        ("no_pii", "Write to help@northwind.example.", "The card on file is 4111 1111 1111 1111."),
        ("has_citation", "30 days, see https://northwind.example/returns", "30 days."),
        ({"has_citation": "northwind.example"}, "See [policy](https://docs.northwind.example/r).", "See https://evil.test/x"),
        ({"json_schema": {"type": "object", "required": ["days"], "properties": {"days": {"type": "integer"}}}},
         '{"days": 30}', '{"days": "thirty"}'),
    ],
)  # fmt: skip
def test_each_rule_passes_a_good_answer_and_fails_a_bad_one(raw: object, good: str, bad: str) -> None:
    assert check(raw, good).passed, check(raw, good).message
    failed = check(raw, bad)
    assert not failed.passed
    assert failed.message


def test_answered_fails_past_the_limit_and_defaults_to_20_seconds() -> None:
    assert parse_rule("answered") == {"rule": "answered", "within_s": 20.0}
    assert parse_rule({"answered": {"within": "500ms"}})["within_s"] == 0.5
    assert check({"answered": {"within": "2s"}}, "ok", latency_ms=1500).passed
    late = check({"answered": {"within": "2s"}}, "ok", latency_ms=2500)
    assert not late.passed and "over the 2 s limit" in late.message


def test_messages_never_quote_the_answer_and_pii_is_masked() -> None:
    leak = check("no_pii", "Card 4111 1111 1111 1111 and mail jo.smith@acme-corp.com")
    assert not leak.passed
    assert "4111 1111 1111 1111" not in leak.message and "jo.smith@acme-corp.com" not in leak.message
    assert "1111" in leak.message  # the masked form keeps the last digits
    schema = check(
        {"json_schema": {"type": "object", "properties": {"ssn": {"type": "integer"}}}}, '{"ssn": "078-05-1120"}'
    )
    assert not schema.passed and "078-05-1120" not in schema.message


def test_no_pii_allows_contacts_from_the_knowledge_and_from_the_question() -> None:
    assert check("no_pii", "Mail help@northwind.example").passed
    context = AnswerContext(ask="Is my email ann@corp-mail.com on file?")
    assert check("no_pii", "Yes, ann@corp-mail.com is on file.", context=context).passed


def test_json_schema_reads_a_single_fenced_block() -> None:
    assert check({"json_schema": {"type": "object"}}, 'Here you go:\n```json\n{"a": 1}\n```').passed
    assert not check({"json_schema": {}}, "not json at all").passed


def test_regex_has_a_time_limit_against_catastrophic_patterns() -> None:
    # A pattern that passes the save-time probes can still be slow on a real answer: the check gives up in time.
    rule = {"rule": "regex", "pattern": r"(x+x+)+y"}
    started = time.monotonic()
    outcome = evaluate([rule], answer="x" * 5000, latency_ms=1, context=CTX)
    assert time.monotonic() - started < 2
    assert not outcome.results[0].passed
    assert outcome.results[0].message == (
        "Stopped: the pattern took longer than 0.1 s on this reply (“(x+x+)+y”); simplify it."
    )


def test_a_catastrophic_pattern_is_refused_when_written() -> None:
    with pytest.raises(RuleError, match="catastrophic backtracking"):
        parse_rule({"regex": r"(x+x+)+y"})
    with pytest.raises(RuleError, match="does not compile"):
        parse_rule({"regex": "(unclosed"})


def test_judge_runs_only_when_the_other_rules_pass() -> None:
    written = [{"contains": "30 days"}, {"judge": "Gives the 30-day refund window."}]
    passing = evaluate(parse_rules(written), answer="30 days.", latency_ms=1, context=CTX)
    assert not passing.failed and passing.judge_rubrics == ("Gives the 30-day refund window.",)
    failing = evaluate(parse_rules(written), answer="45 days.", latency_ms=1, context=CTX)
    assert failing.failed  # the service never asks the judge then


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("no_such_rule", "Unknown rule"),
        ({"contains": ""}, "needs a phrase"),
        ({"max_words": 0}, "at least 1"),
        ({"answered": {"within": "soon"}}, "duration"),
        ({"json_schema": {"type": "nonsense"}}, "not a valid JSON Schema"),
        ({"judge": ""}, "rubric"),
        ({"contains": "a", "max_words": 3}, "one rule per list item"),
        ({"no_pii": "yes"}, "takes no value"),
    ],
)
def test_badly_written_rules_say_how_to_fix_them(raw: object, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        parse_rule(raw)


def test_form_rules_are_one_a_line_and_errors_name_the_line() -> None:
    parsed = parse_rule_lines('answered: {within: 20s}\n\ncontains: "30 days"\n- no_pii\njudge: Gives the window.')
    assert [r["rule"] for r in parsed] == ["answered", "contains", "no_pii", "judge"]
    with pytest.raises(RuleError, match="line 2: Unknown rule"):
        parse_rule_lines("no_pii\nbogus: 1")
    with pytest.raises(RuleError, match="line 1: anchors and aliases"):
        parse_rule_lines("json_schema: {a: &x [1, 2], b: [*x, *x]}")
    round_trip = parse_rule_lines("\n".join(rules.rule_to_line(r) for r in parsed))
    assert round_trip == parsed


def test_two_of_three_samples_pass_a_case() -> None:
    assert case_outcome(["pass", "pass", "fail"], min_passing=2).verdict == "pass"
    assert case_outcome(["pass", "fail", "fail"], min_passing=2).verdict == "fail"
    assert case_outcome(["pass", "error", "fail"], min_passing=2).verdict == "fail"
    assert case_outcome(["error", "error", "error"], min_passing=2).verdict == "error"
    assert case_outcome(["pass", "not_judged", "not_judged"], min_passing=2).verdict == "not_judged"
    assert pass_rate(["pass", "pass", "fail", "not_judged"]) == pytest.approx(200 / 3)
    assert pass_rate(["not_judged"]) is None


def test_status_rules() -> None:
    base: dict[str, Any] = dict(target=90.0, case_names={"1": "Refund"}, regressed_ids=[], always_passed_ids=set())
    down = decide(previous="up", all_errors=True, rate=0.0, previous_below=False, case_verdicts={"1": "error"}, **base)
    assert down.status == "down"
    once = decide(previous="up", all_errors=False, rate=50.0, previous_below=False, case_verdicts={"1": "fail"}, **base)
    assert once.status == "up" and once.below_target
    twice = decide(previous="up", all_errors=False, rate=50.0, previous_below=True, case_verdicts={"1": "fail"}, **base)
    assert twice.status == "degraded"
    regress = decide(
        previous="up", all_errors=False, rate=95.0, previous_below=False, case_verdicts={"1": "fail"},
        **{**base, "always_passed_ids": {"1"}},
    )  # fmt: skip
    assert regress.status == "degraded" and regress.regressed_case_ids == ("1",)
    still = decide(
        previous="degraded", all_errors=False, rate=95.0, previous_below=False, case_verdicts={"1": "fail"},
        **{**base, "regressed_ids": ["1"]},
    )  # fmt: skip
    assert still.status == "degraded"
    recovered = decide(
        previous="degraded", all_errors=False, rate=100.0, previous_below=False, case_verdicts={"1": "pass"},
        **{**base, "regressed_ids": ["1"]},
    )  # fmt: skip
    assert recovered.status == "up" and recovered.regressed_case_ids == ()
    unjudged = decide(previous="degraded", all_errors=False, rate=None, previous_below=True, case_verdicts={}, **base)
    assert unjudged.status == "degraded" and unjudged.below_target is None


def test_always_passed_needs_two_earlier_passing_runs() -> None:
    assert always_passed([{"1": {"verdict": "pass"}}]) == set()
    assert always_passed([{"1": {"verdict": "pass"}}, {"1": {"verdict": "pass"}}]) == {"1"}
    assert always_passed([{"1": {"verdict": "pass"}}, {"1": {"verdict": "fail"}}, {"1": {"verdict": "pass"}}]) == set()
    assert always_passed([{"1": {"verdict": "pass"}}, {"1": {"verdict": "error"}}, {"1": {"verdict": "pass"}}]) == {"1"}


def test_a_deeply_nested_json_answer_fails_its_check_with_a_sentence() -> None:
    """An agent's answer nested beyond the bound (docs/configuration.md) is refused before the parser recurses."""
    result = check({"json_schema": {"type": "object"}}, "[" * 100_000 + "]" * 100_000)
    assert not result.passed and result.message == "The answer is nested more than 64 levels deep."
