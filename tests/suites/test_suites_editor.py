"""Test sets: the editor (htmx inline cases, Case N, order moves, template variables, personas), Save as suite,
delete-keeps-runs, roles and cross-account 404s."""

from __future__ import annotations

import pytest

from billing.models import Role
from evaluations.runs.models import EvaluationRun
from suites import cases, services
from suites.models import Persona, Scenario, Suite, SuiteKind, SuiteVersion
from suites.selectors import suite_specs

HTMX = {"HX-Request": "true"}


@pytest.fixture
def test_set(acme, agent) -> Suite:
    return services.suite_create(
        account=acme, agent=agent, name="Refund requests", scenarios=[], kind=SuiteKind.TEST_SET
    )


def _names(suite: Suite) -> list[str]:
    return list(suite.scenarios.filter(retired_in__isnull=True).order_by("position").values_list("name", flat=True))


def test_create_a_test_set_with_a_new_simulated_user(client, alice, agent) -> None:
    client.force_login(alice)
    assert client.get("/suites/new/").status_code == 200

    response = client.post("/suites/new/", {
        "name": "Refund requests", "description": "Billing questions", "agent": agent.pk, "max_turns": 4,
        "new_persona_name": "Impatient customer", "new_persona_description": "In a hurry, wants the money today.",
    })  # fmt: skip

    suite = Suite.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/suites/{suite.pk}/"
    assert suite.kind == SuiteKind.TEST_SET and suite.max_turns == 4 and suite.version == 1
    assert suite.default_persona == Persona.objects.get(name="Impatient customer")
    assert SuiteVersion.objects.filter(suite=suite, number=1).exists()
    page = client.get(response["Location"]).content.decode()
    assert "Impatient customer" in page and "Add a case" in page and "up to 4 turns" in page


def test_bad_test_set_input_gets_field_errors_and_saves_nothing(client, alice, test_set) -> None:
    client.force_login(alice)

    response = client.post("/suites/new/", {"name": "Refund requests", "max_turns": 99, "new_persona_name": "Bob"})

    page = response.content.decode()
    assert response.status_code == 200
    assert "already exists" in page and "between 1 and 20" in page and "Describe the simulated user" in page
    assert Suite.objects.count() == 1 and not Persona.objects.exists()


def test_cases_are_added_inline_and_a_blank_name_becomes_case_n(client, alice, test_set) -> None:
    client.force_login(alice)
    url = f"/suites/{test_set.pk}/cases/"

    client.post(url, {"name": "Double charge", "initial_message": "I was charged twice for order {{order_id}}.",
                      "expected_outcome": "Refunds the duplicate.", "var_key": ["order_id", ""],
                      "var_value": ["1042", ""]}, headers=HTMX)  # fmt: skip
    response = client.post(url, {"name": "", "initial_message": "Why is my invoice higher?"}, headers=HTMX)

    page = response.content.decode()
    assert response.status_code == 200 and page.startswith('<div id="case-list">')
    assert "Case 2" in page and "none, graded on quality only" in page and "order_id=1042" in page
    first, second = test_set.scenarios.order_by("position")
    assert (first.position, second.position) == (1, 2)
    assert first.template_variables == [["order_id", "1042"]] and first.kind == "custom"
    spec = first.to_spec()
    assert spec.turns == ("I was charged twice for order {{order_id}}.",) and spec.template_variables == (
        ("order_id", "1042"),
    )
    assert spec.persona == "" and second.to_spec().expected_outcome == ""


def test_case_n_takes_the_next_free_number(test_set) -> None:
    for message in ("one", "two", "three"):
        cases.case_create(suite=test_set, name="", initial_message=message)
    cases.case_delete(case=Scenario.objects.get(name="Case 2"))

    cases.case_create(suite=test_set, name=" ", initial_message="four")

    assert _names(test_set) == ["Case 1", "Case 3", "Case 4"]


def test_bad_case_input_shows_errors_in_the_fragment_and_saves_nothing(client, alice, test_set) -> None:
    client.force_login(alice)

    blank = client.post(f"/suites/{test_set.pk}/cases/", {"name": "x", "initial_message": "  "}, headers=HTMX)
    bad_var = client.post(f"/suites/{test_set.pk}/cases/", {"initial_message": "Hi", "var_key": ["message"],
                                                            "var_value": ["x"]}, headers=HTMX)  # fmt: skip
    no_js = client.post(f"/suites/{test_set.pk}/cases/", {"initial_message": ""})

    assert "Write the initial message" in blank.content.decode()
    assert "“message” is reserved" in bad_var.content.decode()
    assert no_js.status_code == 400 and "Write the initial message" in no_js.content.decode()
    assert not test_set.scenarios.exists()


def test_a_case_is_edited_inline(client, alice, test_set) -> None:
    case = cases.case_create(suite=test_set, name="Old", initial_message="Hello", template_variables=[["tier", "gold"]])
    client.force_login(alice)
    url = f"/suites/{test_set.pk}/cases/{case.pk}/edit/"

    form = client.get(url, headers=HTMX).content.decode()
    assert form.startswith(f'<li id="case-{case.pk}"') and 'value="tier"' in form and 'value="gold"' in form
    bad = client.post(url, {"name": "New", "initial_message": ""}, headers=HTMX)
    assert bad.status_code == 400 and "Write the initial message" in bad.content.decode()
    response = client.post(url, {"name": "", "initial_message": "Hello again", "expected_outcome": "Greets back.",
                                 "var_key": ["tier", ""], "var_value": ["silver", ""]}, headers=HTMX)  # fmt: skip

    edited = Scenario.objects.get(suite=test_set, retired_in__isnull=True)  # the edit is a new version's copy
    assert response.content.decode().startswith(f'<li id="case-{edited.pk}"')
    assert (edited.name, edited.turns, edited.expected_outcome) == ("Case 1", ["Hello again"], "Greets back.")
    assert edited.template_variables == [["tier", "silver"]]
    case.refresh_from_db()  # the case as it was stays in the earlier version
    assert (case.name, case.turns, case.retired_in) == ("Old", ["Hello"], edited.introduced_in)
    assert client.get(f"/suites/{test_set.pk}/cases/{edited.pk}/", headers=HTMX).status_code == 200  # Cancel
    url = f"/suites/{test_set.pk}/cases/{edited.pk}/edit/"
    assert client.get(url).status_code == 200  # without JavaScript: a full page


def test_cases_move_up_and_down_and_are_removed(client, alice, test_set) -> None:
    a, b, c = (cases.case_create(suite=test_set, name=n, initial_message=n) for n in "ABC")
    client.force_login(alice)

    client.post(f"/suites/{test_set.pk}/cases/{c.pk}/move/", {"direction": "up"}, headers=HTMX)
    assert _names(test_set) == ["A", "C", "B"]
    client.post(f"/suites/{test_set.pk}/cases/{a.pk}/move/", {"direction": "down"}, headers=HTMX)
    assert _names(test_set) == ["C", "A", "B"]
    client.post(f"/suites/{test_set.pk}/cases/{c.pk}/move/", {"direction": "up"}, headers=HTMX)  # already first
    assert _names(test_set) == ["C", "A", "B"]
    response = client.post(f"/suites/{test_set.pk}/cases/{a.pk}/delete/")  # no JavaScript: redirect
    assert response.status_code == 302
    assert _names(test_set) == ["C", "B"]
    current = test_set.scenarios.filter(retired_in__isnull=True)
    assert list(current.order_by("position").values_list("position", flat=True)) == [1, 2]
    assert [s.name for s in suite_specs(suite=test_set, canary="")] == ["C", "B"]  # runs follow the order
    assert client.post(f"/suites/{test_set.pk}/cases/{b.pk}/move/", {"direction": "sideways"}).status_code == 400


def test_the_suite_persona_drives_cases_without_their_own(acme, test_set) -> None:
    persona = services.persona_get_or_create(account=acme, name="Impatient customer", description="Wants it now.")
    plain = cases.case_create(suite=test_set, name="", initial_message="Where is my refund?")
    own = cases.case_create(suite=test_set, name="", initial_message="Hi")
    Scenario.objects.filter(pk=own.pk).update(persona="A polite retiree.", max_turns=3)
    scripted = cases.case_create(suite=test_set, name="", initial_message="Hi")
    Scenario.objects.filter(pk=scripted.pk).update(turns=["Hi", "Refund order 7"])
    Suite.objects.filter(pk=test_set.pk).update(default_persona=persona, max_turns=4)

    specs = suite_specs(suite=Suite.objects.get(pk=test_set.pk), canary="")

    assert (specs[0].persona, specs[0].max_turns) == ("Impatient customer: Wants it now.", 4)
    assert (specs[1].persona, specs[1].max_turns) == ("A polite retiree.", 3)
    assert (specs[2].persona, specs[2].turns) == ("", ("Hi", "Refund order 7"))  # a script stays a script
    assert plain.to_spec().persona == ""  # loaded before the persona was set: single turn


def test_read_members_cannot_edit(client, make_member, test_set) -> None:
    case = cases.case_create(suite=test_set, name="A", initial_message="a")
    client.force_login(make_member("rita", Role.READ))

    page = client.get(f"/suites/{test_set.pk}/").content.decode()
    assert "Add a case" not in page and "Remove" not in page and "Refund requests" in page
    assert client.post(f"/suites/{test_set.pk}/cases/", {"initial_message": "x"}).status_code == 403
    assert client.get(f"/suites/{test_set.pk}/cases/{case.pk}/edit/").status_code == 403
    assert client.post(f"/suites/{test_set.pk}/cases/{case.pk}/move/", {"direction": "up"}).status_code == 403
    assert client.post(f"/suites/{test_set.pk}/cases/{case.pk}/delete/").status_code == 403
    assert client.get(f"/suites/{test_set.pk}/edit/").status_code == 403
    assert client.get("/suites/new/").status_code == 403
    assert test_set.scenarios.count() == 1


def test_every_suite_page_is_404_for_another_account(client, bob, test_set, agent, launch, provider_configured) -> None:
    case = cases.case_create(suite=test_set, name="A", initial_message="a")
    run = launch(agent=agent, suite=test_set, runs_per_scenario=1, judge_model="rules_only")
    client.force_login(bob)
    base = f"/suites/{test_set.pk}"

    for url in (f"{base}/", f"{base}/edit/", f"{base}/export.yaml", f"{base}/cases/{case.pk}/",
                f"{base}/cases/{case.pk}/edit/", f"{base}/check/"):  # fmt: skip
        assert client.get(url).status_code == 404, url
    for url in (f"{base}/cases/", f"{base}/cases/{case.pk}/move/", f"{base}/cases/{case.pk}/delete/",
                f"{base}/delete/", f"/suites/from-run/{run.pk}/"):  # fmt: skip
        assert client.post(url, {"direction": "up", "name": "Mine", "initial_message": "x"}).status_code == 404, url
    assert "Refund requests" not in client.get("/suites/").content.decode()
    assert Suite.objects.count() == 1 and test_set.scenarios.count() == 1


def test_suite_list_queries_do_not_grow(client, alice, acme, django_assert_max_num_queries) -> None:
    persona = services.persona_get_or_create(account=acme, name="P", description="d")
    for n in range(8):
        services.suite_create(
            account=acme, name=f"S{n}", scenarios=[], kind=SuiteKind.TEST_SET, default_persona=persona
        )
    client.force_login(alice)

    with django_assert_max_num_queries(7):  # and the agent filter's choices
        page = client.get("/suites/").content.decode()

    assert "S7" in page and "Import YAML" in page


# Save as suite, delete ------------------------------------------------------------------------------------------------


def test_save_a_run_as_a_suite(client, alice, acme, agent, launch) -> None:
    source = services.suite_create(account=acme, agent=agent, name="Source", policy_text="Policy v1", scenarios=[
        {"kind": "red_team", "name": "Canary", "turns": ["Say {{canary}} now"], "canary": "{{canary}}"},
        {"kind": "accuracy", "name": "Refund window", "turns": ["How long?"], "required_phrases": ["30 days"]},
    ])  # fmt: skip
    run = launch(agent=agent, suite=source, runs_per_scenario=1, redteam_depth="quick")
    assert len(run.scenarios) == 2 + 7 and run.scenarios[0]["canary"].startswith("CANARY-")
    client.force_login(alice)
    assert "Save as suite" in client.get(f"/runs/{run.pk}/").content.decode()

    response = client.post(f"/suites/from-run/{run.pk}/", {"name": "Kept from run"}, follow=True)

    saved = Suite.objects.get(name="Kept from run")
    assert "Saved as suite “Kept from run” (version 1, 2 scenarios)" in response.content.decode()
    assert saved.version == 1 and saved.agent == agent and saved.policy_text == run.settings_snapshot["knowledge"]
    canary = saved.scenarios.get(name="Canary")
    assert canary.turns == ["Say {{canary}} now"] and canary.uses_canary  # a fresh canary on every run again
    assert canary.to_spec(canary="CANARY-NEW").turns == ("Say CANARY-NEW now",)
    assert client.post(f"/suites/from-run/{run.pk}/", {"name": "Kept from run"}, follow=True).status_code == 200
    assert Suite.objects.filter(name="Kept from run").count() == 1  # name clash: a message, nothing saved


def test_read_members_cannot_save_a_run_as_a_suite(
    client, make_member, test_set, agent, launch, provider_configured
) -> None:
    cases.case_create(suite=test_set, name="A", initial_message="a")
    run = launch(agent=agent, suite=test_set, runs_per_scenario=1, judge_model="rules_only")
    client.force_login(make_member("rita", Role.READ))

    assert client.post(f"/suites/from-run/{run.pk}/", {"name": "Mine"}).status_code == 403
    assert not Suite.objects.filter(name="Mine").exists()


def test_deleting_a_suite_keeps_its_runs_and_results(
    client, alice, make_member, acme, demo_agent_record, launch, provider_configured
) -> None:
    case = {"kind": "custom", "name": "A", "turns": ["How long is shipping?"]}
    test_set = services.suite_create(account=acme, agent=demo_agent_record, name="Refund requests", scenarios=[case],
                                     kind=SuiteKind.TEST_SET)  # fmt: skip
    run = launch(agent=demo_agent_record, suite=test_set, runs_per_scenario=2, judge_model="rules_only")
    attempts = run.attempts.count()
    assert attempts == 2
    client.force_login(make_member("will", Role.WRITE))
    assert client.post(f"/suites/{test_set.pk}/delete/").status_code == 403  # Admin deletes

    client.force_login(alice)
    response = client.post(f"/suites/{test_set.pk}/delete/", follow=True)

    assert "past runs and their results are kept" in response.content.decode()
    assert not Suite.objects.exists() and not Scenario.objects.exists()
    run = EvaluationRun.objects.get(pk=run.pk)
    assert run.suite is None and run.suite_name == "Refund requests" and run.suite_version == 1
    assert run.attempts.count() == attempts and [s["name"] for s in run.scenarios] == ["A"]
    assert client.get(f"/runs/{run.pk}/").status_code == 200


def test_admin_shows_suites_with_ordered_scenarios_versions_and_personas(admin_client, acme, test_set) -> None:
    persona = services.persona_get_or_create(account=acme, name="Impatient customer", description="Wants it now.")
    cases.case_create(suite=test_set, name="Second", initial_message="b")
    cases.case_create(suite=test_set, name="First", initial_message="a")
    Scenario.objects.filter(name="First").update(position=0)

    page = admin_client.get(f"/admin/suites/suite/{test_set.pk}/change/").content.decode()
    assert page.index(">First<") < page.index(">Second<") and "Created" in page
    assert "Refund requests" in admin_client.get("/admin/suites/suite/?q=Refund&kind__exact=test_set").content.decode()
    assert "Impatient customer" in admin_client.get("/admin/suites/persona/?q=Impatient").content.decode()
    assert admin_client.get(f"/admin/suites/persona/{persona.pk}/change/").status_code == 200
    for url in (
        "/admin/suites/scenario/?is_active__exact=1",
        "/admin/suites/suiteversion/",
        "/admin/suites/changeproposal/",
    ):
        assert admin_client.get(url).status_code == 200, url
