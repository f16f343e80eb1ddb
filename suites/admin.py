from django.contrib import admin

from suites.models import ChangeProposal, Persona, Scenario, Suite, SuiteVersion


class ScenarioInline(admin.StackedInline):
    model = Scenario
    extra = 0
    ordering = ["position", "pk"]
    fields = ["position", "kind", "name", "turns", "expected_outcome", "correct_answer", "required_phrases",
              "required_scope", "forbidden_phrases", "forbidden_scope", "expected_tool_call", "expected_tool_calls",
              "tool_order", "forbidden_tool_calls", "max_tool_calls", "template_variables", "severity", "owasp_tag",
              "uses_canary", "contacts_may_be_shared", "persona", "max_turns", "is_active", "stale_reason",
              "introduced_in", "retired_in"]  # fmt: skip
    show_change_link = True


class SuiteVersionInline(admin.TabularInline):
    model = SuiteVersion
    extra = 0
    fields = ["number", "note", "created_by", "created_at"]
    readonly_fields = ["number", "note", "created_by", "created_at"]
    can_delete = False
    ordering = ["-number"]


@admin.register(Suite)
class SuiteAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "account", "agent", "version", "default_persona", "updated_at"]
    list_filter = ["kind", "account", "agent"]
    search_fields = ["name", "description", "policy_text"]
    list_select_related = ["account", "agent", "default_persona"]
    raw_id_fields = ["agent", "default_persona"]
    inlines = [ScenarioInline, SuiteVersionInline]


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ["name", "suite", "kind", "severity", "is_active", "position", "introduced_in", "retired_in"]
    list_filter = ["kind", "severity", "is_active", "suite__kind"]
    search_fields = ["name", "suite__name", "expected_outcome", "correct_answer"]
    list_select_related = ["suite"]
    raw_id_fields = ["suite"]


@admin.register(SuiteVersion)
class SuiteVersionAdmin(admin.ModelAdmin):
    list_display = ["suite", "number", "note", "created_by", "created_at"]
    list_filter = ["suite__account"]
    search_fields = ["suite__name", "note", "policy_text"]
    list_select_related = ["suite", "created_by"]
    readonly_fields = ["suite", "number", "created_at"]


@admin.register(Persona)
class PersonaAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "created_at"]
    list_filter = ["account"]
    search_fields = ["name", "description"]


@admin.register(ChangeProposal)
class ChangeProposalAdmin(admin.ModelAdmin):
    list_display = ["suite", "base_version", "status", "model", "created_by", "created_at", "resulting_version"]
    list_filter = ["status", "model"]
    search_fields = ["suite__name", "summary"]
    list_select_related = ["suite", "created_by"]
    readonly_fields = ["suite", "base_version", "status", "stale", "replacements", "created_by", "decided_by",
                       "decided_at", "resulting_version"]  # fmt: skip
