from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from evaluations.models import Agent, Baseline, EvaluationRun
from evaluations.monitors.models import Monitor, MonitorCase, MonitorEvent


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "protocol", "endpoint_url", "api_key_masked", "updated_at"]
    list_filter = ["protocol", "judge_model", "account"]
    search_fields = ["name", "endpoint_url", "account__name"]
    readonly_fields = ["api_key_masked", "created_at", "updated_at"]


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


@admin.register(Baseline)
class BaselineAdmin(admin.ModelAdmin):
    list_display = ["agent", "endpoint_url", "scope", "run", "is_current", "pinned_by", "pinned_at"]
    list_filter = ["is_current", "account"]
    search_fields = ["agent__name", "endpoint_url", "scope"]
    readonly_fields = ["account", "agent", "endpoint_url", "suite", "scope", "run", "pinned_by", "pinned_at",
                       "is_current", "replaced_at"]  # fmt: skip


class MonitorCaseInline(admin.StackedInline):
    model = MonitorCase
    extra = 0


@admin.register(Monitor)
class MonitorAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "agent", "status", "updated_at"]
    list_filter = ["status", "account"]
    search_fields = ["name", "agent__name"]
    inlines = [MonitorCaseInline]
    exclude = ["webhook_secret"]


@admin.register(MonitorEvent)
class MonitorEventAdmin(admin.ModelAdmin):
    list_display = ["monitor", "kind", "created_at"]
    list_filter = ["kind"]
    search_fields = ["monitor__name"]
