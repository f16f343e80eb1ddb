""" "Use in CI": the bash step and the GitHub Actions workflow of a saved suite, rendered from templates.

Only the instance URL and the suite id are filled in as code; both keys come from CI secrets at run time. The
suite's name, which a member types, is data only: a one-line comment of the bash script, and in the workflow an
``env:`` entry (an escaped YAML scalar) that the script reads as "$TRUSTGATE_SUITE_NAME" — never a ``run:`` line
nor a GitHub expression (docs/ci.md).
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.template.loader import render_to_string

from evaluations.gate.selectors import baseline_endpoints_for_suite
from evaluations.launches.plan import launch_plan
from evaluations.launches.request import LaunchRequest

# What Django accepts as a host (ALLOWED_HOSTS-checked) plus a scheme: nothing a shell or YAML would interpret.
_SAFE_URL = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+$")
SCRIPT_INDENT = " " * 10  # the workflow's `run: |` block


def suite_label(name: str) -> str:
    """The suite name as one line of plain text: anything not printable (line breaks of every kind, U+2028,
    control, format and invisible characters) becomes a space, so it cannot end a comment or a YAML scalar; and
    ``${{`` loses its meaning to GitHub Actions, which evaluates it in any string of a workflow."""
    label = "".join(c if c.isprintable() else " " for c in name)[:120]
    while "${{" in label:
        label = label.replace("${{", "$ {{")
    return label


def ci_context(*, suite: Any, instance_url: str, name_in_comment: bool = True) -> dict[str, Any]:
    instance_url = instance_url.rstrip("/")
    if not _SAFE_URL.match(instance_url):
        raise ValueError(f"Unexpected instance URL {instance_url!r}.")
    label = suite_label(suite.name)
    return {
        "suite_id": int(suite.pk),
        "suite_label": label if name_in_comment else "",
        # A JSON string is a YAML double-quoted scalar: every quote and backslash escaped.
        "suite_name_yaml": json.dumps(label, ensure_ascii=False),
        "instance_url": instance_url,
    }


def _plain(text: str) -> str:
    """Rendered with autoescape off, so never mark it safe: a page showing it must escape it."""
    return str.__str__(text)


def ci_script(*, suite: Any, instance_url: str) -> str:
    return _plain(render_to_string("suites/ci/trustgate-gate.sh", ci_context(suite=suite, instance_url=instance_url)))


def ci_workflow(*, suite: Any, instance_url: str) -> str:
    # The workflow's `run:` block is rendered without the name: GitHub evaluates expressions even in its comments.
    script = render_to_string(
        "suites/ci/trustgate-gate.sh", ci_context(suite=suite, instance_url=instance_url, name_in_comment=False)
    )
    block = "\n".join(SCRIPT_INDENT + line if line.strip() else "" for line in script.rstrip("\n").splitlines())
    context = {**ci_context(suite=suite, instance_url=instance_url), "script_block": block}
    return _plain(render_to_string("suites/ci/github-workflow.yml", context))


def ci_launch_preview(*, suite: Any) -> dict[str, Any] | None:
    """What the Use in CI page shows of a CI run with no settings set: the plan for the suite's agent at its own
    endpoint (the settings, where they come from, whether they match the pinned baseline, its warnings), and the
    other endpoints of the agent with a baseline for the suite. None without an agent."""
    if suite.agent is None:
        return None
    endpoints = baseline_endpoints_for_suite(agent_id=suite.agent_id, suite_id=suite.pk)
    return {
        "plan": launch_plan(LaunchRequest(agent=suite.agent, suite=suite)),
        "endpoint_url": suite.agent.endpoint_url,
        "other_endpoints": [url for url in endpoints if url != suite.agent.endpoint_url],
    }
