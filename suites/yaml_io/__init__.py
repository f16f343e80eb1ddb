"""Suites as YAML, so they can live in a repository (docs/suites.md).

Format (``trustgate: suite/v1``; fields at their default are left out on export)::

    trustgate: suite/v1
    name: Refund requests
    version: 1
    kind: test_set                  # or "suite"
    description: Billing questions that should end in a refund
    agent: Support bot              # an agent of the workspace, by name (optional)
    policy: |                       # the policy this version was written or checked against
      Refunds within 30 days...
    default_persona:                # optional simulated user
      name: Impatient customer
      description: In a hurry, wants the money back today.
    max_turns: 6
    scenarios:
      - name: Double charge
        kind: custom
        turns:
          - Hi, I was charged twice for order {{order_id}}.
        expected_outcome: Refunds the duplicate charge and says when it arrives.
        template_variables:
          order_id: "1042"

Scenario fields: kind, name, turns (or ``initial_message``), expected_outcome, correct_answer,
required_phrases, forbidden_phrases, expected_tool_call (``{name, arguments: {arg: matcher}}``),
template_variables, severity, owasp_tag, uses_canary, contacts_may_be_shared, tool_results_leak, persona,
max_turns, attack_id, active, stale_reason, tool_context (tool calls and results seeded before the first turn:
docs/redteam.md).

Import reads the text with the one safe loader, ``evaluations.core.yamlsafe`` (256 KB at most, no anchors or
aliases, safe tags only), validates everything before writing anything (``parse``) and reports every problem
with its line and field (``scenarios[3]`` counts from 1). It is idempotent by suite name + version: the same file imported twice
changes nothing; a higher version updates the suite (scenarios that did not change keep their identity, the
others are retired in the new version); the same version with other content, or a lower one, is refused
(``importer``). ``export`` writes the format.
"""

from suites.yaml_io.export import FORMAT, scenario_to_dict, suite_to_dict, suite_to_yaml
from suites.yaml_io.importer import ImportResult, import_suite_yaml
from suites.yaml_io.parse import ImportProblem, ParsedSuite, SuiteImportError, parse_suite_yaml

__all__ = [
    "FORMAT",
    "ImportProblem",
    "ImportResult",
    "ParsedSuite",
    "SuiteImportError",
    "import_suite_yaml",
    "parse_suite_yaml",
    "scenario_to_dict",
    "suite_to_dict",
    "suite_to_yaml",
]
