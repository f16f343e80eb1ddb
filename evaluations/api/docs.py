"""The API's human docs page: a server-rendered list of its operations, from the same OpenAPI schema."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from drf_spectacular.generators import SchemaGenerator


@require_GET
def api_docs(request: HttpRequest) -> HttpResponse:
    """A server-rendered list of the API's operations, from the same OpenAPI schema (no CDN-hosted UI)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = [
        _operation(schema, path, method, operation)
        for path, methods in schema.get("paths", {}).items()
        for method, operation in methods.items()
    ]
    return render(
        request,
        "evaluations/api_docs.html",
        {"operations": operations, "schema_url": request.build_absolute_uri(reverse("api:schema"))},
    )


def _operation(schema: dict[str, Any], path: str, method: str, operation: dict[str, Any]) -> dict[str, Any]:
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    return {
        "method": method.upper(),
        "path": path,
        "summary": operation.get("summary", ""),
        "description": operation.get("description", ""),
        "fields": _fields(schema, body),
        "responses": [
            {"code": code, "description": response.get("description", "")}
            for code, response in operation.get("responses", {}).items()
        ],
    }


def _fields(schema: dict[str, Any], ref: dict[str, Any] | None) -> list[dict[str, Any]]:
    if not ref or "$ref" not in ref:
        return []
    component = schema["components"]["schemas"][ref["$ref"].rsplit("/", 1)[-1]]
    required = set(component.get("required", []))
    return [
        {
            "name": name,
            "type": _type(prop),
            "required": name in required,
            "description": prop.get("description", ""),
        }
        for name, prop in component.get("properties", {}).items()
    ]


def _type(prop: dict[str, Any]) -> str:
    """``integer, 1 to 10, or null``: the type and the range the schema states."""
    shape = prop if "type" in prop else next(iter(prop.get("oneOf", [])), {})  # a blank-allowing string: oneOf
    text = shape.get("type", "")
    if "minimum" in shape and "maximum" in shape:
        text += f", {shape['minimum']} to {shape['maximum']}"
    elif "minimum" in shape:
        text += f", at least {shape['minimum']}"
    return text + (", or null" if prop.get("nullable") else "")
