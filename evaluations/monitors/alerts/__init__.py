"""Alert delivery (docs/monitors.md#alerts): what an alert says (content), how each service wants it (formats: the
signed webhook, Slack Block Kit, a Teams Adaptive Card, PagerDuty Events API v2) and sending it (email, and the
guarded outbound client with retries and backoff)."""

from evaluations.monitors.alerts.content import alert_content, answer_diff, event_name, sign, test_event
from evaluations.monitors.alerts.sending import Outcome, deliver_channel, deliver_email

__all__ = [
    "Outcome",
    "alert_content",
    "answer_diff",
    "deliver_channel",
    "deliver_email",
    "event_name",
    "sign",
    "test_event",
]
