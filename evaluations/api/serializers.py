"""What the CI API reads and writes: plain serializers, one per shape. ``ref_name`` is the schema component name.

A run's status is in run_status.py. Input fields are strict (fields.py): a value must have the JSON type the schema states. Types and ranges only; the
launch rules (the endpoint guard, the suite) are evaluations/launches/'.
"""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.core.validators import RegexValidator
from rest_framework import serializers

from billing.selectors import MAX_ID
from evaluations.api.fields import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField
from evaluations.gate.rules.confirmation import DEFAULT_CONFIRMATION_RUNS, MAX_CONFIRMATION_RUNS
from evaluations.launches.request import MAX_PARALLEL, MAX_RUNS_PER_SCENARIO, CiLaunch, LaunchRequest
from evaluations.runs.snapshot import CI_SYSTEMS, CiSource, GateOptions, LaunchSettings
from evaluations.scoring.choices import JudgeModel, Strictness
from redteam.services import Depth
from redteam.strategies import STRATEGY_NAMES, strategies_clean

MAX_CONTACTS = 200  # allowed contacts in one request
JOB_URL = RegexValidator(
    r"^https?://[^\x00-\x20\x7f]+\Z",
    message="The job URL must start with https:// or http:// (the CI job's page), with no spaces or line breaks.",
)

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


def _between(label: str, high: int, *, low: int = 1) -> dict[str, Any]:
    """The launch form's words for a value out of range (the serializer checks first, to state the range)."""
    message = (
        f"{label} must be between {low} (off) and {high}." if low == 0 else f"{label} must be between 1 and {high}."
    )
    return {"min_value": message, "max_value": message}


class StringListField(serializers.ListField):
    """A list of strings whose item errors are plain messages ("Item 2: ..."), as the 400 schema states, not
    DRF's index → messages mapping."""

    def run_child_validation(self, data: list[Any]) -> list[Any]:
        try:
            return list(super().run_child_validation(data))
        except serializers.ValidationError as exc:
            detail = exc.detail if isinstance(exc.detail, dict) else {0: exc.detail}
            raise serializers.ValidationError(
                [f"Item {int(i) + 1}: {' '.join(str(m) for m in _flat(v))}" for i, v in detail.items()]
            ) from None


def _flat(value: Any) -> list[Any]:
    return [m for item in value for m in _flat(item)] if isinstance(value, list | tuple) else [value]


class RunCreateInputSerializer(serializers.Serializer):
    """Strict types and the launch ranges; it produces the typed launch request (``launch_request``), whose rules
    (the endpoint guard, the suite) evaluations/launches/ checks for the web form and the API alike."""

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
        required=False, min_value=1, max_value=MAX_RUNS_PER_SCENARIO,
        error_messages=_between("Runs per scenario", MAX_RUNS_PER_SCENARIO),
        help_text=f"1 to {MAX_RUNS_PER_SCENARIO}. Left out: the pinned baseline's (else the suite's run profile, "
        "else 3).",
    )  # fmt: skip
    parallel = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_PARALLEL,
        error_messages=_between("Parallel conversations", MAX_PARALLEL),
        help_text=f"Parallel conversations, 1 to {MAX_PARALLEL}. Left out: the pinned baseline's (else 4).",
    )  # fmt: skip
    confirmation_runs = StrictIntegerField(
        required=False, min_value=0, max_value=MAX_CONFIRMATION_RUNS,
        error_messages=_between("Confirmation runs", MAX_CONFIRMATION_RUNS, low=0),
        help_text=f"0 (off) to {MAX_CONFIRMATION_RUNS}: after the first pass of a saved suite compared with a pinned "
        "baseline, each scenario that failed where the baseline passed runs this many more times before the verdict "
        f"(the estimate and the hold include the most it can add). Left out: {DEFAULT_CONFIRMATION_RUNS}.",
    )  # fmt: skip
    redteam_depth = serializers.ChoiceField(
        required=False, allow_blank=True, choices=Depth.values,
        help_text="Red-team attacks to add: quick, standard, deep, or \"\" for none. Left out: the pinned "
        "baseline's (else none). A different depth than the baseline's makes the run not comparable.",
    )  # fmt: skip
    redteam_strategies = StringListField(
        child=serializers.ChoiceField(
            choices=list(STRATEGY_NAMES),
            error_messages={"invalid_choice": "Unknown red-team strategy “{input}”; choose from "
                            + ", ".join(STRATEGY_NAMES) + "."},
        ),
        required=False, max_length=len(STRATEGY_NAMES),
        help_text="Red-team strategies to compose on the depth's attacks: " + ", ".join(STRATEGY_NAMES) + ". Left out: "
        "the pinned baseline's (else none). attacker (the attacker model, adaptive) needs a model provider. Another "
        "set than the baseline's makes the run not comparable.",
    )  # fmt: skip
    redteam_seed = StrictIntegerField(
        required=False, min_value=0, max_value=2**31 - 1,
        help_text="The seed the strategies compose with: the same seed makes the same attacks. Left out: the pinned "
        "baseline's (else 0).",
    )  # fmt: skip
    judge_model = serializers.ChoiceField(
        required=False, allow_blank=True, choices=JudgeModel.values,
        help_text="The judge: sonnet, haiku, opus (when enabled) or rules_only; \"\" for the agent's setting. "
        "Left out: the pinned baseline's. Another judge than the baseline's makes the run not comparable.",
    )  # fmt: skip
    judge_strictness = serializers.ChoiceField(
        required=False, allow_blank=True, choices=Strictness.values,
        help_text="lenient, balanced or strict; \"\" for the agent's setting. Left out: the pinned baseline's.",
    )  # fmt: skip
    allowed_contacts = StringListField(
        child=StrictCharField(max_length=254), required=False, allow_null=True, max_length=MAX_CONTACTS,
        help_text="Emails and phones the agent may share; null for the agent's own list. Left out: the pinned "
        "baseline's.",
    )  # fmt: skip
    compare_with_endpoint = StrictCharField(
        required=False, allow_blank=True, max_length=2000,
        help_text="Gate against the baseline pinned for this other endpoint of the same agent (staging against "
        "production) instead of the run's own endpoint. Its baseline's settings become the defaults.",
    )  # fmt: skip
    dry_run = StrictBooleanField(
        required=False, default=False,
        help_text="Only plan: answer 200 with the settings the run would use and its warnings; launch nothing.",
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
    min_coverage = StrictFloatField(
        required=False, allow_null=True, default=None, min_value=0, max_value=100,
        help_text="The percent of scenarios that must be scored for min_trust_score, max_breaches and the gate to be "
        "checked; below it they fail. Left out: the instance's TRUSTGATE_MIN_COVERAGE (80 by default).",
    )  # fmt: skip
    max_p95_latency_ms = StrictIntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=3_600_000,
        help_text="Fail when the 95th percentile time of the agent's replies is above this (milliseconds). Latency "
        "never enters the trust score.",
    )  # fmt: skip
    commit = StrictCharField(
        required=False, allow_blank=True, max_length=100, refuse="\x00\r\n",
        refuse_message="The commit cannot contain line breaks.", help_text="The commit the CI job tests (shown "
        "in the run lists).",
    )  # fmt: skip
    branch = StrictCharField(
        required=False, allow_blank=True, max_length=255, refuse="\x00\r\n",
        refuse_message="The branch cannot contain line breaks.", help_text="The branch the CI job tests.",
    )  # fmt: skip
    job_url = StrictCharField(
        required=False, allow_blank=True, max_length=2000,
        help_text="The CI job's page (http or https), linked from the run lists.",
    )  # fmt: skip
    pr_number = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_ID,
        error_messages={"min_value": "The pull request number must be a whole number from 1 up.",
                        "max_value": "The pull request number is too large."},
        help_text="The pull (merge) request the CI job tests, from 1 up (shown in the run lists, filterable).",
    )  # fmt: skip
    ci_system = serializers.ChoiceField(
        required=False, allow_blank=True, choices=CI_SYSTEMS,
        help_text="The CI system that launched the run: " + ", ".join(CI_SYSTEMS) + ".",
    )  # fmt: skip

    class Meta:
        ref_name = "RunCreateInput"

    def validate_redteam_strategies(self, value: list[str]) -> tuple[str, ...]:
        return strategies_clean(value)  # the registry's order, each once: the same set compares equal

    def launch_request(self, *, suite: Any) -> LaunchRequest:
        """The valid input as the launch it asks for: a run of ``suite`` on its agent, with only the settings the
        CI job set as overrides (the plan takes the rest from the pinned baseline). Raises ValidationError (400)
        for a suite without an agent."""
        if suite.agent is None:
            raise serializers.ValidationError(
                {"suite": ["This suite has no agent to run against; set its agent first."]}
            )
        data = self.validated_data
        return LaunchRequest(
            agent=suite.agent,
            suite=suite,
            overrides={key: data[key] for key in LaunchSettings.field_names() if key in data},
            api_key=data.get("api_key", ""),
            endpoint_url=data.get("endpoint_url", ""),
            compare_with_endpoint=data.get("compare_with_endpoint", ""),
            ci=CiLaunch(
                GateOptions(
                    data["min_trust_score"],
                    data["max_breaches"],
                    data["fail_on_no_baseline"],
                    data["min_coverage"],
                    data["max_p95_latency_ms"],
                ),
                CiSource(
                    data.get("commit", ""),
                    data.get("branch", ""),
                    data.get("job_url", ""),
                    data.get("pr_number"),
                    data.get("ci_system", ""),
                ),
            ),  # fmt: skip
        )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Opus only where it is offered (the launch form's rule), read when the serializer is made, not imported.
        judges = [c for c in JudgeModel.values if c != JudgeModel.OPUS or settings.TRUSTGATE_ENABLE_OPUS]
        cast(serializers.ChoiceField, self.fields["judge_model"]).choices = judges
        # One pattern, so the schema states it: a web address without spaces (the lists link it).
        self.fields["job_url"].validators = [JOB_URL]


class RunSettingsSerializer(serializers.Serializer):
    runs_per_scenario = serializers.IntegerField()
    parallel = serializers.IntegerField()
    redteam_depth = serializers.CharField(allow_blank=True, help_text='"": no red-team attacks.')
    redteam_strategies = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Left out when none."
    )
    redteam_seed = serializers.IntegerField(required=False, help_text="Left out when 0.")
    judge_model = serializers.CharField(allow_null=True, help_text="null: the agent's setting.")
    judge_strictness = serializers.CharField(allow_null=True, help_text="null: the agent's setting.")
    allowed_contacts = StringListField(
        child=serializers.CharField(), allow_null=True, help_text="null: the agent's own list."
    )

    class Meta:
        ref_name = "RunSettings"


class RulesCoverageSerializer(serializers.Serializer):
    decided_by_rules = serializers.IntegerField(help_text="Scenarios the rules decide alone, a pass as well as a fail.")
    only_failed_by_rules = serializers.IntegerField(
        help_text="Scenarios the rules can only fail: a pass needs the judge (or, for an attack, a plain refusal)."
    )
    need_judge = serializers.IntegerField(help_text="Scenarios only the judge can score: Not scored rules-only.")
    not_exercised = serializers.IntegerField(
        help_text="Scenarios the agent's protocol or settings cannot exercise (see the warnings): Not scored."
    )
    total = serializers.IntegerField()
    sentence = serializers.CharField(help_text="The same figures in the words of the New evaluation page.")

    class Meta:
        ref_name = "RulesCoverage"


class PowerSerializer(serializers.Serializer):
    estimate = serializers.BooleanField(help_text="Always true: the figures are estimates from the bench's model.")
    model = serializers.CharField(help_text="Where the model comes from: bench/gate_simulation.py.")
    runs_per_scenario = serializers.IntegerField(help_text="The run's runs per scenario the figures are for.")
    baseline_runs_per_scenario = serializers.IntegerField(
        allow_null=True, help_text="The baseline's, its top-ups included; null: no baseline pinned yet."
    )
    scenarios = serializers.IntegerField(help_text="The scenarios the run drives (the suite's and the attacks).")
    one_scenario_caught = serializers.FloatField(
        help_text="How often (0–1) the gate catches a single scenario that stops passing, with these settings."
    )
    advised_runs_per_scenario = serializers.IntegerField(
        allow_null=True,
        help_text="The fewest runs per scenario (3, 5, 10 or 20) of the run at which such a scenario can block on its "
        "own; null: caught 95 % of the time already, or none of them against this baseline (top it up).",
    )
    one_scenario_caught_with_advised = serializers.FloatField(
        allow_null=True, help_text="How often (0–1) it is caught with the advised runs; null when none is advised."
    )
    confirmation_runs = serializers.IntegerField(
        help_text="The confirmation runs per open scenario the figures include (0: the first pass alone)."
    )
    warning = serializers.CharField(help_text="The low-power warning (also in warnings); empty when there is none.")

    class Meta:
        ref_name = "Power"


class RunPlanSerializer(serializers.Serializer):
    settings = RunSettingsSerializer(help_text="The settings the run uses: the defaults, then what was sent.")
    defaults_from = serializers.ChoiceField(
        choices=["baseline", "profile", "defaults"],
        help_text="Where the settings left out came from: the pinned baseline, the suite's run profile, or the "
        "product defaults.",
    )
    baseline_run_id = serializers.IntegerField(allow_null=True, help_text="The baseline the run is gated against.")
    baseline_endpoint_url = serializers.CharField(help_text="The endpoint whose baseline that is.")
    comparable = serializers.BooleanField(
        allow_null=True, help_text="Whether the run can be compared with the baseline; null: no baseline."
    )
    warnings = serializers.ListField(
        child=serializers.CharField(),
        help_text="Told before the run is paid for: not comparable, low power, scenarios the agent's protocol or "
        "settings cannot exercise (they will be Not scored).",
    )
    rules_coverage = RulesCoverageSerializer(
        allow_null=True, help_text="A rules-only run (no judge configured): what the rules can score; null otherwise."
    )
    power = PowerSerializer(
        allow_null=True,
        help_text="The power planner's estimates for these settings (docs/gate.md, The power planner); null when "
        "the run is not gated.",
    )

    class Meta:
        ref_name = "RunPlan"


class RunCreatedSerializer(RunPlanSerializer):
    id = serializers.IntegerField()
    status_url = serializers.CharField()
    report_url = serializers.CharField()

    class Meta:
        ref_name = "RunCreated"


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
