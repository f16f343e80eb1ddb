"""With a judge, scoring never holds up the conversations: ``finish`` runs on its own event loop thread
(``score_apart``), so while one conversation's scoring is busy (the judge client's CPU work) the next messages
still go out."""

from __future__ import annotations

import gc
import json
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from evaluations.connectors.base import AgentConfig, Protocol
from evaluations.core.specs import ScenarioSpec
from evaluations.runs.executor import ConversationResult, Job, run_conversations


@pytest.fixture
def events() -> list[str]:
    return []


@pytest.fixture
def agent(events: list[str]) -> Iterator[str]:
    """A simple-chat agent that records each message it gets, in order, in ``events``."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["message"]
            events.append(f"sent {message}")
            body = json.dumps({"answer": f"Echo: {message}"}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/chat"
    server.shutdown()
    server.server_close()


def test_a_busy_scoring_does_not_hold_up_the_next_messages(agent: str, events: list[str], settings) -> None:
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=agent, timeout_seconds=10)
    jobs = [Job(ScenarioSpec.from_dict({"key": f"q{i}", "kind": "accuracy", "name": f"Q{i}", "turns": [f"q{i}"]}), 1)
            for i in range(4)]  # fmt: skip

    async def finish(result: ConversationResult) -> str:
        key = result.job.spec.key
        if key == "q0":
            time.sleep(1.0)  # blocks its event loop, as CPU-bound scoring does
        events.append(f"scored {key}")
        return key

    scored = list(run_conversations(jobs, config, api_key="", parallel=1, finish=finish, score_apart=True))

    assert sorted(scored) == ["q0", "q1", "q2", "q3"]
    # One conversation at a time: q1..q3 were sent while q0's scoring was still busy.
    assert events.index("sent q3") < events.index("scored q0"), events


def test_while_conversations_run_the_heap_is_frozen_and_restored_after_the_last_run(agent: str, settings) -> None:
    """The worker's heap (Django, the SDKs…) stays out of the garbage collector's full passes while conversations
    run — each pass held the GIL for up to a quarter of a second — and is handed back when the last run ends, so
    its garbage is still collected between runs. Runs of one process may overlap."""
    settings.TRUSTGATE_ALLOW_PRIVATE_ENDPOINTS = True
    config = AgentConfig(protocol=Protocol.SIMPLE_CHAT, endpoint_url=agent, timeout_seconds=10)
    interval = sys.getswitchinterval()
    gc.unfreeze()
    seen: list[tuple[int, float]] = []

    def jobs(prefix: str) -> list[Job]:
        return [Job(ScenarioSpec.from_dict({"key": f"{prefix}{i}", "kind": "accuracy", "name": "Q", "turns": ["q"]}), 1)
                for i in range(2)]  # fmt: skip

    async def finish(result: ConversationResult) -> str:
        seen.append((gc.get_freeze_count(), sys.getswitchinterval()))
        return result.job.spec.key

    outer = run_conversations(jobs("a"), config, api_key="", parallel=1, finish=finish)
    first = next(outer)  # the outer run is under way …
    inner = list(run_conversations(jobs("b"), config, api_key="", parallel=1, finish=finish))  # … and one overlaps
    assert gc.get_freeze_count() > 0, "the inner run's end must not unfreeze while the outer run still goes"
    rest = list(outer)

    assert sorted([first, *inner, *rest]) == ["a0", "a1", "b0", "b1"]
    assert all(frozen > 0 and switch < interval for frozen, switch in seen), seen
    assert gc.get_freeze_count() == 0
    assert sys.getswitchinterval() == interval
