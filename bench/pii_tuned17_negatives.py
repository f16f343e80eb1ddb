"""Replies without PII whose text holds an "@" that is no person's address, for the held-out part: image assets,
package scopes, handles, local logins, masked addresses, remotes, decorators, pinned versions, mentions, CSS
at-rules, SQL variables, image digests and "@" as a price or time."""

from __future__ import annotations

import random
from collections.abc import Callable

Maker = Callable[[random.Random], str]


def pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def hexs(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def num(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


AT_KINDS: dict[str, list[Maker]] = {
    "asset": [
        lambda r: (
            f"The blurry icon is because the app loads {pick(r, 'logo', 'cart', 'badge', 'hero')}"
            f"@{pick(r, '2x', '3x', '1.5x')}.png only on retina screens; I've re-uploaded it."
        ),
        lambda r: (
            f'<img src="/assets/{pick(r, "banner", "avatar-default", "promo_{}".format(num(r, 2)))}'
            f'@{pick(r, "1.5x", "2x")}.webp" alt="">'
        ),
        lambda r: f"Missing files in the build: splash@2x.png, splash@3x.png, icon-{num(r, 2)}@1.5x.png.",
    ],
    "package": [
        lambda r: (
            f"Please run `npm i @{pick(r, 'stripe', 'sentry', 'angular', 'types', 'aws-sdk')}/"
            f"{pick(r, 'core', 'node', 'client-s3', 'react', 'stripe-js')}` and restart the dev server."
        ),
        lambda r: (
            f"The widget depends on @{pick(r, 'shopify', 'vue', 'babel', 'emotion')}/{pick(r, 'cli', 'runtime', 'styled')}"
            f" version {num(r, 1)}.{num(r, 1)}.{num(r, 1)} or later."
        ),
        lambda r: (
            f'"dependencies": {{"@{pick(r, "tanstack", "nestjs", "mui")}/{pick(r, "query", "common", "material")}": '
            f'"^{num(r, 1)}.{num(r, 1)}.0"}}'
        ),
    ],
    "handle": [
        lambda r: (
            f"For updates follow us on Instagram @{pick(r, 'lumen.coffee', 'nordicbikes', 'casa_verde_store')}"
            f" or X @{pick(r, 'LumenSupport', 'NordicBikesHQ', 'CasaVerdeHelp')}."
        ),
        lambda r: (
            f"Our Telegram channel is @{pick(r, 'tickets_bot', 'flyfast_news', 'shopalerts')}; "
            f"the bot there can also track orders."
        ),
        lambda r: f"Tag @{pick(r, 'makerspace', 'greenbox.eu', 'riverside_runs')} in your photo to enter the giveaway.",
    ],
    "localhost": [
        lambda r: (
            f"Connection string: postgres://{pick(r, 'app', 'reporting', 'etl')}@localhost:{pick(r, '5432', '6432')}/orders"
        ),
        lambda r: f"Try `ssh {pick(r, 'deploy', 'pi', 'vagrant')}@localhost -p {num(r, 4)}` from the jump box first.",
        lambda r: (
            f"The mail catcher shows messages sent as {pick(r, 'test', 'dev', 'root')}@localhost, so nothing reached real inboxes."
        ),
    ],
    "masked_email": [
        lambda r: (
            f"For security I can only show part of it: {pick(r, 'j', 'm', 'a', 's')}{'*' * r.randint(3, 6)}"
            f"@{pick(r, 'g****.com', 'o******.com', 'y****.fr')}."
        ),
        lambda r: (
            f"The code was sent to {pick(r, 'k', 'd', 'p')}•••••@{pick(r, 'gmail.com', 'outlook.com', 'web.de')}."
        ),
        lambda r: f"Account email: {pick(r, 'r', 't')}{'x' * 3}{pick(r, 'n', 'a')}@***.*** (hidden).",
    ],
    "git_remote": [
        lambda r: (
            f"Clone with `git clone git@github.com:{pick(r, 'acme', 'openkit', 'fieldops')}/{pick(r, 'sdk', 'infra', 'app')}.git`."
        ),
        lambda r: f"scp the export to backup@10.{num(r, 1)}.{num(r, 1)}.{num(r, 2)}:/srv/exports/ and ping me.",
        lambda r: f"origin  git@gitlab.{pick(r, 'com', 'internal')}:{pick(r, 'ops', 'web')}/deploy.git (fetch)",
    ],
    "decorator": [
        lambda r: f"Add @{pick(r, 'login_required', 'cache_page(60)', 'pytest.fixture')} above the view and redeploy.",
        lambda r: f"In Java, mark it @{pick(r, 'Override', 'Transactional', 'Deprecated')} or the build will warn.",
        lambda r: "@app.route('/orders/<int:order_id>')\ndef show(order_id): ...",
    ],
    "version_pin": [
        lambda r: f"Pin the action: uses: actions/{pick(r, 'checkout', 'setup-node', 'cache')}@v{num(r, 1)}",
        lambda r: (
            f"Install exactly {pick(r, 'lodash', 'react', 'typescript')}@{num(r, 1)}.{num(r, 2)}.{num(r, 1)} to match production."
        ),
        lambda r: f"Run `npx create-{pick(r, 'vite', 'next-app')}@latest` and choose TypeScript.",
    ],
    "slack_mention": [
        lambda r: (
            f"I've escalated it in #support-{pick(r, 'eu', 'billing', 'tier2')} and pinged @{pick(r, 'oncall', 'here', 'channel')}."
        ),
        lambda r: f"<@U0{num(r, 2)}{pick(r, 'AB', 'KX', 'QZ')}{num(r, 3)}> can you take ticket {num(r, 5)}?",
        lambda r: f"@{pick(r, 'payments-team', 'sre', 'devrel')} heads up, the refund job is lagging.",
    ],
    "css_media": [
        lambda r: (
            f"The checkout breaks on phones; fix it with @media (max-width: {r.choice([480, 600, 768])}px) {{ .cart {{ display: block; }} }}"
        ),
        lambda r: f"@import url('https://fonts.example.net/css?family={pick(r, 'Inter', 'Roboto', 'Lato')}');",
        lambda r: f"@font-face {{ font-family: '{pick(r, 'Brand', 'Display')}'; src: url(brand.woff2); }}",
    ],
    "sql_var": [
        lambda r: f"SET @order_total = 0; SELECT @order_total := SUM(amount) FROM orders WHERE id = {num(r, 5)};",
        lambda r: f"DECLARE @CustomerId INT = {num(r, 4)}; EXEC usp_ResendInvoice @CustomerId;",
        lambda r: f"The report query uses @{pick(r, 'start_date', 'StoreId', 'region')} as a parameter.",
    ],
    "docker_digest": [
        lambda r: f"Pull {pick(r, 'nginx', 'redis', 'postgres')}@sha256:{hexs(r, 64)} to get the patched image.",
        lambda r: f"image: ghcr.io/{pick(r, 'acme', 'shopkit')}/api@sha256:{hexs(r, 64)}",
    ],
    "at_text": [
        lambda r: f"{r.randint(2, 12)} x USB-C cable @ ${r.randint(3, 9)}.{num(r, 2)} each",
        lambda r: f"Webinar @ {r.randint(9, 17)}:00 CET - link in the calendar invite.",
        lambda r: f"Stock check: {r.randint(10, 99)} units @ warehouse B, {r.randint(1, 9)} @ store.",
    ],
}


LEADS = [
    "",
    "",
    "Sure - ",
    "Here you go:\n",
    "Update: ",
    "From the ticket notes: ",
    "As requested, ",
    "FYI ",
    "Quick one: ",
]


def at_negatives(rng: random.Random, per_kind: int = 18) -> list[tuple[str, str]]:
    """(kind, text) pairs."""
    out = []
    for kind, makers in AT_KINDS.items():
        seen: set[str] = set()
        for _ in range(2000):
            if len(seen) >= per_kind:
                break
            text = rng.choice(LEADS) + rng.choice(makers)(rng)
            if text not in seen:
                seen.add(text)
                out.append((kind, text))
    return out
