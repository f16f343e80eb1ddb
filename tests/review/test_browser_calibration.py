"""In real Chromium: the calibration page's delete button is found by the example it names, asks first, and the
page that comes back says what was deleted; both pages are axe-clean."""

from __future__ import annotations

import json
from typing import Any

import pytest

from evaluations.review.models import CalibrationExample
from evaluations.review.services import calibration_import

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_delete_an_example_by_its_named_button(page, live_server, alice, acme, axe_clean) -> None:
    lines = [
        json.dumps({
            "scenario": {"key": f"s{n}", "kind": "accuracy", "name": f"Case {n}", "turns": ["Hours?"]},
            "transcript": [{"role": "user", "content": "Hours?"}, {"role": "assistant", "content": "9 to 5."}],
            "human_verdict": "pass",
            "judge_verdicts": {"anthropic/sonnet/v3/balanced": "fail"},
        })
        for n in range(2)
    ]  # fmt: skip
    calibration_import(account_id=acme.pk, raw="\n".join(lines).encode())
    first, second = CalibrationExample.objects.order_by("pk")
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill("pw-alice-123")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/calibration/{acme.pk}/")
    axe_clean(page)

    dialogs: list[str] = []

    def answer(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.get_by_role("button", name=f"Delete example #{first.pk} “Case 0”").click()
    page.get_by_text(f"Calibration example #{first.pk} “Case 0” deleted").wait_for()

    assert dialogs == [f"Delete the calibration example #{first.pk} “Case 0” and its judge verdicts?"]
    assert list(CalibrationExample.objects.values_list("pk", flat=True)) == [second.pk]
    assert page.get_by_role("button", name=f"Delete example #{second.pk} “Case 1”").count() == 1
    axe_clean(page)
