"""Form fields tied to their help and errors: the widget's ``aria-describedby`` names both, so a screen reader
reads every error of a field with it, and ``aria-invalid`` marks a field that has one."""

from __future__ import annotations

from django import template
from django.forms import BoundField
from django.utils.safestring import SafeString

register = template.Library()


def help_id(field: BoundField) -> str:
    return f"{field.auto_id or field.html_name}-help"


def error_id(field: BoundField) -> str:
    return f"{field.auto_id or field.html_name}-errors"


@register.filter
def described(field: BoundField) -> SafeString:
    """The field's widget with ``aria-describedby`` (help text, errors) and ``aria-invalid`` set."""
    ids = [help_id(field)] if field.help_text else []
    attrs: dict[str, str | bool] = {}
    if field.errors:
        ids.append(error_id(field))
        attrs["aria-invalid"] = "true"
    if ids:
        attrs["aria-describedby"] = " ".join(ids)
    return SafeString(field.as_widget(attrs=attrs))


@register.filter
def field_help_id(field: BoundField) -> str:
    return help_id(field)


@register.filter
def field_error_id(field: BoundField) -> str:
    return error_id(field)
