"""Widgets shared by forms: a choice list whose unavailable options stay visible, disabled, with their reason."""

from __future__ import annotations

from typing import Any

from django import forms


class PartlyDisabledRadioSelect(forms.RadioSelect):
    """Radio buttons where the options in ``disabled_values`` are shown disabled, ``reason`` beside them (a user
    sees what exists and why it is not offered, instead of a choice that fails after submit)."""

    option_template_name = "evaluations/widgets/radio_option_disabled.html"

    def __init__(self, *args: Any, disabled_values: tuple[str, ...] = (), reason: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.disabled_values = disabled_values
        self.reason = reason

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        if str(value) in self.disabled_values:
            option["attrs"]["disabled"] = True
            option["reason"] = self.reason
        return option
