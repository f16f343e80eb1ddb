"""Monitor screens: create / edit / pause / resume / run now, the monitor page, import; other accounts get 404."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from evaluations.core.jobs import JobStatus
from evaluations.monitors import services
from evaluations.monitors.models import Monitor, MonitorEvent, MonitorRun


def form_data(**overrides: Any) -> dict[str, Any]:
    data = {
        "name": "Chat answers",
        "agent": "",
        "endpoint_url": "http://127.0.0.1:9/chat",
        "protocol": "chat",
        "model_name": "",
        "credential": "",
        "every": "1",
        "every_unit": "hours",
        "samples_per_case": "3",
        "min_passing_samples": "2",
        "target_pass_rate": "90",
        "alert_emails": "oncall@acme.example",
        "channel_webhook": "",
        "monthly_token_budget": "200000",
        "storage_mode": "answers",
        "judge_model": "sonnet",
        "judge_strictness": "balanced",
        "cases-TOTAL_FORMS": "2",
        "cases-INITIAL_FORMS": "0",
        "cases-MIN_NUM_FORMS": "0",
        "cases-MAX_NUM_FORMS": "50",
        "cases-0-id": "",
        "cases-0-name": "Refund",
        "cases-0-ask": "What's your refund window?",
        "cases-0-expect": 'answered: {within: 20s}\ncontains: "30 days"',
        "cases-1-id": "",
        "cases-1-name": "",
        "cases-1-ask": "",
        "cases-1-expect": "",
    }
    data.update(overrides)
    return data


@pytest.fixture
def monitor(acme, private_endpoints) -> Monitor:
    return services.monitor_create(
        account=acme,
        data={"name": "Chat answers", "endpoint_url": "http://127.0.0.1:9/chat"},
        cases=[{"name": "Refund", "ask": "Refund?", "expect": [{"rule": "contains", "phrases": ["30 days"]}]}],
    )


def test_create_a_monitor(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    page = client.get(reverse("monitors:monitor-create"))
    assert page.status_code == 200 and b"Samples that must pass" in page.content
    response = client.post(reverse("monitors:monitor-create"), form_data(credential="secret.TEST_TOKEN"))
    monitor = Monitor.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("monitors:monitor-detail", args=[monitor.pk])
    assert monitor.auth_secret == "TEST_TOKEN" and monitor.interval_minutes == 60
    case = monitor.cases.get()
    assert case.expect == [{"rule": "answered", "within_s": 20.0}, {"rule": "contains", "phrases": ["30 days"]}]


@pytest.mark.parametrize(
    ("overrides", "field_error"),
    [
        ({"cases-0-expect": 'contains: "30 days"\nbogus_rule: 1'}, "line 2: Unknown rule"),
        ({"credential": "sk-live-abcdef123456"}, "Write the credential as secret.NAME"),
        ({"endpoint_url": "", "agent": ""}, "Choose the agent to monitor"),
        ({"every": "1", "every_unit": "minutes"}, "Run at most every 5 minutes"),
        ({"min_passing_samples": "4"}, "must be from 1 to 3"),
        ({"alert_emails": "not-an-email"}, "is not an email address"),
        ({"endpoint_url": "http://169.254.169.254/latest"}, "cloud metadata"),
        ({"cases-0-name": "", "cases-0-ask": "", "cases-0-expect": ""}, "Add at least one case"),
        ({"cases-0-ask": ""}, "This field is required."),
    ],
)
def test_bad_input_gets_a_readable_error_and_saves_nothing(
    client, alice, private_endpoints, overrides, field_error
) -> None:
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-create"), form_data(**overrides))
    assert response.status_code == 200
    assert field_error in response.content.decode()
    assert Monitor.objects.count() == 0


def test_the_key_itself_is_never_stored(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    client.post(reverse("monitors:monitor-create"), form_data(credential="sk-live-abcdef123456"))
    assert not Monitor.objects.filter(auth_secret__contains="sk-live").exists()


def test_edit_keeps_the_cases_rows(client, alice, monitor) -> None:
    client.force_login(alice)
    page = client.get(reverse("monitors:monitor-edit", args=[monitor.pk]))
    assert page.status_code == 200 and "contains: &quot;30 days&quot;" in page.content.decode()
    case = monitor.cases.get()
    data = form_data(
        name="Renamed", every="15", every_unit="minutes",
        **{"cases-INITIAL_FORMS": "1", "cases-0-id": str(case.pk), "cases-0-expect": "no_refusal"},
    )  # fmt: skip
    response = client.post(reverse("monitors:monitor-edit", args=[monitor.pk]), data)
    assert response.status_code == 302
    monitor.refresh_from_db()
    assert monitor.name == "Renamed" and monitor.interval_minutes == 15
    assert monitor.cases.get().pk == case.pk and monitor.cases.get().expect == [{"rule": "no_refusal"}]


def test_monitor_page_shows_status_chart_history_and_budget(client, alice, monitor) -> None:
    MonitorRun.objects.create(monitor=monitor, status=JobStatus.SUCCEEDED, outcome="up", pass_rate=100, agent_tokens=40)
    MonitorRun.objects.create(
        monitor=monitor, status=JobStatus.SUCCEEDED, outcome="degraded", pass_rate=33.3, judge_tokens=5
    )
    MonitorEvent.objects.create(monitor=monitor, kind="status", status="degraded", previous_status="up",
                                title="Degraded", message="Always passed before and now fails: “Refund”.")  # fmt: skip
    client.force_login(alice)
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    assert '<svg class="pass-rate-chart"' in page and "against a 90% target; latest: 100%, 33%" in page
    assert 'class="target"' in page and 'class="status-strip"' in page
    assert "Always passed before and now fails" in page
    assert "Agent tokens are estimated as characters ÷ 4" in page
    assert 'id="monitor-status"' in page and "Run now" in page


def test_the_chart_has_a_time_axis_hover_values_and_plain_times(client, alice, monitor) -> None:
    now = timezone.now()
    for hours_ago, rate in ((30, 100.0), (20, 66.7), (1, 33.3)):
        run = MonitorRun.objects.create(monitor=monitor, status=JobStatus.SUCCEEDED, outcome="up", pass_rate=rate)
        MonitorRun.objects.filter(pk=run.pk).update(created_at=now - timedelta(hours=hours_ago))
    Monitor.objects.filter(pk=monitor.pk).update(last_run_at=now)
    MonitorEvent.objects.create(monitor=monitor, kind="status", status="degraded", title="Degraded")
    client.force_login(alice)
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk])).content.decode()
    chart = page.split('<svg class="pass-rate-chart"')[1].split("</svg>")[0]
    first = now - timedelta(hours=30)
    assert 'class="tick"' in chart and f"{first:%b %d %H:%M}" in chart  # dates: the runs span more than a day
    assert "<title>Run " in chart and f"{first:%Y-%m-%d %H:%M} UTC: pass rate 100%, Up</title>" in chart
    assert "Last run <time" in page and ">just now</time>" in page and "0 minutes ago" not in page
    assert "Degraded</span> <strong>Degraded</strong>" not in page


def test_pause_resume_and_run_now(client, alice, monitor, django_capture_on_commit_callbacks) -> None:
    client.force_login(alice)
    client.post(reverse("monitors:monitor-pause", args=[monitor.pk]))
    monitor.refresh_from_db()
    assert monitor.display_status == "paused"
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk]), follow=True).content.decode()
    assert "“Chat answers” is paused; resume it to run it again." in page
    response = client.post(reverse("monitors:monitor-run", args=[monitor.pk]), follow=True)
    assert "is paused; resume it to run it again." in response.content.decode()
    client.post(reverse("monitors:monitor-resume", args=[monitor.pk]))
    monitor.refresh_from_db()
    assert not monitor.is_paused
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("monitors:monitor-run", args=[monitor.pk]), follow=True)
    assert "Run started." in response.content.decode()
    run = MonitorRun.objects.get(monitor=monitor)
    assert run.status == JobStatus.SUCCEEDED and run.outcome == "down"  # nothing listens on port 9
    run_page = client.get(reverse("monitors:run-detail", args=[run.pk])).content.decode()
    assert "No answer" in run_page and "Refund" in run_page


def test_status_fragment_polls_only_while_a_run_is_active(client, alice, monitor) -> None:
    client.force_login(alice)
    url = reverse("monitors:monitor-status", args=[monitor.pk])
    run = MonitorRun.objects.create(monitor=monitor, status="running")
    polling = client.get(url, headers={"HX-Request": "true"})
    assert 'hx-trigger="every 3s"' in polling.content.decode() and "HX-Refresh" not in polling
    MonitorRun.objects.filter(pk=run.pk).update(status=JobStatus.SUCCEEDED, outcome="up")
    finished = client.get(url, headers={"HX-Request": "true"})
    assert "hx-trigger" not in finished.content.decode()
    assert finished["HX-Refresh"] == "true"  # the page reloads once to show the run everywhere


def test_import_from_the_ui_with_line_errors(client, alice, private_endpoints) -> None:
    client.force_login(alice)
    bad = "monitors:\n  - name: X\n    endpoint: http://127.0.0.1:9/c\n    every: sometimes\n    cases: [{ask: hi}]\n"
    response = client.post(reverse("monitors:monitor-import"), {"yaml_text": bad})
    assert "Line 4: every must be a duration" in response.content.decode() and Monitor.objects.count() == 0
    good = SimpleUploadedFile("monitors.yml", bad.replace("sometimes", "2h").encode())
    response = client.post(reverse("monitors:monitor-import"), {"yaml_file": good})
    assert response.status_code == 302 and Monitor.objects.get().interval_minutes == 120
    export = client.get(reverse("monitors:monitor-export"))
    assert export["Content-Disposition"] == 'attachment; filename="monitors.yml"'
    assert b"every: 2h" in export.content


def test_lists_and_dashboard_show_monitors(client, alice, monitor, django_assert_max_num_queries) -> None:
    client.force_login(alice)
    with django_assert_max_num_queries(8):
        page = client.get(reverse("monitors:monitor-list")).content.decode()
    assert "Chat answers" in page and "No runs yet" in page
    dashboard = client.get(reverse("evaluations:dashboard")).content.decode()
    assert 'id="dashboard-monitors"' in dashboard and "Chat answers" in dashboard


def test_read_role_sees_but_cannot_change(client, make_member, monitor) -> None:
    reader = make_member("rita")
    client.force_login(reader)
    page = client.get(reverse("monitors:monitor-detail", args=[monitor.pk]))
    assert page.status_code == 200 and "Run now</button>" not in page.content.decode()
    assert monitor.webhook_secret not in page.content.decode()
    assert client.post(reverse("monitors:monitor-pause", args=[monitor.pk])).status_code == 403
    assert client.post(reverse("monitors:monitor-run", args=[monitor.pk])).status_code == 403
    assert client.get(reverse("monitors:monitor-create")).status_code == 403


@pytest.mark.parametrize(
    ("name", "method"),
    [
        ("monitors:monitor-detail", "get"),
        ("monitors:monitor-edit", "get"),
        ("monitors:monitor-status", "get"),
        ("monitors:monitor-run", "post"),
        ("monitors:monitor-pause", "post"),
        ("monitors:monitor-resume", "post"),
        ("monitors:monitor-delete", "post"),
    ],
)
def test_another_accounts_monitor_is_404(client, bob, monitor, name, method) -> None:
    client.force_login(bob)
    assert getattr(client, method)(reverse(name, args=[monitor.pk])).status_code == 404
    assert Monitor.objects.filter(pk=monitor.pk, paused_reason="").exists()


def test_another_accounts_run_is_404_and_not_listed(client, bob, monitor) -> None:
    run = MonitorRun.objects.create(monitor=monitor, status=JobStatus.SUCCEEDED, outcome="up")
    client.force_login(bob)
    assert client.get(reverse("monitors:run-detail", args=[run.pk])).status_code == 404
    assert "Chat answers" not in client.get(reverse("monitors:monitor-list")).content.decode()
    assert b"Chat answers" not in client.get(reverse("monitors:monitor-export")).content


def test_admin_deletes(client, alice, monitor) -> None:
    client.force_login(alice)
    response = client.post(reverse("monitors:monitor-delete", args=[monitor.pk]))
    assert response.status_code == 302 and not Monitor.objects.exists()
