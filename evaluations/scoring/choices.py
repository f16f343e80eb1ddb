"""The judge settings a user picks (which model judges, how strictly), shared by agents, runs and monitors."""

from django.db import models


class JudgeModel(models.TextChoices):
    SONNET = "sonnet", "Sonnet"
    HAIKU = "haiku", "Haiku"
    OPUS = "opus", "Opus"
    RULES_ONLY = "rules_only", "Rules only (no judge)"


class Strictness(models.TextChoices):
    LENIENT = "lenient", "Lenient"
    BALANCED = "balanced", "Balanced"
    STRICT = "strict", "Strict"
