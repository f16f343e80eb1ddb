"""Small server-rendered helpers: a trend sparkline as inline SVG, and status badges."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def sparkline(values: Sequence[float], width: int = 120, height: int = 28) -> str:
    """An inline SVG trend line of 0–100 values (oldest first); empty when there are fewer than two."""
    if len(values) < 2:
        return ""
    step = width / (len(values) - 1)
    points = " ".join(f"{i * step:.1f},{height - 2 - (v / 100) * (height - 4):.1f}" for i, v in enumerate(values))
    return format_html(
        '<svg class="sparkline" width="{}" height="{}" viewBox="0 0 {} {}" role="img" aria-label="Trust score trend: {}">'
        '<polyline fill="none" stroke="currentColor" stroke-width="2" points="{}"/></svg>',
        width, height, width, height, ", ".join(f"{v:g}" for v in values), points,
    )  # fmt: skip
