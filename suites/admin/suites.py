"""Suites in Django admin (docs/suites.md, Django admin): a page that stays short at any size (the current
version's scenarios as one-line summaries, folded, each opening its editor), and one-click actions: export and
import YAML, duplicate, retire or reactivate scenarios, run. Every write goes through the suites services."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.template.defaultfilters import pluralize
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from billing.audit import audit_events_about, audit_events_html
from billing.models import Account
from billing.selectors import membership_exists
from evalsite.http import authenticated_user
from suites import services
from suites.admin.scenarios import checks_summary
from suites.forms import ImportForm, clean_secret_markers, clean_suite_name, clean_turn_limit
from suites.models import Scenario, Suite, SuiteVersion
from suites.selectors import scenarios_with_pause, suite_version_uses
from suites.yaml_io import SuiteImportError, import_suite_yaml, suite_to_yaml


class ScenarioSummaryInline(admin.TabularInline):
    """The current version's scenarios, one line each and folded: each opens its own editor (a save there makes
    the next version)."""

    model = Scenario
    extra = 0
    fields = ["position", "kind", "scenario", "checks", "runs"]
    readonly_fields = ["position", "kind", "scenario", "checks", "runs"]
    can_delete = False
    classes = ["collapse", "one-line-rows"]  # the name links to the editor: no second line per row
    verbose_name = "scenario of the current version"
    verbose_name_plural = "scenarios of the current version (open one to edit it: saving makes a new version)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        rows = super().get_queryset(request).filter(retired_in__isnull=True).order_by("position", "pk")
        return scenarios_with_pause(rows)

    @admin.display(description="Scenario")
    def scenario(self, obj: Scenario) -> str:
        return format_html('<a href="{}">{}</a>', reverse("admin:suites_scenario_change", args=[obj.pk]), obj.name)

    @admin.display(description="Checks")
    def checks(self, obj: Scenario) -> str:
        return checks_summary(obj)

    @admin.display(description="Runs", boolean=True)
    def runs(self, obj: Scenario) -> bool:
        return obj.runs

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RetiredScenarioInline(ScenarioSummaryInline):
    """Rows of earlier versions only: read-only."""

    fields = ["scenario", "kind", "introduced_in", "retired_in", "stale_reason"]
    readonly_fields = ["scenario", "kind", "introduced_in", "retired_in", "stale_reason"]
    verbose_name = "retired scenario"
    verbose_name_plural = "retired scenarios (earlier versions, read-only)"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Scenario]:
        rows = super(ScenarioSummaryInline, self).get_queryset(request)
        return rows.filter(retired_in__isnull=False).order_by("-retired_in", "position")


class SuiteVersionInline(admin.TabularInline):
    model = SuiteVersion
    extra = 0
    fields = ["number", "note", "created_by", "created_at"]
    readonly_fields = ["number", "note", "created_by", "created_at"]
    can_delete = False
    ordering = ["-number"]
    classes = ["collapse"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SuiteAdminForm(forms.ModelForm):
    """The suite's settings with the suite page's checks and sentences."""

    class Meta:
        model = Suite
        fields = "__all__"

    def clean_name(self) -> str:
        account = self.cleaned_data.get("account") or getattr(self.instance, "account", None)
        return clean_suite_name(self.cleaned_data["name"], account_id=account.pk if account else 0,
                                suite_id=self.instance.pk)  # fmt: skip

    def clean_secret_markers(self) -> str:
        return clean_secret_markers(self.cleaned_data.get("secret_markers") or "")

    def clean_max_turns(self) -> int:
        return clean_turn_limit(self.cleaned_data["max_turns"])

    def validate_unique(self) -> None:
        pass  # the name is checked above, with the suite page's sentence


@admin.register(Suite)
class SuiteAdmin(admin.ModelAdmin):
    form = SuiteAdminForm
    list_display = ["name", "kind", "account", "agent", "version", "default_persona", "updated_at"]
    list_filter = ["kind", "account", "agent"]
    search_fields = ["name", "description", "policy_text"]
    list_select_related = ["account", "agent", "default_persona"]
    raw_id_fields = ["agent", "default_persona"]
    inlines = [ScenarioSummaryInline, RetiredScenarioInline, SuiteVersionInline]
    actions = ["export_yaml", "duplicate", "run"]
    change_list_template = "admin/suites/suite/change_list.html"
    change_form_template = "admin/suites/suite/change_form.html"

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = ["account", "kind", "name", "description", "agent", "default_persona", "max_turns", "secret_markers"]
        extra = ["launch_settings", "version", "read_only_versions", "policy_text", "scenario_links", "audit_trail"]
        return [*fields, *extra] if obj is not None else fields

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        # The version and the policy it was checked against belong to the version rows (changed by the services).
        shown = ["launch_settings", "version", "read_only_versions", "policy_text", "scenario_links", "audit_trail"]
        return shown if obj is not None else []

    @admin.display(description="Launch settings")
    def launch_settings(self, obj: Suite) -> str:
        """The run profile, read-only: it is set on the launch page or when a run of the suite is pinned."""
        if not obj.run_profile:
            return "None yet: set on the launch page (Make these settings the suite's run profile) or by a pin."
        lines = []
        for key, value in obj.run_profile.items():
            shown = "\n".join(str(item) for item in value) if isinstance(value, list) else str(value)
            lines.append((key.replace("_", " ").capitalize(), shown or "—"))
        return format_html_join("", '<p><strong>{}</strong>: <span class="lines">{}</span></p>', lines)

    @admin.display(description="Scenarios")
    def scenario_links(self, obj: Suite) -> str:
        listing = reverse("admin:suites_scenario_changelist") + f"?suite__id__exact={obj.pk}&current=yes"
        add = reverse("admin:suites_scenario_add") + f"?suite={obj.pk}"
        count = obj.scenarios.filter(retired_in__isnull=True).count()
        return format_html('<a href="{}">The {} scenario{} of version {}</a> (50 a page, with the Retire and '
                           'Reactivate actions) · <a href="{}">Add a scenario</a>', listing, count, pluralize(count), obj.version,
                           add)  # fmt: skip

    @admin.display(description="Read-only versions")
    def read_only_versions(self, obj: Suite) -> str:
        """The versions a run ran or a baseline pins, and why they stay as they are."""
        uses = suite_version_uses(suite=obj)
        if not uses:
            return "None: no run has used this suite yet. Saving a scenario still makes a new version."
        return format_html_join(
            " ", "<span>{}</span>", ((use.read_only_sentence(obj.name),) for use in reversed(uses.values()))
        )

    @admin.display(description="Audit trail")
    def audit_trail(self, obj: Suite) -> str:
        events = audit_events_about(account_id=obj.account_id, prefixes=(f"suite “{obj.name}”",))
        return audit_events_html(events)

    def save_model(self, request: HttpRequest, obj: Suite, form: Any, change: bool) -> None:
        if not change:
            created = services.suite_create(
                account=obj.account, name=obj.name, scenarios=[], agent=obj.agent, description=obj.description,
                kind=obj.kind, default_persona=obj.default_persona, max_turns=obj.max_turns,
                secret_markers=obj.secret_marker_list, user=authenticated_user(request), note="Created in the admin",
            )  # fmt: skip
            obj.pk, obj.version = created.pk, created.version
            return
        before = Suite.objects.get(pk=obj.pk)
        services.suite_update(
            suite=before, name=obj.name, description=obj.description, agent=obj.agent,
            default_persona=obj.default_persona, max_turns=obj.max_turns, secret_markers=obj.secret_markers,
            user=request.user,
        )  # fmt: skip
        # The rest of the suite's own fields (kind, account) are not part of a version.
        Suite.objects.filter(pk=obj.pk).update(kind=obj.kind, account=obj.account)
        obj.version = before.version

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> Any:
        """A suite's scenarios and versions go with it (they cannot be deleted on their own)."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        own = {str(model._meta.verbose_name) for model in (Scenario, SuiteVersion)}
        return deleted, counts, {name for name in perms_needed if name not in own}, protected

    def delete_model(self, request: HttpRequest, obj: Suite) -> None:
        services.suite_delete(suite=obj, user=authenticated_user(request))  # past runs are kept; audited

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Suite]) -> None:
        for suite in queryset:
            services.suite_delete(suite=suite, user=authenticated_user(request))

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path("import/", self.admin_site.admin_view(self.import_view), name="suites_suite_import"),
            *(
                path(
                    f"<int:suite_id>/{tool}/",
                    self.admin_site.admin_view(self.tool_view),
                    {"tool": tool},
                    name=f"suites_suite_{tool}",
                )
                for tool in ("export", "duplicate", "run")
            ),
        ]
        return extra + super().get_urls()

    def tool_view(self, request: HttpRequest, suite_id: int, tool: str) -> HttpResponse:
        """The suite page's buttons: the actions on this one suite, one click each (a write only by POST)."""
        suite = self.get_object(request, str(suite_id))
        if suite is None:
            raise Http404("No such suite.")
        if not self.has_view_permission(request, suite) or (tool != "export" and not self.has_add_permission(request)):
            raise PermissionDenied
        one = Suite.objects.filter(pk=suite.pk)
        back = HttpResponseRedirect(reverse("admin:suites_suite_change", args=[suite.pk]))
        if tool == "export":
            return self.export_yaml(request, one)
        if tool == "run":
            return self.run(request, one) or back
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        copies = self.duplicate(request, one)
        return HttpResponseRedirect(reverse("admin:suites_suite_change", args=[copies[0].pk]))

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Import YAML into a workspace: the same import as the suites page and the command (docs/suites.md)."""
        if not self.has_add_permission(request):
            return HttpResponse("You may not add suites.", status=403)
        form = AdminImportForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            try:
                result = import_suite_yaml(form.cleaned_data["yaml_text"], account=form.cleaned_data["account"],
                                           user=authenticated_user(request))  # fmt: skip
            except SuiteImportError as exc:
                for problem in exc.problems:
                    form.add_error(None, str(problem))
            else:
                self.message_user(request, f"“{result.suite.name}” {result.action} (version {result.suite.version}).",
                                  messages.SUCCESS)  # fmt: skip
                return HttpResponseRedirect(reverse("admin:suites_suite_change", args=[result.suite.pk]))
        context = {**self.admin_site.each_context(request), "title": "Import a suite from YAML", "form": form,
                   "opts": self.model._meta}  # fmt: skip
        return TemplateResponse(request, "admin/suites/suite/import.html", context)

    @admin.action(description="Export the selected suites as YAML")
    def export_yaml(self, request: HttpRequest, queryset: QuerySet[Suite]) -> HttpResponse:
        """One suite: its .yaml file; several: a .zip with one file each (each imports on its own)."""
        suites = list(queryset.select_related("agent", "default_persona"))
        if len(suites) == 1:
            response = HttpResponse(suite_to_yaml(suites[0]), content_type="application/yaml; charset=utf-8")
            response["Content-Disposition"] = f'attachment; filename="{_file_name(suites[0])}"'
            return response
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for suite in suites:
                archive.writestr(_file_name(suite), suite_to_yaml(suite))
        response = HttpResponse(buffer.getvalue(), content_type="application/zip")
        response["Content-Disposition"] = 'attachment; filename="suites.zip"'
        return response

    @admin.action(description="Duplicate the selected suites")
    def duplicate(self, request: HttpRequest, queryset: QuerySet[Suite]) -> list[Suite]:
        copies = [services.suite_duplicate(suite=suite, user=authenticated_user(request)) for suite in queryset]
        names = ", ".join(f"“{copy.name}”" for copy in copies)
        self.message_user(request, f"Made {names}, each at version 1.", messages.SUCCESS)
        return copies

    @admin.action(description="Run the selected suite against its agent")
    def run(self, request: HttpRequest, queryset: QuerySet[Suite]) -> HttpResponse | None:
        """Opens the launch page for the suite and its agent: the estimate, then Launch (the launch service)."""
        suites = list(queryset[:2])
        if len(suites) != 1:
            self.message_user(request, "Select one suite to run.", messages.WARNING)
            return None
        suite = suites[0]
        if suite.agent_id is None:
            self.message_user(request, f"“{suite.name}” has no agent: choose one on its page first.", messages.ERROR)
            return None
        if not membership_exists(user_id=authenticated_user(request).pk, account_id=suite.account_id):
            self.message_user(request, f"Runs are launched by members of “{suite.account}”, who pay for them: join "
                              "the workspace (Accounts, Memberships) to run this suite.", messages.ERROR)  # fmt: skip
            return None
        return HttpResponseRedirect(reverse("evaluations:run-new") + f"?agent={suite.agent_id}&suite={suite.pk}")


def _file_name(suite: Suite) -> str:
    return f"{slugify(suite.name) or 'suite'}-v{suite.version}.yaml"


class AdminImportForm(ImportForm):
    """The suites page's import form, with the workspace to import into."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["account"] = forms.ModelChoiceField(queryset=Account.objects.order_by("name"), label="Workspace")
        self.order_fields(["account", "yaml_text", "yaml_file"])
