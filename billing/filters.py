"""The credit ledger's filter: one kind of entry at a time."""

from __future__ import annotations

import django_filters

from billing.models import CreditEntry, EntryKind


class CreditEntryFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(label="Entry", choices=EntryKind.choices, empty_label="Every entry")

    class Meta:
        model = CreditEntry
        fields = ["kind"]
