"""Triage of a report's scenario rows: filter (failed, flaky, breached, not scored, errored, passed, overruled;
a kind; a change against the baseline), search (name, key, turns, expected outcome), sort and one page of them. Pure: it reads the light rows of
``page.report_page`` and the state ``reports.forms.ScenarioFilterForm`` validated."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Page, Paginator

from evaluations.gate import rules as gate
from evaluations.scoring.metrics import ERROR, FAIL, NOT_SCORED, PASS

PER_PAGE = 50

SHOW_CHOICES = (
    ("", "All scenarios"),
    ("failed", "Failed"),
    ("flaky", "Flaky"),
    ("breached", "Breached"),
    ("not_scored", "Not scored"),
    ("error", "Errored"),
    ("overruled", "Overruled by a reviewer"),
    ("passed", "Passed"),
)
SORT_CHOICES = (
    ("severity", "Most severe first"),
    ("name", "Name"),
    ("pass_rate", "Pass rate, lowest first"),
)
DEFAULT_SORT = "severity"
# A scenario's change against the baseline (docs/gate.md): regressions first, as the verdict header links them.
CHANGE_CHOICES = (
    ("", "Any"),
    *((str(state), label) for state, label in gate.CHANGE_LABELS.items() if state != gate.Change.GONE),
)

_SHOWS: dict[str, Callable[[Mapping[str, Any]], bool]] = {
    "failed": lambda row: row["status"] == FAIL,
    "flaky": lambda row: bool(row["is_flaky"]),
    "breached": lambda row: bool(row["breaches"]),
    "not_scored": lambda row: row["status"] == NOT_SCORED,
    "error": lambda row: row["status"] == ERROR,
    "overruled": lambda row: bool(row["overruled"]),
    "passed": lambda row: row["status"] == PASS,
}
_SEVERITY_RANK = {"critical": 0, "high": 1, "medium": 2, "low": 3}


@dataclasses.dataclass(frozen=True)
class TriageState:
    """What the user asked for; every field already valid (an invalid one was dropped with a message)."""

    show: str = ""
    kind: str = ""
    q: str = ""
    sort: str = DEFAULT_SORT
    page: str = "1"
    change: str = ""

    def as_data(self) -> dict[str, str]:
        return {"show": self.show, "change": self.change, "kind": self.kind, "q": self.q, "sort": self.sort}

    def query(self, **changes: str) -> str:
        """The query string of this state with ``changes`` (defaults left out, so a shared URL stays short)."""
        state = dataclasses.replace(self, **changes)
        pairs = {"show": state.show, "change": state.change, "kind": state.kind, "q": state.q, "sort": state.sort,
                 "page": state.page}  # fmt: skip
        defaults = {"sort": DEFAULT_SORT, "page": "1"}
        return urlencode({key: value for key, value in pairs.items() if value and value != defaults.get(key)})

    @property
    def is_filtered(self) -> bool:
        return bool(self.show or self.change or self.kind or self.q)


def scenario_triage(
    rows: Sequence[Mapping[str, Any]], state: TriageState, *, per_page: int = PER_PAGE
) -> dict[str, Any]:
    """``{"page", "total", "matched", "page_links", "page_note"}``: the page of rows matching ``state``, how many
    rows there are and match, links to the other pages, and a sentence when the page asked for does not exist."""
    keep = _SHOWS.get(state.show)
    needle = state.q.casefold()
    matched = [
        row
        for row in rows
        if (keep is None or keep(row))
        and (not state.change or row.get("change") == state.change)
        and (not state.kind or row["kind"] == state.kind)
        and (not needle or needle in row["search_text"])
    ]
    order = {key: index for index, key in enumerate(row["key"] for row in rows)}
    matched.sort(key=_sort_key(state.sort, order))
    paginator = Paginator(matched, per_page)
    page = paginator.get_page(state.page)
    return {
        "page": page,
        "total": len(rows),
        "matched": len(matched),
        "page_links": _page_links(page, state),
        "page_note": _page_note(state.page, page),
    }


def _sort_key(sort: str, order: Mapping[str, int]) -> Callable[[Mapping[str, Any]], Any]:
    if sort == "name":
        return lambda row: (row["name"].casefold(), order[row["key"]])
    if sort == "pass_rate":
        return lambda row: (row["pass_rate"] is None, row["pass_rate"] or 0.0, order[row["key"]])
    return lambda row: (_status_rank(row), _SEVERITY_RANK.get(row["severity"], 4), order[row["key"]])


def _status_rank(row: Mapping[str, Any]) -> int:
    """Breaches first, then scenarios failing every scored run, flaky ones, errors, not scored, and passes."""
    if row["breaches"]:
        return 0
    if row["status"] == FAIL:
        return 2 if row["is_flaky"] else 1
    return {ERROR: 3, NOT_SCORED: 4}.get(row["status"], 5)


def _page_links(page: Page, state: TriageState) -> list[dict[str, Any]]:
    """First, previous, a window around the current page, next and last; each with the query that reaches it."""
    count = page.paginator.num_pages
    if count <= 1:
        return []
    numbers = sorted({1, count, *range(max(page.number - 2, 1), min(page.number + 2, count) + 1)})
    links: list[dict[str, Any]] = []
    previous = 0
    for number in numbers:
        if number - previous > 1:
            links.append({"gap": True})
        links.append({"number": number, "query": state.query(page=str(number)), "current": number == page.number})
        previous = number
    return links


def _page_note(asked: str, page: Page) -> str:
    if asked.isdigit() and int(asked) > page.paginator.num_pages and page.paginator.count:
        return f"There is no page {int(asked):,}; this is the last page, {page.number:,}."
    return ""
