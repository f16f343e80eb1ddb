"""What every PII corpus generator shares once its lines are built: one JSON object a line, and the command line that
writes the file or, with ``--check``, says whether the committed file is what the generator writes
(docs/benchmarks.md). No templates and no values live here: each generator's sentences stay its own."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

Rows = list[dict[str, object]]


def render(rows: Rows) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def corpus_main(*, doc: str, build: Callable[[], Rows], out: Path, part: str, script: str) -> int:
    """Write ``out`` from ``build()``; with ``--check``, exit 1 when the committed file differs."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed corpus is not what this writes")
    args = parser.parse_args()
    text = render(build())
    if args.check:
        same = out.exists() and out.read_text(encoding="utf-8") == text
        print(f"{part} up to date" if same else f"{out} differs from what {script} writes")
        return 0 if same else 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    negatives = sum(1 for row in rows if not row["entities"])
    print(f"wrote {out}: {len(rows)} lines, {negatives} without PII")
    return 0
