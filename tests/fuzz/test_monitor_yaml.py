"""Monitor YAML import (evaluations/monitors/yaml_io) and the monitor form's rule lines, fed hostile documents:
every input is imported with storable rows or refused line by line with nothing written."""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import given, note, settings
from hypothesis import strategies as st

from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorCase
from evaluations.monitors.rules import RuleError, parse_rule_lines
from evaluations.monitors.yaml_io import YamlImportError
from tests.fuzz.hostile import (
    FUZZ,
    counts,
    hostile_text,
    is_human_sentence,
    mutated,
    rolled_back,
    unstorable,
    yaml_text,
)

MONITOR = {
    "name": "Chat answers",
    "type": "agent",
    "endpoint": "https://93.184.216.34/api/chat",
    "protocol": "chat",
    "model": "gpt",
    "auth": {"bearer": "secret.TEST_TOKEN"},
    "every": "1h",
    "samples": 3,
    "passes": 2,
    "target": "90%",
    "budget": 200000,
    "store": "answers",
    "judge": {"model": "sonnet", "strictness": "balanced"},
    "alerts": {"email": ["oncall@example.com"], "webhook": "https://93.184.216.34/hook"},
    "cases": [],
}
CASE = {
    "ask": "What's your refund window?",
    "name": "Refund window",
    "expect": [{"answered": {"within": "20s"}}, {"not_contains": "error"}, {"judge": "Gives the 30-day window."}],
}


@settings(FUZZ, max_examples=80)
@given(text=yaml_text({"monitors": [MONITOR]}, nested={"monitors": {**MONITOR, "cases": [CASE]}}))
def test_monitor_import_saves_storable_rows_or_refuses_by_line(acme, text):
    note(f"input: {text!r}")
    with rolled_back():
        before = counts(Monitor, MonitorCase)
        try:
            services.monitors_import_yaml(account=acme, text=text)
        except YamlImportError as exc:
            assert exc.errors and all(line >= 1 and is_human_sentence(message) for line, message in exc.errors)
            assert counts(Monitor, MonitorCase) == before
        else:
            assert unstorable(Monitor, MonitorCase) == []


RULES: tuple[dict[str, Any], ...] = (
    {"contains": "refund"},
    {"not_contains": ["error", "sorry"]},
    {"regex": "\\d+ days"},
    {"answered": {"within": "20s"}},
    {"json_schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
    {"judge": "Gives the 30-day window."},
)
RULE_LINE = st.one_of(
    st.sampled_from(RULES)
    .flatmap(mutated)
    .map(lambda rule: yaml.safe_dump(rule, default_flow_style=True, width=10**9)),
    hostile_text(),
)


@settings(FUZZ, max_examples=120)
@given(text=st.lists(RULE_LINE, max_size=4).map("\n".join))
def test_rule_lines_parse_or_refuse_with_sentences(text):
    note(f"input: {text!r}")
    try:
        rules = parse_rule_lines(text)
    except RuleError as exc:
        assert exc.problems and all(is_human_sentence(problem) for problem in exc.problems)
    else:
        assert isinstance(rules, list)
