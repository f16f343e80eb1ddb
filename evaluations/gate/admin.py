from __future__ import annotations

from django.contrib import admin

from evaluations.gate.models import Baseline


@admin.register(Baseline)
class BaselineAdmin(admin.ModelAdmin):
    list_display = ["agent", "endpoint_url", "scope", "run", "is_current", "pinned_by", "pinned_at"]
    list_filter = ["is_current", "account"]
    search_fields = ["agent__name", "endpoint_url", "scope"]
    readonly_fields = ["account", "agent", "endpoint_url", "suite", "scope", "run", "pinned_by", "pinned_at",
                       "is_current", "replaced_at"]  # fmt: skip
