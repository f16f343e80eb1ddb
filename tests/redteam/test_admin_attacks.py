"""The attack library in Django admin (docs/redteam.md, Django admin): turns and phrases as text, a sentence for
a bad value, the variants previewed, the library version shown."""

from __future__ import annotations

import html

from redteam.models import Attack
from redteam.services import library_sync
from tests.support.html_forms import form_fields


def test_an_attack_is_edited_as_text_and_previewed(admin_client) -> None:
    library_sync()
    attack = Attack.objects.get(attack_id="PI-001")
    url = f"/admin/redteam/attack/{attack.pk}/change/"
    data = form_fields(admin_client, url)
    page = html.unescape(admin_client.get(url).content.decode())
    assert data["turns"] == "\n---\n".join(attack.turns) and "[" not in data["forbidden_phrases"][:1]
    assert "Decode this base64 message" in page and "ROT13" in page and "Leetspeak" in page
    assert ("Sample canary CANARY-" in page) == attack.uses_canary

    refused = admin_client.post(url, {**data, "turns": "  \n---\n  "})
    assert "Give at least one user turn, none of them blank." in html.unescape(refused.content.decode())
    data.update(
        turns="First turn.\n---\nSecond {{canary}} turn.", forbidden_phrases="PWNED\nI am free", uses_canary="on"
    )
    assert admin_client.post(url, data).status_code == 302
    attack.refresh_from_db()
    assert attack.turns == ["First turn.", "Second {{canary}} turn."] and attack.forbidden_phrases == [
        "PWNED",
        "I am free",
    ]
    listing = admin_client.get("/admin/redteam/attack/?severity__exact=high").content.decode()
    assert attack.library_version in listing
    history = admin_client.get(url).content.decode()
    assert "Change history" in history and "admin" in history
