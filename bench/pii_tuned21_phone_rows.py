"""Phone replies of the held-out part (bench/make_pii_tuned21.py): a number of each region in one of the region's
languages, beside an order, ticket or booking reference (either order) or named only by the context, in prose or
quoted from a record (JSON, YAML, CSV, HTML, Markdown, vCard, logs, receipts, mail headers, INI, XML, chat, SMS...)."""

from __future__ import annotations

import random

import phonenumbers
from pii_corpus_values import PHONE, Line
from pii_tuned21_langs import LANGS
from pii_tuned21_phones import REGIONS, phone, phone_is_valid

SETTINGS = [
    "prose", "json", "yaml", "csv", "html", "markdown", "vcard", "log", "receipt", "email",
    "kv", "ini", "xml", "chat", "sms", "form",
]  # fmt: skip
NAMES = [
    "Amara", "Bogdan", "Chiara", "Dmitri", "Esra", "Farid", "Gwen", "Hiroshi", "Ines", "Jonas", "Kalani", "Leila",
    "Mateus", "Nadia", "Oisín", "Priya", "Quang", "Rania", "Sven", "Tamar", "Uchenna", "Valeria", "Wiremu", "Ximena",
    "Yusuf", "Zofia", "Aroha", "Bilal", "Catalina", "Dara", "Eero", "Fatou", "Goran", "Hana", "Ilse", "Jae-won",
]  # fmt: skip
LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def reference(rng: random.Random) -> str:
    """An order, ticket, booking or claim reference (often all digits, as long as a phone number)."""
    n = rng.randint
    style = rng.randrange(12)
    if style == 0:
        return f"#{n(1000000, 99999999)}"
    if style == 1:
        return f"ORD-{n(2023, 2026)}-{n(100000, 999999)}"
    if style == 2:
        return "".join(rng.choice(LETTERS + "23456789") for _ in range(6))
    if style == 3:
        return f"TCK-{n(10000, 999999)}"
    if style == 4:
        return f"{n(100, 999)}-{n(1000000, 9999999)}"
    if style == 5:
        return f"SR{n(10**8, 10**9 - 1)}"
    if style == 6:
        return f"{n(10**9, 10**10 - 1)}"
    if style == 7:
        return f"RMA {n(10000, 99999)}-{n(1, 9)}"
    if style == 8:
        return f"{rng.choice(LETTERS)}{rng.choice(LETTERS)}{n(100000, 999999)}{rng.choice(LETTERS)}"
    if style == 9:
        return f"CLM/{n(2024, 2026)}/{n(1000, 99999):05d}"
    if style == 10:
        return f"{n(10, 99)} {n(1000, 9999)} {n(1000, 9999)}"
    return f"INC{n(1000000, 9999999)}"


def _row(rng: random.Random, region: str, lang: str, setting: str, order: str, value: str) -> Line:
    """One reply; ``order`` is id-first, phone-first or context-only."""
    word, ref_word, id_first, phone_first, context = LANGS[lang]
    ref = reference(rng)
    name = rng.choice(NAMES)
    tags = ["phone", f"region-{region}", f"lang-{lang}", f"setting-{setting}"]
    tags += ["context-only"] if order == "context-only" else ["near-id", order]
    line = Line(*tags)
    pairs = [(ref_word, ref, None), (word, value, PHONE)]
    if order == "phone-first":
        pairs.reverse()
    if order == "context-only":
        pairs = [(word, value, PHONE)]

    def pieces(between: str, fmt: str, fmt_phone: str | None = None) -> None:
        for i, (k, v, ent) in enumerate(pairs):
            form = fmt_phone if ent and fmt_phone else fmt
            before, after = form.replace("{kl}", k.lower().replace(" ", "_")).replace("{k}", k).split("{v}")
            line.add(before)
            line.add(v, ent)
            line.add(after)
            if i < len(pairs) - 1:
                line.add(between)

    if setting == "prose" or (order == "context-only" and setting in ("chat", "sms", "email")):
        template = {"id-first": id_first, "phone-first": phone_first, "context-only": context}[order]
        prefix = {"chat": f"[{rng.randint(8, 21):02d}:{rng.randint(0, 59):02d}] bot: ", "sms": "SMS> "}
        line.add(prefix.get(setting, ""))
        before, _, rest = template.partition("{")
        while True:
            line.add(before)
            slot, _, rest = rest.partition("}")
            line.add(value, PHONE) if slot == "p" else line.add(ref)
            before, brace, rest = rest.partition("{")
            if not brace:
                line.add(before)
                break
        return line
    if setting == "json":
        line.add(f'{{"customer": "{name}", ')
        pieces(", ", '"{kl}": "{v}"')
        line.add(f', "status": "open", "seq": {rng.randint(1, 400)}}}')
    elif setting == "yaml":
        line.add(f"- customer: {name}\n  ")
        pieces("\n  ", "{kl}: '{v}'")
        line.add(f"\n  priority: P{rng.randint(1, 4)}")
    elif setting == "csv":
        line.add(",".join(["name"] + [p[0] for p in pairs]) + f"\n{name},")
        pieces(",", "{v}")
    elif setting == "html":
        line.add("<table><tr>" + "".join(f"<th>{p[0]}</th>" for p in pairs) + "</tr><tr>")
        pieces("", "<td>{v}</td>")
        line.add("</tr></table>")
    elif setting == "markdown":
        line.add(f"| Client | {' | '.join(p[0] for p in pairs)} |\n|---|" + "---|" * len(pairs) + f"\n| {name} | ")
        pieces(" | ", "{v}")
        line.add(" |")
    elif setting == "vcard":
        line.add(f"BEGIN:VCARD\nVERSION:3.0\nFN:{name} {rng.choice(LETTERS)}.\n")
        pieces("\n", "NOTE:{k} {v}", "TEL;TYPE=CELL:{v}")
        line.add("\nEND:VCARD")
    elif setting == "log":
        line.add(f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}T{rng.randint(10, 23)}:{rng.randint(10, 59)}:07Z ")
        line.add(f"INFO callback.queue region={region} ")
        pieces(" ", '{kl}="{v}"')
    elif setting == "receipt":
        line.add(f"*** {name.upper()} MARKET ***\nTotal  {rng.randint(3, 300)}.{rng.randint(10, 99)}\n")
        pieces("\n", "{k}: {v}")
        line.add("\n*** THANK YOU ***")
    elif setting == "email":
        line.add(
            f"Subject: Re: {ref_word} {ref}\nDate: Mon, {rng.randint(1, 28)} Apr 2026 09:{rng.randint(10, 59)}\n\n"
        )
        pieces("\n", "{k}: {v}")
    elif setting == "kv":
        pieces(" ", "{kl}={v}")
        line.add(f" agent={name.lower()} retries={rng.randint(0, 5)}")
    elif setting == "ini":
        line.add(f"[contact_{rng.randint(1, 90)}]\nname = {name}\n")
        pieces("\n", "{kl} = {v}")
    elif setting == "xml":
        line.add(f"<contact><name>{name}</name>")
        pieces("", '<field name="{kl}">{v}</field>')
        line.add("</contact>")
    elif setting in ("chat", "sms"):
        line.add(f"{name}: " if setting == "chat" else "")
        pieces(" / ", "{k} {v}")
    else:  # form
        line.add(f"Name: ____{name}____\n")
        pieces("\n", "{k}: [ {v} ]")
    return line


def phone_rows(rng: random.Random) -> list[Line]:
    lines = []
    regions = sorted(REGIONS)
    i = 0
    for round_ in range(6):
        for region in regions:
            langs = REGIONS[region][1:]
            lang = langs[(round_ + i) % len(langs)]
            i += 1
            value = phone(rng, region)
            if i % 13 == 0:
                order = "context-only"
            else:
                order = "id-first" if rng.random() < 0.5 else "phone-first"
            setting = SETTINGS[(i * 7 + round_) % len(SETTINGS)] if rng.random() < 0.7 else "prose"
            line = _row(rng, region, lang, setting, order, value)
            if setting == "html" and rng.random() < 0.4:
                e164 = phonenumbers.format_number(
                    phonenumbers.parse(value, region), phonenumbers.PhoneNumberFormat.E164
                )
                # the link's target is labelled too, as every other part labels it (a label added once this part
                # became tuned part 21: the number is in the reply, and masking must cover it; docs/benchmarks.md)
                line.add('\n<a href="tel:').add(e164, PHONE).add('">')
                line.add(e164, PHONE)
                line.add("</a>")
                assert phone_is_valid(e164, region)
            lines.append(line)
    return lines
