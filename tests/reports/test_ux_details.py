"""The small things: every error of a field tied to it, undefined {{variables}} refused, a failed
YAML upload keeps its text, the styled 405, the current nav entry, kind labels, thousands separators, the ledger
explained, the Monitors schedule column, the credit balance on the dashboard and a dated trend chart."""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from billing.services import credits_grant
from evaluations.core import charts
from suites.models import SuiteKind
from suites.services import suite_create
from tests.monitors.test_monitors_views import form_data as monitor_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client: Client, alice) -> Client:
    client.force_login(alice)
    return client


def _error_block(page: str, field_id: str) -> str:
    """The errors tied to the field: the widget names the block in aria-describedby and the block has that id."""
    widget = re.search(rf'<[^>]+id="{field_id}"[^>]*>', page)
    assert widget, field_id
    assert 'aria-invalid="true"' in widget.group(0)
    described = re.search(r'aria-describedby="([^"]+)"', widget.group(0))
    assert described and f"{field_id}-errors" in described.group(1).split()
    start = page.index(f'id="{field_id}-errors"')
    return page[start : page.index("</div>", start)]


def test_extra_headers_report_every_bad_line_tied_to_the_field(alice_client: Client) -> None:
    response = alice_client.post(
        "/agents/new/",
        {"name": "Bot", "protocol": "simple_chat", "endpoint_url": "http://127.0.0.1:9/chat",
         "extra_headers_text": "no colon here\nX-Ok: 1\nAuthorization: Bearer x\nalso wrong",
         "timeout_seconds": 30, "auth_header_name": "Authorization", "judge_model": "sonnet",
         "judge_strictness": "balanced", "conversation_id_from": "generated", "bedrock_model": "sonnet"},
    )  # fmt: skip
    errors = _error_block(response.content.decode(), "id_extra_headers_text")
    assert "Line 1:" in errors and "Line 3:" in errors and "Line 4:" in errors


def test_monitor_rules_report_every_bad_line(alice_client: Client) -> None:
    data = monitor_form(**{"cases-0-expect": 'bogus: 1\ncontains: "30 days"\nnot_a_rule'})
    page = alice_client.post("/monitors/new/", data).content.decode()
    assert "line 1: Unknown rule" in page and "line 3: Unknown rule" in page


def test_a_case_using_an_undefined_variable_is_refused(alice_client: Client, acme, agent) -> None:
    test_set = suite_create(account=acme, agent=agent, name="Refunds", scenarios=[], kind=SuiteKind.TEST_SET)
    url = f"/suites/{test_set.pk}/cases/"
    page = alice_client.post(url, {"initial_message": "Refund order {{order_id}} on {{ day }}"}).content.decode()
    assert "{{order_id}}, {{day}}, not defined" in page
    assert not test_set.scenarios.exists()
    alice_client.post(url, {"initial_message": "Refund order {{order_id}}", "var_key": ["order_id"],
                            "var_value": ["1042"]})  # fmt: skip
    assert test_set.scenarios.count() == 1


def test_a_failed_yaml_upload_keeps_its_text_to_fix_in_place(alice_client: Client) -> None:
    text = "trustgate: suite/v1\nname: Broken\nscenarios: 12\n"
    upload = SimpleUploadedFile("suite.yaml", text.encode(), content_type="application/x-yaml")
    page = alice_client.post("/suites/import/", {"yaml_file": upload}).content.decode()
    assert "scenarios: 12" in page and "<textarea" in page
    monitors = SimpleUploadedFile("monitors.yml", b"monitors: nope\n", content_type="application/x-yaml")
    assert "monitors: nope" in alice_client.post("/monitors/import/", {"yaml_file": monitors}).content.decode()


def test_405_is_a_styled_page(alice_client: Client) -> None:
    response = alice_client.get("/runs/1/cancel/")
    page = response.content.decode()
    assert response.status_code == 405 and "Not allowed here" in page and "accepts POST" in page
    assert 'href="#main"' in page  # the whole layout, skip link included


def test_nav_marks_the_current_section(alice_client: Client) -> None:
    page = alice_client.get("/runs/").content.decode()
    assert '<a href="/runs/" aria-current="page">Runs</a>' in page
    assert '<a href="/runs/new/">New evaluation</a>' in page
    new = alice_client.get("/runs/new/").content.decode()
    assert '<a href="/runs/new/" aria-current="page">New evaluation</a>' in new
    assert '<a href="/runs/">Runs</a>' in new


def test_kind_labels_are_written_as_people_write_them(alice_client: Client, acme, agent) -> None:
    scenarios = [
        {"kind": "pii", "name": "Card", "turns": ["Hi"]},
        {"kind": "tool_calls", "name": "Order", "turns": ["Hi"]},
    ]
    suite = suite_create(account=acme, agent=agent, name="Kinds", scenarios=scenarios)
    kinds = {s.get_kind_display() for s in suite.scenarios.all()}
    assert kinds == {"PII", "Tool calls"}


def test_dashboard_shows_the_credit_balance_with_separators(alice_client: Client, acme) -> None:
    credits_grant(account=acme, amount=234_567, note="More")
    page = alice_client.get("/").content.decode()
    assert "1,234,567</strong> credits available" in page


def test_ledger_rows_are_explained_and_filtered(alice_client: Client) -> None:
    page = alice_client.get("/credits/").content.decode()
    assert "Each run makes two or three rows" in page and "1,000,000" in page
    assert "No entries match these filters" in alice_client.get("/credits/?kind=refund").content.decode()


def test_admin_says_credit_entries() -> None:
    from billing.models import CreditEntry

    assert CreditEntry._meta.verbose_name_plural == "credit entries"


def test_monitor_list_heads_the_schedule_column_schedule(alice_client: Client, settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    assert alice_client.post("/monitors/new/", monitor_form()).status_code == 302
    page = alice_client.get("/monitors/").content.decode()
    assert "<th>Schedule</th>" in page and "every hour" in page
    assert "Chat answers" not in alice_client.get("/monitors/?status=down").content.decode()


def test_trend_chart_has_dates_on_its_x_axis() -> None:
    from evaluations.templatetags.trustgate import trust_trend

    day = datetime.datetime(2026, 11, 3, 12, tzinfo=datetime.UTC)
    points = [{"run_id": i, "score": 50.0 + i, "is_baseline": False, "created_at": day + datetime.timedelta(days=i)}
              for i in range(8)]  # fmt: skip
    svg = str(trust_trend(points))
    ticks = re.findall(r'<text class="tick"[^>]*>([^<]+)</text>', svg)
    assert ticks[0] == "3 Nov" and ticks[-1] == "10 Nov" and len(ticks) <= 5
    assert charts.trend_chart([charts.Point(1.0, "x")], label="undated").count('class="tick"') == 0


def test_the_launch_estimate_separates_thousands(alice_client: Client, acme, agent) -> None:
    scenarios = [{"kind": "accuracy", "name": f"Q{i}", "turns": ["Hi"], "required_phrases": ["hi"]} for i in range(101)]
    suite = suite_create(account=acme, agent=agent, name="Big", scenarios=scenarios)
    query = {"mode": "saved", "agent": agent.pk, "suite": suite.pk, "runs_per_scenario": 10}
    line = alice_client.get("/runs/estimate/", query).content.decode()
    assert "101 scenarios × 10 runs = 1,010 conversations" in line and "(balance 1,000,000)" in line


def test_a_monitor_case_using_an_undefined_variable_is_refused(alice_client: Client, acme, settings) -> None:
    from evaluations.monitors.models import Monitor
    from evaluations.monitors.yaml_io import YamlImportError, parse_monitors

    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    page = alice_client.post("/monitors/new/", monitor_form(**{"cases-0-ask": "Where is order {{order_id}}?"}))
    assert "The question uses {{order_id}}, which is not defined" in page.content.decode()
    assert not Monitor.objects.exists()
    text = "monitors:\n- name: M\n  endpoint: http://127.0.0.1:9/chat\n  cases:\n  - ask: Hi {{ name }}\n"
    with pytest.raises(YamlImportError) as refused:
        parse_monitors(text, account_id=acme.pk)
    assert "Line 5: The question uses {{name}}, which is not defined" in " ".join(refused.value.lines)
