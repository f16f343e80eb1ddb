"""Suites as YAML (round trip, idempotent import, line/field errors) and the `suites` management command."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from billing.models import Role
from suites import services
from suites.models import Persona, Scenario, Suite, SuiteKind, SuiteVersion
from suites.yaml_io import SuiteImportError, import_suite_yaml, suite_to_yaml
from tests.support.suite_proposals import POLICY, accuracy, tool_call


@pytest.fixture
def rich_suite(acme, agent) -> Suite:
    persona = services.persona_get_or_create(account=acme, name="Impatient customer", description="Wants it now.")
    suite = services.suite_create(
        account=acme, agent=agent, name="Northwind", description="Everything", policy_text=POLICY,
        kind=SuiteKind.TEST_SET, default_persona=persona, max_turns=4, scenarios=[
            accuracy(1),
            tool_call(1),
            {"kind": "red_team", "name": "Canary", "turns": ["Say {{canary}}", "Now!"], "canary": "{{canary}}",
             "severity": "critical", "owasp_tag": "LLM01:2025 Prompt Injection", "attack_id": "X-1"},
            {"kind": "pii", "name": "Email", "turns": ["Email of Jo?"], "contacts_may_be_shared": False},
            {"kind": "custom", "name": "Case 5", "turns": ["Order {{order_id}}: where?"],
             "template_variables": [["order_id", "1042"], ["tier", "gold"]]},
        ],
    )  # fmt: skip
    Scenario.objects.filter(name="Email").update(
        is_active=False, stale_reason="Policy changed.", persona="Sly.", max_turns=2
    )
    return suite


def test_export_import_export_is_identical(rich_suite, bob) -> None:
    text = suite_to_yaml(rich_suite)
    rich_suite.delete()
    Persona.objects.all().delete()

    result = import_suite_yaml(text, account=rich_suite.account)

    assert result.action == "created"
    assert suite_to_yaml(result.suite) == text
    assert result.suite.scenarios.get(name="Canary").uses_canary
    assert result.suite.scenarios.get(name="Case 5").template_variables == [["order_id", "1042"], ["tier", "gold"]]
    assert "policy: |" in text and "trustgate: suite/v1" in text and "  order_id: '1042'" in text


def test_importing_twice_is_idempotent_by_name_and_version(rich_suite) -> None:
    text = suite_to_yaml(rich_suite)
    ids = set(rich_suite.scenarios.values_list("pk", flat=True))

    result = import_suite_yaml(text, account=rich_suite.account)

    assert result.action == "unchanged" and result.suite == rich_suite
    assert set(Scenario.objects.values_list("pk", flat=True)) == ids and SuiteVersion.objects.count() == 1


def test_a_higher_version_updates_keeping_unchanged_scenarios(rich_suite, alice) -> None:
    kept = rich_suite.scenarios.get(name="Accuracy 1")
    changed = (
        suite_to_yaml(rich_suite)
        .replace("version: 1", "version: 2")
        .replace("Where is my order NW-00001?", "Where is NW-00001?")
    )

    result = import_suite_yaml(changed, account=rich_suite.account, user=alice)

    assert result.action == "updated" and result.suite.version == 2
    assert Scenario.objects.get(pk=kept.pk).retired_in is None  # same id: drift compares it scenario by scenario
    old_tool = Scenario.objects.get(name="Tool call 1", retired_in=2)
    new_tool = Scenario.objects.get(name="Tool call 1", retired_in__isnull=True)
    assert (
        old_tool.is_active and new_tool.introduced_in == 2
    )  # the retired row keeps every field and new_tool.turns == ["Where is NW-00001?"]
    assert [s.name for s in result.suite.scenarios.filter(retired_in__isnull=True).order_by("position")] == [
        "Accuracy 1", "Tool call 1", "Canary", "Email", "Case 5"]  # fmt: skip
    assert SuiteVersion.objects.get(suite=rich_suite, number=2).note == "Imported from YAML"
    assert import_suite_yaml(changed, account=rich_suite.account).action == "unchanged"


def test_same_version_with_other_content_or_an_older_version_is_refused(rich_suite) -> None:
    text = suite_to_yaml(rich_suite)
    with pytest.raises(SuiteImportError, match="version 1 already exists with other content. Raise the version to 2"):
        import_suite_yaml(text.replace("description: Everything", "description: Less"), account=rich_suite.account)
    Suite.objects.filter(pk=rich_suite.pk).update(version=3)
    with pytest.raises(SuiteImportError, match="already at version 3; this file is version 1"):
        import_suite_yaml(text, account=rich_suite.account)


BROKEN = """\
trustgate: suite/v1
name: Broken
version: 0
kind: test_set
colour: blue
agent: Nobody
scenarios:
  - name: Fine
    turns: [Hello]
  - name: No turns
    kind: accuracy
  - name: Bad matcher
    kind: tool_calls
    turns: [Refund me]
    expected_tool_call:
      name: issue_refund
      arguments:
        amount: {kind: number, value: lots}
  - name: Bad variable
    turns: [Hi]
    severity: extreme
    template_variables:
      history: x
"""


def test_every_problem_is_reported_with_its_line_and_field(acme) -> None:
    with pytest.raises(SuiteImportError) as caught:
        import_suite_yaml(BROKEN, account=acme)

    problems = [str(p) for p in caught.value.problems]
    assert "Line 3, version: Give a whole number from 1 to 1000000." in problems
    assert any(p.startswith("Line 5, colour: Unknown field") for p in problems)
    assert any(p.startswith("Line 6, agent: This workspace has no agent named “Nobody”") for p in problems)
    assert "Line 10, scenarios[2].turns: Give at least one user turn, none of them blank." in problems
    assert any(
        p.startswith("Line 18, scenarios[3].expected_tool_call.arguments.amount: A number matcher") for p in problems
    )
    assert "Line 21, scenarios[4].severity: Use low, medium, high or critical." in problems
    assert any(
        p.startswith("Line 22, scenarios[4].template_variables: Variable 1: “history” is reserved") for p in problems
    )
    assert not Suite.objects.exists()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: [unclosed\n", "Line 2: This is not valid YAML"),
        ("name: A\nname: B\n", "Line 2, name: “name” is given twice."),
        ("name: &x A\nscenarios: []\ndescription: *x\n", "Line 1: YAML anchors and aliases"),
        ("- just a list\n", "Line 1: The file must be a mapping"),
        ("name: A\ntrustgate: suite/v9\n", "Line 2, trustgate: This Trustgate reads format 'suite/v1'"),
        ("name: A\ndescription: !!python/object/apply:os.system [id]\n", "Line 2: The YAML tag !!python/object"),
        ("name: " + "[" * 60 + "]" * 60 + "\n", "Line 1: The YAML is nested more than 50 levels deep."),
        ("name: 2024-13-45\n", "Line 1: This is not valid YAML: month must be in 1..12"),
        ("name: A\ndescription: " + "x" * 300_000 + "\n", "File: The file is larger than 256 KB."),
    ],
)
def test_unreadable_yaml_gets_a_located_problem(acme, text, expected) -> None:
    with pytest.raises(SuiteImportError) as caught:
        import_suite_yaml(text, account=acme)
    assert str(caught.value.problems[0]).startswith(expected)


def test_import_and_export_views(client, alice, make_member, bob, rich_suite) -> None:
    client.force_login(alice)
    exported = client.get(f"/suites/{rich_suite.pk}/export.yaml")
    assert exported["Content-Disposition"].endswith('-v1.yaml"') and exported.content.decode() == suite_to_yaml(
        rich_suite
    )
    text = exported.content.decode().replace("name: Northwind", "name: Copy")

    response = client.post("/suites/import/", {"yaml_text": text}, follow=True)
    assert "“Copy” v1 imported." in response.content.decode()
    again = client.post("/suites/import/", {"yaml_text": text}, follow=True)
    assert "already up to date; nothing changed" in again.content.decode()
    broken = client.post("/suites/import/", {"yaml_text": BROKEN})
    assert (
        broken.status_code == 400
        and "Line 3, version" in broken.content.decode()
        and "Nothing was imported" in broken.content.decode()
    )
    assert client.post("/suites/import/", {"yaml_text": ""}).status_code == 400

    client.force_login(make_member("rita", Role.READ))
    assert client.post("/suites/import/", {"yaml_text": text.replace("Copy", "Other")}).status_code == 403
    client.force_login(bob)
    assert client.get(f"/suites/{rich_suite.pk}/export.yaml").status_code == 404
    assert Suite.objects.filter(account=rich_suite.account).count() == 2


# Management command ---------------------------------------------------------------------------------------------------


def _call(*args: str) -> str:
    out = StringIO()
    call_command("suites", *args, stdout=out)
    return out.getvalue()


def test_cli_create_get_update_list_delete(acme, agent) -> None:
    cases = json.dumps([
        {"name": "Double charge", "initialMessage": "Hi, I was charged twice for order 1042.",
         "expectedOutcome": "the agent looks up the order and confirms a refund"},
        {"initialMessage": "Why is my invoice higher?", "templateVariables": {"tier": "gold"}},
    ])  # fmt: skip

    created = json.loads(_call("create", "--account", "Acme", "--agent", "Support bot", "--name", "Refund requests",
                               "--description", "Billing", "--persona-name", "Impatient customer",
                               "--persona-description", "Wants it now.", "--cases", cases))  # fmt: skip

    assert created["kind"] == "test_set" and created["agent"] == "Support bot"
    assert [c["name"] for c in created["cases"]] == ["Double charge", "Case 2"]
    assert created["cases"][1]["templateVariables"] == {"tier": "gold"}
    assert created["defaultPersona"] == {"name": "Impatient customer", "description": "Wants it now."}
    fetched = json.loads(_call("get", "--suite", str(created["id"])))
    assert fetched == created
    updated = json.loads(_call("update", "--suite", str(created["id"]), "--max-turns", "3", "--no-persona",
                               "--cases", json.dumps(fetched["cases"][::-1])))  # fmt: skip
    assert [c["name"] for c in updated["cases"]] == ["Case 2", "Double charge"]
    assert updated["maxTurns"] == 3 and updated["defaultPersona"] is None
    assert created["version"] == 1 and updated["version"] == 3  # new settings, then new cases: two new versions
    listed = [json.loads(line) for line in _call("list", "--account", str(acme.pk)).splitlines()]
    assert listed == [{"id": created["id"], "account": "Acme", "name": "Refund requests", "kind": "test_set",
                       "version": 3, "agent": "Support bot", "activeScenarios": 2}]  # fmt: skip
    assert "past runs and their results are kept" in _call("delete", "--account", "Acme", "--name", "Refund requests")
    assert not Suite.objects.exists()


@pytest.mark.parametrize(
    ("cases", "message"),
    [
        ("[{", "--cases is not valid JSON"),
        ('{"name": "x"}', "must be a JSON array"),
        ('[{"name": "ok", "initialMessage": "hi"}, {"name": "no message"}]', "Case 2: Write the initial message"),
        ('[{"initialMessage": "hi", "colour": "blue"}]', "Case 1: unknown field(s) colour"),
        ('[{"initialMessage": "hi", "templateVariables": {"message": "x"}}]', "“message” is reserved"),
    ],
)
def test_cli_refuses_bad_cases_and_saves_nothing(acme, cases, message) -> None:
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        _call("create", "--account", "Acme", "--name", "Bad", "--cases", cases)
    assert not Suite.objects.exists()


def test_cli_export_and_import_round_trip(rich_suite, tmp_path) -> None:
    path = tmp_path / "suite.yaml"
    _call("export", "--suite", str(rich_suite.pk), "--output", str(path))

    assert "Unchanged: “Northwind” v1" in _call("import", str(path), "--account", "Acme")
    path.write_text(path.read_text().replace("name: Northwind", "name: Copy"))
    assert "Created: “Copy” v1" in _call("import", str(path), "--account", "Acme")
    path.write_text("name: Copy\nversion: nope\n")
    with pytest.raises(CommandError, match="Line 2, version: Give a whole number"):
        _call("import", str(path), "--account", "Acme")


def test_cli_account_by_a_huge_number_is_a_sentence_and_an_all_digit_name_is_found(acme, agent) -> None:
    with pytest.raises(CommandError, match="No workspace"):
        _call("create", "--account", "9" * 5_000, "--name", "Huge", "--cases", "[]")
    with pytest.raises(CommandError, match="No workspace"):
        _call("create", "--account", "9" * 19, "--name", "Past a 64-bit id", "--cases", "[]")
    type(acme).objects.filter(pk=acme.pk).update(name="1042")  # digits only: the name is tried after the id
    created = json.loads(_call("create", "--account", "1042", "--agent", "Support bot", "--name", "By name",
                               "--cases", json.dumps([{"initialMessage": "Hi"}])))  # fmt: skip
    assert created["name"] == "By name"
