"""Patterns a member writes in a monitor run bounded (docs/monitors.md#pattern-time-limit): a backtracking schema
``pattern``, ``patternProperties`` key or ``regex`` rule, imported through the YAML page, fails its sample with a
sentence on the run page and the run ends within the time limit plus the agent's latency; a schema whose reference
leads back to itself is refused at import, naming its line."""

from __future__ import annotations

import textwrap
import time
from typing import Any

import pytest
from django.urls import reverse

from evaluations.core.jobs import JobStatus
from evaluations.core.patterns import PATTERN_TIME_LIMIT_S
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample, SampleVerdict
from evaluations.monitors.rules import AnswerContext, evaluate, parse_rule, parse_rule_lines
from tests.monitors.test_monitors_runs import ScriptedAgent

# With Python's own re, each extra "a" multiplies the time by about 1.6 (26 characters: 0.03 s; 40: about 25 s).
SCHEMA_PATTERN = "^(a|aa)+$"
SCHEMA_ANSWER = '{"code": "' + "a" * 40 + 'b"}'
# Passes the probes a regex rule meets when saved, yet doubles per "ab" on this answer (24 pairs: 3 s with re).
RULE_PATTERN = "^(ab|a|b)+$"
RULE_ANSWER = "ab" * 40 + "c"
SLACK_S = 2.0  # the test's own overhead: the database, the page, the local server


@pytest.fixture
def agent_server(httpserver: Any, private_endpoints: None) -> ScriptedAgent:
    return ScriptedAgent(httpserver)


def import_yaml(client: Any, url: str, expect: str) -> Monitor:
    text = textwrap.dedent(
        """\
        monitors:
          - name: Codes
            endpoint: {url}
            samples: 1
            passes: 1
            cases:
              - ask: Your code as JSON?
                name: Code
                expect:
        {expect}
        """
    ).format(url=url, expect=textwrap.indent(textwrap.dedent(expect), " " * 10))
    response = client.post(reverse("monitors:monitor-import"), {"yaml_text": text})
    assert response.status_code == 302, response.content.decode()
    return Monitor.objects.get(name="Codes")


def run_from_the_page(client: Any, monitor: Monitor, capture: Any) -> tuple[MonitorRun, float, str]:
    started = time.monotonic()
    with capture(execute=True):
        client.post(reverse("monitors:monitor-run", args=[monitor.pk]))
    elapsed = time.monotonic() - started
    run = MonitorRun.objects.get(monitor=monitor)
    page = client.get(reverse("monitors:run-detail", args=[run.pk])).content.decode()
    return run, elapsed, page


def agent_latency_s(run: MonitorRun) -> float:
    return sum((s.latency_ms or 0) for s in MonitorSample.objects.filter(run=run)) / 1000


@pytest.mark.parametrize(
    ("expect", "pattern"),
    [
        (
            f"""\
            - json_schema:
                type: object
                properties:
                  code: {{type: string, pattern: "{SCHEMA_PATTERN}"}}
            """,
            SCHEMA_PATTERN,
        ),
        (
            f"""\
            - json_schema:
                type: object
                patternProperties:
                  "{SCHEMA_PATTERN}": {{type: string}}
                additionalProperties: false
            """,
            SCHEMA_PATTERN,
        ),
        (f'- regex: "{RULE_PATTERN}"\n', RULE_PATTERN),
    ],
    ids=["schema-pattern", "schema-pattern-properties", "regex-rule"],
)
def test_a_backtracking_pattern_fails_its_sample_with_a_sentence_and_the_run_ends_in_time(
    client, alice, agent_server, django_capture_on_commit_callbacks, expect, pattern
) -> None:
    client.force_login(alice)
    monitor = import_yaml(client, agent_server.url, expect)
    answer = RULE_ANSWER if "regex" in expect and "json_schema" not in expect else SCHEMA_ANSWER
    if "patternProperties" in expect:
        answer = '{"' + "a" * 40 + 'b": "x"}'
    agent_server.say(answer)

    run, elapsed, page = run_from_the_page(client, monitor, django_capture_on_commit_callbacks)

    assert elapsed < PATTERN_TIME_LIMIT_S + agent_latency_s(run) + SLACK_S
    assert run.status == JobStatus.SUCCEEDED and run.finished_at is not None
    sample = MonitorSample.objects.get(run=run)
    assert sample.verdict == SampleVerdict.FAIL
    sentence = f"Stopped: the pattern took longer than 0.1 s on this reply (“{pattern}”); simplify it."
    assert sentence in page


def test_a_schema_s_patterns_share_one_time_limit() -> None:
    # Many strings, each a match for the slow pattern: the whole check still stops after one limit.
    (rule,) = parse_rule_lines(f'json_schema: {{type: array, items: {{pattern: "{SCHEMA_PATTERN}"}}}}')
    answer = "[" + ", ".join(['"' + "a" * 40 + 'b"'] * 50) + "]"
    started = time.monotonic()
    outcome = evaluate([rule], answer=answer, latency_ms=1, context=AnswerContext(ask="?"))
    assert time.monotonic() - started < PATTERN_TIME_LIMIT_S + 0.5
    (result,) = outcome.results
    assert not result.passed and "took longer than 0.1 s" in result.message and not outcome.error


def test_quick_schema_patterns_still_decide() -> None:
    written = 'json_schema: {type: object, patternProperties: {"^x-": {type: integer}}, additionalProperties: false}'
    (rule,) = parse_rule_lines(written)
    context = AnswerContext(ask="?")
    assert evaluate([rule], answer='{"x-a": 1}', latency_ms=1, context=context).results[0].passed
    assert not evaluate([rule], answer='{"x-a": "1"}', latency_ms=1, context=context).results[0].passed
    assert not evaluate([rule], answer='{"y": 1}', latency_ms=1, context=context).results[0].passed
    (unevaluated,) = parse_rule_lines(
        'json_schema: {allOf: [{patternProperties: {"^x-": true}}], unevaluatedProperties: false}'
    )
    assert evaluate([unevaluated], answer='{"x-a": 1}', latency_ms=1, context=context).results[0].passed
    assert not evaluate([unevaluated], answer='{"y": 1}', latency_ms=1, context=context).results[0].passed


def test_a_schema_pattern_that_does_not_compile_is_refused_when_written() -> None:
    with pytest.raises(ValueError, match="is not a 'regex'"):
        parse_rule({"json_schema": {"properties": {"a": {"pattern": "(unclosed"}}}})


# A reference that leads back to itself on the same value recursed without end on every sample.

LOOPS = [
    ("{$anchor: me, $ref: '#me'}", "$ref (#me)"),
    ("{$ref: '#'}", "$ref (#)"),
    ("{$defs: {a: {allOf: [{$ref: '#/$defs/a'}]}}, properties: {x: {$ref: '#/$defs/a'}}}", "$defs.a.allOf.0.$ref"),
]


@pytest.mark.parametrize(("schema", "where"), LOOPS)
def test_a_schema_that_refers_to_itself_without_end_is_refused_when_written(schema, where) -> None:
    with pytest.raises(ValueError) as caught:
        parse_rule_lines(f"json_schema: {schema}")
    assert f"json_schema: {where}" in str(caught.value)
    assert "leads back to itself without checking anything in between" in str(caught.value)


def test_the_yaml_import_refuses_a_self_referencing_anchor_on_its_line(client, alice, private_endpoints) -> None:
    text = textwrap.dedent(
        """\
        monitors:
          - name: Loop
            endpoint: http://127.0.0.1:9/chat
            cases:
              - ask: Status as JSON?
                expect:
                  - json_schema:
                      $anchor: me
                      $ref: "#me"
        """
    )
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-import"), {"yaml_text": text})

    assert response.status_code == 400 and not Monitor.objects.exists()
    page = response.content.decode()
    assert "Line 9: json_schema: $ref (#me) leads back to itself without checking anything in between" in page


def test_a_recursive_schema_that_descends_is_still_fine() -> None:
    (rule,) = parse_rule_lines(
        "json_schema: {$defs: {node: {type: object, properties: {child: {$ref: '#/$defs/node'}}}}, "
        "$ref: '#/$defs/node'}"
    )
    outcome = evaluate([rule], answer='{"child": {"child": {}}}', latency_ms=1, context=AnswerContext(ask="?"))
    assert outcome.results[0].passed


def test_a_looping_schema_saved_earlier_makes_its_sample_an_error_with_a_sentence(
    acme, agent_server, django_capture_on_commit_callbacks
) -> None:
    from tests.monitors.test_monitors_no_fetch import run_now, schema_monitor

    agent_server.say('{"status": "ok"}')
    monitor = schema_monitor(acme, agent_server.url, {"$anchor": "me", "$ref": "#me"})

    run, _ = run_now(monitor, django_capture_on_commit_callbacks)

    sample = MonitorSample.objects.get(run=run)
    assert sample.verdict == SampleVerdict.ERROR
    assert sample.error_message == (
        "The json_schema rule could not be checked. The schema could not be applied: a reference in it leads back "
        "to itself without end, or the answer is nested too deeply; edit the rule."
    )
