"""The run's verdict as Markdown, for a job summary or a pull-request comment: verdict, reasons, new failures and
fixes, the metric table with the changes against the baseline, and the link to the report (docs/ci.md).

Rendered from the run's status JSON (``GET /api/v1/aiagent/runs/<id>``); every text a member wrote (scenario
names, reasons quoting them) is escaped, so it shows as text and forms no link, mention, HTML or table cell."""

from __future__ import annotations

from typing import Any

from trustgate_cli.text import one_line

ICONS = {"pass": "✅", "fail": "❌", "error": "⚠️", "pending": "⏳"}
_ESCAPES = {c: f"\\{c}" for c in "\\`*_[]()#+!|~>"}
_ESCAPES.update({"<": "&lt;", "&": "&amp;", "@": "@\u200b"})


def md(value: Any) -> str:
    return "".join(_ESCAPES.get(c, c) for c in one_line(value))


def _number(value: Any) -> str:
    return "—" if value is None else f"{float(value):.1f}"


def _change(baseline: Any, current: Any) -> str:
    if baseline is None or current is None:
        return "—"
    delta = float(current) - float(baseline)
    return "±0.0" if abs(delta) < 0.05 else f"{delta:+.1f}"


def _scenarios(title: str, rows: list[dict[str, Any]] | None) -> list[str]:
    if not rows:
        return []
    return [f"**{title}** ({len(rows)}):", "", *[f"- {md(row.get('name', row.get('key')))}" for row in rows], ""]


def run_markdown(data: dict[str, Any], *, marker: str = "") -> str:
    verdict = str(data.get("verdict", "pending"))
    suite = data.get("suite") or {}
    links = data.get("links") or {}
    report_url = links.get("report_url", "")
    lines = [marker] if marker else []
    lines += [
        f"### {ICONS.get(verdict, '')} Trustgate: {verdict.upper()} — {md(suite.get('name', ''))} "
        f"(suite #{suite.get('id')}), run #{data.get('id')}",
        "",
    ]
    score = data.get("trust_score_text") or "none"
    lines += [f"Trust score: **{md(score)}**", ""]
    if data.get("verdict_label"):
        lines += [md(data["verdict_label"]), ""]
    if data.get("reasons"):
        lines += ["**Reasons**", "", *[f"- {md(reason)}" for reason in data["reasons"]], ""]
    current = (data.get("current_verdict") or {}).get("label")
    if current:
        lines += [f"> {md(current)}", ""]
    if data.get("warnings"):
        lines += ["**Warnings**", "", *[f"- {md(warning)}" for warning in data["warnings"]], ""]
    if data.get("new_failures") is None and data.get("fixed") is None:
        lines += ["Not compared with a baseline at finish: no new failures or fixes to list.", ""]
    else:
        lines += _scenarios("New failures", data.get("new_failures"))
        lines += _scenarios("Fixed", data.get("fixed"))
        if not data.get("new_failures") and not data.get("fixed"):
            lines += ["No new failures and nothing fixed against the baseline.", ""]
    gate_metrics = {m.get("key"): m for m in ((data.get("gate") or {}).get("metrics") or [])}
    if data.get("metrics"):
        lines += ["| Metric | This run | Baseline | Change | Scored |", "|---|---:|---:|---:|---|"]
        for metric in data["metrics"]:
            base = gate_metrics.get(metric.get("key"), {}).get("baseline")
            lines.append(
                f"| {md(metric.get('label'))} | {_number(metric.get('value'))} | {_number(base)} | "
                f"{_change(base, metric.get('value'))} | {md(metric.get('coverage', ''))} |"
            )
        lines.append("")
    if report_url:
        lines.append(f"[The full report of run #{data.get('id')}]({report_url})")
    return "\n".join(lines).rstrip() + "\n"
