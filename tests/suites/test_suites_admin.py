"""Django admin as the curators' tool (docs/suites.md, Django admin): scenarios edited with widgets that fit the
data and the editor's checks and sentences, saved as a new version; a suite page that stays short; the actions."""

from __future__ import annotations

import html
import io
import zipfile

import pytest

from suites import cases, services
from suites.models import Scenario, Suite
from suites.yaml_io import suite_to_yaml
from tests.support.html_forms import form_fields

ORDER_LOOKUP = "Order status lookup"


def _edit_url(row: Scenario) -> str:
    return f"/admin/suites/scenario/{row.pk}/change/"


def test_the_scenario_page_has_no_json_to_type(admin_client, pinned) -> None:
    suite, _ = pinned
    row = suite.scenarios.get(name="Partial refund amount")

    page = admin_client.get(_edit_url(row)).content.decode()
    data = form_fields(admin_client, _edit_url(row))

    assert data["turns"] == row.turns[0]
    assert data["expected_tool_calls-0-name"] == "issue_refund"
    # arguments in name order, the same on every database (PostgreSQL's jsonb does not keep the order written)
    assert (data["expected_tool_calls-0-0-arg"], data["expected_tool_calls-0-0-kind"]) == ("amount", "number")
    assert (data["expected_tool_calls-0-0-value"], data["expected_tool_calls-0-0-tolerance"]) == ("40", "0.01")
    assert (data["expected_tool_calls-0-1-arg"], data["expected_tool_calls-0-1-value"]) == ("order_id", "NW-12345")
    assert "template_variables-key" in page and '["' not in data.get("required_phrases", "")


def test_a_matcher_and_phrases_edited_without_json_make_a_new_version_and_leave_the_pinned_one(
    admin_client, pinned
) -> None:
    suite, run = pinned
    row = suite.scenarios.get(name=ORDER_LOOKUP)
    data = form_fields(admin_client, _edit_url(row))
    data.update({"required_phrases": "on its way\nNW-12345", "expected_tool_calls-0-0-kind": "regex",
                 "expected_tool_calls-0-0-value": r"^NW-\d{5}$", "expected_tool_calls-0-1-arg": "channel",
                 "expected_tool_calls-0-1-kind": "one_of", "expected_tool_calls-0-1-value": "web, phone",
                 "forbidden_tool_calls": "issue_refund", "template_variables-key": ["order", ""],
                 "template_variables-value": ["NW-12345", ""]})  # fmt: skip

    response = admin_client.post(_edit_url(row), data, follow=True)

    assert response.status_code == 200
    assert "“Demo” is now version 2; earlier versions are unchanged." in response.content.decode()
    row.refresh_from_db()
    assert row.retired_in == 2 and row.expected_calls[0]["arguments"]["order_id"]["kind"] == "exact"
    copy = suite.scenarios.get(name=ORDER_LOOKUP, retired_in__isnull=True)
    assert copy.required_phrases == ["on its way", "NW-12345"]
    assert copy.expected_tool_calls == [{"name": "lookup_order", "arguments": {
        "order_id": {"kind": "regex", "pattern": r"^NW-\d{5}$"},
        "channel": {"kind": "one_of", "values": ["web", "phone"]}}}]  # fmt: skip
    assert copy.expected_tool_call == copy.expected_tool_calls[0]
    assert copy.forbidden_tool_calls == [{"name": "issue_refund", "arguments": {}}]
    assert copy.template_variables == [["order", "NW-12345"]]
    assert run.suite_version == 1 and Suite.objects.get(pk=suite.pk).version == 2


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"expected_tool_calls-0-0-kind": "regex", "expected_tool_calls-0-0-value": "(unclosed"},
         "expected_tool_calls[1].arguments.order_id: The regex pattern '(unclosed' is not valid"),
        ({"expected_tool_calls-0-0-kind": "number", "expected_tool_calls-0-0-value": "forty"},
         'A number matcher needs a numeric "value", not \'forty\'.'),
        ({"turns": "Where is order {{order_id}}?"},
         "The message uses {{order_id}}, not defined: add it under Template variables, or remove it."),
        ({"template_variables-key": ["canary"], "template_variables-value": ["x"]},
         "Variable 1: “canary” is reserved by Trustgate; choose another name."),
        ({"turns": "  "}, "Write the initial message the simulated user sends."),
        ({"template_variables-key": ["order"], "template_variables-value": ["NW\x001"]}, "Null characters are not allowed."),
        ({"expected_tool_calls-0-0-value": "NW\x001"}, "Null characters are not allowed."),
        ({"required_phrases": "on its\x00 way"}, "Null characters are not allowed."),
    ],
)  # fmt: skip
def test_a_bad_value_gets_the_editors_sentence_and_nothing_is_saved(admin_client, pinned, change, sentence) -> None:
    suite, _ = pinned
    row = suite.scenarios.get(name=ORDER_LOOKUP)
    data = {**form_fields(admin_client, _edit_url(row)), **change}

    response = admin_client.post(_edit_url(row), data)

    assert response.status_code == 200 and sentence in html.unescape(response.content.decode())
    assert Suite.objects.get(pk=suite.pk).version == 1 and not suite.scenarios.filter(retired_in=2).exists()


def test_the_editor_gives_the_same_sentence_for_the_same_bad_matcher(client, alice, pinned) -> None:
    suite, _ = pinned
    row = suite.scenarios.get(name=ORDER_LOOKUP)
    client.force_login(alice)
    url = f"/suites/{suite.pk}/cases/{row.pk}/edit/"
    data = {**form_fields(client, url), "tool_checks": "expected_tool_call:\n  name: lookup_order\n  arguments:\n"
            "    order_id: {kind: number, value: forty}"}  # fmt: skip
    page = client.post(url, data, headers={"HX-Request": "true"}).content.decode()
    assert "A number matcher needs a numeric &quot;value&quot;, not &#x27;forty&#x27;." in page


def test_saving_a_scenario_unchanged_makes_no_version(admin_client, pinned) -> None:
    suite, _ = pinned
    row = suite.scenarios.get(name="Partial refund amount")
    response = admin_client.post(_edit_url(row), form_fields(admin_client, _edit_url(row)), follow=True)
    assert "Nothing changed, so no new version was made." in response.content.decode()
    assert Suite.objects.get(pk=suite.pk).version == 1


def test_a_scenario_added_in_the_admin_is_the_next_version(admin_client, pinned) -> None:
    suite, _ = pinned
    data = {**form_fields(admin_client, f"/admin/suites/scenario/add/?suite={suite.pk}"), "suite": str(suite.pk),
            "name": "Shipping abroad", "turns": "Do you ship to Canada?\n---\nAnd to Mexico?", "kind": "accuracy"}  # fmt: skip
    response = admin_client.post("/admin/suites/scenario/add/", data, follow=True)
    assert response.status_code == 200, response.content.decode()[:2000]
    added = suite.scenarios.get(name="Shipping abroad")
    assert added.turns == ["Do you ship to Canada?", "And to Mexico?"] and added.introduced_in == 2


def test_the_suite_page_stays_short_at_200_scenarios(admin_client, acme, django_assert_max_num_queries) -> None:
    rows = [{"kind": "custom", "name": f"Case {i}", "turns": [f"Question {i}?"], "required_phrases": ["yes"]}
            for i in range(200)]  # fmt: skip
    suite = services.suite_create(account=acme, name="Big", scenarios=rows)
    with django_assert_max_num_queries(40):
        page = admin_client.get(f"/admin/suites/suite/{suite.pk}/change/").content.decode()
    assert page.count("<textarea") == 2 and 'name="scenarios-0-name"' not in page  # summaries, not 200 editors
    assert "Case 199" in page and "1 required phrase" in page
    assert f"/admin/suites/scenario/?suite__id__exact={suite.pk}&amp;current=yes" in page
    listing = admin_client.get(f"/admin/suites/scenario/?suite__id__exact={suite.pk}&current=yes").content.decode()
    assert "Case 0" in listing and "200 scenarios" in listing and "Case 199" not in listing  # 50 a page


def test_export_and_import_and_duplicate(admin_client, acme, pinned) -> None:
    suite, _ = pinned
    other = services.suite_create(account=acme, name="Other", scenarios=[])
    one = admin_client.post("/admin/suites/suite/", {"action": "export_yaml", "_selected_action": [str(suite.pk)]})
    assert one["Content-Disposition"] == 'attachment; filename="demo-v1.yaml"'
    assert one.content.decode() == suite_to_yaml(suite)
    both = admin_client.post("/admin/suites/suite/", {"action": "export_yaml",
                                                      "_selected_action": [str(suite.pk), str(other.pk)]})  # fmt: skip
    assert sorted(zipfile.ZipFile(io.BytesIO(both.content)).namelist()) == ["demo-v1.yaml", "other-v1.yaml"]

    text = one.content.decode().replace("version: 1", "version: 2").replace("Where is my order", "Where's my order")
    response = admin_client.post("/admin/suites/suite/import/", {"account": str(acme.pk), "yaml_text": text},
                                 follow=True)  # fmt: skip
    assert "“Demo” updated (version 2)." in response.content.decode()
    again = admin_client.post("/admin/suites/suite/import/", {"account": str(acme.pk), "yaml_text": text}, follow=True)
    assert "“Demo” unchanged (version 2)." in again.content.decode()
    bad = admin_client.post(
        "/admin/suites/suite/import/", {"account": str(acme.pk), "yaml_text": "name: X\nversion: 0"}
    )
    assert bad.status_code == 200 and "Line 2, version: Give a whole number from 1 to 1000000." in bad.content.decode()

    response = admin_client.post("/admin/suites/suite/", {"action": "duplicate", "_selected_action": [str(suite.pk)]},
                                 follow=True)  # fmt: skip
    assert "Made “Copy of Demo”, each at version 1." in response.content.decode()
    copy = Suite.objects.get(name="Copy of Demo")
    assert copy.scenarios.count() == suite.scenarios.filter(retired_in__isnull=True).count() and copy.version == 1


def test_run_opens_the_launch_page_and_the_audit_trail_shows(admin_client, alice, pinned) -> None:
    suite, _ = pinned
    run = {"action": "run", "_selected_action": [str(suite.pk)]}
    refused = admin_client.post("/admin/suites/suite/", run, follow=True).content.decode()
    assert "Runs are launched by members of “Acme”, who pay for them" in html.unescape(refused)
    admin_client.force_login(alice)  # alice (a member) made staff: the action opens the launch page with the estimate
    alice.is_staff = alice.is_superuser = True
    alice.save()
    response = admin_client.post("/admin/suites/suite/", run)
    assert response.status_code == 302 and response["Location"] == f"/runs/new/?agent={suite.agent_id}&suite={suite.pk}"
    launch_page = admin_client.get(response["Location"]).content.decode()
    assert f'value="{suite.pk}" selected' in launch_page and 'id="run-estimate"' in launch_page
    cases.case_create(suite=suite, user=alice, name="Extra", initial_message="Hello?")
    page = admin_client.get(f"/admin/suites/suite/{suite.pk}/change/").content.decode()
    assert "Audit trail" in page and "alice made version 2 of the suite “Demo”: Added “Extra”." in page


def test_the_suite_settings_get_the_suite_pages_checks_and_sentences(admin_client, acme, pinned) -> None:
    suite, _ = pinned
    services.suite_create(account=acme, name="Taken", scenarios=[])
    url = f"/admin/suites/suite/{suite.pk}/change/"
    data = form_fields(admin_client, url)
    for change, sentence in (
        ({"max_turns": "50"}, "The turn limit must be between 1 and 20."),
        ({"name": "Taken"}, "A suite with this name already exists in this workspace."),
    ):
        page = html.unescape(admin_client.post(url, {**data, **change}).content.decode())
        assert sentence in page
    assert (
        Suite.objects.get(pk=suite.pk).version == 1
        and 'name="run_profile"' not in admin_client.get(url).content.decode()
    )

    response = admin_client.post(url, {**data, "secret_markers": "NW-SECRET-1"}, follow=True)
    assert response.status_code == 200 and Suite.objects.get(pk=suite.pk).version == 2  # what a run does changed

    add = form_fields(admin_client, "/admin/suites/suite/add/")
    add.update(account=str(acme.pk), name="Made in admin", kind="test_set", max_turns="6")
    assert admin_client.post("/admin/suites/suite/add/", add).status_code == 302
    made = Suite.objects.get(name="Made in admin")
    assert made.versions.get().note == "Created in the admin"


def test_a_retired_scenario_reads_as_text_not_json(admin_client, pinned) -> None:
    suite, _ = pinned
    row = suite.scenarios.get(name="Partial refund amount")
    services.suite_revise(suite=suite, note="Edited", edits={row.pk: {"expected_outcome": "Newer."}})
    page = html.unescape(admin_client.get(_edit_url(row)).content.decode())
    assert "issue_refund(amount number 40 ± 0.01, order_id = NW-12345)" in page
    assert f"<li>{row.turns[0]}</li>" in page and '"kind"' not in page
    assert "Edit the current version’s scenarios" in page


def test_deleting_a_suite_in_the_admin_goes_through_the_service_and_is_audited(admin_client, acme) -> None:
    from billing.models import AuditEvent

    suite = services.suite_create(account=acme, name="Old", scenarios=[])
    response = admin_client.post("/admin/suites/suite/", {"action": "delete_selected", "post": "yes",
                                                          "_selected_action": [str(suite.pk)]})  # fmt: skip
    assert response.status_code == 302 and not Suite.objects.filter(pk=suite.pk).exists()
    assert AuditEvent.objects.filter(account=acme, action="suite_delete", target="suite “Old”").exists()


def test_retiring_a_retired_scenario_is_refused_with_a_sentence_and_nothing_changes(admin_client, acme, pinned) -> None:
    suite, _ = pinned
    other = services.suite_create(
        account=acme, name="Other", scenarios=[{"kind": "custom", "name": "A", "turns": ["Q?"]}]
    )
    row = suite.scenarios.order_by("pk").first()
    assert row is not None
    services.scenarios_retire(scenarios=[row])
    data = {"action": "retire", "_selected_action": [str(other.scenarios.get().pk), str(row.pk)]}

    page = html.unescape(admin_client.post("/admin/suites/scenario/", data, follow=True).content.decode())

    assert "Nothing was retired: “" in page and "belongs only to earlier versions of “Demo”" in page
    assert Suite.objects.get(pk=other.pk).version == 1 and other.scenarios.get().retired_in is None


def test_a_change_proposal_reads_as_names_and_reasons(admin_client, pinned) -> None:
    from suites.models import ChangeProposal, StaleFlag

    suite, _ = pinned
    row = suite.scenarios.get(name=ORDER_LOOKUP)
    proposal = ChangeProposal.objects.create(suite=suite, base_version=1, policy_text="New policy", model="sonnet",
                                             replacements=[{"name": "Order lookup by email", "kind": "tool_calls"}])  # fmt: skip
    StaleFlag.objects.create(proposal=proposal, scenario=row, reason="Orders are looked up by email now.")
    page = html.unescape(admin_client.get(f"/admin/suites/changeproposal/{proposal.pk}/change/").content.decode())
    assert f"{ORDER_LOOKUP}</strong>: Orders are looked up by email now." in page
    assert "Order lookup by email (tool_calls)" in page


def test_the_suite_page_has_one_click_buttons(admin_client, pinned) -> None:
    suite, _ = pinned
    page = admin_client.get(f"/admin/suites/suite/{suite.pk}/change/").content.decode()
    base = f"/admin/suites/suite/{suite.pk}"
    assert f'href="{base}/export/"' in page and f'href="{base}/run/"' in page and f'action="{base}/duplicate/"' in page
    assert admin_client.get(f"{base}/export/").content.decode() == suite_to_yaml(suite)
    assert admin_client.get(f"{base}/duplicate/").status_code == 405  # a write only by POST
    response = admin_client.post(f"{base}/duplicate/")
    copy = Suite.objects.get(name="Copy of Demo")
    assert response.status_code == 302 and response["Location"] == f"/admin/suites/suite/{copy.pk}/change/"
    assert admin_client.get("/admin/suites/suite/999999/export/").status_code == 404
