"""Reads of a run's verdict record (docs/gate.md): its revisions, the verdict now as the record would hold it,
and how the report and the CI API show the verdict at finish beside the current one. The writes are in
``services.py`` (``verdict_record_ensure``, ``verdict_records_refresh``)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from evaluations.gate.ci import CiVerdict, ci_verdict
from evaluations.gate.models import GateVerdictRecord, VerdictCause
from evaluations.gate.results import STATE_BADGES, STATE_LABELS

if TYPE_CHECKING:
    from evaluations.runs.models import EvaluationRun

# "Now: NOT COMPARABLE — since the baseline was re-pinned by bob on …"
_SINCE = {
    VerdictCause.FINISH: "since the run finished",
    VerdictCause.PIN: "since the baseline was re-pinned",
    VerdictCause.UNPIN: "since the baseline was unpinned",
    VerdictCause.SUITE_VERSION: "since a new suite version",
    VerdictCause.OVERRULE: "since a review overrule",
    VerdictCause.WITHDRAWAL: "since an overrule was withdrawn",
    VerdictCause.REJUDGE: "since a re-judge",
    VerdictCause.TOPUP: "since the baseline was topped up",
}


def plain(data: Any) -> Any:
    """``data`` as the JSON column gives it back (tuples as lists, keys as strings), so a payload computed now
    compares equal to a stored one that says the same."""
    return json.loads(json.dumps(data, default=str))


def verdict_now(*, run: EvaluationRun) -> dict[str, Any]:
    """``{"gate", "ci"}`` of a finished run now: the gate payload and the CI verdict, as a revision stores them."""
    return verdict_payload(ci_verdict(run=run))


def verdict_payload(verdict: CiVerdict) -> dict[str, Any]:
    """``{"gate", "ci"}`` as a revision stores them; ``CiVerdict.from_json`` reads them back."""
    return plain({"gate": verdict.gate or {}, "ci": verdict.to_json()})


def says_the_same(ci: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether two CI verdicts agree on what decides them: the verdict and its reasons. Warnings never change a
    verdict (docs/ci.md), and some follow the whole workspace (the calibration sentence moves with every review),
    so they are kept in each revision but do not make one."""
    return (ci.get("verdict"), ci.get("reasons")) == (other.get("verdict"), other.get("reasons"))


def verdict_records_for_run(*, run_id: int) -> list[GateVerdictRecord]:
    """The run's revisions, first to last, with their actors."""
    return list(GateVerdictRecord.objects.filter(run_id=run_id).select_related("actor").order_by("revision"))


def latest_records_for_runs(*, run_ids: Sequence[int]) -> dict[int, GateVerdictRecord]:
    """The latest revision of each run that has one, by run id (one query)."""
    latest: dict[int, GateVerdictRecord] = {}
    for record in GateVerdictRecord.objects.filter(run_id__in=list(run_ids)).order_by("run_id", "revision"):
        latest[record.run_id] = record
    return latest


@dataclasses.dataclass(frozen=True)
class ListedVerdict:
    """What a run list reads of a run's record: revision 1 (the verdict at finish, shown) and the latest revision
    (what the record says now, shown beside it when it reads differently)."""

    at_finish: GateVerdictRecord
    latest: GateVerdictRecord

    @property
    def since(self) -> str:
        """ "since the baseline was re-pinned by bob on 2026-12-01 10:04 UTC": what made the latest revision."""
        return since_phrase(self.latest)


def listed_verdicts_for_runs(*, run_ids: Sequence[int]) -> dict[int, ListedVerdict]:
    """The first and the latest revision of each run that has a record, by run id, in one query (the run lists:
    docs/runs.md#run-lists). Reads only the columns a list shows, not the CI verdicts or the settings compared."""
    first: dict[int, GateVerdictRecord] = {}
    latest: dict[int, GateVerdictRecord] = {}
    rows = (
        GateVerdictRecord.objects.filter(run_id__in=list(run_ids))
        .only("run_id", "revision", "created_at", "actor_name", "cause", "state", "baseline_run_id", "gate")
        .order_by("run_id", "revision")
    )
    for record in rows:
        first.setdefault(record.run_id, record)
        latest[record.run_id] = record
    return {run_id: ListedVerdict(record, latest[run_id]) for run_id, record in first.items()}


def ci_verdicts_at_finish(*, run_ids: Sequence[int]) -> dict[int, dict[str, Any]]:
    """Each recorded run's CI verdict at finish (revision 1's ``ci``: verdict, exit_code, verdict_label, ...) and its
    gate state, by run id, in one query (the CI API's run list: docs/ci.md#list-runs)."""
    rows = GateVerdictRecord.objects.filter(run_id__in=list(run_ids), revision=1).values_list("run_id", "state", "ci")
    return {run_id: {**dict(ci or {}), "state": state} for run_id, state, ci in rows}


def since_phrase(record: GateVerdictRecord) -> str:
    """What made ``record``, who and when: "since the baseline was re-pinned by bob on 2026-12-01 10:04 UTC"."""
    who = record.actor_name or "the system"
    return f"{_SINCE[VerdictCause(record.cause)]} by {who} on {_when(record.created_at)}"


@dataclasses.dataclass(frozen=True)
class VerdictHistory:
    """The verdict at finish, every revision, and the verdict now when it differs from the one at finish."""

    at_finish: GateVerdictRecord
    revisions: tuple[GateVerdictRecord, ...]
    now_gate: Mapping[str, Any] | None  # None: the verdict now is the one at finish
    now_ci: Mapping[str, Any] | None
    since: GateVerdictRecord | None  # the revision that recorded the verdict now; None: nothing recorded it

    @property
    def changed(self) -> bool:
        return self.now_gate is not None

    @property
    def finish_state(self) -> str:
        return str(self.at_finish.gate.get("state") or self.at_finish.state)

    @property
    def finish_label(self) -> str:
        return STATE_LABELS.get(self.finish_state, self.finish_state.upper())

    @property
    def finish_badge(self) -> str:
        return STATE_BADGES.get(self.finish_state, "not_scored")

    @property
    def finish_reasons(self) -> list[str]:
        return [str(reason) for reason in self.at_finish.gate.get("reasons") or ()]

    @property
    def now_state(self) -> str:
        return str(self.now_gate.get("state")) if self.now_gate is not None else self.finish_state

    @property
    def now_state_label(self) -> str:
        return STATE_LABELS.get(self.now_state, self.now_state.upper())

    @property
    def now_badge(self) -> str:
        return STATE_BADGES.get(self.now_state, "not_scored")

    @property
    def now_label(self) -> str:
        """'Now: NOT COMPARABLE — since the baseline was re-pinned by bob on 2026-12-01 10:04 UTC.'"""
        if self.now_gate is None:
            return ""
        state = self.now_state_label
        ci = f" (CI verdict {self.now_ci['verdict']})" if self.now_ci is not None else ""
        if self.since is None:
            last = self.revisions[-1]
            why = (
                f"changed after revision {last.revision} of {_when(last.created_at)}, by something the record does "
                "not name (such as a deleted baseline run)"
            )
        else:
            why = since_phrase(self.since)
        return f"Now: {state}{ci} — {why}."


def verdict_history(
    *, records: Sequence[GateVerdictRecord], now_gate: Mapping[str, Any], now_ci: Mapping[str, Any] | None = None
) -> VerdictHistory | None:
    """How the record reads beside the verdict now (the gate payload, and for the CI API the CI verdict too);
    None when the run has no record yet."""
    if not records:
        return None
    first = records[0]
    gate, ci = plain(now_gate), plain(now_ci) if now_ci is not None else None

    def same(record: GateVerdictRecord) -> bool:
        return record.gate == gate and (ci is None or says_the_same(record.ci, ci))

    if same(first):
        return VerdictHistory(first, tuple(records), None, None, None)
    since = None  # the first of the latest revisions that all say what the gate says now
    for record in reversed(records):
        if not same(record):
            break
        since = record
    return VerdictHistory(first, tuple(records), gate, ci, since)


def revision_json(record: GateVerdictRecord) -> dict[str, Any]:
    return {
        "revision": record.revision,
        "created_at": record.created_at.astimezone(dt.UTC).isoformat(),
        "cause": record.cause,
        "actor": record.actor_name or None,
        "summary": record.summary,
        "verdict": record.verdict,
        "state": record.state,
        "baseline_run_id": record.baseline_run_id,
    }


def record_json(record: GateVerdictRecord) -> dict[str, Any]:
    """A revision in full: what was compared with what, and the frozen gate and CI verdict."""
    return {
        **revision_json(record),
        "scope": record.scope,
        "endpoint_url": record.endpoint_url,
        "settings": record.compared_settings,
        "gate": record.gate,
        **record.ci,
    }


def verdict_record_json(*, records: Sequence[GateVerdictRecord]) -> dict[str, Any] | None:
    """The JSON report's ``verdict_record``: revision 1 in full (``at_finish``) and every revision
    (``verdict_records_for_run``); null until the run has one (the gate, beside it in the report, is the gate now)."""
    if not records:
        return None
    return {"at_finish": record_json(records[0]), "revisions": [revision_json(record) for record in records]}


def _when(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
