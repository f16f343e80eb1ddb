from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from redteam.models import Attack
from redteam.services import library_sync


@admin.register(Attack)
class AttackAdmin(admin.ModelAdmin):
    list_display = [
        "attack_id",
        "name",
        "category",
        "severity",
        "owasp_tag",
        "language",
        "depth_min",
        "encoding",
        "is_active",
    ]
    list_display_links = ["attack_id", "name"]
    list_filter = [
        "category",
        "severity",
        "language",
        "owasp_tag",
        "depth_min",
        "encoding",
        "uses_canary",
        "leak_check",
        "is_active",
    ]
    search_fields = ["attack_id", "name"]
    ordering = ["position", "attack_id"]
    readonly_fields = ["library_version", "updated_at"]
    fields = [
        "attack_id",
        "name",
        "category",
        "owasp_tag",
        "severity",
        "language",
        "turns",
        "uses_canary",
        "forbidden_phrases",
        "expected_outcome",
        "leak_check",
        "encoding",
        "source_attack_id",
        "depth_min",
        "position",
        "is_active",
        "library_version",
        "updated_at",
    ]
    actions = ["sync_library"]

    @admin.action(description="Load missing attacks from the library (keeps edits)")
    def sync_library(self, request: HttpRequest, queryset: QuerySet[Attack]) -> None:
        written = library_sync()
        self.message_user(request, f"{written} attacks written from the library.", messages.SUCCESS)
