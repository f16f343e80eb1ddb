"""Each service's own payload, built from ``alert_content``:

* Slack: an incoming-webhook message, ``{"text": <fallback>, "blocks": [...]}`` with Block Kit header, section,
  context and actions blocks (text fields in mrkdwn with ``&``, ``<`` and ``>`` escaped; a header at most 150
  characters, a section's text at most 3,000, at most 50 blocks).
* Microsoft Teams: a workflow ("Post to a channel when a webhook request is received") webhook message,
  ``{"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "content":
  <Adaptive Card 1.4>}]}``.
* PagerDuty Events API v2: ``{"routing_key", "event_action": "trigger" | "resolve", "dedup_key", "payload":
  {"summary", "source", "severity", ...}, "links", "client", "client_url"}``; one dedup key per monitor and
  episode, so the recovery resolves the incident the trigger opened.
"""

from __future__ import annotations

from typing import Any

SLACK_HEADER_CHARS = 150
SLACK_TEXT_CHARS = 3000
ANSWER_CHARS = 700  # per answer in a chat message; the full (2 KB) answers are on the run page and in the email
PD_SUMMARY_CHARS = 1024
STATUS_WORDS = {"down": "Down", "degraded": "Degraded", "up": "Up", "paused": "Paused", "pending": "No runs yet"}


def _cut(text: str, limit: int) -> str:
    text = text or ""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _pass_rate(content: dict[str, Any]) -> str:
    run = content.get("run") or {}
    rate = run.get("pass_rate")
    if rate is None:
        return "not judged" if run else "—"
    return f"{rate:.0f}% (target {run.get('target_pass_rate')}%)"


def _headline(content: dict[str, Any]) -> str:
    return f"{content['title']}: {content['monitor']['name']}"


def slack_escape(text: str) -> str:
    return (text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _slack_code(text: str) -> str:
    return "```" + slack_escape(_cut(text, ANSWER_CHARS)).replace("```", "ˋˋˋ") + "```"


def slack_message(content: dict[str, Any]) -> dict[str, Any]:
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": _cut(_headline(content), SLACK_HEADER_CHARS)}},
    ]
    if content["message"]:
        blocks.append(
            {
                "type": "section",
                "text": {"type": "mrkdwn", "text": _cut(slack_escape(content["message"]), SLACK_TEXT_CHARS)},
            }
        )
    blocks.append(
        {
            "type": "section",
            "fields": [
                {"type": "mrkdwn", "text": f"*Status*\n{STATUS_WORDS.get(content['status'], content['status'])}"},
                {"type": "mrkdwn", "text": f"*Pass rate*\n{_pass_rate(content)}"},
                {"type": "mrkdwn", "text": f"*Agent*\n{_cut(slack_escape(content['monitor']['agent']), 200)}"},
            ],
        }
    )
    for case in content["cases"]:
        lines = [f"*{slack_escape(case['name'])}* ({case['verdict']})", f"> {slack_escape(_cut(case['ask'], 300))}"]
        lines += [f"• {slack_escape(_cut(rule, 300))}" for rule in case["failed_rules"]]
        if case["error"]:
            lines.append(f"Error: {slack_escape(_cut(case['error'], 300))}")
        if content["answers_stored"]:
            lines.append("*New answer*\n" + _slack_code(case["new_answer"] or "(no answer)"))
            lines.append("*Last good answer*\n" + _slack_code(case["last_good_answer"] or "(none recorded)"))
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": _cut("\n".join(lines), SLACK_TEXT_CHARS)}})
    buttons = [
        {"type": "button", "text": {"type": "plain_text", "text": "Open monitor"}, "url": content["monitor"]["url"]}
    ]
    if content["run"]:
        buttons.append(
            {"type": "button", "text": {"type": "plain_text", "text": "Open run"}, "url": content["run"]["url"]}
        )
    blocks.append({"type": "actions", "elements": buttons})
    note = (
        "Answers are not stored for this monitor." if not content["answers_stored"] else "One alert per state change."
    )
    blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": f"Trustgate monitors · {note}"}]})
    return {"text": _cut(_headline(content), SLACK_TEXT_CHARS), "blocks": blocks[:50]}


def teams_message(content: dict[str, Any]) -> dict[str, Any]:
    colour = "Attention" if content["status"] == "down" else "Warning" if content["status"] == "degraded" else "Good"
    body: list[dict[str, Any]] = [
        {"type": "TextBlock", "text": _headline(content), "weight": "Bolder", "size": "Medium", "wrap": True,
         "color": colour},
    ]  # fmt: skip
    if content["message"]:
        body.append({"type": "TextBlock", "text": content["message"], "wrap": True})
    body.append(
        {
            "type": "FactSet",
            "facts": [
                {"title": "Status", "value": STATUS_WORDS.get(content["status"], content["status"])},
                {"title": "Pass rate", "value": _pass_rate(content)},
                {"title": "Agent", "value": content["monitor"]["agent"]},
            ],
        }
    )
    for case in content["cases"]:
        items: list[dict[str, Any]] = [
            {"type": "TextBlock", "text": f"{case['name']} ({case['verdict']})", "weight": "Bolder", "wrap": True},
            {"type": "TextBlock", "text": _cut(case["ask"], 300), "isSubtle": True, "wrap": True},
        ]
        items += [{"type": "TextBlock", "text": "- " + _cut(rule, 300), "wrap": True} for rule in case["failed_rules"]]
        if case["error"]:
            items.append({"type": "TextBlock", "text": "Error: " + _cut(case["error"], 300), "wrap": True})
        if content["answers_stored"]:
            items.append({"type": "TextBlock", "text": "New answer", "weight": "Bolder", "wrap": True})
            items.append({"type": "TextBlock", "text": _cut(case["new_answer"] or "(no answer)", ANSWER_CHARS),
                          "fontType": "Monospace", "wrap": True})  # fmt: skip
            items.append({"type": "TextBlock", "text": "Last good answer", "weight": "Bolder", "wrap": True})
            items.append({"type": "TextBlock", "text": _cut(case["last_good_answer"] or "(none recorded)", ANSWER_CHARS),
                          "fontType": "Monospace", "wrap": True})  # fmt: skip
        body.append({"type": "Container", "separator": True, "items": items})
    actions = [{"type": "Action.OpenUrl", "title": "Open monitor", "url": content["monitor"]["url"]}]
    if content["run"]:
        actions.append({"type": "Action.OpenUrl", "title": "Open run", "url": content["run"]["url"]})
    card = {
        "$schema": "http://adaptivecards.io/schemas/adaptive-card.json",
        "type": "AdaptiveCard",
        "version": "1.4",
        "body": body,
        "actions": actions,
    }
    attachment = {"contentType": "application/vnd.microsoft.card.adaptive", "contentUrl": None, "content": card}
    return {"type": "message", "attachments": [attachment]}


def pagerduty_event(content: dict[str, Any], *, routing_key: str, dedup_key: str, action: str) -> dict[str, Any]:
    """``action`` is "trigger" (down: critical, degraded: warning, a test: info) or "resolve"."""
    event: dict[str, Any] = {"routing_key": routing_key, "event_action": action, "dedup_key": dedup_key}
    if action != "trigger":
        return event
    severity = {"down": "critical", "degraded": "warning"}.get(content["status"], "info")
    failing = [case["name"] for case in content["cases"] if case["verdict"] in ("fail", "error")]
    details: dict[str, Any] = {
        "status": content["status"],
        "previous_status": content["previous_status"],
        "pass_rate": _pass_rate(content),
        "message": content["message"],
        "failing_cases": failing,
        "answers_stored": content["answers_stored"],
    }
    event["payload"] = {
        "summary": _cut(f"{_headline(content)} — {content['message']}".rstrip(" —"), PD_SUMMARY_CHARS),
        "source": _cut(content["monitor"]["agent"], 255) or "trustgate",
        "severity": severity,
        "timestamp": content["sent_at"],
        "component": _cut(content["monitor"]["name"], 255),
        "group": "trustgate-monitors",
        "class": content["event"],
        "custom_details": details,
    }
    event["links"] = [{"href": content["monitor"]["url"], "text": "Open monitor in Trustgate"}]
    if content["run"]:
        event["links"].append({"href": content["run"]["url"], "text": "Open run"})
    event["client"] = "Trustgate"
    event["client_url"] = content["monitor"]["url"]
    return event
