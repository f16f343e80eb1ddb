from __future__ import annotations

from django.conf import settings
from django.db import models

from evaluations.agents.choices import BedrockModel, ConversationIdFrom, Protocol, Streaming
from evaluations.connectors.base import AgentConfig, ConversationIdSource, StreamFormat
from evaluations.connectors.base import Protocol as ProtocolEnum
from evaluations.scoring.choices import JudgeModel, Strictness

__all__ = [
    "Agent", "BedrockModel", "ConversationIdFrom", "DEFAULT_TEMPLATE", "JudgeModel", "Protocol", "Strictness", "Streaming",
]  # fmt: skip


DEFAULT_TEMPLATE = (
    '{\n  "message": {{message}},\n  "history": {{history}},\n  "conversation_id": {{conversation_id}}\n}'
)


STREAMING_PROTOCOLS = (
    Protocol.HTTP_JSON, Protocol.WEBHOOK, Protocol.OPENAI, Protocol.OPENAI_RESPONSES, Protocol.A2A,
)  # fmt: skip


class Agent(models.Model):
    """An agent under test. Its API key is never stored: only ``api_key_masked`` (e.g. ``sk-…9f2c``)."""

    account = models.ForeignKey("billing.Account", on_delete=models.CASCADE, related_name="agents")
    name = models.CharField(max_length=120)
    protocol = models.CharField(max_length=20, choices=Protocol.choices, default=Protocol.SIMPLE_CHAT)
    endpoint_url = models.CharField(max_length=2000, blank=True)  # judged by the endpoint guard, not URLValidator
    knowledge = models.TextField(blank=True, help_text="The agent's policy or system prompt.")
    api_key_masked = models.CharField(max_length=40, blank=True)

    # Request format (HTTP / JSON and webhook)
    request_template = models.TextField(blank=True, default=DEFAULT_TEMPLATE)
    reply_path = models.CharField(max_length=300, blank=True)
    tool_calls_path = models.CharField(max_length=300, blank=True)
    conversation_id_from = models.CharField(
        max_length=10, choices=ConversationIdFrom.choices, default=ConversationIdFrom.GENERATED
    )
    conversation_id_path = models.CharField(max_length=300, blank=True)
    conversation_id_name = models.CharField(max_length=100, blank=True)
    stateful = models.BooleanField(default=False)
    send_history = models.BooleanField(
        default=False, help_text="Simple chat: send the earlier turns as history, a list of role/content pairs."
    )
    auth_header_name = models.CharField(max_length=100, default="Authorization")
    extra_headers = models.JSONField(default=dict, blank=True)
    timeout_seconds = models.PositiveIntegerField(default=30)
    # Streamed replies (HTTP / JSON, webhook, OpenAI-compatible; docs/agents.md, Streamed replies)
    stream = models.CharField(max_length=10, choices=Streaming.choices, default=Streaming.OFF, blank=True)
    stream_event = models.CharField(max_length=100, blank=True)
    stream_done = models.CharField(max_length=200, blank=True)
    silence_ms = models.PositiveIntegerField(default=0)  # WebSocket: the reply ends after this long without a frame
    # WebSocket first message (docs/agents.md, WebSocket): the template is stored, never the key it carries
    first_message = models.TextField(blank=True)
    first_message_ack = models.CharField(max_length=200, blank=True)
    key_in_header = models.BooleanField(default=True)
    # Sessions: a start request before a conversation's first message (its reply's session id fills
    # {{session_id}}), an end request after its last (docs/agents.md, Sessions)
    session_start_url = models.CharField(max_length=2000, blank=True)
    session_start_body = models.TextField(blank=True)
    session_id_path = models.CharField(max_length=300, blank=True)
    session_end_url = models.CharField(max_length=2000, blank=True)
    session_end_body = models.TextField(blank=True)

    model_name = models.CharField(max_length=200, blank=True, help_text="OpenAI-compatible model name.")
    bedrock_model = models.CharField(max_length=10, choices=BedrockModel.choices, default=BedrockModel.SONNET)

    judge_model = models.CharField(max_length=12, choices=JudgeModel.choices, default=JudgeModel.SONNET)
    judge_strictness = models.CharField(max_length=10, choices=Strictness.choices, default=Strictness.BALANCED)
    allowed_contacts = models.TextField(blank=True, help_text="Emails and phones the agent may share, one a line.")
    # Not secrets in the key sense (they are stored), but never shown in clear outside this agent's form.
    secret_markers = models.TextField(
        blank=True, help_text="Strings that must never appear in a reply or tool call, one a line."
    )

    # Archived: kept with its runs and baselines, hidden from lists and the launch form, restorable.
    archived_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [models.UniqueConstraint(fields=["account", "name"], name="agent_name_unique_in_account")]

    def __str__(self) -> str:
        return self.name

    @property
    def is_archived(self) -> bool:
        return self.archived_at is not None

    @property
    def is_bedrock(self) -> bool:
        return self.protocol == Protocol.BEDROCK

    @property
    def uses_request_format(self) -> bool:
        return self.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK, Protocol.WEBSOCKET)

    @property
    def has_sessions(self) -> bool:
        """Session start / end requests apply to the HTTP protocols that do not carry a session of their own."""
        return self.protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK, Protocol.SIMPLE_CHAT, Protocol.OPENAI)

    @property
    def streams(self) -> bool:
        return bool(self.stream) and self.protocol in STREAMING_PROTOCOLS

    @property
    def allowed_contact_list(self) -> list[str]:
        return [line.strip() for line in self.allowed_contacts.splitlines() if line.strip()]

    @property
    def secret_marker_list(self) -> list[str]:
        return [line.strip() for line in self.secret_markers.splitlines() if line.strip()]

    def to_config(self, *, endpoint_url: str | None = None) -> AgentConfig:
        """The plain snapshot the connectors use. ``endpoint_url`` overrides the saved one (staging)."""
        model_name = self.model_name
        if self.is_bedrock:
            model_name = settings.TRUSTGATE_BEDROCK_MODELS[self.bedrock_model]
        return AgentConfig(
            protocol=ProtocolEnum(self.protocol),
            endpoint_url=endpoint_url or self.endpoint_url,
            request_template=self.request_template if self.uses_request_format else "",
            reply_path=self.reply_path,
            tool_calls_path=self.tool_calls_path,
            conversation_id_path=self.conversation_id_path,
            conversation_id_source=ConversationIdSource(self.conversation_id_from),
            conversation_id_name=self.conversation_id_name,
            stateful=self.stateful,
            send_history=self.send_history and self.protocol == Protocol.SIMPLE_CHAT,
            auth_header_name=self.auth_header_name or "Authorization",
            # "Bearer <key>" in Authorization; the key alone in any other header (x-api-key, api-key): docs/agents.md
            auth_value_prefix="Bearer "
            if (self.auth_header_name or "Authorization").lower() == "authorization"
            else "",
            extra_headers=tuple(sorted((str(k), str(v)) for k, v in (self.extra_headers or {}).items())),
            timeout_seconds=float(self.timeout_seconds),
            model_name=model_name,
            system_prompt=self.knowledge if self.is_bedrock else "",
            stream=StreamFormat(self.stream) if self.streams else StreamFormat.OFF,
            stream_event=self.stream_event if self.streams else "",
            stream_done=self.stream_done if self.streams or self.protocol == Protocol.WEBSOCKET else "",
            silence_ms=self.silence_ms if self.protocol == Protocol.WEBSOCKET else 0,
            first_message=self.first_message if self.protocol == Protocol.WEBSOCKET else "",
            first_message_ack=self.first_message_ack if self.protocol == Protocol.WEBSOCKET else "",
            key_in_header=self.key_in_header or self.protocol != Protocol.WEBSOCKET,
            session_start_url=self.session_start_url if self.has_sessions else "",
            session_start_body=self.session_start_body if self.has_sessions else "",
            session_id_path=self.session_id_path if self.has_sessions else "",
            session_end_url=self.session_end_url if self.has_sessions else "",
            session_end_body=self.session_end_body if self.has_sessions else "",
        )
