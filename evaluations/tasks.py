"""django-q2 entry points: one call each, ids only (the agent key never travels in task arguments)."""

from evaluations.services import runs


def run_execute(run_id: int) -> None:
    runs.run_execute(run_id=run_id)


def monitor_run(monitor_id: int) -> None:
    """A monitor's schedule tick (django-q2 Schedule rows call this)."""
    from evaluations.monitors import services as monitor_services

    monitor_services.monitor_run_scheduled(monitor_id=monitor_id)


def monitor_run_execute(run_id: int) -> None:
    """A queued monitor run (Run now, deploy hook)."""
    from evaluations.monitors import services as monitor_services

    monitor_services.monitor_run_execute(run_id=run_id)


def monitor_alert_send(event_id: int) -> None:
    from evaluations.monitors import services as monitor_services

    monitor_services.monitor_alert_send(event_id=event_id)
