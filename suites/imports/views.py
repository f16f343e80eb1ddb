"""The import page's cases section (docs/imports.md, On the web): Preview (an htmx fragment; a whole page without
JavaScript) and Import, which writes every previewed case or none."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from billing.roles import Role
from billing.selectors import account_for_new_object
from evalsite.http import HtmxHttpRequest
from suites.forms import ImportForm
from suites.imports.forms import MAPPING_CHOICES, CasesImportForm
from suites.imports.preview import Preview
from suites.imports.services import ImportRefused, suite_import_cases, suite_import_preview
from suites.selectors import suite_get_for_member, suite_list_for_user

SHOWN_CASES = 50


def _page(request: HtmxHttpRequest, form: CasesImportForm, preview: Preview | None, error: str = "") -> HttpResponse:
    context: dict[str, Any] = {
        "cases_form": form, "preview": preview, "error": error, "mapping_choices": MAPPING_CHOICES,
        "shown": preview.cases[:SHOWN_CASES] if preview else [], "form": ImportForm(), "problems": [],
    }  # fmt: skip
    status = 400 if error or form.errors else 200
    if request.htmx:
        return render(request, "suites/partials/import_preview.html", context, status=status)
    return render(request, "suites/suite_import.html", context, status=status)


def _form(request: HtmxHttpRequest) -> CasesImportForm:
    return CasesImportForm(request.POST, request.FILES, suites=suite_list_for_user(user=request.user))


@require_POST
@login_required
def cases_import_preview(request: HtmxHttpRequest) -> HttpResponse:
    account_for_new_object(user=request.user)  # 403 with a sentence for a member who cannot write
    form = _form(request)
    if not form.is_valid():
        return _page(request, form, None)
    data = form.cleaned_data
    preview = suite_import_preview(
        data["upload"].read(), source_format=data["source_format"], filename=data["upload"].name,
        mapping=form.mapping(), suite=data["suite"],
    )  # fmt: skip
    return _page(request, form, preview)


@require_POST
@login_required
def cases_import(request: HtmxHttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    form = _form(request)
    if not form.is_valid():
        return _page(request, form, None)
    if problem := form.target_problem():
        return _page(request, form, None, error=problem)
    data = form.cleaned_data
    suite = data["suite"]
    if suite is not None:
        suite = suite_get_for_member(user=request.user, suite_id=suite.pk, role=Role.WRITE)
    try:
        done = suite_import_cases(
            data["upload"].read(), account=account, source_format=data["source_format"],
            filename=data["upload"].name, mapping=form.mapping(), suite=suite,
            new_suite_name=data["new_suite_name"], user=request.user,
        )  # fmt: skip
    except ImportRefused as refused:
        return _page(request, form, refused.preview, error=f"Nothing was imported. {refused}")
    count = done.added
    messages.success(
        request,
        f"Imported {count} case{'s' if count > 1 else ''} into “{done.suite.name}” (version {done.version}); "
        f"{done.preview.duplicates} duplicate{'s' if done.preview.duplicates != 1 else ''} left out, "
        f"{done.preview.pii_masked} personal value{'s' if done.preview.pii_masked != 1 else ''} masked.",
    )
    return redirect("suites:suite-detail", done.suite.pk)
