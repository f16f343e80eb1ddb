"""Input validation for evaluations. Every error is a sentence a user can act on."""

from __future__ import annotations

import difflib
import re
from typing import Any, cast

from django import forms
from django.conf import settings

from evaluations.agents.models import Agent, BedrockModel, ConversationIdFrom, Protocol, Streaming
from evaluations.connectors.paths import PathSyntaxError, parse_path
from evaluations.connectors.templates import TemplateError, validate_template
from evaluations.connectors.validation import check_extra_header_name, check_header_value
from evaluations.core import storable
from evaluations.outbound.guard import EndpointBlocked, validate_endpoint_url
from evaluations.outbound.websocket import http_url
from evaluations.scoring.choices import JudgeModel
from evaluations.scoring.rules import clean_contact_text, clean_marker_text

MAX_KNOWLEDGE_CHARS = 100_000
OPENAI_PROTOCOLS = (Protocol.OPENAI, Protocol.OPENAI_RESPONSES)
SSE_PROTOCOLS = (*OPENAI_PROTOCOLS, Protocol.A2A)  # their streams are Server-Sent Events of their own kind


PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


BUILTIN_PLACEHOLDERS = {"message", "history", "conversation_id", "session_id"}


MAX_TEMPLATE_CHARS = 20_000
MAX_FIRST_MESSAGE_CHARS = 4_000


def parse_header_lines(text: str) -> dict[str, str]:
    """``Name: value`` per line -> dict. Raises ValidationError naming every line that is wrong, not only the
    first, so one save shows all there is to fix."""
    headers: dict[str, str] = {}
    problems: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, sep, value = line.partition(":")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            problems.append(f"Line {number}: write each header as 'Name: value'.")
            continue
        try:
            check_extra_header_name(name)
            check_header_value(value)
        except ValueError as exc:
            problems.append(f"Line {number}: {exc}")
            continue
        headers[name] = value
    if problems:
        raise forms.ValidationError(problems)
    return headers


class AgentForm(forms.ModelForm):
    api_key = forms.CharField(
        label="API key",
        required=False,
        max_length=4096,
        strip=True,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text="Used for Test request and runs; never stored. Only a masked form is kept.",
    )
    extra_headers_text = forms.CharField(
        label="Extra headers",
        required=False,
        max_length=8000,
        widget=forms.Textarea(attrs={"rows": 3, "placeholder": "X-Tenant: acme"}),
        help_text="One 'Name: value' a line. Put credentials in the API key field, not here.",
    )

    class Meta:
        model = Agent
        fields = [
            "name", "protocol", "endpoint_url", "knowledge", "request_template", "reply_path", "tool_calls_path",
            "conversation_id_from", "conversation_id_path", "conversation_id_name", "stateful",
            "auth_header_name", "timeout_seconds", "model_name", "bedrock_model", "judge_model",
            "judge_strictness", "allowed_contacts", "send_history", "secret_markers", "stream", "stream_event",
            "stream_done", "silence_ms", "session_start_url", "session_start_body", "session_id_path",
            "session_end_url", "session_end_body", "first_message", "first_message_ack", "key_in_header",
        ]  # fmt: skip
        labels = {
            "endpoint_url": "Endpoint URL",
            "timeout_seconds": "Timeout (seconds)",
            "tool_calls_path": "Tool-call path",
            "conversation_id_from": "Conversation id comes from",
            "conversation_id_path": "Conversation-id path",
            "conversation_id_name": "Header or cookie name",
            "stateful": "Stateful (the agent keeps its own history: send only the latest turn)",
            "auth_header_name": "Auth header name",
            "bedrock_model": "Claude model",
            "send_history": "Send history (simple chat: the earlier turns as a history list, for stateless agents)",
            "stream": "Streamed reply",
            "stream_event": "Event name (SSE)",
            "stream_done": "End of the reply",
            "silence_ms": "Silence that ends a reply (ms, WebSocket)",
            "session_start_url": "Session start URL",
            "session_start_body": "Session start body",
            "session_id_path": "Session-id path",
            "session_end_url": "Session end URL",
            "session_end_body": "Session end body",
            "first_message": "First message template",
            "first_message_ack": "Acknowledgement",
            "key_in_header": "Also send the key in the auth header",
        }
        help_texts = {
            "stream_event": "Read only the events of this name; blank: every event.",
            "stream_done": "A data value ([DONE]), an event name, or path=value (done=true); blank: the end of the "
            "stream (WebSocket: the first frame with text, or the silence below).",
            "silence_ms": "WebSocket: once the reply has begun, this long without a frame ends it; 0: not used.",
            "session_start_url": "Optional: POSTed before each conversation's first message; its cookies are kept.",
            "session_id_path": "Where the start reply holds the session id, used as {{session_id}} in the URL, "
            "headers and body.",
            "session_end_url": "Optional: POSTed when the conversation ends; {{session_id}} may be in it.",
            "first_message": 'e.g. {"type": "auth", "token": "{{api_key}}"}; blank: no first message.',
            "first_message_ack": "Wait for it before the first user message: path=value (type=auth_ok), * for any "
            "frame; blank: do not wait.",
        }
        widgets = {
            "knowledge": forms.Textarea(attrs={"rows": 6}),
            "request_template": forms.Textarea(attrs={"rows": 6, "class": "mono"}),
            "session_start_body": forms.Textarea(attrs={"rows": 2, "class": "mono"}),
            "session_end_body": forms.Textarea(attrs={"rows": 2, "class": "mono"}),
            "first_message": forms.Textarea(attrs={"rows": 2, "class": "mono", "autocomplete": "off"}),
            "allowed_contacts": forms.Textarea(attrs={"rows": 2}),
            "secret_markers": forms.Textarea(attrs={"rows": 2, "autocomplete": "off", "class": "mono"}),
            "endpoint_url": forms.TextInput(attrs={"placeholder": "https://agent.example.com/chat"}),
        }

    def __init__(
        self, *args: Any, account_id: int | None = None, strict_placeholders: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.account_id = account_id
        self.strict_placeholders = strict_placeholders
        self.fields["endpoint_url"].required = False
        self.fields["request_template"].required = False
        self.fields["silence_ms"].required = False  # blank: 0, not used
        if strict_placeholders:
            self.fields["name"].required = False  # Test request saves nothing; an A2A agent's card fills the name
        if self.instance.pk and not self.is_bound:
            self.initial["extra_headers_text"] = "\n".join(f"{k}: {v}" for k, v in self.instance.extra_headers.items())
        if not self.instance.pk and not self.is_bound:
            # A new agent starts on simple chat with its history sent: the bundled demo agent (and any stateless
            # chat endpoint) then sees every turn of a multi-turn scenario (docs/agents.md, Simple chat).
            self.initial.setdefault("send_history", True)
        if not settings.TRUSTGATE_ENABLE_OPUS:
            for name in ("bedrock_model", "judge_model"):
                field = cast(forms.ChoiceField, self.fields[name])
                choices = cast("list[tuple[str, str]]", field.choices)  # a model field's choices: a plain list
                field.choices = [c for c in choices if c[0] != BedrockModel.OPUS]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        storable.validate_single_line(name)
        clash = Agent.objects.filter(account_id=self.account_id or self.instance.account_id, name=name)
        if self.instance.pk:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise forms.ValidationError("An agent with this name already exists in this workspace.")
        return name

    def clean_knowledge(self) -> str:
        knowledge = self.cleaned_data.get("knowledge", "")
        if len(knowledge) > MAX_KNOWLEDGE_CHARS:
            raise forms.ValidationError(f"Keep the knowledge under {MAX_KNOWLEDGE_CHARS:,} characters.")
        return knowledge

    def clean_secret_markers(self) -> str:
        try:
            return clean_marker_text(self.cleaned_data.get("secret_markers") or "")
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_allowed_contacts(self) -> str:
        try:
            return "\n".join(clean_contact_text(self.cleaned_data.get("allowed_contacts") or ""))
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean_auth_header_name(self) -> str:
        name = (self.cleaned_data.get("auth_header_name") or "Authorization").strip()
        try:
            check_header_value(name)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not all(c.isalnum() or c in "-_" for c in name):
            raise forms.ValidationError("A header name may use letters, digits, '-' and '_' only.")
        return name

    def clean_silence_ms(self) -> int:
        silence = self.cleaned_data.get("silence_ms") or 0
        if silence > 60_000:
            raise forms.ValidationError("Choose a silence of at most 60,000 ms (0: not used).")
        return silence

    def clean_timeout_seconds(self) -> int:
        timeout = self.cleaned_data["timeout_seconds"]
        if not 1 <= timeout <= 300:
            raise forms.ValidationError("Choose a timeout between 1 and 300 seconds.")
        return timeout

    def clean_api_key(self) -> str:
        key = self.cleaned_data.get("api_key", "")
        if any(c in key for c in "\r\n\0"):
            raise forms.ValidationError("The API key cannot contain line breaks.")
        return key

    def clean_extra_headers_text(self) -> dict[str, str]:
        return parse_header_lines(self.cleaned_data.get("extra_headers_text", ""))

    def clean_bedrock_model(self) -> str:
        model = self.cleaned_data.get("bedrock_model") or BedrockModel.SONNET
        if model == BedrockModel.OPUS and not settings.TRUSTGATE_ENABLE_OPUS:
            raise forms.ValidationError("Opus is not enabled on this Trustgate.")
        return model

    def clean_judge_model(self) -> str:
        model = self.cleaned_data.get("judge_model") or JudgeModel.SONNET
        if model == JudgeModel.OPUS and not settings.TRUSTGATE_ENABLE_OPUS:
            raise forms.ValidationError("Opus is not enabled on this Trustgate.")
        return model

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        protocol = data.get("protocol")
        if protocol and protocol != Protocol.BEDROCK:
            self._clean_endpoint(data)
        if protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK, Protocol.WEBSOCKET):
            self._clean_request_format(data)
        if protocol == Protocol.WEBSOCKET:
            self._clean_first_message(data)
        self._clean_stream(data)
        self._clean_session(data)
        if protocol in OPENAI_PROTOCOLS and not data.get("model_name", "").strip():
            self.add_error("model_name", "Give the model name the OpenAI-compatible endpoint expects.")
        source = data.get("conversation_id_from")
        if source in (ConversationIdFrom.HEADER, ConversationIdFrom.COOKIE) and not data.get("conversation_id_name"):
            self.add_error("conversation_id_name", "Name the header or cookie that carries the conversation id.")
        if source == ConversationIdFrom.BODY and not data.get("conversation_id_path"):
            self.add_error("conversation_id_path", "Give the reply path of the conversation id.")
        return data

    def _clean_endpoint(self, data: dict[str, Any]) -> None:
        """The endpoint guard's rules, the same for every entry point, and one error per problem."""
        if "endpoint_url" in self.errors:
            return  # already refused by the field (too long, a NUL): "give the URL" would be a second, wrong error
        url = (data.get("endpoint_url") or "").strip()
        if not url:
            self.add_error("endpoint_url", "Give the agent's endpoint URL (http or https).")
            return
        try:
            validate_endpoint_url(http_url(url) if data.get("protocol") == Protocol.WEBSOCKET else url)
        except EndpointBlocked as exc:
            self.add_error("endpoint_url", str(exc))

    def _template_variables(self, template: str) -> list[str]:
        """Placeholders beyond the built-ins are test-case template variables, filled per case at run time.

        A name that looks like a misspelt built-in ({{mesage}}) is not taken as a variable, so the template
        check names it. A Test request (``strict_placeholders``) has no case to fill variables from.
        """
        if self.strict_placeholders:
            return []
        names = set(PLACEHOLDER.findall(template)) - BUILTIN_PLACEHOLDERS
        return [name for name in names if not difflib.get_close_matches(name, BUILTIN_PLACEHOLDERS, n=1, cutoff=0.75)]

    def _clean_request_format(self, data: dict[str, Any]) -> None:
        template = data.get("request_template") or ""
        if not template.strip():
            self.add_error("request_template", 'Write the request body template, e.g. {"message": {{message}}}.')
        elif len(template) > MAX_TEMPLATE_CHARS:
            self.add_error("request_template", f"Keep the template under {MAX_TEMPLATE_CHARS:,} characters.")
        else:
            try:
                validate_template(template, self._template_variables(template))
            except TemplateError as exc:
                self.add_error("request_template", str(exc))
        stream = data.get("stream") or Streaming.OFF
        frames = data.get("protocol") == Protocol.WEBSOCKET  # blank: each frame's text is the reply
        # Test request works before any path is set: it shows the reply and proposes the paths (docs/agents.md).
        needs_path = stream in (Streaming.OFF, Streaming.NDJSON) and not frames and not self.strict_placeholders
        if not (data.get("reply_path") or "").strip() and needs_path:
            where = "in each line" if stream == Streaming.NDJSON else "e.g. data.reply.text"
            self.add_error("reply_path", f"Give the path of the reply text ({where}).")
        for field in ("reply_path", "tool_calls_path", "conversation_id_path"):
            path = (data.get(field) or "").strip()
            if not path:
                continue
            try:
                parse_path(path)
            except PathSyntaxError as exc:
                self.add_error(field, str(exc))

    def _clean_first_message(self, data: dict[str, Any]) -> None:
        """The WebSocket first message: a bounded frame whose only placeholder is ``{{api_key}}``, never the key
        itself; an acknowledgement on one line, ``*`` or a readable ``path=value``. Without a first message the key
        goes in the auth header whatever ``key_in_header`` says."""
        template = data.get("first_message") or ""
        ack = (data.get("first_message_ack") or "").strip()
        data["first_message_ack"] = ack
        if len(template) > MAX_FIRST_MESSAGE_CHARS:
            self.add_error("first_message", f"Keep the first message under {MAX_FIRST_MESSAGE_CHARS:,} characters.")
        others = sorted(set(PLACEHOLDER.findall(template)) - {"api_key"})
        if others:
            names = ", ".join("{{" + name + "}}" for name in others)
            self.add_error("first_message", f"The first message can only use {{{{api_key}}}}; remove {names}.")
        key = self.cleaned_data.get("api_key") or ""
        if key and len(key) >= 8 and key in template:
            self.add_error("first_message", "Write {{api_key}} where the key goes, not the key itself: it is stored.")
        if any(c in ack for c in "\r\n\x00"):
            self.add_error("first_message_ack", "Keep this on one line.")
        elif "=" in ack:
            try:
                parse_path(ack.partition("=")[0].strip())
            except PathSyntaxError as exc:
                self.add_error("first_message_ack", f"{exc} (the part before '=' is a path)")
        if ack and not template.strip():
            self.add_error("first_message_ack", "Write the first message to wait for its acknowledgement.")

    def _clean_session(self, data: dict[str, Any]) -> None:
        """The session requests: URLs the guard accepts (``{{session_id}}`` allowed), JSON body templates, and a
        session-id path whenever a start request is set."""
        for field in ("session_start_url", "session_end_url"):
            url = (data.get(field) or "").strip()
            data[field] = url
            if url:
                try:
                    validate_endpoint_url(PLACEHOLDER.sub("x", url))
                except EndpointBlocked as exc:
                    self.add_error(field, str(exc))
        for field in ("session_start_body", "session_end_body"):
            if (data.get(field) or "").strip():
                try:
                    validate_template(data[field], self._template_variables(data[field]))
                except TemplateError as exc:
                    self.add_error(field, str(exc))
        path = (data.get("session_id_path") or "").strip()
        if data.get("session_start_url") and not path:
            self.add_error("session_id_path", "Give the path of the session id in the start request's reply.")
        elif path:
            try:
                parse_path(path)
            except PathSyntaxError as exc:
                self.add_error("session_id_path", str(exc))

    def _clean_stream(self, data: dict[str, Any]) -> None:
        """The streaming settings: one line each, a path=value end names a readable path, and an OpenAI-compatible
        agent streams chat-completion chunks (SSE) or nothing."""
        for field in ("stream_event", "stream_done"):
            value = (data.get(field) or "").strip()
            data[field] = value
            if any(c in value for c in "\r\n\x00"):
                self.add_error(field, "Keep this on one line.")
        if data.get("protocol") in SSE_PROTOCOLS and data.get("stream") not in ("", Streaming.SSE):
            self.add_error("stream", "This protocol streams Server-Sent Events: choose Server-Sent Events.")
        done = data.get("stream_done") or ""
        if "=" in done:
            try:
                parse_path(done.partition("=")[0].strip())
            except PathSyntaxError as exc:
                self.add_error("stream_done", f"{exc} (the part before '=' is a path)")

    def unsaved_agent(self) -> Agent:
        """The agent with the form's settings, not saved: Test request never writes the agent."""
        agent = self.save(commit=False)
        agent.extra_headers = self.cleaned_data["extra_headers_text"]
        return agent

    def service_data(self) -> dict[str, Any]:
        data = {name: self.cleaned_data[name] for name in self.Meta.fields if name in self.cleaned_data}
        data["extra_headers"] = self.cleaned_data.get("extra_headers_text") or {}
        return data


class TestRequestForm(forms.Form):
    test_message = forms.CharField(
        max_length=4000, initial="Hello! What can you help me with?", widget=forms.TextInput()
    )
