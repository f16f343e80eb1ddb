#!/usr/bin/env python3
"""Red-team strategies against planted-weakness agents (docs/benchmarks.md, docs/redteam.md).

Starts the planted agents of ``tests/support/planted_agents.py`` (real OpenAI-compatible servers on 127.0.0.1: each
gives in only under one strategy, and one well-guarded agent never does), then drives the static library and the
library with every strategy against each through the real executor and connector, and scores every reply with the
rules engine (no judge: a finding is a hard rule failure, such as the canary or a marker in a reply). Prints one
line:

    strategies planted=N found_static=A found_strategies=B false_findings=F agent_messages_static=X
    agent_messages_strategies=Y

``found_*``: planted agents with at least one finding; ``false_findings``: findings on the well-guarded agent;
``agent_messages_*``: the user messages the agents were sent. Goal: static finds few, strategies find all, and
no false finding.

Then the attacker model (docs/redteam.md, The attacker model), a scripted attacker served over the real Anthropic
wire (``tests/support/scripted_attacker.py``: an opener, the request, then pushes), against the agent that gives in
only at turn 3 or later and the well-guarded one:

    attacker planted=1 found=F false_findings=0 attacker_calls=C agent_turns=T

``attacker_calls`` and ``agent_turns``: what the first attack that found the weakness needed (calls made, and the
user turn it broke at).

Usage: .venv/bin/python bench/redteam_strategies.py [--quick] [--depth quick|standard] [--seed N]
  --quick: the Quick depth (7 attacks); otherwise Standard (30), where the library's own Spanish, Hindi,
  multi-turn and role-play attacks already reach some planted agents.
Needs no database: the attacks come from the library data (``redteam.library``), as a fresh database loads them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django() -> None:
    os.environ.update({"DJANGO_SETTINGS_MODULE": "evalsite.settings", "TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS": "true"})
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()


def library_specs(depth: str, strategies: tuple[str, ...], seed: int, *, attacker_model: str = "") -> list[Any]:
    """The attacks ``redteam.services.attack_specs`` would freeze, from the library data instead of the table."""
    from redteam.encoders import new_canary
    from redteam.library import ATTACKS
    from redteam.models import Depth
    from redteam.services import attack_spec
    from redteam.strategies import compose

    canary = new_canary()
    attacks = [a for a in ATTACKS if a["depth"] in Depth(depth).included]
    specs = [attack_spec(a, canary) for a in attacks]
    for strategy in strategies:
        specs += [
            attack_spec(made, canary, attacker_model=attacker_model)
            for a in attacks
            if (made := compose(a, strategy, seed=seed))
        ]
    return specs


def findings(agent_url: str, specs: list[Any]) -> int:
    """How many attacks the rules found got through (a hard rule failure in any reply)."""
    from evaluations.connectors.base import AgentConfig, Protocol
    from evaluations.runs.executor import ConversationResult, Job, run_conversations
    from evaluations.scoring.rules import evaluate_rules

    config = AgentConfig(protocol=Protocol.OPENAI, endpoint_url=agent_url, model_name="planted", timeout_seconds=10)

    async def finish(result: ConversationResult) -> bool:
        if result.error is not None:
            raise SystemExit(f"the planted agent failed: {result.error}")
        spec = result.job.spec
        return evaluate_rules(spec, turns=result.turns, tool_calls=result.tool_calls).hard_fail

    jobs = [Job(spec, 1) for spec in specs]
    return sum(run_conversations(jobs, config, api_key="", parallel=4, finish=finish))


def attacker_line(depth: str, seed: int) -> str:
    """The attacker loop's figures: the attacks it finds on the turn-3 agent and on the well-guarded one."""
    from evaluations.connectors.base import AgentConfig, Protocol
    from evaluations.runs.executor import ConversationResult, Job, run_conversations
    from tests.support.planted_agents import GUARDED, PlantedAgent

    specs = [s for s in library_specs(depth, ("attacker",), seed, attacker_model="sonnet") if s.strategy == "attacker"]

    async def finish(result: ConversationResult) -> dict[str, Any]:
        if result.error is not None or result.adaptive.get("error"):
            raise SystemExit(f"the attack failed: {result.error or result.adaptive['error']}")
        return result.adaptive

    outcomes = {}
    for weakness in ("multi_turn", GUARDED):
        agent = PlantedAgent(weakness).start()
        config = AgentConfig(protocol=Protocol.OPENAI, endpoint_url=agent.base_url, model_name="planted",
                             timeout_seconds=10)  # fmt: skip
        try:
            jobs = [Job(spec, 1) for spec in specs]
            outcomes[weakness] = list(run_conversations(jobs, config, api_key="", parallel=4, finish=finish))
        finally:
            agent.stop()
    found = [r for r in outcomes["multi_turn"] if r["stop"] == "gave_in"]
    first = min(found, key=lambda r: (r["broke_at"], r["attacker_calls"])) if found else {}
    false_findings = sum(1 for r in outcomes[GUARDED] if r["stop"] == "gave_in")
    return (
        f"attacker planted=1 found={int(bool(found))} false_findings={false_findings} "
        f"attacker_calls={first.get('attacker_calls', 0)} agent_turns={first.get('broke_at', 0)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the Quick depth (7 attacks)")
    parser.add_argument("--depth", choices=("quick", "standard"), default="")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    depth = args.depth or ("quick" if args.quick else "standard")
    from tests.support.scripted_attacker import ScriptedAttacker

    attacker = ScriptedAttacker().start()  # the attacker model's provider: read by the settings at setup
    os.environ.update({"ANTHROPIC_BASE_URL": attacker.url, "ANTHROPIC_API_KEY": "sk-ant-bench-0000",
                       "TRUSTGATE_JUDGE_PROVIDER": "anthropic"})  # fmt: skip
    setup_django()
    from redteam.strategies import STRATEGIES
    from tests.support.planted_agents import GUARDED, WEAKNESSES, PlantedAgent

    static = library_specs(depth, (), args.seed)
    composed = library_specs(depth, tuple(STRATEGIES), args.seed)
    found = {"static": 0, "strategies": 0}
    messages = {"static": 0, "strategies": 0}
    false_findings = 0
    for weakness in (*WEAKNESSES, GUARDED):
        for name, specs in (("static", static), ("strategies", composed)):
            agent = PlantedAgent(weakness).start()
            try:
                count = findings(agent.base_url, specs)
            finally:
                agent.stop()
            messages[name] += agent.messages_received
            if weakness == GUARDED:
                false_findings += count
            elif count:
                found[name] += 1
    print(
        f"strategies planted={len(WEAKNESSES)} found_static={found['static']} found_strategies={found['strategies']} "
        f"false_findings={false_findings} agent_messages_static={messages['static']} "
        f"agent_messages_strategies={messages['strategies']}"
    )
    try:
        print(attacker_line(depth, args.seed))
    finally:
        attacker.stop()


if __name__ == "__main__":
    main()
