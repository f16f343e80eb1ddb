"""The Use in CI step, executed for real against a live server (docs/ci.md): its distinct exit codes, a staging run
that would pass ungated said so before it is launched, fail_on_no_baseline refused before anything is charged, and
a new suite version compared on the scenarios that did not change instead of failing the pipeline."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from django.urls import reverse

from billing.selectors import balance_for_account
from billing.services import api_key_create
from evaluations.gate.services import baseline_pin
from evaluations.runs.models import EvaluationRun
from suites.models import Scenario, SuiteVersion
from tests.api.test_use_in_ci import AGENT_KEY, _tools, fetch, run_bash

__all__ = ["fetch"]  # the live page fetcher, a fixture of the Use in CI tests


@pytest.mark.django_db(transaction=True)
def test_exit_codes_staging_and_a_new_suite_version(
    live_server, fetch, alice, acme, demo_agent_record, demo_suite, demo_agent_mode, tmp_path
) -> None:
    _tools()
    _, token = api_key_create(user=alice, account=acme, name="CI")
    script = fetch(reverse("suites:ci-script", args=[demo_suite.pk]))
    assert "#   2  not gated: the run is not comparable with the baseline, or no baseline is pinned" in script
    env = {"TRUSTGATE_API_KEY": token, "AGENT_API_KEY": AGENT_KEY}
    production = demo_agent_record.endpoint_url
    staging = production.replace("127.0.0.1", "localhost")  # the same demo agent under another address

    # fail_on_no_baseline without a baseline: refused at plan time, exit 2, nothing launched or charged.
    balance = balance_for_account(account_id=acme.pk)
    strict = run_bash(script, tmp_path, {**env, "TRUSTGATE_FAIL_ON_NO_BASELINE": "true"})
    assert strict.returncode == 2, strict.stdout + strict.stderr
    assert "Verdict: FAIL (not launched): fail_on_no_baseline is set and no baseline is pinned for Northwind bot" in (
        strict.stdout
    )
    assert "nothing was launched or charged" in strict.stdout
    assert not EvaluationRun.objects.exists() and balance_for_account(account_id=acme.pk) == balance

    first = run_bash(script, tmp_path, env)
    assert first.returncode == 0, first.stdout + first.stderr
    baseline = EvaluationRun.objects.get()
    baseline_pin(run=baseline, user=alice)

    # Staging without compare_with_endpoint: said before the run, in the plan and in the verdict's warnings.
    ungated = run_bash(script, tmp_path, {**env, "TRUSTGATE_ENDPOINT_URL": staging})
    assert ungated.returncode == 0, ungated.stdout + ungated.stderr
    warning = (
        f"Not gated: this run goes to {staging} (an endpoint override), where no baseline is pinned with suite "
        "“Demo”, and compare_with_endpoint is not set, so the release gate will not compare it with anything and "
        f"a regression would pass. Northwind bot has a baseline at {production} (run #{baseline.pk}): to gate this "
        f"run against it, set compare_with_endpoint: {production}"
    )
    assert ungated.stdout.count(f"! warning: {warning}") == 2, ungated.stdout  # the plan's, then the verdict's
    # ... and compared with production when asked: a regression on staging blocks (exit 1).
    demo_agent_mode("regressed")
    gated = run_bash(script, tmp_path, {**env, "TRUSTGATE_ENDPOINT_URL": staging,
                                        "TRUSTGATE_COMPARE_WITH_ENDPOINT": production})  # fmt: skip
    assert gated.returncode == 1, gated.stdout + gated.stderr
    assert "Release gate blocked: Response accuracy fell" in gated.stdout and "Not gated" not in gated.stdout
    demo_agent_mode("normal")
    nowhere = run_bash(script, tmp_path, {**env, "TRUSTGATE_ENDPOINT_URL": staging,
                                          "TRUSTGATE_COMPARE_WITH_ENDPOINT": "http://localhost:1/x"})  # fmt: skip
    assert nowhere.returncode == 2, nowhere.stdout + nowhere.stderr  # nothing to compare with there: not gated
    assert "Verdict: FAIL (not launched): No baseline is pinned for Northwind bot at http://localhost:1/x" in (
        nowhere.stdout
    )

    # A new suite version: one scenario retired, one added. The others are compared (no NOT COMPARABLE, no exit 1).
    retired = demo_suite.scenarios.get(name="Gift return window")
    Scenario.objects.filter(pk=retired.pk).update(is_active=False, retired_in=2)
    Scenario.objects.create(suite=demo_suite, kind="accuracy", name="Opening hours", turns=["When are you open?"],
                            required_phrases=["9"], introduced_in=2, position=99)  # fmt: skip
    demo_suite.version = 2
    demo_suite.save(update_fields=["version"])
    SuiteVersion.objects.create(suite=demo_suite, number=2, note="One retired, one added")
    changed = run_bash(script, tmp_path, env)
    assert changed.returncode == 0, changed.stdout + changed.stderr
    assert "NOT COMPARABLE" not in changed.stdout and "leave the setting out" not in changed.stdout
    assert f"Release gate passed against baseline run #{baseline.pk}." in changed.stdout
    assert (
        f"! warning: Compared with baseline run #{baseline.pk} on what did not change: The suite changed since the "
        "baseline (version 1 → 2): the gate compared the "
    ) in changed.stdout
    assert "No baseline yet for 1 new or edited scenario: “Opening hours”." in changed.stdout
    assert "Gone since the baseline (retired or replaced): “Gift return window”." in changed.stdout
    status = EvaluationRun.objects.order_by("-pk").first()
    assert status is not None
    gate = fetch_json(live_server.url, token, status.pk)["gate"]
    assert gate["state"] == "pass" and gate["suite_change"]["baseline_version"] == 1
    assert gate["suite_change"]["new_scenarios"] == ["Opening hours"]
    assert gate["suite_change"]["gone_scenarios"] == ["Gift return window"]
    assert gate["suite_change"]["compared_scenarios"] == demo_suite.scenarios.filter(is_active=True).count() - 1


def fetch_json(url: str, token: str, run_id: int) -> dict[str, Any]:
    response = httpx.get(f"{url}/api/v1/aiagent/runs/{run_id}", headers={"Authorization": f"Bearer {token}"},
                         trust_env=False, timeout=10)  # fmt: skip
    response.raise_for_status()
    return dict(response.json())
