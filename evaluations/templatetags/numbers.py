"""Numbers as people read them: thousands separated (12,400 credits, 1,520 conversations)."""

from __future__ import annotations

import math

from django import template

register = template.Library()


@register.filter
def thousands(value: object) -> str:
    """``12400`` → ``12,400``; floats keep one decimal when they have one; anything else is shown as it is."""
    if isinstance(value, bool) or value is None or value == "":
        return "" if value in (None, "") else str(value)
    try:
        number = float(str(value))
    except ValueError:
        return str(value)
    if number.is_integer():
        return f"{int(number):,}"
    return f"{number:,.1f}"


@register.filter
def out_of_100(value: object) -> str:
    """A trust score as the product prints it everywhere: ``79.3`` → ``79.3 / 100`` (a score, never a percentage);
    an em dash when there is none."""
    if value is None or value == "":
        return "—"
    try:
        number = float(str(value))
    except ValueError:
        return str(value)
    return f"{number:.1f}".rstrip("0").rstrip(".") + " / 100"


@register.filter
def share(value: object) -> str:
    """A share 0–1 as whole percent, "27 %" (the power planner's estimates: docs/gate.md)."""
    if not isinstance(value, int | float):
        return ""
    return f"{math.floor(100 * value + 0.5)} %"
