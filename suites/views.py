"""Suite screens: "Use in CI" (the ready workflow and bash step of a saved suite), the suite list and detail,
the test-set editor (htmx inline editing of cases), Check for changes / Accept changes, YAML export and import,
Save as suite on a run, delete."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import account_for_new_object, balance_for_account, membership_get
from evalsite.http import HtmxHttpRequest
from evalsite.listing import list_page
from evaluations.launches.ci import (
    ci_client_snippet,
    ci_launch_preview,
    ci_script,
    ci_workflow,
    instance_url_warning,
)
from evaluations.runs.selectors import run_get_for_member
from suites import cases, changes, selectors, services
from suites.filters import SuiteFilter
from suites.forms import CaseForm, CheckForm, ImportForm, SaveAsSuiteForm, SuiteForm
from suites.imports.forms import CasesImportForm
from suites.models import Scenario, Suite, SuiteKind
from suites.yaml_io import SuiteImportError, import_suite_yaml, suite_to_yaml
from suites.yaml_io.export import tool_checks_to_yaml
from suites.yaml_io.promptfoo import suite_to_promptfoo


def _instance_url(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _workflow_options(request: HttpRequest) -> dict[str, bool]:
    """The workflow's extras, chosen on the page: the pull-request comment (on unless ``comment=0``) and the SARIF
    upload to code scanning (off unless ``sarif=1``); each adds the one permission it needs."""
    return {"comment": request.GET.get("comment", "1") != "0", "sarif": request.GET.get("sarif", "0") == "1"}


@require_GET
@login_required
def suite_use_in_ci(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    url, action, options = _instance_url(request), settings.TRUSTGATE_GITHUB_ACTION, _workflow_options(request)
    context = {
        "suite": suite,
        "ci_plan": ci_launch_preview(suite=suite),
        "balance": balance_for_account(account_id=suite.account_id),
        "instance_url": url,
        "url_warning": instance_url_warning(url),
        "options": options,
        "action": action,
        "script": ci_script(suite=suite, instance_url=url),
        "workflow": ci_workflow(suite=suite, instance_url=url, action=action, **options) if action else "",
        "client_snippet": ci_client_snippet(suite=suite, instance_url=url, action=action),
    }
    return render(request, "suites/use_in_ci.html", context)


@require_GET
@login_required
def suite_ci_script(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    response = HttpResponse(
        ci_script(suite=suite, instance_url=_instance_url(request)), content_type="text/x-shellscript"
    )
    response["Content-Disposition"] = 'attachment; filename="trustgate-gate.sh"'
    return response


@require_GET
@login_required
def suite_ci_workflow(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    action = settings.TRUSTGATE_GITHUB_ACTION
    if not action:
        return HttpResponse(NO_ACTION, status=404, content_type="text/plain; charset=utf-8")
    workflow = ci_workflow(
        suite=suite, instance_url=_instance_url(request), action=action, **_workflow_options(request)
    )
    response = HttpResponse(workflow, content_type="text/yaml")
    response["Content-Disposition"] = 'attachment; filename="trustgate.yml"'
    return response


NO_ACTION = (
    "This Trustgate does not name its GitHub Action yet: its operator sets TRUSTGATE_GITHUB_ACTION to "
    "owner/repo@<commit> of the Trustgate it runs (docs/ci.md). Meanwhile use the bash step or the client."
)


# Suites and test sets ----------------------------------------------------------------------------------------------


@require_GET
@login_required
def suite_list(request: HttpRequest) -> HttpResponse:
    suites = selectors.suite_list_for_user(user=request.user).order_by("name", "pk")
    return render(request, "suites/suite_list.html", list_page(request, SuiteFilter, suites))


def _persona_from_form(form: SuiteForm, account: Any) -> Any:
    data = form.cleaned_data
    if data["new_persona_name"].strip():
        return services.persona_get_or_create(
            account=account, name=data["new_persona_name"], description=data["new_persona_description"]
        )
    return data["default_persona"]


@require_http_methods(["GET", "POST"])
@login_required
def suite_create(request: HttpRequest) -> HttpResponse:
    """A new test set, written by hand as ordered cases."""
    account = account_for_new_object(user=request.user)
    form = SuiteForm(request.POST or None, account_id=account.pk, initial={"agent": request.GET.get("agent")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            suite = services.suite_create(
                account=account, name=data["name"], scenarios=[], agent=data["agent"], kind=SuiteKind.TEST_SET,
                description=data["description"], default_persona=_persona_from_form(form, account),
                max_turns=data["max_turns"], policy_text=data["agent"].knowledge if data["agent"] else "",
                secret_markers=data["secret_markers"].splitlines(), user=request.user,
            )  # fmt: skip
        except services.SuiteError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"Test set “{suite.name}” created. Add its cases below.")
            return redirect("suites:suite-detail", suite.pk)
    return render(request, "suites/suite_form.html", {"form": form})


def _roles(request: HttpRequest, suite: Suite) -> dict[str, bool]:
    """What the page offers; every write is checked again by its view."""
    membership = membership_get(user=request.user, account_id=suite.account_id)
    return {
        "can_write": membership.allows(Role.WRITE),
        "can_publish": membership.allows(Role.PUBLISH),
        "can_admin": membership.allows(Role.ADMIN),
    }


def _versions_context(suite: Suite) -> dict[str, Any]:
    """The Versions section: each version with what refers to it (a referenced version is read-only)."""
    uses = selectors.suite_version_uses(suite=suite)
    versions = list(suite.versions.select_related("created_by"))
    return {
        "versions": [(version, uses.get(version.number)) for version in versions],
        "retired": selectors.suite_retired_scenarios(suite=suite),
    }


def _detail_context(request: HttpRequest, suite: Suite, **extra: Any) -> dict[str, Any]:
    return {
        **_roles(request, suite),
        **_versions_context(suite),
        "suite": suite,
        "cases": selectors.suite_current_scenarios(suite=suite),
        "pending": selectors.proposal_pending(suite=suite),
        "case_form": CaseForm(),
        **extra,
    }


@require_GET
@login_required
def suite_detail(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    return render(request, "suites/suite_detail.html", _detail_context(request, suite))


@require_http_methods(["GET", "POST"])
@login_required
def suite_edit(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    initial = {"name": suite.name, "description": suite.description, "agent": suite.agent_id,
               "default_persona": suite.default_persona_id, "max_turns": suite.max_turns,
               "secret_markers": suite.secret_markers}  # fmt: skip
    form = SuiteForm(request.POST or None, account_id=suite.account_id, suite_id=suite.pk, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.suite_update(
                suite=suite, name=data["name"], description=data["description"], agent=data["agent"],
                default_persona=_persona_from_form(form, suite.account), max_turns=data["max_turns"],
                secret_markers=data["secret_markers"], user=request.user,
            )  # fmt: skip
        except services.SuiteError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(request, f"“{suite.name}” saved.")
            return redirect("suites:suite-detail", suite.pk)
    return render(request, "suites/suite_form.html", {"form": form, "suite": suite})


@require_POST
@login_required
def suite_delete(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.ADMIN)
    services.suite_delete(suite=suite, user=request.user)
    messages.success(request, f"“{suite.name}” deleted. Its past runs and their results are kept.")
    return redirect("suites:suite-list")


# Test-set cases (htmx: each fragment renders its own root element with a stable id) ----------------------------------


def _case_list(request: HtmxHttpRequest, suite: Suite, *, case_form: CaseForm | None = None) -> HttpResponse:
    if not request.htmx:
        return redirect("suites:suite-detail", suite.pk)
    cases = list(selectors.suite_current_scenarios(suite=suite))
    context = {
        **_roles(request, suite),
        **_versions_context(suite),
        "versions_oob": True,
        "suite": suite,
        "cases": cases,
        "active_scenarios": sum(1 for case in cases if case.runs),  # the page's count follows (out of band)
        "case_form": case_form or CaseForm(),
    }
    return render(request, "suites/partials/case_list.html", context)


@require_POST
@login_required
def case_create(request: HtmxHttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    form = CaseForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            cases.case_create(
                suite=suite, name=data["name"], initial_message=data["initial_message"],
                expected_outcome=data["expected_outcome"], template_variables=data["template_variables"],
                checks=data["checks"], more=data["more"], user=request.user,
            )  # fmt: skip
        except services.SuiteError as exc:
            form.add_error(None, str(exc))
        else:
            return _case_list(request, suite)
    if not request.htmx:
        return render(request, "suites/suite_detail.html", _detail_context(request, suite, case_form=form), status=400)
    return _case_list(request, suite, case_form=form)


@require_GET
@login_required
def case_row(request: HttpRequest, suite_id: int, case_id: int) -> HttpResponse:
    """One case, read-only (the editor's Cancel)."""
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    case = selectors.case_get(suite=suite, case_id=case_id)
    return render(request, "suites/partials/case_row.html", {**_roles(request, suite), "suite": suite, "case": case})


def _case_form_initial(case: Scenario) -> dict[str, Any]:
    return {
        "name": case.name, "initial_message": case.initial_message, "expected_outcome": case.expected_outcome,
        "required_phrases": "\n".join(case.required_phrases or []), "required_scope": case.required_scope,
        "forbidden_phrases": "\n".join(case.forbidden_phrases or []), "forbidden_scope": case.forbidden_scope,
        "tool_checks": tool_checks_to_yaml(case), "later_turns": "\n---\n".join(case.turns[1:]),
        **{name: getattr(case, name) for name in CaseForm.MORE_FIELDS if name != "later_turns"},
        "is_active": case.is_active and not case.is_paused, "stale_reason": case.why_stale,  # as the page shows it
    }  # fmt: skip


@require_http_methods(["GET", "POST"])
@login_required
def case_edit(request: HtmxHttpRequest, suite_id: int, case_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    case = selectors.case_get(suite=suite, case_id=case_id)
    form = CaseForm(request.POST or None, initial=_case_form_initial(case), prefix_id=str(case.pk))
    if not form.is_bound:
        form.variables = [list(pair) for pair in case.template_variables or []]
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            case = cases.case_update(
                case=case, name=data["name"], initial_message=data["initial_message"],
                expected_outcome=data["expected_outcome"], template_variables=data["template_variables"],
                checks=data["checks"], more=data["more"], user=request.user,
            )  # fmt: skip
        except services.SuiteError as exc:
            form.add_error(None, str(exc))
        else:
            if not request.htmx:
                messages.success(request, f"“{case.name}” saved: “{suite.name}” is now version {suite.version}.")
                return redirect("suites:suite-detail", suite.pk)
            context = {**_roles(request, suite), **_versions_context(suite), "suite": suite, "case": case}
            return render(request, "suites/partials/case_row.html", {**context, "row_versions_oob": True})
    template = "suites/partials/case_form.html" if request.htmx else "suites/case_edit.html"
    return render(request, template, {"suite": suite, "case": case, "form": form}, status=400 if form.errors else 200)


@require_POST
@login_required
def case_move(request: HtmxHttpRequest, suite_id: int, case_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    case = selectors.case_get(suite=suite, case_id=case_id)
    try:
        cases.case_move(case=case, direction=request.POST.get("direction", ""), user=request.user)
    except ValidationError as exc:
        return HttpResponse(exc.messages[0], status=400)
    return _case_list(request, suite)


@require_POST
@login_required
def case_delete(request: HtmxHttpRequest, suite_id: int, case_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    case = selectors.case_get(suite=suite, case_id=case_id)
    cases.case_delete(case=case, user=request.user)
    return _case_list(request, suite)


@require_GET
@login_required
def variable_row(request: HttpRequest) -> HttpResponse:
    """One empty key/value row for a case's template variables (htmx "Add a variable")."""
    return render(request, "suites/partials/variable_row.html", {"key": "", "value": ""})


# Check for changes / Accept changes ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@login_required
def suite_check(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    form = CheckForm(request.POST or None, initial={"new_policy": suite.policy_text})
    if request.method == "POST" and form.is_valid():
        try:
            proposal = changes.check_for_changes(
                suite=suite, new_policy=form.cleaned_data["new_policy"], model=form.cleaned_data["model"],
                user=request.user,
            )  # fmt: skip
        except changes.ChangeCheckError as exc:
            form.add_error(None, f"{exc.message} Nothing in the suite was changed.")
        else:
            return redirect("suites:suite-changes", suite.pk, proposal.pk)
    status = 400 if form.errors else 200
    return render(request, "suites/suite_check.html", {"suite": suite, "form": form}, status=status)


@require_GET
@login_required
def suite_changes(request: HttpRequest, suite_id: int, proposal_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    proposal = selectors.proposal_get(suite=suite, proposal_id=proposal_id)
    return render(request, "suites/suite_changes.html", {"suite": suite, "proposal": proposal})


@require_POST
@login_required
def changes_accept(request: HttpRequest, suite_id: int, proposal_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.PUBLISH)
    proposal = selectors.proposal_get(suite=suite, proposal_id=proposal_id)
    try:
        version = changes.accept_changes(suite=suite, proposal_id=proposal.pk, user=request.user)
    except changes.ChangeError as exc:
        messages.error(request, str(exc))
        return redirect("suites:suite-changes", suite.pk, proposal.pk)
    messages.success(request, f"Changes accepted: “{suite.name}” is now version {version.number}.")
    return redirect("suites:suite-detail", suite.pk)


@require_POST
@login_required
def changes_discard(request: HttpRequest, suite_id: int, proposal_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_member(user=request.user, suite_id=suite_id, role=Role.WRITE)
    proposal = selectors.proposal_get(suite=suite, proposal_id=proposal_id)
    try:
        changes.discard_changes(suite=suite, proposal_id=proposal.pk, user=request.user)
    except changes.ChangeError as exc:
        messages.error(request, str(exc))
        return redirect("suites:suite-changes", suite.pk, proposal.pk)
    messages.success(request, "Proposal discarded: the scenarios it flagged run again.")
    return redirect("suites:suite-detail", suite.pk)


# YAML, Save as suite ------------------------------------------------------------------------------------------------


@require_GET
@login_required
def suite_export(request: HttpRequest, suite_id: int) -> HttpResponse:
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    response = HttpResponse(suite_to_yaml(suite), content_type="application/yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="trustgate-suite-{suite.pk}-v{suite.version}.yaml"'
    return response


@require_GET
@login_required
def suite_export_promptfoo(request: HttpRequest, suite_id: int) -> HttpResponse:
    """The suite as a promptfoo test file (docs/imports.md, Export to promptfoo)."""
    suite = selectors.suite_get_for_user(user=request.user, suite_id=suite_id)
    response = HttpResponse(suite_to_promptfoo(suite), content_type="application/yaml; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="promptfoo-tests-{suite.pk}-v{suite.version}.yaml"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def suite_import(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    form = ImportForm(request.POST or None, request.FILES or None)
    problems: list[Any] = []
    if request.method == "POST" and form.is_valid():
        try:
            result = import_suite_yaml(form.cleaned_data["yaml_text"], account=account, user=request.user)
        except SuiteImportError as exc:
            problems = exc.problems
            form = ImportForm({"yaml_text": form.cleaned_data["yaml_text"]})  # an uploaded file's text, to fix in place
        else:
            verb = {"created": "imported", "updated": "updated", "unchanged": "already up to date; nothing changed"}
            messages.success(request, f"“{result.suite.name}” v{result.suite.version} {verb[result.action]}.")
            return redirect("suites:suite-detail", result.suite.pk)
    status = 400 if problems or form.errors else 200
    cases_form = CasesImportForm(suites=selectors.suite_list_for_user(user=request.user))  # docs/imports.md
    context = {"form": form, "problems": problems, "cases_form": cases_form}
    return render(request, "suites/suite_import.html", context, status=status)


@require_POST
@login_required
def suite_save_from_run(request: HttpRequest, run_id: int) -> HttpResponse:
    run = run_get_for_member(user=request.user, run_id=run_id, role=Role.WRITE)
    form = SaveAsSuiteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the suite a name.")
        return redirect("evaluations:run-report", run.pk)
    try:
        suite = services.suite_save_from_run(run=run, name=form.cleaned_data["name"], user=request.user)
    except services.SuiteError as exc:
        messages.error(request, str(exc))
        return redirect("evaluations:run-report", run.pk)
    messages.success(request, f"Saved as suite “{suite.name}” (version 1, {suite.scenarios.count()} scenarios).")
    return redirect("suites:suite-detail", suite.pk)
