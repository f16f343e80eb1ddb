"""Input validation for the monitor screens. Writes happen in services."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django import forms
from django.forms import formset_factory

from evaluations.agents.selectors import agent_list_for_account
from evaluations.core import storable, yamlsafe
from evaluations.llm.status import judge_model_choices, judge_models_note
from evaluations.monitors import validators
from evaluations.monitors.models import Monitor, MonitorJudgeModel, MonitorProtocol, StorageMode
from evaluations.monitors.rules import RuleError, parse_rule_lines, rule_to_line
from evaluations.monitors.services import KEEP
from evaluations.scoring.choices import Strictness
from evaluations.scoring.rules.markers import clean_contact_text, clean_marker_text

if TYPE_CHECKING:
    from evaluations.agents.models import Agent

EVERY_UNITS = (("minutes", "minutes"), ("hours", "hours"))
RULES_HELP = (
    'One rule a line: answered: {within: 20s} · contains: "30 days" · not_contains: "error" · '
    "regex: '\\b30 days\\b' · json_schema: {type: object} · max_words: 80 · no_pii · no_refusal · "
    'has_citation · judge: "Gives the 30-day refund window."'
)


CHANNEL_FIELDS = {
    "slack": ("Slack webhook URL", "An incoming webhook of a Slack app (https://hooks.slack.com/services/…)."),
    "teams": (
        "Teams workflow URL",
        "The URL of a Teams workflow “Post to a channel when a webhook request is received”.",
    ),
    "pagerduty": (
        "PagerDuty routing key",
        "The Integration Key of an Events API v2 integration: down and degraded trigger an incident, recovered "
        "resolves it.",
    ),
    "webhook": ("Signed webhook URL", "Receives a JSON POST signed with HMAC-SHA256 (header X-Trustgate-Signature)."),
}


class SecretReferenceInput(forms.TextInput):
    """Shows the value only when it is a well-formed ``secret.NAME``: a key pasted by mistake is refused by the
    form and never sent back to the page."""

    def format_value(self, value: Any) -> str | None:
        text = super().format_value(value)
        try:
            validators.parse_secret_reference(text or "")
        except ValueError:
            return None
        return text


class MonitorForm(forms.Form):
    name = forms.CharField(max_length=120, validators=[storable.validate_single_line])
    agent: forms.ModelChoiceField[Agent] = forms.ModelChoiceField(
        queryset=None,  # the workspace's agents, set in __init__
        required=False,
        empty_label="— none: use the endpoint below —",
        help_text="A saved agent (its request format is used), or leave empty and give an endpoint.",
    )
    endpoint_url = forms.CharField(
        label="Endpoint URL", required=False, max_length=2000, widget=forms.URLInput,
        help_text="Only without an agent: the chat endpoint to POST the question to (ws:// or wss:// for WebSocket).",
    )  # fmt: skip
    protocol = forms.ChoiceField(choices=MonitorProtocol.choices, initial=MonitorProtocol.CHAT)
    model_name = forms.CharField(label="Model (OpenAI-compatible only)", required=False, max_length=200)
    credential = forms.CharField(
        label="Credential", required=False, max_length=80, widget=SecretReferenceInput,
        help_text="secret.NAME: the worker reads the key from its environment variable TRUSTGATE_SECRET_NAME when "
        "it starts. Keys are never stored. Leave blank when the agent needs no key.",
    )  # fmt: skip
    every = forms.IntegerField(label="Run every", min_value=1, initial=1)
    every_unit = forms.ChoiceField(label="Unit", choices=EVERY_UNITS, initial="hours")
    samples_per_case = forms.IntegerField(label="Samples per case", min_value=1, max_value=10, initial=3)
    min_passing_samples = forms.IntegerField(
        label="Samples that must pass", min_value=1, max_value=10, initial=2,
        help_text="A case passes when at least this many of its samples pass (2 of 3 by default).",
    )  # fmt: skip
    target_pass_rate = forms.IntegerField(
        label="Target pass rate (%)", min_value=1, max_value=100, initial=90,
        help_text="Degraded when the pass rate is below this for 2 runs in a row.",
    )  # fmt: skip
    alert_emails = forms.CharField(
        label="Alert emails", required=False, widget=forms.Textarea(attrs={"rows": 2}),
        help_text="One address a line.",
    )  # fmt: skip
    allowed_contacts = forms.CharField(
        label="Allowed contacts", required=False, widget=forms.Textarea(attrs={"rows": 2, "class": "mono"}),
        help_text="Emails, phones or domains the agent may give (the shop's own), one a line: no_pii passes them and "
        "they are stored in clear. The saved agent's allowed contacts and knowledge count too.",
    )  # fmt: skip
    secret_markers = forms.CharField(
        label="Secret markers", required=False,
        widget=forms.Textarea(attrs={"rows": 2, "class": "mono", "autocomplete": "off"}),
        help_text="Strings that must never appear in an answer (a prompt id, a code word), one a line, at least 6 "
        "characters: an answer with one fails, and it is masked wherever the answer is stored or shown.",
    )  # fmt: skip
    monthly_token_budget = forms.IntegerField(
        label="Monthly token budget", min_value=100, max_value=validators.MAX_TOKEN_BUDGET, initial=200_000,
        help_text="Agent tokens (estimated as characters ÷ 4) plus judge tokens. The monitor pauses at the limit.",
    )  # fmt: skip
    storage_mode = forms.ChoiceField(
        label="Store", choices=StorageMode.choices, initial=StorageMode.ANSWERS, widget=forms.RadioSelect
    )
    # Only the models this installation can use (a callable: read when the form is built, not at import).
    judge_model = forms.ChoiceField(choices=judge_model_choices, initial=MonitorJudgeModel.SONNET)
    judge_strictness = forms.ChoiceField(choices=Strictness.choices, initial=Strictness.BALANCED)

    def __init__(self, *args: Any, account_id: int, monitor: Monitor | None = None, **kwargs: Any) -> None:
        if monitor is not None and "initial" not in kwargs:
            kwargs["initial"] = initial_from_monitor(monitor)
        super().__init__(*args, **kwargs)
        self.account_id = account_id
        self.monitor = monitor
        cast(forms.ModelChoiceField, self.fields["agent"]).queryset = agent_list_for_account(account_id=account_id)
        self.fields["model_name"].widget.attrs["autocomplete"] = "off"
        self.fields["judge_model"].help_text = judge_models_note()
        self.fields["credential"].widget.attrs.update({"autocomplete": "off", "placeholder": "secret.TEST_TOKEN"})
        stored = {channel.kind: channel.masked for channel in monitor.channels.all()} if monitor else {}
        for kind, (label, help_text) in CHANNEL_FIELDS.items():
            # Write-only: the stored URL or key is never sent back to the page, only its masked form.
            self.fields[f"channel_{kind}"] = forms.CharField(
                label=label, required=False, max_length=2000, strip=True,
                widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
                help_text=(f"Set: {stored[kind]}. Leave blank to keep it. " if kind in stored else "") + help_text,
            )  # fmt: skip
            if kind in stored:
                self.fields[f"remove_{kind}"] = forms.BooleanField(label=f"Remove the {label}", required=False)
            if kind == "webhook":
                self.fields["webhook_signing_key"] = forms.CharField(
                    label="Webhook signing key", required=False, min_length=16, max_length=200, strip=True,
                    widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
                    help_text="The key your receiver checks X-Trustgate-Signature with (16 characters or more, e.g. "
                    "from openssl rand -hex 24). Stored encrypted and never shown again"
                    + (": leave blank to keep the current one." if "webhook" in stored else "."),
                )  # fmt: skip

    def channel_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith(("channel_", "remove_", "webhook_signing"))]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        clash = Monitor.objects.filter(account_id=self.account_id, name=name)
        if self.monitor is not None:
            clash = clash.exclude(pk=self.monitor.pk)
        if clash.exists():
            raise forms.ValidationError("Another monitor in this workspace has this name.")
        return name

    def clean_credential(self) -> str:
        try:
            return validators.parse_secret_reference(self.cleaned_data.get("credential", ""))
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_alert_emails(self) -> str:
        try:
            return "\n".join(validators.parse_emails(self.cleaned_data.get("alert_emails", "")))
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_allowed_contacts(self) -> str:
        try:
            return "\n".join(clean_contact_text(self.cleaned_data.get("allowed_contacts") or ""))
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean_secret_markers(self) -> str:
        try:
            return clean_marker_text(self.cleaned_data.get("secret_markers") or "")
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        agent, url = data.get("agent"), (data.get("endpoint_url") or "").strip()
        if agent and url:
            self.add_error("endpoint_url", "Choose an agent or give an endpoint, not both.")
        elif not agent and not url:
            self.add_error("agent", "Choose the agent to monitor, or give an endpoint URL below.")
        elif url:
            try:
                websocket = data.get("protocol") == MonitorProtocol.WEBSOCKET
                data["endpoint_url"] = validators.check_url(url, websocket=websocket)
            except ValueError as error:
                self.add_error("endpoint_url", str(error))
            needs_model = data.get("protocol") in (MonitorProtocol.OPENAI, MonitorProtocol.RESPONSES)
            if needs_model and not (data.get("model_name") or "").strip():
                self.add_error("model_name", "An OpenAI-compatible endpoint needs the model name to send.")
        every, unit = data.get("every"), data.get("every_unit")
        if every is not None and unit:
            minutes = every * 60 if unit == "hours" else every
            try:
                validators.check_interval(minutes)
                data["interval_minutes"] = minutes
            except ValueError as error:
                self.add_error("every", str(error))
        new_webhook = (data.get("channel_webhook") or "").strip() and not (
            self.monitor and self.monitor.channels.filter(kind="webhook").exists()
        )
        if new_webhook and not data.get("webhook_signing_key"):
            self.add_error("webhook_signing_key", "Give the signing key your receiver will check the webhook with.")
        for kind in CHANNEL_FIELDS:
            value = (data.get(f"channel_{kind}") or "").strip()
            if value:
                try:
                    data[f"channel_{kind}"] = validators.check_channel(kind, value)
                except ValueError as error:
                    self.add_error(f"channel_{kind}", str(error))
        samples, passes = data.get("samples_per_case"), data.get("min_passing_samples")
        if samples is not None and passes is not None:
            try:
                validators.check_samples(samples, passes)
            except ValueError as error:
                self.add_error("min_passing_samples", str(error))
        return data

    def service_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "agent": data.get("agent"),
            "endpoint_url": "" if data.get("agent") else data["endpoint_url"],
            "protocol": data["protocol"],
            "model_name": (data.get("model_name") or "").strip(),
            "auth_secret": data.get("credential", ""),
            "interval_minutes": data["interval_minutes"],
            "samples_per_case": data["samples_per_case"],
            "min_passing_samples": data["min_passing_samples"],
            "target_pass_rate": data["target_pass_rate"],
            "alert_emails": data.get("alert_emails", ""),
            "allowed_contacts": data.get("allowed_contacts", ""),
            "secret_markers": data.get("secret_markers", ""),
            "webhook_signing_key": data.get("webhook_signing_key") or KEEP,
            "channels": {
                kind: "" if data.get(f"remove_{kind}") else (data.get(f"channel_{kind}") or KEEP)
                for kind in CHANNEL_FIELDS
            },
            "monthly_token_budget": data["monthly_token_budget"],
            "storage_mode": data["storage_mode"],
            "judge_model": data["judge_model"],
            "judge_strictness": data["judge_strictness"],
        }


def initial_from_monitor(monitor: Monitor) -> dict[str, Any]:
    hours = monitor.interval_minutes % 60 == 0
    return {
        "name": monitor.name,
        "agent": monitor.agent_id,
        "endpoint_url": monitor.endpoint_url,
        "protocol": monitor.protocol,
        "model_name": monitor.model_name,
        "credential": f"secret.{monitor.auth_secret}" if monitor.auth_secret else "",
        "every": monitor.interval_minutes // 60 if hours else monitor.interval_minutes,
        "every_unit": "hours" if hours else "minutes",
        "samples_per_case": monitor.samples_per_case,
        "min_passing_samples": monitor.min_passing_samples,
        "target_pass_rate": monitor.target_pass_rate,
        "alert_emails": monitor.alert_emails,
        "allowed_contacts": monitor.allowed_contacts,
        "secret_markers": monitor.secret_markers,
        "monthly_token_budget": monitor.monthly_token_budget,
        "storage_mode": monitor.storage_mode,
        "judge_model": monitor.judge_model,
        "judge_strictness": monitor.judge_strictness,
    }


class CaseForm(forms.Form):
    id = forms.IntegerField(required=False, widget=forms.HiddenInput)
    name = forms.CharField(required=False, max_length=200, help_text="Blank becomes “Case N”.")
    ask = forms.CharField(
        label="Question", max_length=validators.MAX_ASK_CHARS, widget=forms.Textarea(attrs={"rows": 2})
    )
    expect = forms.CharField(
        label="Rules", required=False, widget=forms.Textarea(attrs={"rows": 4, "class": "mono"}), help_text=RULES_HELP
    )

    def clean_ask(self) -> str:
        ask = self.cleaned_data["ask"]
        try:
            validators.check_ask(ask)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        return ask

    def clean_expect(self) -> list[dict[str, Any]]:
        try:
            return parse_rule_lines(self.cleaned_data.get("expect", ""))
        except RuleError as error:
            raise forms.ValidationError(error.problems) from None


class BaseCaseFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        if any(self.errors):
            return
        kept = [f for f in self.forms if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        if not kept:
            raise forms.ValidationError("Add at least one case: a question to ask.")
        if len(kept) > validators.MAX_CASES:
            raise forms.ValidationError(f"A monitor may have at most {validators.MAX_CASES} cases.")

    def service_cases(self) -> list[dict[str, Any]]:
        return [
            {"id": f.cleaned_data.get("id"), "name": f.cleaned_data.get("name", ""), "ask": f.cleaned_data["ask"],
             "expect": f.cleaned_data["expect"]}
            for f in self.forms
            if f.cleaned_data and not f.cleaned_data.get("DELETE")
        ]  # fmt: skip


# formset_factory returns a subclass of ``formset``; the stubs type it as the plain BaseFormSet.
CaseFormSet = cast(
    "type[BaseCaseFormSet]",
    formset_factory(CaseForm, formset=BaseCaseFormSet, extra=1, can_delete=True, max_num=50),
)


def case_initial(monitor: Monitor) -> list[dict[str, Any]]:
    return [
        {"id": c.pk, "name": c.name, "ask": c.ask, "expect": "\n".join(rule_to_line(r) for r in c.expect)}
        for c in monitor.cases.order_by("position", "pk")
    ]


class ImportForm(forms.Form):
    yaml_file = forms.FileField(label="YAML file", required=False)
    yaml_text = forms.CharField(
        label="…or paste YAML", required=False, widget=forms.Textarea(attrs={"rows": 14, "class": "mono"})
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("yaml_file")
        if upload:
            raw = upload.read(yamlsafe.MAX_YAML_BYTES + 1)  # one byte over is enough to know
            if len(raw) > yamlsafe.MAX_YAML_BYTES:
                # Before decoding: the cut may fall inside a multi-byte character, and "not UTF-8" would mislead.
                self.add_error("yaml_file", f"The file is larger than {yamlsafe.MAX_YAML_BYTES // 1024} KB.")
                return data
            try:
                data["text"] = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                line = raw.count(b"\n", 0, error.start) + 1
                self.add_error("yaml_file", f"The file is not UTF-8 text (line {line}).")
        else:
            data["text"] = data.get("yaml_text") or ""
        if not data.get("text", "x").strip():
            self.add_error("yaml_text", "Upload a YAML file or paste its text.")
        return data


class StatusPageForm(forms.Form):
    """The status page's settings: on or off, its title, and per monitor whether it is shown and its public name."""

    is_enabled = forms.BooleanField(label="Publish the status page", required=False)
    title = forms.CharField(
        max_length=120, required=False, validators=[storable.validate_single_line],
        help_text="Shown at the top, e.g. “Acme assistant status”.",
    )  # fmt: skip

    def __init__(self, *args: Any, monitors: list[Monitor], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.monitors = monitors
        for monitor in monitors:
            self.fields[f"show_{monitor.pk}"] = forms.BooleanField(
                label=f"Show “{monitor.name}”", required=False, initial=monitor.on_status_page
            )
            self.fields[f"name_{monitor.pk}"] = forms.CharField(
                label=f"Public name of “{monitor.name}”", max_length=120, required=False,
                initial=monitor.public_name, validators=[storable.validate_single_line],
                help_text="Blank shows “Check N”: the monitor's own name never appears on the public page.",
            )  # fmt: skip

    def rows(self) -> list[tuple[Monitor, forms.BoundField, forms.BoundField]]:
        return [(m, self[f"show_{m.pk}"], self[f"name_{m.pk}"]) for m in self.monitors]

    def shown(self) -> list[Monitor]:
        return [m for m in self.monitors if self.cleaned_data.get(f"show_{m.pk}")]

    def names(self) -> dict[int, str]:
        return {m.pk: (self.cleaned_data.get(f"name_{m.pk}") or "").strip() for m in self.monitors}
