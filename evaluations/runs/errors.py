"""What a run says when every conversation ended in an error: which errors, by kind, so "the agent is down" is said
only when it is (no reply came back) and a run whose agent answered with replies Trustgate could not use says so."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

# The agent sent something back, but nothing Trustgate could read a reply from.
REPLY_KINDS = frozenset({"malformed", "path_missing", "oversized"})
KIND_WORDS = {
    "malformed": ("malformed reply (not the JSON expected)", "malformed replies (not the JSON expected)"),
    "path_missing": ("reply without the configured reply field", "replies without the configured reply field"),
    "oversized": ("reply over the size limit", "replies over the size limit"),
    "http_status": ("HTTP error status", "HTTP error statuses"),
    "timeout": ("timeout", "timeouts"),
    "connection": ("connection failure", "connection failures"),
    "config": ("agent settings error", "agent settings errors"),
    "blocked": ("address refused by the endpoint guard", "addresses refused by the endpoint guard"),
}


def all_errors_message(errors: Sequence[tuple[str, str]]) -> str:
    """The run's message when all ``errors`` (``(error_kind, error_message)`` per attempt, at least one) errored.

    "The agent is down: none of the 48 conversations got a reply. Errors by kind: 48 timeouts. Most common reason:
    ..." when no reply came back; "The agent answered all 48 conversations, but none of its replies could be used.
    Errors by kind: 48 malformed replies (not the JSON expected). ..." when each came back unusable.
    """
    total = len(errors)
    kinds = Counter(kind for kind, _ in errors)
    breakdown = errors_by_kind_text(kinds)
    reason, _ = Counter(message for _, message in errors).most_common(1)[0]
    answered = sum(n for kind, n in kinds.items() if kind in REPLY_KINDS)
    conversations = f"{total} conversation{'s' if total != 1 else ''}"
    if not answered:
        lead = f"The agent is down: none of the {conversations} got a reply"
    elif answered == total:
        lead = f"The agent answered {'all ' if total > 1 else ''}{conversations}, but none of its replies could be used"
    else:
        lead = f"None of the {conversations} got a usable reply: {answered} replies came back unusable"
    return f"{lead}. Errors by kind: {breakdown}. Most common reason: {reason}"


def errors_by_kind_text(kinds: Counter[str]) -> str:
    """``Counter({"timeout": 3, "http_status": 1})`` → "3 timeouts, 1 HTTP error status", most common first."""
    return ", ".join(_count(kind, n) for kind, n in kinds.most_common())


def _count(kind: str, n: int) -> str:
    singular, plural = KIND_WORDS.get(kind, ("other error", "other errors"))
    return f"{n} {singular if n == 1 else plural}"
