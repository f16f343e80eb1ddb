"""The main navigation: one link per section, marked ``aria-current="page"`` on the section being shown."""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

# The URL names (namespace:name) that belong to each nav entry besides its own target, by prefix of the path.
SECTION_PREFIXES = {
    "evaluations:agent-list": ("/agents/",),
    "suites:suite-list": ("/suites/",),
    "evaluations:run-list": ("/runs/",),
    "monitors:monitor-list": ("/monitors/",),
    "billing:credits": ("/credits/", "/audit/"),  # the workspace's pages
    "billing:api-keys": ("/profile/api-keys/",),
}
EXACT_ONLY = ("/", "/runs/new/")  # a link that is current only on its own page (and takes it from its section)


def is_current(path: str, url_name: str) -> bool:
    target = reverse(url_name)
    if target in EXACT_ONLY or path in EXACT_ONLY:
        return path == target
    return path == target or any(path.startswith(prefix) for prefix in SECTION_PREFIXES.get(url_name, ()))


@register.simple_tag(takes_context=True)
def nav_link(context: template.Context, url_name: str, label: str) -> SafeString:
    request: HttpRequest | None = context.get("request")
    current = request is not None and is_current(request.path, url_name)
    if current:
        return format_html('<a href="{}" aria-current="page">{}</a>', reverse(url_name), label)
    return format_html('<a href="{}">{}</a>', reverse(url_name), label)
