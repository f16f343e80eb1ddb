"""Replies of the held-out part with more than one kind of PII: customer records as HTML tables, SQL inserts, TSV,
CSV, JSON and key=value dumps, and conversations where a number's meaning comes only from an earlier turn."""

from __future__ import annotations

import random

from pii_corpus_values import (
    CARD,
    EMAIL,
    IBAN,
    NETWORKS,
    PHONE,
    SEPA_BBAN,
    SSN,
    Line,
    bban,
    card_digits,
    card_format,
    iban_check,
    printed,
    ssn_digits,
)
from pii_tuned14_phone_rows import NAMES, order_id
from pii_tuned14_phones import REGIONS, make_phone
from pii_tuned14_values import person_email


def _values(rng: random.Random, i: int, region: str) -> dict[str, str]:
    network = list(NETWORKS)[i % len(NETWORKS)]
    prefixes, lengths = NETWORKS[network]
    country = sorted(SEPA_BBAN)[i % len(SEPA_BBAN)]
    b = bban(rng, SEPA_BBAN[country])
    iban = country + iban_check(country, b) + b
    d = ssn_digits(rng)
    return {
        "phone": make_phone(rng, region),
        "email": person_email(rng, i)[0],
        "card": card_format(rng, card_digits(rng, rng.choice(prefixes), lengths[0]), network, "spaces"),
        "iban": printed(iban) if i % 2 else iban,
        "ssn": f"{d[:3]}-{d[3:5]}-{d[5:]}",
        "name": rng.choice(NAMES),
        "id": order_id(rng),
    }


ENTITY = {"phone": PHONE, "email": EMAIL, "card": CARD, "iban": IBAN, "ssn": SSN}


def _build(parts: list[str], v: dict[str, str], *tags: str) -> Line:
    """``parts`` alternate literal text and value keys (odd positions)."""
    line = Line(*tags)
    for i, part in enumerate(parts):
        if i % 2 == 0:
            line.add(part)
        else:
            line.add(v[part], ENTITY.get(part))
    return line


def mixed_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    for i in range(170):
        region = regions[(i * 5 + 1) % len(regions)]
        v = _values(rng, i, region)
        kind = i % 10
        tags = ("mixed", f"region-{region}", "lang-en")
        if kind == 0:
            parts = [
                "<table>\n<tr><th>Name</th><th>Phone</th><th>Email</th></tr>\n<tr><td>",
                "name",
                "</td><td>",
                "phone",
                "</td><td>",
                "email",
                "</td></tr>\n</table>",
            ]
            rows.append(_build(parts, v, *tags, "setting-html"))
        elif kind == 1:
            parts = [
                "INSERT INTO customers (name, email, phone, ssn) VALUES\n  ('",
                "name",
                "', '",
                "email",
                "', '",
                "phone",
                "', '",
                "ssn",
                "');",
            ]
            rows.append(_build(parts, v, *tags, "setting-sql"))
        elif kind == 2:
            parts = ["id\tname\tiban\temail\n", "id", "\t", "name", "\t", "iban", "\t", "email", ""]
            rows.append(_build(parts, v, *tags, "setting-tsv"))
        elif kind == 3:
            parts = [
                "User: What's the callback number on my claim?\nBot: Let me check claim ",
                "id",
                ".\nBot: Found it. You'll be called on:\n",
                "phone",
                "\nUser: and the card it'll refund to?\nBot: ",
                "card",
                "",
            ]
            rows.append(_build(parts, v, *tags, "setting-chat", "context-only"))
        elif kind == 4:
            parts = [
                '{"customer": {"name": "',
                "name",
                '", "email": "',
                "email",
                '", "iban": "',
                "iban",
                '", "phone": "',
                "phone",
                '"}}',
            ]
            rows.append(_build(parts, v, *tags, "setting-json"))
        elif kind == 5:
            parts = ["<tr><td>", "id", "</td><td>", "card", "</td><td>", "ssn", "</td></tr>"]
            rows.append(_build(parts, v, *tags[:1], "lang-en", "setting-html"))
        elif kind == 6:
            parts = ['name,phone,card\n"', "name", '",', "phone", ",", "card", ""]
            rows.append(_build(parts, v, *tags, "setting-csv"))
        elif kind == 7:
            parts = ['user="', "name", '" mail=', "email", " msisdn=", "phone", " ref=", "id", ""]
            rows.append(_build(parts, v, *tags, "setting-kv"))
        elif kind == 8:
            parts = [
                "Agent: I'll need a number we can reach you on, and the SSN for the credit check.\nCustomer: ",
                "phone",
                "\nCustomer: ",
                "ssn",
                "\nAgent: Thanks, booking ",
                "id",
                " is confirmed.",
            ]
            rows.append(_build(parts, v, *tags, "setting-chat", "context-only"))
        else:
            parts = ["INSERT INTO refunds VALUES ('", "id", "', '", "name", "', '", "iban", "', '", "email", "');"]
            rows.append(_build(parts, v, *tags[:1], "lang-en", "setting-sql"))
    return rows
