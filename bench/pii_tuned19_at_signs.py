"""Replies of the held-out part with an "@" that is no one's address: handles, package scopes, image assets at
@2x and @1.5x, scp and git remotes, logins at localhost, masked addresses, decorators, pinned versions, chat
mentions, CSS at-rules, SQL variables, image digests, prices and times "@", shell prompts and more."""

from __future__ import annotations

import random
from collections.abc import Callable

from pii_corpus_values import Line
from pii_tuned19_negatives import _d, _hex

NAMES = ["maya", "kenji", "lucia", "olu", "fern", "tariq", "ingrid", "pavel"]
PKGS = ["@angular/core", "@types/node", "@babel/preset-env", "@nestjs/common", "@mui/material", "@vue/cli",
        "@aws-sdk/client-s3", "@tanstack/react-query", "@sentry/browser", "@emotion/react"]  # fmt: skip
HOSTS = ["web-01", "db-primary", "build-agent-3", "ip-10-0-12-7", "raspberrypi", "edge-fra-2"]

AT_KINDS: dict[str, Callable[[random.Random], str]] = {
    "asset": lambda r: r.choice([
        f"Replace logo@2x.png and logo@3x.png in the {r.choice(['iOS', 'web', 'email'])} bundle (PR #{_d(r, 4)}).",
        f"The banner uses hero-{_d(r, 2)}@1.5x.webp on tablets, hero-{_d(r, 2)}@2x.webp on retina.",
        f"Missing asset: icons/cart@2x.{r.choice(['png', 'jpg'])} (404)",
        f"srcset=\"badge@1x.png 1x, badge@1.5x.png 1.5x, badge@2x.png 2x\" id={_d(r, 4)}"]),
    "package": lambda r: r.choice([
        f"Run `npm install {r.choice(PKGS)}` and restart the dev server on port {r.randrange(3000, 9000)}.",
        f"The build fails because {r.choice(PKGS)} and {r.choice(PKGS)} need a peer upgrade.",
        f"yarn why {r.choice(PKGS)}  # pulled in by {r.choice(PKGS)}"]),
    "handle": lambda r: r.choice([
        f"Follow us on Instagram @{r.choice(['bloom', 'northside', 'kaffe'])}_{r.choice(['store', 'official', 'hq'])}"
        f" for restock news (drop {_d(r, 3)}).", f"Tag @{r.choice(NAMES)}{_d(r, 2)} in your photo to enter the giveaway.",
        f"Our X account @{r.choice(['AcmeHelp', 'ShopSupport', 'TrenStatus'])}{_d(r, 1)} posts outage updates."]),
    "localhost": lambda r: r.choice([
        f"psql -h localhost -U postgres -p {r.randrange(5432, 5440)} then connect as app@localhost.",
        f"MySQL says: Access denied for user 'root'@'localhost' (using password: YES) [{_d(r, 4)}]",
        f"Mail for cron@localhost piles up in /var/mail ({r.randrange(2, 900)} messages)."]),
    "scp_remote": lambda r: (f"scp backup-{_d(r, 8)}.tar.gz deploy@{r.randrange(10, 192)}.{r.randrange(256)}."
                             f"{r.randrange(256)}.{r.randrange(1, 255)}:/srv/backups/"),
    "git_remote": lambda r: r.choice([
        f"git clone git@github.com:{r.choice(['acme', 'shopco', 'tools-team'])}/{r.choice(['web', 'api', 'infra'])}"
        f"-{_d(r, 2)}.git", f"origin  git@gitlab.com:platform/checkout.git (fetch) # {_hex(r, 7)}"]),
    "masked_email": lambda r: r.choice([
        f"We sent code {_d(r, 6)} to {r.choice('jmkast')}•••••@gmail.com - check that inbox.",
        f"Correo registrado: {r.choice('abcdl')}***{r.choice('aeo')}@hotmail.com (cliente {_d(r, 6)})",
        f"The account email is {r.choice(NAMES)[0]}{'*' * r.randrange(3, 7)}@o***.com ({_d(r, 2)} logins)"]),
    "decorator": lambda r: r.choice([
        f"Add @dataclass(frozen=True) above the class and rerun test #{_d(r, 3)}.",
        f"Annotate it with @Override and @Transactional(timeout = {r.randrange(5, 60)}).",
        f"@app.route('/orders/<int:id>') returns 500 since release {r.randrange(2, 9)}.{r.randrange(20)}"]),
    "version_pin": lambda r: r.choice([
        f"Pin lodash@4.17.{r.randrange(15, 22)} and react@18.{r.randrange(0, 4)}.{r.randrange(0, 3)} in package.json.",
        f"uses: actions/checkout@v{r.randrange(2, 5)} # was @{_hex(r, 40)}",
        f"go install golang.org/x/tools/gopls@v0.{r.randrange(10, 17)}.{r.randrange(5)}"]),
    "slack_mention": lambda r: r.choice([
        f"@here the payment gateway is back since {r.randrange(10, 23)}:{_d(r, 2)}, please retry failed orders.",
        f"<@U0{_hex(r, 8).upper()}> can you look at ticket {_d(r, 5)}?",
        f"cc @{r.choice(NAMES)} @oncall-{r.choice(['payments', 'search'])} – deploy {_d(r, 3)} rolled back"]),
    "css_rule": lambda r: r.choice([
        f"@media (max-width: {r.choice([480, 600, 768, 1024])}px) {{ .cart-{_hex(r, 5)} {{ display: block; }} }}",
        f"@font-face {{ font-family: 'Inter'; src: url(inter-{_hex(r, 8)}.woff2); }}",
        f"@import url('theme-{_d(r, 2)}.css'); @keyframes pulse {{ to {{ opacity: .{r.randrange(1, 9)} }} }}"]),
    "sql_variable": lambda r: r.choice([
        f"DECLARE @order_id INT = {_d(r, 6)}; SELECT * FROM orders WHERE id = @order_id;",
        f"SET @start = '2026-0{r.randrange(1, 10)}-01'; -- then check @@ROWCOUNT",
        f"EXEC sp_refund @amount = {r.randrange(1, 500)}.{_d(r, 2)}, @currency = 'EUR';"]),
    "docker_digest": lambda r: f"Image pinned to nginx@sha256:{_hex(r, 64)}",
    "at_price": lambda r: r.choice([
        f"{r.randrange(2, 12)} x cable @ €{r.randrange(3, 20)}.{_d(r, 2)} = see invoice",
        f"Bought {r.randrange(10, 500)} shares @ {r.randrange(10, 400)}.{_d(r, 2)} USD"]),
    "at_time": lambda r: r.choice([
        f"Maintenance window {_d(r, 3)}: Sunday @ {r.randrange(0, 6):02d}:00 UTC, about {r.randrange(20, 90)} minutes.",
        f"Reminder {_d(r, 4)} set for tomorrow @ {r.randrange(1, 12)}{r.choice(['am', 'pm'])}."]),
    "shell_prompt": lambda r: f"{r.choice(['root', 'ubuntu', 'ec2-user'])}@{r.choice(HOSTS)}:~$ systemctl "
    f"restart app-{_d(r, 2)}",
    "ssh_login": lambda r: (f"Last login: Mon Mar {r.randrange(1, 30)} from {r.randrange(11, 200)}.{r.randrange(256)}"
                            f".{r.randrange(256)}.{r.randrange(256)}; ssh -p {r.randrange(2200, 2299)} "
                            f"admin@{r.choice(HOSTS)}.internal"),
    "k8s_context": lambda r: (f"kubectl config use-context kubernetes-admin@{r.choice(['prod', 'staging', 'eu'])}"
                              f"-cluster-{_d(r, 2)}"),
    "systemd_unit": lambda r: f"journalctl -u getty@tty{r.randrange(1, 7)}.service shows restarts; also "
    f"openvpn-client@{r.choice(['office', 'lab'])}.service since boot {_hex(r, 6)}",
    "matrix_op": lambda r: f"In numpy, `y = W @ x + b` with W of shape ({r.randrange(2, 512)}, {r.randrange(2, 512)}).",
    "perl_array": lambda r: f"my @items = split /,/, $line; print scalar(@items) . \" rows\\n\"; # {_d(r, 4)}",
    "excel_formula": lambda r: f"In Excel 365 the formula became =@INDEX(B2:B{r.randrange(10, 999)}, {r.randrange(2, 9)})",
}  # fmt: skip


def at_rows(rng: random.Random, per_kind: int = 11) -> list[Line]:
    rows = []
    for kind, make in AT_KINDS.items():
        seen: set[str] = set()
        while len(seen) < per_kind:
            text = make(rng)
            if text not in seen:
                seen.add(text)
                rows.append(Line("negative", kind, "at-sign").add(text))
    return rows
