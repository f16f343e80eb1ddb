"""Phone rows of the held-out corpus: each region's replies in its language, most beside an order, ticket, booking or
tracking id, set in a document format (chat, SMS, JSON, YAML, CSV, HTML, Markdown, e-mail, log, key=value, INI, XML,
vCard note, web form)."""

from __future__ import annotations

import random
import re

from pii_corpus_values import PHONE, Line
from pii_tuned20_langs import PHONE_SENTENCES
from pii_tuned20_phones import REGIONS, phone

SLOT = re.compile(r"\{([a-z]+)\}")

SETTINGS: dict[str, str] = {
    "prose": "{body}",
    "chat": "[10:42] Agent Mia: {body}\n[10:43] Customer: ok thanks",
    "sms": "ShopBot: {body} Reply STOP to opt out.",
    "json": '{"reply": {"lang": "LANG", "text": "{body}"}, "status": "sent"}',
    "yaml": "reply:\n  lang: LANG\n  text: >\n    {body}\n  status: sent",
    "csv": 'created_at,channel,lang,text\n2025-03-04 10:12,chat,LANG,"{body}"',
    "html": '<table class="notes"><tr><th>Lang</th><td>LANG</td></tr><tr><th>Text</th><td>{body}</td></tr></table>',
    "markdown": "| field | value |\n|---|---|\n| lang | LANG |\n| reply | {body} |",
    "email": "Subject: Re: [Support] your request\nDate: Tue, 4 Mar 2025 10:12:00 +0100\nContent-Language: LANG\n\n{body}",
    "log": '2025-03-04T10:12:33.118Z INFO bot.reply session=7f3a91 lang=LANG text="{body}"',
    "kv": 'event=reply lang=LANG text="{body}" agent=bot-2',
    "ini": "[reply]\nlang = LANG\ntext = {body}",
    "xml": '<reply xml:lang="LANG"><text>{body}</text></reply>',
    "vcard": "BEGIN:VCARD\nVERSION:3.0\nFN:Support note\nNOTE:{body}\nEND:VCARD",
    "form": "Contact form (internal)\n  Language: LANG\n  Agent remark: {body}\n  [ Save ]",
}


def fill(line: Line, template: str, values: dict[str, tuple[str, str | None]]) -> Line:
    """Append ``template`` to ``line`` with its ``{id}``/``{p}`` slots filled (other braces are left as they are)."""
    pos = 0
    for match in SLOT.finditer(template):
        line.add(template[pos : match.start()])
        text, entity = values[match.group(1)]
        line.add(text, entity)
        pos = match.end()
    line.add(template[pos:])
    return line


def order_id(rng: random.Random) -> str:
    n = rng.randint
    return rng.choice(
        [
            f"#{n(100000, 9999999)}",
            f"ORD-{n(2023, 2026)}-{n(10000, 999999)}",
            f"TKT-{n(1000, 99999)}",
            f"{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{rng.choice('ABCDEFGHJKLMNPQRSTUVWXYZ')}{n(1000000, 99999999)}",
            f"BK{n(10, 99)}{rng.choice('QWXZ')}{n(1000, 9999)}",
            f"{n(100, 999)}-{n(1000000, 9999999)}-{n(1000000, 9999999)}",
            f"CASE{n(10000000, 99999999)}",
            f"1Z{n(100, 999)}E{n(10, 99)}{n(100000000, 999999999)}",
            f"{n(10**11, 10**12 - 1)}",
            f"RMA/{n(2024, 2026)}/{n(1000, 9999)}",
            f"INC{n(1000000, 9999999):07d}",
        ]
    )


def region_setting(rng: random.Random) -> str:
    return rng.choice(list(SETTINGS))


def phone_row(rng: random.Random, region: str, kind: str, template: str, setting: str) -> Line:
    lang = REGIONS[region][1]
    wrapper = SETTINGS[setting].replace("LANG", lang)
    body_at = wrapper.index("{body}")
    tags = ["phone", f"region-{region}", f"lang-{lang}", f"setting-{setting}"]
    if kind == "id":
        tags += ["near-id", "id-first" if template.index("{id}") < template.index("{p}") else "phone-first"]
    elif kind == "ctx":
        tags.append("context-only")
    line = Line(*tags)
    full = wrapper[:body_at] + template + wrapper[body_at + len("{body}") :]
    return fill(line, full, {"id": (order_id(rng), None), "p": (phone(rng, region), PHONE)})


def phone_lines(rng: random.Random) -> list[Line]:
    lines = []
    for region in REGIONS:
        lang = REGIONS[region][1]
        sentences = PHONE_SENTENCES[lang]
        with_id = [s for s in sentences if s[0] == "id"]
        ctx = [s for s in sentences if s[0] == "ctx"] or [s for s in sentences if s[0] == "plain"]
        plain = [s for s in sentences if s[0] == "plain"]
        chosen = [rng.choice(with_id) for _ in range(3)] + [rng.choice(ctx), rng.choice(plain)]
        for kind, template in chosen:
            lines.append(phone_row(rng, region, kind, template, region_setting(rng)))
    return lines
