"""A version is never edited in place (docs/suites.md): an edit in the product editor, the Django admin (a
scenario, or its Retire action) or the suite settings makes the next version, while the rows of the
version a run ran and a baseline pins stay as they were and are read-only in the admin."""

from __future__ import annotations

from typing import Any

import pytest

from suites import services
from suites.models import Scenario, Suite, SuiteKind, SuiteVersion
from suites.yaml_io import suite_to_yaml
from tests.support.html_forms import form_fields as _form

HTMX = {"HX-Request": "true"}
CONTENT = ("name", "kind", "turns", "expected_outcome", "severity", "required_phrases", "is_active")


def _content(row: Scenario) -> tuple[Any, ...]:
    return tuple(getattr(row, field) for field in CONTENT)


def test_editing_a_scenario_of_a_pinned_suite_in_the_product_makes_version_2(client, alice, pinned) -> None:
    suite, run = pinned
    assert suite.kind == SuiteKind.SUITE  # a saved suite, not only a test set, has the editor
    version_1 = list(suite.scenarios.order_by("pk"))
    case = version_1[0]
    client.force_login(alice)
    detail = client.get(f"/suites/{suite.pk}/").content.decode()
    assert f"/suites/{suite.pk}/cases/{case.pk}/edit/" in detail and "read-only" in detail
    assert f"pinned as a baseline: run #{run.pk}" in detail
    url = f"/suites/{suite.pk}/cases/{case.pk}/edit/"
    data = _form(client, url)
    assert data["more_fields"] == "1" and data["kind"] == case.kind and data["severity"] == case.severity
    data.update(initial_message="What are your opening hours on Sunday?", severity="high",
                later_turns="And on holidays?\n---\nThanks.")  # fmt: skip

    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 200, response.content.decode()
    page = response.content.decode()
    assert 'id="suite-version" hx-swap-oob="true">v2<' in page and "Edited “" in page
    suite.refresh_from_db()
    assert suite.version == 2 and SuiteVersion.objects.filter(suite=suite).count() == 2
    assert [_content(row) for row in Scenario.objects.filter(pk__in=[r.pk for r in version_1]).order_by("pk")] == [
        _content(row) for row in version_1
    ]  # every row of version 1 is as it was
    case.refresh_from_db()
    assert case.retired_in == 2 and case.introduced_in == 1
    edited = suite.scenarios.get(retired_in__isnull=True, position=case.position)
    assert edited.introduced_in == 2 and edited.severity == "high"
    assert edited.turns == ["What are your opening hours on Sunday?", "And on holidays?", "Thanks."]
    assert suite.scenarios.filter(retired_in__isnull=True).count() == len(version_1)
    run.refresh_from_db()
    assert run.suite_version == 1 and case.name in [s["name"] for s in run.scenarios]
    assert "severity: high" in suite_to_yaml(suite) and "And on holidays?" in suite_to_yaml(suite)
    assert client.get(f"/suites/{suite.pk}/cases/{case.pk}/edit/").status_code == 404  # only the current version


def test_the_editor_offers_every_scenario_field_of_the_yaml(client, alice, demo_suite) -> None:
    client.force_login(alice)
    case = demo_suite.scenarios.first()
    assert case is not None
    data = _form(client, f"/suites/{demo_suite.pk}/cases/{case.pk}/edit/")
    for field in ("name", "kind", "initial_message", "later_turns", "expected_outcome", "correct_answer",
                  "required_phrases", "required_scope", "forbidden_phrases", "forbidden_scope", "tool_checks",
                  "var_key", "severity", "owasp_tag", "persona", "max_turns", "attack_id", "stale_reason"):  # fmt: skip
        assert field in data, field
    page = client.get(f"/suites/{demo_suite.pk}/cases/{case.pk}/edit/").content.decode()
    for checkbox in ("uses_canary", "contacts_may_be_shared", "tool_results_leak", "is_active"):
        assert f'name="{checkbox}"' in page, checkbox


def test_the_tool_results_switch_is_set_and_cleared_in_the_editor(client, alice, demo_suite) -> None:
    client.force_login(alice)
    case = demo_suite.scenarios.filter(retired_in__isnull=True).first()
    assert case is not None and not case.tool_results_leak
    url = f"/suites/{demo_suite.pk}/cases/{case.pk}/edit/"
    assert client.post(url, {**_form(client, url), "tool_results_leak": "on"}, headers=HTMX).status_code == 200
    switched = demo_suite.scenarios.get(retired_in__isnull=True, position=case.position)
    assert switched.tool_results_leak and "tool_results_leak: true" in suite_to_yaml(demo_suite)
    url = f"/suites/{demo_suite.pk}/cases/{switched.pk}/edit/"
    data = _form(client, url)
    assert data.get("tool_results_leak") == "on"  # shown ticked when editing it again
    data.pop("tool_results_leak")
    assert client.post(url, data, headers=HTMX).status_code == 200
    assert not demo_suite.scenarios.get(retired_in__isnull=True, position=case.position).tool_results_leak


def test_an_edit_that_a_scenario_cannot_hold_says_why_and_changes_nothing(client, alice, demo_suite) -> None:
    client.force_login(alice)
    case = demo_suite.scenarios.first()
    assert case is not None
    url = f"/suites/{demo_suite.pk}/cases/{case.pk}/edit/"
    data = {**_form(client, url), "max_turns": "99"}

    response = client.post(url, data, headers=HTMX)

    assert response.status_code == 400 and "The turn limit must be between 1 and 20" in response.content.decode()
    demo_suite.refresh_from_db()
    assert demo_suite.version == 1 and not demo_suite.scenarios.filter(retired_in__isnull=False).exists()


def test_adding_and_removing_scenarios_of_a_saved_suite_make_new_versions(client, alice, pinned) -> None:
    suite, _ = pinned
    client.force_login(alice)
    first = suite.scenarios.order_by("position").first()
    assert first is not None
    client.post(f"/suites/{suite.pk}/cases/", {"name": "Extra", "initial_message": "Do you ship abroad?"}, headers=HTMX)
    client.post(f"/suites/{suite.pk}/cases/{first.pk}/delete/", headers=HTMX)

    suite.refresh_from_db()
    assert suite.version == 3
    assert list(suite.versions.order_by("number").values_list("note", flat=True))[1:] == [
        "Added “Extra”",
        f"Removed “{first.name}”",
    ]
    first.refresh_from_db()
    assert first.retired_in == 3 and Scenario.objects.filter(pk=first.pk).exists()  # version 1 still holds it


def test_changing_what_a_run_does_in_the_settings_is_a_new_version(alice, acme, pinned) -> None:
    suite, _ = pinned
    services.suite_update(suite=suite, name="Demo renamed", description="", agent=suite.agent,
                          default_persona=None, max_turns=suite.max_turns, user=alice)  # fmt: skip
    assert Suite.objects.get(pk=suite.pk).version == 1  # a new name does not change what runs
    services.suite_update(suite=suite, name="Demo renamed", description="", agent=suite.agent,
                          default_persona=None, max_turns=suite.max_turns, secret_markers="NW-SECRET", user=alice)  # fmt: skip
    assert Suite.objects.get(pk=suite.pk).version == 2
    assert SuiteVersion.objects.get(suite=suite, number=2).note == "Settings changed"


def test_a_revision_of_a_row_outside_the_current_version_is_refused_with_a_sentence(pinned) -> None:
    suite, _ = pinned
    row = suite.scenarios.order_by("pk").first()
    assert row is not None
    services.suite_revise(suite=suite, note="x", edits={row.pk: {"expected_outcome": "Something else."}})
    with pytest.raises(services.SuiteError, match="belongs only to earlier versions .* edit the scenarios of the"):
        services.suite_revise(suite=suite, note="y", edits={row.pk: {"expected_outcome": "Again."}})
    assert Suite.objects.get(pk=suite.pk).version == 2


def test_saving_a_scenario_in_the_admin_makes_version_2_and_leaves_version_1(admin_client, pinned) -> None:
    suite, run = pinned
    row = suite.scenarios.order_by("pk").first()
    assert row is not None
    before = _content(row)
    url = f"/admin/suites/scenario/{row.pk}/change/"
    page = admin_client.get(url).content.decode()
    assert f"pinned as a baseline: run #{run.pk}" in page and "read-only" in page
    data = {**_form(admin_client, url), "expected_outcome": "Gives the hours, and the holiday hours."}

    response = admin_client.post(url, data, follow=True)

    assert response.status_code == 200
    assert "is now version 2; earlier versions are unchanged" in response.content.decode()
    row.refresh_from_db()
    assert _content(row) == before and row.retired_in == 2
    copy = suite.scenarios.get(retired_in__isnull=True, name=row.name)
    assert copy.introduced_in == 2 and copy.expected_outcome == "Gives the hours, and the holiday hours."
    assert Suite.objects.get(pk=suite.pk).version == 2


def test_retiring_scenarios_with_the_admin_action_makes_one_new_version(admin_client, pinned) -> None:
    suite, _ = pinned
    rows = list(suite.scenarios.order_by("position", "pk"))
    data = {"action": "retire", "_selected_action": [str(rows[0].pk), str(rows[1].pk)]}

    response = admin_client.post("/admin/suites/scenario/", data, follow=True)

    assert response.status_code == 200
    assert f"Retired; made {suite.name} v2. Earlier versions keep them." in response.content.decode()
    suite.refresh_from_db()
    assert suite.version == 2 and suite.versions.count() == 2
    assert [_content(r) for r in Scenario.objects.filter(pk__in=[r.pk for r in rows]).order_by("position", "pk")] == [
        _content(r) for r in rows
    ]
    assert list(Scenario.objects.filter(pk__in=[rows[0].pk, rows[1].pk]).values_list("retired_in", flat=True)) == [2, 2]
    assert suite.scenarios.filter(retired_in__isnull=True).count() == len(rows) - 2

    back = {"action": "reactivate", "_selected_action": [str(rows[0].pk)]}
    assert "Reactivated; made" in admin_client.post("/admin/suites/scenario/", back, follow=True).content.decode()
    copy = suite.scenarios.get(retired_in__isnull=True, name=rows[0].name)
    assert copy.pk != rows[0].pk and copy.introduced_in == 3 and Suite.objects.get(pk=suite.pk).version == 3


def test_a_referenced_version_is_read_only_in_the_admin(admin_client, pinned) -> None:
    suite, run = pinned
    row = suite.scenarios.order_by("pk").first()
    assert row is not None
    services.suite_revise(suite=suite, note="Edited", edits={row.pk: {"expected_outcome": "Newer."}})
    row.refresh_from_db()
    before = _content(row)
    version_1 = SuiteVersion.objects.get(suite=suite, number=1)

    retired_page = admin_client.get(f"/admin/suites/scenario/{row.pk}/change/").content.decode()
    assert 'name="expected_outcome"' not in retired_page and "read-only" in retired_page
    refused = admin_client.post(f"/admin/suites/scenario/{row.pk}/change/", {"expected_outcome": "Sneaky."})
    assert refused.status_code == 403
    assert admin_client.post(f"/admin/suites/scenario/{row.pk}/delete/", {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert _content(row) == before

    version_page = admin_client.get(f"/admin/suites/suiteversion/{version_1.pk}/change/").content.decode()
    assert 'name="policy_text"' not in version_page and f"pinned as a baseline: run #{run.pk}" in version_page
    assert admin_client.post(f"/admin/suites/suiteversion/{version_1.pk}/change/", {"note": "x"}).status_code == 403
    assert admin_client.post(f"/admin/suites/suiteversion/{version_1.pk}/delete/", {"post": "yes"}).status_code == 403
    assert SuiteVersion.objects.get(pk=version_1.pk).note == version_1.note
    current = suite.scenarios.filter(retired_in__isnull=True).first()
    assert current is not None
    assert admin_client.post(f"/admin/suites/scenario/{current.pk}/delete/", {"post": "yes"}).status_code == 403


def test_a_yaml_import_that_switches_a_scenario_off_leaves_the_pinned_version_as_it_ran(alice, pinned) -> None:
    import yaml

    from suites.yaml_io import import_suite_yaml

    suite, _ = pinned
    rows = list(suite.scenarios.order_by("position", "pk"))
    data = yaml.safe_load(suite_to_yaml(suite))
    data["version"] = 2
    data["scenarios"][0]["active"] = False

    result = import_suite_yaml(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), account=suite.account)

    assert result.action == "updated" and result.suite.version == 2
    assert [_content(r) for r in Scenario.objects.filter(pk__in=[r.pk for r in rows]).order_by("pk")] == [
        _content(r) for r in sorted(rows, key=lambda r: r.pk)
    ]  # the first row still runs in version 1; version 2 holds a copy that does not
    assert Scenario.objects.get(pk=rows[0].pk).retired_in == 2
    assert not suite.scenarios.get(retired_in__isnull=True, name=rows[0].name).is_active
    assert suite.scenarios.filter(retired_in__isnull=True, introduced_in=1).count() == len(rows) - 1


def test_a_pending_check_follows_an_edit_to_the_new_version(pinned) -> None:
    from suites.models import ChangeProposal, ProposalStatus, StaleFlag

    suite, _ = pinned
    rows = list(suite.scenarios.order_by("position", "pk"))
    proposal = ChangeProposal.objects.create(
        suite=suite, base_version=1, policy_text="New policy.", model="sonnet", replacements=[],
    )  # fmt: skip
    StaleFlag.objects.bulk_create([StaleFlag(proposal=proposal, scenario=rows[0], reason="Old."),
                                   StaleFlag(proposal=proposal, scenario=rows[1], reason="Old too.")])  # fmt: skip

    services.suite_revise(suite=suite, note="Edited", edits={rows[1].pk: {"expected_outcome": "Fixed by hand."}})

    proposal.refresh_from_db()
    assert proposal.status == ProposalStatus.PENDING and proposal.base_version == 2
    assert [entry["scenario_id"] for entry in proposal.stale] == [rows[0].pk]  # the edited one is the editor's now
    assert list(proposal.flags.values_list("scenario_id", flat=True)) == [rows[0].pk]
    copy = suite.scenarios.get(retired_in__isnull=True, name=rows[1].name)
    assert not copy.is_active and copy.stale_reason == "Old too."  # still paused: the edit did not lift it
