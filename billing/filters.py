"""The credit ledger's search and filter (by run number or note, one kind of entry at a time), and the audit log's."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from billing.models import AuditAction, AuditEvent, CreditEntry, EntryKind


class CreditEntryFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    kind = django_filters.ChoiceFilter(label="Entry", choices=EntryKind.choices, empty_label="Every entry")

    class Meta:
        model = CreditEntry
        fields = ["q", "kind"]

    def search(self, queryset: QuerySet[CreditEntry], name: str, value: str) -> QuerySet[CreditEntry]:
        """By run number ("12" or "#12", a deleted run's too) or the note."""
        match = Q(note__icontains=value)
        number = value.strip().lstrip("#")
        if number.isdigit() and len(number) <= 12:
            match |= Q(run_ref=int(number)) | Q(run_id=int(number))
        return queryset.filter(match)


class AuditEventFilter(django_filters.FilterSet):
    """The audit log's filters: one action, who acted (a user name; "system" for the tasks) and a date range."""

    action = django_filters.ChoiceFilter(label="Action", choices=AuditAction.choices, empty_label="Every action")
    actor = django_filters.CharFilter(label="Who", method="by_actor", max_length=150)
    since = django_filters.DateFilter(label="From (date)", field_name="created_at", lookup_expr="date__gte")
    until = django_filters.DateFilter(label="To (date)", field_name="created_at", lookup_expr="date__lte")

    class Meta:
        model = AuditEvent
        fields = ["action", "actor", "since", "until"]

    def by_actor(self, queryset: QuerySet[AuditEvent], name: str, value: str) -> QuerySet[AuditEvent]:
        value = value.strip()
        if value.lower() == "system":
            return queryset.filter(actor_name="")
        return queryset.filter(actor_name__iexact=value) if value else queryset
