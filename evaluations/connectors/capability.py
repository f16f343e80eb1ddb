"""What an agent's protocol and settings can exercise (docs/agents.md, What a protocol can check): a scenario
with tool-call checks needs a protocol that carries tool calls, and one with several turns needs the agent to
see the earlier turns. A scenario whose checks cannot be exercised is flagged at launch and Not scored by the run:
never failed ("tool calls made: none") and never passed (a forbidden call that could not have been seen)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluations.connectors.base import AgentConfig, ConversationIdSource, Protocol, StreamFormat
from evaluations.connectors.templates import DEFAULT_TEMPLATE
from evaluations.core.specs import ScenarioSpec

TOOLS = "tools"
HISTORY = "history"

_PROTOCOL_NAMES = {
    Protocol.HTTP_JSON: "HTTP / JSON",
    Protocol.WEBHOOK: "Webhook",
    Protocol.SIMPLE_CHAT: "Simple chat",
    Protocol.OPENAI: "OpenAI-compatible",
    Protocol.OPENAI_RESPONSES: "OpenAI Responses API",
    Protocol.BEDROCK: "Bedrock",
    Protocol.WEBSOCKET: "WebSocket",
    Protocol.A2A: "A2A",
}
_SESSION_PLACEHOLDER = re.compile(r"\{\{\s*(history|conversation_id)\s*\}\}")


def carries_tool_calls(config: AgentConfig) -> bool:
    """OpenAI-compatible, Bedrock and simple chat read tool calls where those protocols put them; HTTP / JSON and
    webhook agents only at their tool-call path."""
    if config.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK, Protocol.WEBSOCKET):
        return config.stream == StreamFormat.AGUI or bool(config.tool_calls_path.strip())
    return True


def carries_history(config: AgentConfig) -> bool:
    """Whether the agent sees the earlier turns of a conversation: it is sent them (the OpenAI messages, Bedrock,
    simple chat with Send history, a request template with ``{{history}}``), it keeps them itself (stateful), or
    it gets its conversation id back (a template's ``{{conversation_id}}``, a header or cookie id)."""
    if (
        config.protocol in (Protocol.OPENAI, Protocol.OPENAI_RESPONSES, Protocol.BEDROCK, Protocol.A2A)
        or config.stateful
    ):
        return True
    if config.protocol == Protocol.WEBSOCKET:  # one socket per conversation: the agent sees it whole
        return True
    if config.conversation_id_source in (ConversationIdSource.HEADER, ConversationIdSource.COOKIE):
        return True
    if config.protocol == Protocol.SIMPLE_CHAT:
        return config.send_history
    return bool(_SESSION_PLACEHOLDER.search(config.request_template or DEFAULT_TEMPLATE))


def sends_history(config: AgentConfig) -> bool:
    """Whether each request carries the earlier turns themselves (docs/suites.md, Start from these turns): the
    OpenAI messages, the Responses API's input items (before the first stored response), Bedrock, simple chat with
    Send history, a stateless request template with ``{{history}}``. Otherwise a conversation that starts from
    earlier turns replays their user messages one by one (WebSocket, A2A, stateful agents)."""
    if config.protocol in (Protocol.OPENAI, Protocol.OPENAI_RESPONSES, Protocol.BEDROCK):
        return True
    if config.protocol in (Protocol.WEBSOCKET, Protocol.A2A) or config.stateful:
        return False
    if config.protocol == Protocol.SIMPLE_CHAT:
        return config.send_history
    return "history" in {m.group(1) for m in _SESSION_PLACEHOLDER.finditer(config.request_template or DEFAULT_TEMPLATE)}


def gap_setting(config: AgentConfig, gap: str) -> str:
    """The agent's setting that leaves ``gap`` unexercised, in words ("simple chat without Send history")."""
    name = _PROTOCOL_NAMES.get(config.protocol, str(config.protocol))
    if gap == TOOLS:
        return f"{name} without a tool-call path"
    if config.protocol == Protocol.SIMPLE_CHAT:
        return "simple chat without Send history"
    return f"{name} whose request template sends neither {{{{history}}}} nor {{{{conversation_id}}}}"


def _fix(config: AgentConfig, gap: str) -> str:
    if gap == TOOLS:
        return "set the agent's Tool-call path (or use a protocol that carries tool calls)"
    if config.protocol == Protocol.SIMPLE_CHAT:
        return "turn on Send history in the agent's Session settings (or mark it stateful)"
    return "add {{history}} to the agent's request template (or mark it stateful)"


def capability_gaps(config: AgentConfig, spec: ScenarioSpec) -> tuple[str, ...]:
    """The kinds of check (``TOOLS``, ``HISTORY``) of ``spec`` that ``config`` cannot exercise; empty: none."""
    gaps = []
    if spec.has_tool_checks and not carries_tool_calls(config):
        gaps.append(TOOLS)
    if (len(spec.turns) > 1 or spec.persona.strip() or spec.start_from) and not carries_history(config):
        gaps.append(HISTORY)
    return tuple(gaps)


def not_exercised_reason(config: AgentConfig, spec: ScenarioSpec) -> str:
    """Why a run does not score ``spec`` against this agent (a sentence after "Not scored: "), "" when it can."""
    reasons = []
    for gap in capability_gaps(config, spec):
        what = "checks tool calls" if gap == TOOLS else "has several turns"
        carries = "carries no tool calls" if gap == TOOLS else "sees each message alone"
        reasons.append(
            f"this scenario {what}, and the agent ({gap_setting(config, gap)}) {carries}, so its checks cannot be "
            f"exercised; {_fix(config, gap)}"
        )
    return "; ".join(reasons) + "." if reasons else ""


def capability_warnings(config: AgentConfig, specs: Sequence[ScenarioSpec], *, shown: int = 3) -> tuple[str, ...]:
    """One launch warning per kind of check the agent cannot exercise, with the count and the first names."""
    warnings = []
    for gap in (TOOLS, HISTORY):
        names = [spec.name for spec in specs if gap in capability_gaps(config, spec)]
        if not names:
            continue
        one = len(names) == 1
        if gap == TOOLS:
            what, carries = ("checks" if one else "check") + " tool calls", "carries no tool calls"
        else:
            what, carries = ("has" if one else "have") + " several turns", "sends each message alone"
        listed = ", ".join(f"“{name}”" for name in names[:shown]) + (" and more" if len(names) > shown else "")
        they, them = ("it", "it") if one else ("they", "them")
        warnings.append(
            f"{len(names)} scenario{'' if one else 's'} {what} ({listed}), and the agent ({gap_setting(config, gap)}) "
            f"{carries}: {they} will be Not scored, never failed or passed. To score {them}, {_fix(config, gap)}."
        )
    return tuple(warnings)
