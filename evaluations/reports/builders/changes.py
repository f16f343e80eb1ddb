"""What changed against the baseline on the report page (docs/gate.md, "What changed, scenario by scenario"): each
scenario row's state, and the verdict header's counts as links to the scenario filter of each state, regressions
first, with the fixed scenarios listed apart as *Improved*. Pure: the states come from ``gate.changes.run_changes``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from evaluations.gate import rules as gate

IMPROVED_SHOWN = 10  # the header lists this many fixed scenarios; the rest are the "fixed" filter away

# Link text per state: "2 new failures", "1 flaky", "3 still failing", ...
_NOUNS = {
    gate.Change.NEW_FAILURE: ("new failure", "new failures"),
    gate.Change.FLAKY: ("flaky here or in the baseline", "flaky here or in the baseline"),
    gate.Change.STILL_FAILING: ("still failing", "still failing"),
    gate.Change.NOT_SCORED: ("not scored in one of the runs", "not scored in one of the runs"),
    gate.Change.NO_BASELINE: ("with no baseline yet", "with no baseline yet"),
    gate.Change.UNCHANGED: ("unchanged", "unchanged"),
}
REGRESSIONS = (gate.Change.NEW_FAILURE, gate.Change.FLAKY, gate.Change.STILL_FAILING)


def rows_with_changes(rows: Sequence[dict[str, Any]], changes: gate.ChangeSet | None) -> None:
    """Give each scenario row its ``change`` and ``change_label`` ("" when the run was not compared)."""
    by_key = changes.by_key() if changes is not None else {}
    for row in rows:
        change = by_key.get(row["key"])
        row["change"] = str(change.state) if change is not None else ""
        row["change_label"] = change.label if change is not None else ""


def change_links(changes: gate.ChangeSet | None, *, run_id: int) -> dict[str, Any] | None:
    """``{"links", "regression_count", "improved", "improved_count", "improved_more", "improved_all", "gone"}`` for the header: one link per state
    with scenarios, regressions first (``{"state", "count", "text", "href", "hx_get", "is_regression"}``), the
    fixed scenarios (``{"name", "href"}``: each opens its side by side) and a link to all of them, and how many are
    gone; None when the run was
    not compared with a baseline."""
    if changes is None:
        return None
    report_url = reverse("evaluations:run-report", args=[run_id])
    scenarios_url = reverse("evaluations:run-report-scenarios", args=[run_id])
    counts = changes.counts()
    links = []
    for state, (one, many) in _NOUNS.items():
        if counts[state]:
            query = urlencode({"change": str(state)})
            links.append({
                "state": str(state),
                "count": counts[state],
                "text": f"{counts[state]:,} {one if counts[state] == 1 else many}",
                "href": f"{report_url}?{query}#scenario-results",
                "hx_get": f"{scenarios_url}?{query}",
                "is_regression": state in REGRESSIONS,
            })  # fmt: skip
    fixed = changes.of(gate.Change.FIXED)
    query = urlencode({"change": str(gate.Change.FIXED)})
    return {
        "links": links,
        "regression_count": sum(counts[state] for state in REGRESSIONS),
        "improved": [
            {"name": s.name, "href": reverse("evaluations:run-report-scenario", args=[run_id, s.key])}
            for s in fixed[:IMPROVED_SHOWN]
        ],
        "improved_count": len(fixed),
        "improved_more": max(len(fixed) - IMPROVED_SHOWN, 0),
        "improved_all": {"href": f"{report_url}?{query}#scenario-results", "hx_get": f"{scenarios_url}?{query}"},
        "gone": counts[gate.Change.GONE],
    }
