"""Search and filters of the run list."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Q, QuerySet

from evaluations.agents.selectors import agent_list_for_user
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun


def _agents(request: Any) -> Any:
    return agent_list_for_user(user=request.user, include_archived=True)


class RunFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search")
    status = django_filters.ChoiceFilter(label="Status", choices=RunStatus.choices, empty_label="Any status")
    agent = django_filters.ModelChoiceFilter(label="Agent", queryset=_agents, empty_label="Any agent")

    class Meta:
        model = EvaluationRun
        fields = ["q", "status", "agent"]

    def search(self, queryset: QuerySet[EvaluationRun], name: str, value: str) -> QuerySet[EvaluationRun]:
        """By run number, agent or suite name."""
        match = Q(agent_name__icontains=value) | Q(suite_name__icontains=value)
        number = value.strip().lstrip("#")
        return queryset.filter(match | Q(pk=int(number)) if number.isdigit() else match)
