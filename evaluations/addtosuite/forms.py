"""The Add to suite form: the proposed case as the member edits it, and the suite to add it to."""

from __future__ import annotations

from typing import Any

from django import forms

from suites.fields import MAX_MESSAGE_CHARS


class AddToSuiteForm(forms.Form):
    # A number, not a choice: the service says "that suite is gone" for one deleted since the form was shown.
    suite = forms.IntegerField(
        label="Add to suite",
        widget=forms.Select,
        error_messages={"required": "Choose the suite to add the case to.", "invalid": "Choose a suite from the list."},
    )
    name = forms.CharField(label="Case name", max_length=200, required=False, help_text="Blank: “Case N”.")
    message = forms.CharField(
        label="Message",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=MAX_MESSAGE_CHARS,
        error_messages={"required": "Write the message the case sends: it cannot be empty."},
        help_text="The user's message at this turn, PII masked.",
    )
    expected_outcome = forms.CharField(
        label="Expected outcome",
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text="What a good reply does. Blank: graded on quality only.",
    )

    def __init__(self, *args: Any, suites: Any = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [("", "Choose a suite…"), *((s.pk, f"{s.name} (v{s.version})") for s in suites)]
        self.fields["suite"].widget.choices = choices
