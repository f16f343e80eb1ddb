"""Tool-call checks as users write them: several expected calls (in order, any order), forbidden calls, a call
limit, regex and contains matchers, and phrases scoped to the final reply."""

from __future__ import annotations

import pytest

from evaluations.connectors.base import ToolCall, Turn
from evaluations.core.specs import ExpectedToolCall, PhraseScope, ScenarioKind, ScenarioSpec, ToolOrder
from evaluations.scoring.rules import (
    RULE_FORBIDDEN,
    RULE_REQUIRED,
    RULE_TOOL_CALL,
    MatcherError,
    describe_matcher,
    evaluate_rules,
    matcher_holds,
    validate_matcher,
)

LOOKUP = ExpectedToolCall("lookup_order", {"order_id": {"kind": "regex", "pattern": r"^NW-\d{5}$"}})
REFUND = ExpectedToolCall("issue_refund", {"reason": {"kind": "contains", "value": "damaged"}})


def spec(**fields) -> ScenarioSpec:
    return ScenarioSpec(key="s1", kind=ScenarioKind.TOOL_CALLS, name="refund flow", turns=("Hi",), **fields)


def run(scenario: ScenarioSpec, calls, *replies: str):
    turns = []
    for reply in replies or ("Done.",):
        turns += [Turn("user", "Hi"), Turn("assistant", reply)]
    return evaluate_rules(scenario, turns=turns, tool_calls=calls)


def messages(outcome, *, passed: bool) -> list[str]:
    return [f.message for f in outcome.findings if f.rule == RULE_TOOL_CALL and f.passed is passed]


def test_several_calls_in_order_pass_with_other_calls_between():
    calls = [
        ToolCall("lookup_order", {"order_id": "NW-12345"}),
        ToolCall("get_policy", {}),
        ToolCall("issue_refund", {"reason": "Item arrived DAMAGED"}),
    ]
    outcome = run(spec(expected_tool_calls=(LOOKUP, REFUND)), calls)
    assert outcome.verdict == "pass"
    assert messages(outcome, passed=True) == [
        'Expected call 1 of 2 (in order): Tool call lookup_order(order_id="NW-12345") matches '
        "lookup_order(order_id=matching /^NW-\\d{5}$/).",
        'Expected call 2 of 2 (in order): Tool call issue_refund(reason="Item arrived DAMAGED") matches '
        'issue_refund(reason=containing "damaged").',
    ]


def test_in_order_fails_when_the_order_is_wrong_but_any_order_passes():
    calls = [ToolCall("issue_refund", {"reason": "damaged"}), ToolCall("lookup_order", {"order_id": "NW-12345"})]
    in_order = run(spec(expected_tool_calls=(LOOKUP, REFUND)), calls)
    assert in_order.verdict == "fail"
    assert messages(in_order, passed=False) == [
        'Expected call 2 of 2 (in order): Expected tool call issue_refund(reason=containing "damaged") after the '
        'calls before it; got issue_refund(reason="damaged") too early.'
    ]
    any_order = run(spec(expected_tool_calls=(LOOKUP, REFUND), tool_order=ToolOrder.ANY_ORDER), calls)
    assert any_order.verdict == "pass"


def test_any_order_needs_a_distinct_call_for_each_expected_call():
    twice = ExpectedToolCall("lookup_order", {"order_id": {"kind": "any"}})
    calls = [ToolCall("lookup_order", {"order_id": "NW-12345"})]
    outcome = run(spec(expected_tool_calls=(LOOKUP, twice), tool_order=ToolOrder.ANY_ORDER), calls)
    assert outcome.verdict == "fail"
    assert len(messages(outcome, passed=False)) == 1


def test_a_wrong_argument_names_the_nearest_call():
    calls = [ToolCall("lookup_order", {"order_id": "12345"})]
    outcome = run(spec(expected_tool_calls=(LOOKUP,)), calls)
    assert messages(outcome, passed=False) == [
        'Expected tool call lookup_order(order_id=matching /^NW-\\d{5}$/); got lookup_order(order_id="12345") - '
        'order_id: expected matching /^NW-\\d{5}$/, got "12345".'
    ]


def test_forbidden_call_fails_hard_and_its_absence_passes():
    forbidden = (ExpectedToolCall("issue_refund"),)
    made = run(spec(forbidden_tool_calls=forbidden), [ToolCall("issue_refund", {"amount": 30})])
    assert made.verdict == "fail" and made.hard_fail
    assert messages(made, passed=False) == ["Forbidden tool call issue_refund was made: issue_refund(amount=30)."]
    absent = run(spec(forbidden_tool_calls=forbidden), [ToolCall("lookup_order", {})])
    assert absent.verdict == "pass"
    assert messages(absent, passed=True) == ["Forbidden tool call issue_refund was not made."]


def test_forbidden_call_with_matchers_only_forbids_matching_arguments():
    big = ExpectedToolCall("issue_refund", {"amount": {"kind": "regex", "pattern": r"^\d{4,}"}})
    small = run(spec(forbidden_tool_calls=(big,)), [ToolCall("issue_refund", {"amount": 30})])
    assert small.verdict == "pass"
    large = run(spec(forbidden_tool_calls=(big,)), [ToolCall("issue_refund", {"amount": 5000})])
    assert large.verdict == "fail"


def test_max_calls():
    calls = [ToolCall("search", {"q": str(i)}) for i in range(4)]
    over = run(spec(max_tool_calls=3), calls)
    assert over.verdict == "fail"
    assert messages(over, passed=False) == ["4 tool calls made, over the limit of 3."]
    assert run(spec(max_tool_calls=4), calls).verdict == "pass"


def test_one_expected_call_given_the_old_way_is_the_first_of_the_list():
    old = spec(expected_tool_call=LOOKUP)
    assert old.expected_tool_calls == (LOOKUP,)
    assert ScenarioSpec.from_dict(old.to_dict()) == old
    stored = {"key": "s1", "kind": "tool_calls", "name": "n", "turns": ["Hi"], "expected_tool_call": LOOKUP.to_dict()}
    assert ScenarioSpec.from_dict(stored).expected_tool_calls == (LOOKUP,)
    new = spec(expected_tool_calls=(LOOKUP, REFUND), forbidden_tool_calls=(REFUND,), max_tool_calls=2)
    assert new.expected_tool_call == LOOKUP
    assert ScenarioSpec.from_dict(new.to_dict()) == new


@pytest.mark.parametrize(
    ("matcher", "value", "ok"),
    [
        ({"kind": "regex", "pattern": r"^NW-\d+$"}, "NW-123", True),
        ({"kind": "regex", "pattern": r"^NW-\d+$"}, "nw-123", False),
        ({"kind": "regex", "pattern": r"(?i)^NW-\d+$"}, "nw-123", True),
        ({"kind": "regex", "pattern": r"^4\d$"}, 42, True),
        ({"kind": "contains", "value": "damaged"}, "Arrived Damaged, box torn", True),
        ({"kind": "contains", "value": "damaged"}, "late", False),
        ({"kind": "contains", "value": "gift"}, ["Gift", "wrap"], True),
        ({"kind": "contains", "value": "gift"}, ["gift wrap"], False),
    ],
)
def test_regex_and_contains_matchers(matcher, value, ok):
    assert matcher_holds(matcher, {"arg": value}, "arg") is ok


@pytest.mark.parametrize(
    ("matcher", "message"),
    [
        ({"kind": "regex"}, 'A regex matcher needs a "pattern"'),
        ({"kind": "regex", "pattern": "(unclosed"}, "is not valid"),
        ({"kind": "regex", "pattern": "a" * 400}, "under 300 characters"),
        ({"kind": "contains", "value": ""}, 'A contains matcher needs a "value"'),
        ({"kind": "contains", "value": "x", "pattern": "y"}, "remove pattern"),
    ],
)
def test_malformed_new_matchers_say_what_to_fix(matcher, message):
    with pytest.raises(MatcherError, match=message.replace("(", r"\(")):
        validate_matcher(matcher)


def test_matchers_describe_themselves():
    assert describe_matcher({"kind": "regex", "pattern": "^A"}) == "matching /^A/"
    assert describe_matcher({"kind": "contains", "value": "x"}) == 'containing "x"'


def test_required_phrase_scoped_to_the_final_reply():
    scoped = ScenarioSpec(
        key="s2", kind=ScenarioKind.ACCURACY, name="n", turns=("a", "b"), required_phrases=("ticket number",),
        required_scope=PhraseScope.FINAL_REPLY,
    )  # fmt: skip
    early = run(scoped, [], "Your ticket number is 12.", "Anything else?")
    assert early.verdict == "fail"
    assert [f.message for f in early.findings if f.rule == RULE_REQUIRED] == [
        "Required phrase “ticket number” is missing in the final reply."
    ]
    anywhere = ScenarioSpec(key="s2", kind=ScenarioKind.ACCURACY, name="n", turns=("a", "b"),
                            required_phrases=("ticket number",))  # fmt: skip
    assert run(anywhere, [], "Your ticket number is 12.", "Anything else?").verdict == "pass"


def test_forbidden_phrase_scoped_to_the_final_reply():
    scoped = ScenarioSpec(
        key="s3", kind=ScenarioKind.ACCURACY, name="n", turns=("a", "b"), forbidden_phrases=("SAVE50",),
        forbidden_scope=PhraseScope.FINAL_REPLY,
    )  # fmt: skip
    assert run(scoped, [], "Code SAVE50 was for last week.", "No discount today.").verdict == "pass"
    late = run(scoped, [], "No discount.", "Fine: use SAVE50.")
    assert [f.message for f in late.findings if f.rule == RULE_FORBIDDEN and not f.passed] == [
        "Reply 2 contains the forbidden phrase “SAVE50”."
    ]


def test_a_pattern_that_backtracks_for_ever_is_stopped_and_fails_the_check_with_a_sentence() -> None:
    import time

    from evaluations.core.patterns import PATTERN_TIME_LIMIT_S, PatternTimeout
    from evaluations.scoring.rules.tools import check_tool_calls

    catastrophic = {"kind": "regex", "pattern": r"(\d+)*\D"}
    with pytest.raises(PatternTimeout):
        matcher_holds(catastrophic, {"order_id": "1" * 5000}, "order_id")
    assert matcher_holds(catastrophic, {"order_id": "12a"}, "order_id")
    # Every matcher of a scenario shares one limit: many calls, each slow, still stop after one limit.
    scenario = spec(expected_tool_calls=(ExpectedToolCall("lookup_order", {"order_id": catastrophic}),))
    calls = [ToolCall(name="lookup_order", arguments={"order_id": "1" * 5000}) for _ in range(30)]
    started = time.monotonic()
    findings = check_tool_calls(scenario, calls)
    assert time.monotonic() - started < PATTERN_TIME_LIMIT_S + 0.5
    assert [f.message for f in findings if not f.passed] == [
        "The tool-call checks were stopped: the pattern took longer than 0.1 s on this reply (“(\\d+)*\\D”); "
        "simplify it."
    ]
