"""Phone replies for PII tuned part 5 (bench/make_pii_tuned5.py): contact sentences in nineteen languages
(bench/pii_tuned5_slots.py, bench/pii_tuned5_slots2.py), numbers next to order, ticket, booking, tracking, claim
and reference ids, two numbers of one person, and numbers inside JSON, CSV, Markdown tables and links, HTML and
vCards. Every row carries one ``region-XX`` tag (the numbers are valid there, as written) and one ``lang-xx`` tag."""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pii_corpus_values import PHONE, Line, templated  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_phones import REGIONS, e164, written  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_slots import LANGUAGES_1  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned5_slots2 import LANGUAGES_2  # noqa: E402 - bench scripts run with bench/ on the path

LANGUAGES: dict[str, dict] = {**LANGUAGES_1, **LANGUAGES_2}
# the regions in the order phone replies go round them: every region, and the red team's languages' regions again
ROUNDS = [*REGIONS, "IN", "US", "MX", "IN", "ES", "GB", "AR"]
# where one language is written more than the others
LANGUAGE_TURNS = {"IN": ["hi", "hi", "en"], "US": ["en", "en", "es"], "PK": ["ur", "ur", "en"]}
# how many replies of each kind
COUNTS = {"near": 300, "contact": 175, "context": 60, "two": 40}
STRUCTURED = {"json": 20, "csv": 14, "table": 14, "md_link": 14, "html_link": 10, "vcard": 10, "list": 12}
PNR = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


# ---- ids next to numbers ------------------------------------------------------------------------------------------


def run(rng: random.Random, lo: int, hi: int) -> str:
    n = rng.randint(lo, hi)
    return rng.choice("123456789") + "".join(rng.choice(string.digits) for _ in range(n - 1))


def s10(rng: random.Random) -> str:
    """A UPU S10 postal item id (RR123456785CN) with its mod-11 check digit."""
    body = [rng.randint(0, 9) for _ in range(8)]
    check = 11 - sum(w * b for w, b in zip([8, 6, 4, 2, 3, 5, 9, 7], body, strict=True)) % 11
    check = {10: 0, 11: 5}.get(check, check)
    service = rng.choice(["RR", "RB", "LX", "CP", "EE", "UA"])
    return service + "".join(map(str, body)) + str(check) + rng.choice(["CN", "DE", "GB", "IN", "BR", "PL", "TR"])


def order_id(rng: random.Random) -> str:
    style = rng.choice(["run", "run", "run", "hash", "prefixed", "marketplace", "dated"])
    if style == "run":
        return run(rng, 8, 12)
    if style == "hash":
        return "#" + run(rng, 6, 10)
    if style == "prefixed":
        return rng.choice(["ORD-", "SO-", "WO-", "A"]) + run(rng, 6, 9)
    if style == "marketplace":
        return f"{run(rng, 3, 3)}-{run(rng, 7, 7)}-{run(rng, 7, 7)}"
    return f"{rng.choice(['2024', '2025'])}-{run(rng, 6, 6)}"


def ticket_id(rng: random.Random) -> str:
    style = rng.choice(["run", "run", "inc", "hash", "prefixed"])
    if style == "run":
        return run(rng, 7, 11)
    if style == "inc":
        return "INC" + f"{rng.randint(1, 9999999):07d}"
    if style == "hash":
        return "#" + run(rng, 5, 8)
    return rng.choice(["TCK-", "CS-", "SR-", "REQ-"]) + run(rng, 6, 8)


def booking_id(rng: random.Random) -> str:
    style = rng.choice(["pnr", "pnr", "run", "prefixed"])
    if style == "pnr":
        return "".join(rng.choice(PNR) for _ in range(6))
    if style == "run":
        return run(rng, 9, 11)
    return rng.choice(["BK-", "HTL-", "RES-"]) + run(rng, 7, 9)


def tracking_id(rng: random.Random) -> str:
    style = rng.choice(["run", "run", "ups", "s10", "usps", "jjd"])
    if style == "run":
        return run(rng, 10, 12)
    if style == "ups":
        return "1Z" + "".join(rng.choice(PNR) for _ in range(6)) + run(rng, 10, 10)
    if style == "s10":
        return s10(rng)
    if style == "usps":
        digits = rng.choice(["9400", "9205", "9361"]) + run(rng, 18, 18)
        return " ".join(digits[i : i + 4] for i in range(0, 22, 4))
    return "JJD" + f"{rng.randint(0, 10**18 - 1):018d}"


def claim_id(rng: random.Random) -> str:
    style = rng.choice(["run", "run", "clm", "dated"])
    if style == "run":
        return run(rng, 8, 11)
    if style == "clm":
        return "CLM-" + run(rng, 7, 8)
    return f"C-{rng.choice(['2024', '2025'])}-{run(rng, 6, 6)}"


def ref_id(rng: random.Random) -> str:
    style = rng.choice(["run", "run", "slash", "prefixed"])
    if style == "run":
        return run(rng, 8, 12)
    if style == "slash":
        return f"{rng.choice(['2024', '2025'])}/{run(rng, 5, 7)}"
    return rng.choice(["REF-", "R", "KY-"]) + run(rng, 7, 9)


def ids(rng: random.Random) -> dict[str, tuple[str, None]]:
    makers = {"order": order_id, "ticket": ticket_id, "booking": booking_id, "tracking": tracking_id}
    makers |= {"claim": claim_id, "ref": ref_id}
    return {slot: (make(rng), None) for slot, make in makers.items()}


# ---- rows ---------------------------------------------------------------------------------------------------------


def _turn(region: str, turns: dict[str, int]) -> str:
    languages = LANGUAGE_TURNS.get(region, REGIONS[region])
    language = languages[turns.get(region, 0) % len(languages)]
    turns[region] = turns.get(region, 0) + 1
    return language


def _tags(region: str, language: str, kind: str, *forms: str) -> list[str]:
    near = ["near-id"] if kind in ("near", "json") else []
    return ["phone", f"region-{region}", f"lang-{language}", *near, kind, *(f"form-{form}" for form in forms)]


def sentence_row(rng: random.Random, region: str, language: str, kind: str) -> Line:
    spec = LANGUAGES[language]
    template = rng.choice(spec[kind])
    form, v, number = written(rng, region)
    values = {"v": (v, PHONE), "name": (rng.choice(spec["names"]), None), **ids(rng)}
    forms = [form]
    if "{w}" in template:
        form2, w, other = written(rng, region)
        while e164(other) == e164(number):
            form2, w, other = written(rng, region)
        values["w"] = (w, PHONE)
        forms.append(form2)
    return templated(template, values, *_tags(region, language, kind, *forms))


def structured_row(rng: random.Random, region: str, language: str, kind: str) -> Line:
    spec = LANGUAGES[language]
    name, other_name = rng.sample(spec["names"], 2)
    head_name, head_phone = spec["header"]
    if kind == "json":
        form, v, _ = written(rng, region, ["e164", "international", "national", "intl_compact"])
        order = order_id(rng)
        line = Line(*_tags(region, language, kind, form)).add(spec["intro"] + "\n```json\n")
        line.add(f'{{"customer": "{name}", "phone": "').add(v, PHONE).add(f'", "order_id": "{order}", ')
        return line.add(f'"status": "{rng.choice(["shipped", "pending", "on_hold", "delivered"])}"}}\n```')
    if kind == "vcard":
        form, v, _ = written(rng, region, ["e164", "international"])
        line = Line(*_tags(region, language, kind, form)).add(spec["intro"] + "\nBEGIN:VCARD\nVERSION:3.0\n")
        line.add(f"FN:{name}\nTEL;TYPE={rng.choice(['cell', 'home', 'work,voice'])}:").add(v, PHONE)
        return line.add("\nEND:VCARD")
    if kind in ("md_link", "html_link"):
        form, v, number = written(rng, region)
        line = Line(*_tags(region, language, kind, form, "e164")).add(f"{name}: ")
        if kind == "md_link":
            return line.add("[").add(v, PHONE).add("](tel:").add(e164(number), PHONE).add(")")
        return line.add('<a href="tel:').add(e164(number), PHONE).add('">').add(v, PHONE).add("</a>")
    form, v, first = written(rng, region)
    form2, w, second = written(rng, region)
    while e164(second) == e164(first):
        form2, w, second = written(rng, region)
    line = Line(*_tags(region, language, kind, form, form2)).add(spec["intro"] + "\n")
    if kind == "csv":
        line.add(f"{head_name},{head_phone}\n{name},").add(v, PHONE).add(f"\n{other_name},").add(w, PHONE)
        return line
    if kind == "table":
        line.add(f"| {head_name} | {head_phone} |\n|---|---|\n| {name} | ").add(v, PHONE)
        return line.add(f" |\n| {other_name} | ").add(w, PHONE).add(" |")
    return line.add(f"- {name}: ").add(v, PHONE).add(f"\n- {other_name}: ").add(w, PHONE)


def phone_lines(rng: random.Random) -> list[Line]:
    lines: list[Line] = []
    turns: dict[str, int] = {}
    for kind, count in COUNTS.items():
        for i in range(count):
            region = ROUNDS[(i + len(lines)) % len(ROUNDS)]
            lines.append(sentence_row(rng, region, _turn(region, turns), kind))
    for kind, count in STRUCTURED.items():
        for i in range(count):
            region = ROUNDS[(i * 7 + len(lines)) % len(ROUNDS)]
            lines.append(structured_row(rng, region, _turn(region, turns), kind))
    return lines
