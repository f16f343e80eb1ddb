"""The workspace audit log (docs/accounts.md): what writes to it, the Admin-only page with its filters, the JSONL
download, and that it is append-only and never holds a secret."""

from __future__ import annotations

import html
import json

import pytest
from django.urls import reverse

from billing.models import AuditEvent, Membership
from billing.roles import Role
from billing.services import membership_set
from evaluations.review.services import calibration_import
from suites.services import suite_create

SUITE = [{"kind": "accuracy", "name": "Hours", "turns": ["When are you open?"]}]


def actions(account) -> list[str]:
    return list(AuditEvent.objects.filter(account=account).order_by("pk").values_list("action", flat=True))


def test_keys_roles_and_deletions_are_logged_without_secrets(client, alice, acme, agent, make_member) -> None:
    client.force_login(alice)
    response = client.post(reverse("billing:api-keys"), {"account": acme.pk, "name": "deploy", "scopes": ["run"]})
    token = response.context["token"]
    key = response.context["created"]
    client.post(reverse("billing:api-key-revoke", args=[key.pk]))
    client.post(reverse("billing:api-key-revoke", args=[key.pk]))  # twice: one line
    rita = make_member("rita", Role.READ)
    membership_set(account=acme, user=rita, role=Role.WRITE, actor=alice)
    membership_set(account=acme, user=rita, role=Role.WRITE, actor=alice)  # no change: no line
    suite = suite_create(account=acme, agent=agent, name="Hours", scenarios=SUITE, user=alice)
    client.post(reverse("suites:suite-delete", args=[suite.pk]))
    client.post(reverse("evaluations:agent-delete", args=[agent.pk]))

    assert actions(acme)[-7:] == [
        "api_key_create", "api_key_revoke", "role_change", "role_change", "suite_version", "suite_delete",
        "agent_delete",
    ]  # fmt: skip
    page = html.unescape(client.get(reverse("billing:audit-log")).content.decode())
    assert f"alice created the API key “deploy” ({key.prefix}…) with the scopes read, run." in page
    assert "rita joined the workspace with the Read role." in page and "rita's role changed from Read to Write." in page
    assert "alice deleted the suite “Hours”" in page and "alice deleted the agent “Support bot”" in page
    export = client.get(reverse("billing:audit-log-export", args=[acme.pk]))
    body = b"".join(export.streaming_content).decode()
    assert token not in page and token not in body and token[8:] not in body


def test_the_admin_reads_the_log_filtered_and_downloads_it_as_jsonl(client, alice, acme, agent, make_member) -> None:
    suite_create(account=acme, agent=agent, name="Hours", scenarios=SUITE, user=alice)
    membership_set(account=acme, user=make_member("rita", Role.READ), role=Role.WRITE)  # the system
    client.force_login(alice)
    credits = client.get(reverse("billing:credits")).content.decode()
    assert f'href="{reverse("billing:audit-log-account", args=[acme.pk])}"' in credits  # from the workspace page

    page = client.get(reverse("billing:audit-log-account", args=[acme.pk]), {"action": "role_change"})
    assert page.status_code == 200
    shown = [event.action for event in page.context["events"]]
    assert shown and set(shown) == {"role_change"}
    by_system = client.get(reverse("billing:audit-log"), {"actor": "system"}).context["events"]
    assert {event.actor_name for event in by_system} == {""}
    by_alice = client.get(reverse("billing:audit-log"), {"actor": "alice", "since": "2000-01-01"}).context["events"]
    assert {event.action for event in by_alice} == {"suite_version"}
    assert not client.get(reverse("billing:audit-log"), {"until": "2000-01-01"}).context["events"]

    export = client.get(reverse("billing:audit-log-export", args=[acme.pk]), {"action": "suite_version"})
    assert export.status_code == 200 and export["Content-Disposition"].startswith("attachment;")
    lines = [json.loads(line) for line in b"".join(export.streaming_content).decode().splitlines()]
    assert [line["action"] for line in lines] == ["suite_version"]
    assert set(lines[0]) == {"id", "time", "actor", "action", "action_label", "target", "summary"}
    assert lines[0]["actor"] == "alice" and lines[0]["target"] == "suite “Hours” v1"


@pytest.mark.parametrize("role", [Role.READ, Role.WRITE, Role.PUBLISH])
def test_only_admins_read_the_log(client, acme, make_member, role) -> None:
    client.force_login(make_member("rita", role))
    for url in (
        reverse("billing:audit-log-account", args=[acme.pk]),
        reverse("billing:audit-log-export", args=[acme.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 403 and b"This needs the Admin role" in response.content
    assert b"audit-log-link" not in client.get(reverse("billing:credits")).content


def test_another_workspace_log_is_not_found(client, bob, acme) -> None:
    client.force_login(bob)
    assert client.get(reverse("billing:audit-log-account", args=[acme.pk])).status_code == 404
    assert client.get(reverse("billing:audit-log-export", args=[acme.pk])).status_code == 404


def test_role_changes_in_the_django_admin_are_logged(client, acme, alice, django_user_model) -> None:
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(admin)
    membership = Membership.objects.get(account=acme, user=alice)
    url = reverse("admin:billing_membership_change", args=[membership.pk])
    response = client.post(url, {"user": alice.pk, "account": acme.pk, "role": Role.PUBLISH})
    assert response.status_code == 302
    event = AuditEvent.objects.get(account=acme, action="role_change")
    assert event.actor_name == "root" and event.summary == "alice's role changed from Admin to Publish."


def test_an_event_is_never_changed_or_deleted(acme, agent, alice) -> None:
    suite_create(account=acme, agent=agent, name="Hours", scenarios=SUITE, user=alice)
    event = AuditEvent.objects.get(account=acme)
    event.summary = "Rewritten."
    with pytest.raises(ValueError, match="append-only"):
        event.save()
    with pytest.raises(ValueError, match="append-only"):
        event.delete()


def test_a_rejudge_is_logged_when_it_is_launched(client, alice, acme, anthropic_judge_env) -> None:
    line = {
        "scenario": {"key": "s1", "kind": "accuracy", "name": "Case 1", "turns": ["Hours?"]},
        "transcript": [{"role": "user", "content": "Hours?"}, {"role": "assistant", "content": "Nine to five."}],
        "human_verdict": "pass",
    }
    calibration_import(account_id=acme.pk, raw=json.dumps(line).encode())
    client.force_login(alice)
    client.post(reverse("review:rejudge-launch", args=[acme.pk]), {"judge_model": "haiku", "strictness": "strict"})
    event = AuditEvent.objects.get(account=acme, action="rejudge")
    assert (
        event.actor_name == "alice"
        and event.summary == "alice started re-judging 1 calibration example with haiku (strict)."
    )


def test_roles_changed_on_the_workspace_admin_page_are_logged(client, acme, alice, django_user_model) -> None:
    root = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(root)
    membership = Membership.objects.get(account=acme, user=alice)
    form = {
        "name": acme.name,
        "memberships-TOTAL_FORMS": "1", "memberships-INITIAL_FORMS": "1",
        "memberships-MIN_NUM_FORMS": "0", "memberships-MAX_NUM_FORMS": "1000",
        "memberships-0-id": membership.pk, "memberships-0-account": acme.pk, "memberships-0-user": alice.pk,
        "memberships-0-role": Role.WRITE,
    }  # fmt: skip
    response = client.post(reverse("admin:billing_account_change", args=[acme.pk]), form)
    assert response.status_code == 302, response.content.decode()[:2000]
    event = AuditEvent.objects.get(account=acme, action="role_change")
    assert event.actor_name == "root" and event.summary == "alice's role changed from Admin to Write."
