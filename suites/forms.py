"""Input validation for suites and test sets. Every error is a sentence a user can act on."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import QueryDict

from evaluations.agents.selectors import agent_list_for_account
from evaluations.core import storable
from evaluations.core.formfields import split_turns
from evaluations.core.specs import KIND_LABELS, PhraseScope, ScenarioKind, Severity
from evaluations.scoring.rules import clean_marker_text
from suites.changes import MAX_POLICY_CHARS
from suites.fields import CASE_MORE_FIELDS, MAX_MESSAGE_CHARS, clean_template_variables, variable_problems
from suites.models import DEFAULT_MAX_TURNS, MAX_TURNS_LIMIT, Suite
from suites.selectors import persona_list_for_account
from suites.yaml_io.parse import SuiteImportError, parse_tool_checks

MODEL_CHOICES = [("sonnet", "Sonnet"), ("haiku", "Haiku"), ("opus", "Opus")]
SCOPE_CHOICES = [(PhraseScope.ANY_REPLY.value, "Any reply"), (PhraseScope.FINAL_REPLY.value, "The final reply only")]
TOOL_CHECKS_EXAMPLE = """expected_tool_calls:
- name: lookup_order
  arguments:
    order_id: {kind: regex, pattern: '^NW-\\d+$'}
forbidden_tool_calls: [issue_refund]
max_tool_calls: 3"""


class SuiteForm(forms.Form):
    """A test set's settings: name, description, agent and the optional default simulated user."""

    name = forms.CharField(max_length=200, validators=[storable.validate_single_line])
    description = forms.CharField(required=False, max_length=4000, widget=forms.Textarea(attrs={"rows": 2}))
    agent: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None, required=False, empty_label="No agent yet"
    )
    default_persona: forms.ModelChoiceField[Any] = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label="Default simulated user",
        empty_label="None: every case is a single turn",
        help_text="Makes every case a multi-turn conversation in which the generation model plays this user.",
    )
    new_persona_name = forms.CharField(label="…or a new simulated user: name", required=False, max_length=120)
    new_persona_description = forms.CharField(
        label="Description",
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2, "placeholder": "In a hurry, wants a refund today, gets short."}),
    )
    max_turns = forms.IntegerField(
        label="Turn limit",
        initial=DEFAULT_MAX_TURNS,
        help_text="Most user turns in one conversation with the simulated user.",
        error_messages={"invalid": f"The turn limit must be a whole number between 1 and {MAX_TURNS_LIMIT}."},
    )
    secret_markers = forms.CharField(
        required=False,
        max_length=12_000,
        widget=forms.Textarea(attrs={"rows": 2, "autocomplete": "off", "class": "mono"}),
        help_text="Strings that must never appear in a reply or tool call, one a line (added to the agent's). "
        "Found encoded too; shown in results only by their first two characters.",
    )

    def __init__(self, *args: Any, account_id: int, suite_id: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.account_id, self.suite_id = account_id, suite_id
        cast(forms.ModelChoiceField, self.fields["agent"]).queryset = agent_list_for_account(account_id=account_id)
        cast(forms.ModelChoiceField, self.fields["default_persona"]).queryset = persona_list_for_account(
            account_id=account_id
        )

    def clean_name(self) -> str:
        return clean_suite_name(self.cleaned_data["name"], account_id=self.account_id, suite_id=self.suite_id)

    def clean_secret_markers(self) -> str:
        return clean_secret_markers(self.cleaned_data.get("secret_markers") or "")

    def clean_max_turns(self) -> int:
        return clean_turn_limit(self.cleaned_data["max_turns"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        new_name = (data.get("new_persona_name") or "").strip()
        new_description = (data.get("new_persona_description") or "").strip()
        if new_name and data.get("default_persona"):
            self.add_error("new_persona_name", "Choose an existing simulated user or name a new one, not both.")
        elif new_name and not new_description:
            self.add_error("new_persona_description", "Describe the simulated user: who they are and what they want.")
        elif new_description and not new_name:
            self.add_error("new_persona_name", "Give the new simulated user a name.")
        return data


# A suite's settings, checked the same way by the suite page's form and Django admin's (docs/suites.md).


def clean_suite_name(name: str, *, account_id: int, suite_id: int | None) -> str:
    name = name.strip()
    if not name:
        raise ValidationError("Give the test set a name.")
    clash = Suite.objects.filter(account_id=account_id, name=name)
    if suite_id is not None:
        clash = clash.exclude(pk=suite_id)
    if clash.exists():
        raise ValidationError("A suite with this name already exists in this workspace.")
    return name


def clean_secret_markers(text: str) -> str:
    try:
        return clean_marker_text(text)
    except ValueError as exc:
        raise ValidationError(str(exc)) from None


def clean_turn_limit(value: int) -> int:
    if not 1 <= value <= MAX_TURNS_LIMIT:
        raise ValidationError(f"The turn limit must be between 1 and {MAX_TURNS_LIMIT}.")
    return value


def variable_rows(data: QueryDict) -> list[list[str]]:
    """The key/value rows of the case form (``var_key`` / ``var_value`` repeated, in order)."""
    keys, values = data.getlist("var_key"), data.getlist("var_value")
    return [[key, value] for key, value in zip(keys, values, strict=False)]


class CaseForm(forms.Form):
    name = forms.CharField(required=False, max_length=200, help_text="Blank: “Case N”.")
    initial_message = forms.CharField(
        max_length=MAX_MESSAGE_CHARS,
        widget=forms.Textarea(attrs={"rows": 2}),
        error_messages={"required": "Write the initial message the simulated user sends."},
        help_text="Use {{name}} for a template variable.",
    )
    expected_outcome = forms.CharField(
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Optional. Without it the case is graded on helpfulness, correctness, tone and efficiency.",
    )

    required_phrases = forms.CharField(
        required=False, max_length=8000, widget=forms.Textarea(attrs={"rows": 2}), help_text="One a line."
    )
    required_scope = forms.ChoiceField(
        label="Required phrases must appear in", choices=SCOPE_CHOICES, initial=PhraseScope.ANY_REPLY, required=False
    )
    forbidden_phrases = forms.CharField(
        required=False, max_length=8000, widget=forms.Textarea(attrs={"rows": 2}), help_text="One a line."
    )
    forbidden_scope = forms.ChoiceField(
        label="Forbidden phrases may not appear in",
        choices=SCOPE_CHOICES,
        initial=PhraseScope.ANY_REPLY,
        required=False,
    )
    tool_checks = forms.CharField(
        label="Tool-call checks",
        required=False,
        max_length=20_000,
        widget=forms.Textarea(attrs={"rows": 4, "class": "mono", "placeholder": TOOL_CHECKS_EXAMPLE}),
        help_text="YAML, as in a suite file: expected_tool_calls (name and argument matchers: exact, number, "
        "one_of, any, regex, contains), tool_order (in_order or any_order), forbidden_tool_calls, max_tool_calls.",
    )

    # The other fields of a scenario, as the suite YAML has them (docs/suites.md). The template sends
    # ``more_fields`` with them, so a post without them (an older page, a script) leaves them as they are.
    kind = forms.ChoiceField(choices=[(k.value, KIND_LABELS[k]) for k in ScenarioKind], initial=ScenarioKind.CUSTOM)
    later_turns = forms.CharField(
        label="Scripted turns after the first",
        required=False,
        max_length=40_000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Each later user turn, in order; separate them with a line holding only ---.",
    )
    correct_answer = forms.CharField(required=False, max_length=8000, widget=forms.Textarea(attrs={"rows": 2}))
    severity = forms.ChoiceField(choices=[(s.value, s.value.title()) for s in Severity], initial=Severity.MEDIUM)
    owasp_tag = forms.CharField(label="OWASP tag", required=False, max_length=80)
    uses_canary = forms.BooleanField(
        label="Uses {{canary}} (a fresh value per run)", required=False, help_text="Red-team leak checks."
    )
    contacts_may_be_shared = forms.BooleanField(label="Contact details may be shared", required=False, initial=True)
    tool_results_leak = forms.BooleanField(
        label="Tool results count as said to the user",
        required=False,
        help_text="Off: what a tool returns is evidence, and fails only when the agent repeats it or passes it to "
        "another tool. On: personal data or a secret in a tool's result fails the scenario by itself.",
    )
    persona = forms.CharField(
        label="Simulated user of this scenario",
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Blank: the suite's default simulated user, if any.",
    )
    max_turns = forms.IntegerField(
        label="Turn limit", initial=DEFAULT_MAX_TURNS, min_value=1, max_value=MAX_TURNS_LIMIT,
        error_messages={"invalid": f"The turn limit must be a whole number between 1 and {MAX_TURNS_LIMIT}.",
                        "min_value": f"The turn limit must be between 1 and {MAX_TURNS_LIMIT}.",
                        "max_value": f"The turn limit must be between 1 and {MAX_TURNS_LIMIT}."},
    )  # fmt: skip
    attack_id = forms.CharField(label="Attack id", required=False, max_length=40)
    is_active = forms.BooleanField(label="Active (runs)", required=False, initial=True)
    stale_reason = forms.CharField(
        label="Why stale",
        required=False,
        max_length=4000,
        help_text="Shown while it is stale; ticking Active clears it.",
    )
    MORE_FIELDS = CASE_MORE_FIELDS

    def __init__(self, *args: Any, prefix_id: str = "new", **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"id_case_{prefix_id}_%s")
        super().__init__(*args, **kwargs)
        self.variables: list[list[str]] = []
        self.variable_error = ""
        self.has_more = not self.is_bound or self.data.get("more_fields") == "1"
        if self.is_bound:
            self.variables = variable_rows(self.data)  # type: ignore[arg-type]
        if not self.has_more:
            for name in self.MORE_FIELDS:
                self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        try:
            data["template_variables"] = clean_template_variables(self.variables)
        except ValidationError as exc:
            self.variable_error = exc.messages[0]
            raise ValidationError(exc.messages[0]) from None
        problem = variable_problems(data.get("initial_message", ""), [], data["template_variables"])
        if problem:
            self.add_error("initial_message", problem["initial_message"])
        try:
            checks = parse_tool_checks(data.get("tool_checks") or "")
        except SuiteImportError as exc:
            self.add_error("tool_checks", [str(problem) for problem in exc.problems])
            return data
        for key in ("required_phrases", "forbidden_phrases"):
            checks[key] = [line.strip() for line in (data.get(key) or "").splitlines() if line.strip()]
        checks["required_scope"] = data.get("required_scope") or PhraseScope.ANY_REPLY
        checks["forbidden_scope"] = data.get("forbidden_scope") or PhraseScope.ANY_REPLY
        data["checks"] = checks
        data["more"] = self._more(data) if self.has_more else None
        return data

    def _more(self, data: dict[str, Any]) -> dict[str, Any]:
        more = {name: data.get(name) for name in self.MORE_FIELDS if name != "later_turns"}
        more["max_turns"] = more["max_turns"] or DEFAULT_MAX_TURNS
        for name in ("correct_answer", "owasp_tag", "persona", "attack_id", "stale_reason"):
            more[name] = (more[name] or "").strip()
        later = split_turns(data.get("later_turns") or "")
        more["later_turns"] = later
        problem = variable_problems("", later, data.get("template_variables") or [])
        if problem:
            self.add_error("later_turns", problem["later_turns"])
        return more


class CheckForm(forms.Form):
    new_policy = forms.CharField(
        label="Updated policy",
        max_length=MAX_POLICY_CHARS,
        widget=forms.Textarea(attrs={"rows": 12}),
        error_messages={"required": "Paste the updated policy to check the suite against."},
    )
    model = forms.ChoiceField(label="Model", choices=MODEL_CHOICES, initial="sonnet")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not settings.TRUSTGATE_ENABLE_OPUS:
            cast(forms.ChoiceField, self.fields["model"]).choices = [c for c in MODEL_CHOICES if c[0] != "opus"]
        self.fields["model"].initial = settings.TRUSTGATE_GENERATION_MODEL


class SaveAsSuiteForm(forms.Form):
    name = forms.CharField(label="Suite name", max_length=200)


class ImportForm(forms.Form):
    yaml_text = forms.CharField(
        label="Suite YAML", required=False, widget=forms.Textarea(attrs={"rows": 14, "class": "mono"})
    )
    yaml_file = forms.FileField(label="…or a .yaml file", required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        upload = data.get("yaml_file")
        if upload is not None:
            if upload.size > 1_000_000:
                raise ValidationError("Keep the YAML file under 1 MB.")
            try:
                data["yaml_text"] = upload.read().decode("utf-8")
            except UnicodeDecodeError:
                raise ValidationError("The file is not UTF-8 text.") from None
        if not (data.get("yaml_text") or "").strip():
            raise ValidationError("Paste a suite's YAML or choose a file.")
        return data
