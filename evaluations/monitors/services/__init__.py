"""Every write about monitors, by concern: the monitors themselves (create, edit, pause, YAML import), runs
(queue, execute, deploy hook), recording a finished run, and the status history with its alerts."""

from evaluations.monitors.services.alerting import (
    KEEP,
    ChannelMissing,
    monitor_alert_send,
    monitor_alert_test,
    monitor_alert_test_send,
    monitor_channels_set,
)
from evaluations.monitors.services.monitors import (
    MonitorActionError,
    monitor_create,
    monitor_delete,
    monitor_pause,
    monitor_resume,
    monitor_update,
    monitors_import_yaml,
)
from evaluations.monitors.services.retention import Pruned, monitors_prune, monitors_prune_schedule_sync
from evaluations.monitors.services.runs import (
    DeployResult,
    MonitorConfigError,
    monitor_run_execute,
    monitor_run_give_up,
    monitor_run_request,
    monitor_run_scheduled,
    monitors_trigger_deploy,
)
from evaluations.monitors.services.statuspage import status_page_update

__all__ = [
    "status_page_update",
    "Pruned",
    "monitors_prune",
    "monitors_prune_schedule_sync",
    "KEEP",
    "ChannelMissing",
    "monitor_alert_test",
    "monitor_alert_test_send",
    "monitor_channels_set",
    "DeployResult",
    "MonitorActionError",
    "MonitorConfigError",
    "monitor_alert_send",
    "monitor_create",
    "monitor_delete",
    "monitor_pause",
    "monitor_resume",
    "monitor_run_execute",
    "monitor_run_give_up",
    "monitor_run_request",
    "monitor_run_scheduled",
    "monitor_update",
    "monitors_import_yaml",
    "monitors_trigger_deploy",
]
