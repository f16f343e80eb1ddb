"""Required and forbidden phrases.

Required phrases must each appear in at least one assistant reply (not only the last): in a multi-turn
conversation the agent may state the required fact before its final turn. Forbidden phrases may appear in no
assistant reply. Either list can be scoped to the final reply only (``PhraseScope.FINAL_REPLY``): then only the
conversation's last reply is read for it. Both match whole words, case-insensitively, after NFKC and curly-quote folding; a Devanagari
vowel sign or other combining mark counts as part of a word.

A forbidden phrase made only of ordinary words ("personal information", "Personal Information") is judge
evidence, not a hard fail: every token is letters only (internal ' or - allowed), written in lower case, Title
case or an uncased script. A digit, a symbol (``@ $ % _ / :`` ...), a URL or a token in ALL CAPS or mixed case
("SAVE50", "DAN", "iPhone") makes the phrase *specific*: its appearance fails hard.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from evaluations.core.specs import PhraseScope, ScenarioSpec
from evaluations.scoring.rules.findings import RULE_FORBIDDEN, RULE_REQUIRED, RuleFinding, Where
from evaluations.scoring.rules.text import is_word_char, norm


def phrase_in(text: str, phrase: str) -> bool:
    """Whole-word, case-insensitive, Unicode-aware: "refund" matches "Refund!" but not "refunds"."""
    phrase = norm(phrase).strip()
    if not phrase:
        return False
    text = norm(text)
    pattern = re.compile(r"\s+".join(re.escape(token) for token in phrase.split()), re.IGNORECASE)
    # Boundaries are checked by hand: \b does not treat combining marks (Devanagari vowel signs) as word parts.
    m = pattern.search(text)
    while m:
        start, end = m.span()
        if not (is_word_char(phrase[0]) and start > 0 and is_word_char(text[start - 1])) and not (
            is_word_char(phrase[-1]) and end < len(text) and is_word_char(text[end])
        ):
            return True
        m = pattern.search(text, start + 1)
    return False


def is_ordinary_phrase(phrase: str) -> bool:
    """Only ordinary words (see the module docstring): its appearance is judge evidence, not a hard fail."""
    tokens = norm(phrase).split()
    if not tokens:
        return False
    for token in tokens:
        parts = re.split(r"['-]", token)
        if not all(
            part and all(ch.isalpha() or unicodedata.category(ch).startswith("M") for ch in part) for part in parts
        ):
            return False
        letters = "".join(parts)
        if letters == letters.lower() or len(letters) == 1:
            continue
        if not (letters[0].isupper() and letters[1:] == letters[1:].lower()):
            return False
    return True


def check_phrases(scenario: ScenarioSpec, replies: Sequence[str], where: Where) -> tuple[list[RuleFinding], list[str]]:
    """Findings for the required and forbidden phrases, and the judge evidence among them."""
    findings: list[RuleFinding] = []
    evidence: list[str] = []
    last = len(replies) - 1
    final_only = scenario.required_scope == PhraseScope.FINAL_REPLY
    read = [(last, replies[last])] if final_only and replies else list(enumerate(replies))
    scope = " in the final reply" if final_only and len(replies) > 1 else ""
    for phrase in (p for p in scenario.required_phrases if p.strip()):
        if any(phrase_in(reply, phrase) for _, reply in read):
            findings.append(RuleFinding(RULE_REQUIRED, True, True, f"Required phrase “{phrase}” is present{scope}."))
        else:
            findings.append(RuleFinding(RULE_REQUIRED, False, True, f"Required phrase “{phrase}” is missing{scope}."))

    final_only = scenario.forbidden_scope == PhraseScope.FINAL_REPLY
    read = [(last, replies[last])] if final_only and replies else list(enumerate(replies))
    scope = " from the final reply" if final_only and len(replies) > 1 else ""
    for phrase in (p for p in scenario.forbidden_phrases if p.strip()):
        hits = [i for i, reply in read if phrase_in(reply, phrase)]
        if not hits:
            findings.append(RuleFinding(RULE_FORBIDDEN, True, True, f"Forbidden phrase “{phrase}” is absent{scope}."))
        elif is_ordinary_phrase(phrase):
            message = f"{where(hits[0])} uses the forbidden phrase “{phrase}” (ordinary words: the judge decides)."
            findings.append(RuleFinding(RULE_FORBIDDEN, False, False, message))
            evidence.append(message)
        else:
            findings.append(
                RuleFinding(RULE_FORBIDDEN, False, True, f"{where(hits[0])} contains the forbidden phrase “{phrase}”.")
            )
    return findings, evidence
