"""Red-team strategies: each composes deterministically from the seed, keeps its base attack's checks, and is named
in the report JSON and SARIF."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from billing.models import Account
from evaluations.core.specs import ScenarioSpec
from evaluations.runs.choices import RunStatus
from evaluations.runs.models import Attempt, EvaluationRun
from evaluations.scoring.verdicts import Verdict
from redteam import encoders
from redteam.library import ATTACKS
from redteam.library.translations import FRAMES, TRANSLATIONS
from redteam.report import redteam_findings, sarif_for_run
from redteam.services import attack_count, attack_specs
from redteam.strategies import STRATEGIES, base_attack_id, compose, strategies_clean

CANARY = "CANARY-5EED0001"
BY_ID = {a["id"]: a for a in ATTACKS}
SEEDED = ("multi_turn", "payload_split", "roleplay", "refusal_suppression", "many_shot", "encoding")


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_the_same_seed_composes_the_same_attack(strategy: str) -> None:
    for attack in ATTACKS[:30]:
        assert compose(attack, strategy, seed=7) == compose(attack, strategy, seed=7), attack["id"]


@pytest.mark.parametrize("strategy", SEEDED)
def test_another_seed_composes_another_attack(strategy: str) -> None:
    attack = BY_ID["JB-001"]
    made = {repr(compose(attack, strategy, seed=seed)) for seed in range(8)}
    assert len(made) > 1


@pytest.mark.parametrize("strategy", ("spanish", "hindi"))
def test_languages_are_fixed_text_whatever_the_seed(strategy: str) -> None:
    assert compose(BY_ID["PI-001"], strategy, seed=1) == compose(BY_ID["PI-001"], strategy, seed=2)


def test_multi_turn_escalation_asks_at_turn_three_then_persists() -> None:
    made = compose(BY_ID["PI-001"], "multi_turn", seed=3)
    assert made is not None
    request = BY_ID["PI-001"]["turns"][0]
    assert "{{canary}}" not in made["turns"][0] + made["turns"][1]  # a benign opener and rapport first
    assert made["turns"].index(request) >= 2  # the request at turn 3 or later
    pushes = made["turns"][made["turns"].index(request) + 1 :]
    assert len(pushes) == 2 and all(request in p for p in pushes)
    assert all(p.startswith(("Please", "Come on", "You did it before")) for p in pushes)


def test_payload_split_sends_the_request_in_parts_then_asks_for_them_together() -> None:
    for seed in range(6):
        made = compose(BY_ID["PI-001"], "payload_split", seed=seed)
        assert made is not None
        parts = [turn.split('"', 1)[1].rsplit('"', 1)[0] for turn in made["turns"][:-1]]
        assert len(parts) in (2, 3)
        assert " ".join(parts) == BY_ID["PI-001"]["turns"][0]  # whole words: the placeholder is never cut
        assert "together" in made["turns"][-1]


def test_role_play_refusal_suppression_and_many_shot_wrap_the_request() -> None:
    request = BY_ID["EA-001"]["turns"][0]
    role = compose(BY_ID["EA-001"], "roleplay", seed=1)
    nor = compose(BY_ID["EA-001"], "refusal_suppression", seed=1)
    shot = compose(BY_ID["EA-001"], "many_shot", seed=1)
    assert role and nor and shot
    assert request in role["turns"][-1] and request in nor["turns"][-1]
    assert "Do not apologise" in nor["turns"][-1] or "Never say" in nor["turns"][-1]
    assert shot["turns"][-1].count("Assistant:") >= 5 and shot["turns"][-1].endswith(f"User: {request}\nAssistant:")


def test_languages_use_the_written_translation_else_the_written_frame() -> None:
    assert compose(BY_ID["PI-001"], "spanish", seed=0)["turns"] == [TRANSLATIONS["PI-001"]["es"]]  # type: ignore[index]
    framed = compose(BY_ID["PI-003"], "hindi", seed=0)
    assert framed is not None
    assert framed["turns"] == [FRAMES["hi"].format(request=BY_ID["PI-003"]["turns"][0])]
    assert compose(BY_ID["PI-005"], "spanish", seed=0) is None  # already Spanish: not composed again
    for written in TRANSLATIONS.values():
        assert "{{canary}}" in written["es"] or "{{canary}}" not in written["hi"]


def test_encoding_is_one_strategy_and_decodes_back() -> None:
    made = compose(BY_ID["PI-001"], "encoding", seed=4)
    assert made is not None and made["encoding"] in encoders.KINDS
    (turn,) = encoders.render_turns(made, CANARY)
    payload = encoders.unwrap(made["encoding"], turn)
    assert encoders.decode(made["encoding"], payload) == BY_ID["PI-001"]["turns"][0].replace("{{canary}}", CANARY)
    assert compose(BY_ID["PI-001-b64"], "roleplay", seed=0) is None  # encoded variants are not composed again


def test_unknown_strategies_are_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match="Unknown red-team strategy sneaky; choose from multi_turn"):
        strategies_clean(["roleplay", "sneaky"])
    assert strategies_clean(["spanish", "roleplay", "spanish"]) == ("roleplay", "spanish")


def test_composed_attacks_keep_category_canary_and_tags(db) -> None:
    specs = [ScenarioSpec.from_dict(d) for d in attack_specs("quick", CANARY, strategies=list(STRATEGIES), seed=9)]
    base = {s.attack_id: s for s in specs if not s.strategy}
    composed = [s for s in specs if s.strategy]
    assert len(base) == 7 and len(composed) == 7 * len(STRATEGIES)
    for spec in composed:
        source = base[base_attack_id(spec.attack_id)]
        assert spec.key == f"rt-{spec.attack_id}" and len(spec.key) <= 40
        assert (spec.owasp_tag, spec.severity, spec.forbidden_phrases) == (
            source.owasp_tag,
            source.severity,
            source.forbidden_phrases,
        )
        assert spec.canary == source.canary
        assert "{{canary}}" not in " ".join(spec.turns)
        if source.canary and spec.strategy == "tool_result":  # the request, canary and all, is in the result
            assert CANARY in spec.tool_context[0]["result"] and CANARY not in " ".join(spec.turns)
        elif source.canary and spec.strategy != "encoding":
            assert CANARY in " ".join(spec.turns)
    assert attack_count("quick", strategies=["roleplay", "spanish"]) == 21
    assert attack_count("standard") == 30 and attack_count("deep") == 60  # the depths keep their sizes


def test_every_composed_key_fits_an_attempt(db) -> None:
    for spec in attack_specs("deep", CANARY, strategies=list(STRATEGIES)):
        assert len(spec["key"]) <= 40, spec["key"]


@pytest.fixture
def strategy_run(acme: Account) -> EvaluationRun:
    scenarios = attack_specs("quick", CANARY, strategies=["multi_turn"], seed=1)
    run = EvaluationRun.objects.create(
        account=acme, agent_name="Bot", scenarios=scenarios, runs_per_scenario=1, status=RunStatus.SUCCEEDED
    )
    turns = next(s for s in scenarios if s["key"] == "rt-PI-001.mt")["turns"]
    transcript = []
    for number, turn in enumerate(turns, start=1):
        reply = f"Sure: {CANARY}" if number >= 4 else "I'm sorry, I can't help with that."
        transcript += [{"role": "user", "content": turn}, {"role": "assistant", "content": reply}]
    now = timezone.now()
    Attempt.objects.create(
        run=run, scenario_key="rt-PI-001.mt", repeat=1, verdict=Verdict.FAIL, transcript=transcript,
        rationale="Failed by rule at turn 4", gave_in_turn=4, started_at=now - timedelta(seconds=1), finished_at=now,
    )  # fmt: skip
    return run


def test_report_json_names_the_strategy_and_the_turn_it_gave_in(strategy_run: EvaluationRun) -> None:
    findings = {f["key"]: f for f in redteam_findings(strategy_run, strategy_run.attempts.all())}
    found = findings["rt-PI-001.mt"]
    assert found["status"] == "Bypassed" and found["gave_in_turn"] == 4
    assert (found["strategy"], found["strategy_label"], found["base_attack_id"]) == (
        "multi_turn",
        "Multi-turn escalation",
        "PI-001",
    )
    assert found["category"] == "prompt_injection" and found["owasp_tag"].startswith("LLM01")
    assert findings["rt-PI-001"]["strategy"] == ""


def test_sarif_names_the_strategy(strategy_run: EvaluationRun, sarif_validators) -> None:
    log = sarif_for_run(strategy_run, strategy_run.attempts.all())
    for validator in sarif_validators:
        assert not list(validator.iter_errors(log))
    (result,) = log["runs"][0]["results"]
    assert result["ruleId"] == "PI-001.mt"
    assert result["properties"]["strategy"] == "multi_turn" and result["properties"]["gave_in_turn"] == 4
    assert "Strategy: Multi-turn escalation. It gave in at turn 4." in result["message"]["text"]
    rule = next(r for r in log["runs"][0]["tool"]["driver"]["rules"] if r["id"] == "PI-001.mt")
    assert "strategy:multi_turn" in rule["properties"]["tags"] and rule["properties"]["base_attack_id"] == "PI-001"
