from __future__ import annotations

from django.contrib import admin

from billing.audit import audit_events_about, audit_events_html
from evaluations.core.readonly_admin import ReadOnlyAdmin
from evaluations.gate.models import Baseline


@admin.register(Baseline)
class BaselineAdmin(ReadOnlyAdmin):
    """Pinned from a run's report, through the gate's services; read here with its audit trail."""

    list_display = ["agent", "endpoint_url", "scope", "run", "is_current", "pinned_by", "pinned_at"]
    list_filter = ["is_current", "account"]
    search_fields = ["agent__name", "endpoint_url", "scope"]
    readonly_fields = ["account", "agent", "endpoint_url", "suite", "scope", "run", "pinned_by", "pinned_at",
                       "is_current", "replaced_at", "audit_trail"]  # fmt: skip

    @admin.display(description="Audit trail")
    def audit_trail(self, obj: Baseline) -> str:
        """The audit-log lines about the pinned run: its pin and unpin, overrules, new revisions of its verdict."""
        return audit_events_html(audit_events_about(account_id=obj.account_id, targets=(f"run #{obj.run_id}",)))
