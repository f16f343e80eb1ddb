"""In real Chromium, the attack library in Django admin (docs/redteam.md, Django admin): filtered by OWASP category
and severity, an attack's base64, leetspeak and ROT13 variants and its canary previewed; axe-core finds nothing
serious or critical."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_curator_previews_an_attacks_variants(admin_page, live_server, axe_clean) -> None:
    from redteam.models import Attack
    from redteam.services import library_sync

    library_sync()
    attack = Attack.objects.filter(uses_canary=True, encoding="").first()
    assert attack is not None
    page = admin_page
    page.goto(f"{live_server.url}/admin/redteam/attack/?owasp_tag__exact={attack.owasp_tag}&severity__exact="
              f"{attack.severity}")  # fmt: skip
    axe_clean(page)
    page.get_by_role("link", name=attack.attack_id, exact=True).click()

    preview = page.locator(".attack-preview")
    expect(preview).to_contain_text("Sample canary CANARY-")
    for label in ("As this attack sends it", "Base64", "Leetspeak", "ROT13"):
        expect(preview.get_by_role("heading", name=label)).to_be_visible()
    expect(preview).to_contain_text("Decode this base64 message")
    expect(page.get_by_label("Turns")).to_have_value("\n---\n".join(attack.turns))
    axe_clean(page)
