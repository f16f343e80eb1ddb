"""Every 4xx of the CI API is JSON and documented in the OpenAPI schema; pages outside the API keep HTML errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from billing.models import Role
from billing.services import api_key_create
from evaluations.launches.request import MAX_PARALLEL, MAX_RUNS_PER_SCENARIO
from evaluations.runs.models import EvaluationRun
from tests.support.fixtures_api import Api

RUNS = "/api/v1/aiagent/runs"
DEPLOYS = "/api/v1/deploys"
OPERATIONS = [
    ("get", "/api/v1/aiagent/suites"),
    ("post", RUNS),
    ("get", RUNS + "/1"),
    ("get", RUNS + "/1/report.json"),
    ("get", RUNS + "/1/report.junit.xml"),
    ("get", RUNS + "/1/report.sarif"),
    ("post", DEPLOYS),
    ("get", RUNS),
    ("post", RUNS + "/1/cancel"),
    ("post", RUNS + "/1/pin"),
    ("post", "/api/v1/aiagent/suites/import"),
]
ODD_KEYS = [None, "tg_wrong", "tg_" + "\u00e9" * 10, "tg_x\x00y", "", "Basic dXNlcjpwdw=="]


def assert_json_error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert isinstance(body, dict) and body
    return body


@pytest.fixture
def suite_for_api(acme, agent):
    from suites.services import suite_create

    return suite_create(
        account=acme, agent=agent, name="S", scenarios=[{"kind": "accuracy", "name": "q", "turns": ["hi"]}]
    )


@pytest.fixture
def schema(client) -> dict[str, Any]:
    return client.get("/api/v1/schema/?format=json").json()


# ---------------------------------------------------------------------------------------------- the answers


@pytest.mark.parametrize(("method", "path"), OPERATIONS)
@pytest.mark.parametrize("key", ODD_KEYS)
def test_a_missing_or_bad_key_is_a_json_401_everywhere(client, api_token, method, path, key) -> None:
    api = Api(client, api_token)
    headers = api.headers(key)
    if key is not None and not key.startswith("Basic"):
        headers = {"Authorization": f"Bearer {key}"}
    elif key is not None:
        headers = {"Authorization": key}
    if method == "get":
        response = client.get(path, headers=headers)
    else:
        response = client.post(path, data="{}", content_type="application/json", headers=headers)
    assert "detail" in assert_json_error(response, 401)


@pytest.mark.parametrize("path", [RUNS, DEPLOYS])
def test_a_body_over_the_size_limit_is_a_json_413(api, settings, path, caplog) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    raw = json.dumps({"suite": 1, "ref": "x" * 2000})
    response = api.client.post(path, data=raw, content_type="application/json", headers=api.headers())
    assert assert_json_error(response, 413) == {"detail": "The request body is over the limit of 1,000 bytes."}
    assert not EvaluationRun.objects.exists()
    assert "DATA_UPLOAD_MAX_MEMORY_SIZE" in caplog.text  # still in the security log, as Django logs it


def test_the_size_limit_comes_after_the_key(api, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api.client.post(RUNS, data="x" * 2000, content_type="application/json")
    assert_json_error(response, 401)


def test_a_body_over_the_size_limit_outside_the_api_keeps_djangos_html_400(client, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client.post("/login/", data="x" * 2000, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("get", "/api/v1/nothing-here", 404),
        ("post", "/api/v1/nothing-here", 404),
        ("get", "/api/v1/", 404),
        ("get", RUNS + "/abc", 404),
        ("get", RUNS + "/-1", 404),
        ("get", RUNS + "/1/report.pdf", 404),
        ("get", "/api/v1/aiagent/suites/", 404),
        ("get", DEPLOYS, 405),
        ("delete", RUNS, 405),
        ("put", "/api/v1/aiagent/suites", 405),
    ],
)
def test_unknown_paths_and_methods_are_json(api, method, path, status) -> None:
    response = getattr(api.client, method)(path, headers=api.headers())
    assert "detail" in assert_json_error(response, status)


def test_other_errors_are_json(api, acme, client, make_member) -> None:
    assert_json_error(api.client.post(RUNS, data="suite=1", content_type="text/plain", headers=api.headers()), 415)
    assert_json_error(api.post(RUNS, raw="{not json"), 400)
    assert_json_error(api.post(RUNS, {"suite": 987654}), 404)
    reader = Api(client, api_key_create(user=make_member("rita", Role.READ), account=acme, name="read")[1])
    assert_json_error(reader.post(DEPLOYS, {}), 403)


def test_any_refusal_django_calls_suspicious_is_a_json_400(api, suite_for_api, monkeypatch) -> None:
    from django.core.exceptions import SuspiciousOperation

    from evaluations.launches import services as launch_services

    def suspicious(**kwargs: Any) -> Any:
        raise SuspiciousOperation("Something Django refuses.")

    monkeypatch.setattr(launch_services, "run_launch", suspicious)
    response = api.post(RUNS, {"suite": suite_for_api.pk})
    assert assert_json_error(response, 400) == {"detail": "The request was refused as unsafe."}


def test_pages_outside_the_api_keep_html_errors(client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_schema_and_docs_without_their_slash_still_redirect(client) -> None:
    assert client.get("/api/v1/schema")["Location"] == "/api/v1/schema/"
    assert client.get("/api/v1/docs")["Location"] == "/api/v1/docs/"


# ---------------------------------------------------------------------------------------------- the schema


def test_every_operation_documents_its_json_401(schema) -> None:
    operations = [(path, method, op) for path, methods in schema["paths"].items() for method, op in methods.items()]
    assert len(operations) == len(OPERATIONS)
    for path, method, operation in operations:
        responses = operation["responses"]
        assert "401" in responses, (method, path)
        for code, response in responses.items():
            if code.startswith("4"):
                assert set(response["content"]) == {"application/json"}, (method, path, code)


def test_operations_with_a_body_document_400_413_and_415(schema) -> None:
    for path in (RUNS, DEPLOYS):
        responses = schema["paths"][path]["post"]["responses"]
        assert {"400", "401", "403", "404", "413", "415"} <= set(responses)
    launch = schema["paths"][RUNS]["post"]["responses"]
    assert {"402", "429"} <= set(launch) and "Retry-After" in launch["429"]["headers"]
    errors = schema["components"]["schemas"]["RunCreateInputErrors"]["properties"]
    assert {"suite", "endpoint_url", "runs_per_scenario", "non_field_errors", "detail"} <= set(errors)


def test_the_schema_states_the_launch_forms_ranges_and_strict_types(schema) -> None:
    fields = schema["components"]["schemas"]["RunCreateInput"]["properties"]
    assert (fields["runs_per_scenario"]["minimum"], fields["runs_per_scenario"]["maximum"]) == (
        1,
        MAX_RUNS_PER_SCENARIO,
    )
    assert (fields["parallel"]["minimum"], fields["parallel"]["maximum"]) == (1, MAX_PARALLEL)
    assert (fields["min_trust_score"]["minimum"], fields["min_trust_score"]["maximum"]) == (0, 100)
    assert fields["max_breaches"]["minimum"] == 0 and fields["suite"]["minimum"] == 1
    assert fields["fail_on_no_baseline"]["type"] == "boolean" and fields["min_trust_score"]["type"] == "number"
    assert fields["api_key"]["oneOf"] == [
        {"type": "string", "maxLength": 4096, "pattern": "^[^\\u000d\\u000a\\u0000]+$"},
        {"type": "string", "maxLength": 0},  # blank: no key
    ]
    assert fields["endpoint_url"]["oneOf"][0]["maxLength"] == 2000


@pytest.mark.parametrize(("field", "value"), [("runs_per_scenario", MAX_RUNS_PER_SCENARIO), ("parallel", MAX_PARALLEL)])
def test_the_documented_maximum_is_accepted_and_one_more_is_not(api, demo_suite, field, value) -> None:
    assert api.post(RUNS, {"suite": demo_suite.pk, field: value + 1}).status_code == 400
    assert api.post(RUNS, {"suite": demo_suite.pk, field: value}).status_code == 202
