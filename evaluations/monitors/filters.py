"""Search and filters of the monitor list."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from evaluations.monitors.models import Monitor, MonitorStatus

STATUS_CHOICES = [(value, label) for value, label in MonitorStatus.choices if value != MonitorStatus.PAUSED] + [
    ("paused", "Paused")
]


class MonitorFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    status = django_filters.ChoiceFilter(label="Status", choices=STATUS_CHOICES, method="by_status",
                                         empty_label="Any status")  # fmt: skip

    class Meta:
        model = Monitor
        fields = ["q", "status"]

    def search(self, queryset: QuerySet[Monitor], name: str, value: str) -> QuerySet[Monitor]:
        return queryset.filter(Q(name__icontains=value) | Q(agent__name__icontains=value))

    def by_status(self, queryset: QuerySet[Monitor], name: str, value: str) -> QuerySet[Monitor]:
        """Paused is shown over the stored health, so it is its own filter; the others exclude paused ones."""
        if value == "paused":
            return queryset.exclude(paused_reason="")
        return queryset.filter(status=value, paused_reason="")
