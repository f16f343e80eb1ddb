"""django-q2 entry points for monitors: one call each, ids only."""

from evaluations.monitors import services
from evaluations.monitors.services import runs as run_services


def monitor_run(monitor_id: int) -> None:
    """A monitor's schedule tick (django-q2 Schedule rows call this)."""
    services.monitor_run_scheduled(monitor_id=monitor_id)


def monitor_run_execute(run_id: int) -> None:
    """A queued monitor run (Run now, deploy hook)."""
    services.monitor_run_execute(run_id=run_id)


def monitor_alert_send(event_id: int) -> None:
    services.monitor_alert_send(event_id=event_id)


def monitor_runs_resume_stalled() -> None:
    """The lease sweep's schedule (``manage.py schedules`` creates it): monitor runs whose worker died start again."""
    run_services.monitor_runs_resume_stalled()
