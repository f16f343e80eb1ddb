"""Reads about accounts and membership. Every scoped read in the project starts here."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from billing.models import Account, Membership, Role


def membership_get(*, user: AbstractBaseUser | AnonymousUser, account_id: int) -> Membership:
    """The user's membership of the account, or 404: an account you are not in does not exist for you."""
    if not user.is_authenticated:
        raise Http404
    membership = Membership.objects.select_related("account").filter(user=user, account_id=account_id).first()
    if membership is None:
        raise Http404
    return membership


def account_ids_for_user(*, user: AbstractBaseUser | AnonymousUser) -> list[int]:
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user).values_list("account_id", flat=True))


def account_default_for_user(*, user: AbstractBaseUser) -> Account | None:
    membership = Membership.objects.select_related("account").filter(user=user).order_by("pk").first()
    return membership.account if membership else None


def require_role(*, user: AbstractBaseUser | AnonymousUser, account_id: int, role: str) -> Membership:
    """404 when not a member; 403 with a readable reason when the role is too low."""
    membership = membership_get(user=user, account_id=account_id)
    if not membership.allows(role):
        raise PermissionDenied(
            f"This needs the {Role(role).label} role in {membership.account.name}; "
            f"you have {membership.get_role_display()}. Ask an admin of the workspace."
        )
    return membership
