"""Alert channels (docs/monitors.md#alerts), a monitor's own allowed contacts and secret markers, and the public status page: a monitor's webhook URL becomes a sealed channel and its signing key is
sealed too (evaluations/core/sealed.py), so neither stays in the database in clear; deliveries are recorded."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

import evaluations.monitors.models
from evaluations.core.sealed import seal, unseal
from evaluations.monitors.validators import channel_mask


def seal_webhooks(apps: Any, schema_editor: Any) -> None:
    Monitor = apps.get_model("monitors", "Monitor")
    AlertChannel = apps.get_model("monitors", "AlertChannel")
    for monitor in Monitor.objects.all():
        monitor.webhook_secret_sealed = seal(monitor.webhook_secret)
        monitor.save(update_fields=["webhook_secret_sealed"])
        if monitor.webhook_url:
            AlertChannel.objects.create(
                monitor=monitor, kind="webhook", sealed=seal(monitor.webhook_url), masked=channel_mask(monitor.webhook_url)
            )


def unseal_webhooks(apps: Any, schema_editor: Any) -> None:
    Monitor = apps.get_model("monitors", "Monitor")
    AlertChannel = apps.get_model("monitors", "AlertChannel")
    for monitor in Monitor.objects.all():
        monitor.webhook_secret = unseal(monitor.webhook_secret_sealed)[:64]
        channel = AlertChannel.objects.filter(monitor=monitor, kind="webhook").first()
        monitor.webhook_url = unseal(channel.sealed) if channel else ""
        monitor.save(update_fields=["webhook_secret", "webhook_url"])


class Migration(migrations.Migration):
    dependencies = [
        ("monitors", "0005_monitor_protocols_responses_a2a"),
    ]

    operations = [
        migrations.AddField(
            model_name="monitor",
            name="allowed_contacts",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="monitor",
            name="secret_markers",
            field=models.TextField(blank=True),
        ),
        migrations.AddField(
            model_name="monitor",
            name="incident_key",
            field=models.CharField(blank=True, max_length=120),
        ),
        migrations.AddField(
            model_name="monitor",
            name="webhook_secret_sealed",
            field=models.TextField(default=evaluations.monitors.models.new_sealed_webhook_secret),
        ),
        migrations.CreateModel(
            name="AlertChannel",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("email", "Email"),
                            ("webhook", "Signed webhook"),
                            ("slack", "Slack"),
                            ("teams", "Microsoft Teams"),
                            ("pagerduty", "PagerDuty"),
                        ],
                        max_length=12,
                    ),
                ),
                ("sealed", models.TextField()),
                ("masked", models.CharField(max_length=80)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "monitor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="channels", to="monitors.monitor"
                    ),
                ),
            ],
            options={
                "ordering": ["monitor", "kind"],
                "constraints": [models.UniqueConstraint(fields=("monitor", "kind"), name="one_channel_per_kind")],
            },
        ),
        migrations.RunPython(seal_webhooks, unseal_webhooks),
        migrations.RemoveField(
            model_name="monitor",
            name="webhook_secret",
        ),
        migrations.RemoveField(
            model_name="monitor",
            name="webhook_url",
        ),
        migrations.CreateModel(
            name="AlertDelivery",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "channel",
                    models.CharField(
                        choices=[
                            ("email", "Email"),
                            ("webhook", "Signed webhook"),
                            ("slack", "Slack"),
                            ("teams", "Microsoft Teams"),
                            ("pagerduty", "PagerDuty"),
                        ],
                        max_length=12,
                    ),
                ),
                ("action", models.CharField(blank=True, max_length=12)),
                ("is_test", models.BooleanField(default=False)),
                (
                    "state",
                    models.CharField(
                        choices=[("sending", "Sending"), ("sent", "Delivered"), ("failed", "Failed")],
                        default="sending",
                        max_length=10,
                    ),
                ),
                ("attempts", models.PositiveSmallIntegerField(default=0)),
                ("http_status", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("last_error", models.TextField(blank=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                (
                    "event",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deliveries",
                        to="monitors.monitorevent",
                    ),
                ),
                (
                    "monitor",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="deliveries", to="monitors.monitor"
                    ),
                ),
            ],
            options={
                "ordering": ["-created_at", "-pk"],
                "constraints": [
                    models.UniqueConstraint(
                        condition=models.Q(("event__isnull", False)),
                        fields=("event", "channel"),
                        name="one_delivery_per_event_channel",
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name='monitor',
            name='on_status_page',
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name='monitor',
            name='public_name',
            field=models.CharField(blank=True, max_length=120),
        ),
        migrations.CreateModel(
            name='StatusPage',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('is_enabled', models.BooleanField(default=False)),
                ('title', models.CharField(blank=True, max_length=120)),
                ('slug', models.CharField(default=evaluations.monitors.models.new_status_slug, max_length=40, unique=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('account', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='status_page', to='billing.account')),
            ],
        ),
    ]
