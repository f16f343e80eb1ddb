"""Replies without PII whose text holds an "@" that is no person's address, for the held-out part
(bench/make_pii_tuned18.py): social handles and chat mentions, package scopes and pinned versions, image assets at
@2x, git and scp remotes, shell prompts, addresses on localhost, masked addresses, decorators and annotations, CSS
at-rules, SQL variables, image digests, cron shortcuts, prices "@", Razor views, kube contexts and JSDoc tags."""

from __future__ import annotations

import random

from pii_corpus_values import Line
from pii_tuned18_common import digits

WORDS = ["aurora", "pixel", "nimbus", "tandem", "kestrel", "quartz", "saffron", "ember", "lumen", "orbit", "cobalt"]


LEAD_INS = [
    "Tip:",
    "From the dev team:",
    "Per the wiki:",
    "Note -",
    "FYI:",
    "Quick fix:",
    "In the runbook:",
    "Heads-up:",
    "Workaround:",
    "See line 42:",
    "Update:",
    "As discussed,",
]


def _w(rng: random.Random) -> str:
    return rng.choice(WORDS)


def _hex(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _text(rng: random.Random, kind: str) -> str:  # noqa: C901 - one branch per kind
    r, w = rng, _w(rng)
    if kind == "handle":
        return r.choice(
            [
                f"Follow us on Instagram @{w}_{r.choice(['store', 'official', 'eu', 'help'])} for restock news.",
                f"Sigue a @{w}{r.choice(['Latam', 'ES', 'MX'])} en X para avisos de envío.",
                f"Tag @{w}.coffee in your photo to enter the giveaway.",
            ]
        )
    if kind == "mention":
        return r.choice(
            [
                f"@here the {w} deploy is blocked until QA signs off.",
                "@channel standup moved to 10:15 today.",
                f"Thanks @{w}-oncall, the queue is draining now.",
                f"cc @{w}_team on the incident doc please",
            ]
        )
    if kind == "package":
        return r.choice(
            [
                f"Run `npm install @{w}/ui-kit` and restart the dev server.",
                f"The import `from '@{w}/sdk/client'` fails on Node 16.",
                f'Add "@types/{w}": "^2.0.0" to devDependencies.',
            ]
        )
    if kind == "version_pin":
        return r.choice(
            [
                f"Pin it with `pip install {w}=={r.randint(1, 9)}.{r.randint(0, 20)}` or `npm i {w}@{r.randint(1, 9)}.{r.randint(0, 20)}.{r.randint(0, 9)}`.",
                f"uses: actions/checkout@v{r.randint(2, 4)}",
                f"go install golang.org/x/tools/gopls@v0.{r.randint(10, 16)}.{r.randint(0, 5)}",
                f"Downgrade to lodash@4.17.{r.randint(10, 21)} until the fix ships.",
            ]
        )
    if kind == "asset":
        scale = r.choice(["@2x", "@3x", "@1.5x", "@2x", "@1.5x"])
        return r.choice(
            [
                f"The retina logo is missing: /static/img/{w}-logo{scale}.png returns 404.",
                f"Replace icon_{w}{scale}.webp in the bundle and rebuild.",
                f'srcset="{w}.jpg 1x, {w}{scale}.jpg {scale[1:-1]}x"',
            ]
        )
    if kind == "git_remote":
        return r.choice(
            [
                f"git clone git@github.com:{w}-labs/{_w(r)}.git",
                f"Set the remote to git@gitlab.com:{w}/infra.git.",
                f"scp build.tar.gz deploy@10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}:/srv/{w}/",
            ]
        )
    if kind == "ssh_prompt":
        return r.choice(
            [
                f"ubuntu@ip-10-0-{r.randint(0, 255)}-{r.randint(1, 254)}:~$ sudo systemctl restart {w}",
                f"Run it as pi@raspberrypi:~ $ ./{w}.sh",
                f"[ec2-user@{w}-bastion ~]$ tail -f /var/log/messages",
            ]
        )
    if kind == "localhost":
        return r.choice(
            [
                f"DATABASE_URL=postgres://app@localhost:5432/{w}",
                f"mysql -u root@localhost -p {w}_dev",
                f"Mail from {w}@localhost bounced in the test container, ignore it.",
            ]
        )
    if kind == "masked_email":
        return r.choice(
            [
                f"We sent the code to j•••••@{r.choice(['gmail.com', 'outlook.com'])}.",
                f"Reset link sent to m***{r.randint(1, 9)}@y****.com",
                "Correo registrado: a*****z@h*****.es",
            ]
        )
    if kind == "decorator":
        return r.choice(
            [
                "Annotate the handler with @app.route('/refund', methods=['POST']).",
                "Mark it @Override and the warning goes away.",
                'Add @pytest.fixture(scope="module") above it.',
                f"@Component({{ selector: 'app-{w}' }}) is missing the template.",
            ]
        )
    if kind == "css_at_rule":
        return r.choice(
            [
                f"@media (max-width: {r.choice([480, 640, 768])}px) {{ .{w} {{ display: none; }} }}",
                f"@import url('https://fonts.example/{w}.css');",
                f"@font-face {{ font-family: '{w.title()}'; }}",
                f"@keyframes {w}-pulse {{ from {{ opacity: 0; }} }}",
            ]
        )
    if kind == "sql_variable":
        return r.choice(
            [
                f"DECLARE @order_id INT = {digits(r, 6)}; SELECT * FROM orders WHERE id = @order_id;",
                "SELECT @@IDENTITY AS new_id;",
                f"SET @{w}_total = (SELECT SUM(amount) FROM refunds);",
            ]
        )
    if kind == "docker_digest":
        return f"Deploy image registry.example.io/{w}@sha256:{_hex(r, 64)}"
    if kind == "cron":
        return r.choice(
            [
                f"@daily /opt/{w}/bin/cleanup.sh",
                f"@reboot sleep 30 && /usr/local/bin/{w}",
                "Schedule it with @hourly instead of */60.",
            ]
        )
    if kind == "at_price":
        return r.choice(
            [
                f"{r.randint(2, 12)} x Widget @ ${r.randint(1, 40)}.{r.randint(10, 99)} each",
                f"Qty 3 @ {r.randint(1, 40)},{r.randint(10, 99)} € = subtotal",
                f"Filled {r.randint(10, 500)} shares @ {r.randint(10, 400)}.{r.randint(10, 99)}",
            ]
        )
    if kind == "razor":
        return r.choice(
            [
                "<h1>@Model.Customer.FirstName</h1>",
                "@foreach (var item in Model.Items) { <li>@item.Sku</li> }",
                f"@using {w.title()}.Web.Models",
            ]
        )
    if kind == "kube_context":
        return r.choice(
            [
                f"kubectl config use-context kubernetes-admin@{w}-prod",
                f"Current context: arn-admin@{w}-eks-cluster",
                f"oidc-user@{w}-staging has no RBAC on secrets.",
            ]
        )
    if kind == "at_time":
        return r.choice(
            [
                f"Meet @ {r.randint(1, 12)}:{r.choice(['00', '30'])} at the loading dock.",
                f"Reminder: standup @{r.randint(9, 11)}am, review @{r.randint(2, 5)}pm",
                f"Ship window: Mon @ 0{r.randint(6, 9)}:00 CET",
            ]
        )
    if kind == "jsdoc":
        return r.choice(
            [
                "/** @param {string} orderId - the order to refund */",
                "@returns {Promise<void>} when done",
                f"@deprecated since {r.randint(2, 6)}.0 - use {w}Client instead",
                "* @throws {TypeError} on bad input",
            ]
        )
    raise AssertionError(kind)


KINDS = [
    "handle", "mention", "package", "version_pin", "asset", "git_remote", "ssh_prompt", "localhost", "masked_email",
    "decorator", "css_at_rule", "sql_variable", "docker_digest", "cron", "at_price", "razor", "kube_context",
    "at_time", "jsdoc",
]  # fmt: skip


def at_sign_rows(rng: random.Random, per_kind: int = 12) -> list[Line]:
    rows, seen = [], set()
    for kind in KINDS:
        for _ in range(per_kind):
            text = _text(rng, kind)
            while text in seen:  # a reply said once; the fixed ones get a lead-in
                text = f"{rng.choice(LEAD_INS)} {_text(rng, kind)}"
            seen.add(text)
            rows.append(Line("negative", kind, "at-sign").add(text))
    return rows
