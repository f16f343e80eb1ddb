"""Reads about accounts and membership. Every scoped read in the project starts here."""

from __future__ import annotations

import dataclasses
import hmac
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, cast

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import Case, F, IntegerField, Model, QuerySet, Sum, Value, When
from django.http import Http404

from billing.models import BALANCE_SIGN, Account, ApiKey, CreditEntry, EntryKind, Membership
from billing.roles import Role

MAX_ID = 2**63 - 1  # ids past a bigint are 404s, not database overflow errors

_M = TypeVar("_M", bound=Model)


class _InWorkspace(Protocol):
    account_id: int


def membership_get(*, user: User | AnonymousUser, account_id: int, role: str = Role.READ) -> Membership:
    """The user's membership of the account, with at least ``role`` there.

    404 when the user is not a member (an account you are not in does not exist for you); 403 with a readable
    reason when their role is lower than ``role``.
    """
    if not user.is_authenticated:
        raise Http404
    membership = Membership.objects.select_related("account").filter(user=user, account_id=account_id).first()
    if membership is None:
        raise Http404
    if not membership.allows(role):
        raise PermissionDenied(
            f"This needs the {Role(role).label} role in {membership.account.name}; "
            f"you have {membership.get_role_display()}. Ask an admin of the workspace."
        )
    return membership


def get_for_member(
    user: User | AnonymousUser, objects: type[_M] | QuerySet[_M], pk: int, *, role: str, not_found: str = "Not found."
) -> _M:
    """Fetch and authorize in one call: the object ``pk`` of ``objects`` (a model, or a queryset that already
    narrows or joins), when it is in a workspace of the user where they have at least ``role``.

    404 (with ``not_found``) when there is no such object or it is in a workspace the user is not in; 403 with a
    readable reason when the user's role there is too low. The object must have an ``account_id``.
    """
    queryset = objects if isinstance(objects, QuerySet) else objects._default_manager.all()
    found = queryset.filter(pk=pk).first() if 0 < pk <= MAX_ID else None
    if found is None:
        raise Http404(not_found)
    try:
        membership_get(user=user, account_id=cast(_InWorkspace, found).account_id, role=role)
    except Http404:
        raise Http404(not_found) from None
    return found


def membership_exists(*, user_id: int, account_id: int) -> bool:
    return Membership.objects.filter(user_id=user_id, account_id=account_id).exists()


def account_ids_for_user(*, user: User | AnonymousUser) -> list[int]:
    if not user.is_authenticated:
        return []
    return list(Membership.objects.filter(user=user).values_list("account_id", flat=True))


def account_default_for_user(*, user: User) -> Account | None:
    membership = Membership.objects.select_related("account").filter(user=user).order_by("pk").first()
    return membership.account if membership else None


def account_list_for_user(*, user: User | AnonymousUser) -> QuerySet[Account]:
    """The user's workspaces, oldest first (the first is where new objects go). One query, when evaluated."""
    if not user.is_authenticated:
        return Account.objects.none()
    return Account.objects.filter(memberships__user=user).order_by("pk")


# ---------------------------------------------------------------------------------------------- API keys


def api_key_list_for_user(*, user: User) -> QuerySet[ApiKey]:
    """The user's own keys (a key is personal: not even an admin sees another member's)."""
    return ApiKey.objects.filter(user=user).select_related("account")


def api_key_get_for_user(*, user: User, key_id: int) -> ApiKey:
    key = api_key_list_for_user(user=user).filter(pk=key_id).first()
    if key is None:
        raise Http404("No such API key.")
    return key


def api_key_find(*, token: str) -> ApiKey | None:
    """The key whose token this is, revoked or not; None when no key matches. Constant-time hash comparison."""
    digest = ApiKey.hash_token(token)
    for key in ApiKey.objects.select_related("user", "account").filter(prefix=token[:8]):
        if hmac.compare_digest(key.hashed_secret, digest):
            return key
    return None


# ---------------------------------------------------------------------------------------------- credits


def price_list() -> dict[str, int]:
    """Credits per unit, by what a run uses (the keys of ``RunUsage`` and of a cost estimate's breakdown).
    Read at call time, so a changed setting applies at once."""
    return {
        "agent_messages": settings.TRUSTGATE_PRICE_AGENT_MESSAGE,
        "judge_calls": settings.TRUSTGATE_PRICE_JUDGE_CALL,
        "generation_calls": settings.TRUSTGATE_PRICE_GENERATION_CALL,
    }


def credits_for(usage: Mapping[str, int]) -> int:
    """What ``usage`` (counts by the keys of ``price_list``) costs."""
    return sum(usage.get(kind, 0) * price for kind, price in price_list().items())


@dataclasses.dataclass(frozen=True)
class RunCredits:
    """What a run's ledger entries say: the hold taken at launch and how it was settled."""

    held: int = 0
    charged: int = 0
    released: int = 0
    refunded: int = 0

    @property
    def has_hold(self) -> bool:
        return self.held > 0

    @property
    def is_settled(self) -> bool:
        return self.charged + self.released == self.held and self.held > 0

    @property
    def net(self) -> int:
        """What the run cost in the end: the charge less any refund."""
        return self.charged - self.refunded


@dataclasses.dataclass(frozen=True)
class RunUsage:
    """What a run actually used, counted from its stored attempts."""

    agent_messages: int
    judge_calls: int
    generation_calls: int

    @property
    def credits(self) -> int:
        return credits_for(dataclasses.asdict(self))

    def describe(self) -> str:
        return (
            f"{self.agent_messages} agent message{'s' * (self.agent_messages != 1)}, "
            f"{self.judge_calls} judge call{'s' * (self.judge_calls != 1)}, "
            f"{self.generation_calls} generation call{'s' * (self.generation_calls != 1)}"
        )


def _balance_expression() -> Sum:
    return Sum(
        Case(
            *[When(kind=kind, then=F("amount") * sign) for kind, sign in BALANCE_SIGN.items() if sign],
            default=Value(0),
            output_field=IntegerField(),
        )
    )


def balance_for_account(*, account_id: int) -> int:
    """Spendable credits: every entry of the account with its kind's sign (``BALANCE_SIGN``); open holds are
    already taken. To decide on a hold, call it while holding the account row lock (``run_hold`` does)."""
    total = CreditEntry.objects.filter(account_id=account_id).aggregate(total=_balance_expression())["total"]
    return int(total or 0)


def credit_entries_for_account(*, account_id: int) -> QuerySet[CreditEntry]:
    """The account's ledger, newest first, with who and which run (no N+1 in the credits page)."""
    return CreditEntry.objects.filter(account_id=account_id).select_related("created_by", "run")


def credit_page_for_user(*, user: User | AnonymousUser, account_id: int | None) -> dict[str, Any]:
    """The credits page of one of the user's accounts (404 for an account they are not in)."""
    if account_id is None:  # the user's first workspace
        memberships = Membership.objects.select_related("account").order_by("pk")
        found = memberships.filter(user=user).first() if user.is_authenticated else None
        if found is None:
            raise Http404("You are not a member of any workspace.")
        membership = found
    else:
        membership = membership_get(user=user, account_id=account_id)
    account_id = membership.account_id
    entries = credit_entries_for_account(account_id=account_id)
    held = (
        entries.filter(kind=EntryKind.HOLD)
        .exclude(run_ref__in=CreditEntry.objects.filter(account_id=account_id, kind=EntryKind.CHARGE).values("run_ref"))
        .aggregate(total=Sum("amount"))["total"]
    )
    return {
        "account": membership.account,
        "membership": membership,
        "balance": balance_for_account(account_id=account_id),
        "held": int(held or 0),
        "entries": entries,
    }


def run_credits(*, run_id: int) -> RunCredits:
    """The run's hold, charge, release and refund (zero for what is not there). One query."""
    amounts = dict(CreditEntry.objects.filter(run_ref=run_id).values_list("kind", "amount"))
    return RunCredits(
        held=amounts.get(EntryKind.HOLD, 0),
        charged=amounts.get(EntryKind.CHARGE, 0),
        released=amounts.get(EntryKind.RELEASE, 0),
        refunded=amounts.get(EntryKind.REFUND, 0),
    )


def account_for_new_object(*, user: User | AnonymousUser, role: str = Role.WRITE) -> Account:
    """The workspace new agents, suites and monitors go into (the user's first), with ``role`` required there.

    A user in no workspace gets a 403 that says what to do, like a user whose role is too low.
    """
    account = account_default_for_user(user=user) if user.is_authenticated else None
    if account is None:
        raise PermissionDenied("You are not a member of any workspace yet. Ask an admin to add you.")
    membership_get(user=user, account_id=account.pk, role=role)
    return account


def account_get_by_name_or_id(*, value: str) -> Account | None:
    """The workspace a shell command names: by id when ``value`` is all digits (falling back to the name), else
    by exact name. None when nothing matches."""
    # Bounded: a 5,000-digit value is looked up as a name, never handed to int() (nor past a 64-bit column).
    is_id = value.isascii() and value.isdigit() and len(value) <= 19 and int(value) < 2**63
    account = Account.objects.filter(pk=int(value)).first() if is_id else None
    return account or Account.objects.filter(name=value).first()


def account_get_sole() -> Account | None:
    """The only workspace when there is exactly one (a shell command may then leave --account out), else None."""
    accounts = list(Account.objects.all()[:2])
    return accounts[0] if len(accounts) == 1 else None
