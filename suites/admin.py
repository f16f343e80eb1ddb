"""Django admin for suites. A version is never edited here either (docs/suites.md): saving a scenario, or the
scenarios of a suite, makes a new version through ``services.suite_revise``; rows of earlier versions and the
version rows are read-only, and a version that a run or a baseline refers to says so."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet
from django.http import HttpRequest

from evalsite.http import authenticated_user
from suites import selectors, services
from suites.models import ChangeProposal, Persona, Scenario, Suite, SuiteVersion

SCENARIO_FIELDS: list[Any] = ["position", "kind", "name", "turns", "expected_outcome", "correct_answer", "required_phrases",
                   "required_scope", "forbidden_phrases", "forbidden_scope", "expected_tool_call",
                   "expected_tool_calls", "tool_order", "forbidden_tool_calls", "max_tool_calls", "template_variables",
                   "severity", "owasp_tag", "uses_canary", "contacts_may_be_shared", "tool_results_leak", "persona", "max_turns",
                   "is_active", "stale_reason", "introduced_in", "retired_in"]  # fmt: skip
# What says which versions a row belongs to: written only by the services.
VERSION_FIELDS: list[Any] = ["position", "introduced_in", "retired_in"]


def _values(obj: Scenario) -> dict[str, Any]:
    return {field: getattr(obj, field) for field in services.REVISED_FIELDS}


def _versions_note(obj: Scenario) -> str:
    numbers = selectors.scenario_version_numbers(scenario=obj)
    span = f"v{numbers[0]}" + (f"–v{numbers[-1]}" if len(numbers) > 1 else "") if numbers else "none"
    uses = selectors.scenario_version_uses(scenario=obj)
    if obj.retired_in is not None:
        return f"{span}; retired in v{obj.retired_in}: read-only." + (f" {uses[-1].summary}." if uses else "")
    if uses:
        return f"{span}. {uses[-1].read_only_sentence(obj.suite.name)}"
    return f"{span}. Saving makes version {obj.suite.version + 1}."


class ScenarioAdminForm(forms.ModelForm):
    """A row a pending Check for changes pauses reads as on the suite page: inactive, with the check's reason (the
    row itself holds neither). Saved unchanged it changes nothing; an edit keeps the pause unless it lifts it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.is_paused:
            self.initial.update(is_active=False, stale_reason=self.instance.why_stale)


class ScenarioInline(admin.StackedInline):
    """The current version's scenarios: a save of the suite page makes the next version from the changes."""

    model = Scenario
    form = ScenarioAdminForm
    extra = 0
    ordering = ["position", "pk"]
    fields = SCENARIO_FIELDS
    readonly_fields = VERSION_FIELDS
    show_change_link = True
    verbose_name_plural = "scenarios of the current version (saving a change makes a new version)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        return selectors.scenarios_with_pause(super().get_queryset(request).filter(retired_in__isnull=True))


class RetiredScenarioInline(admin.TabularInline):
    """Rows of earlier versions only: read-only."""

    model = Scenario
    extra = 0
    fields = ["name", "kind", "introduced_in", "retired_in", "stale_reason"]
    readonly_fields = ["name", "kind", "introduced_in", "retired_in", "stale_reason"]
    can_delete = False
    show_change_link = True
    verbose_name_plural = "retired scenarios (earlier versions, read-only)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        return super().get_queryset(request).filter(retired_in__isnull=False).order_by("-retired_in", "position")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SuiteVersionInline(admin.TabularInline):
    model = SuiteVersion
    extra = 0
    fields = ["number", "note", "created_by", "created_at"]
    readonly_fields = ["number", "note", "created_by", "created_at"]
    can_delete = False
    ordering = ["-number"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Suite)
class SuiteAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "account", "agent", "version", "default_persona", "updated_at"]
    list_filter = ["kind", "account", "agent"]
    search_fields = ["name", "description", "policy_text"]
    list_select_related = ["account", "agent", "default_persona"]
    raw_id_fields = ["agent", "default_persona"]
    inlines = [ScenarioInline, RetiredScenarioInline, SuiteVersionInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # The version and the policy it was checked against belong to the version rows (changed by the services).
        return ["version", "policy_text"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: Suite, form: Any, change: bool) -> None:
        if not change:
            super().save_model(request, obj, form, change)
            SuiteVersion.objects.get_or_create(
                suite=obj,
                number=obj.version,
                defaults={"note": "Created in the admin", "created_by": authenticated_user(request)},
            )
            return
        before = Suite.objects.get(pk=obj.pk)
        services.suite_update(
            suite=before, name=obj.name, description=obj.description, agent=obj.agent,
            default_persona=obj.default_persona, max_turns=obj.max_turns, secret_markers=obj.secret_markers,
            user=request.user,
        )  # fmt: skip
        # The rest of the suite's own fields (kind, account, run profile) are not part of a version.
        Suite.objects.filter(pk=obj.pk).update(kind=obj.kind, account=obj.account, run_profile=obj.run_profile)
        obj.version = before.version

    def save_formset(self, request: HttpRequest, form: Any, formset: BaseInlineFormSet, change: bool) -> None:
        if formset.model is not Scenario or not change:
            super().save_formset(request, form, formset, change)
            return
        formset.save(commit=False)  # fills changed_objects, new_objects and deleted_objects; writes nothing
        suite = form.instance
        try:
            revision = services.suite_revise(
                suite=suite,
                user=request.user,
                note="Edited in the admin",
                edits={obj.pk: _values(obj) for obj, _ in formset.changed_objects},
                additions=[_values(obj) for obj in formset.new_objects],
                removals=[obj.pk for obj in formset.deleted_objects],
            )
        except services.SuiteError as exc:  # e.g. someone else made a new version meanwhile: nothing was written
            messages.error(request, f"The scenarios were not saved: {exc}")
            return
        if revision.version is not None:
            messages.info(
                request, f"Saved as version {revision.version.number}; version {revision.version.number - 1} is "
                "unchanged."
            )  # fmt: skip


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    """A current row: saving makes the suite's next version holding the edited copy. Retired rows: read-only."""

    form = ScenarioAdminForm
    list_display = ["name", "suite", "kind", "severity", "is_active", "runs", "position", "introduced_in", "retired_in"]
    list_filter = ["kind", "severity", "is_active", "suite__kind"]
    search_fields = ["name", "suite__name", "expected_outcome", "correct_answer"]
    list_select_related = ["suite"]
    raw_id_fields = ["suite"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        return selectors.scenarios_with_pause(super().get_queryset(request))  # the pause read in the same query

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[Any]:
        return ["suite", *SCENARIO_FIELDS, "pause", "versions"] if obj is not None else ["suite", *SCENARIO_FIELDS]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return ["suite", *VERSION_FIELDS, "pause", "versions"] if obj is not None else VERSION_FIELDS

    @admin.display(description="Runs", boolean=True)
    def runs(self, obj: Scenario) -> bool:
        return obj.runs

    @admin.display(description="Paused by a check")
    def pause(self, obj: Scenario) -> str:
        if not obj.is_paused:
            return "—"
        return f"{obj.pause_reason} (until the pending Check for changes is accepted or discarded)"

    @admin.display(description="Versions")
    def versions(self, obj: Scenario) -> str:
        return _versions_note(obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.retired_in is not None:
            return False  # only in earlier versions: nothing may change it
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a scenario leaves a suite by being retired in a new version (remove it from the suite page)

    def save_model(self, request: HttpRequest, obj: Scenario, form: Any, change: bool) -> None:
        suite = Suite.objects.get(pk=obj.suite_id)
        note = f"{'Edited' if change else 'Added'} “{obj.name}” in the admin"
        try:
            if change:
                revision = services.suite_revise(
                    suite=suite, user=request.user, note=note, edits={obj.pk: _values(obj)}
                )
                new = revision.edited.get(obj.pk)
            else:
                revision = services.suite_revise(suite=suite, user=request.user, note=note, additions=[_values(obj)])
                new = revision.added[0]
        except services.SuiteError as exc:  # e.g. the row was retired meanwhile: nothing was written
            messages.error(request, f"Not saved: {exc}")
            return
        if new is not None:
            obj.pk, obj.introduced_in, obj.retired_in = new.pk, new.introduced_in, new.retired_in
        if revision.version is not None:
            messages.info(
                request, f"“{suite.name}” is now version {revision.version.number}; earlier versions are unchanged."
            )


@admin.register(SuiteVersion)
class SuiteVersionAdmin(admin.ModelAdmin):
    """Version rows are written by the services only; here they are read (with what refers to each)."""

    list_display = ["suite", "number", "note", "created_by", "created_at", "used_by"]
    list_filter = ["suite__account"]
    search_fields = ["suite__name", "note", "policy_text"]
    list_select_related = ["suite", "created_by"]
    readonly_fields = ["suite", "number", "policy_text", "note", "created_by", "created_at", "used_by"]

    @admin.display(description="Used by")
    def used_by(self, obj: SuiteVersion) -> str:
        return selectors.suite_version_use(suite=obj.suite, number=obj.number).summary or "—"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Persona)
class PersonaAdmin(admin.ModelAdmin):
    list_display = ["name", "account", "created_at"]
    list_filter = ["account"]
    search_fields = ["name", "description"]


@admin.register(ChangeProposal)
class ChangeProposalAdmin(admin.ModelAdmin):
    list_display = ["suite", "base_version", "status", "model", "created_by", "created_at", "resulting_version"]
    list_filter = ["status", "model"]
    search_fields = ["suite__name", "summary"]
    list_select_related = ["suite", "created_by"]
    readonly_fields = ["suite", "base_version", "status", "stale", "replacements", "created_by", "decided_by",
                       "decided_at", "resulting_version"]  # fmt: skip
