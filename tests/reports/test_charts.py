"""The one SVG chart module (evaluations.core.charts): pure, escaped, the same scale for every chart."""

from __future__ import annotations

from evaluations.core import charts
from evaluations.core.charts import Frame, Point


def test_frame_puts_100_at_the_top_and_clamps_values_outside() -> None:
    frame = Frame(100, 100, left=10, right=10, top=10, bottom=10)

    assert (frame.y(100), frame.y(50), frame.y(0)) == (10.0, 50.0, 90.0)
    assert frame.y(140) == frame.y(100) and frame.y(-5) == frame.y(0)
    assert [frame.x(i, 3) for i in range(3)] == [10.0, 50.0, 90.0]
    assert frame.x(0, 1) == 50.0  # a lone point in the middle


def test_titles_labels_and_colours_are_escaped() -> None:
    svg = charts.status_strip([Point(None, '<b>"x"</b>&', colour='"red')], label='<script>"')

    assert "<b>" not in svg and "<script>" not in svg
    assert "&lt;b&gt;&quot;x&quot;&lt;/b&gt;&amp;" in svg and 'fill="&quot;red"' in svg


def test_sparkline_needs_two_values() -> None:
    assert charts.sparkline([80.0], label="Trend") == ""
    svg = charts.sparkline([0.0, 100.0], label="Trend", width=120, height=28)
    assert 'aria-label="Trend: 0, 100"' in svg and 'points="0.0,26.0 120.0,2.0"' in svg


def test_trend_chart_marks_the_reference_point() -> None:
    assert charts.trend_chart([], label="none") == ""
    svg = charts.trend_chart([Point(60.0, "Run #1: 60"), Point(90.0, "Run #2: 90", is_marked=True)], label="Trend")

    assert svg.count('class="point"') == 1 and svg.count('class="point baseline"') == 1
    assert '<line class="baseline"' in svg and ">Baseline</text>" in svg and "<title>Run #2: 90</title>" in svg


def test_rate_chart_draws_points_without_a_value_hollow_at_zero() -> None:
    frame = Frame(900, 200, left=40, right=8, top=8, bottom=8)
    svg = charts.rate_chart(
        [Point(100.0, "a", colour="#146c2e"), Point(None, "b", colour="#b42318")],
        target=90,
        label="Pass rate",
        empty_text="Nothing yet",
    )

    assert f'cy="{frame.y(0):.1f}" r="4" fill="#fff" stroke="#b42318"' in svg
    assert "<title>Target 90%</title>" in svg and 'class="rate"' not in svg  # one scored point: no line
    assert ">Nothing yet</text>" in charts.rate_chart([], target=90, label="Pass rate", empty_text="Nothing yet")
