from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models

from evaluations.core.specs import (
    KIND_LABELS,
    ExpectedToolCall,
    PhraseScope,
    ScenarioKind,
    ScenarioSpec,
    Severity,
    StartTurn,
    ToolOrder,
)
from suites.fields import validate_start_from


class SuiteKind(models.TextChoices):
    SUITE = "suite", "Suite"  # generated from the policy, or saved from a run
    TEST_SET = "test_set", "Test set"  # written by hand as ordered cases (the Autessa shape)


DEFAULT_MAX_TURNS = 6
MAX_TURNS_LIMIT = 20
# PostgreSQL cannot store NUL in text: a name holding one was a 500 there (SQLite took it). Forms refuse it
# already; these also hold for imports, services and full_clean().
NAME_VALIDATORS = [ProhibitNullCharactersValidator()]


class Persona(models.Model):
    """A simulated user: the generation model plays this person in multi-turn conversations."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="personas")
    name = models.CharField(max_length=120, validators=NAME_VALIDATORS)
    description = models.TextField(help_text="Who the user is, what they want, how they behave.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["account", "name"], name="persona_name_unique_in_account")]

    def __str__(self) -> str:
        return self.name

    @property
    def prompt_text(self) -> str:
        """The simulated-user description a run freezes into ``ScenarioSpec.persona``."""
        return f"{self.name}: {self.description.strip()}"


class Suite(models.Model):
    """A saved set of scenarios, run the same way every time. Past runs keep their own frozen copy."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="suites")
    agent = models.ForeignKey("agents.Agent", on_delete=models.SET_NULL, null=True, blank=True, related_name="suites")
    name = models.CharField(max_length=200, validators=NAME_VALIDATORS)
    description = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    kind = models.CharField(max_length=10, choices=SuiteKind.choices, default=SuiteKind.SUITE)
    policy_text = models.TextField(
        blank=True, help_text="The policy the current version was written or checked against."
    )
    default_persona = models.ForeignKey(
        Persona,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="suites",
        help_text="Optional. Makes every case a multi-turn conversation with this simulated user.",
    )
    max_turns = models.PositiveIntegerField(
        default=DEFAULT_MAX_TURNS, help_text="Most user turns the simulated user sends in one conversation."
    )
    secret_markers = models.TextField(
        blank=True, help_text="Strings that must never appear in a reply or tool call, one a line (with the agent's)."
    )
    # The launch settings a run of this suite starts from when its endpoint has no pinned baseline (with one, the
    # baseline's settings win): runs_per_scenario, parallel, redteam_depth, judge_model, judge_strictness,
    # allowed_contacts. Set when a run of the suite is pinned, or from the launch form.
    run_profile = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["account", "name"], name="suite_name_unique_in_account")]

    def __str__(self) -> str:
        return f"{self.name} (v{self.version})"

    @property
    def is_test_set(self) -> bool:
        return self.kind == SuiteKind.TEST_SET

    @property
    def secret_marker_list(self) -> list[str]:
        return [line.strip() for line in self.secret_markers.splitlines() if line.strip()]


class SuiteVersion(models.Model):
    """One version of a suite: the policy it was checked against. Scenarios record the versions they span."""

    suite = models.ForeignKey(Suite, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    policy_text = models.TextField(blank=True)
    note = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)

    class Meta:
        ordering = ["suite", "-number"]
        constraints = [models.UniqueConstraint(fields=["suite", "number"], name="one_row_per_suite_version")]

    def __str__(self) -> str:
        return f"{self.suite.name} v{self.number}"


class Scenario(models.Model):
    """One scenario of a suite; its fields (docs/suites.md) in run order."""

    suite = models.ForeignKey(Suite, on_delete=models.CASCADE, related_name="scenarios")
    position = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=20, choices=[(k.value, KIND_LABELS[k]) for k in ScenarioKind])
    name = models.CharField(max_length=200, validators=NAME_VALIDATORS)
    turns = models.JSONField(default=list, help_text="Ordered user turns.")
    start_from = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_start_from],
        help_text="Earlier turns ({role, content}) the conversation starts from, sent as its history before the "
        "turns above (docs/suites.md, Start from these turns).",
    )
    expected_outcome = models.TextField(blank=True)
    correct_answer = models.TextField(blank=True)
    required_phrases = models.JSONField(default=list, blank=True)
    forbidden_phrases = models.JSONField(default=list, blank=True)
    # The first expected call (rows written before several calls existed hold only this); ``expected_tool_calls``
    # holds them all and wins when set. ``expected_calls`` reads the two as one list.
    expected_tool_call = models.JSONField(null=True, blank=True)
    expected_tool_calls = models.JSONField(default=list, blank=True)
    tool_order = models.CharField(
        max_length=10, choices=[(o.value, o.value.replace("_", " ")) for o in ToolOrder], default=ToolOrder.IN_ORDER
    )
    forbidden_tool_calls = models.JSONField(default=list, blank=True, help_text="Calls that must not happen.")
    max_tool_calls = models.PositiveIntegerField(null=True, blank=True)
    required_scope = models.CharField(
        max_length=12,
        choices=[(p.value, p.value.replace("_", " ")) for p in PhraseScope],
        default=PhraseScope.ANY_REPLY,
    )
    forbidden_scope = models.CharField(
        max_length=12,
        choices=[(p.value, p.value.replace("_", " ")) for p in PhraseScope],
        default=PhraseScope.ANY_REPLY,
    )
    template_variables = models.JSONField(default=list, blank=True)
    severity = models.CharField(
        max_length=10, choices=[(s.value, s.value.title()) for s in Severity], default=Severity.MEDIUM
    )
    owasp_tag = models.CharField(max_length=80, blank=True)
    uses_canary = models.BooleanField(default=False, help_text="Turns use {{canary}}: a fresh value per run.")
    contacts_may_be_shared = models.BooleanField(default=True)
    tool_results_leak = models.BooleanField(
        default=False,
        help_text="What a tool returns counts as if the agent had said it (docs/scoring.md, Tool results).",
    )
    persona = models.TextField(blank=True)
    max_turns = models.PositiveIntegerField(default=6)
    attack_id = models.CharField(max_length=40, blank=True)
    is_active = models.BooleanField(default=True)
    stale_reason = models.TextField(
        blank=True,
        help_text="Why this scenario is stale, as its versions hold it (a pending Check for changes keeps "
        "its own reasons and writes no row).",
    )
    source = models.CharField(
        max_length=300,
        blank=True,
        help_text="Where an imported case came from: the file and its line or span id (docs/imports.md).",
    )
    introduced_in = models.PositiveIntegerField(default=1, help_text="The suite version that added this scenario.")
    retired_in = models.PositiveIntegerField(
        null=True, blank=True, help_text="The suite version that retired it; empty while it is current."
    )

    class Meta:
        ordering = ["suite", "position", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def pause_reason(self) -> str:
        """Why a pending Check for changes pauses this scenario; "" when none does. ``suites.selectors``
        (``scenarios_with_pause``) reads it in the query that reads the row: a check never writes the row
        (docs/suites.md)."""
        return str(getattr(self, "paused_by_check", "") or "")

    @property
    def is_paused(self) -> bool:
        return bool(self.pause_reason)

    @property
    def runs(self) -> bool:
        """Whether the next launch drives it: a current row, active, and not paused by a pending check."""
        return self.is_active and not self.is_paused and self.retired_in is None

    @property
    def why_stale(self) -> str:
        return self.pause_reason or self.stale_reason

    @property
    def is_stale(self) -> bool:
        return bool(self.why_stale) and self.retired_in is None

    @property
    def expected_calls(self) -> list[dict[str, Any]]:
        """Every expected call as ``{name, arguments}``: the list when set, else the one older rows hold."""
        if self.expected_tool_calls:
            return list(self.expected_tool_calls)
        return [self.expected_tool_call] if self.expected_tool_call else []

    @property
    def has_tool_checks(self) -> bool:
        return bool(self.expected_calls or self.forbidden_tool_calls or self.max_tool_calls is not None)

    @property
    def initial_message(self) -> str:
        return self.turns[0] if self.turns else ""

    def to_spec(self, *, canary: str = "") -> ScenarioSpec:
        """The frozen form a run executes. ``{{canary}}`` in the turns becomes this run's canary.

        A single-message case without its own persona takes the suite's default simulated user (and the suite's
        turn limit). Scripted multi-turn scenarios and red-team attacks keep their script.
        """
        turns = tuple(self.turns)
        persona, max_turns = self.persona, self.max_turns
        takes_default = len(turns) <= 1 and self.kind != ScenarioKind.RED_TEAM and not self.uses_canary
        if not persona and takes_default and self.suite.default_persona_id is not None:
            default = self.suite.default_persona
            assert default is not None
            persona, max_turns = default.prompt_text, self.suite.max_turns
        if self.uses_canary and canary:
            turns = tuple(turn.replace("{{canary}}", canary) for turn in turns)
        return ScenarioSpec(
            key=f"s{self.pk}",
            kind=ScenarioKind(self.kind),
            name=self.name,
            turns=turns,
            expected_outcome=self.expected_outcome,
            correct_answer=self.correct_answer,
            required_phrases=tuple(self.required_phrases or ()),
            forbidden_phrases=tuple(self.forbidden_phrases or ()),
            expected_tool_calls=tuple(ExpectedToolCall.from_dict(call) for call in self.expected_calls),
            tool_order=ToolOrder(self.tool_order or ToolOrder.IN_ORDER),
            forbidden_tool_calls=tuple(ExpectedToolCall.from_dict(c) for c in self.forbidden_tool_calls or ()),
            max_tool_calls=self.max_tool_calls,
            required_scope=PhraseScope(self.required_scope or PhraseScope.ANY_REPLY),
            forbidden_scope=PhraseScope(self.forbidden_scope or PhraseScope.ANY_REPLY),
            secret_markers=tuple(self.suite.secret_marker_list),
            template_variables=tuple(tuple(pair) for pair in (self.template_variables or ())),
            severity=Severity(self.severity),
            owasp_tag=self.owasp_tag,
            canary=canary if self.uses_canary else "",
            contacts_may_be_shared=self.contacts_may_be_shared,
            tool_results_leak=self.tool_results_leak,
            persona=persona,
            max_turns=max_turns,
            attack_id=self.attack_id,
            start_from=tuple(StartTurn.from_dict(turn) for turn in self.start_from or ()),
        )


class ProposalStatus(models.TextChoices):
    PENDING = "pending", "Waiting for review"
    ACCEPTED = "accepted", "Accepted"
    DISCARDED = "discarded", "Discarded"
    SUPERSEDED = "superseded", "Replaced by a newer check"


class ChangeProposal(models.Model):
    """The result of Check for changes: stale scenarios (its ``flags``, with reasons) and proposed replacements.

    ``replacements`` are ScenarioSpec-shaped dicts.
    Accepting it creates version ``base_version + 1``; it can only be accepted while the suite is still at
    ``base_version``.
    """

    suite = models.ForeignKey(Suite, on_delete=models.CASCADE, related_name="change_proposals")
    status = models.CharField(max_length=12, choices=ProposalStatus.choices, default=ProposalStatus.PENDING)
    base_version = models.PositiveIntegerField()
    policy_text = models.TextField()
    model = models.CharField(max_length=12)
    summary = models.TextField(blank=True)
    replacements = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    resulting_version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Changes for {self.suite.name} v{self.base_version} ({self.get_status_display()})"

    @property
    def is_pending(self) -> bool:
        return self.status == ProposalStatus.PENDING

    @property
    def stale(self) -> list[dict[str, Any]]:
        """``[{"scenario_id", "name", "reason"}]``, in the order the check gave them, read from its flags (the one
        record of them; one query a call). A flagged row is never edited, so its name is the one the check saw."""
        flags = self.flags.select_related("scenario").order_by("pk")
        return [{"scenario_id": f.scenario_id, "name": f.scenario.name, "reason": f.reason} for f in flags]


class StaleFlag(models.Model):
    """One scenario a Check for changes found stale, with the reason. While its proposal is pending the scenario
    does not run; the row itself is never written (docs/suites.md). These rows are the check's record of what it
    found stale (``ChangeProposal.stale`` reads them) and let a query ask what a pending check pauses."""

    proposal = models.ForeignKey(ChangeProposal, on_delete=models.CASCADE, related_name="flags")
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="stale_flags")
    reason = models.TextField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["proposal", "scenario"], name="one_flag_per_scenario_check")]

    def __str__(self) -> str:
        return f"{self.scenario.name}: {self.reason[:60]}"
