"""A suite written as a promptfoo test file (docs/imports.md, Export to promptfoo): one test per current scenario,
its message in ``vars.message`` beside its template variables, its checks as promptfoo assertions; what has no
counterpart in promptfoo is listed in a comment at the top, scenario by scenario."""

from __future__ import annotations

from typing import Any

import yaml

from suites.models import Scenario, Suite
from suites.selectors import suite_current_scenarios
from suites.yaml_io.export import _Dumper


def _test(scenario: Scenario, missing: list[str]) -> dict[str, Any]:
    variables = {"message": scenario.initial_message, **{k: v for k, v in scenario.template_variables or []}}
    asserts: list[dict[str, Any]] = []
    asserts += [{"type": "icontains", "value": phrase} for phrase in scenario.required_phrases or []]
    asserts += [{"type": "not-icontains", "value": phrase} for phrase in scenario.forbidden_phrases or []]
    if scenario.expected_outcome:
        asserts.append({"type": "llm-rubric", "value": scenario.expected_outcome})
    if scenario.correct_answer:
        asserts.append({"type": "factuality", "value": scenario.correct_answer})
    calls = scenario.expected_calls
    if len(calls) > 1 and scenario.tool_order == "in_order":
        asserts.append({"type": "trajectory:tool-sequence", "value": {"steps": [c["name"] for c in calls]}})
    elif calls:
        asserts.append({"type": "trajectory:tool-used", "value": [c["name"] for c in calls]})
    lacks = []
    if scenario.start_from:
        lacks.append(f"starts from {len(scenario.start_from)} earlier turns")
    if scenario.tool_context:
        lacks.append("tool calls seeded before the first turn")
    if len(scenario.turns) > 1:
        lacks.append(f"{len(scenario.turns) - 1} later scripted turns")
    if any(c.get("arguments") for c in calls):
        lacks.append("tool-call argument matchers")
    if scenario.forbidden_tool_calls:
        lacks.append("forbidden tool calls")
    if scenario.max_tool_calls is not None:
        lacks.append("a most-tool-calls limit")
    if scenario.persona:
        lacks.append("its simulated user")
    if scenario.uses_canary:
        lacks.append("the {{canary}} value")
    if not scenario.contacts_may_be_shared or scenario.tool_results_leak:
        lacks.append("its PII settings")
    if "final_reply" in (scenario.required_scope, scenario.forbidden_scope):
        lacks.append("phrases scoped to the final reply")
    if lacks:
        name = " ".join(scenario.name.split())  # one comment line, whatever the name holds
        missing.append(f"“{name}”: {', '.join(lacks)}")
    test: dict[str, Any] = {"description": scenario.name, "vars": variables}
    if asserts:
        test["assert"] = asserts
    return test


def suite_to_promptfoo(suite: Suite) -> str:
    """The promptfoo test file (YAML): a list of tests to give a config as ``tests: file://…``."""
    missing: list[str] = []
    tests = [_test(scenario, missing) for scenario in suite_current_scenarios(suite=suite) if scenario.runs]
    header = [
        f"# promptfoo tests exported from the Trustgate suite “{' '.join(suite.name.split())}” v{suite.version}.",
        "# Each test's message is vars.message: use {{message}} in your prompt. Trustgate matches phrases as whole",
        "# words; icontains matches any substring. The expected outcome is an llm-rubric.",
    ]
    if suite.secret_marker_list:
        missing.insert(0, "the suite's secret markers (never in a reply)")
    if missing:
        header.append("# No counterpart in promptfoo, left out:")
        header += [f"#   - {line}" for line in missing]
    body = yaml.dump(tests, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
    return "\n".join(header) + "\n" + body
