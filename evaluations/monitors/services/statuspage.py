"""The public status page (docs/monitors.md#public-status-page): turn it on or off, its title, and which monitors
it shows under which public names."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from evaluations.monitors.models import Monitor, StatusPage


@transaction.atomic
def status_page_update(
    *, page: StatusPage, is_enabled: bool, title: str, shown: Sequence[Monitor], names: dict[int, str]
) -> StatusPage:
    """``shown``: the workspace's monitors to list (the others are taken off); ``names``: public names by monitor
    id ("" shows "Check N")."""
    page.is_enabled, page.title = is_enabled, title
    page.save(update_fields=["is_enabled", "title", "updated_at"])
    ids = [monitor.pk for monitor in shown]
    Monitor.objects.filter(account_id=page.account_id).exclude(pk__in=ids).update(on_status_page=False)
    Monitor.objects.filter(account_id=page.account_id, pk__in=ids).update(on_status_page=True)
    for monitor_id, name in names.items():
        Monitor.objects.filter(account_id=page.account_id, pk=monitor_id).update(public_name=name)
    return page
