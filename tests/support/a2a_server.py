"""A real A2A agent built with ``a2a-sdk`` (its JSON-RPC routes, with or without the v0.3 compatibility adapter, on
uvicorn in a daemon thread), started once per session: Trustgate is tested against the SDK's own server, not a fake.

The agent: "order" in a message → a data part with a tool call, then the text; "refund" → the task ends
``input-required`` asking for the order number, and the next message on that task completes it; any other
message → "You said: <text>". It answers in several artifact chunks, so a streamed reply has pieces.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from typing import Any

import uvicorn
from a2a.helpers import new_data_part, new_task_from_user_message, new_text_message, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill
from starlette.applications import Starlette

from evaluations.connectors.a2a import CARD_PATH


class OrderAgent(AgentExecutor):
    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        text = context.get_user_input()
        task = context.current_task
        if task is None:
            assert context.message is not None
            task = new_task_from_user_message(context.message)
            await event_queue.enqueue_event(task)
        updater = TaskUpdater(event_queue, task.id, task.context_id)
        if "refund" in text.lower():
            ask = new_text_message("Which order number?", context_id=task.context_id, task_id=task.id)
            await updater.requires_input(ask)
            return
        if "order" in text.lower():
            call = {"tool_calls": [{"name": "lookup_order", "arguments": {"order_id": "A1"}}]}
            await updater.add_artifact([new_data_part(call)], name="tools")
        words = ["You ", "said: ", text]
        artifact_id = "answer"
        for index, word in enumerate(words):
            await asyncio.sleep(0.01)
            await updater.add_artifact(
                [new_text_part(word)], artifact_id=artifact_id, append=index > 0, last_chunk=index == len(words) - 1
            )
        await updater.complete()

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        raise NotImplementedError


class A2AServer:
    """``version`` "0.3": the card declares 0.3 and the v0.3 compatibility adapter serves the 0.3 method names next to
    the 1.x ones; "1.0": the card declares 1.0 and only the 1.x names are served."""

    def __init__(self, version: str = "0.3") -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = int(probe.getsockname()[1])
        self.base = f"http://127.0.0.1:{self.port}"
        card = AgentCard(
            name="Order desk",
            description="Answers questions about orders.",
            version="1.0.0",
            supported_interfaces=[
                AgentInterface(url=f"{self.base}/a2a", protocol_binding="JSONRPC", protocol_version=version)
            ],
            capabilities=AgentCapabilities(streaming=True),
            default_input_modes=["text/plain"],
            default_output_modes=["text/plain"],
            skills=[
                AgentSkill(id="orders", name="Order lookup", description="Finds an order.", tags=["orders"]),
                AgentSkill(id="refunds", name="Refunds", description="Starts a refund.", tags=["refunds"]),
            ],
        )
        handler = DefaultRequestHandler(agent_executor=OrderAgent(), task_store=InMemoryTaskStore(), agent_card=card)
        routes = [
            *create_agent_card_routes(card),
            *create_jsonrpc_routes(handler, "/a2a", enable_v0_3_compat=version == "0.3"),
        ]
        self.card_reads = 0  # GETs of the agent card, counted as they arrive
        app = Starlette(routes=routes)

        async def counting(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] == CARD_PATH:
                self.card_reads += 1
            await app(scope, receive, send)

        config = uvicorn.Config(counting, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the A2A test server did not start")
            time.sleep(0.02)

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
