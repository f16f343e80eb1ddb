"""One reader of retry-after and reset headers serves the agent connectors and the model providers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from evaluations.connectors import parse_retry_after as connectors_parse
from evaluations.llm.ratelimit import rate_info
from evaluations.outbound.waits import parse_retry_after


@pytest.mark.parametrize(
    ("value", "seconds"),
    [
        ("12", 12.0),
        ("  0 ", 0.0),
        ("0.5", 0.5),
        ("6m0s", 360.0),
        ("1h2m3s", 3723.0),
        ("250ms", 0.25),
        ("1.5s", 1.5),
        ("Wed, 21 Oct 2015 07:28:00 GMT", 0.0),  # in the past
        ("2015-10-21T07:28:00Z", 0.0),
        ("-3", 0.0),
    ],
)
def test_every_spelling_of_a_wait_is_read(value: str, seconds: float) -> None:
    assert parse_retry_after(value) == seconds


@pytest.mark.parametrize("value", [None, "", "soon", "5 minutes", "m", "1x"])
def test_an_unreadable_wait_is_none(value: str | None) -> None:
    assert parse_retry_after(value) is None


def test_future_times_in_both_formats_give_the_seconds_left() -> None:
    later = datetime.now(UTC) + timedelta(seconds=30)
    http_date = parse_retry_after(format_datetime(later, usegmt=True))
    rfc3339 = parse_retry_after(later.isoformat().replace("+00:00", "Z"))
    assert http_date is not None and 28.0 <= http_date <= 30.0
    assert rfc3339 is not None and 29.0 <= rfc3339 <= 30.0


def test_the_connectors_and_the_provider_budget_use_the_same_reader() -> None:
    assert connectors_parse is parse_retry_after
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=20), usegmt=True)
    info = rate_info({"retry-after": later})
    assert info is not None and info.retry_after is not None and 18.0 <= info.retry_after <= 20.0
