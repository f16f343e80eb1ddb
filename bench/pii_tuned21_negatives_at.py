"""Replies without PII of the held-out part (bench/make_pii_tuned21.py) whose text holds an "@" that is not a
person's address: social handles, package scopes, image assets (@2x, @1.5x), git and scp remotes, masked addresses,
decorators, pinned versions, Slack mentions, CSS at-rules, SQL variables, local accounts, image digests, prices and
times written with @, Javadoc tags, systemd units and kube contexts."""

from __future__ import annotations

import random

WORDS = [
    "atlas", "harbor", "nimbus", "quartz", "sprout", "cobalt", "ember", "lumen", "orbit", "pixel", "relay", "tundra",
    "vertex", "willow", "zephyr", "kestrel", "mosaic", "fable", "delta", "ridge", "canyon", "meadow", "beacon",
]  # fmt: skip
TEAMS = ["billing", "oncall", "warehouse-eu", "returns", "payments-core", "support-tier2", "logistics", "qa"]

AT_KINDS: dict[str, list[str]] = {
    "handle": [
        "You can follow our status updates at @{w}_status{n2} on X; ticket {t} is linked there.",
        "The influencer tagged @{w}.{w2}{n2} in the post, but that account isn't ours.",
        "Our Instagram is @{w}{w2}_official — DM us with order {t} for a faster answer.",
        "Mastodon: @{w}@{w2}.social (we reply within {n1} hours).",
        "Saw the TikTok from @{w}_{w2}{n3}? The promo code there expired on {d}.",
    ],
    "package": [
        "Run `npm install @{w}/{w2}-sdk@{v}` to get the fixed client.",
        "The crash comes from @{w}/{w2} {v}; pin it in package.json.",
        "import {lb} createClient {rb} from '@{w}-io/{w2}'; // needs v{v}",
        "yarn add @types/{w} @{w2}/eslint-config --dev (build {n3})",
        "Our widget is published as @{w}/{w2}-widget; version {v} fixed issue #{n4}.",
    ],
    "asset": [
        "The logo looks blurry because the app loads {w}-logo@2x.png instead of {w}-logo@3x.png on build {n3}.",
        "Replace icons/{w}_{w2}@1.5x.webp with the new export (ticket {t}).",
        '<img src="/static/{w}@2x.jpg" srcset="/static/{w}@1.5x.jpg 1.5x" width="{n3}">',
        "Missing asset: banner-{w2}@2x.png (404 since release {v}).",
        "Android uses {w}_{n2}@1.5x.png while iOS wants {w}_{n2}@2x.png.",
    ],
    "git_remote": [
        "Clone it with `git clone git@github.com:{w}-labs/{w2}.git` and check out tag v{v}.",
        "remote: origin git@gitlab.com:{w}/{w2}-infra.git (fetch) — pipeline #{n5}",
        "Push failed: git@bitbucket.org:{w}/{w2}.git rejected ref refs/heads/fix-{n4}.",
        "The mirror is at ssh://git@git.{w}.internal:7999/{w2}/app.git (build {n4}).",
    ],
    "scp_remote": [
        "Copy the export with `scp report_{n4}.csv deploy@{ip}:/srv/{w}/imports/`.",
        "rsync -avz ./dist/ www-data@{w}-web{n1}:/var/www/{w2}/ finished in {n2}s.",
        "ssh -p 2222 ubuntu@{ip} 'sudo systemctl restart {w}' returned exit code {n1}.",
        "sftp backup@{w}-nas.lan:/volume1/{w2}/ is full ({n2}% used).",
    ],
    "masked_email": [
        "We sent the code to {c}***@g***.com; ticket {t}.",
        "The account email is shown as {c}{c2}•••••@{w}.de for privacy.",
        "Verification link sent to {c}****{c2}@o*****.com (expires in {n2} min).",
        "Email on file: {c}*******@*****.fr — we can't show more than that (case {t}).",
        "Recovery address ****@{w}.com was used on {d}.",
    ],
    "decorator": [
        "Add `@app.route('/orders/<int:order_id>')` above the handler; bug #{n4}.",
        "In Python it's `@lru_cache(maxsize={n3})` on the fetch function.",
        'Mark the test with @pytest.mark.skip(reason="flaky since {v}").',
        "Angular needs @Component({lb}selector: 'app-{w}'{rb}) in {w}.component.ts.",
        'The Spring bean {w}Job uses @Scheduled(cron = "0 */{n1} * * *") and @Transactional.',
    ],
    "version_pin": [
        'pip install "{w}-client @ git+https://github.com/{w}/{w2}@v{v}" fixes it.',
        "Use {w}@{v} — {w}@latest broke the checkout page on {d}.",
        "In go.mod: github.com/{w}/{w2} v{v} (go get github.com/{w}/{w2}@v{v}).",
        "uses: actions/checkout@v{n1} and {w}/setup-{w2}@v{v}",
        "npx create-{w}-app@{v} my-shop --template {w2}",
    ],
    "slack_mention": [
        "@here the {w} deploy is done; @{team} please re-check order {t}.",
        "Ping @channel if the {w} queue passes {n4} tickets.",
        "cc @{team}-lead and @{w}-bot on incident INC{n5}.",
        "Escalated to @{team} in #{w2}-alerts at {time}.",
    ],
    "css_media": [
        "@media (max-width: {n3}px) {lb} .cart-{w} {lb} display: none; {rb} {rb}",
        "The font loads via @font-face {lb} font-family: '{w}'; src: url({w}.woff2); {rb}",
        "@import url('https://cdn.{w}.net/{w2}.css'); breaks the checkout on IE, build {n4}.",
        "@keyframes {w}-pulse {lb} 0% {lb} opacity: .{n1} {rb} {rb} is in main.css line {n3}.",
        "Tailwind: @apply px-{n1} py-2 rounded-{w2}; inside .btn-{w}.",
    ],
    "sql_var": [
        "DECLARE @OrderId INT = {n5}; SELECT * FROM orders WHERE id = @OrderId;",
        "EXEC usp_refund @TicketNo = '{t}', @Amount = {amt};",
        "SET @{w}_count = (SELECT COUNT(*) FROM {w2}); -- {n3} rows expected",
        "The procedure fails when @StartDate > @EndDate ({d}).",
    ],
    "localhost": [
        "Cron mail from root@localhost says the {w} backup job failed at {time}.",
        "The test container sends as noreply@localhost.localdomain; ignore bounce {n4}.",
        "postgres@localhost:5432/{w}_db refused the connection (pid {n5}).",
        "Logged in as admin@127.0.0.1 on port {n4} for the {w2} console.",
    ],
    "docker_digest": [
        "Pull {w}/{w2}@sha256:{hx} to get the patched image.",
        "image: ghcr.io/{w}/{w2}@sha256:{hx}",
        "Deployed registry.{w}.io/api@sha256:{hx} on {d}.",
    ],
    "at_price": [
        "{n1} x USB-C cable @ €{amt} each = see invoice {t}.",
        "Bought {n2} shares @ {amt} on {d}.",
        "Line 3: {w2} filter, qty {n1} @ ${amt}, order {t}.",
    ],
    "at_time": [
        "Pickup scheduled for {d} @ {time} at the {w} depot.",
        "Standup moved: Tue @ {time}, room {w2}-{n1}.",
        "Your table is booked for {n1} people @ {time}, ref {t}.",
    ],
    "javadoc": [
        "/** @param orderId the id, e.g. {n5} @return the {w} status @throws IOException */",
        "The docstring says @deprecated since {v}; use {w2}() instead.",
        "@author {w}-team @since {v}",
    ],
    "systemd_unit": [
        "systemctl status getty@tty{n1}.service shows it restarted at {time}.",
        "Enable the worker with `systemctl enable {w}@{n1}.service` (queue {n3}).",
        "openvpn-client@{w2}.service failed: exit code {n1}.",
    ],
    "k8s_context": [
        "kubectl config use-context kubernetes-admin@{w}-prod then rollout restart deploy/{w2}.",
        "Current context: {w}-ops@{w2}-cluster-{n1} (namespace shop-{n2}).",
        "The kubeconfig user is kubernetes-admin@{w}; cert expires {d}.",
    ],
}


def fill_values(rng: random.Random) -> dict[str, str]:
    n = rng.randint
    letters = "abcdefghjkmnprstuvwxyz"
    return {
        "w": rng.choice(WORDS),
        "w2": rng.choice(WORDS),
        "n1": str(n(2, 9)),
        "n2": str(n(10, 99)),
        "n3": str(n(100, 999)),
        "n4": str(n(1000, 9999)),
        "n5": str(n(10000, 999999)),
        "v": f"{n(0, 12)}.{n(0, 40)}.{n(0, 30)}",
        "t": f"T-{n(100000, 999999)}",
        "d": f"2026-{n(1, 12):02d}-{n(1, 28):02d}",
        "time": f"{n(7, 21):02d}:{rng.choice(['00', '15', '30', '45'])}",
        "ip": f"10.{n(0, 255)}.{n(0, 255)}.{n(1, 254)}",
        "amt": f"{n(1, 400)}.{n(0, 99):02d}",
        "hx": "".join(rng.choice("0123456789abcdef") for _ in range(64)),
        "c": rng.choice(letters),
        "c2": rng.choice(letters),
        "team": rng.choice(TEAMS),
        "lb": "{",
        "rb": "}",
    }


def at_negatives(rng: random.Random, per_kind: int) -> list[tuple[str, str]]:
    """(kind, text) pairs: ``per_kind`` replies of each kind."""
    out = []
    for kind, templates in AT_KINDS.items():
        for i in range(per_kind):
            template = templates[i % len(templates)]
            out.append((kind, template.format(**fill_values(rng))))
    return out
