"""Server-rendered SVG for the monitor page: the pass-rate chart and the status strip. No JavaScript."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from evaluations.monitors.models import MonitorRun, MonitorRunStatus, MonitorStatus

COLOURS = {
    MonitorStatus.UP: "#146c2e",
    MonitorStatus.DEGRADED: "#8a5300",
    MonitorStatus.DOWN: "#b42318",
    "error": "#4b5563",
}


def _finished(runs: Sequence[MonitorRun]) -> list[MonitorRun]:
    return [r for r in runs if r.status in (MonitorRunStatus.DONE, MonitorRunStatus.ERROR)]


def _colour(run: MonitorRun) -> str:
    return COLOURS.get(run.outcome, COLOURS["error"]) if run.status == MonitorRunStatus.DONE else COLOURS["error"]


def _label(run: MonitorRun) -> str:
    state = run.get_outcome_display() if run.outcome else run.get_status_display()
    rate = f"{run.pass_rate:.0f}%, " if run.pass_rate is not None else ""
    return f"Run {run.pk}: {rate}{state}"


def pass_rate_chart(runs: Sequence[MonitorRun], *, target: float, width: int = 900, height: int = 200) -> SafeString:
    """Pass rate per finished run (oldest first) as a line with points coloured by status, and the target as a
    dashed line. Runs without a pass rate (down, nothing judged, monitor errors) are hollow points at 0."""
    left, right, top, bottom = 40, 8, 8, 8
    plot_w, plot_h = width - left - right, height - top - bottom
    finished = _finished(runs)

    def y(rate: float) -> float:
        return top + plot_h * (1 - rate / 100)

    step = plot_w / max(1, len(finished) - 1)
    xs = [left + (i * step if len(finished) > 1 else plot_w / 2) for i in range(len(finished))]
    parts = [
        f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" class="grid"/>'
        f'<text x="{left - 6}" y="{y(v) + 4:.1f}" class="axis" text-anchor="end">{v}%</text>'
        for v in (0, 50, 100)
    ]
    parts.append(
        f'<line x1="{left}" x2="{width - right}" y1="{y(target):.1f}" y2="{y(target):.1f}" class="target">'
        f"<title>Target {target:g}%</title></line>"
    )
    scored = [(x, r) for x, r in zip(xs, finished, strict=True) if r.pass_rate is not None]
    if len(scored) > 1:
        points = " ".join(f"{x:.1f},{y(float(r.pass_rate or 0)):.1f}" for x, r in scored)
        parts.append(f'<polyline points="{points}" class="rate"/>')
    for x, run in zip(xs, finished, strict=True):
        title = f"<title>{escape(_label(run))}</title>"
        if run.pass_rate is None:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y(0):.1f}" r="4" fill="#fff" stroke="{_colour(run)}" stroke-width="2">'
                f"{title}</circle>"
            )
        else:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y(run.pass_rate):.1f}" r="4" fill="{_colour(run)}">{title}</circle>'
            )
    if not finished:
        parts.append(f'<text x="{left + 10}" y="{top + plot_h / 2:.1f}" class="axis">No finished runs yet</text>')
    latest = ", ".join(
        f"{r.pass_rate:.0f}%" if r.pass_rate is not None else (r.outcome or "error") for r in finished[-12:]
    )
    aria = f"Pass rate of the last {len(finished)} runs against a {target:g}% target" + (
        f"; latest: {latest}" if latest else "; no finished runs yet"
    )
    return mark_safe(
        f'<svg class="pass-rate-chart" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(aria)}">'
        + "".join(parts)
        + "</svg>"
    )


def status_strip(runs: Sequence[MonitorRun], *, width: int = 900, height: int = 14) -> SafeString:
    """One coloured block per finished run, oldest first: up green, degraded amber, down red, error grey."""
    finished = _finished(runs)
    if not finished:
        return mark_safe("")
    block = width / len(finished)
    rects = "".join(
        f'<rect x="{i * block:.1f}" y="0" width="{max(1.0, block - 1):.1f}" height="{height}" fill="{_colour(r)}">'
        f"<title>{escape(_label(r))}</title></rect>"
        for i, r in enumerate(finished)
    )
    return mark_safe(
        f'<svg class="status-strip" viewBox="0 0 {width} {height}" preserveAspectRatio="none" role="img" '
        f'aria-label="Status of the last {len(finished)} runs">{rects}</svg>'
    )
