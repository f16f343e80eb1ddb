"""Nothing reaches the network outside evaluations.outbound. Each path the audit found is pinned:
JSON Schema references resolve offline, boto3 never asks the cloud metadata address (web process or worker),
YAML is read only by the one safe loader, and the import-linter contracts that keep fetching libraries out hold.
Every "never fetched" is witnessed by a loopback server that must see zero requests."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

import pytest

from evaluations.core import jsonsafe
from tests.support.recording_server import RecordingServer, recording_server

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("evalsite", "evaluations", "suites", "redteam", "billing")
NO_FETCH_CONTRACTS = ("jsonschema-offline", "jsonsafe-leaf", "xml-written-only", "no-fetching-libraries")


@pytest.fixture
def witness() -> Iterator[RecordingServer]:
    """Serves a perfectly good schema to anyone who asks: nobody may."""
    with recording_server(b'{"type": "object"}', "application/schema+json") as server:
        yield server


def test_the_no_fetch_contracts_hold() -> None:
    lint_imports = Path(sys.executable).with_name("lint-imports")
    arguments = chain.from_iterable(("--contract", contract) for contract in NO_FETCH_CONTRACTS)
    result = subprocess.run(
        [str(lint_imports), "--no-cache", *arguments], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(NO_FETCH_CONTRACTS)} kept, 0 broken." in result.stdout


def remote_schemas(url: str) -> list[tuple[dict[str, Any], str]]:
    """Schemas that refer outside themselves, each with where the reference is."""
    base = url.rsplit("/", 1)[0] + "/"
    return [
        ({"$ref": url}, "$ref"),
        ({"$dynamicRef": url}, "$dynamicRef"),
        ({"type": "object", "properties": {"a": {"$ref": url}}}, "properties.a.$ref"),
        ({"allOf": [{"type": "object"}, {"$ref": url}]}, "allOf.1.$ref"),
        ({"$defs": {"a": {"$ref": url}}, "$ref": "#/$defs/a"}, "$defs.a.$ref"),
        ({"$id": base, "$ref": "other.json"}, "$ref"),
        ({"properties": {"a": {"items": {"$ref": "//169.254.169.254/latest/meta-data/"}}}}, "properties.a.items.$ref"),
    ]


def test_a_reference_outside_the_schema_is_refused_on_save_and_never_fetched_when_applied(witness) -> None:
    for schema, where in remote_schemas(witness.url("/schema.json")):
        with pytest.raises(jsonsafe.SchemaRefersOutside) as refused:
            jsonsafe.schema_check(schema)
        assert str(refused.value).startswith(f"{where} points outside the schema (")
        assert refused.value.path == tuple(int(p) if p.isdigit() else p for p in where.split("."))
        with pytest.raises(jsonsafe.SchemaUnresolvable, match="not fetched|points nowhere"):
            jsonsafe.first_violation(schema, {"a": [1]})
    assert witness.paths == []


def test_local_references_data_and_the_meta_schema_need_no_network(witness) -> None:
    schema = {
        "$schema": witness.url("/draft/2020-12/schema"),  # names a dialect; never fetched
        "$defs": {"word": {"type": "string", "minLength": 2}},
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/word"}, "b": {"const": {"$ref": witness.url("/data")}}},
    }
    jsonsafe.schema_check(schema)
    assert jsonsafe.first_violation(schema, {"a": "ok"}) is None
    assert jsonsafe.first_violation(schema, {"a": "x"}) == jsonsafe.Violation("$.a", "minLength")
    with pytest.raises(jsonsafe.SchemaRefused, match="'nonsense' is not valid"):
        jsonsafe.schema_check({"type": "nonsense"})
    assert witness.paths == []


def test_boto3_never_asks_the_metadata_address_even_when_the_environment_says_it_may(tmp_path) -> None:
    """The settings force AWS_EC2_METADATA_DISABLED, for the web process and the worker alike (both load them):
    a process started with it set to "false" and no credentials builds its Bedrock client without a request to
    the metadata service (here a loopback stand-in, via AWS_EC2_METADATA_SERVICE_ENDPOINT)."""
    with recording_server(status=404) as metadata:
        env = {name: value for name, value in os.environ.items() if not name.startswith("AWS_")}
        env.update(
            AWS_EC2_METADATA_DISABLED="false",
            AWS_EC2_METADATA_SERVICE_ENDPOINT=metadata.url("/"),
            AWS_CONFIG_FILE=str(tmp_path / "none"),
            AWS_SHARED_CREDENTIALS_FILE=str(tmp_path / "none"),
            AWS_DEFAULT_REGION="us-east-1",
            DJANGO_SETTINGS_MODULE="evalsite.settings",
            TRUSTGATE_SQLITE_PATH=str(tmp_path / "db.sqlite3"),
        )
        code = (
            "import os; from evaluations.outbound.sdk import bedrock_client; "
            "client = bedrock_client(read_timeout=5, max_attempts=1); "
            "print(os.environ['AWS_EC2_METADATA_DISABLED'], client._request_signer._credentials)"
        )
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["true", "None"]
        assert metadata.hits == []


YAML_READERS = frozenset(
    {"load", "load_all", "safe_load", "safe_load_all", "full_load", "full_load_all", "unsafe_load",
     "unsafe_load_all", "compose", "compose_all", "parse", "scan", "Loader", "FullLoader", "UnsafeLoader"}
)  # fmt: skip


def test_yaml_text_is_read_only_by_the_one_safe_loader() -> None:
    """Uploads and rule lines go through evaluations.core.yamlsafe (size and depth caps, safe tags, no aliases);
    every other module may only write YAML."""
    offenders = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path == ROOT / "evaluations" / "core" / "yamlsafe.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "yaml"
                    and node.attr in YAML_READERS
                ) or (
                    isinstance(node, ast.ImportFrom)
                    and (node.module or "").startswith("yaml")
                    and any(alias.name in YAML_READERS for alias in node.names)
                ):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
