"""Hard negatives of tuned part 3 of the PII corpus (bench/make_pii_tuned3.py): image assets, npm packages,
handles, masked addresses, git remotes, image digests, part and claim numbers shaped like SSNs, EINs, routing
numbers, IMEIs, ICCIDs, BICs, creditor references, VAT numbers and meeting ids, tagged ``["negative", kind]``.
Split out of the generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import Line, luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned3_slots import (  # noqa: E402 - bench scripts run with bench/ on the path
    amount,
    booking_no,
    clock,
    d,
    date,
    letters,
    nz,
    order_no,
    ticket_no,
    tracking_no,
)

# ---- hard negatives -----------------------------------------------------------------------------------------------

ASSETS = ["btn-pay", "icon-cart", "hero-banner", "logo", "avatar_default", "badge-gold", "spinner", "map-pin",
          "app-store", "ic_refund", "splash", "thumb-hotel"]  # fmt: skip
SCALES = ["2x", "3x", "1.5x", "2x", "4x", "3x"]
EXTS = ["png", "jpg", "webp", "svg", "gif", "avif", "jpeg"]
SCOPED = ["@angular/core", "@types/node", "@mui/material", "@aws-sdk/client-s3", "@tanstack/react-query",
          "@vitejs/plugin-react", "@nestjs/common", "@sentry/browser", "@stripe/stripe-js", "@prisma/client"]  # fmt: skip
VERSIONED = ["react@18.3.1", "lodash@4.17.21", "node@20", "pnpm@9.1.0", "typescript@5.4.5", "python@3.12",
             "openssl@3", "actions/checkout@v4", "actions/setup-node@v4", "vue@next", "eslint@8.57.0"]  # fmt: skip
HANDLES = ["@AcmeHelp", "@QuickShipCare", "@NorthPeakTravel", "@SafeHarbourIns", "@BankOfFjords", "@kiwi_rail_help"]
SLACK = ["@ops-oncall", "@here", "@channel", "@billing-team", "@refunds-bot"]
MASKED = ["j***@gmail.com", "m****a@outlook.com", "a.k*****@wp.pl", "s***@***.com", "pa*****@yahoo.es",
          "t****@web.de", "l***n@telia.se", "r***@naver.com", "e****.c*****@icloud.com", "***@sapo.pt"]  # fmt: skip
REPOS = ["acme/checkout", "platform/infra", "mobile/ios-app", "data/etl-jobs", "web/storefront", "tools/billing"]


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def asset(rng: random.Random) -> str:
    return f"{rng.choice(ASSETS)}@{rng.choice(SCALES)}.{rng.choice(EXTS)}"


def imei(rng: random.Random) -> str:
    body = rng.choice(["35", "86", "01", "99"]) + d(rng, 12)
    full = body + luhn_digit(body)
    return rng.choice(
        [full, f"{full[:2]}-{full[2:8]}-{full[8:14]}-{full[14]}", f"{full[:2]} {full[2:8]} {full[8:14]} {full[14]}"]
    )


def iccid(rng: random.Random) -> str:
    body = "89" + rng.choice(["44", "49", "33", "48", "46", "61"]) + d(rng, 14)
    full = body + luhn_digit(body)
    return rng.choice([full, " ".join(full[i : i + 4] for i in range(0, len(full), 4))])


def isbn(rng: random.Random) -> str:
    body = "978" + d(rng, 9)
    check = (10 - sum(int(ch) * (3 if i % 2 else 1) for i, ch in enumerate(body)) % 10) % 10
    return f"{body[:3]}-{body[3]}-{body[4:7]}-{body[7:]}-{check}"


def ein(rng: random.Random) -> str:
    prefix = rng.choice(["12", "20", "27", "33", "45", "46", "52", "61", "74", "81", "94", "98"])
    return f"{prefix}-{d(rng, 7)}"


def routing(rng: random.Random) -> str:
    while True:
        body = rng.choice(["0", "1", "2", "3"]) + d(rng, 7)
        for check in "0123456789":
            n = body + check
            total = sum(int(n[i]) * w for i, w in enumerate([3, 7, 1, 3, 7, 1, 3, 7, 1]))
            if total % 10 == 0:
                return n


def ssn_shaped(rng: random.Random) -> str:
    return f"{rng.randint(100, 899)}-{rng.randint(10, 99)}-{rng.randint(1000, 9999)}"


def creditor_reference(rng: random.Random) -> str:
    ref = d(rng, rng.choice([8, 10, 12]))
    value = int("".join(str(int(ch, 36)) for ch in ref + "RF00"))
    full = f"RF{98 - value % 97:02d}{ref}"
    return rng.choice([full, " ".join(full[i : i + 4] for i in range(0, len(full), 4))])


def sepa_creditor_id(rng: random.Random) -> str:
    country = rng.choice(["DE", "NL", "AT", "FR", "ES", "IT"])
    national = d(rng, 11 if country == "DE" else 9)
    value = int("".join(str(int(ch, 36)) for ch in national + country + "00"))
    return f"{country}{98 - value % 97:02d}ZZZ{national}"


def bic(rng: random.Random) -> str:
    return rng.choice(["COBADEFFXXX", "BNPAFRPP", "INGBNL2A", "NDEASESS", "BPKOPLPW", "CGDIPTPL", "GEBABEBB",
                       "BKAUATWW", "UBSWCHZH80A", "BSCHESMM", "UNCRITMM", "DABADKKK", "HANDSESS"])  # fmt: skip


def vat(rng: random.Random) -> str:
    return rng.choice([f"DE{d(rng, 9)}", f"FR{d(rng, 2)} {d(rng, 9)}", f"PL{nz(rng, 10)}", f"NL{d(rng, 9)}B01",
                       f"SE{d(rng, 10)}01", f"ATU{d(rng, 8)}", f"PT{nz(rng, 9)}", f"BE0{d(rng, 9)}"])  # fmt: skip


def negative_makers(rng: random.Random) -> list[tuple[str, str]]:
    """(kind, reply) pairs: lookalikes a careful reviewer would not mark as personal data."""
    o, t, b = order_no(rng), ticket_no(rng), booking_no(rng)
    r = rng.randint
    return [
        # identifiers next to the words phone / call / mobile
        ("phone_word", f"Your phone order {o} has shipped and should arrive on Thursday."),
        ("phone_word", f"Mobile booking reference: {b}. Show it at the desk."),
        ("phone_word", f"Call reference {r(2024, 2026)}{r(1, 12):02d}{r(1, 28):02d}-{d(rng, 4)} has been closed."),
        ("phone_word", f"The phone repair ticket {t} is waiting for a spare screen."),
        ("phone_word", f"Replacement phone case, SKU {nz(rng, 3)}-{d(rng, 3)}-{d(rng, 4)}, is back in stock."),
        ("phone_word", f"Order no. {nz(rng, 10)} for the mobile accessories bundle ({amount(rng)}) was refunded."),
        ("phone_word", f"Please call us and quote delivery number {nz(rng, 4)} {d(rng, 3)} {d(rng, 4)}."),
        ("phone_word", f"Your mobile plan invoice {d(rng, 3)}-{d(rng, 3)}-{d(rng, 4)}-{d(rng, 2)} is due on the 5th."),
        ("phone_word", f"Phone: see ticket {t}; the customer asked not to share a number."),
        ("phone_word", f"Llame y dé el número de pedido {nz(rng, 9)} al agente."),
        ("phone_word", f"Ihre Handy-Bestellung {o} wurde storniert."),
        ("phone_word", f"मोबाइल कवर का ऑर्डर नंबर {nz(rng, 11)} है।"),
        ("phone_word", f"Numer zamówienia telefonu: {nz(rng, 3)} {d(rng, 3)} {d(rng, 3)}."),
        ("phone_word", f"Call centre case {d(rng, 2)}-{d(rng, 4)}-{d(rng, 4)} is escalated to tier 2."),
        ("phone_word", f"Tracking for your new mobile: {tracking_no(rng)}."),
        ("meeting_id", f"Join the call: meeting ID {nz(rng, 3)} {d(rng, 4)} {d(rng, 4)}, passcode {d(rng, 6)}."),
        ("meeting_id", f"Webex call {nz(rng, 4)} {d(rng, 3)} {d(rng, 4)} starts at {clock(rng)}."),
        # dates, amounts, times near phone words
        ("datetime", f"The call was logged at {r(2025, 2026)}-{r(1, 12):02d}-{r(1, 28):02d} {clock(rng)}:{d(rng, 2)}."),
        ("amount", f"Your phone bill for June is {r(10, 99)},{d(rng, 2)} € (ref. {d(rng, 2)}.{d(rng, 3)}.{d(rng, 3)})."),
        ("flight", f"Flight LH {r(100, 2999)} on {date(rng)}, PNR {letters(rng, 6)}, seat {r(1, 40)}C."),
        ("isbn", f"The book you ordered by phone is ISBN {isbn(rng)}."),
        # email lookalikes
        ("asset", f"The checkout page is missing {asset(rng)}; please re-upload it."),
        ("asset", f"<img src=\"/static/img/{asset(rng)}\" alt=\"\">"),
        ("asset", f"srcset=\"img/{rng.choice(ASSETS)}.png 1x, img/{rng.choice(ASSETS)}@2x.png 2x\""),
        ("asset", f"background: url(\"../assets/{rng.choice(ASSETS)}@1.5x.webp\") no-repeat;"),
        ("asset", f"![banner](https://cdn.shop.io/ui/{asset(rng)})"),
        ("package", f"Run `npm install {rng.choice(SCOPED)}` in the storefront folder, then restart the dev server."),
        ("package", f"The bug came from {rng.choice(SCOPED)} {r(1, 9)}.{r(0, 20)}.{r(0, 9)}; upgrading fixed it."),
        ("version_spec", f"Pin {rng.choice(VERSIONED)} in package.json until the fix lands."),
        ("version_spec", f"We tested it with {rng.choice(VERSIONED)} and {rng.choice(VERSIONED)}."),
        ("version_spec", f"brew install {rng.choice(['python@3.11', 'openssl@3', 'node@18', 'postgresql@16'])}"),
        ("handle", f"You can also DM us at {rng.choice(HANDLES)} on X."),
        ("handle", f"Ping {rng.choice(SLACK)} in Slack if the refund job fails again."),
        ("masked_email", f"We sent a code to {rng.choice(MASKED)}; enter it below."),
        ("masked_email", f"Login hint: your account email is {rng.choice(MASKED)}."),
        ("git_remote", f"git clone git@github.com:{rng.choice(REPOS)}.git"),
        ("git_remote", f"origin  git@gitlab.com:{rng.choice(REPOS)}.git (fetch)"),
        ("git_remote", f"The deploy key only works for ssh://git@bitbucket.org/{rng.choice(REPOS)}.git"),
        ("localhost", f"Connect as {rng.choice(['admin', 'root', 'postgres', 'app'])}@localhost on port {r(3000, 9000)}."),
        ("localhost", f"psql postgres://{rng.choice(['app', 'reporting'])}@localhost:5432/orders"),
        ("ssh_login", f"ssh {rng.choice(['deploy', 'ubuntu', 'ops'])}@10.{r(0, 255)}.{r(0, 255)}.{r(1, 254)}"),
        ("docker_digest", f"Pull {rng.choice(['nginx', 'redis', 'ghcr.io/acme/api', 'postgres'])}@sha256:{hexs(rng, 64)}"),
        ("cid", f"<img src=\"cid:image00{r(1, 9)}.png@{hexs(rng, 8).upper()}.{hexs(rng, 8).upper()}\">"),
        ("decorator", f"Wrap the {rng.choice(['refund', 'cancel', 'rebook', 'export'])} view in @login_required and "
         f"@{rng.choice(['require_POST', 'csrf_protect', 'cache_page(60)', 'transaction.atomic'])}."),
        ("at_sign", f"Meet the courier @ {clock(rng)} at the back entrance; {r(2, 6)} boxes @ {amount(rng)} each."),
        # card lookalikes (Luhn-valid ids that are no card, masked cards)
        ("imei", f"The IMEI of the returned phone is {imei(rng)}."),
        ("imei", f"Device blocked: IMEI {imei(rng)}, reported lost on {date(rng)}."),
        ("iccid", f"Your new SIM has ICCID {iccid(rng)}; activate it in the app."),
        ("masked_card", f"The card ending in {d(rng, 4)} was charged {amount(rng)}."),
        ("masked_card", f"Card on file: **** **** **** {d(rng, 4)}"),
        ("masked_card", f"Payment with {rng.choice(['4532', '5412', '3782'])} •••• •••• {d(rng, 4)} was declined."),
        ("tracking", f"USPS tracking: 9400 {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 2)}"),
        ("gift_code", f"Promo code SPRING-{letters(rng, 4)}-{d(rng, 4)} applied to order {o}."),
        # SSN lookalikes
        ("ein", f"The company's EIN is {ein(rng)}; use it on the W-9."),
        ("ein", f"Employer Identification Number: {ein(rng)} (Acme Logistics LLC)."),
        ("part_number", f"Order the replacement filter, part no. {ssn_shaped(rng)}, from the parts desk."),
        ("part_number", f"Model {ssn_shaped(rng)} is discontinued; the successor is {ssn_shaped(rng)}-B."),
        ("claim_number", f"Your insurance claim number is {ssn_shaped(rng)}; quote it on every call."),
        ("routing", f"Use routing number {routing(rng)} for domestic wires to our bank."),
        ("masked_ssn", f"The form shows SSN ***-**-{d(rng, 4)}, which matches our records."),
        ("zip", f"Ship to ZIP {d(rng, 5)}-{d(rng, 4)}, suite {r(100, 999)}."),
        # IBAN lookalikes
        ("bic", f"BIC / SWIFT of the receiving bank: {bic(rng)}."),
        ("bic", f"Für Auslandsüberweisungen benötigen Sie den BIC {bic(rng)}."),
        ("creditor_ref", f"Please use the structured reference {creditor_reference(rng)} on the transfer."),
        ("creditor_ref", f"Payment reference (RF): {creditor_reference(rng)}"),
        ("creditor_id", f"The direct debit is collected under creditor ID {sepa_creditor_id(rng)}."),
        ("vat", f"Invoice issued to VAT number {vat(rng)}."),
        ("masked_iban", f"Refunds go to your account {rng.choice(['DE', 'NL', 'FR', 'PL'])}** **** **** **** {d(rng, 2)} {d(rng, 2)}."),
        ("uuid", f"Request id {hexs(rng, 8)}-{hexs(rng, 4)}-4{hexs(rng, 3)}-a{hexs(rng, 3)}-{hexs(rng, 12)} for the call log."),
    ]  # fmt: skip


def negative_lines(rng: random.Random) -> list[Line]:
    lines = []
    for _ in range(11):
        for kind, text in negative_makers(rng):
            lines.append(Line("negative", kind).add(text))
    return lines
