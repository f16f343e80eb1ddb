"""Reads about suites, scoped by the user's accounts."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import Http404

from billing.selectors import account_ids_for_user
from suites.models import Suite


def suite_list_for_user(*, user: Any) -> QuerySet[Suite]:
    return (
        Suite.objects.filter(account_id__in=account_ids_for_user(user=user))
        .select_related("agent", "account")
        .annotate(active_scenarios=Count("scenarios", filter=Q(scenarios__is_active=True)))
    )


def suite_get_for_user(*, user: Any, suite_id: int) -> Suite:
    suite = suite_list_for_user(user=user).filter(pk=suite_id).first()
    if suite is None:
        raise Http404("No such suite.")
    return suite
