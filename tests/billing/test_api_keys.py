"""Personal API keys: created in the profile and shown once, stored hashed, listed, revoked; the DRF
authentication class that turns ``Authorization: Bearer <key>`` into the key's user and account."""

from __future__ import annotations

import datetime as dt
import hashlib

from django.urls import reverse
from django.utils import timezone

from billing.models import ApiKey, Membership, Role
from billing.services import api_key_create, api_key_revoke, membership_set, user_create_with_account
from tests.support.dbdump import dump_all_tables

SUITES = "/api/v1/aiagent/suites"


def test_profile_creates_a_key_and_shows_it_once(client, alice, acme) -> None:
    client.force_login(alice)
    response = client.post(reverse("billing:api-keys"), {"name": "GitHub Actions", "account": acme.pk})
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    page = response.content.decode()
    key = ApiKey.objects.get()
    token = page.split('id="new-api-key-token">')[1].split("<")[0]
    assert token.startswith("tg_") and len(token) > 40 and token[:8] == key.prefix
    assert "shown only once" in page
    assert key.user == alice and key.account == acme and key.name == "GitHub Actions"
    assert key.hashed_secret == hashlib.sha256(token.encode()).hexdigest()
    assert token not in dump_all_tables()

    listing = client.get(reverse("billing:api-keys")).content.decode()
    assert token not in listing
    assert f"{key.prefix}…" in listing and "GitHub Actions" in listing and "never" in listing


def test_key_without_a_name_is_a_field_error_and_nothing_is_saved(client, alice, acme) -> None:
    client.force_login(alice)
    page = client.post(reverse("billing:api-keys"), {"name": "  ", "account": acme.pk}).content.decode()
    assert "Give the key a name" in page
    assert not ApiKey.objects.exists()


def test_key_for_a_workspace_you_are_not_in_is_refused(client, alice, bob) -> None:
    client.force_login(alice)
    globex = bob.memberships.get().account
    page = client.post(reverse("billing:api-keys"), {"name": "sneaky", "account": globex.pk}).content.decode()
    assert "Choose one of your workspaces" in page
    assert not ApiKey.objects.exists()


def test_key_list_needs_a_login(client) -> None:
    response = client.get(reverse("billing:api-keys"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_keys_are_personal(client, alice, acme, bob) -> None:
    key, _ = api_key_create(user=alice, account=acme, name="alice's key")
    client.force_login(bob)
    assert "alice&#x27;s key" not in client.get(reverse("billing:api-keys")).content.decode()
    assert client.post(reverse("billing:api-key-revoke", args=[key.pk])).status_code == 404
    key.refresh_from_db()
    assert not key.is_revoked


def test_revoked_key_stops_working_at_once(client, api, alice, acme) -> None:
    assert api.get(SUITES).status_code == 200
    key = ApiKey.objects.get()
    client.force_login(alice)
    response = client.post(reverse("billing:api-key-revoke", args=[key.pk]), follow=True)
    assert "is revoked: it no longer works" in response.content.decode()
    assert "Revoked" in response.content.decode()
    response = api.get(SUITES)
    assert response.status_code == 401
    assert "revoked" in response.json()["detail"]


def test_missing_wrong_and_malformed_keys_are_401(api, api_token) -> None:
    missing = api.get(SUITES, key=None)
    assert missing.status_code == 401
    assert missing["WWW-Authenticate"] == 'Bearer realm="api"'
    assert api.get(SUITES, key="tg_not-a-real-key").status_code == 401
    assert api.get(SUITES, key=api_token[:8] + "x" * 40).status_code == 401  # right prefix, wrong secret
    assert api.get(SUITES, key="").status_code == 401
    assert api.client.get(SUITES, headers={"Authorization": f"Bearer {api_token} extra"}).status_code == 401
    assert api.client.get(SUITES, headers={"Authorization": "Basic dXNlcjpwdw=="}).status_code == 401
    assert api.get(SUITES, key="x" * 5000).status_code == 401


def test_a_session_login_does_not_open_the_api(client, alice) -> None:
    client.force_login(alice)
    assert client.get(SUITES).status_code == 401


def test_key_of_a_removed_member_or_inactive_user_is_401(api, alice, acme) -> None:
    alice.is_active = False
    alice.save()
    assert api.get(SUITES).status_code == 401
    alice.is_active = True
    alice.save()
    assert api.get(SUITES).status_code == 200
    Membership.objects.filter(user=alice, account=acme).delete()
    response = api.get(SUITES)
    assert response.status_code == 401 and "no longer a member" in response.json()["detail"]


def test_key_records_its_last_use_at_most_once_a_minute(api) -> None:
    key = ApiKey.objects.get()
    assert key.last_used_at is None
    api.get(SUITES)
    key.refresh_from_db()
    first = key.last_used_at
    assert first is not None
    api.get(SUITES)
    key.refresh_from_db()
    assert key.last_used_at == first
    ApiKey.objects.filter(pk=key.pk).update(last_used_at=timezone.now() - dt.timedelta(minutes=2))
    api.get(SUITES)
    key.refresh_from_db()
    assert key.last_used_at > first


def test_key_acts_in_its_own_account_only(client, alice, acme) -> None:
    from suites.services import suite_create

    other = user_create_with_account(username="olga", password="pw-olga-123", account_name="Initech")
    initech = other.memberships.get().account
    membership_set(account=initech, user=alice, role=Role.ADMIN)  # alice is in both workspaces
    suite_create(account=acme, name="Acme suite", scenarios=[])
    suite_create(account=initech, name="Initech suite", scenarios=[])
    _, token = api_key_create(user=alice, account=initech, name="Initech CI")
    names = [s["name"] for s in client.get(SUITES, headers={"Authorization": f"Bearer {token}"}).json()["suites"]]
    assert names == ["Initech suite"]


def test_revoking_twice_keeps_the_first_time(alice, acme) -> None:
    key, _ = api_key_create(user=alice, account=acme, name="k")
    first = api_key_revoke(api_key=key).revoked_at
    assert api_key_revoke(api_key=key).revoked_at == first
