"""Reads of reviews and the calibration set: an attempt's review state, a run's overrules, agreement per judge
configuration."""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

from django.db.models import QuerySet

from billing.selectors import get_for_member
from evalsite.http import AnyUser
from evaluations.core.storable import readable_value
from evaluations.llm.clients import judge_provider
from evaluations.review.choices import ReviewAction
from evaluations.review.models import CalibrationExample, CalibrationVerdict, RejudgeJob, Review
from evaluations.scoring.calibration import Agreement, agreement, overrule_sentence
from evaluations.scoring.judge import JUDGE_PROMPT_VERSION
from evaluations.scoring.verdicts import Verdict


@dataclasses.dataclass(frozen=True)
class ReviewState:
    """Where an attempt stands: what the judge (or the rules) said, and the reviewers' entries in order."""

    judge_verdict: str
    judge_is_breach: bool
    hard_failures: tuple[str, ...]  # messages of the hard rules that failed: a fail from them is evidence
    entries: tuple[Review, ...]

    @property
    def last(self) -> Review | None:
        return self.entries[-1] if self.entries else None

    @property
    def overruled(self) -> bool:
        return self.last is not None and self.last.action == ReviewAction.OVERRULE

    @property
    def reviewed(self) -> bool:
        return self.last is not None and self.last.action != ReviewAction.WITHDRAW


def review_state(*, attempt: Any) -> ReviewState:
    return _state(attempt, tuple(Review.objects.filter(attempt_id=attempt.pk).order_by("pk")))


def _state(attempt: Any, entries: tuple[Review, ...]) -> ReviewState:
    first = entries[0] if entries else None
    hard = tuple(f.get("message", "") for f in attempt.rule_findings or () if f.get("hard") and not f.get("passed"))
    return ReviewState(
        judge_verdict=first.judge_verdict if first else attempt.verdict,
        judge_is_breach=first.judge_is_breach if first else attempt.is_breach,
        hard_failures=hard,
        entries=entries,
    )


def review_states_for_run(*, run: Any, attempts: list[Any]) -> dict[int, ReviewState]:
    """Every attempt's state in one query (the report shows them beside the attempts)."""
    by_attempt: dict[int, list[Review]] = defaultdict(list)
    for entry in Review.objects.filter(run_id=run.pk).select_related("created_by").order_by("pk"):
        by_attempt[entry.attempt_id].append(entry)
    return {a.pk: _state(a, tuple(by_attempt.get(a.pk, ()))) for a in attempts}


def overrule_count(*, run_id: int) -> int:
    """How many of the run's verdicts are overruled now (an overrule later withdrawn does not count)."""
    return len(overruled_attempts(run_id=run_id))


def overruled_attempts(*, run_id: int) -> dict[int, str]:
    """The run's attempts whose verdict is overruled now, attempt id → scenario key (one query; an overrule later
    withdrawn does not count): the report's "overruled" filter."""
    last: dict[int, tuple[str, str]] = {}
    rows = (
        Review.objects.filter(run_id=run_id).order_by("pk").values_list("attempt_id", "attempt__scenario_key", "action")
    )
    for attempt_id, scenario_key, action in rows:
        last[attempt_id] = (scenario_key, action)
    return {attempt_id: key for attempt_id, (key, action) in last.items() if action == ReviewAction.OVERRULE}


def overrule_note(*, run: Any) -> str:
    """The sentence the report and the CI verdict carry when reviewers changed verdicts; "" otherwise."""
    return overrule_sentence(int((run.metrics or {}).get("overruled", 0)))


def judge_config_of(run: Any) -> str:
    """The judge configuration a run's verdicts came from: provider/model/prompt version/strictness."""
    provider = run.settings.judge_provider
    return judge_config(provider, run.judge_model, run.judge_prompt_version, run.judge_strictness)


def judge_config(provider: str, model: str, prompt_version: str, strictness: str) -> str:
    """The one spelling of a judge configuration: provider/model/prompt version/strictness."""
    return "/".join((provider, model, prompt_version, strictness))


def judge_config_now(*, model: str, strictness: str) -> str:
    """The configuration a judge call made now would have: the configured provider and the current prompt."""
    return judge_config(judge_provider(), model, JUDGE_PROMPT_VERSION, strictness)


def judge_config_label(config: str) -> str:
    provider, model, prompt, strictness = ([*config.split("/"), "", "", "", ""])[:4]
    return f"{model.title()} via {provider or 'unknown provider'}, prompt {prompt or '—'}, {strictness}"


@dataclasses.dataclass(frozen=True)
class ConfigAgreement:
    config: str
    label: str
    agreement: Agreement
    not_scored: int  # examples this configuration could not score: left out of the figures, not guessed
    disagreements: tuple[CalibrationVerdict, ...]


def calibration_for_account(*, account_id: int) -> list[ConfigAgreement]:
    """Agreement with the reviewers, per judge configuration that has judged any active example."""
    verdicts = (
        CalibrationVerdict.objects.filter(example__account_id=account_id, example__is_active=True)
        .select_related("example")
        .order_by("config", "example_id")
    )
    by_config: dict[str, list[CalibrationVerdict]] = defaultdict(list)
    for verdict in verdicts:
        # a row saved before imports checked text (docs/configuration.md) still renders: U+FFFD for a lone surrogate
        verdict.example.scenario = readable_value(verdict.example.scenario)
        by_config[verdict.config].append(verdict)
    rows = []
    for config, items in by_config.items():
        scored = [v for v in items if v.verdict in (Verdict.PASS, Verdict.FAIL)]
        rows.append(
            ConfigAgreement(
                config=config,
                label=judge_config_label(config),
                agreement=agreement((v.verdict, v.example.human_verdict) for v in scored),
                not_scored=len(items) - len(scored),
                disagreements=tuple(v for v in scored if v.verdict != v.example.human_verdict),
            )
        )
    return rows


def calibration_warning(*, account_id: int, config: str) -> str:
    """The sentence the launch form, the report and CI warnings show for a judge configuration; "" when its
    agreement with the workspace's reviewers is established (30 or more examples, kappa at least 0.6)."""
    verdicts = CalibrationVerdict.objects.filter(
        example__account_id=account_id,
        example__is_active=True,
        config=config,
        verdict__in=(Verdict.PASS, Verdict.FAIL),
    ).values_list("verdict", "example__human_verdict")
    return agreement(verdicts).warning()


def calibration_examples(*, account_id: int) -> list[CalibrationExample]:
    return list(CalibrationExample.objects.filter(account_id=account_id, is_active=True).prefetch_related("verdicts"))


def calibration_example_count(*, account_id: int) -> int:
    return CalibrationExample.objects.filter(account_id=account_id, is_active=True).count()


def calibration_examples_listed(*, account_id: int) -> QuerySet[CalibrationExample]:
    """The workspace's active examples, newest first, for the calibration page's list (which shows no
    conversation: the long texts stay in the database)."""
    return (
        CalibrationExample.objects.filter(account_id=account_id, is_active=True)
        .defer("transcript", "tool_calls", "rule_findings", "knowledge")
        .order_by("-pk")
    )


def calibration_example_get_for_member(*, user: AnyUser, example_id: int, role: str) -> CalibrationExample:
    """The active example, when it is in a workspace of the user where they have ``role``: 404 otherwise (another
    workspace's example does not exist for them; an inactive one is out of the set already), 403 with a reason
    when the role is too low."""
    examples = CalibrationExample.objects.filter(is_active=True)
    return get_for_member(user, examples, example_id, role=role, not_found="No such calibration example.")


SHOW_CHOICES = {
    "unreviewed": "Judged, not yet reviewed",
    "overruled": "Overruled",
    "all": "All scored",
}


@dataclasses.dataclass(frozen=True)
class ReviewCard:
    attempt: Any
    scenario_name: str
    state: ReviewState

    @property
    def shown_verdict(self) -> str:
        return self.attempt.verdict

    @property
    def conversation(self) -> str:
        """Which conversation this is, in the words of the card's title: “Refund window” · run 2 of run #14."""
        return f"“{self.scenario_name}” · run {self.attempt.repeat} of run #{self.attempt.run_id}"

    @property
    def outcome(self) -> str:
        """What the reviewer's last entry did to this conversation, naming it; "" before any entry."""
        last, judge = self.state.last, self.state.judge_verdict.title()
        if last is None:
            return ""
        if last.action == ReviewAction.OVERRULE:
            return (
                f"Overruled {self.conversation}: its verdict is now {last.human_verdict.title()} (the judge said "
                f"{judge}). The run's figures, gate and CI verdict use it."
            )
        if last.action == ReviewAction.AGREE:
            return f"Agreed with the judge on {self.conversation}: {judge}."
        return f"Overrule withdrawn on {self.conversation}: the judge's {judge} stands again."


def review_queue(*, run: Any, show: str, only: int | None = None) -> dict[str, Any]:
    """The run's scored conversations as review cards, filtered by ``show`` (one of SHOW_CHOICES)."""
    names = {data.get("key"): data.get("name", data.get("key")) for data in run.scenarios}
    attempts = [a for a in run.attempts.order_by("scenario_key", "repeat") if only is None or a.pk == only]
    states = review_states_for_run(run=run, attempts=attempts)
    cards = [
        ReviewCard(attempt=a, scenario_name=str(names.get(a.scenario_key, a.scenario_key)), state=states[a.pk])
        for a in attempts
        if states[a.pk].judge_verdict in (Verdict.PASS, Verdict.FAIL)
    ]
    counts = {
        "unreviewed": sum(not c.state.reviewed for c in cards),
        "overruled": sum(c.state.overruled for c in cards),
        "all": len(cards),
    }
    if show == "unreviewed":
        cards = [c for c in cards if not c.state.reviewed]
    elif show == "overruled":
        cards = [c for c in cards if c.state.overruled]
    return {"cards": cards, "counts": counts, "show_choices": SHOW_CHOICES, "note": overrule_note(run=run)}


def calibration_examples_pending(*, account_id: int, config: str) -> QuerySet[CalibrationExample]:
    """Active examples of the workspace with no verdict yet from ``config``, oldest first."""
    return (
        CalibrationExample.objects.filter(account_id=account_id, is_active=True)
        .exclude(verdicts__config=config)
        .order_by("pk")
    )


def rejudge_jobs_for_account(*, account_id: int, limit: int = 10) -> list[RejudgeJob]:
    return list(RejudgeJob.objects.filter(account_id=account_id)[:limit])


def calibration_warning_for_run(*, run: Any) -> str:
    """The calibration sentence for the judge configuration a run used (CI warnings, the report)."""
    return calibration_warning(account_id=run.account_id, config=judge_config_of(run))


def calibration_warning_for_launch(*, account_id: int, judge_model: str, strictness: str) -> str:
    """The calibration sentence for a run about to be launched with the current provider and prompt version."""
    return calibration_warning(account_id=account_id, config=judge_config_now(model=judge_model, strictness=strictness))
