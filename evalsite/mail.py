"""The alert email settings from what the environment gave (read in evalsite/settings.py): an SMTP URL or the
usual host, port, user, password and TLS variables (docs/configuration.md#alert-email)."""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

SMTP = "django.core.mail.backends.smtp.EmailBackend"
CONSOLE = "django.core.mail.backends.console.EmailBackend"


def email_settings(
    *, url: str, host: str, port: int, user: str, password: str, use_tls: bool, use_ssl: bool
) -> dict[str, object]:
    """Django's EMAIL_* settings. ``url`` wins over the separate values. Raises ImproperlyConfigured with a
    sentence naming the variable."""
    values: dict[str, object] = {
        "EMAIL_BACKEND": SMTP if host.strip() else CONSOLE,
        "EMAIL_HOST": host.strip(),
        "EMAIL_PORT": port,
        "EMAIL_HOST_USER": user,
        "EMAIL_HOST_PASSWORD": password,
        "EMAIL_USE_TLS": use_tls,
        "EMAIL_USE_SSL": use_ssl,
    }
    url = url.strip()
    if url:
        parts = urlsplit(url)
        if parts.scheme == "console":
            values["EMAIL_BACKEND"] = CONSOLE
        elif parts.scheme in ("smtp", "smtps") and parts.hostname:
            try:
                url_port = parts.port
            except ValueError:
                raise ImproperlyConfigured("TRUSTGATE_EMAIL_URL has a port that is not a number.") from None
            tls = parse_qs(parts.query).get("tls", ["true"])[0].lower() != "false"
            values.update(
                EMAIL_BACKEND=SMTP,
                EMAIL_HOST=parts.hostname,
                EMAIL_PORT=url_port or (465 if parts.scheme == "smtps" else 587),
                EMAIL_HOST_USER=unquote(parts.username or ""),
                EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
                EMAIL_USE_SSL=parts.scheme == "smtps",
                EMAIL_USE_TLS=parts.scheme == "smtp" and tls,
            )
        else:
            raise ImproperlyConfigured(
                "TRUSTGATE_EMAIL_URL must look like smtp://user:password@host:587 (STARTTLS), "
                "smtps://user:password@host:465 (TLS) or console://."
            )
    if values["EMAIL_USE_TLS"] and values["EMAIL_USE_SSL"]:
        raise ImproperlyConfigured("Set EMAIL_USE_TLS or EMAIL_USE_SSL, not both.")
    return values
