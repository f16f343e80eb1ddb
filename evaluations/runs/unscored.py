"""The conversations left out of a run's numbers, counted by cause (docs/runs.md#coverage)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from evaluations.runs.errors import errors_by_kind_text


def unscored_by_cause(*, not_scored: int, is_rules_only: bool, error_kinds: Mapping[str, int]) -> str:
    """The conversations left out of a run's numbers, counted by cause (docs/runs.md#coverage): "4 not scored:
    3 rules-only (needs the judge), 1 agent error (1 timeout)"; "" when every conversation was scored. An error kind
    of "" is counted without one."""
    errors = sum(error_kinds.values())
    total = not_scored + errors
    if not total:
        return ""
    causes = []
    if not_scored:
        causes.append(f"{not_scored:,} rules-only (needs the judge)" if is_rules_only
                      else f"{not_scored:,} the judge gave no verdict")  # fmt: skip
    if errors:
        kinds = errors_by_kind_text(Counter({kind: n for kind, n in error_kinds.items() if n and kind}))
        causes.append(f"{errors:,} agent error{'s' if errors != 1 else ''}" + (f" ({kinds})" if kinds else ""))
    return f"{total:,} not scored: " + ", ".join(causes)
