"""Writes about accounts and membership."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from billing.models import Account, Membership, Role


@transaction.atomic
def account_create(*, name: str, owner: AbstractBaseUser) -> Account:
    account = Account.objects.create(name=name)
    Membership.objects.create(account=account, user=owner, role=Role.ADMIN)
    return account


def membership_set(*, account: Account, user: AbstractBaseUser, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(account=account, user=user, defaults={"role": role})
    return membership


@transaction.atomic
def user_create_with_account(*, username: str, password: str, account_name: str, email: str = "") -> AbstractBaseUser:
    user = get_user_model().objects.create_user(username=username, password=password, email=email)
    account_create(name=account_name, owner=user)
    return user
