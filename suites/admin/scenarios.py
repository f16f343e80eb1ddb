"""Scenarios in Django admin (docs/suites.md, Django admin). A version is never edited here either: saving a
scenario goes through the test-set editor's services (``suites.cases``), so it makes the suite's next version
with the same checks and sentences; rows of earlier versions are read-only, and a version that a run or a
baseline refers to says so."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from evalsite.http import authenticated_user
from suites import cases, selectors, services
from suites.admin.forms import ScenarioAdminForm
from suites.admin.toolcalls import matcher_text
from suites.models import Scenario, Suite

CHECK_FIELDS = ["required_phrases", "required_scope", "forbidden_phrases", "forbidden_scope", "expected_tool_calls",
                "tool_order", "forbidden_tool_calls", "max_tool_calls"]  # fmt: skip
MORE_FIELDS = ["severity", "owasp_tag", "uses_canary", "contacts_may_be_shared", "tool_results_leak", "persona",
               "max_turns", "attack_id", "is_active", "stale_reason"]  # fmt: skip
# What says which versions a row belongs to: written only by the services.
VERSION_FIELDS = ["position", "introduced_in", "retired_in"]


def versions_note(obj: Scenario) -> str:
    """Which versions hold the row, whether one of them is referenced, and what saving does."""
    numbers = selectors.scenario_version_numbers(scenario=obj)
    span = f"v{numbers[0]}" + (f"–v{numbers[-1]}" if len(numbers) > 1 else "") if numbers else "none"
    uses = selectors.scenario_version_uses(scenario=obj)
    if obj.retired_in is not None:
        return f"{span}; retired in v{obj.retired_in}: read-only." + (f" {uses[-1].summary}." if uses else "")
    if uses:
        return f"{span}. {uses[-1].read_only_sentence(obj.suite.name)}"
    return f"{span}. Saving makes version {obj.suite.version + 1}."


def checks_summary(obj: Scenario) -> str:
    """One line: the checks a scenario has ("2 required phrases · calls lookup_order · must not call x")."""
    parts = []
    if obj.required_phrases:
        parts.append(f"{len(obj.required_phrases)} required phrase{'s' if len(obj.required_phrases) != 1 else ''}")
    if obj.forbidden_phrases:
        parts.append(f"{len(obj.forbidden_phrases)} forbidden phrase{'s' if len(obj.forbidden_phrases) != 1 else ''}")
    if obj.expected_calls:
        parts.append("calls " + ", ".join(call["name"] for call in obj.expected_calls))
    if obj.forbidden_tool_calls:
        parts.append("must not call " + ", ".join(call["name"] for call in obj.forbidden_tool_calls))
    if obj.max_tool_calls is not None:
        parts.append(f"at most {obj.max_tool_calls} calls")
    return " · ".join(parts) or ("judged on its expected outcome" if obj.expected_outcome else "quality only")


class CurrentFilter(admin.SimpleListFilter):
    title = "version"
    parameter_name = "current"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "In the current version"), ("no", "Retired (earlier versions)")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> QuerySet[Scenario]:
        if self.value() == "yes":
            return queryset.filter(retired_in__isnull=True)
        if self.value() == "no":
            return queryset.filter(retired_in__isnull=False)
        return queryset


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    """A current row: saving makes the suite's next version holding the edited copy. Retired rows: read-only."""

    form = ScenarioAdminForm
    list_display = ["name", "suite", "kind", "checks", "severity", "runs", "position", "introduced_in", "retired_in"]
    list_filter = [CurrentFilter, ("suite", admin.RelatedOnlyFieldListFilter), "kind", "severity", "is_active"]
    search_fields = ["name", "suite__name", "expected_outcome", "correct_answer"]
    list_select_related = ["suite"]
    list_per_page = 50
    raw_id_fields = ["suite"]
    ordering = ["suite", "position", "pk"]
    actions = ["retire", "reactivate"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        return selectors.scenarios_with_pause(super().get_queryset(request))  # the pause read in the same query

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        head = ["suite", "name", "kind", "turns", "expected_outcome", "correct_answer"]
        checks, variables = CHECK_FIELDS, ["template_variables"]
        if obj is not None and not self.has_change_permission(request, obj):  # read as text, not as stored JSON
            head = ["suite", "name", "kind", "turns_shown", "expected_outcome", "correct_answer"]
            checks = ["phrases_shown", "required_scope", "forbidden_scope", "calls_shown", "tool_order",
                      "max_tool_calls"]  # fmt: skip
            variables = ["variables_shown"]
        fieldsets: list[Any] = [
            (None, {"fields": head}),
            ("Checks", {"fields": checks}),
            ("Template variables", {"fields": variables}),
            ("More fields", {"fields": MORE_FIELDS, "classes": ["collapse"]}),
        ]
        if obj is not None:
            fieldsets.append(("Versions", {"fields": [*VERSION_FIELDS, "pause", "versions"]}))
        return fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["suite", *VERSION_FIELDS, "pause", "versions"] if obj is not None else VERSION_FIELDS

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        return {**super().get_changeform_initial_data(request), "turns": []}

    @admin.display(description="Turns")
    def turns_shown(self, obj: Scenario) -> str:
        return format_html("<ol>{}</ol>", format_html_join("", "<li>{}</li>", ((turn,) for turn in obj.turns)))

    @admin.display(description="Phrases")
    def phrases_shown(self, obj: Scenario) -> str:
        required = "; ".join(obj.required_phrases or []) or "—"
        forbidden = "; ".join(obj.forbidden_phrases or []) or "—"
        return format_html("Required: {}<br>Forbidden: {}", required, forbidden)

    @admin.display(description="Tool calls")
    def calls_shown(self, obj: Scenario) -> str:
        def call_text(call: dict[str, Any]) -> str:
            arguments = ", ".join(
                f"{arg} {matcher_text(m)}" for arg, m in sorted((call.get("arguments") or {}).items())
            )
            return f"{call['name']}({arguments})"

        expected = "; ".join(call_text(call) for call in obj.expected_calls) or "—"
        forbidden = "; ".join(call_text(call) for call in obj.forbidden_tool_calls or []) or "—"
        return format_html("Expected: {}<br>Must not call: {}", expected, forbidden)

    @admin.display(description="Template variables")
    def variables_shown(self, obj: Scenario) -> str:
        return "; ".join(f"{key} = {value}" for key, value in obj.template_variables or []) or "—"

    @admin.display(description="Runs", boolean=True)
    def runs(self, obj: Scenario) -> bool:
        return obj.runs

    @admin.display(description="Checks")
    def checks(self, obj: Scenario) -> str:
        return checks_summary(obj)

    @admin.display(description="Paused by a check")
    def pause(self, obj: Scenario) -> str:
        if not obj.is_paused:
            return "—"
        return f"{obj.pause_reason} (until the pending Check for changes is accepted or discarded)"

    @admin.display(description="Versions")
    def versions(self, obj: Scenario) -> str:
        note = versions_note(obj)
        if obj.retired_in is None:
            return note
        current = reverse("admin:suites_scenario_changelist") + f"?suite__id__exact={obj.suite_id}&current=yes"
        return format_html('{} <a href="{}">Edit the current version’s scenarios</a> to make a new version.', note,
                           current)  # fmt: skip

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.retired_in is not None:
            return False  # only in earlier versions: nothing may change it
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a scenario leaves a suite by being retired in a new version (the Retire action)

    def save_model(self, request: HttpRequest, obj: Scenario, form: Any, change: bool) -> None:
        user = authenticated_user(request)
        try:
            if change:
                before = selectors.scenarios_with_pause(Scenario.objects.filter(pk=obj.pk)).get()
                new = cases.case_update(case=before, user=user, **form.case)
                saved = new.pk != before.pk
            else:
                new = cases.case_create(suite=Suite.objects.get(pk=obj.suite_id), user=user, **form.case)
                saved = True
        except (services.SuiteError, ValidationError) as exc:  # e.g. a new version meanwhile: nothing was written
            request._admin_refused = True  # type: ignore[attr-defined]
            text = exc.messages[0] if isinstance(exc, ValidationError) else str(exc)
            messages.error(request, f"Not saved: {text}")
            return
        obj.pk, obj.introduced_in, obj.retired_in = new.pk, new.introduced_in, new.retired_in
        suite = Suite.objects.get(pk=new.suite_id)
        if saved:
            messages.info(request, f"“{suite.name}” is now version {suite.version}; earlier versions are unchanged.")
        else:
            messages.info(request, "Nothing changed, so no new version was made.")

    def log_change(self, request: HttpRequest, obj: Any, message: Any) -> Any:
        return None if getattr(request, "_admin_refused", False) else super().log_change(request, obj, message)

    def response_change(self, request: HttpRequest, obj: Scenario) -> HttpResponse:
        if getattr(request, "_admin_refused", False):
            return HttpResponseRedirect(request.path)
        if "_continue" in request.POST:  # the edited copy is a new row: continue on its page
            return HttpResponseRedirect(reverse("admin:suites_scenario_change", args=[obj.pk]))
        return super().response_change(request, obj)

    def response_add(self, request: HttpRequest, obj: Scenario, post_url_continue: str | None = None) -> HttpResponse:
        if getattr(request, "_admin_refused", False):
            return HttpResponseRedirect(request.get_full_path())
        return super().response_add(request, obj, post_url_continue)

    @admin.action(description="Retire the selected scenarios (a new version without them)")
    def retire(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> None:
        try:
            versions = services.scenarios_retire(scenarios=list(queryset), user=authenticated_user(request))
        except services.SuiteError as exc:
            self.message_user(request, f"Nothing was retired: {exc}", messages.ERROR)
            return
        made = ", ".join(str(version) for version in versions)
        self.message_user(request, f"Retired; made {made}. Earlier versions keep them.", messages.SUCCESS)

    @admin.action(description="Reactivate the selected scenarios (a new version in which they run)")
    def reactivate(self, request: HttpRequest, queryset: QuerySet[Scenario]) -> None:
        try:
            versions = services.scenarios_reactivate(scenarios=list(queryset), user=authenticated_user(request))
        except services.SuiteError as exc:
            self.message_user(request, f"Nothing was reactivated: {exc}", messages.ERROR)
            return
        if not versions:
            self.message_user(request, "They run already; nothing changed.", messages.INFO)
            return
        made = ", ".join(str(version) for version in versions)
        self.message_user(request, f"Reactivated; made {made}.", messages.SUCCESS)
