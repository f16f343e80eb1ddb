"""A monitor's webhook URL and signing key, stored in clear before alert channels, are sealed by the migration:
the URL becomes a webhook channel, the key keeps signing the same way, and nothing stays in clear."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from evaluations.monitors.models import Monitor

BEFORE = [("monitors", "0005_monitor_protocols_responses_a2a")]
AFTER = [("monitors", "0006_alert_channels")]
URL = "https://hooks.example.com/trustgate/abcdef0123456789"
KEY = "k" * 48


def migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def raw_rows() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM monitors_monitor")
        monitors = cursor.fetchall()
        cursor.execute("SELECT * FROM monitors_alertchannel")
        channels = cursor.fetchall()
    return repr(monitors) + repr(channels)


@pytest.mark.django_db(transaction=True)
def test_webhook_url_and_key_are_sealed_and_come_back_when_reversed(acme: Any) -> None:
    old = migrate(BEFORE)
    made = old.get_model("monitors", "Monitor").objects.create(
        account_id=acme.pk, name="Shipping", webhook_url=URL, webhook_secret=KEY
    )
    try:
        migrate(AFTER)
        monitor = Monitor.objects.get(pk=made.pk)
        channel = monitor.channels.get()
        assert (channel.kind, channel.value, channel.masked) == ("webhook", URL, "https://hooks.example.com/…6789")
        assert monitor.webhook_secret == KEY
        rows = raw_rows()
        assert URL not in rows and "abcdef0123456789" not in rows and KEY not in rows

        old = migrate(BEFORE)
        back = old.get_model("monitors", "Monitor").objects.get(pk=made.pk)
        assert (back.webhook_url, back.webhook_secret) == (URL, KEY)
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("monitors"))
