"""Input validation for billing screens."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from billing.models import Account
from billing.roles import DEFAULT_API_SCOPES, ApiScope


class ApiKeyCreateForm(forms.Form):
    name = forms.CharField(
        label="Key name",
        max_length=100,
        help_text="What uses it, e.g. “GitHub Actions: web-shop”.",
        error_messages={"required": "Give the key a name, so you know what to revoke later."},
    )
    account = forms.ModelChoiceField(
        label="Workspace",
        queryset=Account.objects.none(),
        empty_label=None,
        help_text="The key sees and runs only this workspace's suites, with your role there.",
        error_messages={"invalid_choice": "Choose one of your workspaces."},
    )
    scopes = forms.MultipleChoiceField(
        label="Scopes",
        choices=[
            (ApiScope.READ, "Read: suites, runs and reports (every key)"),
            (ApiScope.RUN, "Run: launch and cancel runs, report deploys"),
            (ApiScope.PUBLISH, "Publish: pin a run as the baseline (your role must allow it too)"),
        ],
        initial=list(DEFAULT_API_SCOPES),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="What the key may do; a call outside them answers 403. Every key can read.",
        error_messages={"invalid_choice": "Choose among read, run and publish."},
    )

    def __init__(self, *args: Any, accounts: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["account"]).queryset = accounts

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the key a name, so you know what to revoke later.")
        return name

    def clean_scopes(self) -> list[str]:
        """Every key reads: ``read`` is kept even when left unticked."""
        return ApiScope.ordered([ApiScope.READ, *self.cleaned_data["scopes"]])
