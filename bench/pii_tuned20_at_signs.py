"""Replies without PII whose text holds an "@" that is not a person's address: social handles, package scopes, image
assets with @2x, scp and git remotes, masked addresses, decorators and annotations, versions pinned with @, Slack
mentions, CSS at-rules, SQL variables, image digests, machine logins, prices and times written with @."""

from __future__ import annotations

import random

from pii_corpus_values import Line
from pii_tuned20_negatives import OPENERS, SMALL_POOLS, digits, hexs

WORDS = ["nova", "pixel", "harbor", "tidal", "ember", "quartz", "orbit", "lumen", "cobalt", "fjord", "sable", "kiwi"]


def w(rng: random.Random) -> str:
    return rng.choice(WORDS)


AT_KINDS = {
    "handle": (
        lambda r: f"@{w(r)}{r.choice(['_support', 'HQ', 'shop', '_help', 'app'])}{r.randint(1, 99)}",
        ["Follow {v} on X for outage updates.", "Taguj nas: {v} na Instagramie.", "Écrivez-nous en DM sur {v}."],
    ),
    "package": (
        lambda r: f"@{w(r)}/{r.choice(['ui', 'sdk', 'core', 'icons', 'cli'])}",
        ["Run `npm i {v}` to get the fix.", "The bug is in {v}, not in your code.", "Bitte {v} aktualisieren."],
    ),
    "asset": (
        lambda r: f"{w(r)}-{r.choice(['logo', 'banner', 'icon', 'hero'])}@{r.choice(['2x', '3x', '1.5x', '2x'])}.{r.choice(['png', 'webp'])}",
        ["Upload {v} for retina screens.", "The file {v} is missing from the bundle.", "Reemplace {v} en el CDN."],
    ),
    "localhost": (
        lambda r: f"{r.choice(['postgres', 'admin', 'root', 'app'])}@localhost:{r.choice(['5432', '3306', '8080', '6379'])}",
        ["Connect with {v} while testing.", "The error says: access denied for {v}.", "Verbindung {v} abgelehnt."],
    ),
    "git_remote": (
        lambda r: f"git@{r.choice(['github.com', 'gitlab.com', 'bitbucket.org'])}:{w(r)}-labs/{w(r)}.git",
        ["Clone {v} and check out the release branch.", "Remote origin is {v}."],
    ),
    "scp": (
        lambda r: f"deploy@{r.choice(['10.0.', '192.168.', '172.16.'])}{r.randint(0, 255)}.{r.randint(1, 254)}:/var/www/{w(r)}",
        ["Copy the build with scp dist.tar.gz {v}.", "rsync -av ./logs {v} failed."],
    ),
    "masked_email": (
        lambda r: r.choice([f"{r.choice('ajmks')}***@gmail.com", f"{r.choice('jtpl')}•••••{r.choice('aeo')}@outlook.com",
                            f"{r.choice('dhr')}******@yahoo.co.jp", f"***@{w(r)}.de"]),
        ["We sent the code to {v}.", "Se envió a {v}.", "コードを {v} に送信しました。"],
    ),
    "decorator": (
        lambda r: r.choice(["@app.route('/orders')", "@pytest.fixture", "@Override", "@dataclass(frozen=True)",
                            "@Injectable()", "@Transactional", "@login_required", "@staticmethod"]),
        ["The handler above {v} never runs.", "Remove {v} and the test passes.", "Add {v} to the method."],
    ),
    "version_pin": (
        lambda r: f"{r.choice(['react', 'lodash', 'typescript', 'eslint', 'vite'])}@{r.randint(1, 19)}.{r.randint(0, 20)}.{r.randint(0, 9)}",
        ["Pin {v} until we ship the patch.", "Downgrade to {v} please.", "`npx {v}` reproduces it."],
    ),
    "slack_mention": (
        lambda r: r.choice(["@here", "@channel", f"@{w(r)}-oncall", "@support-tier2", f"@{w(r)}-team"]),
        ["I pinged {v} in #incidents.", "Escalating to {v} now.", "{v} the queue is backed up again.",
         "Can someone from {v} look at ticket 4471?", "cc {v} - refund stuck in review."],
    ),
    "css_media": (
        lambda r: r.choice([f"@media (max-width: {r.randint(320, 1200)}px)", "@font-face", "@import url(theme.css)",
                            "@keyframes spin", f"@media print and (min-resolution: {r.randint(1, 3)}dppx)"]),
        ["The layout breaks inside {v}.", "Move the rule out of {v}.", "Check the {v} block in styles.css.",
         "Your theme overrides {v}, so the checkout button hides.", "Delete the {v} rule from custom.css."],
    ),
    "sql_var": (
        lambda r: r.choice([f"@order_id = {digits(r, 6)}", f"@from_date = '2025-0{r.randint(1, 9)}-01'",
                            f"@@ROWCOUNT > {r.randint(0, 9)}", f"@limit {r.randint(10, 500)}"]),
        ["The procedure fails when {v}.", "Set {v} before running the report.", "SELECT ... WHERE {v}"],
    ),
    "docker_digest": (
        lambda r: f"{w(r)}/api@sha256:{hexs(r, 64)}",
        ["Roll back to {v}.", "Pull image {v} on the node."],
    ),
    "at_price": (
        lambda r: f"{r.randint(2, 40)} units @ {r.choice(['$', '€', '£'])}{r.randint(1, 99)}.{digits(r, 2)}",
        ["Your quote: {v} each.", "Line 3: {v} (bulk rate)."],
    ),
    "at_time": (
        lambda r: f"@ {r.randint(1, 12)}:{r.choice(['00', '15', '30', '45'])} {r.choice(['am', 'pm'])}",
        ["Callback booked {v} tomorrow.", "Store opens {v} on Sunday."],
    ),
    "service_login": (
        lambda r: f"{r.choice(['svc-backup', 'jenkins', 'ubuntu', 'ec2-user'])}@{w(r)}-{r.choice(['prod', 'stg'])}-{r.randint(1, 9)}",
        ["Log in as {v} and restart nginx.", "The cron runs under {v}."],
    ),
}  # fmt: skip


def at_sign_lines(rng: random.Random, per_kind: int) -> list[Line]:
    lines = []
    for kind, (make, templates) in AT_KINDS.items():
        seen: set[str] = set()
        for i in range(per_kind * 20):
            template = templates[i % len(templates)]
            before, _, after = template.partition("{v}")
            if kind in SMALL_POOLS:  # few distinct values: a case number keeps each reply its own
                before = rng.choice(OPENERS).format(n=rng.randint(1000, 99999)) + before
            value = make(rng)
            if kind == "asset" and i < 2:  # both retina suffixes appear at least once
                value = value.rsplit("@", 1)[0] + ("@2x.png" if i == 0 else "@1.5x.png")
            if before + value + after not in seen:
                seen.add(before + value + after)
                lines.append(Line("negative", kind, "at-sign").add(before + value + after))
            if len(seen) == per_kind:
                break
    return lines
