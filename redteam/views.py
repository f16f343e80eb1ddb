"""The workspace's custom red-team attacks: list, add (paste YAML), export, enable/disable, delete
(docs/redteam.md, Custom attacks). Thin: the writes are ``redteam.custom``'s."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from billing.roles import Role
from billing.selectors import account_for_new_object, get_for_member, membership_get
from evalsite.listing import list_page
from redteam import custom
from redteam.filters import CustomAttackFilter
from redteam.forms import CustomAttacksForm
from redteam.models import CustomAttack
from redteam.selectors import custom_attacks_for_account, redteam_library_version


def _page(request: HttpRequest, account_id: int, form: CustomAttacksForm, problems: list[object]) -> HttpResponse:
    membership = membership_get(user=request.user, account_id=account_id)
    context = {
        **list_page(request, CustomAttackFilter, custom_attacks_for_account(account_id=account_id)),
        "form": form,
        "problems": problems,
        "can_write": membership.allows(Role.WRITE),
        "library_version": redteam_library_version(account_id=account_id),
    }
    return render(request, "redteam/custom_attacks.html", context, status=400 if problems or form.errors else 200)


@require_http_methods(["GET", "POST"])
@login_required
def custom_attack_list(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user, role=Role.READ)
    form = CustomAttacksForm(request.POST or None)
    problems: list[object] = []
    if request.method == "POST":
        membership_get(user=request.user, account_id=account.pk, role=Role.WRITE)
        if form.is_valid():
            try:
                result = custom.custom_attacks_import(
                    account_id=account.pk, text=form.cleaned_data["yaml_text"], user=request.user
                )
            except custom.CustomAttackError as exc:
                problems = list(exc.problems)
            else:
                messages.success(request, str(result))
                return redirect("redteam:custom-attacks")
    return _page(request, account.pk, form, problems)


@require_GET
@login_required
def custom_attacks_export(request: HttpRequest) -> HttpResponse:
    account = account_for_new_object(user=request.user, role=Role.READ)
    response = HttpResponse(custom.custom_attacks_yaml(account_id=account.pk), content_type="application/yaml")
    response["Content-Disposition"] = 'attachment; filename="custom-attacks.yaml"'
    return response


@require_POST
@login_required
def custom_attack_toggle(request: HttpRequest, attack_id: int) -> HttpResponse:
    attack = get_for_member(request.user, CustomAttack, attack_id, role=Role.WRITE, not_found="No such attack.")
    custom.custom_attack_set_enabled(attack=attack, enabled=not attack.is_active, user=request.user)
    if request.headers.get("HX-Request"):
        return render(request, "redteam/partials/custom_attack_row.html", {"attack": attack, "can_write": True})
    messages.success(request, f"{attack.attack_id} {'enabled' if attack.is_active else 'disabled'}.")
    return redirect("redteam:custom-attacks")


@require_POST
@login_required
def custom_attack_delete(request: HttpRequest, attack_id: int) -> HttpResponse:
    attack = get_for_member(request.user, CustomAttack, attack_id, role=Role.WRITE, not_found="No such attack.")
    name = attack.attack_id
    custom.custom_attack_delete(attack=attack, user=request.user)
    if request.headers.get("HX-Request"):
        return HttpResponse("")
    messages.success(request, f"{name} deleted; past runs keep it.")
    return redirect("redteam:custom-attacks")
