"""Suite versions, personas and change proposals in Django admin: version rows are written by the services only,
and read here with what refers to each (docs/suites.md, A version is never edited)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from evaluations.core.readonly_admin import ReadOnlyAdmin
from suites import selectors
from suites.models import ChangeProposal, Persona, SuiteVersion


@admin.register(SuiteVersion)
class SuiteVersionAdmin(ReadOnlyAdmin):
    list_display = ["suite", "number", "note", "created_by", "created_at", "used_by"]
    list_filter = ["suite__account"]
    search_fields = ["suite__name", "note", "policy_text"]
    list_select_related = ["suite", "created_by"]
    readonly_fields = ["suite", "number", "policy_text", "note", "created_by", "created_at", "used_by", "why_read_only"]

    @admin.display(description="Used by")
    def used_by(self, obj: SuiteVersion) -> str:
        return selectors.suite_version_use(suite=obj.suite, number=obj.number).summary or "—"

    @admin.display(description="Why read-only")
    def why_read_only(self, obj: SuiteVersion) -> str:
        use = selectors.suite_version_use(suite=obj.suite, number=obj.number)
        sentence = use.read_only_sentence(obj.suite.name) or "A version is never edited: a change makes the next one."
        current = reverse("admin:suites_scenario_changelist") + f"?suite__id__exact={obj.suite_id}&current=yes"
        return format_html('{} <a href="{}">Edit the scenarios of the current version</a> to make a new version.',
                           sentence, current)  # fmt: skip


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
    readonly_fields = ["suite", "base_version", "status", "stale_shown", "replacements_shown", "created_by",
                       "decided_by", "decided_at", "resulting_version"]  # fmt: skip
    exclude = ["replacements"]

    @admin.display(description="Stale scenarios")
    def stale_shown(self, obj: ChangeProposal) -> str:
        rows = ((item["name"], item["reason"]) for item in obj.stale)
        return format_html_join("", "<p><strong>{}</strong>: {}</p>", rows) or "—"

    @admin.display(description="Proposed replacements")
    def replacements_shown(self, obj: ChangeProposal) -> str:
        rows = ((item.get("name", ""), item.get("kind", "")) for item in obj.replacements or [])
        return format_html_join("", "<p>{} ({})</p>", rows) or "—"
