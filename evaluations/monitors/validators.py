"""Checks shared by the monitor form and the YAML import. Each raises ValueError with a sentence to show."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email

from evaluations.outbound.guard import EndpointBlocked, validate_endpoint_url
from evaluations.outbound.masking import mask_key
from evaluations.outbound.websocket import http_url

MIN_INTERVAL_MINUTES = 5
MAX_INTERVAL_MINUTES = 7 * 24 * 60
MAX_SAMPLES = 10
MAX_CASES = 50
MAX_ASK_CHARS = 4000
MAX_TOKEN_BUDGET = 1_000_000_000  # a month; the column holds 2**31 - 1 on PostgreSQL
SECRET_ENV_PREFIX = "TRUSTGATE_SECRET_"
SECRET_NAME = re.compile(r"^[A-Z][A-Z0-9_]{0,63}$")
_EVERY = re.compile(r"^\s*(\d+)\s*(m|min|mins|minutes?|h|hr|hrs|hours?|d|days?)\s*$", re.IGNORECASE)


_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}")


def check_ask(ask: str) -> None:
    """Monitors define no template variables: a ``{{name}}`` in a question would reach the agent as written.
    Raises ValueError naming each one."""
    names = list(dict.fromkeys(_PLACEHOLDER.findall(ask)))
    if names:
        listed = ", ".join("{{" + name + "}}" for name in names)
        raise ValueError(
            f"The question uses {listed}, which is not defined: monitors have no template variables, so write the "
            "value itself."
        )


def parse_every(value: Any) -> int:
    """Minutes from ``"1h"``, ``"30m"``, ``"2 hours"``, ``"1d"`` (a bare number is minutes)."""
    if isinstance(value, bool):
        raise ValueError("every must be a duration such as 30m or 1h.")
    if isinstance(value, int):
        minutes = value
    else:
        match = _EVERY.match(str(value))
        if not match:
            raise ValueError(f"every must be a duration such as 30m or 1h, not {str(value)[:40]!r}.")
        number, unit = int(match.group(1)), match.group(2).lower()
        minutes = number * (60 if unit.startswith("h") else 1440 if unit.startswith("d") else 1)
    check_interval(minutes)
    return minutes


def check_interval(minutes: int) -> None:
    if not MIN_INTERVAL_MINUTES <= minutes <= MAX_INTERVAL_MINUTES:
        raise ValueError(f"Run at most every {MIN_INTERVAL_MINUTES} minutes and at least once a week.")


def check_url(url: str, *, what: str = "The endpoint", websocket: bool = False) -> str:
    """The endpoint guard's rules (docs/agents.md, endpoint safety): an ``http(s)://`` URL, or with ``websocket`` a
    ``ws(s)://`` one, judged by the address it stands for as its ``http(s)://`` form is."""
    url = (url or "").strip()
    if not url:
        raise ValueError(f"{what} URL is missing.")
    try:
        validate_endpoint_url(http_url(url) if websocket else url)
    except EndpointBlocked as error:
        raise ValueError(str(error)) from None
    return url


def parse_emails(value: Any) -> list[str]:
    items = value if isinstance(value, list) else re.split(r"[,\s]+", str(value or ""))
    emails = []
    for item in items:
        item = str(item).strip()
        if not item:
            continue
        try:
            validate_email(item)
        except ValidationError:
            raise ValueError(f"{item[:80]!r} is not an email address.") from None
        emails.append(item)
    return emails


def parse_target(value: Any) -> int:
    """90, "90%" or 0.9 -> 90."""
    text = str(value).strip().rstrip("%").strip()
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"target must be a percentage such as 90%, not {str(value)[:20]!r}.") from None
    if 0 < number < 1 and not str(value).strip().endswith("%"):
        number *= 100
    if not 1 <= number <= 100 or number != int(number):
        raise ValueError("target must be a whole percentage from 1% to 100%.")
    return int(number)


def check_samples(samples: int, min_passing: int) -> None:
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"Samples per case must be from 1 to {MAX_SAMPLES}.")
    if not 1 <= min_passing <= samples:
        raise ValueError(f"The samples that must pass must be from 1 to {samples} (the samples per case).")


def parse_secret_reference(value: str) -> str:
    """``secret.NAME`` -> ``NAME`` ("" for ""). Raises ValueError with a sentence for anything else: a pasted
    key must never end up stored as a "name"."""
    value = (value or "").strip()
    if not value:
        return ""
    name = value[len("secret.") :]
    if not value.startswith("secret.") or not SECRET_NAME.match(name):
        raise ValueError(
            "Write the credential as secret.NAME (capital letters, digits and _), e.g. secret.TEST_TOKEN; the "
            f"worker reads it from {SECRET_ENV_PREFIX}NAME. Keys themselves are never stored."
        )
    if name == "KEY":
        # TRUSTGATE_SECRET_KEY is Django's SECRET_KEY: sending it to an agent would give sessions away.
        raise ValueError(
            f"secret.KEY is taken: {SECRET_ENV_PREFIX}KEY is Trustgate's own secret key. Choose another name."
        )
    return name


CHANNEL_KEEP = "keep"  # a channel value meaning "keep what is stored" (the form's blank field, the export's word)
_ROUTING_KEY = re.compile(r"^[A-Za-z0-9]{20,64}$")
CHANNEL_URL_NAMES = {
    "webhook": "The webhook",
    "slack": "The Slack webhook",
    "teams": "The Teams workflow webhook",
}


def check_channel(kind: str, value: Any) -> str:
    """A channel's URL (webhook, Slack, Teams) or PagerDuty routing key, checked; raises ValueError."""
    text = str(value or "").strip()
    if kind == "pagerduty":
        if not _ROUTING_KEY.match(text):
            raise ValueError(
                "A PagerDuty routing key is the 32-character Integration Key of an Events API v2 integration "
                "(letters and digits); copy it from the service's Integrations tab."
            )
        return text
    return check_url(text, what=CHANNEL_URL_NAMES.get(kind, "The channel"))


def channel_mask(value: str) -> str:
    """How a channel is shown: the scheme and host of a URL (not secret) and the last 4 characters, or a masked
    key. The token in a URL's path never appears."""
    match = re.match(r"^(https?://[^/?#@]+)(.*)$", value)
    if match is None:
        return mask_key(value)
    host = match.group(1)
    if "@" in host or len(host) > 60:
        host = host[:60].split("@")[-1]
    tail = match.group(2)
    return f"{host}/…{tail[-4:]}" if len(tail) >= 12 else f"{host}/…"
