"""Small server-rendered helpers: the trust-score charts (drawn by ``evaluations.core.charts``) and number filters."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timesince import timesince

from evaluations.core import charts

register = template.Library()


@register.simple_tag
def sparkline(values: Sequence[float], width: int = 120, height: int = 28) -> str:
    """An inline SVG trend line of 0–100 values (oldest first); empty when there are fewer than two."""
    return charts.sparkline(values, label="Trust score trend", width=width, height=height)


@register.simple_tag
def trust_trend(points: Sequence[dict], width: int = 560, height: int = 140) -> str:
    """The trust-score trend over runs as inline SVG (oldest first), the baseline run(s) marked.

    ``points`` are ``{"run_id", "score", "is_baseline"}`` dicts (``gate.selectors.trust_trend``). A dashed line at
    the baseline's score shows where later runs stand against it; every point has a ``<title>`` tooltip.
    """
    scores = [float(p["score"]) for p in points]
    marked = [f"run #{p['run_id']} ({s:g})" for p, s in zip(points, scores, strict=True) if p.get("is_baseline")]
    label = f"Trust score over the last {len(points)} runs: " + ", ".join(f"{s:g}" for s in scores)
    label += ". Baseline: " + ", ".join(marked) + "." if marked else ". No baseline pinned."
    chart_points = [
        charts.Point(
            value=s,
            title=f"Run #{p['run_id']}: {s:g} / 100" + (" (baseline)" if p.get("is_baseline") else ""),
            is_marked=bool(p.get("is_baseline")),
            tick=_date_tick(p.get("created_at")),
        )
        for p, s in zip(points, scores, strict=True)
    ]
    return charts.trend_chart(chart_points, label=label, width=width, height=height)


@register.simple_tag
def trust_trends(lines: Sequence[dict], width: int = 560, height: int = 140) -> str:
    """The agent's trust-score trend as inline SVG, one line per suite and endpoint (``gate.selectors.trust_trends``)
    on one time axis, dates under the plot; each point's tooltip names its run number, date, score and line."""
    runs = sorted(
        {(p["created_at"], p["run_id"]) for line in lines for p in line["points"]}, key=lambda r: (r[0], r[1])
    )
    slot = {run_id: i for i, (_, run_id) in enumerate(runs)}
    drawn, said = [], []
    for line in lines:
        points = [
            charts.Point(
                value=float(p["score"]),
                title=f"Run #{p['run_id']}, {_date_tick(p.get('created_at'))}: {float(p['score']):g} / 100 — "
                f"{line['label']}" + (" (baseline)" if p.get("is_baseline") else ""),
                is_marked=bool(p.get("is_baseline")),
                tick=_date_tick(p.get("created_at")),
            )
            for p in line["points"]
        ]
        drawn.append(charts.Line(line["label"], points, [slot[p["run_id"]] for p in line["points"]]))
        scores = ", ".join(f"#{p['run_id']} {float(p['score']):g}" for p in line["points"])
        marked = [f"run #{p['run_id']} ({float(p['score']):g})" for p in line["points"] if p.get("is_baseline")]
        said.append(f"{line['label']}: {scores}" + (f". Baseline: {', '.join(marked)}" if marked else ""))
    label = f"Trust score over the last {len(runs)} runs, one line per suite and endpoint. " + ". ".join(said) + "."
    return charts.trend_lines(drawn, slots=len(runs), label=label, width=width, height=height)


def _date_tick(when: object) -> str:
    """A run's date for the x-axis ("1 Dec"), in the server's time zone; "" without one."""
    if not isinstance(when, datetime.datetime):
        return ""
    return date_format(timezone.localtime(when) if timezone.is_aware(when) else when, "j M")


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


@register.filter
def ago(moment: datetime.datetime | None) -> str:
    """``just now`` under a minute, else ``5 minutes ago`` / ``2 hours, 3 minutes ago`` (never "0 minutes ago");
    "never" for None."""
    if moment is None:
        return "never"
    if timezone.now() - moment < datetime.timedelta(minutes=1):
        return "just now"
    return f"{timesince(moment)} ago"
