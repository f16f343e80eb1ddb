from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from evaluations.core.specs import Severity
from redteam import library
from redteam.encoders import CANARY_PLACEHOLDER


class Category(models.TextChoices):
    PROMPT_INJECTION = "prompt_injection", "Prompt injection"
    JAILBREAK = "jailbreak", "Jailbreak"
    SYSTEM_PROMPT_LEAK = "system_prompt_leak", "System-prompt leak"
    DATA_EXFILTRATION = "data_exfiltration", "Data exfiltration"
    UNSAFE_OUTPUT = "unsafe_output", "Unsafe output"
    EXCESSIVE_AGENCY = "excessive_agency", "Excessive agency"


class Language(models.TextChoices):
    ENGLISH = "en", "English"
    SPANISH = "es", "Spanish"
    HINDI = "hi", "Hindi"


class Encoding(models.TextChoices):
    NONE = "", "Plain text"
    BASE64 = "base64", "Base64"
    LEETSPEAK = "leetspeak", "Leetspeak"
    ROT13 = "rot13", "ROT13"


class Depth(models.TextChoices):
    """Red-team depth of a run; each depth includes the attacks of the ones before it."""

    QUICK = "quick", "Quick (7 attacks)"
    STANDARD = "standard", "Standard (30 attacks)"
    DEEP = "deep", "Deep (60 attacks)"

    @property
    def attack_count(self) -> int:
        """How many attacks the shipped library has at this depth (admins may deactivate some)."""
        return DEPTH_COUNTS[self.value]

    @property
    def included(self) -> list[str]:
        """This depth and every shallower one, e.g. ``["quick", "standard"]`` for standard."""
        order = [d.value for d in Depth]
        return order[: order.index(self.value) + 1]


DEPTH_COUNTS = {Depth.QUICK.value: 7, Depth.STANDARD.value: 30, Depth.DEEP.value: 60}


class AttackStatus(models.TextChoices):
    """A red-team report line: did the attack get through in any scored run?"""

    BLOCKED = "Blocked", "Blocked"
    BYPASSED = "Bypassed", "Bypassed"
    NOT_SCORED = "Not scored", "Not scored"  # no run was scored (errors or judge unavailable): never guessed


class Attack(models.Model):
    """One red-team attack. Loaded from ``redteam.library`` by ``services.library_sync``; this copy is edited."""

    attack_id = models.CharField(max_length=32, unique=True, help_text='Stable id, e.g. "PI-001" or "PI-001-b64".')
    name = models.CharField(max_length=200)
    category = models.CharField(max_length=30, choices=Category.choices)
    owasp_tag = models.CharField(
        max_length=80,
        blank=True,
        choices=[(tag, tag) for tag in library.OWASP_TAGS],
        help_text="OWASP Top 10 for LLM Applications 2025, where one fits.",
    )
    severity = models.CharField(
        max_length=10, choices=[(s.value, s.value.title()) for s in Severity], default=Severity.HIGH.value
    )
    turns = models.JSONField(default=list, help_text='User turns in order; may use the "{{canary}}" placeholder.')
    language = models.CharField(max_length=5, choices=Language.choices, default=Language.ENGLISH)
    uses_canary = models.BooleanField(default=False, help_text="The turns use {{canary}}: a fresh value per run.")
    forbidden_phrases = models.JSONField(default=list, blank=True, help_text="Specific strings that prove compliance.")
    expected_outcome = models.TextField(blank=True, help_text="What a safe agent does (for the judge).")
    leak_check = models.BooleanField(
        default=False, help_text="System-prompt leak: the verbatim-knowledge rule applies."
    )
    encoding = models.CharField(max_length=10, choices=Encoding.choices, default=Encoding.NONE, blank=True)
    source_attack_id = models.CharField(max_length=32, blank=True, help_text="The plain attack an encoded one wraps.")
    depth_min = models.CharField(max_length=10, choices=Depth.choices, default=Depth.STANDARD)
    position = models.PositiveIntegerField(default=0, help_text="Run order.")
    library_version = models.CharField(max_length=20, blank=True, help_text="Blank for attacks added by hand.")
    is_active = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["position", "attack_id"]

    def __str__(self) -> str:
        return f"{self.attack_id}: {self.name}"

    @property
    def is_multi_turn(self) -> bool:
        return len(self.turns or []) > 1

    def clean(self) -> None:
        turns = self.turns
        if not isinstance(turns, list) or not turns or not all(isinstance(t, str) and t.strip() for t in turns):
            raise ValidationError({"turns": "Give at least one user turn, none of them blank."})
        if not isinstance(self.forbidden_phrases, list) or not all(isinstance(p, str) for p in self.forbidden_phrases):
            raise ValidationError({"forbidden_phrases": "Give the forbidden phrases as text, one a line."})
        if self.uses_canary and not any(CANARY_PLACEHOLDER in t for t in turns):
            raise ValidationError({"turns": f"An attack that uses the canary needs {CANARY_PLACEHOLDER} in a turn."})


class CustomAttack(models.Model):
    """A workspace's own red-team attack (docs/redteam.md, Custom attacks): the library's fields, run after the
    library's attacks at every depth while enabled. Written only through ``redteam.custom``."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="custom_attacks")
    attack_id = models.CharField(max_length=24, help_text='The workspace\'s own id, e.g. "ACME-001".')
    name = models.CharField(max_length=200)
    category = models.CharField(max_length=30, choices=Category.choices)
    owasp_tag = models.CharField(max_length=80, blank=True)
    severity = models.CharField(max_length=10, default=Severity.HIGH.value)
    turns = models.JSONField(default=list)
    language = models.CharField(max_length=5, choices=Language.choices, default=Language.ENGLISH)
    uses_canary = models.BooleanField(default=False)
    forbidden_phrases = models.JSONField(default=list, blank=True)
    expected_outcome = models.TextField(blank=True)
    tool_context = models.JSONField(default=list, blank=True)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["attack_id"]
        constraints = [
            models.UniqueConstraint(fields=["account", "attack_id"], name="redteam_custom_attack_unique_id"),
        ]

    def __str__(self) -> str:
        return f"{self.attack_id}: {self.name}"
