"""An agent's reply (evaluations/connectors/reply.py and paths.py) fed any body: for every protocol and any reply
or tool-call path, the reply is read into storable text and tool calls, or is an AgentError with a sentence.
The agent does not write what a member types, so text is repaired (docs/configuration.md), never refused."""

from __future__ import annotations

import json

from hypothesis import given, note, settings
from hypothesis import strategies as st

from evaluations.connectors import reply
from evaluations.connectors.base import AgentConfig, AgentError, Protocol
from evaluations.core import storable
from tests.fuzz.hostile import FUZZ, hostile_text, hostile_value, is_human_sentence, json_bytes, mutated

PATHS = ("", "answer", "data.reply", "choices[0].message.content", "items[-1]", "a[99999999999999999999]", "[0]")
PATH = st.one_of(st.sampled_from(PATHS), hostile_text(max_size=12))
CONFIG = st.builds(
    AgentConfig,
    protocol=st.sampled_from([p for p in Protocol if p != Protocol.BEDROCK]),
    reply_path=PATH,
    tool_calls_path=PATH,
)
OPENAI_REPLY = {
    "choices": [{"message": {"content": "Hi", "tool_calls": [{"function": {"name": "f", "arguments": "{}"}}]}}]
}
CHAT_REPLY = {"answer": "Hi", "message": {"content": "Hi"}, "tool_calls": [{"name": "f", "arguments": {"a": 1}}]}


def _body(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, allow_nan=True).encode("utf-8", errors="surrogatepass")


BODY = st.one_of(
    json_bytes(),
    mutated(OPENAI_REPLY, nested={"choices": OPENAI_REPLY["choices"][0]}).map(_body),
    st.builds(lambda parts: {"choices": [{"message": {"content": parts}}]}, hostile_value()).map(_body),
    st.builds(  # content parts, as OpenAI-compatible servers send them
        lambda parts: {"choices": [{"message": {"content": parts}}]},
        st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": hostile_value()}), max_size=3),
    ).map(_body),
    mutated(CHAT_REPLY).map(_body),
)


@settings(FUZZ, max_examples=200)
@given(config=CONFIG, body=BODY)
def test_reply_is_read_into_storable_text_or_refused_with_a_sentence(config, body):
    note(f"config: {config!r}, body: {body!r}")
    preview = body.decode("utf-8", errors="replace")[:2000]
    try:
        data = reply.decode_json(body, preview, 200)
        text, tool_calls, _reply_path, _calls_path = reply.extract(config, data, preview, 200)
    except AgentError as exc:
        assert is_human_sentence(exc.message)
    else:
        assert isinstance(text, str)
        assert storable.problem([text, *(call.to_dict() for call in tool_calls)], field="reply", max_depth=70) == ""


@settings(FUZZ, max_examples=100)
@given(value=hostile_value() | st.lists(st.fixed_dictionaries({"function": hostile_value()}), max_size=2))
def test_tool_calls_of_any_shape_are_read_or_refused_with_a_sentence(value):
    note(f"input: {value!r}")
    try:
        calls = reply.parse_tool_calls(value)
    except AgentError as exc:
        assert is_human_sentence(exc.message)
    else:
        assert all(isinstance(call.name, str) for call in calls)
