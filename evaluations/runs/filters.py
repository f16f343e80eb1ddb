"""Search and filters of the run list."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from evaluations.agents.filters import agent_choice_filter
from evaluations.core.storable import parse_id
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun


class RunFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    status = django_filters.ChoiceFilter(label="Status", choices=RunStatus.choices, empty_label="Any status")
    agent = agent_choice_filter()

    class Meta:
        model = EvaluationRun
        fields = ["q", "status", "agent"]

    def search(self, queryset: QuerySet[EvaluationRun], name: str, value: str) -> QuerySet[EvaluationRun]:
        """By run number, agent or suite name."""
        match = Q(agent_name__icontains=value) | Q(suite_name__icontains=value)
        number = parse_id(value.strip().lstrip("#"))  # bounded: a 5,000-digit "number" is searched as text
        return queryset.filter(match | Q(pk=number) if number is not None else match)
