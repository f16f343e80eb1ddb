from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from evaluations.runs.models import EvaluationRun


@admin.register(EvaluationRun)
class EvaluationRunAdmin(admin.ModelAdmin):
    """Runs are written by the engine; the admin is for looking, not editing."""

    list_display = ["pk", "agent_name", "suite_name", "status", "trust_score", "created_at"]
    list_filter = ["status", "judge_model", "account"]
    search_fields = ["agent_name", "suite_name", "endpoint_url"]
    exclude = ["agent_snapshot"]  # may hold extra headers

    def has_change_permission(self, request: HttpRequest, obj: EvaluationRun | None = None) -> bool:
        return False

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
