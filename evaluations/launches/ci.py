""" "Use in CI": the GitHub workflow (on Trustgate's own action), the bash step and the client snippet of a saved
suite, rendered from templates, and what the page says of a CI run (its settings, cost and power).

Only the instance URL, the suite id and the action reference are filled in as code; both keys come from CI secrets
at run time. The suite's name, which a member types, is data only: a one-line comment of the bash script and of the
workflow's header — never a ``run:`` line, a ``with:`` value nor a GitHub expression (docs/ci.md).
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any
from urllib.parse import urlsplit

from django.template.loader import render_to_string

from evaluations.gate.planner import confirming_phrase, percent
from evaluations.gate.selectors import baseline_endpoints_for_suite
from evaluations.launches.estimate import launch_estimate
from evaluations.launches.plan import launch_plan, launch_power
from evaluations.launches.request import LaunchRequest
from evaluations.scoring.choices import JudgeModel, Strictness
from redteam.services import Depth
from redteam.strategies import strategy_label

# What Django accepts as a host (ALLOWED_HOSTS-checked) plus a scheme: nothing a shell or YAML would interpret.
_SAFE_URL = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+$")
# TRUSTGATE_GITHUB_ACTION, as evalsite/settings.py checks it: a repository and a full commit, nothing YAML reads.
_ACTION = re.compile(r"[\w-]+/[\w.-]+@[0-9a-f]{40}", re.ASCII)


def suite_label(name: str) -> str:
    """The suite name as one line of plain text: anything not printable (line breaks of every kind, U+2028,
    control, format and invisible characters) becomes a space, so it cannot end a comment or a YAML scalar; and
    ``${{`` loses its meaning to GitHub Actions, which evaluates it in any string of a workflow."""
    label = "".join(c if c.isprintable() else " " for c in name)[:120]
    while "${{" in label:
        label = label.replace("${{", "$ {{")
    return label


def ci_context(*, suite: Any, instance_url: str) -> dict[str, Any]:
    instance_url = instance_url.rstrip("/")
    if not _SAFE_URL.match(instance_url):
        raise ValueError(f"Unexpected instance URL {instance_url!r}.")
    label = suite_label(suite.name)
    return {
        "suite_id": int(suite.pk),
        "suite_label": label,
        "instance_url": instance_url,
    }


def _plain(text: str) -> str:
    """Rendered with autoescape off, so never mark it safe: a page showing it must escape it."""
    return str.__str__(text)


def ci_script(*, suite: Any, instance_url: str) -> str:
    return _plain(render_to_string("suites/ci/trustgate-gate.sh", ci_context(suite=suite, instance_url=instance_url)))


def ci_workflow(*, suite: Any, instance_url: str, action: str, comment: bool, sarif: bool) -> str:
    """The GitHub workflow: Trustgate's own action (``action``: ``owner/repo@<commit>``, the setting
    TRUSTGATE_GITHUB_ACTION) with this instance and suite, one run per ref at a time, and only the permissions the
    chosen extras need: ``pull-requests: write`` for the comment, ``security-events: write`` for the SARIF upload."""
    if not _ACTION.fullmatch(action):
        raise ValueError(f"Unexpected action reference {action!r}.")
    context = {**ci_context(suite=suite, instance_url=instance_url), "action": action, "comment": comment,
               "sarif": sarif}  # fmt: skip
    return _plain(render_to_string("suites/ci/github-workflow.yml", context))


def ci_client_snippet(*, suite: Any, instance_url: str, action: str) -> str:
    """``pip install`` of the client and ``trustgate run``, for any CI with Python (docs/ci.md)."""
    context = ci_context(suite=suite, instance_url=instance_url)
    repository, _, commit = action.partition("@")
    source = (
        f'"git+https://github.com/{repository}@{commit}#subdirectory=client"'
        if _ACTION.fullmatch(action)
        else "./client  # from a clone of the Trustgate repository"
    )
    return (
        f"pip install {source}\n"
        f"export TRUSTGATE_URL={context['instance_url']}\n"
        "# TRUSTGATE_API_KEY (and AGENT_API_KEY, if the agent needs one) come from the CI's secrets\n"
        f"trustgate run --suite {context['suite_id']} --report-dir trustgate-report\n"
    )


def instance_url_warning(instance_url: str) -> str:
    """A sentence when the instance's own address is one a CI runner cannot reach (loopback, a private or
    link-local network), else "". Only what the address says: no name is looked up."""
    host = (urlsplit(instance_url).hostname or "").lower()
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        if host == "localhost" or host.endswith(".localhost"):
            kind = "a loopback address"
        else:
            kind = "a local network name" if host.endswith((".local", ".internal")) else ""
    else:
        kind = (
            "a loopback address"
            if address.is_loopback
            else "a private address"
            if address.is_private or address.is_link_local
            else ""
        )
    if not kind:
        return ""
    return (
        f"This page was opened at {instance_url}, {kind}: a CI runner (GitHub's, or any on another network) cannot "
        "reach it, so the files below would fail with no answer. Open Trustgate at the address CI will use (its "
        "public URL) and copy them from there, or set TRUSTGATE_URL in CI to that address."
    )


def settings_in_words(plan: Any) -> list[tuple[str, str]]:
    """The settings a CI run will use, as the pages say them ("Rules only (no judge)", not ``rules_only``)."""
    settings, frozen = plan.settings, plan.frozen
    depth = Depth(settings.redteam_depth).label if settings.redteam_depth else "None"
    if settings.redteam_depth and settings.redteam_strategies:
        depth += " · strategies: " + ", ".join(strategy_label(name) for name in settings.redteam_strategies)
    contacts = settings.allowed_contacts
    return [
        ("Runs per scenario", f"{settings.runs_per_scenario} · {settings.parallel} in parallel"),
        ("Red-team attacks", depth),
        ("Judge", f"{JudgeModel(frozen.judge_model).label} · {Strictness(frozen.judge_strictness).label} strictness"),
        (
            "Contacts the agent may share",
            "the agent's own list" if contacts is None else (", ".join(contacts) or "none"),
        ),
    ]


def power_line(plan: Any) -> str:
    """The power planner's figure for these settings (docs/gate.md, "The power planner"), "" when not gated."""
    figures = launch_power(plan)
    if figures is None:
        return ""
    baseline = figures["baseline_runs_per_scenario"]
    runs, scenarios = figures["runs_per_scenario"], figures["scenarios"]
    against = f" against a baseline of {baseline}" if baseline is not None else ""
    confirming = figures["confirmation_runs"]
    more = f" and {confirming_phrase(confirming)}" if confirming else ""
    return (
        f"With {runs} run{'s' * (runs != 1)} per scenario{against}{more} over {scenarios} "
        f"scenario{'s' * (scenarios != 1)}, a single scenario that stops passing is caught about "
        f"{percent(figures['one_scenario_caught'])} of the time."
    )


def ci_launch_preview(*, suite: Any) -> dict[str, Any] | None:
    """What the Use in CI page shows of a CI run with no settings set: the plan for the suite's agent at its own
    endpoint (the settings in words, where they come from, whether they match the pinned baseline, its warnings),
    what one run costs at most (the launch estimate: the credits it holds), the power planner's figure, and the
    other endpoints of the agent with a baseline for the suite. None without an agent."""
    if suite.agent is None:
        return None
    endpoints = baseline_endpoints_for_suite(agent_id=suite.agent_id, suite_id=suite.pk)
    request = LaunchRequest(agent=suite.agent, suite=suite)
    plan = launch_plan(request)
    return {
        "plan": plan,
        "settings": settings_in_words(plan),
        "estimate": launch_estimate(request=request, plan=plan),
        "power_line": power_line(plan),
        "endpoint_url": suite.agent.endpoint_url,
        "other_endpoints": [url for url in endpoints if url != suite.agent.endpoint_url],
    }
