"""Profile screens of billing: personal API keys, the workspace credits page and the workspace audit log."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing import selectors, services
from billing.audit import audit_jsonl, audit_log_for_admin
from billing.filters import AuditEventFilter, CreditEntryFilter
from billing.forms import ApiKeyCreateForm
from evalsite.http import authenticated_user
from evalsite.listing import list_page


@never_cache  # the page that shows a new key once must not be kept by a browser or proxy cache
@require_http_methods(["GET", "POST"])
@login_required
def api_key_list(request: HttpRequest) -> HttpResponse:
    """List the user's keys; a valid POST creates one and shows its token on this response only."""
    user = authenticated_user(request)
    accounts = selectors.account_list_for_user(user=user)
    form = ApiKeyCreateForm(request.POST or None, accounts=accounts, initial={"account": accounts.first()})
    created = token = None
    if request.method == "POST" and form.is_valid():
        selectors.membership_get(user=user, account_id=form.cleaned_data["account"].pk)
        created, token = services.api_key_create(
            user=user, account=form.cleaned_data["account"], name=form.cleaned_data["name"],
            scopes=form.cleaned_data["scopes"],
        )  # fmt: skip
        form = ApiKeyCreateForm(accounts=accounts, initial={"account": created.account})
    context = {
        "form": form,
        "keys": selectors.api_key_list_for_user(user=user),
        "created": created,
        "token": token,
        "api_base": request.build_absolute_uri(reverse("api:suite-list")),
    }
    return render(request, "billing/api_keys.html", context)


@require_POST
@login_required
def api_key_revoke(request: HttpRequest, key_id: int) -> HttpResponse:
    key = selectors.api_key_get_for_user(user=authenticated_user(request), key_id=key_id)
    services.api_key_revoke(api_key=key, actor=request.user)
    messages.success(request, f"API key “{key.name}” ({key.prefix}…) is revoked: it no longer works.")
    return redirect("billing:api-keys")


CREDIT_ENTRIES_PER_PAGE = 50


@require_GET
@login_required
def credit_list(request: HttpRequest, account_id: int | None = None) -> HttpResponse:
    """A workspace's balance and its credit ledger, newest first (the user's first workspace by default)."""
    user = authenticated_user(request)
    data = selectors.credit_page_for_user(user=user, account_id=account_id)
    listing = list_page(request, CreditEntryFilter, data["entries"], per_page=CREDIT_ENTRIES_PER_PAGE)
    accounts = selectors.account_list_for_user(user=user)  # the workspace switcher
    return render(
        request, "billing/credits.html", {**data, **listing, "entries": listing["items"], "accounts": accounts}
    )


AUDIT_EVENTS_PER_PAGE = 50


@require_GET
@login_required
def audit_log(request: HttpRequest, account_id: int | None = None) -> HttpResponse:
    """The workspace's audit log, newest first, filterable (Admin role; the user's first workspace by default)."""
    user = authenticated_user(request)
    membership, events = audit_log_for_admin(user=user, account_id=account_id)
    listing = list_page(request, AuditEventFilter, events, per_page=AUDIT_EVENTS_PER_PAGE)
    context = {
        **listing,
        "account": membership.account,
        "events": listing["items"],
        "accounts": selectors.account_list_for_user(user=user),
        "export_query": request.GET.urlencode(),
    }
    return render(request, "billing/audit_log.html", context)


@require_GET
@login_required
def audit_log_export(request: HttpRequest, account_id: int) -> StreamingHttpResponse:
    """The log as JSONL (one event a line, oldest first), with the page's filters applied (Admin role)."""
    membership, events = audit_log_for_admin(user=authenticated_user(request), account_id=account_id)
    filtered = AuditEventFilter(request.GET or None, queryset=events, request=request).qs
    response = StreamingHttpResponse(audit_jsonl(filtered), content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="trustgate-audit-{membership.account_id}.jsonl"'
    return response
