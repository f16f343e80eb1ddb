"""Small server-rendered helpers: a trend sparkline as inline SVG, and status badges."""

from __future__ import annotations

from collections.abc import Sequence

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe

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


@register.simple_tag
def trust_trend(points: Sequence[dict], width: int = 560, height: int = 140) -> str:
    """The trust-score trend over runs as inline SVG (oldest first), the baseline run(s) marked.

    ``points`` are ``{"run_id", "score", "is_baseline"}`` dicts (``services.gate.trust_trend``). A dashed line at
    the baseline's score shows where later runs stand against it; every point has a ``<title>`` tooltip.
    """
    if not points:
        return ""
    left, right, top, bottom = 34, 12, 14, 10
    plot_w, plot_h = width - left - right, height - top - bottom

    def y_of(score: float) -> str:
        return f"{top + plot_h - (max(0.0, min(100.0, score)) / 100) * plot_h:.1f}"

    def x_of(i: int) -> str:
        return f"{left + (i * plot_w / (len(points) - 1) if len(points) > 1 else plot_w / 2):.1f}"

    # Coordinates are numbers formatted here; only run ids and scores (numbers too) go through format_html.
    parts = [
        format_html('<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}"/><text class="axis" x="{}" y="{}">{}</text>',
                    left, y_of(v), width - right, y_of(v), left - 6, f"{float(y_of(v)) + 4:.1f}", v)
        for v in (0, 50, 100)
    ]  # fmt: skip
    line = " ".join(f"{x_of(i)},{y_of(float(p['score']))}" for i, p in enumerate(points))
    parts.append(format_html('<polyline class="line" points="{}"/>', line))
    marked = []
    for i, point in enumerate(points):
        score = float(point["score"])
        x, y = x_of(i), y_of(score)
        if point.get("is_baseline"):
            label_x = f"{min(float(x) + 8, width - right - 52):.1f}"
            parts.append(
                format_html(
                    '<line class="baseline" x1="{}" y1="{}" x2="{}" y2="{}"/>'
                    '<circle class="point baseline" cx="{}" cy="{}" r="6"><title>Run #{}: {} (baseline)</title></circle>'
                    '<text class="baseline-label" x="{}" y="{}">Baseline</text>',
                    left,
                    y,
                    width - right,
                    y,
                    x,
                    y,
                    point["run_id"],
                    f"{score:g}",
                    label_x,
                    f"{max(float(y) - 8, 10):.1f}",
                )  # fmt: skip
            )
            marked.append(f"run #{point['run_id']} ({score:g})")
        else:
            parts.append(
                format_html('<circle class="point" cx="{}" cy="{}" r="3.5"><title>Run #{}: {}</title></circle>',
                            x, y, point["run_id"], f"{score:g}")
            )  # fmt: skip
    label = f"Trust score over the last {len(points)} runs: " + ", ".join(f"{float(p['score']):g}" for p in points)
    label += ". Baseline: " + ", ".join(marked) + "." if marked else ". No baseline pinned."
    return format_html(
        '<svg class="trend" viewBox="0 0 {} {}" width="100%" preserveAspectRatio="xMidYMid meet" role="img" '
        'aria-label="{}">{}</svg>',
        width, height, label, mark_safe("".join(parts)),  # every part is format_html output
    )  # fmt: skip


@register.filter
def signed(value: float | None, digits: int = 1) -> str:
    """A change with its sign: ``+2.5``, ``−40``, ``0``; an em dash for None."""
    if value is None:
        return "—"
    text = f"{abs(value):.{digits}f}".rstrip("0").rstrip(".")
    if text == "0":
        return "0"
    return ("+" if value > 0 else "−") + text


@register.filter
def percent(fraction: float | None, digits: int = 1) -> str:
    """A 0–1 fraction as a percentage: ``0.035`` → ``3.5%``."""
    if fraction is None:
        return "—"
    return f"{100 * fraction:.{digits}f}".rstrip("0").rstrip(".") + "%"
