"""In real Chromium: upload a JSON Lines file with personal data and a duplicate on the import page, see the masked
preview and its counts (an htmx fragment), import, and see the cases on the new test set (docs/imports.md)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHAT = {"messages": [
    {"role": "user", "content": "My card 4111 1111 1111 1111 was charged twice."},
    {"role": "assistant", "content": "Sorry! Which order was it?"},
    {"role": "user", "content": "Order NW-12345. Write to ana.silva@gmail.com please."},
], "id": "double charge"}  # fmt: skip
OTHER = {"messages": [{"role": "user", "content": "Do you ship to Canada?"}], "expected": "Says yes, in 7-10 days."}


def test_preview_masks_and_counts_then_import_shows_the_cases(logged_in_page, live_server, tmp_path) -> None:
    from suites.models import Suite

    chats = tmp_path / "chats.jsonl"
    chats.write_text("\n".join(json.dumps(r) for r in (CHAT, OTHER, CHAT)) + "\n", encoding="utf-8")
    page = logged_in_page
    page.goto(f"{live_server.url}/suites/import/")
    section = page.locator("#cases-import")
    section.get_by_label("Format").select_option("jsonl")
    section.get_by_label("File").set_input_files(str(chats))
    section.get_by_role("button", name="Preview").click()

    preview = page.locator("#import-preview")
    # The first scan in a process loads the PII engine (presidio): seconds, once.
    expect(preview.locator("#import-counts")).to_have_text(
        "2 cases found · 1 duplicate removed · 2 personal values masked", timeout=30_000
    )
    expect(preview).to_contain_text("Order NW-12345. Write to [EMAIL] please.")
    expect(preview).to_contain_text("Starts from 2 earlier turns")
    expect(preview).not_to_contain_text("ana.silva")
    preview.get_by_text("Starts from 2 earlier turns").click()
    expect(preview).to_contain_text("My card [CARD] was charged twice.")
    assert Suite.objects.count() == 0  # the preview wrote nothing

    section.get_by_label("New test set's name").fill("Support chats")
    page.get_by_role("button", name="Import 2 cases").click()
    expect(page.get_by_text("Imported 2 cases into “Support chats” (version 1)")).to_be_visible()
    expect(page.locator("#case-list")).to_contain_text("double charge")
    expect(page.locator("#case-list")).to_contain_text("Order NW-12345. Write to [EMAIL] please.")
    expect(page.locator("#case-list")).to_contain_text("Says yes, in 7-10 days.")
    suite = Suite.objects.get(name="Support chats")
    assert [row.source for row in suite.scenarios.order_by("position")] == ["chats.jsonl:1", "chats.jsonl:2"]
