"""A styled page for 405 Method Not Allowed: Django's own is an empty body, which a browser shows as a blank
page. The API keeps its JSON answers."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def styled_method_not_allowed(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 405 or response.content or request.path.startswith("/api/"):
            return response
        allowed = response.get("Allow", "")
        styled = render(
            request,
            "error.html",
            {
                "title": "Not allowed here",
                "reason": f"This address does not accept a {request.method} request"
                + (f" (it accepts {allowed})." if allowed else "."),
            },
            status=405,
        )
        if allowed:
            styled["Allow"] = allowed
        return styled

    return middleware
