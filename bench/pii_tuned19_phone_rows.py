"""Replies of the held-out part that quote phone numbers: prose in each region's language, and records in many
document formats, most of them with an order, ticket, booking or tracking reference beside the number (in both
orders), some naming the number only by what is said around it."""

from __future__ import annotations

import random

from pii_corpus_values import PHONE, Line
from pii_tuned19_langs import CONTEXT_ONLY, LANGS
from pii_tuned19_phones import REGIONS, phone_value

UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def ref_id(rng: random.Random) -> tuple[str, str]:
    """(kind of reference, reference) - the kind is said in English in records and in the reply's language in
    prose."""
    n = rng.randrange(9)
    digits = lambda k: "".join(rng.choice("0123456789") for _ in range(k))  # noqa: E731
    letters = lambda k: "".join(rng.choice(UPPER) for _ in range(k))  # noqa: E731
    return [
        ("order", f"#{digits(7)}"),
        ("order", f"{letters(2)}-{digits(6)}"),
        ("ticket", f"TCK-{digits(5)}"),
        ("booking", letters(3) + digits(1) + letters(2)),
        ("tracking", f"1Z{letters(3)}{digits(3)}{digits(2)}{digits(8)}"),
        ("claim", f"CLM/{digits(4)}/{digits(5)}"),
        ("order", f"{digits(3)}-{digits(7)}-{digits(7)}"),
        ("case", f"{digits(8)}"),
        ("invoice", f"INV-{2020 + rng.randrange(7)}-{digits(5)}"),
    ][n]


def _setting(rng: random.Random, lang: str, phone: str, ref: tuple[str, str] | None, first: str) -> tuple[Line, str]:
    plabel, olabel, _, _ = LANGS[lang]
    kind, rid = ref if ref else ("", "")
    s = rng.randrange(14)
    line = Line()
    pairs = [(plabel, phone, PHONE), (olabel if kind == "order" else kind.title(), rid, None)] if ref else []
    if ref and first == "id-first":
        pairs.reverse()
    if not ref:
        pairs = [(plabel, phone, PHONE), ("Name", rng.choice(["A. Moreau", "K. Tanaka", "R. Singh", "L. Novak"]), None)]
    if s == 0:
        line.add("```json\n{")
        for j, (k, v, e) in enumerate(pairs):
            line.add(f'{", " if j else ""}"{k.lower()}": "').add(v, e).add('"')
        line.add("}\n```")
        return line, "setting-json"
    if s == 1:
        line.add("Here is the record:\n")
        for k, v, e in pairs:
            line.add(f"{k.lower().replace(' ', '_')}: ").add(v, e).add("\n")
        return line, "setting-yaml"
    if s == 2:
        line.add(",".join(k for k, _, _ in pairs) + "\n")
        for j, (_, v, e) in enumerate(pairs):
            line.add("," if j else "").add(v, e)
        return line, "setting-csv"
    if s == 3:
        line.add("<table><tr>" + "".join(f"<th>{k}</th>" for k, _, _ in pairs) + "</tr><tr>")
        for _, v, e in pairs:
            line.add("<td>").add(v, e).add("</td>")
        line.add("</tr></table>")
        return line, "setting-html"
    if s == 4:
        line.add("| " + " | ".join(k for k, _, _ in pairs) + " |\n|" + "---|" * len(pairs) + "\n|")
        for _, v, e in pairs:
            line.add(" ").add(v, e).add(" |")
        return line, "setting-markdown"
    if s == 5:
        line.add(
            f"2026-0{rng.randrange(1, 10)}-1{rng.randrange(10)}T0{rng.randrange(10)}:2{rng.randrange(10)}:11Z INFO"
        )
        for k, v, e in pairs:
            line.add(f" {k.lower().replace(' ', '_')}=").add(v, e)
        return line, "setting-log"
    if s == 6:
        line.add("[contact]\n")
        for k, v, e in pairs:
            line.add(f"{k.lower().replace(' ', '_')} = ").add(v, e).add("\n")
        return line, "setting-ini"
    if s == 7:
        line.add("<customer>")
        for _, v, e in pairs:
            tag = "ref" if e is None and ref else ("phone" if e else "name")
            line.add(f"<{tag}>").add(v, e).add(f"</{tag}>")
        line.add("</customer>")
        return line, "setting-xml"
    if s == 8:
        line.add("[10:42] Agent: ")
        for k, v, e in pairs:
            line.add(f"{k} ").add(v, e).add(", ")
        line.add("is that still right?\n[10:43] Customer: yes")
        return line, "setting-chat"
    if s == 9:
        line.add("SMS> ")
        for k, v, e in pairs:
            line.add(f"{k.upper()} ").add(v, e).add(" ")
        line.add("Reply STOP to opt out")
        return line, "setting-sms"
    if s == 10:
        line.add("RECEIPT\n--------\n")
        for k, v, e in pairs:
            line.add(f"{k + ':':<14}").add(v, e).add("\n")
        line.add(f"TOTAL {rng.randrange(10, 400)}.{rng.randrange(10, 99)}\n--------")
        return line, "setting-receipt"
    if s == 11:
        line.add("BEGIN:VCARD\nVERSION:3.0\nFN:Customer\n")
        for k, v, e in pairs:
            line.add("TEL;TYPE=cell:" if e else "NOTE:" + k + " ").add(v, e).add("\n")
        line.add("END:VCARD")
        return line, "setting-vcard"
    if s == 12:
        line.add("-----Forwarded message-----\nSubject: callback request\n\n")
        for k, v, e in pairs:
            line.add(f"{k}: ").add(v, e).add("\n")
        return line, "setting-email"
    for k, v, e in pairs:
        line.add(f"{k} [").add(v, e).add("] ")
    line.add("- form submitted")
    return line, "setting-form"


def phone_rows(rng: random.Random) -> list[Line]:
    rows: list[Line] = []
    regions = list(REGIONS)
    for i, region in enumerate(regions * 7):
        lang = REGIONS[region][1]
        if i % 5 == 4:
            lang = rng.choice(["en", "es", "fr", "de"]) if i % 3 else lang
        phone = phone_value(rng, region)
        near = i % 8 < 4
        first = "id-first" if i % 2 else "phone-first"
        tags = ["phone", f"region-{region}", f"lang-{lang}"]
        if i % 8 in (0, 1):  # prose in the language
            _, _, plain, with_id = LANGS[lang]
            line = Line(*tags, "setting-prose")
            if near and first == "id-first":
                before, _, rest = with_id.partition("{i}")
                mid, _, after = rest.partition("{p}")
                line.add(before).add(ref_id(rng)[1]).add(mid).add(phone, PHONE).add(after)
                line.tags += ["near-id", "id-first"]
            elif near:
                before, _, after = plain.partition("{p}")
                kind, rid = ref_id(rng)
                line.add(before).add(phone, PHONE).add(after).add(f" ({kind} {rid})")
                line.tags += ["near-id", "phone-first"]
            else:
                before, _, after = plain.partition("{p}")
                line.add(before).add(phone, PHONE).add(after)
            rows.append(line)
            continue
        if i % 8 == 7 and i < len(regions) * 4:
            clang = rng.choice(list(CONTEXT_ONLY))
            before, _, after = rng.choice(CONTEXT_ONLY[clang]).partition("{p}")
            line = Line("phone", f"region-{region}", f"lang-{clang}", "context-only", "setting-prose")
            rows.append(line.add(before).add(phone, PHONE).add(after))
            continue
        ref = ref_id(rng) if near else None
        line, setting = _setting(rng, lang, phone, ref, first)
        line.tags = tags + [setting] + (["near-id", first] if ref else [])
        rows.append(line)
    return rows
