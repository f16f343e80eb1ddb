"""A suite exported as a promptfoo test file (docs/imports.md, Export to promptfoo): checks as assertions, what has
no counterpart listed in a comment at the top, readable back by the promptfoo import; another workspace's is 404."""

from __future__ import annotations

from typing import Any

import yaml

from suites.imports.preview import import_preview
from suites.services import suite_create

SCENARIOS: list[dict[str, Any]] = [
    {"kind": "custom", "name": "Refund window", "turns": ["Refund for {{order_id}}?"],
     "template_variables": [["order_id", "NW-1"]], "required_phrases": ["30 days"], "forbidden_phrases": ["guarantee"],
     "expected_outcome": "Explains the refund window."},
    {"kind": "tool_calls", "name": "Lookup then refund", "turns": ["My order NW-2 arrived broken."],
     "start_from": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello!"}],
     "expected_tool_calls": [{"name": "lookup_order", "arguments": {"order_id": {"kind": "exact", "value": "NW-2"}}},
                             {"name": "issue_refund", "arguments": {}}],
     "max_tool_calls": 3},
]  # fmt: skip


def test_promptfoo_export_lists_what_has_no_counterpart_and_reads_back(client, alice, acme, bob) -> None:
    suite = suite_create(account=acme, name="Refunds", kind="test_set", scenarios=SCENARIOS, secret_markers=["S3CR3T"])
    client.force_login(alice)
    page = client.get(f"/suites/{suite.pk}/")
    assert f'href="/suites/{suite.pk}/promptfoo.yaml"' in page.content.decode()
    response = client.get(f"/suites/{suite.pk}/promptfoo.yaml")
    assert response["Content-Disposition"] == f'attachment; filename="promptfoo-tests-{suite.pk}-v1.yaml"'
    text = response.content.decode()
    assert text.startswith("# promptfoo tests exported from the Trustgate suite “Refunds” v1.\n")
    assert "#   - the suite's secret markers (never in a reply)" in text and "S3CR3T" not in text
    assert (
        "#   - “Lookup then refund”: starts from 2 earlier turns, tool-call argument matchers, a most-tool-calls"
        in text
    )
    tests = yaml.safe_load(text)
    assert tests[0] == {
        "description": "Refund window",
        "vars": {"message": "Refund for {{order_id}}?", "order_id": "NW-1"},
        "assert": [{"type": "icontains", "value": "30 days"}, {"type": "not-icontains", "value": "guarantee"},
                   {"type": "llm-rubric", "value": "Explains the refund window."}],
    }  # fmt: skip
    assert tests[1]["assert"] == [
        {"type": "trajectory:tool-sequence", "value": {"steps": ["lookup_order", "issue_refund"]}}
    ]

    back = import_preview(response.content, source_format="promptfoo", filename="tests.yaml")
    assert back.problems == [] and [c.values["name"] for c in back.cases] == ["Refund window", "Lookup then refund"]
    first = back.cases[0].values
    assert (first["turns"], first["required_phrases"], first["forbidden_phrases"]) == (
        ["Refund for {{order_id}}?"],
        ["30 days"],
        ["guarantee"],
    )
    assert first["template_variables"] == [["order_id", "NW-1"]]

    client.force_login(bob)
    assert client.get(f"/suites/{suite.pk}/promptfoo.yaml").status_code == 404
