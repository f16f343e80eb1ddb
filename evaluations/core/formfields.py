"""Form fields for values stored as JSON lists, so that nobody types JSON (docs/suites.md, Django admin): phrases,
markers and contacts one a line; turns in order, separated by a line holding only ``---`` (as in the test-set
editor); key-value rows. They only reshape the input: the checks of the values stay with the rooms that own
them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

TURN_SEPARATOR = "---"
NO_NUL = ProhibitNullCharactersValidator()


class LinesField(forms.CharField):
    """A list of strings, one a line; blank lines are dropped."""

    widget = forms.Textarea(attrs={"rows": 3})

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", "One a line.")
        super().__init__(strip=False, **kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return "\n".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        text = super().to_python(value) or ""
        return [line.strip() for line in str(text).splitlines() if line.strip()]

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value: Any) -> None:
        for item in value or []:
            super().run_validators(item)


def split_turns(text: str) -> list[str]:
    """Turns in order from text where a line holding only ``---`` separates them; blank turns are dropped."""
    blocks: list[str] = []
    block: list[str] = []
    for line in text.splitlines():
        if line.strip() == TURN_SEPARATOR:
            blocks.append("\n".join(block).strip())
            block = []
        else:
            block.append(line)
    blocks.append("\n".join(block).strip())
    return [turn for turn in blocks if turn]


class TurnsField(LinesField):
    """Ordered user turns; each may span lines. A line holding only ``---`` starts the next turn."""

    widget = forms.Textarea(attrs={"rows": 5})

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "The user turns in order; separate them with a line holding only ---.")
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return f"\n{TURN_SEPARATOR}\n".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        return split_turns(str(value or ""))


class KeyValueWidget(forms.Widget):
    """Rows of name and value inputs: the rows given, then ``spare`` blank ones."""

    spare = 2

    def __init__(self, *, key_label: str = "Name", value_label: str = "Value", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.key_label, self.value_label = key_label, value_label

    def value_from_datadict(self, data: Mapping[str, Any], files: Any, name: str) -> list[list[str]]:
        getlist = getattr(data, "getlist", None)
        keys = getlist(f"{name}-key") if getlist else list(data.get(f"{name}-key") or [])
        values = getlist(f"{name}-value") if getlist else list(data.get(f"{name}-value") or [])
        return [[key, value] for key, value in zip(keys, values, strict=False)]

    def value_omitted_from_data(self, data: Mapping[str, Any], files: Any, name: str) -> bool:
        return f"{name}-key" not in data

    def render(self, name: str, value: Any, attrs: Any = None, renderer: Any = None) -> SafeString:
        rows = [list(pair) for pair in value or [] if len(pair) == 2] + [["", ""]] * self.spare
        label_id = (attrs or {}).get("id") or f"id_{name}"
        body = format_html_join(
            "",
            '<tr><td><input type="text" name="{}-key" value="{}" aria-label="{} {}" id="{}"></td>'
            '<td><input type="text" name="{}-value" value="{}" aria-label="{} {}" class="kv-value"></td></tr>',
            (
                (name, key, self.key_label, i, label_id if i == 1 else f"{label_id}_{i}", name, val,
                 self.value_label, i)
                for i, (key, val) in enumerate(rows, start=1)
            ),
        )  # fmt: skip
        return format_html(
            '<div class="key-value-rows"><table><thead><tr><th scope="col">{}</th><th scope="col">{}</th></tr></thead>'
            "<tbody>{}</tbody></table></div>",
            self.key_label,
            self.value_label,
            body,
        )


class KeyValueField(forms.Field):
    """``[[key, value], ...]`` from rows of inputs; the caller checks the keys (blank rows are its to drop)."""

    widget = KeyValueWidget

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[list[str]]:
        rows: Sequence[Any] = value or []
        pairs = [[str(pair[0]), str(pair[1])] for pair in rows if isinstance(pair, list | tuple) and len(pair) == 2]
        for pair in pairs:
            for text in pair:
                NO_NUL(text)  # PostgreSQL cannot store NUL in JSON text: a 500 there
        return pairs

    def has_changed(self, initial: Any, data: Any) -> bool:
        def kept(rows: Any) -> list[list[str]]:
            return [pair for pair in self.to_python(rows) if pair[0].strip() or pair[1].strip()]

        return kept(initial) != kept(data)
