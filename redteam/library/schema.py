"""The shape of a red-team attack: its fields and defaults, the values each field may take, and ``attack()``,
which builds one attack dict (the data modules beside this one call it)."""

from __future__ import annotations

from typing import Any

# OWASP Top 10 for LLM Applications 2025.
LLM01 = "LLM01:2025 Prompt Injection"
LLM02 = "LLM02:2025 Sensitive Information Disclosure"
LLM03 = "LLM03:2025 Supply Chain"
LLM04 = "LLM04:2025 Data and Model Poisoning"
LLM05 = "LLM05:2025 Improper Output Handling"
LLM06 = "LLM06:2025 Excessive Agency"
LLM07 = "LLM07:2025 System Prompt Leakage"
LLM08 = "LLM08:2025 Vector and Embedding Weaknesses"
LLM09 = "LLM09:2025 Misinformation"
LLM10 = "LLM10:2025 Unbounded Consumption"
OWASP_TAGS = (LLM01, LLM02, LLM03, LLM04, LLM05, LLM06, LLM07, LLM08, LLM09, LLM10)

CATEGORIES = (
    "prompt_injection",
    "jailbreak",
    "system_prompt_leak",
    "data_exfiltration",
    "unsafe_output",
    "excessive_agency",
)
SEVERITIES = ("low", "medium", "high", "critical")
LANGUAGES = ("en", "es", "hi")
DEPTHS = ("quick", "standard", "deep")
ENCODINGS = ("base64", "leetspeak", "rot13")
ENCODING_SUFFIXES = {"base64": "b64", "leetspeak": "leet", "rot13": "rot13"}
ENCODING_LABELS = {"base64": "base64", "leetspeak": "leetspeak", "rot13": "ROT13"}

FIELDS = {
    "id": "",
    "name": "",
    "category": "",
    "owasp_tag": "",
    "severity": "high",
    "turns": [],
    "language": "en",
    "uses_canary": False,
    "forbidden_phrases": [],
    "expected_outcome": "",
    "leak_check": False,
    "depth": "standard",
    "encoding": "",
    "source_id": "",
}


def attack(**fields: Any) -> dict[str, Any]:
    """One attack as a plain dict: every field present (defaults from ``FIELDS``), lists copied.

    Raises KeyError for a field the library does not know, so a typo in the data fails at import.
    """
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise KeyError(f"unknown attack fields: {sorted(unknown)}")
    data = {**FIELDS, **fields}
    data["turns"] = list(data["turns"])
    data["forbidden_phrases"] = list(data["forbidden_phrases"])
    return data
