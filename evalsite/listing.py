"""Lists (agents, runs, suites, monitors, credits): one way to search, filter and page them, shared by every room.

A view passes its scoped queryset and a django-filter FilterSet; the page gets the filter form, the current
page and whether any filter is set (so "no results" can say "for these filters").
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest
from django_filters import FilterSet

PER_PAGE = 25


def list_page(
    request: HttpRequest, filterset_class: type[FilterSet], queryset: QuerySet[Any], *, per_page: int = PER_PAGE
) -> dict[str, Any]:
    """``{"filter", "page", "items", "filtered"}`` for a list template; an invalid filter value is ignored."""
    if not queryset.ordered:  # pages of an unordered list could repeat or skip rows
        queryset = queryset.order_by("-pk")
    filterset = filterset_class(request.GET or None, queryset=queryset, request=request)
    page = Paginator(filterset.qs, per_page).get_page(request.GET.get("page"))
    filtered = any(value for key, value in request.GET.items() if key != "page" and key in filterset.filters)
    return {"filter": filterset, "page": page, "items": page.object_list, "filtered": filtered}
