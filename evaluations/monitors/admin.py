from __future__ import annotations

from django.contrib import admin

from evaluations.monitors.models import Monitor, MonitorCase, MonitorEvent


class MonitorCaseInline(admin.StackedInline):
    model = MonitorCase
    extra = 0


@admin.register(Monitor)
class MonitorAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "agent", "status", "updated_at"]
    list_filter = ["status", "account"]
    search_fields = ["name", "agent__name"]
    inlines = [MonitorCaseInline]
    exclude = ["webhook_secret_sealed", "incident_key"]


@admin.register(MonitorEvent)
class MonitorEventAdmin(admin.ModelAdmin):
    list_display = ["monitor", "kind", "created_at"]
    list_filter = ["kind"]
    search_fields = ["monitor__name"]
