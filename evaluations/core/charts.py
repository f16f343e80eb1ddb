"""The one SVG chart module: pure functions from numbers and labels to safe inline SVG (no JavaScript, no models).

Every chart plots 0–100 values (trust scores, pass rates) oldest first. The template tags (the dashboard's
sparkline, the trust-score trend) and the monitor page (pass-rate chart, status strip) turn their rows into
``Point``s and call these; the scale, the axis, the escaping and the ``<svg>`` wrapper are written once here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

Attrs = Mapping[str, str | int | float]


@dataclasses.dataclass(frozen=True)
class Point:
    value: float | None  # 0–100; None: nothing to plot (a hollow point at 0 on the rate chart)
    title: str  # the tooltip
    colour: str = ""  # the fill; empty: the stylesheet's
    is_marked: bool = False  # the trend's reference run (the pinned baseline): larger, with a dashed line across
    tick: str = ""  # the x-axis label under this point (a date); the trend shows a few of them


@dataclasses.dataclass(frozen=True)
class Frame:
    """The drawing area inside the margins. Coordinates are rounded to a tenth, as they are written."""

    width: int
    height: int
    left: int = 0
    right: int = 0
    top: int = 0
    bottom: int = 0

    @property
    def plot_w(self) -> int:
        return self.width - self.left - self.right

    @property
    def plot_h(self) -> int:
        return self.height - self.top - self.bottom

    def x(self, i: int, n: int) -> float:
        """The i-th of n points spread across the width; a lone point in the middle."""
        return round(self.left + (i * (self.plot_w / (n - 1)) if n > 1 else self.plot_w / 2), 1)

    def y(self, value: float) -> float:
        """A 0–100 value, 100 at the top; values outside are clamped to the edge."""
        return round(self.top + self.plot_h - (max(0.0, min(100.0, value)) / 100) * self.plot_h, 1)


# ---------------------------------------------------------------------------------------------- markup


def _attr(value: str | int | float) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def element(tag: str, attrs: Attrs, *children: str) -> SafeString:
    """``<tag …/>`` or ``<tag …>children</tag>``: attribute values and plain-text children are escaped; children
    that are already safe (other elements) are kept as they are."""
    attributes = "".join(format_html(' {}="{}"', name, _attr(value)) for name, value in attrs.items())
    if not children:
        return mark_safe(f"<{tag}{attributes}/>")
    return mark_safe(f"<{tag}{attributes}>" + "".join(conditional_escape(c) for c in children) + f"</{tag}>")


def _svg(css_class: str, frame: Frame, label: str, parts: Iterable[str], extra: Attrs | None = None) -> SafeString:
    attrs: Attrs = {"class": css_class, "viewBox": f"0 0 {frame.width} {frame.height}", **(extra or {})}
    return element("svg", {**attrs, "role": "img", "aria-label": label}, mark_safe("".join(parts)))


def _axis(frame: Frame, *, suffix: str = "") -> list[SafeString]:
    """Grid lines at 0, 50 and 100 with their labels to the left of the plot."""
    parts = []
    for value in (0, 50, 100):
        y = frame.y(value)
        parts.append(
            element("line", {"class": "grid", "x1": frame.left, "y1": y, "x2": frame.width - frame.right, "y2": y})
        )
        parts.append(element("text", {"class": "axis", "x": frame.left - 6, "y": y + 4, "text-anchor": "end"}, f"{value}{suffix}"))  # fmt: skip
    return parts


def _across(frame: Frame, value: float, css_class: str, title: str = "") -> SafeString:
    """A horizontal line across the plot at ``value`` (a target, a baseline), dashed by its CSS class."""
    y = frame.y(value)
    attrs: Attrs = {"class": css_class, "x1": frame.left, "y1": y, "x2": frame.width - frame.right, "y2": y}
    return element("line", attrs, element("title", {}, title)) if title else element("line", attrs)


def _polyline(attrs: Attrs, xy: Iterable[tuple[float, float]]) -> SafeString:
    return element("polyline", {**attrs, "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)})


# ---------------------------------------------------------------------------------------------- charts


def sparkline(values: Sequence[float], *, label: str, width: int = 120, height: int = 28) -> SafeString:
    """A small trend line; empty when there are fewer than two values."""
    if len(values) < 2:
        return mark_safe("")
    frame = Frame(width, height, top=2, bottom=2)
    xy = [(frame.x(i, len(values)), frame.y(v)) for i, v in enumerate(values)]
    line = _polyline({"fill": "none", "stroke": "currentColor", "stroke-width": 2}, xy)
    aria = f"{label}: " + ", ".join(f"{v:g}" for v in values)
    return _svg("sparkline", frame, aria, [line], {"width": width, "height": height})


def trend_chart(
    points: Sequence[Point], *, label: str, mark_label: str = "Baseline", width: int = 560, height: int = 140
) -> SafeString:
    """A line through every point; a marked point is larger, labelled, with a dashed line at its value so later
    points show where they stand against it. Empty without points."""
    if not points:
        return mark_safe("")
    dated = any(p.tick for p in points)
    frame = Frame(width, height + (16 if dated else 0), left=34, right=12, top=14, bottom=26 if dated else 10)
    xy = [(frame.x(i, len(points)), frame.y(p.value or 0)) for i, p in enumerate(points)]
    parts = [*_axis(frame), _polyline({"class": "line"}, xy), *_ticks(frame, points, [x for x, _ in xy])]
    for (x, y), point in zip(xy, points, strict=True):
        title = element("title", {}, point.title)
        if point.is_marked:
            parts.append(_across(frame, point.value or 0, "baseline"))
            parts.append(element("circle", {"class": "point baseline", "cx": x, "cy": y, "r": 6}, title))
            label_at = {"x": min(x + 8, width - frame.right - 52.0), "y": max(y - 8, 10.0)}
            parts.append(element("text", {"class": "baseline-label", **label_at}, mark_label))
        else:
            parts.append(element("circle", {"class": "point", "cx": x, "cy": y, "r": 3.5}, title))
    extra = {"width": "100%", "preserveAspectRatio": "xMidYMid meet"}
    return _svg("trend", frame, label, parts, extra)


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of a trend with several (one per suite and endpoint): its points and their slots on the shared
    time axis (0 = the oldest run of the chart)."""

    label: str
    points: Sequence[Point]
    slots: Sequence[int]


def trend_lines(
    lines: Sequence[Line], *, slots: int, label: str, mark_label: str = "Baseline", width: int = 560, height: int = 140
) -> SafeString:
    """``trend_chart`` with one line per ``Line`` (``line s0``, ``line s1``, ... in the stylesheet), on one time
    axis of ``slots`` runs: points sit at their run's place among all of them, so two suites never share a line
    and the dates under the plot hold for every line. Empty without points."""
    if not any(line.points for line in lines):
        return mark_safe("")
    by_slot: dict[int, Point] = {}
    for line in lines:
        by_slot.update(zip(line.slots, line.points, strict=True))
    dated = any(p.tick for p in by_slot.values())
    frame = Frame(width, height + (16 if dated else 0), left=34, right=12, top=14, bottom=26 if dated else 10)
    axis_points = [by_slot.get(i, Point(None, "")) for i in range(slots)]
    xs = [frame.x(i, slots) for i in range(slots)]
    parts = [*_axis(frame), *_ticks(frame, axis_points, xs)]
    for n, line in enumerate(lines):
        xy = [(xs[slot], frame.y(p.value or 0)) for slot, p in zip(line.slots, line.points, strict=True)]
        series = f"s{n % 6}"
        if len(xy) > 1:
            parts.append(_polyline({"class": f"line {series}"}, xy))
        for (x, y), point in zip(xy, line.points, strict=True):
            title = element("title", {}, point.title)
            if point.is_marked:
                parts.append(element("circle", {"class": f"point baseline {series}", "cx": x, "cy": y, "r": 6}, title))
                label_at = {"x": min(x + 8, width - frame.right - 52.0), "y": max(y - 8, 10.0)}
                parts.append(element("text", {"class": "baseline-label", **label_at}, mark_label))
            else:
                parts.append(element("circle", {"class": f"point {series}", "cx": x, "cy": y, "r": 3.5}, title))
    extra = {"width": "100%", "preserveAspectRatio": "xMidYMid meet"}
    return _svg("trend", frame, label, parts, extra)


def _ticks(frame: Frame, points: Sequence[Point], xs: Sequence[float], most: int = 5) -> list[SafeString]:
    """Dates under the plot: the first, the last and evenly spaced ones between, at most ``most``, each once."""
    n = len(points)
    picks = sorted({round(i * (n - 1) / (most - 1)) for i in range(most)} if n > most else set(range(n)))
    parts, last = [], ""
    for i in picks:
        if points[i].tick and points[i].tick != last:
            anchor = "start" if i == 0 and n > 1 else "end" if i == n - 1 and n > 1 else "middle"
            at: Attrs = {"class": "tick", "x": xs[i], "y": frame.height - 6, "text-anchor": anchor}
            parts.append(element("text", at, points[i].tick))
            last = points[i].tick
    return parts


def rate_chart(
    points: Sequence[Point], *, target: float, label: str, empty_text: str, width: int = 900, height: int = 200
) -> SafeString:
    """Points coloured by their own fill, a line through those with a value, and the target as a dashed line.
    A point without a value is hollow, at 0. Points with a ``tick`` (their time) get a time axis under the plot."""
    has_ticks = any(p.tick for p in points)
    frame = Frame(width, height, left=40, right=8, top=8, bottom=26 if has_ticks else 8)
    parts = [*_axis(frame, suffix="%"), _across(frame, target, "target", f"Target {target:g}%")]
    xs = [frame.x(i, len(points)) for i in range(len(points))]
    scored = [(x, frame.y(p.value)) for x, p in zip(xs, points, strict=True) if p.value is not None]
    if len(scored) > 1:
        parts.append(_polyline({"class": "rate"}, scored))
    for x, point in zip(xs, points, strict=True):
        title = element("title", {}, point.title)
        paint: Attrs = {"fill": point.colour}
        if point.value is None:
            paint = {"fill": "#fff", "stroke": point.colour, "stroke-width": 2}
        parts.append(element("circle", {"cx": x, "cy": frame.y(point.value or 0), "r": 4, **paint}, title))
    if has_ticks:
        parts += _ticks(frame, points, xs)
    if not points:
        parts.append(
            element("text", {"x": frame.left + 10, "y": frame.top + frame.plot_h / 2, "class": "axis"}, empty_text)
        )
    return _svg("pass-rate-chart", frame, label, parts)


def status_strip(points: Sequence[Point], *, label: str, width: int = 900, height: int = 14) -> SafeString:
    """One block per point in its colour, oldest first; empty without points."""
    if not points:
        return mark_safe("")
    block = width / len(points)
    rects = [
        element("rect", {"x": i * block, "y": 0, "width": max(1.0, block - 1), "height": height, "fill": p.colour},
                element("title", {}, p.title))
        for i, p in enumerate(points)
    ]  # fmt: skip
    return _svg("status-strip", Frame(width, height), label, rects, {"preserveAspectRatio": "none"})
