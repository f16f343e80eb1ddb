"""Runs and baselines in Django admin are records (docs/gate.md): read-only, a run links to its report, a baseline
shows the audit-log lines about its run."""

from __future__ import annotations

from evaluations.gate.models import Baseline
from evaluations.gate.services import baseline_pin


def test_a_run_and_its_baseline_are_read_only_with_the_report_and_the_audit_trail(
    admin_client, alice, launch, demo_agent_record, demo_suite
) -> None:
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    baseline_pin(run=run, user=alice)
    baseline = Baseline.objects.get(run=run)

    run_page = admin_client.get(f"/admin/runs/evaluationrun/{run.pk}/change/").content.decode()
    assert f'href="/runs/{run.pk}/"' in run_page and 'name="status"' not in run_page
    assert admin_client.post(f"/admin/runs/evaluationrun/{run.pk}/delete/", {"post": "yes"}).status_code == 403
    page = admin_client.get(f"/admin/gate/baseline/{baseline.pk}/change/").content.decode()
    assert "Audit trail" in page and "Baseline pinned" in page and "alice" in page
    assert admin_client.post(f"/admin/gate/baseline/{baseline.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Baseline.objects.filter(pk=baseline.pk).exists()


def test_model_names_read_as_people_write_them(admin_client) -> None:
    index = admin_client.get("/admin/").content.decode()
    assert "API keys" in index and "Api keys" not in index
