"""Writes about accounts and membership."""

from __future__ import annotations

import dataclasses
import datetime as dt
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from billing.audit import audit_record
from billing.models import Account, ApiKey, AuditAction, CreditEntry, EntryKind, Membership
from billing.roles import DEFAULT_API_SCOPES, ApiScope, Role
from billing.selectors import RunCredits, RunUsage, balance_for_account, credits_for, price_list, run_credits


@transaction.atomic
def account_create(*, name: str, owner: User) -> Account:
    account = Account.objects.create(name=name)
    Membership.objects.create(account=account, user=owner, role=Role.ADMIN)
    return account


def account_get_or_create(*, name: str) -> Account:
    """The workspace of that name, created if missing (the demo's set-up; names are not unique in general)."""
    account = Account.objects.filter(name=name).order_by("pk").first()
    return account or Account.objects.create(name=name)


@transaction.atomic
def membership_set(*, account: Account, user: User, role: str, actor: Any = None) -> Membership:
    """Give ``user`` ``role`` in ``account`` (a member from now on); a change of role goes to the audit log, by
    ``actor`` (None: the system)."""
    old = Membership.objects.filter(account=account, user=user).values_list("role", flat=True).first()
    membership, _ = Membership.objects.update_or_create(account=account, user=user, defaults={"role": role})
    membership_role_audit(membership=membership, old_role=old, actor=actor)
    return membership


def membership_role_audit(*, membership: Membership, old_role: str | None, actor: Any, removed: bool = False) -> None:
    """One audit line for a membership given, changed or removed (the Django admin saves them too); nothing when
    the role stayed the same."""
    if not removed and old_role == membership.role:
        return
    who = membership.user.get_username()
    if removed:
        summary = f"{who} was removed from the workspace (had the {Role(membership.role).label} role)."
    elif old_role is None:
        summary = f"{who} joined the workspace with the {Role(membership.role).label} role."
    else:
        summary = f"{who}'s role changed from {Role(old_role).label} to {Role(membership.role).label}."
    audit_record(
        account_id=membership.account_id, actor=actor, action=AuditAction.ROLE_CHANGE, target=f"member {who}",
        summary=summary,
    )  # fmt: skip


@transaction.atomic
def user_create_with_account(*, username: str, password: str, account_name: str, email: str = "") -> User:
    user = get_user_model().objects.create_user(username=username, password=password, email=email)
    account_create(name=account_name, owner=user)
    return user


# ---------------------------------------------------------------------------------------------- API keys

API_KEY_PREFIX = "tg_"
API_KEY_TOUCH_EVERY = dt.timedelta(minutes=1)


def api_key_create(
    *, user: User, account: Account, name: str, scopes: Iterable[str] = DEFAULT_API_SCOPES
) -> tuple[ApiKey, str]:
    """A new personal API key of ``user`` acting in ``account``, with ``scopes`` (``ApiScope`` values; every key
    reads, so ``read`` is always among them). Returns the row and the token, which is shown once and never stored:
    only its SHA-256 is. The caller has checked that the user is a member."""
    token = API_KEY_PREFIX + secrets.token_urlsafe(32)
    kept = ApiScope.ordered([ApiScope.READ, *scopes])
    with transaction.atomic():
        key = ApiKey.objects.create(
            user=user, account=account, name=name.strip(), prefix=token[:8], hashed_secret=ApiKey.hash_token(token),
            scopes=kept,
        )  # fmt: skip
        audit_record(
            account_id=account.pk, actor=user, action=AuditAction.API_KEY_CREATE, target=_key_target(key),
            summary=f"{user.get_username()} created the API key “{key.name}” ({key.prefix}…) with the scopes "
            f"{', '.join(kept)}.",
        )  # fmt: skip
    return key, token


def _key_target(key: ApiKey) -> str:
    return f"API key “{key.name}” ({key.prefix}…)"  # the prefix names a key; the secret is never written


@transaction.atomic
def api_key_revoke(*, api_key: ApiKey, actor: Any = None) -> ApiKey:
    """Revoke at once; the key answers 401 from its next request on. Revoking twice keeps the first time (and
    writes one audit line). ``actor``: who revoked it (default: its owner)."""
    if ApiKey.objects.filter(pk=api_key.pk, revoked_at__isnull=True).update(revoked_at=timezone.now()):
        by = actor if actor is not None else api_key.user
        audit_record(
            account_id=api_key.account_id, actor=by, action=AuditAction.API_KEY_REVOKE, target=_key_target(api_key),
            summary=f"{by.get_username()} revoked the API key “{api_key.name}” ({api_key.prefix}…) of "
            f"{api_key.user.get_username()}.",
        )  # fmt: skip
    api_key.refresh_from_db(fields=["revoked_at"])
    return api_key


def api_key_touch(*, api_key: ApiKey) -> None:
    """Record a use. At most one write a minute per key: a CI job polls every few seconds."""
    now = timezone.now()
    if api_key.last_used_at is None or now - api_key.last_used_at > API_KEY_TOUCH_EVERY:
        ApiKey.objects.filter(pk=api_key.pk).update(last_used_at=now)
        api_key.last_used_at = now


# ---------------------------------------------------------------------------------------------- credits
# The ledger is append-only (CreditEntry). Every write below locks the account row first, so two launches,
# grants or settlements of one account run one after the other and a balance check is never stale.


class InsufficientCredits(Exception):
    """The run's maximum is more than the workspace's balance; the message gives both numbers."""

    def __init__(self, *, needed: int, balance: int) -> None:
        self.needed, self.balance = needed, balance
        super().__init__(
            f"This run can cost up to {_credits(needed)}; the workspace has {max(balance, 0)}. "
            "Ask an admin to add credits or run fewer scenarios."
        )


@dataclasses.dataclass(frozen=True)
class CostEstimate:
    """The most a run can cost. ``breakdown`` counts agent messages, judge calls and generation calls;
    ``is_exact`` is False when persona turns or generation make it an upper bound rather than the plan."""

    max_credits: int
    breakdown: dict[str, int]
    is_exact: bool = True

    def describe(self) -> str:
        prices = price_list()
        parts = []
        for key, label in _USAGE_LABELS.items():
            count = self.breakdown.get(key, 0)
            if count:
                parts.append(f"{count} {label}{'s' * (count != 1)} × {prices[key]}")
        return f"{' + '.join(parts) or 'nothing'} = {_credits(self.max_credits)}"


_USAGE_LABELS = {"agent_messages": "agent message", "judge_calls": "judge call", "generation_calls": "generation call"}


def _credits(amount: int) -> str:
    return f"{amount} credit{'s' * (amount != 1)}"


def run_cost_estimate(
    *, scenarios: Sequence[Mapping[str, Any]], runs_per_scenario: int, judge_enabled: bool, generation_calls: int = 0
) -> CostEstimate:
    """The most a run can cost, from its scenario dicts (``ScenarioSpec.to_dict()``).

    Per scenario and repeat: one agent message per scripted user turn, or ``max_turns`` messages and
    ``max_turns`` generation calls for a persona, or for an adaptive attack its ``attacker`` bounds (agent messages,
    attacker calls priced as generation calls, and with a judge one judge call per reply); one judge call when a judge is set (rules may settle the
    verdict without it, so this is a ceiling). ``generation_calls`` is a generated run's allowance.
    """
    messages = generation = judged = 0
    has_persona = False
    for scenario in scenarios:
        bounds = scenario.get("attacker")
        if bounds:  # an adaptive attack (docs/redteam.md, The attacker model): its loop's bounds, and with a judge
            has_persona = True  # every reply it may judge during the attack
            messages += int(bounds.get("max_agent_messages") or 0)
            generation += int(bounds.get("max_calls") or 0)
            judged += int(bounds.get("max_agent_messages") or 0)
        elif scenario.get("persona"):
            has_persona = True
            turns = int(scenario.get("max_turns") or 0)
            messages += turns
            generation += turns
        else:
            messages += len(scenario.get("turns") or ())
    breakdown = {
        "agent_messages": messages * runs_per_scenario,
        "judge_calls": (len(scenarios) + judged) * runs_per_scenario if judge_enabled else 0,
        "generation_calls": generation * runs_per_scenario + generation_calls,
    }
    return CostEstimate(
        max_credits=credits_for(breakdown), breakdown=breakdown, is_exact=not has_persona and not generation_calls
    )


def account_lock(*, account_id: int) -> None:
    """Lock the account row until the transaction ends (call inside ``transaction.atomic``)."""
    # FOR NO KEY UPDATE: serializes ledger writers of this account without blocking rows that merely reference
    # it (a run being created). A no-op on SQLite, whose writers are serialized by the database lock anyway.
    Account.objects.select_for_update(no_key=True).filter(pk=account_id).values_list("pk", flat=True).get()


@transaction.atomic
def credits_grant(
    *, account: Account, amount: int, user: User | None = None, note: str = "", key: str | None = None
) -> CreditEntry:
    """Add credits. With ``key`` it happens once: a second call with the same key returns the first entry."""
    if amount <= 0:
        raise ValueError("A grant must be a whole number of credits above zero.")
    account_lock(account_id=account.pk)
    if key is not None:
        existing = CreditEntry.objects.filter(key=key).first()
        if existing is not None:
            return existing
    return CreditEntry.objects.create(
        account=account, kind=EntryKind.GRANT, amount=amount, key=key, note=note[:300], created_by=user
    )


@transaction.atomic
def run_hold(*, run: Any, amount: int, user: User | None = None) -> CreditEntry | None:
    """Take the run's maximum from the balance. Raises InsufficientCredits when the balance is smaller; the
    caller's transaction then rolls back and nothing is created. Holding again returns the first hold; a free
    run (amount 0) holds nothing."""
    return _hold(
        account_id=run.account_id, existing=CreditEntry.objects.filter(run_ref=run.pk, kind=EntryKind.HOLD),
        amount=amount, user=user, note=f"Run {run.pk}: the most it can cost", fields={"run": run, "run_ref": run.pk},
    )  # fmt: skip


@transaction.atomic
def run_settle(*, run: Any, usage: RunUsage) -> RunCredits:
    """Close the hold of a run that has ended: charge what it used (``usage``, counted by the runs room; never
    more than the hold), release the rest, and refund the charge when ``run.refund_reason`` is set.

    Exactly once, whoever calls it and how often (a redelivered task, a resumed worker, a cancel racing the
    end): the account row lock serializes callers, each entry kind exists at most once per run (unique
    constraint), and a step already in the ledger is skipped. Call it in the transaction that makes the
    status final. Does nothing while the run is active, or for a run without a hold.
    """
    run = type(run).objects.get(pk=run.pk)  # reread: the status and refund reason just written
    if run.is_active:
        return run_credits(run_id=run.pk)
    account_lock(account_id=run.account_id)
    entries = {e.kind: e for e in CreditEntry.objects.filter(run_ref=run.pk)}
    hold = entries.get(EntryKind.HOLD)
    if hold is None:
        return RunCredits()
    try:
        with transaction.atomic():  # a savepoint: a duplicate (impossible under the lock) must not break the caller
            charge = entries.get(EntryKind.CHARGE) or _charge_and_release(
                hold=hold, used=usage.credits, note=f"Used: {usage.describe()}",
                entry=lambda kind, amount, note: _run_entry(run, kind, amount, note),
            )  # fmt: skip
            if run.refund_reason and charge.amount and EntryKind.REFUND not in entries:
                _run_entry(run, EntryKind.REFUND, charge.amount, f"Refund: {run.refund_reason}")
    except IntegrityError:
        pass  # another worker settled this run first
    return run_credits(run_id=run.pk)


def _run_entry(run: Any, kind: str, amount: int, note: str) -> CreditEntry:
    return CreditEntry.objects.create(
        account_id=run.account_id, kind=kind, amount=amount, run=run, run_ref=run.pk, note=note[:300]
    )


@transaction.atomic
def job_hold(*, account_id: int, key: str, amount: int, note: str, user: User | None = None) -> CreditEntry | None:
    """Take the most a background job (not a run: a calibration re-judge) can cost. Keyed like a run's entries:
    holding again returns the first hold. Raises InsufficientCredits when the balance is smaller."""
    return _hold(
        account_id=account_id, existing=CreditEntry.objects.filter(key=f"{key}:hold"), amount=amount, user=user,
        note=note, fields={"key": f"{key}:hold"},
    )  # fmt: skip


@transaction.atomic
def job_settle(*, account_id: int, key: str, used: int, note: str) -> None:
    """Charge what the job used (at most its hold) and release the rest; once, however often it is called."""
    account_lock(account_id=account_id)
    hold = CreditEntry.objects.filter(key=f"{key}:hold").first()
    if hold is None or CreditEntry.objects.filter(key=f"{key}:charge").exists():
        return

    def entry(kind: str, amount: int, entry_note: str) -> CreditEntry:
        return CreditEntry.objects.create(
            account_id=account_id, kind=kind, amount=amount, key=f"{key}:{kind}", note=entry_note[:300]
        )

    _charge_and_release(hold=hold, used=used, note=note, entry=entry)


def _hold(
    *, account_id: int, existing: Any, amount: int, user: User | None, note: str, fields: dict[str, Any]
) -> CreditEntry | None:
    """One hold for a run or a job: at most once (``existing`` finds the first), and only when the balance,
    read under the account lock so no other hold can slip in, covers it."""
    account_lock(account_id=account_id)
    held = existing.first()
    if held is not None or amount <= 0:
        return held
    balance = balance_for_account(account_id=account_id)
    if amount > balance:
        raise InsufficientCredits(needed=amount, balance=balance)
    return CreditEntry.objects.create(
        account_id=account_id, kind=EntryKind.HOLD, amount=amount, note=note[:300], created_by=user, **fields
    )


def _charge_and_release(
    *, hold: CreditEntry, used: int, note: str, entry: Callable[[str, int, str], CreditEntry]
) -> CreditEntry:
    """Charge what was used, never more than the hold, and release the rest of the hold."""
    charge = entry(EntryKind.CHARGE, min(max(used, 0), hold.amount), note)
    if hold.amount > charge.amount:
        entry(EntryKind.RELEASE, hold.amount - charge.amount, "The unused part of the hold")
    return charge
