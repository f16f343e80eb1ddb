"""In real Chromium, Django admin driven as a curator (docs/suites.md and docs/redteam.md, Django admin): a
scenario's tool-call matcher and phrases edited without typing JSON make a new version while the pinned one stays;
a suite exported and imported again; axe-core finds nothing serious or critical."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_curator_edits_a_matcher_and_phrases_and_gets_a_new_version(admin_page, live_server, pinned, axe_clean):
    from suites.models import Suite

    suite, run = pinned
    row = suite.scenarios.get(name="Order status lookup")
    page = admin_page
    page.goto(f"{live_server.url}/admin/suites/suite/{suite.pk}/change/")
    expect(page.locator("#content")).to_contain_text("pinned")
    axe_clean(page)
    page.get_by_text("Scenarios of the current version").click()
    page.locator("fieldset.one-line-rows").get_by_role("link", name="Order status lookup").click()

    expect(page.locator(".readonly").filter(has_text="is read-only")).to_contain_text(f"run #{run.pk}")
    page.get_by_label("Required phrases").fill("on its way\nNW-12345")
    page.get_by_label("Matcher of argument 1").first.select_option("regex")
    page.get_by_label("Value of argument 1").first.fill("(NW-")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator(".errorlist")).to_contain_text("The regex pattern '(NW-' is not valid")
    assert Suite.objects.get(pk=suite.pk).version == 1
    axe_clean(page)

    page.get_by_label("Value of argument 1").first.fill(r"^NW-\d{5}$")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator(".messagelist")).to_contain_text("“Demo” is now version 2; earlier versions are unchanged.")
    copy = suite.scenarios.get(name="Order status lookup", retired_in__isnull=True)
    assert copy.required_phrases == ["on its way", "NW-12345"]
    assert copy.expected_calls[0]["arguments"]["order_id"] == {"kind": "regex", "pattern": r"^NW-\d{5}$"}
    row.refresh_from_db()
    assert row.retired_in == 2 and row.expected_calls[0]["arguments"]["order_id"]["kind"] == "exact"
    run.refresh_from_db()
    assert run.suite_version == 1
    expect(page.get_by_label("Value of argument 1").first).to_have_value(r"^NW-\d{5}$")
    axe_clean(page)


def test_a_curator_exports_and_imports_a_suite(admin_page, live_server, acme, axe_clean, tmp_path: Path) -> None:
    from suites import services
    from suites.models import Suite

    rows = [{"kind": "custom", "name": f"Case {i}", "turns": [f"Question {i}?"], "required_phrases": ["yes"]}
            for i in range(200)]  # fmt: skip
    suite = services.suite_create(account=acme, name="Big", scenarios=rows)
    page = admin_page
    page.goto(f"{live_server.url}/admin/suites/suite/{suite.pk}/change/")
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"suite page at 200 scenarios: {height} px folded")  # measured for docs/suites.md
    assert height < 3000
    axe_clean(page)
    page.get_by_text("Scenarios of the current version").click()
    opened = page.evaluate("document.documentElement.scrollHeight")
    print(f"suite page at 200 scenarios: {opened} px with the summaries open")
    assert opened < 20_000

    page.get_by_role("link", name="The 200 scenarios of version 1").click()
    expect(page.locator("#result_list")).to_contain_text("Case 49")
    axe_clean(page)
    page.goto(f"{live_server.url}/admin/suites/suite/")
    axe_clean(page)
    page.get_by_role("row", name="Big").get_by_role("checkbox").check()
    page.locator("select[name=action]").select_option("export_yaml")
    with page.expect_download() as download:
        page.get_by_role("button", name="Go").click()
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "big-v1.yaml" and "Case 199" in text
    changed = tmp_path / "big-v2.yaml"
    changed.write_text(text.replace("version: 1", "version: 2").replace("Question 7?", "Question seven?"), "utf-8")

    page.get_by_role("link", name="Import YAML").click()
    axe_clean(page)
    page.get_by_label("Workspace").select_option(label=acme.name)
    page.get_by_label("…or a .yaml file").set_input_files(str(changed))
    page.get_by_role("button", name="Import").click()
    expect(page.locator(".messagelist")).to_contain_text("“Big” updated (version 2).")
    suite = Suite.objects.get(pk=suite.pk)
    assert suite.version == 2 and suite.scenarios.filter(retired_in=2).count() == 1
