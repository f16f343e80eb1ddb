"""The bundled demo agent: "Northwind Outfitters" support bot (outdoor gear shop), and its command line.

A small, deterministic, rule-based (keyword matching, no model) support bot with planted flaws: the demo,
local development and the test-suite point Trustgate at it. Its parts:

* ``policy.py``: ``DEMO_POLICY``, the knowledge a Trustgate user would paste for it, and the test orders.
* ``replies.py``: ``respond()``, the bot's brain, where the planted flaws and correct behaviours are listed.
* ``mode.py``: the process-wide normal / regressed switch.
* ``server.py``: the HTTP server (every protocol Trustgate speaks, on one port), ``serve`` and ``run_forever``.

CLI: ``python -m evaluations.demo.agent --port 8765`` or ``manage.py demo_agent`` (the same options).
"""

from __future__ import annotations

import argparse
import sys

from evaluations.demo.mode import get_mode, set_mode
from evaluations.demo.policy import DEMO_POLICY
from evaluations.demo.replies import respond
from evaluations.demo.server import DemoAgentServer, Output, run_forever, serve

__all__ = [
    "DEMO_POLICY",
    "DemoAgentServer",
    "add_arguments",
    "build_parser",
    "get_mode",
    "main",
    "respond",
    "run",
    "run_forever",
    "serve",
    "set_mode",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The demo agent's options, shared by ``python -m evaluations.demo.agent`` and ``manage.py demo_agent``."""
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--latency-ms", type=int, default=0, help="sleep this long before every chat reply")
    parser.add_argument("--require-key", default="", help="require 'Authorization: Bearer KEY' on the chat endpoints")
    parser.add_argument("--print-policy", action="store_true", help="print the demo policy (knowledge) and exit")


def run(*, host: str, port: int, latency_ms: int, require_key: str, print_policy: bool, out: Output) -> None:
    """Print the policy, or serve in the foreground until Ctrl-C."""
    if print_policy:
        out.write(DEMO_POLICY)
        return
    run_forever(host, port, latency_ms, require_key, out=out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="demo_agent", description="Run the Northwind Outfitters demo agent.")
    add_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    run(
        host=args.host,
        port=args.port,
        latency_ms=args.latency_ms,
        require_key=args.require_key,
        print_policy=args.print_policy,
        out=sys.stdout,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
