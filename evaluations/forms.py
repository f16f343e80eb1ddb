"""Input validation for evaluations. Every error is a sentence a user can act on."""

from __future__ import annotations

import difflib
import re
from typing import Any, cast

from django import forms
from django.conf import settings

from evaluations.connectors.paths import PathSyntaxError, parse_path
from evaluations.connectors.ssrf import EndpointBlocked, validate_endpoint_url
from evaluations.connectors.templates import TemplateError, validate_template
from evaluations.connectors.validation import check_extra_header_name, check_header_value
from evaluations.models import Agent, BedrockModel, ConversationIdFrom, JudgeModel, Protocol, Strictness
from redteam.models import Depth
from suites.generation import DEFAULT_COUNTS

MAX_KNOWLEDGE_CHARS = 100_000
PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
BUILTIN_PLACEHOLDERS = {"message", "history", "conversation_id"}
MAX_TEMPLATE_CHARS = 20_000


def parse_header_lines(text: str) -> dict[str, str]:
    """``Name: value`` per line -> dict. Raises ValidationError naming the line that is wrong."""
    headers: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, sep, value = line.partition(":")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise forms.ValidationError(f"Line {number}: write each header as 'Name: value'.")
        try:
            check_extra_header_name(name)
            check_header_value(value)
        except ValueError as exc:
            raise forms.ValidationError(f"Line {number}: {exc}") from None
        headers[name] = value
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
            "judge_strictness", "allowed_contacts",
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
        }
        widgets = {
            "knowledge": forms.Textarea(attrs={"rows": 6}),
            "request_template": forms.Textarea(attrs={"rows": 6, "class": "mono"}),
            "allowed_contacts": forms.Textarea(attrs={"rows": 2}),
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
        if self.instance.pk and not self.is_bound:
            self.initial["extra_headers_text"] = "\n".join(f"{k}: {v}" for k, v in self.instance.extra_headers.items())
        if not settings.TRUSTGATE_ENABLE_OPUS:
            for name in ("bedrock_model", "judge_model"):
                field = cast(forms.ChoiceField, self.fields[name])
                choices = cast("list[tuple[str, str]]", field.choices)  # a model field's choices: a plain list
                field.choices = [c for c in choices if c[0] != BedrockModel.OPUS]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
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

    def clean_auth_header_name(self) -> str:
        name = (self.cleaned_data.get("auth_header_name") or "Authorization").strip()
        try:
            check_header_value(name)
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        if not all(c.isalnum() or c in "-_" for c in name):
            raise forms.ValidationError("A header name may use letters, digits, '-' and '_' only.")
        return name

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
        if protocol in (Protocol.HTTP_JSON, Protocol.WEBHOOK):
            self._clean_request_format(data)
        if protocol == Protocol.OPENAI and not data.get("model_name", "").strip():
            self.add_error("model_name", "Give the model name the OpenAI-compatible endpoint expects.")
        source = data.get("conversation_id_from")
        if source in (ConversationIdFrom.HEADER, ConversationIdFrom.COOKIE) and not data.get("conversation_id_name"):
            self.add_error("conversation_id_name", "Name the header or cookie that carries the conversation id.")
        if source == ConversationIdFrom.BODY and not data.get("conversation_id_path"):
            self.add_error("conversation_id_path", "Give the reply path of the conversation id.")
        return data

    def _clean_endpoint(self, data: dict[str, Any]) -> None:
        url = (data.get("endpoint_url") or "").strip()
        if not url:
            self.add_error("endpoint_url", "Give the agent's endpoint URL (http or https).")
            return
        try:
            validate_endpoint_url(url)
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
        if not (data.get("reply_path") or "").strip():
            self.add_error("reply_path", "Give the path of the reply text, e.g. data.reply.text.")
        for field in ("reply_path", "tool_calls_path", "conversation_id_path"):
            path = (data.get(field) or "").strip()
            if not path:
                continue
            try:
                parse_path(path)
            except PathSyntaxError as exc:
                self.add_error(field, str(exc))

    def service_data(self) -> dict[str, Any]:
        data = {name: self.cleaned_data[name] for name in self.Meta.fields if name in self.cleaned_data}
        data["extra_headers"] = self.cleaned_data.get("extra_headers_text") or {}
        return data


class TestRequestForm(forms.Form):
    test_message = forms.CharField(
        max_length=4000, initial="Hello! What can you help me with?", widget=forms.TextInput()
    )


GENERATE_KIND_CHOICES = [
    ("accuracy", "Response accuracy (8)"),
    ("guardrails", "Guardrail enforcement (6)"),
    ("tool_calls", "Tool-call validation (5)"),
    ("pii", "PII protection (4)"),
]


class SuiteChoiceField(forms.ModelChoiceField):
    """A saved suite, labelled with its version and scenario count (``suite_list_for_user`` annotates the count)."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} (v{obj.version}, {obj.active_scenarios} scenarios)"


class RunLaunchForm(forms.Form):
    """New evaluation. Agent and suite choices are limited to the user's accounts.

    Mode "saved" runs a saved suite; mode "generate" has the generation model write scenarios of the chosen
    kinds from the agent's knowledge. A missing mode (the CI API) means "saved".
    """

    mode = forms.ChoiceField(
        required=False,
        choices=[("saved", "Run a saved suite"), ("generate", "Generate new")],
        initial="saved",
        widget=forms.RadioSelect,
    )
    agent = forms.ModelChoiceField(queryset=Agent.objects.none(), empty_label="Choose an agent")
    suite = SuiteChoiceField(queryset=None, required=False, empty_label="Choose a saved suite")
    generate_kinds = forms.MultipleChoiceField(
        label="Scenarios to generate",
        required=False,
        choices=GENERATE_KIND_CHOICES,
        initial=[value for value, _ in GENERATE_KIND_CHOICES],
        widget=forms.CheckboxSelectMultiple,
    )
    api_key = forms.CharField(
        label="API key",
        required=False,
        max_length=4096,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text="Used for this run only, kept encrypted until it ends, then deleted.",
    )
    endpoint_url = forms.CharField(
        label="Endpoint override",
        required=False,
        max_length=2000,
        help_text="Optional: run against another endpoint (e.g. staging). Each endpoint keeps its own baseline.",
    )
    runs_per_scenario = forms.IntegerField(
        label="Runs per scenario",
        initial=3,
        error_messages={"invalid": "Runs per scenario must be a whole number between 1 and 10."},
    )
    parallel = forms.IntegerField(
        label="Parallel conversations",
        initial=4,
        error_messages={"invalid": "Parallel conversations must be a whole number between 1 and 8."},
    )
    redteam_depth = forms.ChoiceField(
        label="Add red-team attacks",
        required=False,
        choices=[("", "None (the suite only)"), *Depth.choices],
        help_text="Attacks from the built-in library, with a fresh canary for this run.",
    )
    judge_model = forms.ChoiceField(label="Judge model", required=False, choices=[("", "The agent's setting")])
    judge_strictness = forms.ChoiceField(
        label="Judge strictness", required=False, choices=[("", "The agent's setting"), *Strictness.choices]
    )
    allowed_contacts = forms.CharField(
        label="Contacts the agent may share",
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Emails and phones, one a line. Leave blank to use the agent's own list.",
    )

    def __init__(self, *args: Any, agents: Any, suites: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["agent"]).queryset = agents
        cast(forms.ModelChoiceField, self.fields["suite"]).queryset = suites
        judges = [c for c in JudgeModel.choices if c[0] != JudgeModel.OPUS or settings.TRUSTGATE_ENABLE_OPUS]
        cast(forms.ChoiceField, self.fields["judge_model"]).choices = [("", "The agent's setting"), *judges]

    def clean_runs_per_scenario(self) -> int:
        value = self.cleaned_data["runs_per_scenario"]
        if not 1 <= value <= 10:
            raise forms.ValidationError("Runs per scenario must be between 1 and 10.")
        return value

    def clean_parallel(self) -> int:
        value = self.cleaned_data["parallel"]
        if not 1 <= value <= 8:
            raise forms.ValidationError("Parallel conversations must be between 1 and 8.")
        return value

    def clean_api_key(self) -> str:
        key = self.cleaned_data.get("api_key", "")
        if any(c in key for c in "\r\n\0"):
            raise forms.ValidationError("The API key cannot contain line breaks.")
        return key

    def clean_allowed_contacts(self) -> list[str] | None:
        lines = [line.strip() for line in self.cleaned_data.get("allowed_contacts", "").splitlines() if line.strip()]
        return lines or None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        data["mode"] = data.get("mode") or "saved"
        if data["mode"] == "saved":
            data["generate_kinds"] = []
            if data.get("suite") is None and "suite" not in self.errors:
                self.add_error("suite", "Choose a suite to run.")
        else:
            data["suite"] = None
            if not data.get("generate_kinds") and not data.get("redteam_depth"):
                self.add_error(
                    "generate_kinds", "Choose at least one kind of scenario to generate, or a red-team depth."
                )
        suite, agent = data.get("suite"), data.get("agent")
        if suite is not None and not suite.active_scenarios:
            self.add_error("suite", f"The suite “{suite.name}” has no scenarios yet; add one before running it.")
        if suite is not None and agent is not None and suite.account_id != agent.account_id:
            self.add_error("suite", "Choose a suite of the same workspace as the agent.")
        url = (data.get("endpoint_url") or "").strip()
        if url and agent is not None and not agent.is_bedrock:
            try:
                validate_endpoint_url(url)
            except EndpointBlocked as exc:
                self.add_error("endpoint_url", str(exc))
        return data

    def conversation_count(self) -> tuple[int, int, int] | None:
        """(scenarios, runs, conversations) from whatever is valid so far, for the live line."""
        data = getattr(self, "cleaned_data", {})
        suite, runs = data.get("suite"), data.get("runs_per_scenario")
        if runs is None or (suite is None and data.get("mode") != "generate"):
            return None
        scenarios = suite.active_scenarios if suite is not None else 0
        scenarios += sum(DEFAULT_COUNTS[kind] for kind in data.get("generate_kinds") or ())
        scenarios += Depth(data["redteam_depth"]).attack_count if data.get("redteam_depth") else 0
        return (scenarios, runs, scenarios * runs) if scenarios else None
