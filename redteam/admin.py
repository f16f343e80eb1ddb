"""The attack library in Django admin (docs/redteam.md, Django admin): turns and forbidden phrases as text, not
JSON; a preview of what each attack sends with a canary and as its base64, leetspeak and ROT13 variants; the
library version and the change history of each attack. Runs freeze the attacks they send, so an edit here
changes later runs only."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from evaluations.core.formfields import LinesField, TurnsField
from redteam.encoders import new_canary, preview_variants
from redteam.models import Attack
from redteam.services import library_sync


class AttackAdminForm(forms.ModelForm):
    turns = TurnsField(required=False, label="Turns", help_text="The user turns in order; separate them with a "
                       "line holding only ---. {{canary}} becomes each run's canary.")  # fmt: skip
    forbidden_phrases = LinesField(label="Forbidden phrases", help_text="Strings that prove compliance, one a line.")

    class Meta:
        model = Attack
        fields = "__all__"


@admin.register(Attack)
class AttackAdmin(admin.ModelAdmin):
    form = AttackAdminForm
    list_display = ["attack_id", "name", "category", "severity", "owasp_tag", "language", "depth_min", "encoding",
                    "is_active", "library_version"]  # fmt: skip
    list_display_links = ["attack_id", "name"]
    list_filter = ["owasp_tag", "severity", "category", "language", "depth_min", "encoding", "uses_canary",
                   "leak_check", "is_active", "library_version"]  # fmt: skip
    search_fields = ["attack_id", "name"]
    ordering = ["position", "attack_id"]
    readonly_fields = ["library_version", "updated_at", "preview", "history"]
    fieldsets = [
        (None, {"fields": ["attack_id", "name", "category", "owasp_tag", "severity", "language", "turns",
                           "uses_canary", "forbidden_phrases", "expected_outcome", "leak_check"]}),
        ("Preview", {"fields": ["preview"]}),
        ("Library", {"fields": ["encoding", "source_attack_id", "depth_min", "position", "is_active",
                                "library_version", "updated_at"]}),
        ("History", {"fields": ["history"], "classes": ["collapse"]}),
    ]  # fmt: skip
    actions = ["sync_library"]

    @admin.display(description="What it sends")
    def preview(self, obj: Attack) -> str:
        """The turns with a sample canary (each run gets its own), as sent and as each encoded variant."""
        if obj.pk is None:
            return "Save the attack to preview it."
        canary = new_canary()
        try:
            variants = preview_variants(obj, canary)
        except ValueError as exc:
            return f"No preview: {exc}."
        blocks = format_html_join(
            "",
            '<h3>{}</h3><ol class="attack-turns">{}</ol>',
            ((label, format_html_join("", "<li><pre>{}</pre></li>", ((turn,) for turn in turns)))
             for label, turns in variants),
        )  # fmt: skip
        note = f"Sample canary {canary}" if obj.uses_canary else "This attack does not use a canary."
        return format_html('<div class="attack-preview"><p>{}</p>{}</div>', note, blocks)

    @admin.display(description="Change history")
    def history(self, obj: Attack) -> str:
        """Who changed the attack in the admin, newest first (attacks belong to no workspace, so Django admin's own
        log is their audit trail)."""
        if obj.pk is None:
            return "—"
        entries = LogEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(Attack), object_id=str(obj.pk)
        ).select_related("user")[:50]
        if not entries:
            return "No change in the admin yet; from the library " + (obj.library_version or "(added by hand)") + "."
        return format_html(
            '<table class="audit-trail"><thead><tr><th scope="col">When</th><th scope="col">Who</th>'
            '<th scope="col">What</th></tr></thead><tbody>{}</tbody></table>',
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                ((e.action_time.strftime("%Y-%m-%d %H:%M"), e.user.get_username(), str(e) or e.get_change_message())
                 for e in entries),
            ),
        )  # fmt: skip

    @admin.action(description="Load missing attacks from the library (keeps edits)")
    def sync_library(self, request: HttpRequest, queryset: QuerySet[Attack]) -> None:
        written = library_sync()
        self.message_user(request, f"{written} attacks written from the library.", messages.SUCCESS)

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        return {**super().get_changeform_initial_data(request), "turns": [], "forbidden_phrases": []}
