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
            "type": _type(prop, schema["components"]["schemas"]),
            "required": name in required,
            # drf-spectacular appends the enum's "* `value` - label" list; the Type column states the values.
            "description": prop.get("description", "").split("\n\n* `", 1)[0],
        }
        for name, prop in component.get("properties", {}).items()
    ]


def _type(prop: dict[str, Any], components: dict[str, Any]) -> str:
    """``integer, 1 to 10, or null``, ``one of quick, standard, deep, or ""``: the type and the range or the
    values the schema states."""
    shapes = [_resolve(p, components) for p in prop.get("oneOf", [])] or [prop]
    values = [v for shape in shapes for v in shape.get("enum", [])]
    shape = next((s for s in shapes if "type" in s), shapes[0])  # a blank-allowing string: oneOf
    if values:
        text = "one of " + ", ".join(f'"{v}"' if v == "" else str(v) for v in values)
    else:
        text = shape.get("type", "")
        if text == "array":
            text += " of " + _resolve(shape.get("items", {}), components).get("type", "values")
        if "minimum" in shape and "maximum" in shape:
            text += f", {shape['minimum']} to {shape['maximum']}"
        elif "minimum" in shape:
            text += f", at least {shape['minimum']}"
    return text + (", or null" if prop.get("nullable") else "")


def _resolve(prop: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    ref = prop.get("$ref")
    return dict(components[ref.rsplit("/", 1)[-1]]) if ref else prop
