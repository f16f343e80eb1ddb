"""People's email addresses for the held-out part (bench/make_pii_heldout.py), in the places a support bot quotes them
(signatures, forwarded headers, CRM exports, JSON, logs, mailto: links, HTML, vCards, chat), and replies whose "@"
is not a person's address."""

from __future__ import annotations

import random

from pii_corpus_values import EMAIL, Line
from pii_heldout_values import digits, fill, some_id, upper

GIVEN = ["marta", "kofi", "ilse", "rohan", "sigrid", "tadeo", "yuki", "bronwyn", "emeka", "ludmila", "faisal"]
GIVEN += ["caoimhe", "javier", "annika", "thuy", "grzegorz", "leilani", "ozan", "petra", "wanjiru", "hyun"]
FAMILY = ["kowalczyk", "ferreira", "oyelowo", "haugland", "nakashima", "ribeiro", "mcallister", "demir"]
FAMILY += ["van-dijk", "papadaki", "sorensen", "achterberg", "mwangi", "delgado", "lindholm", "chaudhry"]
DOMAINS = ["gmail.com", "outlook.com", "hotmail.co.uk", "yahoo.com.br", "gmx.at", "web.de", "free.fr", "orange.fr"]
DOMAINS += ["libero.it", "seznam.cz", "o2.pl", "mail.ru", "naver.com", "qq.com", "163.com", "yandex.kz"]
DOMAINS += ["icloud.com", "proton.me", "fastmail.fm", "zoho.in", "bluewin.ch", "telenet.be", "ziggo.nl"]
DOMAINS += ["brightlane-logistics.com", "kestrel.studio", "hq.tamarind-foods.co.za", "mail.uni-graz.at"]
DOMAINS += ["eng.harbourview.health", "staff.lycee-jaures.fr", "corp.nordvik.no", "agency.pixelmoth.design"]
TAGS = ["orders", "returns", "amazon", "news", "2024", "bank", "travel", "shop"]


def person_email(rng: random.Random) -> str:
    g, f = rng.choice(GIVEN), rng.choice(FAMILY)
    style = rng.randrange(9)
    if style == 0:
        local = f"{g}.{f}"
    elif style == 1:
        local = f"{g[0]}{f}"
    elif style == 2:
        local = f"{g}_{f}{rng.randint(1, 99)}"
    elif style == 3:
        local = f"{g}.{f}+{rng.choice(TAGS)}"
    elif style == 4:
        local = f"{g}-{f}"
    elif style == 5:
        local = f"{g}{rng.randint(1970, 2005)}"
    elif style == 6:
        local = f"{g}.{f}".upper()
    elif style == 7:
        local = f"{f}.{g[0]}"
    else:
        local = f"{g}{f[:3]}.{digits(rng, 2)}"
    domain = rng.choice(DOMAINS)
    value = f"{local}@{domain}"
    return value.upper() if style == 6 and rng.random() < 0.5 else value


def _display(addr: str) -> str:
    local = addr.split("@")[0].split("+")[0].lower().rstrip("0123456789")
    parts = [p for p in local.replace("_", ".").split(".") if p.replace("-", "").isalpha() and len(p) > 1]
    return " ".join("-".join(w.capitalize() for w in p.split("-")) for p in parts) or "Customer"


# setting -> templates; {e} (and {e2}) an address, {who} a display name, {id} an id, {t} a time
EMAIL_TEMPLATES: dict[str, list[str]] = {
    "signature": [
        "Thanks for your patience!\n\n--\n{who}\nProcurement, Brightlane Logistics\n{e}",
        "Kind regards / Mit freundlichen Grüßen\n{who} | {e} | Room 4.12",
    ],
    "forwarded": [
        "---------- Forwarded message ---------\nFrom: {who} <{e}>\nDate: Mon, 3 Mar 2025 at 09:12\nSubject: Re: {id}",
        "-----Ursprüngliche Nachricht-----\nVon: {who} <{e}>\nGesendet: Freitag\nAn: support\nBetreff: Rechnung {id}",
        "Le mar. 4 févr. 2025 à 18:02, {who} <{e}> a écrit :\n> Bonjour, toujours rien reçu pour {id}.",
    ],
    "crm": [
        "contact_id,first_name,email,owner,created\n{n},{who},{e},ops-bot,2025-01-09",
        "Lead #{n} | {who} | {e} | stage: negotiation",
    ],
    "json": [
        '{{"id": {n}, "name": "{who}", "email": "{e}", "marketing": false}}',
        '{{"event": "password_reset", "user": {{"email": "{e}"}}, "ticket": "{id}"}}',
    ],
    "log": [
        "{t} INFO mailer sent template=receipt to=<{e}> order={id}",
        "{t} ERROR smtp bounce rcpt={e} code=550 reason=mailbox_full",
    ],
    "mailto": [
        'You can write to {who} directly: <a href="mailto:{e}">{who}</a>',
        "[Email {who}](mailto:{e}?subject={id})",
    ],
    "html": ['<td class="email">{e}</td><td>{who}</td>', "<li><strong>{who}</strong> &lt;{e}&gt;</li>"],
    "vcard": ["BEGIN:VCARD\nVERSION:3.0\nFN:{who}\nEMAIL;TYPE=INTERNET:{e}\nEND:VCARD"],
    "chat": [
        "[{t}] {who}: can you send the invoice to {e} instead?\n[{t}] Bot: Done, resent to that address.",
        "{who} (guest): my login is {e} but the code never arrives",
    ],
    "prose": [
        "The account for {id} is registered to {e}; I've sent the reset link there.",
        "La factura se envió a {e} el lunes por la mañana.",
        "Die Bestellbestätigung ging an {e}, bitte auch im Spam nachsehen.",
        "J'ai mis {e} en copie du dossier {id}.",
        "A nota fiscal foi enviada para {e}.",
        "注文確認メールは {e} 宛に送信済みです。",
        "Both owners are on the account: {e} and {e2}.",
        "I've swapped the billing contact from {e} to {e2} as asked.",
    ],
    "headers": ["To: {who} <{e}>\nCc: {e2}\nSubject: Your return {id}", "Reply-To: {e}\nX-Ticket: {id}"],
    "kv": ['user.email={e} user.name="{who}" plan=pro', "email: {e}\nname: {who}\nlocale: pt-BR"],
}


def email_rows(rng: random.Random, count: int = 380) -> list:
    out = []
    settings = list(EMAIL_TEMPLATES)
    for i in range(count):
        setting = settings[i % len(settings)]
        template = rng.choice(EMAIL_TEMPLATES[setting])
        e = person_email(rng)
        slots = {
            "e": (e, EMAIL), "e2": (person_email(rng), EMAIL), "who": (_display(e), None), "id": (some_id(rng), None),
            "n": (digits(rng, 6), None), "t": (f"2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} 0{rng.randint(0, 9)}:{digits(rng, 2)}:{rng.randint(10, 59)}", None),
        }  # fmt: skip
        out.append(fill(template, slots, "email", f"setting-{setting}"))
    return out


# ---- "@" that is not a person's address --------------------------------------------------------------------------


def _word(rng: random.Random) -> str:
    return rng.choice(["lumen", "orbit", "pine", "quartz", "ember", "delta", "fjord", "sable", "nimbus", "tidal"])


def _masked(rng: random.Random) -> str:
    g = rng.choice(GIVEN)
    return rng.choice(
        [
            f"{g[0]}***@{rng.choice(DOMAINS)}",
            f"{g[:2]}•••••@{rng.choice(DOMAINS)}",
            f"{g[0]}{'*' * rng.randint(3, 7)}{g[-1]}@g****.com",
        ]
    )


AT_NEGATIVES = {
    "handle": lambda r: f"Follow us on Instagram @{_word(r)}{_word(r)}_{r.randint(10, 99)} for restock alerts.",
    "asset": lambda r: (
        f"The retina logo is missing: /static/img/{_word(r)}-{r.randint(1, 99)}@{r.choice(['2x', '1.5x', '3x'])}.png returns 404."
    ),
    "asset2": lambda r: (
        f"Upload both sizes: icon-{_word(r)}@1.5x.webp and icon-{_word(r)}@2x.webp ({r.randint(24, 96)}px base)."
    ),
    "package": lambda r: (
        f"Run npm install @{_word(r)}/{_word(r)}-ui@{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 9)} to fix the build."
    ),
    "localhost": lambda r: (
        f"The webhook points at http://localhost:{r.randint(3000, 9999)} - try postgres://app@localhost:5432/{_word(r)} instead."
    ),
    "scp": lambda r: (
        f"Copy the export with scp dump_{digits(r, 6)}.sql deploy@{r.randint(10, 192)}.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}:/srv/backups/"
    ),
    "masked_email": lambda r: (
        f"For security we only show part of it: {_masked(r)}. Check that inbox for code {digits(r, 6)}."
    ),
    "decorator": lambda r: (
        f"Wrap the handler with @{r.choice(['retry', 'cached', 'login_required', 'dataclass'])}(max_attempts={r.randint(2, 9)}) before deploying ticket {some_id(r)}."
    ),
    "pinned_version": lambda r: (
        f"Pin the action to actions/checkout@v{r.randint(2, 4)} and {_word(r)}-cli@{r.randint(1, 5)}.{r.randint(0, 20)}.{r.randint(0, 9)} in the workflow."
    ),
    "slack_mention": lambda r: (
        f"I've escalated {some_id(r)} to @{_word(r)}-oncall and @here in #support-tier{r.randint(2, 3)}."
    ),
    "css_media": lambda r: (
        f"The mobile bug comes from @media (max-width: {r.randint(320, 1024)}px) overriding .cart-{_word(r)}."
    ),
    "sql_variable": lambda r: (
        f"Set @order_total = {r.randint(10, 999)}.{digits(r, 2)}; then run SELECT * FROM refunds WHERE amount > @order_total;"
    ),
    "git_remote": lambda r: (
        f"Clone it with git clone git@github.com:{_word(r)}-labs/{_word(r)}.git and checkout v{r.randint(1, 9)}.{r.randint(0, 9)}."
    ),
    "docker_digest": lambda r: (
        f"The image is pinned as registry.example/{_word(r)}@sha256:{''.join(r.choice('0123456789abcdef') for _ in range(64))}."
    ),
    "at_price": lambda r: (
        f"Your cart: {r.randint(2, 9)} x oat milk @ €{r.randint(1, 3)}.{digits(r, 2)} each, {r.randint(1, 4)} x bread @ €{r.randint(1, 5)}.{digits(r, 2)}."
    ),
    "at_time": lambda r: (
        f"Standup moved to Thursday @ {r.randint(8, 11)}:{r.choice(['00', '15', '30', '45'])} - room {upper(r, 1)}{r.randint(100, 499)}."
    ),
    "ssh_login": lambda r: (
        f"Log in with ssh -p {r.randint(2200, 2299)} ops@bastion-{r.randint(1, 9)}.{_word(r)}.internal and tail the logs."
    ),
    "k8s_ref": lambda r: (
        f"Your kubeconfig context is kubernetes-admin@{_word(r)}-{r.choice(['prod', 'staging', 'eu-west', 'ap-south'])}-{r.randint(1, 99)}; namespace shop-{digits(r, 4)}."
    ),
    "java_annotation": lambda r: (
        f"Add @JsonIgnore to the field {_word(r)}Token in class Order{r.randint(1, 999)}Dto (see {some_id(r)})."
    ),
}


def at_negative_rows(rng: random.Random, per_kind: int = 12) -> list:
    out, seen = [], set()
    for kind, make in AT_NEGATIVES.items():
        for _ in range(per_kind):
            text = make(rng)
            while text in seen:
                text = make(rng)
            seen.add(text)
            tag = "asset" if kind == "asset2" else kind
            out.append(Line("negative", tag, "at-sign").add(text))
    return out
