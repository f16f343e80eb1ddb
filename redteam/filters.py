"""The custom attacks list's search and filters (evalsite/listing.py)."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from redteam.models import Category, CustomAttack


class CustomAttackFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    category = django_filters.ChoiceFilter(label="Category", choices=Category.choices, empty_label="All categories")
    is_active = django_filters.BooleanFilter(label="Enabled")

    class Meta:
        model = CustomAttack
        fields = ["q", "category", "is_active"]

    def search(self, queryset: QuerySet[CustomAttack], name: str, value: str) -> QuerySet[CustomAttack]:
        return queryset.filter(Q(attack_id__icontains=value) | Q(name__icontains=value))
