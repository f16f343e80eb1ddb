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


def library_specs(depth: str, strategies: tuple[str, ...], seed: int) -> list[Any]:
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
        specs += [attack_spec(made, canary) for a in attacks if (made := compose(a, strategy, seed=seed))]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the Quick depth (7 attacks)")
    parser.add_argument("--depth", choices=("quick", "standard"), default="")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    depth = args.depth or ("quick" if args.quick else "standard")
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


if __name__ == "__main__":
    main()
