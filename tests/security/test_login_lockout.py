"""Brute-force protection on login (django-axes): 5 wrong passwords for a username from one address lock that
pair out for 15 minutes, with a page that says so; other addresses and other users are unaffected."""

from __future__ import annotations

from datetime import timedelta

from axes.models import AccessAttempt
from django.urls import reverse

WRONG = "Please enter a correct username and password"
LOCKED = "Too many failed logins"


def log_in(client, password: str, *, username: str = "alice", address: str = "127.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def is_logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_fifth_wrong_password_locks_out_and_the_sixth_attempt_is_refused(client, alice) -> None:
    for _ in range(4):
        response = log_in(client, "wrong-password")
        assert response.status_code == 200 and WRONG in response.content.decode()
    locked = log_in(client, "wrong-password")
    assert locked.status_code == 429
    html = locked.content.decode()
    assert LOCKED in html and "5 wrong passwords for “alice” from this address" in html
    assert "locked for 15 minutes" in html
    sixth = log_in(client, "pw-alice-123")  # even the right password
    assert sixth.status_code == 429 and LOCKED in sixth.content.decode()
    assert not is_logged_in(client)


def test_lockout_is_per_username_and_address(client, alice, bob) -> None:
    for _ in range(5):
        log_in(client, "wrong-password")
    assert log_in(client, "pw-bob-123", username="bob").status_code == 302  # another user, same address
    client.logout()
    assert log_in(client, "pw-alice-123", address="203.0.113.7").status_code == 302  # same user, elsewhere
    assert is_logged_in(client)


def test_a_success_resets_the_count(client, alice) -> None:
    for _ in range(4):
        log_in(client, "wrong-password")
    assert log_in(client, "pw-alice-123").status_code == 302
    client.logout()
    for _ in range(4):
        assert log_in(client, "wrong-password").status_code == 200
    assert log_in(client, "pw-alice-123").status_code == 302


def test_lock_lifts_after_the_cool_off(client, alice) -> None:
    for _ in range(5):
        log_in(client, "wrong-password")
    assert log_in(client, "pw-alice-123").status_code == 429
    # 15 minutes pass (axes compares attempt times with the clock)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(attempt_time=attempt.attempt_time - timedelta(minutes=16))
    assert log_in(client, "pw-alice-123").status_code == 302


def test_force_login_is_not_counted(client, alice) -> None:
    client.force_login(alice)
    assert client.get(reverse("evaluations:dashboard")).status_code == 200
    assert not AccessAttempt.objects.exists()
