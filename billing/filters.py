"""The credit ledger's search and filter: by run number or note, and one kind of entry at a time."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from billing.models import CreditEntry, EntryKind


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
