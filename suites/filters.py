"""Search and filters of the suite list."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Q, QuerySet

from evaluations.agents.selectors import agent_list_for_user
from suites.models import Suite, SuiteKind


def _agents(request: Any) -> Any:
    return agent_list_for_user(user=request.user, include_archived=True)


class SuiteFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search")
    kind = django_filters.ChoiceFilter(label="Kind", choices=SuiteKind.choices, empty_label="Suites and test sets")
    agent = django_filters.ModelChoiceFilter(label="Agent", queryset=_agents, empty_label="Any agent")

    class Meta:
        model = Suite
        fields = ["q", "kind", "agent"]

    def search(self, queryset: QuerySet[Suite], name: str, value: str) -> QuerySet[Suite]:
        return queryset.filter(Q(name__icontains=value) | Q(description__icontains=value))
