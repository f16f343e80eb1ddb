"""Input validation for billing screens."""

from __future__ import annotations

from typing import Any, cast

from django import forms

from billing.models import Account


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

    def __init__(self, *args: Any, accounts: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["account"]).queryset = accounts

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the key a name, so you know what to revoke later.")
        return name
