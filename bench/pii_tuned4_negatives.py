"""Hard negatives of PII tuned part 4 (bench/make_pii_tuned4.py): masked addresses and cards, git remotes,
image digests, Kubernetes references, log lines, ssh logins, part numbers, NPIs, ICCIDs, SEPA creditor ids,
routing numbers and more, tagged ``["negative", kind]``, with the check-digit helpers they need. Split out of the
generator unchanged.
"""

from __future__ import annotations

import random

from pii_corpus_values import Line, luhn_digit  # noqa: E402 - bench scripts run with bench/ on the path
from pii_tuned4_slots import d, hexs, ident, up  # noqa: E402 - bench scripts run with bench/ on the path

# ---- hard negatives -------------------------------------------------------------------------------------------------


def luhn_number(rng: random.Random, prefix: str, length: int) -> str:
    body = prefix + d(rng, length - len(prefix) - 1)
    return body + luhn_digit(body)


def aba(rng: random.Random) -> str:
    while True:
        body = rng.choice(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"]) + d(rng, 6)
        weights = [3, 7, 1, 3, 7, 1, 3, 7]
        check = (10 - sum(int(c) * w for c, w in zip(body, weights, strict=True)) % 10) % 10
        return body + str(check)


def mod97_ref(prefix: str, payload: str) -> str:
    """Check digits for an RF creditor reference or a SEPA creditor id (ISO 7064 mod 97-10, as IBANs)."""
    value = int("".join(str(int(ch, 36)) for ch in payload + prefix + "00"))
    return f"{98 - value % 97:02d}"


def negatives(rng: random.Random) -> list[Line]:
    out: list[Line] = []

    def add(kind: str, count: int, make) -> None:  # noqa: ANN001
        for _ in range(count):
            out.append(Line("negative", kind).add(make()))

    pick = rng.choice
    assets = [
        "btn-checkout",
        "icon-sim",
        "hero-plans",
        "logo-dark",
        "avatar-placeholder",
        "badge-verified",
        "arrow-left",
    ]
    exts = ["png", "webp", "jpg", "avif"]
    scopes = ["@nestjs/core", "@vue/compiler-sfc", "@radix-ui/react-dialog", "@sentry/node", "@prisma/client",
              "@emotion/styled", "@reduxjs/toolkit", "@stripe/stripe-js"]  # fmt: skip
    hosts = ["github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "git.internal.example"]

    add("phone_word", 70, lambda: pick([
        f"Your phone order {ident(rng, 'ecommerce')} has shipped and should arrive on Friday.",
        f"Call reference {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} is closed; no further action is needed.",
        f"The mobile plan code {up(rng, 2)}-{d(rng, 5)} includes 20 GB of data.",
        f"The phone case, SKU {d(rng, 6)}-{d(rng, 2)}, is back in stock.",
        f"Your call with our agent was logged as {ident(rng, 'telecom')}.",
        f"Mobile banking case {ident(rng, 'banking')} was resolved yesterday.",
        f"Pedido telefónico {d(rng, 3)}-{d(rng, 6)}: ya está en camino.",
        f"कॉल संदर्भ संख्या {d(rng, 10)} बंद कर दी गई है।",
        f"Telefonauftrag Nr. {d(rng, 8)} wurde storniert.",
        f"Telefon siparişiniz {d(rng, 9)} kargoya verildi.",
        f"お電話でのご注文番号は {d(rng, 4)}-{d(rng, 6)} です。",
        f"Protocolo de atendimento telefônico {d(rng, 4)}{d(rng, 8)}.",
        f"Zoom meeting ID {d(rng, 3)} {d(rng, 4)} {d(rng, 4)}, passcode {d(rng, 6)} - join from your phone or laptop.",
        f"The SIM card you ordered by phone ships with tracking number {ident(rng, 'logistics')}.",
    ]))  # fmt: skip
    add("asset", 40, lambda: pick([
        f"Replace {pick(assets)}@2x.{pick(exts)} with the new export before release.",
        f'<img src="/static/{pick(assets)}.png" srcset="/static/{pick(assets)}@1.5x.png 1.5x, /static/{pick(assets)}@2x.png 2x">',
        f"background-image: url('../img/{pick(assets)}@3x.{pick(exts)}');",
        f"![plan card](assets/{pick(assets)}@1.5x.{pick(exts)})",
        f"The build dropped {pick(assets)}@2x.{pick(exts)} from the bundle, so the retina icon is blurry.",
    ]))  # fmt: skip
    add("package", 40, lambda: pick([
        f"Run npm install {pick(scopes)} and restart the dev server.",
        f"pnpm add {pick(scopes)}@{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}",
        "go install golang.org/x/tools/gopls@latest fixed the editor integration.",
        f"The SBOM lists pkg:npm/{pick(scopes).replace('@', '%40')}@{rng.randint(1, 9)}.{rng.randint(0, 9)}.0.",
        f"uses: actions/setup-python@v{rng.randint(3, 5)}",
        f"npx create-{pick(['vite', 'next-app', 'remix'])}@latest {pick(['portal', 'admin', 'shop'])}-{d(rng, 2)}",
        f"yarn dlx {pick(scopes)}@{rng.randint(1, 9)}.{rng.randint(0, 20)}.{rng.randint(0, 9)} --help",
    ]))  # fmt: skip
    add("version_spec", 25, lambda: pick([
        f"Pin zod@3.{rng.randint(10, 23)}.{rng.randint(0, 9)} until the migration lands.",
        f"corepack prepare yarn@4.{rng.randint(0, 5)}.{rng.randint(0, 9)} --activate",
        f"bun add hono@4.{rng.randint(0, 6)}.{rng.randint(0, 9)}",
        f"asdf install nodejs@{rng.randint(18, 22)}.{rng.randint(0, 12)}.0",
    ]))  # fmt: skip
    add("handle", 30, lambda: pick([
        f"You can also DM us on X at @{pick(['MetroPowerHelp', 'SkyLinkCare', 'ParcelNowUK', 'UniAdmissionsHQ'])}.",
        f"Our Instagram, @{pick(['clinica.sol', 'bagerietnord', 'tavernaelena'])}, posts the opening hours.",
        f"Ping @{pick(['oncall-payments', 'sre-team', 'billing-leads'])} in Slack if the job fails again.",
        f"Telegram support bot: @{pick(['GovServicesBot', 'RailInfoBot', 'PayHelpBot'])}",
        f"Síguenos en @{pick(['ClinicaSolCL', 'AgroTechCO', 'LimaBuses'])} para avisos de servicio.",
        f"Tag @{pick(['reviewer', 'qa-lead', 'security'])}-{up(rng, 2).lower()} on the pull request.",
    ]))  # fmt: skip
    add("localhost", 25, lambda: pick([
        "Mail sent in development goes to user@localhost, so nothing reaches customers.",
        f"DATABASE_URL=postgresql://app:{hexs(rng, 8)}@localhost:5432/billing",
        f"The cron job runs as deploy@localhost and writes to /var/log/sync-{d(rng, 2)}.log.",
        "Set SMTP_FROM=test@localhost in .env for local runs.",
        f"redis://default@127.0.0.1:6379/{rng.randint(0, 9)}",
    ]))  # fmt: skip
    add("masked_email", 30, lambda: pick([
        f"We sent the code to {pick('abcdkmnt')}{'*' * rng.randint(3, 6)}{pick('aeiorz')}@gmail.com.",
        f"The account email is {pick(['k.', 'm', 'jo'])}***@seznam.cz - is that still yours?",
        f"Reset link sent to ****@{pick(['outlook.com', 'yahoo.co.jp', 'walla.co.il'])}.",
        f"Masked for privacy: {pick('aeost')}•••••@•••.com",
        f"Enviamos el código a {pick('jmlv')}{'*' * rng.randint(3, 7)}@hotmail.com.",
        f"कोड {pick('rsa')}{'*' * rng.randint(4, 7)}@gmail.com पर भेजा गया है।",
        f"Ověřovací kód jsme poslali na {pick('tpk')}***{pick('aeo')}@email.cz.",
    ]))  # fmt: skip
    add("git_remote", 30, lambda: pick([
        f"git remote add origin git@{pick(hosts)}:{pick(['billing', 'mobile', 'infra'])}/{pick(['api', 'app', 'tools'])}.git",
        f"Clone it with: git clone ssh://git@{pick(hosts)}:7999/{up(rng, 3).lower()}/portal.git",
        f"The deploy key only has read access to git@{pick(hosts)}:acme/storefront.git.",
    ]))  # fmt: skip
    add("docker_digest", 30, lambda: pick([
        f"image: ghcr.io/acme/api@sha256:{hexs(rng, 64)}",
        f"Roll back to registry.example.com/shop/web@sha256:{hexs(rng, 64)}.",
        f"docker pull postgres@sha256:{hexs(rng, 64)}",
    ]))  # fmt: skip
    add("k8s_ref", 25, lambda: pick([
        "kubectl config use-context kubernetes-admin@kubernetes",
        f"kubectl --context=admin@{pick(['k3d', 'kind', 'eks'])}-{up(rng, 3).lower()} -n {pick(['billing', 'web'])} get pods",
        f"helm upgrade api ./chart --set image.digest=sha256:{hexs(rng, 64)}",
        f"Switched to context \"ops@{pick(['staging', 'prod-eu', 'kind-dev'])}-cluster\".",
        f"The job runs as system:serviceaccount:{pick(['payments', 'etl', 'web'])}:deployer.",
    ]))  # fmt: skip
    add("log_line", 30, lambda: pick([
        f"ubuntu@ip-172-31-{rng.randint(0, 63)}-{rng.randint(1, 254)}:~$ sudo systemctl restart nginx",
        f"sshd[{d(rng, 4)}]: Accepted publickey for deploy from 198.51.100.{rng.randint(1, 254)} port {d(rng, 5)}",
        f"root@web-{d(rng, 2)}:/srv/app# tail -f logs/error.log",
        f"[{d(rng, 2)}:{d(rng, 2)}:{d(rng, 2)}] worker@queue-{d(rng, 1)} started 4 processes",
    ]))  # fmt: skip
    add("ssh_login", 20, lambda: pick([
        f"ssh admin@192.0.2.{rng.randint(1, 254)} and check the disk usage.",
        f"scp report-{d(rng, 4)}.csv ops@bastion.internal:/tmp/",
        f"rsync -av build/ www-data@web{rng.randint(1, 9)}.internal:/var/www/",
        f"Connect with ssh -p 2222 sftp-user@files.{pick(['example.net', 'internal'])}",
    ]))  # fmt: skip
    add("decorator", 15, lambda: pick([
        f"@media (max-width: {rng.choice([480, 600, 768, 1024])}px) {{ .plan-card {{ width: 100%; }} }}",
        f"@font-face {{ font-family: 'Brand{up(rng, 1)}'; src: url(fonts/brand.woff2); }}",
        f"@Scheduled(cron = \"0 0/{rng.randint(5, 30)} * * * *\")",
        f"Wrap the view in @login_required and @cache_page({rng.randint(1, 15) * 60}).",
        "Add @pytest.fixture above the function so it can be injected.",
        "@Override\npublic String toString() { return name; }",
        "Annotate the handler with @app.get('/status').",
    ]))  # fmt: skip
    add("imei", 25, lambda: pick([
        f"The blocked handset's IMEI is {luhn_number(rng, pick(['35', '86', '01']), 15)}.",
        f"IMEI: {luhn_number(rng, '35', 15)} - replacement device registered.",
    ]))  # fmt: skip
    add("iccid", 20, lambda: pick([
        f"The new SIM's ICCID is {luhn_number(rng, '89' + pick(['44', '49', '33', '90', '63']), 19)}.",
        f"ICCID {luhn_number(rng, '8935', 20)} was activated on the replacement card.",
    ]))  # fmt: skip
    add("npi", 15, lambda: (lambda n: f"Referral sent to the clinic, provider NPI {n[5:]}.")(luhn_number(rng, "80840" + pick("12"), 15)))  # fmt: skip
    add("masked_card", 25, lambda: pick([
        f"Paid with the card ending in {d(rng, 4)}.",
        f"Card on file: •••• •••• •••• {d(rng, 4)}",
        f"Visa **** **** **** {d(rng, 4)} (expires 0{rng.randint(1, 9)}/2{rng.randint(6, 9)})",
        f"{d(rng, 6)}******{d(rng, 4)} was declined by the issuer.",
    ]))  # fmt: skip
    add("tracking", 25, lambda: pick([
        f"USPS tracking: 9400 {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 4)} {d(rng, 2)}",
        f"UPS 1Z{up(rng, 3)}{d(rng, 3)}{d(rng, 10)} is at the local depot.",
        f"FedEx {d(rng, 12)} will be delivered tomorrow before noon.",
    ]))  # fmt: skip
    add("ein", 20, lambda: pick([
        f"The supplier's EIN is {rng.randint(10, 88)}-{d(rng, 7)}.",
        f"Employer Identification Number: {rng.randint(10, 88)}-{d(rng, 7)} (Riverbend Plumbing LLC)",
    ]))  # fmt: skip
    add("routing", 20, lambda: f"Use ABA routing number {aba(rng)} for domestic wires to the bank.")
    add("part_number", 35, lambda: pick([
        f"Part no. {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} (filter cartridge) ships from the Leeds warehouse.",
        f"SKU {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} is discontinued; the successor is {up(rng, 2)}-{d(rng, 4)}.",
        f"Pick from bin location {rng.randint(100, 899)} {d(rng, 2)} {d(rng, 4)} in aisle 7.",
        f"Artikelnummer {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} ist leider ausverkauft.",
        f"Referencia del repuesto: {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} (bomba de agua).",
        f"Replacement router model {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)}-EU is in stock.",
        f"Firmware build {rng.randint(100, 899)}-{d(rng, 2)}-{d(rng, 4)} fixes the pairing bug.",
    ]))  # fmt: skip
    add("zip4", 15, lambda: f"The depot's ZIP code is {d(rng, 5)}-{d(rng, 4)}.")
    add("bic", 25, lambda: pick([
        f"BIC/SWIFT: {up(rng, 4)}{pick(['DE', 'CZ', 'HU', 'RO', 'FI', 'DK', 'GR', 'IE'])}{up(rng, 2)}{pick(['', 'XXX', d(rng, 3)])}",
        f"For international transfers to our bank use SWIFT code {up(rng, 4)}TR{up(rng, 2)}.",
    ]))  # fmt: skip

    def rf() -> str:
        payload = d(rng, rng.randint(8, 18))
        return f"RF{mod97_ref('RF', payload)}{payload}"

    add("creditor_ref", 20, lambda: pick([
        f"Please quote the structured reference {rf()} with the payment.",
        f"Payment reference: {rf()}",
    ]))  # fmt: skip

    def sepa_ci() -> str:
        country = pick(["DE", "FI", "IE", "NL", "AT"])
        national = d(rng, 11)
        return f"{country}{mod97_ref(country, national)}ZZZ{national}"

    add("sepa_creditor_id", 15, lambda: f"The direct debit is collected by Stadtwerke Nord, creditor ID {sepa_ci()}.")
    add("vat", 20, lambda: pick([
        f"Our VAT number is CZ{d(rng, 8)}.",
        f"Supplier VAT: HU{d(rng, 8)}, EL{d(rng, 9)} for the Greek branch.",
        f"USt-IdNr. DE{d(rng, 9)}",
        f"Company VAT ID: RO{d(rng, 8)}",
    ]))  # fmt: skip
    add(
        "masked_iban",
        15,
        lambda: f"Payout account: {pick(['DE', 'FI', 'DK', 'HU'])}** **** **** **** {d(rng, 4)} {d(rng, 2)}",
    )
    add("isbn", 10, lambda: f"The set textbook is ISBN 978-{d(rng, 1)}-{d(rng, 4)}-{d(rng, 4)}-{d(rng, 1)}.")
    add(
        "uuid",
        15,
        lambda: (
            f"Request id {hexs(rng, 8)}-{hexs(rng, 4)}-4{hexs(rng, 3)}-a{hexs(rng, 3)}-{hexs(rng, 12)} failed with 502."
        ),
    )
    add("timestamp", 15, lambda: pick([
        f"The webhook fired at 17{d(rng, 11)} ms since epoch.",
        f"Meter reading {d(rng, 5)}.{d(rng, 1)} kWh taken on 2025-0{rng.randint(1, 9)}-1{rng.randint(0, 9)} 0{rng.randint(0, 9)}:{d(rng, 2)}.",
    ]))  # fmt: skip
    return out
