"""Monitor screens: list, create / edit, the monitor page (status history, pass-rate chart), runs, YAML import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import account_default_for_user, account_for_new_object, membership_get
from evalsite.http import HtmxHttpRequest, authenticated_user
from evalsite.listing import list_page
from evaluations.monitors import charts, selectors, services
from evaluations.monitors.filters import MonitorFilter
from evaluations.monitors.forms import CaseFormSet, ImportForm, MonitorForm, StatusPageForm, case_initial
from evaluations.monitors.yaml_io import YamlImportError, export_monitors


@require_GET
@login_required
def monitor_list(request: HttpRequest) -> HttpResponse:
    context = list_page(request, MonitorFilter, selectors.monitor_list_for_user(user=request.user))
    context["monitors"] = selectors.monitors_with_latest_run(monitors=list(context["items"]))
    return render(request, "monitors/monitor_list.html", context)


def _form_page(request: HttpRequest, form: MonitorForm, cases: object, monitor: object = None) -> HttpResponse:
    return render(request, "monitors/monitor_form.html", {"form": form, "cases": cases, "monitor": monitor})


@require_http_methods(["GET", "POST"])
@login_required
def monitor_create(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    initial_agent = request.GET.get("agent", "")
    form = MonitorForm(
        request.POST or None,
        account_id=account.pk,
        initial={"agent": initial_agent} if initial_agent.isdigit() else None,
    )
    cases = CaseFormSet(request.POST or None, prefix="cases")
    if request.method == "POST" and form.is_valid() and cases.is_valid():
        monitor = services.monitor_create(
            account=account, data=form.service_data(), cases=cases.service_cases(), user=request.user
        )
        messages.success(request, f"Monitor “{monitor.name}” saved. It runs every {monitor.every_label}.")
        return redirect("monitors:monitor-detail", monitor.pk)
    return _form_page(request, form, cases)


@require_http_methods(["GET", "POST"])
@login_required
def monitor_edit(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.WRITE)
    form = MonitorForm(request.POST or None, account_id=monitor.account_id, monitor=monitor)
    cases = CaseFormSet(request.POST or None, prefix="cases", initial=None if request.POST else case_initial(monitor))
    if request.method == "POST" and form.is_valid() and cases.is_valid():
        services.monitor_update(monitor=monitor, data=form.service_data(), cases=cases.service_cases())
        messages.success(request, f"Monitor “{monitor.name}” saved.")
        return redirect("monitors:monitor-detail", monitor.pk)
    return _form_page(request, form, cases, monitor)


@require_GET
@login_required
def monitor_detail(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_user(user=request.user, monitor_id=monitor_id)
    context = selectors.monitor_detail(monitor=monitor)
    context["chart"] = charts.pass_rate_chart(context["chart_runs"], target=monitor.target_pass_rate)
    context["strip"] = charts.status_strip(context["chart_runs"])
    context["can_write"] = membership_get(user=request.user, account_id=monitor.account_id).allows(Role.WRITE)
    context["paused_message"] = selectors.monitor_paused_message(monitor=monitor)
    return render(request, "monitors/monitor_detail.html", context)


@require_GET
@login_required
def monitor_status(request: HtmxHttpRequest, monitor_id: int) -> HttpResponse:
    """The status fragment, polled while a run is queued or running. When the run has just finished, the page
    reloads (HX-Refresh) so the chart, history and runs show it too."""
    monitor = selectors.monitor_get_for_user(user=request.user, monitor_id=monitor_id)
    active_run = selectors.monitor_active_run(monitor=monitor)
    context = {
        "monitor": monitor,
        "active_run": active_run,
        "paused_message": selectors.monitor_paused_message(monitor=monitor),
    }
    response = render(request, "monitors/partials/monitor_status.html", context)
    if active_run is None and request.htmx:
        response["HX-Refresh"] = "true"
    return response


@require_POST
@login_required
def monitor_run_now(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.WRITE)
    try:
        run, created = services.monitor_run_request(monitor=monitor, user=request.user)
    except services.MonitorActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Run started." if created else f"Run #{run.pk} is already in progress.")
    return redirect("monitors:monitor-detail", monitor.pk)


@require_POST
@login_required
def monitor_alert_test(request: HttpRequest, monitor_id: int, kind: str) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.WRITE)
    try:
        services.monitor_alert_test(monitor=monitor, kind=kind)
    except services.ChannelMissing as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Test alert queued: its delivery appears under Alert channels.")
    return redirect("monitors:monitor-detail", monitor.pk)


@require_POST
@login_required
def monitor_pause(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.WRITE)
    services.monitor_pause(monitor=monitor)
    messages.success(request, f"“{monitor.name}” is paused: no scheduled runs until you resume it.")
    return redirect("monitors:monitor-detail", monitor.pk)


@require_POST
@login_required
def monitor_resume(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.WRITE)
    try:
        services.monitor_resume(monitor=monitor)
    except services.MonitorActionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"“{monitor.name}” is running on its schedule again.")
    return redirect("monitors:monitor-detail", monitor.pk)


@require_POST
@login_required
def monitor_delete(request: HttpRequest, monitor_id: int) -> HttpResponse:
    monitor = selectors.monitor_get_for_member(user=request.user, monitor_id=monitor_id, role=Role.ADMIN)
    services.monitor_delete(monitor=monitor)
    messages.success(request, f"Monitor “{monitor.name}” deleted.")
    return redirect("monitors:monitor-list")


@require_http_methods(["GET", "POST"])
@login_required
def status_page_settings(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    page = selectors.status_page_for_account(account_id=account.pk)
    monitors = list(selectors.monitor_list_for_user(user=request.user).filter(account=account))
    initial = {"is_enabled": page.is_enabled, "title": page.title}
    form = StatusPageForm(request.POST or None, monitors=monitors, initial=initial)
    if request.method == "POST" and form.is_valid():
        services.status_page_update(
            page=page, is_enabled=form.cleaned_data["is_enabled"], title=form.cleaned_data["title"].strip(),
            shown=form.shown(), names=form.names(),
        )  # fmt: skip
        messages.success(request, "Status page saved." + ("" if page.is_enabled else " It is not published."))
        return redirect("monitors:status-page-settings")
    return render(request, "monitors/status_page_settings.html", {"form": form, "page": page})


@require_GET
def status_page_public(request: HttpRequest, slug: str) -> HttpResponse:
    """The public status page: no sign-in; 404 while it is off. No answers, no internal names."""
    page = selectors.status_page_get(slug=slug)
    context = {"page": page, "rows": selectors.status_page_rows(page=page), "days": selectors.STATUS_DAYS}
    return render(request, "monitors/status_page.html", context)


@require_GET
@login_required
def run_detail(request: HttpRequest, run_id: int) -> HttpResponse:
    run = selectors.monitor_run_get_for_user(user=request.user, run_id=run_id)
    context = {"run": run, "monitor": run.monitor, "groups": selectors.monitor_run_samples(run=run)}
    return render(request, "monitors/run_detail.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def monitor_import(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user)
    form = ImportForm(request.POST or None, request.FILES or None)
    errors: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            created, updated = services.monitors_import_yaml(
                account=account, text=form.cleaned_data["text"], user=request.user
            )
        except YamlImportError as error:
            errors = error.lines
            form = ImportForm({"yaml_text": form.cleaned_data["text"]})  # an uploaded file's text, to fix in place
        else:
            messages.success(request, f"Imported: {len(created)} created, {len(updated)} updated.")
            return redirect("monitors:monitor-list")
    status = 400 if errors or form.errors else 200
    return render(request, "monitors/monitor_import.html", {"form": form, "errors": errors}, status=status)


@require_GET
@login_required
def monitor_export(request: HttpRequest) -> HttpResponse:
    """Every monitor of the user's workspace as one YAML file (monitors.yml), ready to import again."""
    account = account_default_for_user(user=authenticated_user(request))
    monitors = selectors.monitor_list_with_cases(
        monitors=selectors.monitor_list_for_user(user=request.user).filter(account=account)
    )
    response = HttpResponse(export_monitors(list(monitors)), content_type="application/yaml; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="monitors.yml"'
    return response
