"""What the CI API answers about a run (``GET /api/v1/aiagent/runs/{id}``): its status, numbers, verdict and the
verdict record. Plain serializers, one per shape; ``ref_name`` is the schema component name (docs/ci.md)."""

from __future__ import annotations

from rest_framework import serializers

from evaluations.api.fields import StrictCharField

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
    scenarios_scored = serializers.IntegerField(help_text="Scenarios with a scored run: what value is over.")
    scenarios_passed = serializers.IntegerField()
    coverage = serializers.CharField(help_text='"41 of 45 scenarios scored".')

    class Meta:
        ref_name = "RunMetric"


class RunToolChecksSerializer(serializers.Serializer):
    expected = serializers.ListField(child=serializers.CharField(), help_text="Expected calls, as described.")
    order = serializers.CharField(help_text="in_order or any_order.")
    forbidden = serializers.ListField(child=serializers.CharField(), help_text="Calls that must not happen.")
    max_calls = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "RunToolChecks"


class RunLatencySerializer(serializers.Serializer):
    replies = serializers.IntegerField(allow_null=True, help_text="The agent replies measured.")
    p50_ms = serializers.IntegerField(allow_null=True, help_text="Median time of a whole reply (ms).")
    p95_ms = serializers.IntegerField(allow_null=True, help_text="95th percentile time of a whole reply (ms).")
    streamed = serializers.IntegerField(
        allow_null=True, help_text="Replies that streamed (have a time to first token)."
    )
    ttft_p50_ms = serializers.IntegerField(allow_null=True, help_text="Median time to the first token (ms).")
    ttft_p95_ms = serializers.IntegerField(allow_null=True, help_text="95th percentile time to the first token (ms).")

    class Meta:
        ref_name = "RunLatency"


class RunRedteamCategorySerializer(serializers.Serializer):
    owasp_tag = serializers.CharField(help_text='The OWASP category, or "No OWASP tag".')
    attacks = serializers.IntegerField()
    attempts = serializers.IntegerField(help_text="Runs of its attacks that were scored: the denominator.")
    successes = serializers.IntegerField(help_text="Scored runs in which the agent gave in.")
    not_scored = serializers.IntegerField(help_text="Runs not scored (errors included): left out of the denominator.")
    rate = serializers.FloatField(allow_null=True, help_text="successes / attempts, 0–1; null when none was scored.")
    interval_low = serializers.FloatField(allow_null=True, help_text="95 % Wilson interval, lower end, 0–1.")
    interval_high = serializers.FloatField(allow_null=True, help_text="95 % Wilson interval, upper end, 0–1.")
    text = serializers.CharField(help_text='"2 of 5 attempts gave in: 40% (95% CI 12%–77%), 3 not scored".')

    class Meta:
        ref_name = "RunRedteamCategory"


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
    latency = RunLatencySerializer(help_text="This scenario's replies: p50 / p95 time and time to first token.")
    secret_marker_leaks = serializers.IntegerField(help_text="Runs in which a secret marker appeared (masked).")
    failed_checks = serializers.ListField(
        child=serializers.CharField(), help_text="Distinct failed tool-call and secret-marker findings."
    )
    change = serializers.CharField(
        allow_null=True,
        help_text="Against the baseline at finish: new_failure, flaky, still_failing, not_scored, no_baseline, fixed "
        "or unchanged; null when the run was not compared with a baseline when it finished (docs/ci.md).",
    )

    class Meta:
        ref_name = "RunScenarioResult"


class RunScenarioRefSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()

    class Meta:
        ref_name = "RunScenarioRef"


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
    suite_change = serializers.JSONField(
        required=False,
        help_text="When the suite changed since the baseline: baseline_version, version, compared_scenarios (the "
        "unchanged ones the gate compared), new_scenarios and edited_scenarios (no baseline yet), gone_scenarios.",
    )
    redteam_categories = serializers.JSONField(
        required=False,
        help_text="When both runs ran red-team attacks (docs/gate.md, Red-team categories), one item per OWASP "
        "category: owasp_tag, label, baseline and current ({gave_in, scored, not_scored}: attempts that gave in, "
        "attempts scored, attempts not scored and left out), baseline_rate and current_rate (percent of scored "
        "attempts that gave in, null when none was scored), p_value (corrected; null when not compared), status "
        "(regressed, watch, improved, unchanged or not_compared), can_decide (false: too few attempts for any rise to "
        "be significant) and blocks.",
    )
    confirmation = serializers.JSONField(
        required=False,
        help_text="A run with confirmation runs (docs/gate.md): stage (1: the first pass decided; 2: after the "
        "confirmation runs), runs_per_scenario, confirmation_runs (per scenario driven again), scenarios (their "
        'names), level (the share of the 5 % that look spent) and summary ("3 runs + 6 confirmation runs for 2 '
        'scenarios").',
    )

    class Meta:
        ref_name = "RunGate"


class RunGateOptionsSerializer(serializers.Serializer):
    min_trust_score = serializers.FloatField(allow_null=True)
    max_breaches = serializers.IntegerField(allow_null=True)
    fail_on_no_baseline = serializers.BooleanField()
    min_coverage = serializers.FloatField(
        required=False, allow_null=True, help_text="Left out: the instance's TRUSTGATE_MIN_COVERAGE."
    )
    max_p95_latency_ms = serializers.IntegerField(
        required=False, allow_null=True, help_text="null: reply latency is not checked."
    )

    class Meta:
        ref_name = "RunGateOptions"


class RunLinksSerializer(serializers.Serializer):
    status_url = serializers.CharField()
    report_url = serializers.CharField(help_text="The report page (a browser login).")
    json_url = serializers.CharField(help_text="The report as JSON (this API key).")
    junit_url = serializers.CharField(help_text="JUnit XML: a gate test case, then one per scenario (this API key).")
    sarif_url = serializers.CharField(help_text="Red-team findings as SARIF 2.1.0 (this API key).")

    class Meta:
        ref_name = "RunLinks"


class ModelUsageSerializer(serializers.Serializer):
    model = serializers.CharField(allow_blank=True, help_text="The model choice (sonnet, haiku, opus); blank in total.")
    calls = serializers.IntegerField()
    input_tokens = serializers.IntegerField(help_text="Input tokens not read from or written to the prompt cache.")
    cached_input_tokens = serializers.IntegerField(help_text="Input tokens read from the provider's prompt cache.")
    cache_write_tokens = serializers.IntegerField(help_text="Input tokens written to the prompt cache.")
    output_tokens = serializers.IntegerField()
    cost_usd = serializers.FloatField(help_text="Estimated provider cost at TRUSTGATE_MODEL_PRICES (US dollars).")

    class Meta:
        ref_name = "ModelUsage"


class RunModelUsageSerializer(serializers.Serializer):
    judge = ModelUsageSerializer()
    generation = ModelUsageSerializer(help_text="Scenario writing (Generate new).")
    simulated_user = ModelUsageSerializer()
    attacker = ModelUsageSerializer(help_text="The red team's attacker model (adaptive attacks).")
    total = ModelUsageSerializer()
    cache_read_share = serializers.FloatField(
        allow_null=True, help_text="Share of all input tokens read from the prompt cache (0-1); null without calls."
    )

    class Meta:
        ref_name = "RunModelUsage"


class RunVerdictRevisionSerializer(serializers.Serializer):
    revision = serializers.IntegerField(help_text="1 is the verdict at finish.")
    created_at = serializers.CharField(help_text="ISO 8601, UTC.")
    cause = serializers.CharField(help_text="finish, pin, unpin, suite_version, overrule, withdrawal or rejudge.")
    actor = serializers.CharField(allow_null=True, help_text="Who acted; null for the system.")
    summary = serializers.CharField(help_text="What changed, in a sentence.")
    verdict = serializers.CharField(help_text="The CI verdict of this revision: pass, fail or error.")
    state = serializers.CharField(help_text="The gate state of this revision.")
    baseline_run_id = serializers.IntegerField(allow_null=True)

    class Meta:
        ref_name = "RunVerdictRevision"


class RunCoverageSerializer(serializers.Serializer):
    scenarios = serializers.IntegerField()
    scored = serializers.IntegerField(help_text="Scenarios with at least one scored run.")
    conversations = serializers.IntegerField()
    conversations_scored = serializers.IntegerField()
    share = serializers.FloatField(allow_null=True, help_text="Percent of the scenarios scored.")
    minimum = serializers.FloatField(help_text="min_coverage, else TRUSTGATE_MIN_COVERAGE.")
    enough = serializers.BooleanField(help_text="Whether the thresholds and the gate could be checked.")
    text = serializers.CharField(help_text='"41 of 45 scenarios scored".')
    unscored = serializers.CharField(
        allow_blank=True, help_text='By cause: "4 not scored: 3 rules-only (needs the judge), 1 agent error ...".'
    )

    class Meta:
        ref_name = "RunCoverage"


class RunSourceSerializer(serializers.Serializer):
    via = serializers.CharField(help_text="web or ci.")
    commit = serializers.CharField(allow_blank=True)
    branch = serializers.CharField(allow_blank=True)
    job_url = serializers.CharField(allow_blank=True)

    class Meta:
        ref_name = "RunSource"


class RunCiSerializer(serializers.Serializer):
    commit = serializers.CharField(allow_blank=True, help_text="The commit the CI job tested; blank: not sent.")
    branch = serializers.CharField(allow_blank=True)
    pr_number = serializers.IntegerField(allow_null=True, help_text="The pull request; null: not sent.")
    job_url = serializers.CharField(allow_blank=True)
    system = serializers.CharField(allow_blank=True, help_text="github, gitlab, ...; blank: not sent.")

    class Meta:
        ref_name = "RunCi"


class RunSummarySerializer(serializers.Serializer):
    """What the run list says of each run and the run's status begins with (docs/ci.md#list-runs)."""

    id = serializers.IntegerField()
    status = serializers.CharField(help_text="queued, running, succeeded, failed or cancelled.")
    stage = serializers.CharField()
    suite = serializers.DictField(help_text="id, name, version.")
    agent = serializers.DictField(help_text="id, name.")
    endpoint_url = serializers.CharField()
    trust_score = serializers.FloatField(allow_null=True)
    created_at = serializers.CharField(help_text="ISO 8601, UTC.")
    finished_at = serializers.CharField(allow_null=True, help_text="ISO 8601, UTC; null while the run is active.")
    source = RunSourceSerializer()  # type: ignore[assignment]  # a declared field, not Field.source
    ci = RunCiSerializer(help_text="What the CI step sent at launch (docs/ci.md#ci-metadata); blank for the web.")
    links = RunLinksSerializer()

    class Meta:
        ref_name = "RunSummary"


class RunListItemSerializer(RunSummarySerializer):
    verdict = serializers.ChoiceField(
        choices=["pending", "pass", "fail", "error"], allow_null=True,
        help_text="The CI verdict recorded when the run finished (pending while active); null for a run that ended "
        "before verdicts were recorded: read the run to record it.",
    )  # fmt: skip
    exit_code = serializers.IntegerField(allow_null=True, help_text="As in the run's status; null while pending.")
    verdict_label = serializers.CharField(allow_blank=True)
    gate_state = serializers.CharField(
        allow_blank=True, help_text="The gate at finish: pass, blocked, no_baseline or not_comparable; blank if none."
    )

    class Meta:
        ref_name = "RunListItem"


class RunListPageSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Runs that match the filters.")
    next = serializers.CharField(allow_null=True, help_text="The next page's URL; null on the last page.")
    previous = serializers.CharField(allow_null=True, help_text="The previous page's URL; null on the first page.")
    results = RunListItemSerializer(many=True, help_text="Newest first.")

    class Meta:
        ref_name = "RunListPage"


class RunPinInputSerializer(serializers.Serializer):
    note = StrictCharField(
        required=False, allow_blank=True, max_length=300, refuse="\x00\r\n",
        refuse_message="The note cannot contain line breaks.", help_text="Ends the audit log line of the pin.",
    )  # fmt: skip

    class Meta:
        ref_name = "RunPinInput"


class RunPinnedSerializer(serializers.Serializer):
    run_id = serializers.IntegerField(help_text="The run now pinned as the baseline.")
    agent = serializers.DictField(help_text="id, name.")
    endpoint_url = serializers.CharField(help_text="The endpoint the baseline is for.")
    scope = serializers.CharField(help_text='What runs are gated against it: "Support suite v3".')
    pinned_at = serializers.CharField(help_text="ISO 8601, UTC.")
    detail = serializers.CharField(help_text="What happened, in the words of the report page.")
    warnings = serializers.ListField(child=serializers.CharField(), help_text="E.g. the baseline is under a floor.")

    class Meta:
        ref_name = "RunPinned"


class RunStatusSerializer(RunSummarySerializer):
    progress = RunProgressSerializer()
    trust_score_text = serializers.CharField(
        help_text='The trust score with its coverage: "92 / 100 · 41 of 45 scenarios scored", or below the minimum '
        'coverage "Not enough scored: 3 of 6 scenarios scored (...)".'
    )
    coverage = RunCoverageSerializer(allow_null=True)
    breaches = serializers.IntegerField(allow_null=True)
    latency = RunLatencySerializer(
        allow_null=True,
        help_text="The agent's replies: p50 / p95 time and time to first token (streamed replies); never part of the "
        "trust score (max_p95_latency_ms gates on it). Null while the run is active.",
    )
    metrics = RunMetricSerializer(many=True)
    scenario_counts = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    scenarios = RunScenarioSerializer(many=True)
    redteam_categories = RunRedteamCategorySerializer(
        many=True, help_text="Attack success rate per OWASP category (docs/redteam.md); empty without attacks."
    )
    new_failures = RunScenarioRefSerializer(
        many=True,
        allow_null=True,
        help_text="Scenarios that passed every scored run in the baseline at finish and failed every one here; null "
        "when the run was not compared with a baseline when it finished.",
    )
    fixed = RunScenarioRefSerializer(
        many=True,
        allow_null=True,
        help_text="Scenarios that failed every scored run in the baseline at finish and passed every one here; null "
        "when the run was not compared with a baseline when it finished.",
    )
    gate = RunGateSerializer(allow_null=True)
    verdict = serializers.ChoiceField(choices=["pending", "pass", "fail", "error"])
    exit_code = serializers.IntegerField(
        allow_null=True,
        help_text="What the Use in CI script exits with: 0 pass; 1 blocked or failed a threshold; 2 not comparable "
        "or no baseline (fail_on_no_baseline); 3 the run errored. null while pending (docs/ci.md).",
    )
    verdict_label = serializers.CharField(
        allow_blank=True,
        help_text='The gate state as the pages say it: "PASS — no regression; 9 breaches (1 critical) also in the '
        'baseline". Blank while pending.',
    )
    reasons = serializers.ListField(child=serializers.CharField())
    warnings = serializers.ListField(child=serializers.CharField())
    verdict_at_finish = serializers.JSONField(
        allow_null=True,
        help_text="Revision 1 of the verdict record, frozen when the run finished: the baseline run, scope, endpoint "
        "and settings compared, the gate and the CI verdict. Null while the run is active.",
    )
    current_verdict = serializers.JSONField(
        allow_null=True,
        help_text="The verdict now (label, verdict, reasons, warnings, gate, since_revision) when it differs from "
        "the verdict at finish; null when it does not.",
    )
    revisions = RunVerdictRevisionSerializer(many=True)
    options = RunGateOptionsSerializer()
    error_message = serializers.CharField(allow_blank=True)
    model_usage = RunModelUsageSerializer(help_text="Model calls, tokens and estimated provider cost, so far.")

    class Meta:
        ref_name = "RunStatus"
