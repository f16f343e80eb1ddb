"""Alert channels in monitor YAML: every channel imports (sealed), an export writes ``keep`` instead of any URL
or key and imports back unchanged, and a wrong value or a ``keep`` with nothing stored is a line error with
nothing saved. The alert email settings come from the environment (docs/configuration.md#alert-email)."""

from __future__ import annotations

import textwrap

import pytest
from django.core.exceptions import ImproperlyConfigured

from evalsite.mail import email_settings
from evaluations.monitors import services
from evaluations.monitors.models import AlertChannel, Monitor
from evaluations.monitors.yaml_io import YamlImportError, export_monitors
from tests.support.fixtures_alerts import ROUTING_KEY

SLACK = "http://127.0.0.1:9/services/T000/B000/YamlSlackTok3n"

CHANNELS = textwrap.dedent(
    f"""\
    monitors:
      - name: Chat answers
        endpoint: http://127.0.0.1:9/api/chat
        alerts:
          email: [oncall@acme.example]
          slack: {SLACK}
          teams: http://127.0.0.1:9/workflows/abc/invoke?sig=TeamsYamlSig
          pagerduty: {ROUTING_KEY}
          webhook: http://127.0.0.1:9/hook
          webhook_key: yaml-signing-key-0123456789
        cases:
          - ask: "What's your refund window?"
    """
)


def test_every_channel_imports_sealed_and_the_export_keeps_them_without_showing_them(acme, private_endpoints):
    [monitor], _ = services.monitors_import_yaml(account=acme, text=CHANNELS)
    assert {c.kind: c.value for c in monitor.channels.all()}["slack"] == SLACK
    assert monitor.channels.count() == 4 and monitor.alert_email_list == ["oncall@acme.example"]
    assert monitor.webhook_secret == "yaml-signing-key-0123456789"

    exported = export_monitors(list(Monitor.objects.filter(pk=monitor.pk)))
    for secret in ("YamlSlackTok3n", "TeamsYamlSig", ROUTING_KEY, "/hook", "yaml-signing-key"):
        assert secret not in exported
    assert "slack: keep" in exported and "pagerduty: keep" in exported
    sealed = {c.kind: c.sealed for c in monitor.channels.all()}

    _, [again] = services.monitors_import_yaml(account=acme, text=exported)
    assert {c.kind: c.sealed for c in again.channels.all()} == sealed  # kept, not re-entered
    assert again.webhook_secret == "yaml-signing-key-0123456789" and "webhook_key: keep" in exported

    without = CHANNELS.replace(f"      slack: {SLACK}\n", "")
    services.monitors_import_yaml(account=acme, text=without)  # the file is the truth: no slack line, no Slack
    assert sorted(monitor.channels.values_list("kind", flat=True)) == ["pagerduty", "teams", "webhook"]


def test_wrong_channel_values_and_keep_without_a_stored_channel_are_line_errors(acme, private_endpoints):
    bad = CHANNELS.replace(ROUTING_KEY, "not-a-key").replace(SLACK, "keep")
    with pytest.raises(YamlImportError) as caught:
        services.monitors_import_yaml(account=acme, text=bad)
    assert caught.value.lines == [
        "Line 6: slack: keep keeps the stored slack channel, but this monitor has none in this workspace; give the "
        "URL or key instead.",
        "Line 8: A PagerDuty routing key is the 32-character Integration Key of an Events API v2 integration "
        "(letters and digits); copy it from the service's Integrations tab.",
    ]
    assert not Monitor.objects.exists() and not AlertChannel.objects.exists()


def test_email_comes_from_an_smtp_url_or_the_usual_variables():
    def settings_for(url: str = "", host: str = "", **more: object) -> dict[str, object]:
        values = {"port": 587, "user": "", "password": "", "use_tls": False, "use_ssl": False, **more}
        return email_settings(url=url, host=host, **values)  # type: ignore[arg-type]

    assert settings_for()["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    starttls = settings_for("smtp://alerts%40acme.example:p%40ss@smtp.acme.example:2525")
    assert starttls == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.acme.example",
        "EMAIL_PORT": 2525,
        "EMAIL_HOST_USER": "alerts@acme.example",
        "EMAIL_HOST_PASSWORD": "p@ss",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
    }
    tls = settings_for("smtps://u:p@smtp.acme.example")
    assert (tls["EMAIL_PORT"], tls["EMAIL_USE_SSL"], tls["EMAIL_USE_TLS"]) == (465, True, False)
    plain = settings_for(host="mail.internal", port=25, user="u", password="p", use_tls=True)
    assert (plain["EMAIL_BACKEND"], plain["EMAIL_HOST"], plain["EMAIL_PORT"], plain["EMAIL_USE_TLS"]) == (
        "django.core.mail.backends.smtp.EmailBackend", "mail.internal", 25, True,
    )  # fmt: skip
    with pytest.raises(ImproperlyConfigured, match="TRUSTGATE_EMAIL_URL must look like smtp://"):
        settings_for("mailto:oncall@acme.example")
    with pytest.raises(ImproperlyConfigured, match="not both"):
        settings_for(host="h", use_tls=True, use_ssl=True)
