from __future__ import annotations

import json

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from evaluations.core.readonly_admin import ReadOnlyAdmin
from evaluations.runs.models import EvaluationRun
from evaluations.scoring.rules.markers import mask_markers


def _markers(run: EvaluationRun) -> list[str]:
    """The run's secret markers: the agent's (frozen in its settings) and each scenario's (from its suite)."""
    found = list(run.settings.secret_markers)
    for scenario in run.scenarios or []:
        found += [str(m) for m in scenario.get("secret_markers") or []]
    return sorted({m.strip() for m in found if m.strip()}, key=len, reverse=True)


@admin.register(EvaluationRun)
class EvaluationRunAdmin(ReadOnlyAdmin):
    """Runs are written by the engine; the admin is for looking, not editing (a finished run's verdict is a record,
    docs/gate.md). The frozen settings and scenarios
    are shown with the secret markers masked, as on every page (docs/agents.md)."""

    list_display = ["pk", "agent_name", "suite_name", "suite_version", "status", "trust_score", "created_at", "report"]
    list_filter = ["status", "judge_model", "account"]
    search_fields = ["agent_name", "suite_name", "endpoint_url"]
    exclude = ["agent_snapshot", "settings_snapshot", "scenarios"]  # extra headers; markers in clear
    readonly_fields = ["report", "settings_masked", "scenarios_masked"]

    @admin.display(description="Report")
    def report(self, run: EvaluationRun) -> str:
        return format_html(
            '<a href="{}">Report of run #{}</a>', reverse("evaluations:run-report", args=[run.pk]), run.pk
        )

    @admin.display(description="Settings (secret markers masked)")
    def settings_masked(self, run: EvaluationRun) -> str:
        return _masked_json(run, run.settings_snapshot)

    @admin.display(description="Scenarios (secret markers masked)")
    def scenarios_masked(self, run: EvaluationRun) -> str:
        return _masked_json(run, run.scenarios)


def _masked_json(run: EvaluationRun, data: object) -> str:
    text = mask_markers(json.dumps(data, indent=2, ensure_ascii=False, default=str), _markers(run))
    return format_html("<pre>{}</pre>", text)
