"""Suite YAML import (suites/yaml_io) and the test-set editor's tool-check YAML, fed hostile documents: every
input is imported with storable rows or refused with sentences and nothing written."""

from __future__ import annotations

from hypothesis import given, note, settings

from suites.models import ChangeProposal, Persona, Scenario, Suite, SuiteVersion
from suites.yaml_io import SuiteImportError, import_suite_yaml
from suites.yaml_io.parse import parse_tool_checks
from tests.fuzz.hostile import FUZZ, counts, is_human_sentence, rolled_back, unstorable, yaml_text

SUITE_MODELS = (Suite, SuiteVersion, Scenario, Persona, ChangeProposal)
SUITE = {
    "trustgate": "suite/v1",
    "name": "Refunds",
    "version": 1,
    "kind": "suite",
    "description": "Billing questions",
    "agent": "Support bot",
    "policy": "Refunds within 30 days.",
    "default_persona": {"name": "Impatient", "description": "Wants the money back today."},
    "max_turns": 6,
    "secret_markers": ["TG-SECRET"],
    "scenarios": [],
}
SCENARIO = {
    "name": "Double charge",
    "kind": "custom",
    "turns": ["Charged twice for {{order_id}}."],
    "expected_outcome": "Refunds it.",
    "correct_answer": "30 days",
    "required_phrases": ["refund"],
    "forbidden_phrases": ["never"],
    "required_phrases_scope": "any_reply",
    "expected_tool_call": {"name": "refund", "arguments": {"order": "1042"}},
    "forbidden_tool_calls": ["delete_account"],
    "max_tool_calls": 3,
    "tool_order": "in_order",
    "template_variables": {"order_id": "1042"},
    "severity": "high",
    "owasp_tag": "LLM01",
    "uses_canary": False,
    "contacts_may_be_shared": True,
    "persona": "A customer",
    "max_turns": 4,
    "attack_id": "",
    "active": True,
    "stale_reason": "",
}
TOOL_CHECKS = {
    "expected_tool_calls": [{"name": "refund", "arguments": {"order": "1042"}}],
    "tool_order": "any_order",
    "forbidden_tool_calls": ["delete_account"],
    "max_tool_calls": 2,
}


@settings(FUZZ, max_examples=80)
@given(text=yaml_text(SUITE, nested={"scenarios": SCENARIO}))
def test_suite_import_saves_storable_rows_or_refuses_with_sentences(acme, agent, text):
    note(f"input: {text!r}")
    with rolled_back():
        before = counts(*SUITE_MODELS)
        try:
            import_suite_yaml(text, account=acme)
        except SuiteImportError as exc:
            assert exc.problems and all(is_human_sentence(problem.message) for problem in exc.problems)
            assert counts(*SUITE_MODELS) == before
        else:
            assert unstorable(*SUITE_MODELS) == []


@settings(FUZZ, max_examples=60)
@given(text=yaml_text(TOOL_CHECKS))
def test_tool_checks_parse_or_refuse_with_sentences(text):
    note(f"input: {text!r}")
    try:
        fields = parse_tool_checks(text)
    except SuiteImportError as exc:
        assert exc.problems and all(is_human_sentence(problem.message) for problem in exc.problems)
    else:
        assert set(fields) >= {"expected_tool_calls", "forbidden_tool_calls", "max_tool_calls"}
