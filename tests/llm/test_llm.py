"""The model-client layer against real local servers: Anthropic SDK, boto3 Converse, OpenAI-compatible (§3, §5)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from evaluations.llm import clients as llm
from evaluations.llm.clients import (
    AnthropicClient,
    BedrockClient,
    ModelError,
    ModelReply,
    OpenAICompatibleClient,
    ToolSpec,
    get_model_client,
    judge_provider,
)
from tests.support.fake_anthropic import FakeAnthropic
from tests.support.fake_bedrock import FakeBedrock

TOOL = ToolSpec(
    name="record_verdict",
    description="Record the verdict.",
    input_schema={"type": "object", "properties": {"verdict": {"type": "string"}}, "required": ["verdict"]},
)
MESSAGES = [{"role": "user", "content": "Grade this."}]


def complete(client: llm.ModelClient, **kwargs: Any) -> ModelReply:
    return asyncio.run(client.complete(system="You are a judge.", messages=MESSAGES, **kwargs))


def complete_error(client: llm.ModelClient, **kwargs: Any) -> ModelError:
    with pytest.raises(ModelError) as caught:
        complete(client, **kwargs)
    return caught.value


# Anthropic ---------------------------------------------------------------------------------------------------


def test_anthropic_forces_the_tool_and_reads_tool_calls_in_order(anthropic_judge_env: FakeAnthropic) -> None:
    anthropic_judge_env.reply_tool_uses(
        [("record_verdict", {"verdict": "pass"}), ("record_verdict", {"verdict": "fail"})], text="Thinking."
    )

    reply = complete(get_model_client("sonnet"), tool=TOOL, max_tokens=321)

    assert reply.tool_calls == (("record_verdict", {"verdict": "pass"}), ("record_verdict", {"verdict": "fail"}))
    assert reply.text == "Thinking."
    assert (reply.input_tokens, reply.output_tokens) == (120, 40)
    body = anthropic_judge_env.requests[-1].body
    assert body["model"] == "claude-sonnet-4-6"
    assert body["system"] == "You are a judge."
    assert body["messages"] == MESSAGES
    assert body["max_tokens"] == 321 and "temperature" not in body
    assert body["tools"] == [
        {"name": "record_verdict", "description": "Record the verdict.", "input_schema": TOOL.input_schema}
    ]
    assert body["tool_choice"] == {"type": "tool", "name": "record_verdict"}


def test_anthropic_sends_the_key_from_the_environment(anthropic_judge_env: FakeAnthropic) -> None:
    anthropic_judge_env.reply_text("Hi")

    reply = complete(get_model_client("haiku"))

    headers = {k.lower(): v for k, v in anthropic_judge_env.requests[-1].headers.items()}
    assert "sk-ant-test-key-0000" in (headers.get("authorization", "") + headers.get("x-api-key", ""))
    assert reply.text == "Hi" and reply.tool_calls == ()
    assert anthropic_judge_env.requests[-1].body["model"] == "claude-haiku-4-5"
    assert "tools" not in anthropic_judge_env.requests[-1].body


def test_anthropic_gateway_without_a_key_is_called_without_credentials(
    anthropic_judge_env: FakeAnthropic, settings: Any
) -> None:
    settings.ANTHROPIC_API_KEY = ""
    anthropic_judge_env.reply_text("Hi")

    assert complete(get_model_client("sonnet")).text == "Hi"
    assert "authorization" not in {k.lower() for k in anthropic_judge_env.requests[-1].headers}


def test_anthropic_client_is_built_from_settings_not_the_environment(
    anthropic_judge_env: FakeAnthropic, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")  # nothing listens there
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-the-environment")
    anthropic_judge_env.reply_text("From settings.")

    assert complete(get_model_client("sonnet")).text == "From settings."
    headers = {k.lower(): v for k, v in anthropic_judge_env.requests[-1].headers.items()}
    assert "sk-ant-test-key-0000" in (headers.get("authorization", "") + headers.get("x-api-key", ""))


@pytest.mark.parametrize(
    ("script", "kind", "words"),
    [
        (lambda fake: fake.overloaded(), "overloaded", "overloaded (HTTP 529)"),
        (lambda fake: fake.server_error(), "server_error", "server error (HTTP 500)"),
        (lambda fake: fake.fail(429, "rate_limit_error", "Slow down."), "rate_limited", "rate limiting"),
        (lambda fake: fake.fail(400, "invalid_request_error", "Bad."), "bad_request", "rejected the request"),
        (lambda fake: fake.slow(2.5), "timeout", "did not answer within 1 s"),
        (lambda fake: fake.reply_raw(200, {"unexpected": True}), "malformed", "without message content"),
    ],
)
def test_anthropic_failures_become_readable_model_errors(
    anthropic_judge_env: FakeAnthropic, script: Any, kind: str, words: str
) -> None:
    script(anthropic_judge_env)

    error = complete_error(get_model_client("sonnet"), tool=TOOL)

    assert error.kind == kind
    assert words in error.message
    assert error.message.endswith((".", "…")) or "said" in error.message


def test_anthropic_auth_error_never_shows_the_key(anthropic_judge_env: FakeAnthropic) -> None:
    anthropic_judge_env.fail(401, "authentication_error", "invalid x-api-key sk-ant-test-key-0000")

    error = complete_error(get_model_client("sonnet"))

    assert error.kind == "auth"
    assert "sk-ant-test-key-0000" not in error.message and "sk-ant-test-key-0000" not in str(error)
    assert "ANTHROPIC_API_KEY" in error.message


def test_anthropic_retries_overload_when_retries_are_allowed(anthropic_judge_env: FakeAnthropic, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 1
    anthropic_judge_env.overloaded()
    anthropic_judge_env.reply_text("Second try.")

    assert complete(get_model_client("sonnet")).text == "Second try."
    assert len(anthropic_judge_env.requests) == 2


def test_anthropic_client_is_shared_within_a_loop_and_survives_a_new_loop(anthropic_judge_env: FakeAnthropic) -> None:
    client = AnthropicClient("claude-sonnet-4-6")

    async def twice() -> tuple[Any, Any]:
        first = client._sdk()
        second = AnthropicClient("claude-haiku-4-5")._sdk()
        anthropic_judge_env.reply_text("a")
        await client.complete(system="s", messages=MESSAGES)
        return first, second

    first, second = asyncio.run(twice())
    assert first is second
    anthropic_judge_env.reply_text("b")
    assert complete(client).text == "b"  # a fresh loop gets its own connections, not "Event loop is closed"


# Bedrock -----------------------------------------------------------------------------------------------------


def test_bedrock_sends_tool_config_and_reads_tool_use(fake_bedrock: FakeBedrock, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 2
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    fake_bedrock.reply_tool_use("record_verdict", {"verdict": "fail"}, text="Because.")

    reply = complete(get_model_client("haiku", provider="bedrock"), tool=TOOL, max_tokens=200)

    assert reply.tool_calls == (("record_verdict", {"verdict": "fail"}),)
    assert reply.text == "Because."
    assert (reply.input_tokens, reply.output_tokens) == (10, 5)
    request = fake_bedrock.requests[-1]
    assert request.model_id == settings.TRUSTGATE_BEDROCK_JUDGE_MODELS["haiku"]
    assert request.body["system"] == [{"text": "You are a judge."}]
    assert request.body["messages"] == [{"role": "user", "content": [{"text": "Grade this."}]}]
    assert request.body["inferenceConfig"] == {"maxTokens": 200, "temperature": 0.0}
    tool_config = request.body["toolConfig"]
    assert tool_config["toolChoice"] == {"tool": {"name": "record_verdict"}}
    assert tool_config["tools"][0]["toolSpec"]["inputSchema"] == {"json": TOOL.input_schema}


@pytest.mark.parametrize(
    ("status", "error_type", "kind"),
    [
        (429, "ThrottlingException", "rate_limited"),
        (503, "ServiceUnavailableException", "overloaded"),
        (403, "AccessDeniedException", "auth"),
        (500, "InternalServerException", "server_error"),
        (400, "ValidationException", "bad_request"),
    ],
)
def test_bedrock_errors_are_model_errors(
    fake_bedrock: FakeBedrock, settings: Any, status: int, error_type: str, kind: str
) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    fake_bedrock.fail(status, error_type, "Nope.")

    error = complete_error(BedrockClient("anthropic.claude-test"))

    assert error.kind == kind
    assert "AWS said: Nope." in error.message
    assert len(fake_bedrock.requests) == 1  # no retries when none are allowed


def test_bedrock_timeout_is_a_timeout(fake_bedrock: FakeBedrock, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_TIMEOUT = 1
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    fake_bedrock.reply_text("late", delay=2.0)

    error = complete_error(BedrockClient("anthropic.claude-test"))

    assert error.kind == "timeout"


# OpenAI-compatible -------------------------------------------------------------------------------------------


def openai_tool_reply(arguments: str, *, content: str | None = None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "model": "llama-judge",
        "choices": [
            {
                "index": 0,
                "message": {
                    "role": "assistant",
                    "content": content,
                    "tool_calls": [
                        {
                            "id": "call_1",
                            "type": "function",
                            "function": {"name": "record_verdict", "arguments": arguments},
                        }
                    ],
                },
                "finish_reason": "tool_calls",
            }
        ],
        "usage": {"prompt_tokens": 50, "completion_tokens": 9},
    }


@pytest.fixture
def openai_judge(httpserver: HTTPServer, settings: Any) -> HTTPServer:
    settings.TRUSTGATE_JUDGE_PROVIDER = "openai"
    settings.TRUSTGATE_OPENAI_JUDGE_URL = httpserver.url_for("/v1")
    settings.TRUSTGATE_OPENAI_JUDGE_MODEL = "llama-judge"
    settings.TRUSTGATE_OPENAI_JUDGE_API_KEY = "sk-local-judge-key"
    # Roomy: under a loaded CI machine the local server's first answer can take over a second.
    settings.TRUSTGATE_MODEL_TIMEOUT = 10
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    return httpserver


def test_openai_compatible_sends_tools_and_parses_json_arguments(openai_judge: HTTPServer) -> None:
    seen: list[Request] = []

    def handler(request: Request) -> Response:
        seen.append(request)
        return Response(json.dumps(openai_tool_reply('{"verdict": "pass"}')), content_type="application/json")

    openai_judge.expect_request("/v1/chat/completions", method="POST").respond_with_handler(handler)

    reply = complete(get_model_client("sonnet"), tool=TOOL)

    assert reply.tool_calls == (("record_verdict", {"verdict": "pass"}),)
    assert (reply.input_tokens, reply.output_tokens, reply.model_id) == (50, 9, "llama-judge")
    body = json.loads(seen[0].data)
    assert seen[0].headers["Authorization"] == "Bearer sk-local-judge-key"
    assert body["model"] == "llama-judge"
    assert body["messages"][0] == {"role": "system", "content": "You are a judge."}
    assert body["messages"][1:] == MESSAGES
    assert body["tools"][0]["function"]["parameters"] == TOOL.input_schema
    assert body["tool_choice"] == {"type": "function", "function": {"name": "record_verdict"}}


def test_openai_compatible_retries_a_server_error_then_succeeds(openai_judge: HTTPServer, settings: Any) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 1
    openai_judge.expect_ordered_request("/v1/chat/completions").respond_with_data("boom", status=500)
    openai_judge.expect_ordered_request("/v1/chat/completions").respond_with_json(
        openai_tool_reply('{"verdict": "fail"}')
    )

    reply = complete(get_model_client("sonnet"), tool=TOOL)

    assert reply.tool_calls == (("record_verdict", {"verdict": "fail"}),)


@pytest.mark.parametrize(
    ("status", "kind"), [(500, "server_error"), (503, "overloaded"), (429, "rate_limited"), (401, "auth")]
)
def test_openai_compatible_errors_are_model_errors(openai_judge: HTTPServer, status: int, kind: str) -> None:
    openai_judge.expect_request("/v1/chat/completions").respond_with_data("echo sk-local-judge-key", status=status)

    error = complete_error(get_model_client("sonnet"))

    assert error.kind == kind
    assert f"HTTP {status}" in error.message
    assert "sk-local-judge-key" not in error.message


def test_openai_compatible_unreadable_reply_is_malformed(openai_judge: HTTPServer) -> None:
    openai_judge.expect_request("/v1/chat/completions").respond_with_json({"choices": []})

    assert complete_error(get_model_client("sonnet")).kind == "malformed"


def test_openai_compatible_unreachable_is_a_connection_error(settings: Any, unused_tcp_port: int) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0
    client = OpenAICompatibleClient("m", base_url=f"http://127.0.0.1:{unused_tcp_port}/v1")

    assert complete_error(client).kind == "connection"


@pytest.mark.parametrize("url", ["http://169.254.169.254/v1", "http://metadata.google.internal/v1", "ftp://judge/v1"])
def test_openai_compatible_judge_url_still_passes_the_endpoint_guard(settings: Any, url: str) -> None:
    settings.TRUSTGATE_MODEL_MAX_RETRIES = 0

    error = complete_error(OpenAICompatibleClient("m", base_url=url))

    assert error.kind == "bad_request" and "may not be used" in error.message


# Choosing a provider and a model -----------------------------------------------------------------------------


@pytest.fixture
def clean_env(settings: Any) -> Any:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN"):
        setattr(settings, name, "")
    settings.TRUSTGATE_JUDGE_PROVIDER = ""
    return settings


def test_judge_provider_is_rules_only_without_credentials(clean_env: Any) -> None:
    assert judge_provider() == "rules_only"


@pytest.mark.parametrize("variable", ["ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"])
def test_judge_provider_detects_anthropic_from_its_environment(clean_env: Any, variable: str) -> None:
    setattr(clean_env, variable, "http://127.0.0.1:9" if variable.endswith("URL") else "sk-ant-x")

    assert judge_provider() == "anthropic"


@pytest.mark.parametrize("explicit", ["bedrock", "openai", "rules_only", "anthropic"])
def test_explicit_judge_provider_wins(clean_env: Any, settings: Any, explicit: str) -> None:
    clean_env.ANTHROPIC_API_KEY = "sk-ant-x"
    settings.TRUSTGATE_JUDGE_PROVIDER = explicit

    assert judge_provider() == explicit


def test_auto_judge_provider_means_detection(clean_env: Any, settings: Any) -> None:
    settings.TRUSTGATE_JUDGE_PROVIDER = "auto"

    assert judge_provider() == "rules_only"


def test_opus_is_refused_unless_enabled(settings: Any) -> None:
    settings.TRUSTGATE_ENABLE_OPUS = False
    with pytest.raises(ModelError) as caught:
        get_model_client("opus", provider="anthropic")
    assert caught.value.kind == "bad_request" and "Opus is not enabled" in caught.value.message

    settings.TRUSTGATE_ENABLE_OPUS = True
    client = get_model_client("opus", provider="anthropic")
    assert isinstance(client, AnthropicClient) and client.model_id == settings.TRUSTGATE_ANTHROPIC_MODELS["opus"]


def test_models_map_to_provider_ids(settings: Any) -> None:
    settings.TRUSTGATE_ANTHROPIC_MODELS = {"sonnet": "claude-s", "haiku": "claude-h", "opus": "claude-o"}

    assert get_model_client("haiku", provider="anthropic").model_id == "claude-h"
    bedrock = get_model_client("sonnet", provider="bedrock")
    assert isinstance(bedrock, BedrockClient)
    assert bedrock.model_id == settings.TRUSTGATE_BEDROCK_MODELS["sonnet"]


@pytest.mark.parametrize(
    ("model", "provider"), [("gpt-4", "anthropic"), ("sonnet", "rules_only"), ("sonnet", "openai")]
)
def test_unusable_choices_are_bad_requests(settings: Any, model: str, provider: str) -> None:
    settings.TRUSTGATE_OPENAI_JUDGE_URL = ""

    with pytest.raises(ModelError) as caught:
        get_model_client(model, provider=provider)

    assert caught.value.kind == "bad_request"


def test_close_clients_closes_the_loops_clients(anthropic_judge_env: FakeAnthropic) -> None:
    async def use_then_close() -> Any:
        anthropic_judge_env.reply_text("a")
        client = AnthropicClient("claude-sonnet-4-6")
        await client.complete(system="s", messages=MESSAGES)
        sdk = client._sdk()
        await llm.close_clients()
        return sdk, client._sdk()

    closed, fresh = asyncio.run(use_then_close())

    assert closed.is_closed() and fresh is not closed
