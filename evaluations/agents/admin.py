from __future__ import annotations

from django.contrib import admin

from evaluations.agents.models import Agent


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "protocol", "endpoint_url", "api_key_masked", "updated_at"]
    list_filter = ["protocol", "judge_model", "account"]
    search_fields = ["name", "endpoint_url", "account__name"]
    readonly_fields = ["api_key_masked", "created_at", "updated_at"]
