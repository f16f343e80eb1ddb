"""Sending an alert: email through Django's mail backend, every other channel through the guarded outbound client
(public addresses only, the checked address pinned, no redirects, a deadline, a byte cap on the reply). Each
channel is tried up to ``TRUSTGATE_ALERT_TRIES`` times, waiting ``TRUSTGATE_ALERT_BACKOFF_MS`` and then twice as
long each time (a ``Retry-After`` of up to 30 s is honoured) after a timeout, a dropped connection, a 429 or a 5xx;
any other 4xx is final. Errors are kept as sentences with the channel's URL or key masked."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from evaluations.core import storable
from evaluations.core.bridge import run_sync
from evaluations.monitors.alerts import formats
from evaluations.monitors.alerts.content import alert_content, answer_diff, event_name, sign
from evaluations.monitors.models import ChannelKind, MonitorEvent
from evaluations.outbound.client import OutboundError, post
from evaluations.outbound.guard import EndpointBlocked
from evaluations.outbound.masking import redact

TIMEOUT_S = 10.0
REPLY_BYTES = 64 * 1024  # only the status matters; the body is read (and dropped) up to this
USER_AGENT = "Trustgate/1.0 (monitor alerts)"
MAX_RETRY_AFTER_S = 30.0
SIGNATURE_HEADER = "X-Trustgate-Signature"


@dataclasses.dataclass
class Outcome:
    ok: bool
    attempts: int
    http_status: int | None = None
    error: str = ""


def _wait(attempt: int, retry_after: str | None) -> None:
    wait = settings.TRUSTGATE_ALERT_BACKOFF_MS / 1000 * 2 ** (attempt - 1)
    if retry_after and retry_after.strip().isdigit():
        wait = max(wait, min(float(retry_after), MAX_RETRY_AFTER_S))
    time.sleep(wait)


def post_with_retries(
    url: str,
    payload: dict[str, Any],
    headers: dict[str, str],
    *,
    secrets: tuple[str, ...],
    signing_key: str = "",
    allow_private: bool = False,
) -> Outcome:
    body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT, **headers}
    if signing_key:  # over the exact bytes sent
        headers[SIGNATURE_HEADER] = sign(signing_key, body)
    tries = settings.TRUSTGATE_ALERT_TRIES
    outcome = Outcome(ok=False, attempts=0)
    for attempt in range(1, tries + 1):
        outcome.attempts = attempt
        retry_after = None
        try:
            reply = run_sync(
                post(url, body=body, headers=headers, timeout=TIMEOUT_S, max_bytes=REPLY_BYTES,
                     allow_private=allow_private)
            )  # fmt: skip
        except EndpointBlocked as error:
            outcome.error = redact(f"Not sent: {error}", *secrets)
            return outcome
        except OutboundError as error:
            outcome.error = redact(f"No reply: {error.reason or error.cause}"[:300], *secrets)
        else:
            outcome.http_status = reply.status
            if 200 <= reply.status < 300:
                outcome.ok, outcome.error = True, ""
                return outcome
            detail = storable.one_line(reply.text)[:200]
            outcome.error = redact(f"The receiver answered HTTP {reply.status}" + (f": {detail}" if detail else ""),
                                   *secrets)  # fmt: skip
            if reply.status != 429 and reply.status < 500:
                return outcome  # the request itself is wrong (a revoked URL, a bad key): trying again cannot help
            retry_after = reply.headers.get("retry-after")
        if attempt < tries:
            _wait(attempt, retry_after)
    return outcome


def deliver_channel(event: MonitorEvent, kind: str, value: str, *, action: str = "", dedup_key: str = "") -> Outcome:
    """Send ``event`` to one channel whose clear URL or key is ``value``. Raises nothing."""
    content = alert_content(event)
    secrets = (value, event.monitor.webhook_secret) if kind == ChannelKind.WEBHOOK else (value,)
    if kind == ChannelKind.WEBHOOK:
        headers = {
            "X-Trustgate-Event": event_name(event),
            "X-Trustgate-Delivery": str(event.pk or "test"),
        }
        return post_with_retries(value, content, headers, secrets=secrets, signing_key=event.monitor.webhook_secret)
    if kind == ChannelKind.SLACK:
        return post_with_retries(value, formats.slack_message(content), {}, secrets=secrets)
    if kind == ChannelKind.TEAMS:
        return post_with_retries(value, formats.teams_message(content), {}, secrets=secrets)
    if kind == ChannelKind.PAGERDUTY:
        message = formats.pagerduty_event(content, routing_key=value, dedup_key=dedup_key, action=action)
        # The Events API URL is the server's own setting (a test or regional receiver may be private).
        url = settings.TRUSTGATE_PAGERDUTY_EVENTS_URL
        return post_with_retries(url, message, {}, secrets=secrets, allow_private=True)
    return Outcome(ok=False, attempts=0, error=f"Unknown channel {kind!r}.")


def _email(event: MonitorEvent) -> EmailMultiAlternatives:
    monitor = event.monitor
    payload = alert_content(event)
    cases = [
        {**case, "diff": answer_diff(case["last_good_answer"] or "", case["new_answer"] or "")}
        for case in payload["cases"]
    ]
    context = {"event": event, "monitor": monitor, "payload": payload, "cases": cases}
    subject = f"[Trustgate] {event.title}: {storable.one_line(monitor.name)}"  # a name saved before names were one line
    text = render_to_string("monitors/email/alert.txt", context)
    html = render_to_string("monitors/email/alert.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=monitor.alert_email_list)
    message.attach_alternative(html, "text/html")
    return message


def deliver_email(event: MonitorEvent) -> Outcome:
    """Send the alert email to the monitor's addresses, tried like the other channels. Raises nothing."""
    tries = settings.TRUSTGATE_ALERT_TRIES
    outcome = Outcome(ok=False, attempts=0)
    for attempt in range(1, tries + 1):
        outcome.attempts = attempt
        try:
            sent = _email(event).send()
        except Exception as error:  # SMTP trouble (refused, auth, timeout) must not lose the other channels
            outcome.error = redact(f"The mail server refused it: {type(error).__name__} {str(error)[:200]}")
        else:
            if sent:
                outcome.ok, outcome.error = True, ""
                return outcome
            outcome.error = "The mail backend sent nothing."
        if attempt < tries:
            _wait(attempt, None)
    return outcome
