"""Shared fixtures. Fixture modules live in tests/support/fixtures_*.py and are loaded automatically."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")
os.environ.setdefault("AWS_EC2_METADATA_DISABLED", "true")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytest_plugins = sorted(
    f"tests.support.{path.stem}" for path in (Path(__file__).parent / "support").glob("fixtures_*.py")
)


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API keeps an event loop running in the main thread for the rest
    of the session, and code under test that calls asyncio.run() (connectors, judge) cannot run after it."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
