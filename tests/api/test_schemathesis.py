"""Schemathesis against the OpenAPI schema the CI API serves: every operation, data that fits the schema and data
that does not, through Django's WSGI application. Zero server errors and zero answers the schema does not
document (status code, content type, body, headers); data the schema refuses must be refused.

It replaces the hand-rolled hostile-input loop that test_api.py had; the few raw bodies a JSON-schema generator
does not produce (deep nesting, invalid UTF-8) stay there as explicit cases.

Nothing leaves the machine: the requests go through the WSGI app inside the test's transaction, so a launched
run is only queued (its task is enqueued on commit, which never comes), and while the fuzzer runs the endpoint
guard refuses private addresses and no name resolves (no DNS query either).
"""

from __future__ import annotations

import socket
from collections import Counter
from typing import Any

import pytest
import schemathesis
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.core.failures import FailureGroup
from schemathesis.core.result import Err
from schemathesis.generation.modes import GenerationMode

from billing.selectors import MAX_ID
from evalsite.wsgi import application
from evaluations.runs.models import Attempt, EvaluationRun, RunStatus

POSITIVE, NEGATIVE = GenerationMode.POSITIVE, GenerationMode.NEGATIVE
EXAMPLES_PER_MODE = 40  # per operation; about 20 s for the whole schema on a shared 2-core machine


@pytest.fixture
def finished_run(launch, demo_agent_record, demo_suite):
    """A finished demo run (against the local demo agent, before the fuzzer starts), so 200 answers are checked
    with real reports in them."""
    run = launch(agent=demo_agent_record, suite=demo_suite, runs_per_scenario=1)
    assert run.status == RunStatus.SUCCEEDED
    return run


@pytest.fixture
def connection_kept() -> Any:
    """The WSGI handler closes the database connection when a request finishes; on PostgreSQL that would end the
    test's own transaction after the first call. Django's test client keeps the connection the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def offline(settings, monkeypatch):
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = False

    def no_dns(host: Any, *args: Any, **kwargs: Any) -> Any:
        raise socket.gaierror(socket.EAI_NONAME, "no name resolves while the fuzzer runs")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)


# A public address, so the endpoint guard accepts it without DNS; a run launched with it only ever stays queued.
PUBLIC_ENDPOINT = "https://93.184.216.34/agent"


def _grounded(case: Any, use_real: bool, ids: dict[str, int]) -> Any:
    """Cases tied to the world. Whether an endpoint may be used depends on DNS and the network, which no schema
    can state (the endpoint rules have their own tests), so it is a public address here. Random ids are nearly
    always 404s, which would also hide a type the serializer let through: half the cases name the real suite,
    run or agent instead, wherever the drawn id was a valid one. Schemathesis re-checks an edited case, so a
    negative case that the edit made valid is judged as valid."""
    body = case.body if isinstance(case.body, dict) else {}
    # Only strings: a value of another type must stay as drawn, so that a case made invalid there stays invalid.
    if isinstance(body.get("endpoint_url"), str):
        body["endpoint_url"] = PUBLIC_ENDPOINT
    if isinstance(body.get("compare_with_endpoint"), str):
        body["compare_with_endpoint"] = ""  # whether another endpoint has a baseline is the world's state too
    if body.get("fail_on_no_baseline") is True:
        body["fail_on_no_baseline"] = False  # so is whether a baseline is pinned, which this option refuses without
    if not use_real:
        return case
    if case.path_parameters and _is_id(case.path_parameters.get("run_id")):
        case.path_parameters["run_id"] = ids["run"]
    for name in ("suite", "agent"):
        if _is_id(body.get(name)):
            body[name] = ids[name]
    if "agent" in body and _is_id(body.get("monitor")):
        body.pop("monitor")  # a valid monitor beside the agent: one of the two; an invalid one stays, to be refused
    return case


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ID


def _free_run_slots(keep: int) -> None:
    """Launched runs never start here; closing them keeps the 5-runs-in-progress limit (a 429, which also counts
    as a refusal) from hiding what later cases would get."""
    EvaluationRun.objects.filter(status=RunStatus.QUEUED).exclude(pk=keep).update(status=RunStatus.CANCELLED)


def _has_input(operation: Any) -> bool:
    return bool(operation.path_parameters or operation.query or operation.body)


def test_every_operation_keeps_to_its_schema(db, api_token, demo_suite, finished_run, offline, connection_kept) -> None:
    schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)
    auth = {"Authorization": f"Bearer {api_token}"}
    ids = {"run": finished_run.pk, "suite": demo_suite.pk, "agent": demo_suite.agent_id}
    failures: list[str] = []
    statuses: Counter[tuple[str, int]] = Counter()
    operations = []
    for result in schema.get_all_operations():
        if isinstance(result, Err):
            raise result.err()  # an operation the loader cannot read fails the test, with its own message
        operations.append(result.ok())
    assert len(operations) == 11

    for operation in operations:
        # Data that fits, data that does not (with the key, so it reaches the serializers), and data that does not
        # without the key fixed (schemathesis then also sends missing and malformed Authorization headers).
        for mode, headers in ((POSITIVE, auth), (NEGATIVE, auth), (NEGATIVE, None)):
            if mode == NEGATIVE and headers and not _has_input(operation):
                continue  # nothing but the key to get wrong
            cases = st.tuples(operation.as_strategy(generation_mode=mode, headers=headers), st.booleans())

            @given(drawn=cases)
            @settings(
                max_examples=EXAMPLES_PER_MODE, deadline=None, database=None, derandomize=True,
                phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
            )  # fmt: skip
            def check(drawn: tuple[Any, bool]) -> None:
                case = _grounded(*drawn, ids)
                try:
                    # The key also at the call: schemathesis then knows it was given, not drawn, for an operation
                    # with header parameters of its own too (Idempotency-Key). check() runs in this iteration.
                    response = case.call_and_validate(headers=headers)  # noqa: B023
                except FailureGroup as group:
                    failures.append(f"{case.operation.label} ({case.meta.generation.mode}): {group}")
                else:
                    statuses[(case.operation.label, response.status_code)] += 1
                _free_run_slots(keep=finished_run.pk)
                caches[
                    "limits"
                ].clear()  # the fuzzer's own invalid keys would throttle its address (test_api_key_throttle.py)

            check()

    assert not failures, "\n\n".join(failures[:10])
    seen = {status for _, status in statuses}
    assert {200, 202, 400, 401, 404} <= seen, statuses  # real answers, not only refusals
    assert not any(status >= 500 for status in seen)
    # Nothing ran: no launched run ever started, and no attempt was made but the fixture's.
    launched = EvaluationRun.objects.exclude(pk=finished_run.pk)
    assert launched.exists() and not launched.filter(started_at__isnull=False).exists()
    assert not Attempt.objects.exclude(run=finished_run).exists()
