"""The import page's form (docs/imports.md, On the web): the format, the file, the target, and the mapping step's
choices (``map_col_N`` names a column, ``map_to_N`` what it becomes)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from suites.imports.base import MAPPING_TARGETS, MAX_IMPORT_BYTES, MAX_IMPORT_MB
from suites.imports.preview import FORMAT_CHOICES
from suites.models import Suite

MAPPING_LABELS = {
    "message": "the message",
    "messages": "the conversation (list of role, content)",
    "expected_outcome": "the expected outcome",
    "name": "the case's name",
    "variable": "a template variable",
    "ignore": "nothing (ignored)",
}
MAPPING_CHOICES = [(target, MAPPING_LABELS[target]) for target in MAPPING_TARGETS]


class CasesImportForm(forms.Form):
    source_format = forms.ChoiceField(label="Format", choices=FORMAT_CHOICES)
    upload = forms.FileField(label="File", help_text=f"Up to {MAX_IMPORT_MB} MB, UTF-8 text.")
    suite = forms.ModelChoiceField(
        label="Add the cases to",
        queryset=Suite.objects.none(),
        required=False,
        empty_label="a new test set (name it below)",
        help_text="A saved suite gets them as its next version.",
    )
    new_suite_name = forms.CharField(label="New test set's name", max_length=200, required=False)

    def __init__(self, *args: Any, suites: QuerySet[Suite], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["suite"].queryset = suites  # type: ignore[attr-defined]

    def clean_upload(self) -> Any:
        upload = self.cleaned_data["upload"]
        if upload.size > MAX_IMPORT_BYTES:
            raise ValidationError(
                f"The file is {upload.size / 1024 / 1024:.1f} MB; imports take files up to {MAX_IMPORT_MB} MB. "
                "Split it into smaller files and import each."
            )
        return upload

    def mapping(self) -> dict[str, str]:
        """The mapping step's choices, as posted: column name → what it becomes."""
        chosen: dict[str, str] = {}
        for key, column in self.data.items():
            if key.startswith("map_col_") and isinstance(column, str):
                target = self.data.get("map_to_" + key.removeprefix("map_col_"))
                if isinstance(target, str) and target:
                    chosen[column] = target
        return chosen

    def target_problem(self) -> str:
        """Why Import cannot go ahead with the target given; "" when it can."""
        suite, name = self.cleaned_data.get("suite"), (self.cleaned_data.get("new_suite_name") or "").strip()
        if suite is None and not name:
            return "Choose the saved suite to add the cases to, or name the new test set."
        if suite is not None and name:
            return "Add the cases to a saved suite or to a new test set, not both: clear one of the two."
        return ""
