"""The report's scenario triage controls: filter, change since the baseline, kind, search, sort and page, from the query string."""

from __future__ import annotations

from typing import Any

from django import forms

from evaluations.core.specs import KIND_LABELS
from evaluations.reports.builders.triage import CHANGE_CHOICES, DEFAULT_SORT, SHOW_CHOICES, SORT_CHOICES, TriageState

SEARCH_MAX = 200
PAGE_MAX = 1_000_000


class ScenarioFilterForm(forms.Form):
    """Always usable: a value that is not valid is dropped (its message says why) and the rest still apply."""

    show = forms.ChoiceField(label="Show", choices=SHOW_CHOICES, required=False)
    change = forms.ChoiceField(label="Since the baseline", choices=CHANGE_CHOICES, required=False)
    kind = forms.ChoiceField(
        label="Kind",
        choices=[("", "Any kind"), *((kind.value, label) for kind, label in KIND_LABELS.items())],
        required=False,
    )
    q = forms.CharField(
        label="Search",
        required=False,
        max_length=SEARCH_MAX,
        error_messages={"max_length": f"Search for at most {SEARCH_MAX} characters (you sent %(show_value)d)."},
    )
    sort = forms.ChoiceField(label="Sort by", choices=SORT_CHOICES, required=False)
    page = forms.IntegerField(
        label="Page",
        required=False,
        min_value=1,
        max_value=PAGE_MAX,
        error_messages={"invalid": "The page is a whole number from 1; showing the first page."},
    )

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data if data is not None else {}, **kwargs)
        self.fields["q"].widget.attrs.update({"type": "search", "placeholder": "Scenario name or text"})

    def state(self) -> TriageState:
        """The valid part of what was asked (an invalid field falls back to its default)."""
        self.is_valid()
        data = self.cleaned_data
        return TriageState(
            show=data.get("show") or "",
            change=data.get("change") or "",
            kind=data.get("kind") or "",
            q=data.get("q") or "",
            sort=data.get("sort") or DEFAULT_SORT,
            page=str(data.get("page") or 1),
        )

    def messages(self) -> list[str]:
        """One sentence per value that was dropped, naming the field."""
        self.is_valid()
        return [
            f"{self.fields[name].label}: {' '.join(str(e) for e in errors)}" for name, errors in self.errors.items()
        ]
