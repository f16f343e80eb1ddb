"""Monitor runs take the one job status of every leased job (evaluations/core/jobs.py): "done" is stored as
"succeeded" and "error" as "failed". Pages show the same labels ("Finished", "Monitor error")."""

from typing import Any

from django.db import migrations, models

RENAMED = (("done", "succeeded"), ("error", "failed"))


def to_job_status(apps: Any, schema_editor: Any) -> None:
    MonitorRun = apps.get_model("monitors", "MonitorRun")
    for old, new in RENAMED:
        MonitorRun.objects.filter(status=old).update(status=new)


def to_monitor_run_status(apps: Any, schema_editor: Any) -> None:
    MonitorRun = apps.get_model("monitors", "MonitorRun")
    MonitorRun.objects.filter(status="cancelled").update(status="error")  # the old status had no cancel
    for old, new in RENAMED:
        MonitorRun.objects.filter(status=new).update(status=old)


class Migration(migrations.Migration):
    dependencies = [
        ("monitors", "0003_monitorusage_model_usage"),
    ]

    operations = [
        migrations.AlterField(
            model_name="monitorrun",
            name="status",
            field=models.CharField(
                choices=[
                    ("queued", "Queued"),
                    ("running", "Running"),
                    ("succeeded", "Finished"),
                    ("failed", "Failed"),
                    ("cancelled", "Cancelled"),
                ],
                default="queued",
                max_length=10,
            ),
        ),
        migrations.RunPython(to_job_status, to_monitor_run_status),
    ]
