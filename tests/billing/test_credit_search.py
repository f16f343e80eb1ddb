"""The credit ledger's search: by run number or note, with the kind filter and the pages."""

from __future__ import annotations

from billing.models import CreditEntry, EntryKind
from billing.services import credits_grant


def test_the_ledger_is_searched_by_run_number_or_note(client, alice, acme) -> None:
    credits_grant(account=acme, amount=500, note="Quarterly top-up")
    CreditEntry.objects.create(account=acme, kind=EntryKind.HOLD, amount=40, run_ref=4242, note="Run hold")
    CreditEntry.objects.create(account=acme, kind=EntryKind.CHARGE, amount=30, run_ref=4242, note="Run charge")
    CreditEntry.objects.create(account=acme, kind=EntryKind.HOLD, amount=10, run_ref=77, note="Other run")
    client.force_login(alice)
    by_run = client.get("/credits/?q=%234242").content.decode()
    assert "Run 4242" in by_run and "Run 77" not in by_run and "Quarterly top-up" not in by_run
    by_note = client.get("/credits/?q=quarterly").content.decode()
    assert "Quarterly top-up" in by_note and "Run 4242" not in by_note
    both = client.get("/credits/?q=4242&kind=charge").content.decode()
    assert "Run charge" in both and "Run hold" not in both
    nothing = client.get("/credits/?q=no+such+entry").content.decode()
    assert "No entries match these filters" in nothing


def test_a_huge_search_is_ignored_with_the_list_still_shown(client, alice, acme) -> None:
    credits_grant(account=acme, amount=500, note="Quarterly top-up")
    client.force_login(alice)
    response = client.get("/credits/?q=" + "9" * 5000)
    assert response.status_code == 200 and "Quarterly top-up" in response.content.decode()
