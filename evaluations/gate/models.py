from __future__ import annotations

from django.conf import settings
from django.db import models


class Baseline(models.Model):
    """A run pinned as the baseline of an agent endpoint + suite (or + "generated" and its kinds).

    Re-pinning keeps the old row with ``is_current=False`` (the history); at most one current row per
    agent, endpoint and scope (a conditional unique constraint). ``scope`` is ``suite:<id>`` for a saved suite,
    ``generated:<kind>+<kind>…`` for generated runs and ``redteam:<depth>:<library version>`` for red-team-only
    runs, so it survives the suite being deleted.
    """

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="baselines")
    agent = models.ForeignKey("agents.Agent", on_delete=models.CASCADE, related_name="baselines")
    endpoint_url = models.CharField(max_length=2000, blank=True)
    suite = models.ForeignKey(
        "suites.Suite", on_delete=models.SET_NULL, null=True, blank=True, related_name="baselines"
    )
    scope = models.CharField(max_length=200)
    run = models.ForeignKey("runs.EvaluationRun", on_delete=models.CASCADE, related_name="baseline_pins")
    pinned_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    pinned_at = models.DateTimeField()
    is_current = models.BooleanField(default=True)
    replaced_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pinned_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["agent", "endpoint_url", "scope"],
                condition=models.Q(is_current=True),
                name="one_current_baseline_per_agent_endpoint_scope",
            )
        ]

    def __str__(self) -> str:
        return f"Baseline run {self.run_id} for {self.agent_id} {self.scope}"
