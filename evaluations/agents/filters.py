"""Search and filters of the agent list."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Q, QuerySet

from evaluations.agents.models import Agent, Protocol
from evaluations.agents.selectors import agent_list_for_user


def _agents_of_user(request: Any) -> Any:
    return agent_list_for_user(user=request.user, include_archived=True)


def agent_choice_filter() -> django_filters.ModelChoiceFilter:
    """The "Agent" filter of the lists of things that belong to an agent (runs, suites): archived ones included."""
    return django_filters.ModelChoiceFilter(label="Agent", queryset=_agents_of_user, empty_label="Any agent")


STATES = [("active", "Active"), ("archived", "Archived"), ("all", "Active and archived")]


class AgentFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    protocol = django_filters.ChoiceFilter(label="Protocol", choices=Protocol.choices, empty_label="Any protocol")
    state = django_filters.ChoiceFilter(label="Show", choices=STATES, method="by_state", empty_label=None)

    class Meta:
        model = Agent
        fields = ["q", "protocol", "state"]

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        data = data.copy() if data is not None else {}
        data.setdefault("state", "active")  # archived agents are out of the way unless asked for
        super().__init__(data, *args, **kwargs)

    def search(self, queryset: QuerySet[Agent], name: str, value: str) -> QuerySet[Agent]:
        return queryset.filter(Q(name__icontains=value) | Q(endpoint_url__icontains=value))

    def by_state(self, queryset: QuerySet[Agent], name: str, value: str) -> QuerySet[Agent]:
        if value == "archived":
            return queryset.filter(archived_at__isnull=False)
        if value == "all":
            return queryset
        return queryset.filter(archived_at__isnull=True)
