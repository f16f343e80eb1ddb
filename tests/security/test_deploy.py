"""Production settings pass `manage.py check --deploy` with no warning, and every page carries the
Content-Security-Policy (no inline script, no inline style) and the other security headers."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def check_deploy(tmp_path: Path, **overrides: str) -> subprocess.CompletedProcess[str]:
    """`manage.py check --deploy` with the real settings module and a production-like environment."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TRUSTGATE_", "DJANGO_"))}
    env.pop("DATABASE_URL", None)
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "evalsite.settings",
            "TRUSTGATE_SQLITE_PATH": str(tmp_path / "deploy.sqlite3"),
            "TRUSTGATE_DEBUG": "false",
            "TRUSTGATE_SECRET_KEY": secrets.token_urlsafe(64),
            "TRUSTGATE_ALLOWED_HOSTS": "trustgate.example.com",
            **overrides,
        }
    )
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_check_deploy_is_clean_with_production_settings(tmp_path: Path) -> None:
    result = check_deploy(tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("overrides", "warnings"),
    [
        ({"TRUSTGATE_SECRET_KEY": ""}, ["security.W009"]),  # the dev-only fallback key
        ({"TRUSTGATE_DEBUG": "true"}, ["security.W018"]),
        ({"TRUSTGATE_HTTPS": "false"}, ["security.W004", "security.W008", "security.W012", "security.W016"]),
    ],
)
def test_check_deploy_catches_what_production_must_not_have(tmp_path: Path, overrides, warnings) -> None:
    result = check_deploy(tmp_path, **overrides)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    for warning in warnings:
        assert warning in output, output


def test_production_settings_are_secure_over_https(tmp_path: Path) -> None:
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, "
        "s.SESSION_COOKIE_HTTPONLY, s.AXES_FAILURE_LIMIT)"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith(("TRUSTGATE_", "DJANGO_"))}
    env.update({"DJANGO_SETTINGS_MODULE": "evalsite.settings", "TRUSTGATE_SQLITE_PATH": str(tmp_path / "x.sqlite3")})
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.splitlines()[-1].split() == ["True", "True", "True", "31536000", "True", "5"], result.stderr


def test_pages_carry_a_strict_content_security_policy(client, alice) -> None:
    client.force_login(alice)
    for url in [reverse("login"), reverse("evaluations:dashboard"), reverse("evaluations:agent-create"),
                reverse("evaluations:run-new")]:  # fmt: skip
        response = client.get(url)
        policy = dict(directive.strip().split(" ", 1) for directive in response["Content-Security-Policy"].split(";"))
        assert policy["default-src"] == "'self'"
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
        assert policy["object-src"] == "'none'" and policy["frame-ancestors"] == "'none'"
        assert response["X-Frame-Options"] == "DENY" and response["X-Content-Type-Options"] == "nosniff"
        assert "<script>" not in response.content.decode()


def test_the_page_script_is_served(client) -> None:
    html = client.get(reverse("login")).content.decode()
    assert '<script src="/static/trustgate.js" defer></script>' in html
    assert "django_htmx/htmx" in html and '"includeIndicatorStyles": false' in html
