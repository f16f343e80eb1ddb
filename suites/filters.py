"""Search and filters of the suite list."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from evaluations.agents.filters import agent_choice_filter
from suites.models import Suite, SuiteKind


class SuiteFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    kind = django_filters.ChoiceFilter(label="Kind", choices=SuiteKind.choices, empty_label="Suites and test sets")
    agent = agent_choice_filter()

    class Meta:
        model = Suite
        fields = ["q", "kind", "agent"]

    def search(self, queryset: QuerySet[Suite], name: str, value: str) -> QuerySet[Suite]:
        return queryset.filter(Q(name__icontains=value) | Q(description__icontains=value))
