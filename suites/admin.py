from django.contrib import admin

from suites.models import Scenario, Suite


class ScenarioInline(admin.StackedInline):
    model = Scenario
    extra = 0
    ordering = ["position", "pk"]
    fields = ["position", "kind", "name", "turns", "expected_outcome", "required_phrases", "forbidden_phrases",
              "expected_tool_call", "severity", "owasp_tag", "uses_canary", "contacts_may_be_shared", "is_active"]


@admin.register(Suite)
class SuiteAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "agent", "version", "updated_at"]
    list_filter = ["account"]
    search_fields = ["name", "description"]
    inlines = [ScenarioInline]


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ["name", "suite", "kind", "severity", "is_active", "position"]
    list_filter = ["kind", "severity", "is_active"]
    search_fields = ["name", "suite__name"]
