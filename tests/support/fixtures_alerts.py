"""Fixtures for alert channels: the fake Slack / Teams / PagerDuty receivers (started once per session)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.alert_receivers import AlertReceivers, alert_receivers

ROUTING_KEY = "Rk7Qp2Zx9Lm4Vb8Nc3Wd6Yf1Hg5Jt0Ks"  # 32 characters, like an Events API v2 integration key


@pytest.fixture(scope="session")
def alert_receivers_session() -> Iterator[AlertReceivers]:
    with alert_receivers() as receivers:
        yield receivers


@pytest.fixture
def receivers(alert_receivers_session: AlertReceivers, settings: Any) -> AlertReceivers:
    """The receivers, emptied; private addresses allowed (the guard refuses 127.0.0.1 otherwise) and PagerDuty's
    Events API URL pointed at the fake."""
    alert_receivers_session.reset()
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    settings.TRUSTGATE_PAGERDUTY_EVENTS_URL = alert_receivers_session.url("/v2/enqueue")
    return alert_receivers_session
