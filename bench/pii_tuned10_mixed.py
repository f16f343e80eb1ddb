"""Replies for PII tuned part 10 that carry several kinds of personal data at once: a customer record with a
phone, an email and an IBAN or a card, or an SSN, in sentences and documents."""

from __future__ import annotations

import random

from pii_corpus_values import CARD, EMAIL, IBAN, NETWORKS, PHONE, SSN, Line, card_digits  # noqa: E402 - bench/
from pii_tuned10_cards import written  # noqa: E402
from pii_tuned10_docs import FORMATS, NAMES, render  # noqa: E402
from pii_tuned10_emails import address  # noqa: E402
from pii_tuned10_phones import REGIONS, phone  # noqa: E402
from pii_tuned10_ssns_ibans import OTHER_BBAN, an_iban, an_ssn  # noqa: E402

SENTENCES = [
    "I've verified {name}: email {e}, mobile {p}, and payouts go to {i}.",
    "Account holder {name} can be reached at {p} or {e}; the card on file is {c}.",
    "Updated the applicant's profile - SSN {s}, phone {p}, email {e}.",
    "Refund for {name}: IBAN {i}, confirmation sent to {e}.",
    "{name} asked us to charge {c} and text the receipt to {p}.",
    "The lease application lists SSN {s} and contact email {e} for {name}.",
]
IBAN_COUNTRY = {"DE": "DE", "FR": "FR", "ES": "ES", "IT": "IT", "NL": "NL", "BE": "BE", "AT": "AT", "PT": "PT",
                "PL": "PL", "IE": "IE", "GB": "GB", "CH": "CH", "SE": "SE", "FI": "FI", "TR": "TR", "SA": "SA",
                "AE": "AE", "BR": "BR", "PK": "PK", "IL": "IL"}  # fmt: skip


def _values(rng: random.Random, region: str, name: str) -> dict[str, tuple[str, str | None]]:
    network = rng.choice(list(NETWORKS))
    prefixes, lengths = NETWORKS[network]
    card, _ = written(rng, card_digits(rng, rng.choice(prefixes), rng.choice(lengths)), network)
    country = IBAN_COUNTRY.get(region) or rng.choice(["DE", "FR", "NL", "ES", "GB", *sorted(OTHER_BBAN)[:4]])
    iban = an_iban(rng, country)
    if rng.random() < 0.5:
        iban = " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
    return {
        "name": (name, None),
        "p": (phone(rng, region)[0], PHONE),
        "e": (address(rng, name)[0], EMAIL),
        "c": (card, CARD),
        "i": (iban, IBAN),
        "s": (an_ssn(rng)[0], SSN),
    }


def mixed_rows(rng: random.Random, count: int = 130) -> list[Line]:
    lines = []
    regions = list(REGIONS)
    for i in range(count):
        region = "US" if i % 3 == 0 else regions[(i * 5) % len(regions)]
        name = rng.choice(NAMES)
        values = _values(rng, region, name)
        tags = ["mixed", f"region-{region}", "lang-en"]
        if i % 2 == 0:
            template = SENTENCES[i // 2 % len(SENTENCES)]
            if "{s}" in template:
                values["p"] = (phone(rng, "US")[0], PHONE)
                tags[1] = "region-US"
            line = Line(*tags, "setting-crm", "sentence")
            rest = template
            while "{" in rest:
                before, _, after = rest.partition("{")
                slot, _, rest = after.partition("}")
                line.add(before).add(*values[slot])
            line.add(rest)
        else:
            fmt = rng.choice(FORMATS)
            keys = [("Name", "name", "name"), ("Phone", "phone", "p"), ("Email", "email", "e")]
            keys.append(rng.choice([("IBAN", "iban", "i"), ("Card number", "card_number", "c")]))
            fields = [(label, key, *values[slot]) for label, key, slot in keys]
            line = render(rng, fmt, fields, *tags, "setting-crm", fmt)
        lines.append(line)
    return lines
