"""PII masked in what an import stores (docs/imports.md, Masking): the spans the scoring's PII scan finds
(``evaluations.scoring.pii.scan_pii``, the one detector) replaced by the kind of value they held, ``[EMAIL]``,
``[PHONE]``, ``[CARD]``, ``[SSN]``, ``[IBAN]``; contacts are masked too."""

from __future__ import annotations

from typing import Any

from evaluations.scoring.pii import (
    CREDIT_CARD,
    EMAIL_ADDRESS,
    IBAN_CODE,
    PHONE_NUMBER,
    US_SSN,
    scan_pii,
)

TOKENS = {
    EMAIL_ADDRESS: "[EMAIL]",
    PHONE_NUMBER: "[PHONE]",
    CREDIT_CARD: "[CARD]",
    US_SSN: "[SSN]",
    IBAN_CODE: "[IBAN]",
}


class Masker:
    """Masks texts, counting the values it masked; a text seen before is not scanned again (a file repeats its
    greetings and system answers)."""

    def __init__(self) -> None:
        self.masked = 0
        self._seen: dict[str, tuple[str, int]] = {}

    def text(self, text: str) -> str:
        text = text.replace("\x00", "")  # a database text column cannot hold NUL
        if not text.strip():
            return text
        if text not in self._seen:
            self._seen[text] = _mask(text)
        masked, count = self._seen[text]
        self.masked += count
        return masked

    def value(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {self.text(str(k)): self.value(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.value(v) for v in value]
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**8:
            masked = self.text(str(value))  # a card or phone written as a JSON number
            return value if masked == str(value) else masked
        return value


def _mask(text: str) -> tuple[str, int]:
    spans: dict[tuple[int, int], str] = {}
    for finding in scan_pii(text, withhold_contacts=True):
        if text[finding.start : finding.end] == (finding.written or finding.value):
            spans.setdefault((finding.start, finding.end), TOKENS.get(finding.entity, "[PII]"))
    if not spans:
        return text, 0
    out, last, count = [], 0, 0
    for (start, end), token in sorted(spans.items()):
        if start < last:
            continue  # overlapping: the earlier span is already masked
        out += [text[last:start], token]
        last, count = end, count + 1
    out.append(text[last:])
    return "".join(out), count
