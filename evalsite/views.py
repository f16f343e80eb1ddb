"""Error pages that speak plainly and never echo request data."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    reason = str(exception) if exception and str(exception) else "You do not have the role this needs."
    return render(request, "error.html", {"title": "Not allowed", "reason": reason}, status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(
        request,
        "error.html",
        {"title": "Not found", "reason": "There is nothing here, or it is not yours to see."},
        status=404,
    )


def server_error(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "error.html",
        {
            "title": "Something went wrong",
            "reason": "The error was logged. Try again, and tell your admin if it keeps happening.",
        },
        status=500,
    )
