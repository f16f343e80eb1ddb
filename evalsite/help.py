"""In-app help: the setup section for a model provider from docs/configuration.md, linked from every "rules only"
notice. The Markdown is shown as text, escaped by the template: nothing in it becomes HTML."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

SECTION_TITLE = "## Model provider"


def readme_section(title: str = SECTION_TITLE) -> str:
    """The docs/configuration.md section under ``title`` (to the next level-2 heading); "" without docs/."""
    try:
        text = (settings.BASE_DIR / "docs" / "configuration.md").read_text(encoding="utf-8")
    except OSError:
        return ""
    start = text.find(title + "\n")
    if start < 0:
        return ""
    body = text[start + len(title) + 1 :]
    end = body.find("\n## ")
    return (body if end < 0 else body[:end]).strip()


@require_GET
@login_required
def provider_setup(request: HttpRequest) -> HttpResponse:
    return render(request, "help_provider.html", {"section": readme_section()})
