"""The public status page: off (404) until published, only the chosen monitors under their public names, 90 days
of worst-state-per-day bars, no answers, questions or internal names; settings need the Write role."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from evaluations.core.jobs import JobStatus
from evaluations.monitors import selectors, services
from evaluations.monitors.models import Monitor, MonitorRun, MonitorSample

SECRET_NAME = "Internal: Northwind refund bot (prod-eu-7)"
ANSWER = "Our refund window is 30 days, Quartz-Heron."


def _monitor(acme, name: str) -> Monitor:
    return services.monitor_create(
        account=acme,
        data={"name": name, "endpoint_url": "http://127.0.0.1:9/chat"},
        cases=[{"name": "Refund", "ask": "What's your refund window?", "expect": []}],
    )


def _run(monitor: Monitor, days_ago: int, outcome: str) -> None:
    run = MonitorRun.objects.create(monitor=monitor, status=JobStatus.SUCCEEDED, outcome=outcome, pass_rate=50)
    MonitorSample.objects.create(run=run, case_name="Refund", sample_index=0, verdict="pass", answer=ANSWER)
    MonitorRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(days=days_ago))


def test_the_status_page_is_off_until_published_and_shows_only_what_was_chosen(
    client, alice, acme, make_member, private_endpoints
):
    shown, hidden = _monitor(acme, SECRET_NAME), _monitor(acme, "Hidden monitor")
    for days_ago, outcome in ((1, "up"), (1, "down"), (3, "degraded"), (120, "down")):
        _run(shown, days_ago, outcome)
    page = selectors.status_page_for_account(account_id=acme.pk)
    public = reverse("monitors:status-page", args=[page.slug])
    assert client.get(public).status_code == 404  # off by default

    client.force_login(alice)
    settings_url = reverse("monitors:status-page-settings")
    data = {"is_enabled": "on", "title": "Acme assistant status", f"show_{shown.pk}": "on",
            f"name_{shown.pk}": "Refund answers", f"name_{hidden.pk}": ""}  # fmt: skip
    assert client.post(settings_url, data).status_code == 302
    client.logout()

    html = client.get(public).content.decode()
    assert "Acme assistant status" in html and "Refund answers" in html
    for private in (SECRET_NAME, "Hidden monitor", ANSWER, "What's your refund window?", "Refund</"):
        assert private not in html
    rows = selectors.status_page_rows(page=page)
    outcomes = [outcome for _, outcome in rows[0]["days"]]
    assert len(outcomes) == 90 and outcomes[-2] == "down" and outcomes[-4] == "degraded"  # the day's worst
    assert outcomes.count(None) == 88  # 120 days ago is off the bar
    assert html.count('class="status-day ') == 90

    # Without a public name: "Check 1", never the monitor's own name.
    client.force_login(alice)
    client.post(settings_url, {**data, f"name_{shown.pk}": ""})
    client.logout()
    html = client.get(public).content.decode()
    assert "Check 1" in html and SECRET_NAME not in html

    client.force_login(make_member("rita"))
    assert client.post(settings_url, data).status_code == 403
    client.force_login(alice)
    client.post(settings_url, {k: v for k, v in data.items() if k != "is_enabled"})
    client.logout()
    assert client.get(public).status_code == 404  # unpublished again


def test_the_status_page_reads_in_a_fixed_number_of_queries(
    client, acme, django_assert_max_num_queries, private_endpoints
):
    page = selectors.status_page_for_account(account_id=acme.pk)
    for i in range(12):
        monitor = _monitor(acme, f"M{i}")
        Monitor.objects.filter(pk=monitor.pk).update(on_status_page=True)
        _run(monitor, i, "up")
    page.is_enabled = True
    page.save()
    with django_assert_max_num_queries(4):
        assert client.get(reverse("monitors:status-page", args=[page.slug])).status_code == 200
