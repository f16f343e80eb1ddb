"""The scenario form of Django admin: widgets that fit the data (docs/suites.md, Django admin) and the checks of the
test-set editor, so that a bad value gets the same sentence here as there. ``case`` is what the form hands to
``suites.cases`` (the editor's services) to save."""

from __future__ import annotations

from typing import Any

import yaml
from django import forms
from django.core.exceptions import ValidationError

from evaluations.core import yamlsafe
from evaluations.core.formfields import KeyValueField, LinesField, TurnsField
from suites.admin.toolcalls import ToolCallsField
from suites.cases import case_values
from suites.fields import CASE_MORE_FIELDS, clean_case_text, clean_template_variables, variable_problems
from suites.models import Scenario
from suites.yaml_io.parse import SuiteImportError, tool_checks_from_values


class ForbiddenCallsField(LinesField):
    """Tool names one a line; a call with argument matchers as a one-line mapping
    (``{name: issue_refund, arguments: {amount: {kind: any}}}``)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "Tool names that must not be called, one a line.")
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            lines = []
            for call in value:
                if isinstance(call, dict) and call.get("arguments"):
                    lines.append(flow_yaml(call))
                else:
                    lines.append(call["name"] if isinstance(call, dict) else str(call))
            return "\n".join(lines)
        return value

    def to_python(self, value: Any) -> list[Any]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return list(value)
        calls: list[Any] = []
        for line in super().to_python(value):
            if line.startswith("{"):
                try:
                    calls.append(yamlsafe.load(line).data)
                except yamlsafe.YamlRefused as refused:
                    raise ValidationError(f"“{line[:60]}”: {refused.message}") from None
            else:
                calls.append(line)
        return calls


def flow_yaml(value: Any) -> str:
    """One line of YAML (``{name: x, arguments: {...}}``), as a suite file would write it in flow style."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000).strip()


class ScenarioAdminForm(forms.ModelForm):
    """A row a pending Check for changes pauses reads as on the suite page: inactive, with the check's reason (the
    row itself holds neither). Saved unchanged it changes nothing; an edit keeps the pause unless it lifts it."""

    turns = TurnsField(required=False, label="Turns")
    required_phrases = LinesField(label="Required phrases")
    forbidden_phrases = LinesField(label="Forbidden phrases")
    expected_tool_calls = ToolCallsField(
        label="Expected tool calls",
        help_text="Each call: the tool's name, its order, and a matcher for each argument. Values read as in a "
        "suite file: 30 is a number, '30' text; one of takes values separated by commas.",
    )
    forbidden_tool_calls = ForbiddenCallsField(label="Forbidden tool calls")
    template_variables = KeyValueField(
        label="Template variables", help_text="Each {{name}} in the turns is replaced by its value."
    )

    class Meta:
        model = Scenario
        exclude = ["expected_tool_call"]  # the first expected call: written from the list by the services

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial["expected_tool_calls"] = self.instance.expected_calls
        if self.instance.is_paused:
            self.initial.update(is_active=False, stale_reason=self.instance.why_stale)
        self.case: dict[str, Any] = {}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.instance.pk is not None and self.instance.retired_in is not None:
            return data
        turns = data.get("turns") or []
        try:
            clean_case_text(turns[0] if turns else "", "")
        except ValidationError as exc:
            self.add_error("turns", exc.messages[0])
        try:
            variables = clean_template_variables(data.get("template_variables") or [])
        except ValidationError as exc:
            self.add_error("template_variables", exc.messages[0])
            variables = []
        for message in variable_problems(turns[0] if turns else "", turns[1:], variables).values():
            self.add_error("turns", message)
        item = {field: data.get(field) for field in ("expected_tool_calls", "forbidden_tool_calls", "tool_order",
                                                        "max_tool_calls")}  # fmt: skip
        try:
            checks = tool_checks_from_values(item)
        except SuiteImportError as exc:
            for problem in exc.problems:
                field = "forbidden_tool_calls" if problem.field.startswith("forbidden") else "expected_tool_calls"
                self.add_error(field if field in self.fields else None, f"{problem.field}: {problem.message}")
            return data
        if self.errors:
            return data
        checks.update({field: data.get(field) for field in ("required_phrases", "required_scope",
                                                            "forbidden_phrases", "forbidden_scope")})  # fmt: skip
        more = {field: data.get(field) for field in CASE_MORE_FIELDS if field != "later_turns"}
        more["later_turns"] = turns[1:]
        self.case = {"name": data.get("name") or "", "initial_message": turns[0], "expected_outcome":
                     data.get("expected_outcome") or "", "template_variables": variables, "checks": checks,
                     "more": more}  # fmt: skip
        try:
            case_values(**self.case)  # the editor's checks, all of them: nothing it refuses gets through here
        except ValidationError as exc:
            raise ValidationError(exc.messages) from None
        return data
