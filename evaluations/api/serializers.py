"""What the CI API reads and writes: plain serializers, one per shape. ``ref_name`` is the schema component name.

Input fields are strict (fields.py): a value must have the JSON type the schema states. Types and ranges only; the
launch rules (the endpoint guard, the suite) are the launch form's and the services'.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from billing.selectors import MAX_ID
from evaluations.api.fields import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField
from evaluations.runs.forms import MAX_PARALLEL, MAX_RUNS_PER_SCENARIO

# ---------------------------------------------------------------------------------------------- suites


class SuiteAgentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    protocol = serializers.CharField()
    endpoint_url = serializers.CharField()

    class Meta:
        ref_name = "SuiteAgent"


class SuiteSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    scenarios = serializers.IntegerField(help_text="Active scenarios: what a run drives.")
    agent = SuiteAgentSerializer(allow_null=True, help_text="The agent a run of this suite drives; null: none set.")
    baseline_pinned = serializers.BooleanField(help_text="A baseline is pinned for the agent's own endpoint.")
    baseline_endpoints = serializers.ListField(
        child=serializers.CharField(),
        help_text="Every endpoint of the agent with a pinned baseline for this suite.",
    )
    use_in_ci_url = serializers.CharField(help_text="The page with a ready CI workflow for this suite.")

    class Meta:
        ref_name = "Suite"


# ---------------------------------------------------------------------------------------------- launching a run


def _between(label: str, high: int) -> dict[str, Any]:
    """The launch form's words for a value out of range (the serializer checks first, to state the range)."""
    message = f"{label} must be between 1 and {high}."
    return {"min_value": message, "max_value": message}


class RunCreateInputSerializer(serializers.Serializer):
    """Strict types and the launch form's ranges; the other launch rules (the endpoint guard, the suite) are
    RunLaunchForm's and the services'."""

    suite = StrictIntegerField(min_value=1, max_value=MAX_ID, help_text="A saved suite's id.")
    endpoint_url = StrictCharField(
        required=False, allow_blank=True, max_length=2000, help_text="Run against this endpoint instead (staging)."
    )
    api_key = StrictCharField(
        required=False,
        allow_blank=True,
        max_length=4096,
        trim_whitespace=False,
        write_only=True,
        refuse="\r\n\x00",
        refuse_message="The API key cannot contain line breaks.",  # the launch form's words
        help_text="The agent's API key, used for this run only and never stored.",
    )
    runs_per_scenario = StrictIntegerField(
        required=False, default=3, min_value=1, max_value=MAX_RUNS_PER_SCENARIO,
        error_messages=_between("Runs per scenario", MAX_RUNS_PER_SCENARIO),
        help_text=f"1 to {MAX_RUNS_PER_SCENARIO}.",
    )  # fmt: skip
    parallel = StrictIntegerField(
        required=False, default=4, min_value=1, max_value=MAX_PARALLEL,
        error_messages=_between("Parallel conversations", MAX_PARALLEL),
        help_text=f"Parallel conversations, 1 to {MAX_PARALLEL}.",
    )  # fmt: skip
    min_trust_score = StrictFloatField(
        required=False, allow_null=True, default=None, min_value=0, max_value=100,
        help_text="Fail when the trust score is below this (0 to 100).",
    )  # fmt: skip
    max_breaches = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=0, max_value=1_000_000,
        help_text="Fail when more attempts than this breached a guardrail, PII or red-team check.",
    )  # fmt: skip
    fail_on_no_baseline = StrictBooleanField(
        required=False, default=False, help_text="Fail (instead of pass with a warning) when no baseline is pinned."
    )

    class Meta:
        ref_name = "RunCreateInput"


class RunCreatedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status_url = serializers.CharField()
    report_url = serializers.CharField()

    class Meta:
        ref_name = "RunCreated"


# ---------------------------------------------------------------------------------------------- a run's status


class RunProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Conversations finished.")
    total = serializers.IntegerField()
    passed = serializers.IntegerField()
    failed = serializers.IntegerField()
    not_scored = serializers.IntegerField()
    # A declared field: DRF's metaclass pops it out of the class, so it does not shadow Serializer.errors.
    errors = serializers.IntegerField()  # type: ignore[assignment]
    elapsed_s = serializers.IntegerField()

    class Meta:
        ref_name = "RunProgress"


class RunMetricSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field, not Field.label
    value = serializers.FloatField(allow_null=True, help_text="Share of scenarios passed, 0–100.")
    scenarios = serializers.IntegerField()
    scenarios_passed = serializers.IntegerField()

    class Meta:
        ref_name = "RunMetric"


class RunToolChecksSerializer(serializers.Serializer):
    expected = serializers.ListField(child=serializers.CharField(), help_text="Expected calls, as described.")
    order = serializers.CharField(help_text="in_order or any_order.")
    forbidden = serializers.ListField(child=serializers.CharField(), help_text="Calls that must not happen.")
    max_calls = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "RunToolChecks"


class RunScenarioSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField(help_text="pass, fail, not_scored or error.")
    runs_passed = serializers.IntegerField()
    runs_failed = serializers.IntegerField()
    runs_not_scored = serializers.IntegerField()
    runs_error = serializers.IntegerField()
    breaches = serializers.IntegerField()
    pass_rate = serializers.FloatField(allow_null=True, help_text="Percent of scored runs that passed, 0–100.")
    pass_k = serializers.FloatField(allow_null=True, help_text="Percent chance that all k runs pass: pass_rate^k.")
    k = serializers.IntegerField(help_text="Runs per scenario.")
    stability = serializers.CharField(help_text="passing, flaky, failing, or empty when no run was scored.")
    is_flaky = serializers.BooleanField(help_text="Some scored runs passed and some failed.")
    tool_checks = RunToolChecksSerializer()
    secret_marker_leaks = serializers.IntegerField(help_text="Runs in which a secret marker appeared (masked).")
    failed_checks = serializers.ListField(
        child=serializers.CharField(), help_text="Distinct failed tool-call and secret-marker findings."
    )

    class Meta:
        ref_name = "RunScenarioResult"


class RunGateSerializer(serializers.Serializer):
    state = serializers.CharField(help_text="pass, blocked, no_baseline or not_comparable.")
    label = serializers.CharField()  # type: ignore[assignment]  # a declared field, not Field.label
    reasons = serializers.ListField(child=serializers.CharField(), help_text="What decides the state.")
    notes = serializers.ListField(child=serializers.CharField(), help_text="Observations that do not block.")
    baseline_run_id = serializers.IntegerField(allow_null=True)
    watch_list = serializers.ListField(child=serializers.CharField(), help_text="Scenario names.")
    metrics = serializers.JSONField(
        required=False, help_text="Per metric: baseline, current, drop, threshold, p-value."
    )

    class Meta:
        ref_name = "RunGate"


class RunGateOptionsSerializer(serializers.Serializer):
    min_trust_score = serializers.FloatField(allow_null=True)
    max_breaches = serializers.IntegerField(allow_null=True)
    fail_on_no_baseline = serializers.BooleanField()

    class Meta:
        ref_name = "RunGateOptions"


class RunLinksSerializer(serializers.Serializer):
    status_url = serializers.CharField()
    report_url = serializers.CharField(help_text="The report page (a browser login).")
    json_url = serializers.CharField(help_text="The report as JSON (this API key).")
    junit_url = serializers.CharField(help_text="JUnit XML, one test case per scenario (this API key).")
    sarif_url = serializers.CharField(help_text="Red-team findings as SARIF 2.1.0 (this API key).")

    class Meta:
        ref_name = "RunLinks"


class RunStatusSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField(help_text="queued, running, succeeded, failed or cancelled.")
    stage = serializers.CharField()
    suite = serializers.DictField(help_text="id, name, version.")
    agent = serializers.DictField(help_text="id, name.")
    endpoint_url = serializers.CharField()
    progress = RunProgressSerializer()
    trust_score = serializers.FloatField(allow_null=True)
    breaches = serializers.IntegerField(allow_null=True)
    metrics = RunMetricSerializer(many=True)
    scenario_counts = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    scenarios = RunScenarioSerializer(many=True)
    gate = RunGateSerializer(allow_null=True)
    verdict = serializers.ChoiceField(choices=["pending", "pass", "fail", "error"])
    reasons = serializers.ListField(child=serializers.CharField())
    warnings = serializers.ListField(child=serializers.CharField())
    options = RunGateOptionsSerializer()
    error_message = serializers.CharField(allow_blank=True)
    links = RunLinksSerializer()

    class Meta:
        ref_name = "RunStatus"


# ---------------------------------------------------------------------------------------------- deploys


class DeployInputSerializer(serializers.Serializer):
    agent = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_ID, help_text="Only the monitors of this agent."
    )
    monitor = StrictIntegerField(required=False, min_value=1, max_value=MAX_ID, help_text="Only this monitor.")
    ref = StrictCharField(
        required=False, allow_blank=True, max_length=200, help_text="What was deployed (a version or commit)."
    )

    class Meta:
        ref_name = "DeployInput"


class DeployTriggeredSerializer(serializers.Serializer):
    monitor_id = serializers.IntegerField()
    name = serializers.CharField()
    run_id = serializers.IntegerField()
    already_running = serializers.BooleanField(help_text="A run was in progress; no second one was queued.")
    monitor_url = serializers.CharField()
    run_url = serializers.CharField()

    class Meta:
        ref_name = "DeployTriggered"


class DeploySkippedSerializer(serializers.Serializer):
    monitor_id = serializers.IntegerField()
    name = serializers.CharField()
    reason = serializers.CharField()

    class Meta:
        ref_name = "DeploySkipped"


class DeployResultSerializer(serializers.Serializer):
    triggered = DeployTriggeredSerializer(many=True)
    skipped = DeploySkippedSerializer(many=True)

    class Meta:
        ref_name = "DeployResult"
