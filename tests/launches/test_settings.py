"""Run settings are one typed value with one serialiser: what a launch writes reads back the same, and rows
written before the settings had a version still load."""

from __future__ import annotations

import pytest

from evaluations.runs.snapshot import SETTINGS_VERSION, GateOptions, LaunchSettings, RunSettings, settings_lookup


def test_settings_read_back_as_they_were_written() -> None:
    settings = RunSettings(
        mode="generated", knowledge="Refunds within 30 days.", allowed_contacts=("help@acme.example",),
        secret_markers=("INTERNAL",), suite_kinds=("accuracy", "pii"), canary="CANARY-1A2B3C4D",
        judge_provider="anthropic", redteam_depth="quick", redteam_library_version="2026.1",
        compare_with_endpoint="https://prod.acme.example/chat", launch_warnings=("Low power.",), launched_via="api",
        gate_options=GateOptions(min_trust_score=80.0, max_breaches=0, fail_on_no_baseline=True),
        generated=True, generation_calls=2, generation_usage={"model": "sonnet", "calls": 2},
    )  # fmt: skip
    stored = settings.to_json()
    assert stored["version"] == SETTINGS_VERSION
    assert RunSettings.from_json(stored) == settings


def test_a_row_written_before_versions_still_loads() -> None:
    old = {  # a version 1 row, as launches wrote them before the settings were typed
        "knowledge": "Policy", "allowed_contacts": ["a@b.example"], "secret_markers": [], "mode": "saved_suite",
        "suite_kinds": [], "canary": "CANARY-00000000", "judge_provider": "rules_only", "redteam_depth": "",
        "redteam_library_version": "", "compare_with_endpoint": "", "launch_warnings": [],
        "ci": {"min_trust_score": 60}, "launched_via": "api",
        "model_usage": {"generation": {"model": "haiku", "calls": 1}},
    }  # fmt: skip
    settings = RunSettings.from_json(old)
    assert settings.version == 1 and settings.knowledge == "Policy" and settings.allowed_contacts == ("a@b.example",)
    assert settings.gate_options == GateOptions(min_trust_score=60)
    assert settings.generation_usage == {"model": "haiku", "calls": 1}
    assert RunSettings.from_json({}) == RunSettings(version=1)  # an empty snapshot: every default
    assert RunSettings.from_json(None).mode == "saved_suite"


def test_launch_settings_from_a_run_profile_ignore_unknown_keys_and_default_the_rest() -> None:
    settings = LaunchSettings.from_dict({"runs_per_scenario": 5, "judge_model": "", "something_else": 1})
    assert settings == LaunchSettings(runs_per_scenario=5)
    assert LaunchSettings.from_dict(settings.to_dict()) == settings


def test_queries_read_only_fields_stored_under_their_own_key() -> None:
    assert settings_lookup("mode") == "settings_snapshot__mode"
    with pytest.raises(KeyError):
        settings_lookup("knowledge")  # the policy text is never read inside a query
