"""Drive conversations concurrently: asyncio + httpx in one thread, results handed back as each one ends.

The caller's thread keeps the database: Django's ORM is synchronous, and SQLite in particular wants one writer.
The event loop runs in a helper thread and never touches the ORM; it puts every finished conversation on a
queue, which the caller drains, scoring and writing each one as it arrives.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import gc
import queue
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator, Sequence
from datetime import datetime
from typing import Any, TypeVar

from django.utils import timezone

from evaluations.connectors import close_conversation, send_with_retry
from evaluations.connectors.base import AgentConfig, AgentError, Conversation, ErrorKind, ToolCall, Turn
from evaluations.connectors.capability import sends_history
from evaluations.core.specs import ScenarioSpec
from evaluations.llm.clients import close_clients
from evaluations.llm.usage import Usage
from evaluations.outbound.client import Client, make_client
from evaluations.outbound.masking import redact_json
from evaluations.runs.attacker import ATTACKER, JudgeReply, drive_attack
from evaluations.runs.errors import AgentDownWatch
from evaluations.runs.simulated_user import SimulatorError, next_user_turn

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Job:
    spec: ScenarioSpec
    repeat: int


@dataclasses.dataclass(frozen=True)
class ConversationResult:
    job: Job
    turns: tuple[Turn, ...]
    tool_calls: tuple[ToolCall, ...]
    latencies_ms: tuple[int, ...]
    error: AgentError | None
    started_at: datetime
    finished_at: datetime
    simulator_error: str = ""  # the simulated user failed mid-conversation (not the agent's fault)
    model_usage: dict[str, Any] = dataclasses.field(default_factory=dict)  # the simulated user's calls and tokens
    reply_timings: tuple[dict[str, int | None], ...] = ()  # per reply: total ms, time to first token, chunks
    # The earlier turns the conversation started from, as the agent got them (sent as history, or the user turns
    # replayed with the agent's replies), and how; ``turns`` holds only the scenario's own exchange.
    history: tuple[Turn, ...] = ()
    history_note: str = ""
    # An adaptive attack (evaluations/runs/attacker.py): what its loop did (``AttackRecord.to_dict()``); {} otherwise.
    adaptive: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def mean_latency_ms(self) -> int | None:
        return round(sum(self.latencies_ms) / len(self.latencies_ms)) if self.latencies_ms else None


def substitute_variables(text: str, variables: Sequence[tuple[str, str]]) -> str:
    for name, value in variables:
        text = text.replace("{{" + name + "}}", value)
    return text


async def _start_from(
    spec: ScenarioSpec, config: AgentConfig, conversation: Conversation, *, api_key: str, client: Client | None
) -> tuple[str, AgentError | None]:
    """Put the scenario's earlier turns in front of the agent (docs/suites.md, Start from these turns): in the
    request itself when the protocol sends history, else by replaying the user turns one by one, the agent's
    replies to them ignored. Returns the transcript's note on how, and the error that stopped a replay."""
    earlier = [Turn(turn.role, substitute_variables(turn.content, spec.template_variables)) for turn in spec.start_from]
    if sends_history(config):
        conversation.turns.extend(earlier)
        return f"Started from {len(earlier)} earlier turns, sent to the agent as the conversation's history.", None
    users = [turn.content for turn in earlier if turn.role == "user"]
    note = (
        f"Started from {len(earlier)} earlier turns: this agent keeps its own history, so their {len(users)} user "
        "messages were replayed one by one and the agent's replies to them were ignored."
    )
    for message in users:
        try:
            await send_with_retry(config, conversation, message, api_key=api_key, client=client)
        except AgentError as exc:
            conversation.turns.append(Turn("user", message))
            return note, exc
    return note, None


async def drive_conversation(
    job: Job, config: AgentConfig, *, api_key: str, client: Client | None, judge: JudgeReply | None = None
) -> ConversationResult:
    """Play one fresh conversation: the scenario's scripted user turns, or a simulated user (persona) that
    answers each reply until its goal is met or ``max_turns`` user turns were sent. Never raises for agent
    faults or simulator failures: both are recorded on the result. ``judge`` judges an adaptive attack's replies
    as they come (evaluations/runs/attacker.py)."""
    started = timezone.now()
    spec = job.spec
    if spec.template_variables:
        config = dataclasses.replace(config, template_variables=spec.template_variables)
    if spec.strategy == ATTACKER:
        return await _drive_adaptive(job, config, api_key=api_key, client=client, started=started, judge=judge)
    conversation = Conversation(tool_context=spec.tool_context)
    tool_calls: list[ToolCall] = []
    latencies: list[int] = []
    timings: list[dict[str, int | None]] = []
    error: AgentError | None = None
    simulator_error = ""
    simulator_usage = Usage()
    scripted = list(spec.turns) if not spec.persona else list(spec.turns[:1])
    sent = 0
    history_note = ""
    if spec.start_from:
        try:
            history_note, error = await _start_from(spec, config, conversation, api_key=api_key, client=client)
        except Exception as exc:  # a connector bug must not crash the run: record it on the attempt
            error = AgentError(
                f"Unexpected error talking to the agent: {type(exc).__name__}.", kind=ErrorKind.CONNECTION
            )
        if error is not None:
            scripted = []
    started_at = len(conversation.turns)
    while scripted:
        message = substitute_variables(scripted.pop(0), spec.template_variables)
        try:
            reply, latency = await send_with_retry(config, conversation, message, api_key=api_key, client=client)
        except AgentError as exc:
            error = exc
            conversation.turns.append(Turn("user", message))
            break
        except Exception as exc:  # a connector bug must not crash the run: record it on the attempt
            error = AgentError(
                f"Unexpected error talking to the agent: {type(exc).__name__}.", kind=ErrorKind.CONNECTION
            )
            break
        sent += 1
        latencies.append(latency)
        timings.append(reply.timing())
        tool_calls.extend(reply.tool_calls)
        if spec.persona and sent < spec.max_turns:
            try:
                # The simulated user is a model: it reads the agent's replies with the keys masked.
                turn = await next_user_turn(spec, redact_json(conversation.turns, api_key))
            except SimulatorError as exc:
                simulator_error = str(exc)
                break
            simulator_usage.add(Usage.from_dict(turn.usage))
            if not turn.done:
                scripted.append(turn.message)
    await close_conversation(
        conversation, config, api_key=api_key, client=client
    )  # one socket per conversation (a WebSocket agent), closed as it ends
    return ConversationResult(
        job=job,
        turns=tuple(conversation.turns[started_at:]),
        tool_calls=tuple(tool_calls),
        latencies_ms=tuple(latencies),
        error=error,
        started_at=started,
        finished_at=timezone.now(),
        simulator_error=simulator_error,
        model_usage={"simulated_user": simulator_usage.to_dict()} if simulator_usage.calls else {},
        reply_timings=tuple(timings),
        history=tuple(conversation.turns[:started_at]),
        history_note=history_note,
    )


async def _drive_adaptive(
    job: Job, config: AgentConfig, *, api_key: str, client: Client | None, started: datetime, judge: JudgeReply | None
) -> ConversationResult:
    """An adaptive attack: the attacker model writes the turns (evaluations/runs/attacker.py)."""
    outcome = await drive_attack(job.spec, config, api_key=api_key, client=client, judge=judge)
    usage = {ATTACKER: outcome.usage.to_dict()} if outcome.usage.calls else {}
    if outcome.judge_usage.calls:
        usage["judge"] = outcome.judge_usage.to_dict()
    return ConversationResult(
        job=job,
        turns=outcome.turns,
        tool_calls=outcome.tool_calls,
        latencies_ms=outcome.latencies_ms,
        error=outcome.error,
        started_at=started,
        finished_at=timezone.now(),
        model_usage=usage,
        reply_timings=outcome.timings,
        adaptive=outcome.record.to_dict(),
    )


_DONE = object()


def run_conversations(
    jobs: Sequence[Job],
    config: AgentConfig,
    *,
    api_key: str,
    parallel: int,
    finish: Callable[[ConversationResult], Coroutine[Any, Any, T]],
    stop: threading.Event | None = None,
    score_apart: bool = False,
    down: AgentDownWatch | None = None,
    judge: JudgeReply | None = None,
) -> Iterator[T]:
    """Yield ``finish(result)`` for each conversation as it ends, never more than ``parallel`` in flight.

    ``finish`` (scoring: rules, then the judge when needed) runs as its own task, so a slow judge never holds a
    conversation slot. With ``score_apart`` (runs with a judge) it runs on a second event loop in its own thread,
    so the judge client's CPU work never delays the next message to the agent; without a judge, scoring is cheap
    and the hop between threads costs more than it saves (measured: bench/run_efficiency.py), so it shares the
    conversations' loop. The caller's thread (which owns the DB connection) consumes. Setting ``stop`` lets
    in-flight work finish and starts no new conversations; so does ``down`` once it sees the agent is down (checked
    as each conversation ends, on the loop, so at most the conversations already in flight follow). ``judge``
    judges adaptive attacks' replies as they come, on the scoring loop when it is apart (the judge's home).
    """
    results: queue.Queue[object] = queue.Queue()
    asked = stop or threading.Event()  # the caller's: left as it is, so a later call (confirmation runs) can drive
    stop = threading.Event()  # this call's: set when ``asked`` is, the agent is down or the consumer stops
    scoring = _LoopThread("trustgate-scoring") if score_apart else None

    async def judge_here(spec: ScenarioSpec, turns: Sequence[Turn], calls: Sequence[ToolCall]) -> Any:
        assert judge is not None
        if scoring is None:
            return await judge(spec, turns, calls)
        return await asyncio.wrap_future(scoring.submit(judge(spec, turns, calls)))  # type: ignore[arg-type]

    def deliver(done: asyncio.Future[T] | concurrent.futures.Future[T]) -> None:
        if not done.cancelled():  # cancelled only when the run already failed (see _LoopThread.close)
            results.put(done.exception() or done.result())

    async def main() -> None:
        pending: asyncio.Queue[Job] = asyncio.Queue()
        for job in jobs:
            pending.put_nowait(job)
        finishing: list[asyncio.Future[T]] = []
        async with make_client() as client:

            async def worker() -> None:
                while not (stop.is_set() or asked.is_set()):
                    try:
                        job = pending.get_nowait()
                    except asyncio.QueueEmpty:
                        return
                    result = await drive_conversation(
                        job, config, api_key=api_key, client=client, judge=judge_here if judge is not None else None
                    )
                    if down is not None and down.see(result.error):
                        stop.set()
                    if scoring is None:
                        task: asyncio.Future[T] = asyncio.ensure_future(finish(result))
                        task.add_done_callback(deliver)
                    else:
                        future = scoring.submit(finish(result))
                        future.add_done_callback(deliver)
                        task = asyncio.wrap_future(future)
                    finishing.append(task)

            await asyncio.gather(*(worker() for _ in range(max(1, min(parallel, len(jobs))))))
            await asyncio.gather(*finishing, return_exceptions=True)
        await close_clients()  # model clients (a simulated user's, the judge's when not apart) belong to this loop

    def loop_thread() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # surfaced to the consumer below
            results.put(exc)
        finally:
            if scoring is not None:
                scoring.close(cleanup=close_clients)  # the judge's model clients belong to the scoring loop
            results.put(_DONE)

    thread = threading.Thread(target=loop_thread, name="trustgate-conversations", daemon=True)
    try:
        _latency_mode(True)  # ended in the finally below, whatever happens
        thread.start()
        while True:
            item = results.get()
            if item is _DONE:
                break
            if isinstance(item, BaseException):
                raise item
            yield item  # type: ignore[misc]
    finally:
        stop.set()  # the consumer stopped early (error, cancel): start no new conversations
        deadline = time.monotonic() + 60
        while thread.is_alive() and time.monotonic() < deadline:
            thread.join(timeout=0.5)
        _latency_mode(False)


_latency_lock = threading.Lock()
_latency_users = 0
_default_interval = sys.getswitchinterval()


def _latency_mode(on: bool) -> None:
    """While conversations run in this process, the interpreter favours the event loop's latency.

    * The consumer (DB writes) and the scoring both hold the GIL; with the default 5 ms switch interval the event
      loop waits that long to read each reply, which at parallel 1 costs ~5% of wall time.
    * The objects alive when the first run starts (Django, the SDKs, presidio, scipy: a worker's whole heap) are
      frozen out of the garbage collector: a full collection of them held the GIL for 50–270 ms at a time, several
      times in a run, while every conversation's next message waited (measured with bench/run_efficiency.py, judge
      on: 1.055–1.074 × ideal before, 1.038–1.040 after). They are unfrozen when the last run of the process ends,
      so garbage among them is still collected, between runs.

    Counted: runs of one process may overlap (threads), and the mode ends with the last of them.
    """
    global _latency_users
    with _latency_lock:
        _latency_users += 1 if on else -1
        if on and _latency_users == 1:
            sys.setswitchinterval(0.0005)
            gc.freeze()
        elif not on and _latency_users == 0:
            sys.setswitchinterval(_default_interval)
            gc.unfreeze()


class _LoopThread:
    """An event loop running in its own daemon thread, for coroutines submitted from another thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def close(self, *, cleanup: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Cancel what is still running on the loop (only after a failure), run ``cleanup`` there, then stop it."""

        async def shutdown() -> None:
            left = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in left:
                task.cancel()
            await asyncio.gather(*left, return_exceptions=True)
            await cleanup()

        try:
            self.submit(shutdown()).result(timeout=30)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            if not self.thread.is_alive():
                self.loop.close()
