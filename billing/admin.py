from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from billing.models import Account, ApiKey, AuditEvent, CreditEntry, Membership
from billing.selectors import balance_for_account
from billing.services import credits_grant, membership_role_audit
from evalsite.http import authenticated_user


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Account)
class AccountAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]
    actions = ["grant_credits"]

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        """Memberships edited inline: each role given, changed or removed goes to the audit log."""
        if formset.model is not Membership:
            super().save_formset(request, form, formset, change)
            return
        old = {f.instance.pk: f.initial.get("role") for f in formset.forms if f.instance.pk}
        removed = [f.instance for f in formset.deleted_forms if f.instance.pk]
        super().save_formset(request, form, formset, change)
        actor = authenticated_user(request)
        for membership in removed:
            membership_role_audit(membership=membership, old_role=membership.role, actor=actor, removed=True)
        for membership in formset.new_objects + [obj for obj, _ in formset.changed_objects]:
            membership_role_audit(membership=membership, old_role=old.get(membership.pk), actor=actor)

    @admin.action(description="Grant credits to the selected workspaces")
    def grant_credits(self, request: HttpRequest, queryset: QuerySet[Account]) -> HttpResponse | None:
        """Asks for the amount and a note on an intermediate page, then writes one grant per workspace."""
        form = CreditGrantForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            for account in queryset:
                credits_grant(
                    account=account,
                    amount=form.cleaned_data["amount"],
                    user=authenticated_user(request),
                    note=form.cleaned_data["note"],
                )
            self.message_user(
                request,
                f"Granted {form.cleaned_data['amount']} credits to {queryset.count()} workspace(s).",
                messages.SUCCESS,
            )
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Grant credits",
            "form": form,
            "accounts": [(account, balance_for_account(account_id=account.pk)) for account in queryset],
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/billing/grant_credits.html", context)


class CreditGrantForm(forms.Form):
    amount = forms.IntegerField(min_value=1, max_value=10_000_000, help_text="Whole credits added to each workspace.")
    note = forms.CharField(max_length=300, required=False, help_text="Shown on the workspace's credits page.")


@admin.register(CreditEntry)
class CreditEntryAdmin(admin.ModelAdmin):
    """The ledger, read-only: entries are written by services only (grant with the action on Accounts)."""

    list_display = ["created_at", "account", "kind", "amount", "run_ref", "note", "created_by"]
    list_filter = ["kind"]
    search_fields = ["account__name", "note"]
    list_select_related = ["account", "created_by"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "account", "role"]
    list_filter = ["role"]
    search_fields = ["user__username", "account__name"]

    def save_model(self, request: HttpRequest, obj: Membership, form: Any, change: bool) -> None:
        old = Membership.objects.filter(pk=obj.pk).values_list("role", flat=True).first() if change else None
        super().save_model(request, obj, form, change)
        membership_role_audit(membership=obj, old_role=old, actor=authenticated_user(request))

    def delete_model(self, request: HttpRequest, obj: Membership) -> None:
        super().delete_model(request, obj)
        membership_role_audit(membership=obj, old_role=obj.role, actor=authenticated_user(request), removed=True)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Membership]) -> None:
        removed = list(queryset.select_related("user"))
        super().delete_queryset(request, queryset)
        for membership in removed:
            membership_role_audit(membership=membership, old_role=membership.role, actor=request.user, removed=True)


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """The audit log, read-only: events are written by the services that make the changes (docs/accounts.md)."""

    list_display = ["created_at", "account", "action", "actor_name", "target"]
    list_filter = ["action"]
    search_fields = ["account__name", "actor_name", "target", "summary"]
    list_select_related = ["account"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    """Keys are created by their owners (shown once); admins can see and revoke them, never read the secret."""

    list_display = ["name", "prefix", "user", "account", "scopes", "created_at", "last_used_at", "revoked_at"]
    list_filter = ["account"]
    search_fields = ["name", "prefix", "user__username"]
    readonly_fields = [f.name for f in ApiKey._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
