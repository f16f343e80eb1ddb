"""Real Chromium from Debian's packages, driven by Playwright (never `playwright install`)."""

from __future__ import annotations

import os
import shutil
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not shutil.which(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: install Debian's chromium package (make test does).")
        pytest.skip("Chromium is not installed; run `make test`, which installs it.")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
            "--disable-dev-shm-usage",
        ],
    }  # fmt: skip


@pytest.fixture
def logged_in_page(page, live_server, django_user_model):
    """A browser page logged in as a fresh admin of a fresh workspace."""
    from tests.support.fixtures_accounts import user_with_credits

    user_with_credits(username="carol", password="pw-carol-123", account_name="Carol's workspace")  # can launch runs
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("carol")
    page.get_by_label("Password").fill("pw-carol-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/")
    return page


@pytest.fixture
def admin_page(page, live_server, django_user_model):
    """A browser page logged in to Django admin as a superuser (a curator)."""
    django_user_model.objects.create_superuser("curator", "curator@example.com", "pw-curator-123")
    page.goto(f"{live_server.url}/admin/login/")
    page.get_by_label("Username").fill("curator")
    page.get_by_label("Password").fill("pw-curator-123")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/admin/")
    return page
