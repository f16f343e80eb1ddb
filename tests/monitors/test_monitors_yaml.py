"""Monitors declared in YAML (the OpenPing shape): import from the UI and the command, line-level errors, export."""

from __future__ import annotations

import io
import textwrap

import pytest
from django.core.management import CommandError, call_command

from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorCase
from evaluations.monitors.yaml_io import YamlImportError, export_monitors, parse_monitors

OPENPING = textwrap.dedent(
    """\
    monitors:
      - name: Chat answers
        type: agent
        endpoint: http://127.0.0.1:9/api/chat
        auth: { bearer: secret.TEST_TOKEN }
        every: 30m
        alerts: { email: [oncall@acme.example], webhook: http://127.0.0.1:9/hook }
        cases:
          - ask: "What's your refund window?"
            expect:
              - answered: { within: 20s }
              - not_contains: "error"
              - judge: "Gives the 30-day refund window and links the policy."
          - ask: "Do you ship to Canada?"
            name: Canada
            expect: [no_refusal, {max_words: 60}]
    """
)


def errors_of(text: str, account_id: int) -> list[str]:
    with pytest.raises(YamlImportError) as caught:
        parse_monitors(text, account_id=account_id)
    return caught.value.lines


def test_the_openping_example_imports(acme, private_endpoints) -> None:
    created, updated = services.monitors_import_yaml(account=acme, text=OPENPING)
    assert len(created) == 1 and updated == []
    monitor = created[0]
    assert (monitor.name, monitor.endpoint_url, monitor.auth_secret, monitor.interval_minutes) == (
        "Chat answers", "http://127.0.0.1:9/api/chat", "TEST_TOKEN", 30,
    )  # fmt: skip
    assert (monitor.samples_per_case, monitor.min_passing_samples, monitor.target_pass_rate) == (3, 2, 90)
    assert (
        monitor.alert_email_list == ["oncall@acme.example"]
        and monitor.channels.get(kind="webhook").value == "http://127.0.0.1:9/hook"
    )
    first, second = monitor.cases.order_by("position")
    assert first.name == "Case 1" and [r["rule"] for r in first.expect] == ["answered", "not_contains", "judge"]
    assert second.name == "Canada" and second.expect == [{"rule": "no_refusal"}, {"rule": "max_words", "max": 60}]


def test_reimport_updates_by_name_and_keeps_case_history(acme, private_endpoints) -> None:
    (monitor,), _ = services.monitors_import_yaml(account=acme, text=OPENPING)
    case_id = monitor.cases.get(name="Canada").pk
    changed = OPENPING.replace("every: 30m", "every: 2h").replace("name: Canada", "name: Canada shipping")
    created, updated = services.monitors_import_yaml(account=acme, text=changed)
    assert created == [] and [m.pk for m in updated] == [monitor.pk]
    monitor.refresh_from_db()
    assert monitor.interval_minutes == 120
    assert monitor.cases.get(name="Canada shipping").pk == case_id


def test_export_reads_back_the_same(acme, private_endpoints) -> None:
    services.monitors_import_yaml(account=acme, text=OPENPING)
    exported = export_monitors(list(Monitor.objects.filter(account=acme)))
    assert "bearer: secret.TEST_TOKEN" in exported
    declarations = parse_monitors(exported, account_id=acme.pk)
    assert declarations[0].data["interval_minutes"] == 30
    assert [c["expect"] for c in declarations[0].cases] == [c.expect for c in MonitorCase.objects.order_by("position")]


def test_bad_files_get_errors_that_name_the_line(acme, private_endpoints) -> None:
    bad = textwrap.dedent(
        """\
        monitors:
          - name: Broken
            endpoint: ftp://example.com/chat
            auth: { bearer: sk-live-123456 }
            every: often
            colour: blue
            cases:
              - ask: "Hi?"
                expect:
                  - contains: ""
                  - regex: "(x+x+)+y"
                  - judge_me: "please"
              - name: no question
        """
    )
    lines = errors_of(bad, acme.pk)
    assert lines[0].startswith("Line 3: The endpoint URL must start with http:// or https://")
    assert any(line.startswith("Line 4: Write the key as secret.NAME") for line in lines)
    assert any(line.startswith("Line 5: every must be a duration") for line in lines)
    assert any(line.startswith("Line 6: Unknown key 'colour'") for line in lines)
    assert any(line.startswith("Line 10: contains needs a phrase") for line in lines)
    assert any(line.startswith("Line 11: regex: the pattern takes too long") for line in lines)
    assert any(line.startswith("Line 12: Unknown rule 'judge_me'") for line in lines)
    assert any(line.startswith("Line 13: A case needs  ask:") for line in lines)
    assert Monitor.objects.count() == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("monitors:\n  - name: [unclosed\n", "Line 3: Not valid YAML"),
        ("", "Line 1: The file is empty"),
        ("monitor: []\n", "Line 1: Unknown key 'monitor'"),
        ("monitors:\n  - &a {name: x}\n  - *a\n", "Line 2: Anchors and aliases"),
        ("monitors:\n  - name: !!python/object/apply:os.system [id]\n", "Line 2: The YAML tag !!python/object"),
        ("monitors:\n  - name: 2024-13-45\n", "Line 2: Not valid YAML: month must be in 1..12."),
        ("monitors:\n" + "  # padding\n" * 30_000, "Line 1: The file is larger than 256 KB."),
        ("monitors:\n  - name: X\n    agent: Nobody\n    cases: [{ask: hi}]\n", "Line 3: There is no agent named 'Nobody'"),
        ("monitors:\n  - name: X\n    endpoint: http://127.0.0.1:9/c\n    agent: A\n    cases: [{ask: hi}]\n",
         "Line 2: Give either endpoint"),
        ("monitors:\n  - name: X\n    endpoint: http://127.0.0.1:9/c\n    samples: 3\n    passes: 4\n    cases: [{ask: hi}]\n",
         "Line 5: The samples that must pass must be from 1 to 3"),
        ("monitors:\n  - name: X\n    endpoint: http://127.0.0.1:9/c\n    budget: 2147483648\n    cases: [{ask: hi}]\n",
         "Line 4: budget (tokens a month) must be a whole number from 100 to 1,000,000,000."),
    ],
)  # fmt: skip
def test_more_yaml_errors(acme, private_endpoints, text: str, expected: str) -> None:
    lines = errors_of(text, acme.pk)
    assert any(line.startswith(expected) for line in lines), lines


def test_a_whole_file_is_refused_when_one_monitor_is_bad(acme, private_endpoints) -> None:
    text = OPENPING + "  - name: Second\n    endpoint: http://127.0.0.1:9/x\n    cases: []\n"
    with pytest.raises(YamlImportError, match="line 19: cases must be a list with at least one case"):
        services.monitors_import_yaml(account=acme, text=text)
    assert Monitor.objects.count() == 0


def test_a_monitor_can_name_a_saved_agent(acme, agent, private_endpoints) -> None:
    text = "monitors:\n  - name: Bot\n    agent: Support bot\n    cases:\n      - ask: Hello?\n"
    (monitor,), _ = services.monitors_import_yaml(account=acme, text=text)
    assert monitor.agent == agent and monitor.endpoint_url == ""


def test_the_management_command_imports_lists_and_reports_bad_lines(acme, tmp_path, private_endpoints) -> None:
    good = tmp_path / "monitors.yml"
    good.write_text(OPENPING)
    out = io.StringIO()
    call_command("monitors", "import", str(good), "--account", "Acme", stdout=out)
    assert "created" in out.getvalue() and "Imported 1 new and 0 updated" in out.getvalue()
    listing = io.StringIO()
    call_command("monitors", "list", stdout=listing)
    assert "Chat answers" in listing.getvalue() and "pending" in listing.getvalue()

    bad = tmp_path / "bad.yml"
    bad.write_text("monitors:\n  - name: X\n    every: often\n")
    err = io.StringIO()
    with pytest.raises(CommandError, match="Nothing imported"):
        call_command("monitors", "import", str(bad), "--account", "Acme", stderr=err)
    assert f"{bad}: Line 3: every must be a duration" in err.getvalue()

    exported = io.StringIO()
    call_command("monitors", "export", "--account", "Acme", stdout=exported)
    assert exported.getvalue().startswith("monitors:")
    sync = io.StringIO()
    call_command("monitors", "sync", stdout=sync)
    assert "1 monitor(s) in sync" in sync.getvalue()


def test_the_management_command_runs_a_monitor_now(acme, demo_agent_record) -> None:
    services.monitor_create(
        account=acme,
        data={"name": "Demo", "agent": demo_agent_record},
        cases=[
            {
                "name": "Shipping",
                "ask": "Is standard shipping free?",
                "expect": [{"rule": "contains", "phrases": ["$75"]}],
            }
        ],
    )
    out = io.StringIO()
    call_command("monitors", "run", "Demo", "--account", "Acme", stdout=out)
    assert "pass rate 100% (target 90%)" in out.getvalue() and "monitor is up" in out.getvalue()


def test_the_demo_monitors_file_imports_into_the_demo_workspace_and_passes(db, demo_agent, settings) -> None:
    from pathlib import Path

    from billing.models import Account
    from evaluations.agents.models import Agent
    from evaluations.demo.services import demo_setup

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    demo_setup()
    Agent.objects.filter(name="Northwind support bot (demo)").update(endpoint_url=f"{demo_agent}/api/json")
    text = (Path(__file__).resolve().parents[2] / "evaluations/demo/monitors.yml").read_text()
    # demo_setup already imported it; importing again updates the same monitor (idempotent by name)
    created, (monitor,) = services.monitors_import_yaml(account=Account.objects.get(name="Demo workspace"), text=text)
    assert created == [] and monitor.cases.count() == 4
    run, _ = services.monitor_run_request(monitor=monitor, enqueue=False)
    services.monitor_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert (run.pass_rate, run.cases_passed) == (100, 4)
