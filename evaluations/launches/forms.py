"""The New evaluation form: the web adapter of a launch. It checks the input's shape and builds the typed launch
request; the launch rules themselves live in ``launches.request`` and ``launches.services``. Every error is a
sentence a user can act on."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, cast

from django import forms
from django.conf import settings

from evaluations.gate.rules.confirmation import DEFAULT_CONFIRMATION_RUNS, MAX_CONFIRMATION_RUNS
from evaluations.launches.request import (
    MAX_PARALLEL,
    MAX_RUNS_PER_SCENARIO,
    LaunchRequest,
    launch_key_problem,
    launch_request_errors,
)
from evaluations.llm.status import RULES_ONLY_REASON, provider_status
from evaluations.runs.snapshot import LaunchSettings
from evaluations.scoring.choices import JudgeModel, Strictness
from evaluations.scoring.rules import clean_contact_text
from redteam.services import Depth, attack_count
from redteam.strategies import STRATEGY_CHOICES, strategies_clean
from suites.generation import DEFAULT_COUNTS

GENERATE_KIND_CHOICES = [
    ("accuracy", "Response accuracy (8)"),
    ("guardrails", "Guardrail enforcement (6)"),
    ("tool_calls", "Tool-call validation (5)"),
    ("pii", "PII protection (4)"),
]

RULES_ONLY_GENERATE = (
    "Writing new scenarios needs a model provider, and none is configured on this Trustgate: untick the kinds and "
    "choose a red-team depth (attacks from the library need no model), or run a saved suite."
)


def launch_token_new() -> str:
    """A fresh one-time launch token: each rendering of the form launches at most one run (docs/runs.md)."""
    return secrets.token_urlsafe(24)


class SuiteChoiceField(forms.ModelChoiceField):
    """A saved suite, labelled with its version and scenario count (``suite_list_for_user`` annotates the count)."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} (v{obj.version}, {obj.active_scenarios} scenarios)"


def settings_as_fields(settings: LaunchSettings) -> dict[str, Any]:
    """Launch settings (a plan's, a run's, a suite's run profile) as the form's initial fields: "" for the agent's
    setting, allowed contacts one a line."""
    contacts = settings.allowed_contacts
    return {
        "runs_per_scenario": settings.runs_per_scenario,
        "parallel": settings.parallel,
        "redteam_depth": settings.redteam_depth,
        "redteam_strategies": list(settings.redteam_strategies),
        "judge_model": settings.judge_model or "",
        "judge_strictness": settings.judge_strictness or "",
        "allowed_contacts": "\n".join(contacts) if contacts else "",
        "confirmation_runs": settings.confirmation_runs,
    }


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
    agent: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None,
        empty_label="Choose an agent",
        error_messages={"invalid_choice": "That agent cannot be evaluated: it is archived (restore it on its page) "
                        "or not in your workspaces."},
    )  # fmt: skip
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
    compare_with_endpoint = forms.CharField(
        label="Gate against the baseline of",
        required=False,
        max_length=2000,
        help_text="Optional: another endpoint of the same agent with a pinned baseline (e.g. production), to gate "
        "this endpoint (e.g. staging) against it. Blank: this endpoint's own baseline.",
    )
    runs_per_scenario = forms.IntegerField(
        label="Runs per scenario",
        initial=3,
        error_messages={"invalid": f"Runs per scenario must be a whole number between 1 and {MAX_RUNS_PER_SCENARIO}."},
    )
    parallel = forms.IntegerField(
        label="Parallel conversations",
        initial=4,
        error_messages={"invalid": f"Parallel conversations must be a whole number between 1 and {MAX_PARALLEL}."},
    )
    confirmation_runs = forms.IntegerField(
        label="Confirmation runs",
        required=False,
        help_text=f"Saved suites with a pinned baseline: after the first pass, each scenario that failed where the "
        f"baseline passed is run this many more times before the verdict (docs: the release gate). Blank: "
        f"{DEFAULT_CONFIRMATION_RUNS}; 0: off.",
        error_messages={
            "invalid": f"Confirmation runs must be a whole number between 0 (off) and {MAX_CONFIRMATION_RUNS}."
        },
    )
    redteam_depth = forms.ChoiceField(
        label="Add red-team attacks",
        required=False,
        choices=[("", "None (the suite only)"), *Depth.choices],
        help_text="Attacks from the built-in library, then the workspace's enabled custom attacks (the Red team page), "
        "with a fresh canary for this run.",
    )
    redteam_strategies = forms.MultipleChoiceField(
        label="Red-team strategies",
        required=False,
        choices=STRATEGY_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        help_text="Each chosen strategy adds a new attack made from each attack of the depth (docs: the red team).",
        error_messages={"invalid_choice": "Choose red-team strategies from the list shown."},
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
    # The launch key of this rendering of the form: posting it again opens the run it launched (docs/runs.md).
    # Blank (a page rendered before the token existed): every post launches.
    launch_token = forms.CharField(required=False, strip=False, initial=launch_token_new, widget=forms.HiddenInput)
    save_as_run_profile = forms.BooleanField(
        label="Make these settings the suite's run profile",
        required=False,
        help_text="Runs of the suite on an endpoint without a pinned baseline (the web form and CI) start from them. "
        "Pinning a run of the suite does this too.",
    )

    def __init__(self, *args: Any, agents: Any, suites: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["agent"]).queryset = agents
        cast(forms.ModelChoiceField, self.fields["suite"]).queryset = suites
        judges = [c for c in JudgeModel.choices if c[0] != JudgeModel.OPUS or settings.TRUSTGATE_ENABLE_OPUS]
        cast(forms.ChoiceField, self.fields["judge_model"]).choices = [("", "The agent's setting"), *judges]
        self.rules_only = not provider_status().configured
        if self.rules_only:  # model-only choices stay visible, disabled, with why
            # Writing scenarios needs a model; red-team attacks from the library do not, so Generate new stays
            # open for attacks alone (docs/configuration.md) and only its kinds are disabled.
            kinds = self.fields["generate_kinds"]
            kinds.initial = []
            kinds.widget.attrs["disabled"] = True
            kinds.help_text = f"Rules only: {RULES_ONLY_REASON} Red-team attacks need none: choose a depth below."
            self.fields["judge_model"].disabled = True
            self.fields["judge_model"].help_text = "Rules only: " + RULES_ONLY_REASON

    def clean_runs_per_scenario(self) -> int:
        value = self.cleaned_data["runs_per_scenario"]
        if not 1 <= value <= MAX_RUNS_PER_SCENARIO:
            raise forms.ValidationError(f"Runs per scenario must be between 1 and {MAX_RUNS_PER_SCENARIO}.")
        return value

    def clean_confirmation_runs(self) -> int | None:
        value = self.cleaned_data.get("confirmation_runs")
        if value is not None and not 0 <= value <= MAX_CONFIRMATION_RUNS:
            raise forms.ValidationError(f"Confirmation runs must be between 0 (off) and {MAX_CONFIRMATION_RUNS}.")
        return value

    def clean_parallel(self) -> int:
        value = self.cleaned_data["parallel"]
        if not 1 <= value <= MAX_PARALLEL:
            raise forms.ValidationError(f"Parallel conversations must be between 1 and {MAX_PARALLEL}.")
        return value

    def clean_api_key(self) -> str:
        key = self.cleaned_data.get("api_key", "")
        if any(c in key for c in "\r\n\0"):
            raise forms.ValidationError("The API key cannot contain line breaks.")
        return key

    def clean_allowed_contacts(self) -> list[str] | None:
        try:
            return clean_contact_text(self.cleaned_data.get("allowed_contacts", "")) or None
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("launch_token") and launch_key_problem(data["launch_token"]):
            self.add_error(None, "This form is damaged or out of date; reload the page and launch again.")
        data["mode"] = data.get("mode") or "saved"
        if data["mode"] == "saved":
            data["generate_kinds"] = []
            if data.get("suite") is None and "suite" not in self.errors:
                self.add_error("suite", "Choose a suite to run.")
        else:
            data["suite"] = None
            if data.get("generate_kinds") and self.rules_only:
                self.add_error("generate_kinds", RULES_ONLY_GENERATE)
            elif not data.get("generate_kinds") and not data.get("redteam_depth"):
                self.add_error(
                    "generate_kinds", "Choose at least one kind of scenario to generate, or a red-team depth."
                )
        if data.get("agent") is not None:
            for field, messages in launch_request_errors(self._request(data)).items():
                for message in messages:
                    self.add_error(field, message)
        return data

    def launch_request(self) -> LaunchRequest | None:
        """The launch the input asks for, once an agent, the runs per scenario and something to run are valid (the
        live estimate needs no more); None before."""
        data = getattr(self, "cleaned_data", {})
        agent, suite, runs = data.get("agent"), data.get("suite"), data.get("runs_per_scenario")
        if agent is None or runs is None or (suite is not None and suite.account_id != agent.account_id):
            return None
        if suite is None and not data.get("generate_kinds") and not data.get("redteam_depth"):
            return None
        return self._request(data)

    @staticmethod
    def _request(data: dict[str, Any]) -> LaunchRequest:
        contacts = data.get("allowed_contacts")
        overrides = {
            "runs_per_scenario": data.get("runs_per_scenario") or 1,
            "parallel": data.get("parallel") or 1,
            "redteam_depth": data.get("redteam_depth") or "",
            "redteam_strategies": strategies_clean(data.get("redteam_strategies") or ()),
            "judge_model": data.get("judge_model") or None,
            "judge_strictness": data.get("judge_strictness") or None,
            "allowed_contacts": tuple(contacts) if contacts else None,
        }
        if data.get("confirmation_runs") is not None:
            overrides["confirmation_runs"] = data["confirmation_runs"]
        return LaunchRequest(
            agent=data["agent"],
            suite=data.get("suite"),
            overrides=overrides,
            api_key=data.get("api_key", ""),
            endpoint_url=data.get("endpoint_url") or "",
            compare_with_endpoint=data.get("compare_with_endpoint") or "",
            generate_kinds=tuple(data.get("generate_kinds") or ()),
        )

    def conversation_count(self) -> tuple[int, int, int] | None:
        """(scenarios, runs, conversations) from whatever is valid so far, for the live line."""
        data = getattr(self, "cleaned_data", {})
        suite, runs = data.get("suite"), data.get("runs_per_scenario")
        if runs is None or (suite is None and data.get("mode") != "generate"):
            return None
        scenarios = suite.active_scenarios if suite is not None else 0
        scenarios += sum(DEFAULT_COUNTS[kind] for kind in data.get("generate_kinds") or ())
        if data.get("redteam_depth"):
            agent = data.get("agent")
            scenarios += attack_count(
                data["redteam_depth"],
                strategies=data.get("redteam_strategies") or (),
                account_id=agent.account_id if agent is not None else None,
            )
        return (scenarios, runs, scenarios * runs) if scenarios else None


class TopUpForm(forms.Form):
    """Pin and top up (the pin confirmation, docs/gate.md "Stronger baselines"): the baseline's size after the
    top-up, among the sizes offered, and the agent's key for the top-up run."""

    target = forms.TypedChoiceField(label="Top up to", coerce=int, choices=())
    api_key = forms.CharField(
        label="API key",
        required=False,
        max_length=4096,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "off"}),
        help_text="The agent's key for the top-up run, if it needs one: used for that run only, then deleted.",
    )
    launch_token = forms.CharField(required=False, strip=False, initial=launch_token_new, widget=forms.HiddenInput)

    def __init__(self, *args: Any, sizes: Sequence[int] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["target"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(size, f"{size} runs per scenario") for size in sizes]
        field.error_messages["invalid_choice"] = (
            "Choose one of the sizes offered: " + ", ".join(str(size) for size in sizes) + " runs per scenario."
        )

    def clean_api_key(self) -> str:
        key = self.cleaned_data.get("api_key", "")
        if any(c in key for c in "\r\n\0"):
            raise forms.ValidationError("The API key cannot contain line breaks.")
        return key

    def clean_launch_token(self) -> str:
        token = self.cleaned_data.get("launch_token", "")
        if token and launch_key_problem(token):
            raise forms.ValidationError("This form is damaged or out of date; reload the page and submit again.")
        return token
