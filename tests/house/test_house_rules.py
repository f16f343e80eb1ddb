"""The house rules that import-linter does not check: module and view sizes, one settings reader, nothing read from beside the repository."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("evalsite", "evaluations", "suites", "redteam", "billing")
MAX_MODULE_LINES = 500
MAX_VIEW_LINES = 40


def production_modules() -> list[Path]:
    return sorted(
        path for package in PACKAGES for path in (ROOT / package).rglob("*.py") if "migrations" not in path.parts
    )


def view_modules() -> list[Path]:
    return [path for path in production_modules() if path.name == "views.py" or path.parent.name in ("views", "api")]


def test_the_modules_are_found() -> None:
    assert len(production_modules()) > 100
    assert len(view_modules()) >= 8


@pytest.mark.parametrize("path", production_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_production_module_is_over_500_lines(path: Path) -> None:
    lines = len(path.read_text().splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it along its concerns."


@pytest.mark.parametrize("path", view_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_view_is_over_40_lines(path: Path) -> None:
    """A view (a function, or an API view's method) fetches, validates, calls one service and renders."""
    tree = ast.parse(path.read_text())
    long = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            body_lines = node.end_lineno - node.lineno + 1 if node.end_lineno else 0
            if body_lines > MAX_VIEW_LINES:
                long.append(f"{node.name} (line {start}: {body_lines} lines)")
    assert not long, f"{path.relative_to(ROOT)}: " + ", ".join(long)


def test_settings_are_read_from_the_environment_only_in_settings_py() -> None:
    # Reading is the point: setdefault (wsgi's DJANGO_SETTINGS_MODULE) and handing the environment on to a child
    # process (manage.py up) read nothing.
    reads = re.compile(r"os\.environ(\.get\b|\[)|os\.getenv|getattr\(settings")
    settings_modules = {"evalsite/settings.py", "evalsite/settings_test.py"}
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in production_modules()
        if path.relative_to(ROOT).as_posix() not in settings_modules
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if reads.search(line)
    ]
    assert offenders == []


def test_nothing_reads_the_shared_folder_beside_the_repository() -> None:
    shared = re.compile(r"""\.\./shared|["']shared["']""")
    sources = [*production_modules(), *(ROOT / "tests").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    offenders = [
        str(path.relative_to(ROOT))
        for path in sources
        if path != Path(__file__).resolve() and shared.search(path.read_text())
    ]
    assert offenders == []
