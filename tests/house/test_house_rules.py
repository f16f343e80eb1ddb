"""The house rules that import-linter does not check: module and view sizes, one settings reader, nothing read from
beside the repository, and the docs/ pages that code cites (docs/architecture.md)."""

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


def bench_modules() -> list[Path]:
    return sorted((ROOT / "bench").rglob("*.py"))


def view_modules() -> list[Path]:
    return [path for path in production_modules() if path.name == "views.py" or path.parent.name in ("views", "api")]


def test_the_modules_are_found() -> None:
    assert len(production_modules()) > 100
    assert len(view_modules()) >= 8


@pytest.mark.parametrize("path", production_modules() + bench_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_production_or_bench_module_is_over_500_lines(path: Path) -> None:
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


# ---- docs/: the documentation lives in the repository, and code cites it (docs/architecture.md) ---------------------

DOC_CITATION = re.compile(r"\bdocs/([a-z-]+)\.md\b")
DOC_PAGES = (
    "index", "getting-started", "configuration", "agents", "runs", "suites", "redteam", "scoring", "gate", "ci",
    "credits", "accounts", "monitors", "review", "deployment", "architecture", "benchmarks", "imports",
)  # fmt: skip
MAX_README_LINES = 200


def cited_sources() -> list[Path]:
    """Everything whose comments, docstrings or text may cite a page: code, templates, scripts and build files."""
    folders = (*PACKAGES, "templates", "static", "bench", "deploy", "tests")
    suffixes = {".py", ".html", ".js", ".css", ".txt", ".sh", ".yml", ".yaml", ".toml"}
    files = [
        path
        for folder in folders
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in suffixes and "migrations" not in path.parts
    ]
    extra = ("pyproject.toml", "Makefile", "Procfile", "requirements.txt", ".ci/run")
    return sorted([*files, *(ROOT / name for name in extra if (ROOT / name).is_file())])


def test_the_fixed_docs_pages_exist() -> None:
    """Code comments point at these names, so they stay."""
    assert [page for page in DOC_PAGES if not (ROOT / "docs" / f"{page}.md").is_file()] == []


def test_every_docs_page_cited_in_the_code_exists() -> None:
    sources = [*cited_sources(), ROOT / "README.md"]
    cited = {
        (str(path.relative_to(ROOT)), number, match.group(1))
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        for match in DOC_CITATION.finditer(line)
    }
    assert len(cited) > 20  # the scan reads the comments it means to
    missing = sorted(f"{path}:{number}: docs/{page}.md" for path, number, page in cited if page not in DOC_PAGES)
    assert missing == [], "cite one of the pages in docs/ (or add the page and its place in docs/index.md)"


def test_nothing_cites_the_specification_by_section() -> None:
    """The specification is not in a user's clone: code, templates and the docs cite docs/ pages instead."""
    marker = "SPEC " + "§"  # spelled apart, so that this file does not match itself
    sources = [*cited_sources(), ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if marker in line or ("SPEC" + ".md") in line
    ]
    assert offenders == []


def test_code_cites_no_issue_numbers() -> None:
    """An issue number means nothing in a user's clone: code, templates and tests say what they mean, or cite
    docs/. (bench/ keeps the fixed output lines some benchmarks print.)"""
    issue = re.compile(r"\b[Ii]ssue ?#?\d+")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in cited_sources()
        if "bench" not in path.relative_to(ROOT).parts
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1)
        if issue.search(line)
    ]
    assert offenders == []


def test_the_readme_is_a_front_page() -> None:
    lines = len((ROOT / "README.md").read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines: move the detail into docs/."
