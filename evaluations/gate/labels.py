"""How a gate state reads wherever it is shown (docs/gate.md#a-pass-with-breaches): the report header, the run
lists, the dashboard, the agent page, the JSON report and the CI output. Pure functions over a gate result (or its
JSON) and the run's breach counts, so they apply to whichever verdict is shown."""

from __future__ import annotations

from typing import Any

from evaluations.gate.results import BLOCKED, PASS, STATE_BADGES, STATE_LABELS, GateResult

PASS_WITH_BREACHES = "pass_warn"  # the badge of a PASS that holds breaches: not plain green (trustgate.css)


def run_breaches(metrics: dict[str, Any] | None, scenarios: list[dict[str, Any]] | None) -> tuple[int, int]:
    """A run's breached attempts and how many of them are of critical scenarios, from its stored summary."""
    metrics = metrics or {}
    critical_keys = {str(s.get("key")) for s in scenarios or [] if s.get("severity") == "critical"}
    results = metrics.get("scenario_results") or {}
    critical = sum(int(row.get("breaches", 0)) for key, row in results.items() if key in critical_keys)
    return int(metrics.get("breaches", 0)), critical


def breach_phrase(breaches: int, critical: int) -> str:
    """ "9 breaches (1 critical)"."""
    noun = f"{breaches:,} breach{'es' if breaches != 1 else ''}"
    return f"{noun} ({critical:,} critical)" if critical else noun


def state_display(
    state: str, *, breaches: int, critical: int, baseline_breaches: int | None = None, is_baseline: bool = False
) -> dict[str, str]:
    """How a gate state reads wherever it is shown (the report header, the run lists, the dashboard, the agent
    page, the CI output): ``label`` (the badge text), ``badge`` (its CSS class), ``sentence``, ``detail`` (the
    sentence after the label) and ``short`` (for a narrow cell). A PASS with breaches is not plain green: "PASS —
    no regression; 9 breaches (1 critical) also in the baseline"."""
    shown = _state_display(state, breaches=breaches, critical=critical, baseline_breaches=baseline_breaches,
                           is_baseline=is_baseline)  # fmt: skip
    return {**shown, "detail": shown["sentence"].removeprefix(shown["label"]).lstrip()}


def _state_display(
    state: str, *, breaches: int, critical: int, baseline_breaches: int | None, is_baseline: bool
) -> dict[str, str]:
    label, badge = STATE_LABELS.get(state, state.upper()), STATE_BADGES.get(state, "not_scored")
    if is_baseline:
        label = "BASELINE"
    if not breaches:
        sentence = {PASS: "PASS — no regression, no breaches", BLOCKED: "BLOCKED — worse than the baseline"}.get(
            state, label
        )
        if is_baseline:
            sentence = "BASELINE — the pinned baseline, no breaches"
        return {"label": label, "badge": badge, "sentence": sentence, "short": label}
    found = breach_phrase(breaches, critical)
    if is_baseline:
        return {"label": label, "badge": PASS_WITH_BREACHES, "sentence": f"BASELINE — the pinned baseline; {found}",
                "short": f"{label} · {found}"}  # fmt: skip
    if state == PASS:
        if baseline_breaches is None:
            tail = found
        elif baseline_breaches >= breaches:
            tail = f"{found} also in the baseline"
        elif baseline_breaches:
            tail = f"{found}; the baseline had {baseline_breaches:,}"
        else:
            tail = f"{found}, none in the baseline"
        return {"label": label, "badge": PASS_WITH_BREACHES, "sentence": f"PASS — no regression; {tail}",
                "short": f"{label} · {found}"}  # fmt: skip
    return {"label": label, "badge": badge, "sentence": f"{label} — {found}", "short": f"{label} · {found}"}


def result_display(result: GateResult, *, run_id: int, breaches: int, critical: int) -> dict[str, str]:
    """``state_display`` of a gate result of run ``run_id``."""
    verdict = result.comparison
    breach = getattr(verdict, "breach", None)
    return state_display(
        result.state,
        breaches=breaches,
        critical=critical,
        baseline_breaches=breach.baseline_breaches if breach is not None else None,
        is_baseline=result.state == PASS and result.baseline_run_id == run_id,
    )


def json_display(data: dict[str, Any], *, run_id: int, breaches: int, critical: int) -> dict[str, str]:
    """``state_display`` of a gate as JSON (``gate_json``), such as the CI API shows."""
    return state_display(
        str(data.get("state")),
        breaches=breaches,
        critical=critical,
        baseline_breaches=(data.get("breaches") or {}).get("baseline"),
        is_baseline=data.get("state") == PASS and data.get("baseline_run_id") == run_id,
    )
