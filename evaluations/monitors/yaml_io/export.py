"""Writing monitors as a YAML file that ``parse_monitors`` reads back."""

from __future__ import annotations

from typing import Any

import yaml

from evaluations.monitors.models import Monitor, MonitorProtocol
from evaluations.monitors.rules import rule_to_yaml
from evaluations.monitors.validators import CHANNEL_KEEP


def export_monitors(monitors: list[Monitor]) -> str:
    """The monitors as a YAML file ``parse_monitors`` reads back. Secrets appear as secret.NAME only, and an alert
    channel as ``keep`` (importing the file keeps the stored URL or key)."""
    items = []
    for monitor in monitors:
        item: dict[str, Any] = {"name": monitor.name, "type": "agent"}
        if monitor.agent_id and monitor.agent:
            item["agent"] = monitor.agent.name
        else:
            item["endpoint"] = monitor.endpoint_url
            if monitor.protocol != MonitorProtocol.CHAT:
                item["protocol"] = str(monitor.protocol)
            if monitor.model_name:
                item["model"] = monitor.model_name
        if monitor.auth_secret:
            item["auth"] = {"bearer": f"secret.{monitor.auth_secret}"}
        item["every"] = monitor.every_yaml
        item["samples"] = monitor.samples_per_case
        item["passes"] = monitor.min_passing_samples
        item["target"] = f"{monitor.target_pass_rate}%"
        item["budget"] = monitor.monthly_token_budget
        item["store"] = str(monitor.storage_mode)  # a TextChoices member, just made, is not a plain str
        item["judge"] = {"model": str(monitor.judge_model), "strictness": str(monitor.judge_strictness)}
        if monitor.allowed_contact_list:
            item["allowed_contacts"] = monitor.allowed_contact_list
        if monitor.secret_marker_list:
            item["secret_markers"] = CHANNEL_KEEP  # kept on import; the markers themselves are not exported
        alerts: dict[str, Any] = {}
        if monitor.alert_email_list:
            alerts["email"] = monitor.alert_email_list
        for channel in monitor.channels.all():
            alerts[channel.kind] = CHANNEL_KEEP  # a URL or key is a secret: never exported, kept on import
            if channel.kind == "webhook":
                alerts["webhook_key"] = CHANNEL_KEEP
        if alerts:
            item["alerts"] = alerts
        item["cases"] = [
            {"name": case.name, "ask": case.ask, "expect": [rule_to_yaml(rule) for rule in case.expect]}
            for case in monitor.cases.all()
        ]
        items.append(item)
    return yaml.safe_dump({"monitors": items}, sort_keys=False, allow_unicode=True, width=100)
