"""Search and filters of the run lists: the runs page and the CI API's run list share the CI filters (where a run
was launched, and the commit, branch and pull request a CI step sent: docs/ci.md#ci-metadata)."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import Q, QuerySet

from billing.selectors import MAX_ID
from evaluations.agents.filters import agent_choice_filter
from evaluations.core.storable import parse_id
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import EvaluationRun
from evaluations.runs.snapshot import settings_lookup

SOURCES = [("web", "Web"), ("ci", "CI")]  # as ``RunSettings.source_label`` says it, lower-cased
_LAUNCHED_VIA = settings_lookup("launched_via")


class WholeNumberField(forms.IntegerField):
    """Digits only: "1.5", "1.0", "+1" or "abc" are refused with one sentence, not read as numbers."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_ID)):
            raise forms.ValidationError("Enter a whole number.", code="invalid")
        return int(text)


class IntegerFilter(django_filters.NumberFilter):
    field_class = WholeNumberField


class CiRunFilter(django_filters.FilterSet):
    source = django_filters.ChoiceFilter(label="Source", choices=SOURCES, method="by_source", empty_label="Any source")
    branch = django_filters.CharFilter(label="Branch", field_name=settings_lookup("ci_source__branch"), max_length=255)
    commit = django_filters.CharFilter(
        label="Commit", field_name=settings_lookup("ci_source__commit"), lookup_expr="startswith", max_length=100
    )
    pr_number = IntegerFilter(
        label="Pull request", field_name=settings_lookup("ci_source__pr_number"), min_value=1, max_value=MAX_ID
    )

    def by_source(self, queryset: QuerySet[EvaluationRun], name: str, value: str) -> QuerySet[EvaluationRun]:
        launched_by_ci = Q(**{_LAUNCHED_VIA: "api"})
        if value == "ci":
            return queryset.filter(launched_by_ci)
        return queryset.filter(Q(**{f"{_LAUNCHED_VIA}__isnull": True}) | ~launched_by_ci)


class RunFilter(CiRunFilter):
    q = django_filters.CharFilter(label="Search", method="search", max_length=200)
    status = django_filters.ChoiceFilter(label="Status", choices=RunStatus.choices, empty_label="Any status")
    agent = agent_choice_filter()

    class Meta:
        model = EvaluationRun
        fields = ["q", "status", "agent", "source", "branch", "commit", "pr_number"]

    def search(self, queryset: QuerySet[EvaluationRun], name: str, value: str) -> QuerySet[EvaluationRun]:
        """By run number, agent or suite name."""
        match = Q(agent_name__icontains=value) | Q(suite_name__icontains=value)
        number = parse_id(value.strip().lstrip("#"))  # bounded: a 5,000-digit "number" is searched as text
        return queryset.filter(match | Q(pk=number) if number is not None else match)


class RunApiFilter(CiRunFilter):
    """The CI API's ``GET aiagent/runs`` (docs/ci.md#list-runs)."""

    suite = IntegerFilter(field_name="suite_id", min_value=1, max_value=MAX_ID)
    endpoint = django_filters.CharFilter(field_name="endpoint_url", max_length=2000)
    state = django_filters.ChoiceFilter(field_name="status", choices=RunStatus.choices)

    class Meta:
        model = EvaluationRun
        fields = ["suite", "endpoint", "state", "source", "commit", "branch", "pr_number"]
