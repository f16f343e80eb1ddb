"""A large suite's expected false-block rate is simulated by a task, not in the report's request (a minute for
2,000 scenarios): the page says it is being simulated, and shows it once the task has run."""

from __future__ import annotations

from django.urls import reverse

from evaluations.gate import selectors as gate_selectors
from evaluations.gate import services as gate_services
from evaluations.gate.services import baseline_pin


def test_a_large_suite_s_false_block_rate_is_simulated_by_a_task(
    client,
    alice,
    agent,
    suite,
    make_run,
    monkeypatch,
    django_capture_on_commit_callbacks,
) -> None:
    monkeypatch.setattr(gate_selectors, "FBR_INLINE_SCENARIOS", 2)  # the suite's 4 scenarios count as large
    flaky = {"Refund window": ["pass", "fail", "pass"]}
    baseline = make_run(agent=agent, suite=suite, outcomes=flaky)
    baseline_pin(run=baseline, user=alice)
    run = make_run(agent=agent, suite=suite, outcomes=flaky)
    client.force_login(alice)
    url = reverse("evaluations:run-report", args=[run.pk])
    with django_capture_on_commit_callbacks(execute=False) as enqueued:
        first = client.get(url).content.decode()
    assert "Expected false-block rate of this suite: being simulated in the background" in first
    assert len(enqueued) == 1  # the task, once
    with django_capture_on_commit_callbacks(execute=False) as again:
        assert "being simulated in the background" in client.get(url).content.decode()
    assert again == []  # not enqueued twice while it runs
    gate_services.false_block_rate_simulate(baseline_run_id=baseline.pk, runs_per_scenario=run.runs_per_scenario)
    done = client.get(url).content.decode()
    assert 'id="gate-false-block-rate">Expected false-block rate of this suite: ' in done
    assert "being simulated" not in done and "(simulated: unchanged reruns at 3 runs per scenario" in done
