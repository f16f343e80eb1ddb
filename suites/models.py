from __future__ import annotations

from django.db import models

from billing.models import Account
from evaluations.specs import ExpectedToolCall, ScenarioKind, ScenarioSpec, Severity


class Suite(models.Model):
    """A saved set of scenarios, run the same way every time. Past runs keep their own frozen copy."""

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="suites")
    agent = models.ForeignKey(
        "evaluations.Agent", on_delete=models.SET_NULL, null=True, blank=True, related_name="suites"
    )
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["account", "name"], name="suite_name_unique_in_account")]

    def __str__(self) -> str:
        return f"{self.name} (v{self.version})"


class Scenario(models.Model):
    """One scenario of a suite; the fields of SPEC §3 in run order."""

    suite = models.ForeignKey(Suite, on_delete=models.CASCADE, related_name="scenarios")
    position = models.PositiveIntegerField(default=0)
    kind = models.CharField(max_length=20, choices=[(k.value, k.name.replace("_", " ").title()) for k in ScenarioKind])
    name = models.CharField(max_length=200)
    turns = models.JSONField(default=list, help_text="Ordered user turns.")
    expected_outcome = models.TextField(blank=True)
    correct_answer = models.TextField(blank=True)
    required_phrases = models.JSONField(default=list, blank=True)
    forbidden_phrases = models.JSONField(default=list, blank=True)
    expected_tool_call = models.JSONField(null=True, blank=True)
    template_variables = models.JSONField(default=list, blank=True)
    severity = models.CharField(
        max_length=10, choices=[(s.value, s.value.title()) for s in Severity], default=Severity.MEDIUM
    )
    owasp_tag = models.CharField(max_length=80, blank=True)
    uses_canary = models.BooleanField(default=False, help_text="Turns use {{canary}}: a fresh value per run.")
    contacts_may_be_shared = models.BooleanField(default=True)
    persona = models.TextField(blank=True)
    max_turns = models.PositiveIntegerField(default=6)
    attack_id = models.CharField(max_length=40, blank=True)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["suite", "position", "pk"]

    def __str__(self) -> str:
        return self.name

    def to_spec(self, *, canary: str = "") -> ScenarioSpec:
        """The frozen form a run executes. ``{{canary}}`` in the turns becomes this run's canary."""
        turns = tuple(self.turns)
        if self.uses_canary and canary:
            turns = tuple(turn.replace("{{canary}}", canary) for turn in turns)
        tool = self.expected_tool_call
        return ScenarioSpec(
            key=f"s{self.pk}",
            kind=ScenarioKind(self.kind),
            name=self.name,
            turns=turns,
            expected_outcome=self.expected_outcome,
            correct_answer=self.correct_answer,
            required_phrases=tuple(self.required_phrases or ()),
            forbidden_phrases=tuple(self.forbidden_phrases or ()),
            expected_tool_call=ExpectedToolCall(name=tool["name"], arguments=dict(tool.get("arguments") or {}))
            if tool
            else None,
            template_variables=tuple(tuple(pair) for pair in (self.template_variables or ())),
            severity=Severity(self.severity),
            owasp_tag=self.owasp_tag,
            canary=canary if self.uses_canary else "",
            contacts_may_be_shared=self.contacts_may_be_shared,
            persona=self.persona,
            max_turns=self.max_turns,
            attack_id=self.attack_id,
        )
