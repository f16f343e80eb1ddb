"""Alert delivery: email (Django's mail backend) and a signed JSON webhook.

One alert per state change (down, degraded, recovered, paused for budget): the service creates a
``MonitorEvent`` with the alert's content frozen in ``details`` and enqueues ``monitor_alert_send`` once.

Webhook: ``POST`` of the JSON payload (``webhook_payload``) with the headers
``X-Trustgate-Event`` (e.g. ``monitor.degraded``), ``X-Trustgate-Delivery`` (the event id) and
``X-Trustgate-Signature: sha256=<hex>``, the HMAC-SHA256 of the raw body keyed with the monitor's webhook
secret (shown on its page). Receivers recompute it over the exact bytes and compare in constant time. It is
sent through the guarded outbound client, as agents are (public addresses only, the checked address pinned,
no redirects, a deadline).
"""

from __future__ import annotations

import difflib
import hashlib
import hmac
import json
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from evaluations.core import storable
from evaluations.core.bridge import run_sync
from evaluations.monitors.models import MonitorEvent
from evaluations.outbound.client import OutboundError, post
from evaluations.outbound.guard import EndpointBlocked
from evaluations.outbound.masking import redact_json

SIGNATURE_HEADER = "X-Trustgate-Signature"
WEBHOOK_TIMEOUT_S = 10.0
WEBHOOK_TRIES = 2
USER_AGENT = "Trustgate/1.0 (monitor alerts)"
WEBHOOK_REPLY_BYTES = 64 * 1024  # only the status matters; the body is read (and dropped) up to this


def base_url() -> str:
    return settings.TRUSTGATE_BASE_URL.rstrip("/")


def sign(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def event_name(event: MonitorEvent) -> str:
    title = event.title.lower()
    if title.startswith("recovered"):
        return "monitor.recovered"
    if title.startswith("paused"):
        return "monitor.paused"
    return f"monitor.{event.status}"


def answer_diff(old: str, new: str) -> str:
    """A unified, line-by-line diff of the last good answer and the new one ("" when either is missing)."""
    if not old or not new:
        return ""
    lines = difflib.unified_diff(
        old.splitlines(), new.splitlines(), fromfile="last good answer", tofile="new answer", lineterm="", n=2
    )
    return "\n".join(lines)


def webhook_payload(event: MonitorEvent) -> dict[str, Any]:
    """What the webhook sends and the email shows, the monitor's secret masked (answers are stored masked; this
    also covers events recorded before they were)."""
    monitor = event.monitor
    details = event.details or {}
    run_id = details.get("run_id")
    payload = {
        "event": event_name(event),
        "event_id": event.pk,
        "sent_at": timezone.now().isoformat(),
        "monitor": {
            "id": monitor.pk,
            "name": monitor.name,
            "agent": monitor.target_name,
            "url": base_url() + reverse("monitors:monitor-detail", args=[monitor.pk]),
        },
        "status": event.status,
        "previous_status": event.previous_status,
        "title": event.title,
        "message": event.message,
        "run": (
            {
                "id": run_id,
                "pass_rate": details.get("pass_rate"),
                "target_pass_rate": details.get("target"),
                "url": base_url() + reverse("monitors:run-detail", args=[run_id]),
            }
            if run_id
            else None
        ),
        "answers_stored": details.get("answers_stored", True),
        "cases": [
            {
                "name": case.get("name", ""),
                "ask": case.get("ask", ""),
                "verdict": case.get("verdict", ""),
                "samples_passed": case.get("samples_passed"),
                "samples": case.get("samples"),
                "new_answer": case.get("new_answer", ""),
                "last_good_answer": case.get("last_good_answer", ""),
                "error": case.get("error", ""),
                "failed_rules": case.get("failed_rules", []),
            }
            for case in details.get("cases", [])
        ],
    }
    return redact_json(payload, settings.TRUSTGATE_SECRETS.get(monitor.auth_secret, ""))


def _email(event: MonitorEvent) -> EmailMultiAlternatives:
    monitor = event.monitor
    payload = webhook_payload(event)
    cases = [{**case, "diff": answer_diff(case["last_good_answer"], case["new_answer"])} for case in payload["cases"]]
    context = {"event": event, "monitor": monitor, "payload": payload, "cases": cases}
    subject = f"[Trustgate] {event.title}: {storable.one_line(monitor.name)}"  # a name saved before names were one line
    text = render_to_string("monitors/email/alert.txt", context)
    html = render_to_string("monitors/email/alert.html", context)
    message = EmailMultiAlternatives(subject=subject, body=text, to=monitor.alert_email_list)
    message.attach_alternative(html, "text/html")
    return message


def send_webhook(event: MonitorEvent) -> str:
    """Deliver the webhook; returns a log line. Raises nothing."""
    monitor = event.monitor
    body = json.dumps(webhook_payload(event), ensure_ascii=False).encode("utf-8")
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Trustgate-Event": event_name(event),
        "X-Trustgate-Delivery": str(event.pk),
        SIGNATURE_HEADER: sign(monitor.webhook_secret, body),
    }
    problem = ""
    for _ in range(WEBHOOK_TRIES):
        try:
            reply = run_sync(
                post(
                    monitor.webhook_url,
                    body=body,
                    headers=headers,
                    timeout=WEBHOOK_TIMEOUT_S,
                    max_bytes=WEBHOOK_REPLY_BYTES,
                )
            )
        except EndpointBlocked as error:
            return f"webhook: not sent: {error}"
        except OutboundError as error:
            problem = f"webhook: failed: {error.cause} {str(error)[:200]}".strip()
            continue
        status_code = reply.status
        if 200 <= status_code < 300:
            return f"webhook: delivered (HTTP {status_code})"
        problem = f"webhook: the receiver answered HTTP {status_code}"
        if status_code < 500:
            break
    return problem


def alert_deliver(event: MonitorEvent) -> tuple[bool, list[str]]:
    """Send the event's alert to every channel of its monitor. Returns (all delivered, log lines)."""
    monitor = event.monitor
    log: list[str] = []
    ok = True
    if monitor.alert_email_list:
        try:
            sent = _email(event).send()
            log.append(f"email: sent to {', '.join(monitor.alert_email_list)}" if sent else "email: not sent")
            ok = ok and bool(sent)
        except Exception as error:  # SMTP trouble must not lose the webhook
            ok = False
            log.append(f"email: failed: {type(error).__name__} {str(error)[:200]}")
    if monitor.webhook_url:
        line = send_webhook(event)
        log.append(line)
        ok = ok and "delivered" in line
    return ok, log
