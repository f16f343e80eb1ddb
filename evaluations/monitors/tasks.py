"""django-q2 entry points for monitors: one call each, ids only."""

from evaluations.monitors import services


def monitor_run(monitor_id: int) -> None:
    """A monitor's schedule tick (django-q2 Schedule rows call this)."""
    services.monitor_run_scheduled(monitor_id=monitor_id)


def monitor_run_execute(run_id: int) -> None:
    """A queued monitor run (Run now, deploy hook)."""
    services.monitor_run_execute(run_id=run_id)


def monitor_alert_send(event_id: int) -> None:
    services.monitor_alert_send(event_id=event_id)


def monitor_alert_test_send(delivery_id: int) -> None:
    services.monitor_alert_test_send(delivery_id=delivery_id)


def monitor_run_give_up(run_id: int, attempts: int, reason: str = "") -> None:
    """Called for a monitor run that kept failing (evaluations/core/jobs.py): its workers died, or it raised."""
    services.monitor_run_give_up(run_id=run_id, attempts=attempts, reason=reason)


def monitors_prune() -> None:
    """The daily retention schedule (docs/monitors.md#retention)."""
    services.monitors_prune()
