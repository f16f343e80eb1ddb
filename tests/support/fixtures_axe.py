"""axe-core (shipped by axe-playwright-python; nothing is fetched) on the page a browser test is looking at."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

BLOCKING = ("serious", "critical")


def axe_violations(page: Any) -> list[str]:
    """The serious and critical axe-core violations of the page as it is now, one readable line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    lines = []
    for violation in results.response["violations"]:
        if violation.get("impact") in BLOCKING:
            targets = [", ".join(node["target"]) for node in violation["nodes"]][:3]
            lines.append(f"{violation['impact']}: {violation['id']} ({violation['help']}) at {targets}")
    return lines


@pytest.fixture
def axe_clean() -> Callable[[Any], None]:
    """``axe_clean(page)`` fails the test, naming the page and each rule, on any serious or critical violation."""

    def check(page: Any) -> None:
        problems = axe_violations(page)
        assert not problems, f"axe-core on {page.url}:\n" + "\n".join(problems)

    return check
