"""Benchmark: importing other tools' files (docs/imports.md; goal: under 30 s and 300 MB each).

Run: .venv/bin/python bench/import_bench.py [--conversations N] [--spans N] [--quick]  (--quick: 500 of each)

Generates a JSON Lines file of conversations and an OTLP JSON file of GenAI chat spans, with personal data (emails,
phones, card numbers) and duplicates planted, and previews each through the import service (the dry run: read,
mask, deduplicate; the same work an import does before it writes). One line per file:

    import format=… cases=… seconds=… peak_mb=… pii_masked=… duplicates=…

``seconds`` is the wall time of the preview (the PII engine already built); ``peak_mb`` the peak of the memory the
preview allocated, measured by tracemalloc in a second pass, plus the file itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "evalsite.settings")

import django  # noqa: E402

django.setup()

from evaluations.scoring.pii import scan_pii  # noqa: E402
from suites.imports.preview import import_preview  # noqa: E402

QUESTIONS = [
    "Where is my order NW-{n}?", "Can I return the tent I bought last week?", "How long does shipping take to Ohio?",
    "Do you price-match order {n}?", "My jacket arrived torn, what now?", "Is the 2-person tent waterproof?",
]  # fmt: skip
REPLIES = ["Let me check that for you.", "Sure, I can help with that.", "Thanks for waiting, here is what I found."]
PII = [
    "You can reach me at {name}{n}@gmail.com.", "Call me back on +1 415 555 {p:04d}.",
    "My card is 4111 1111 1111 1111, charge it again.", "Write to {name}.{n}@outlook.com please.",
]  # fmt: skip
NAMES = ["ana", "lee", "sam", "kim", "pat"]


def _conversation(rng: random.Random, n: int) -> list[dict[str, str]]:
    turns: list[dict[str, str]] = []
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(QUESTIONS).format(n=n)
        if rng.random() < 0.15:
            text += " " + rng.choice(PII).format(name=rng.choice(NAMES), n=n, p=n % 10000)
        turns += [{"role": "user", "content": text}, {"role": "assistant", "content": rng.choice(REPLIES)}]
    return turns[:-1]  # ends on the user's message


def make_jsonl(count: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    lines: list[str] = []
    for n in range(count):
        if lines and rng.random() < 0.05:
            lines.append(rng.choice(lines))  # a planted duplicate
        else:
            lines.append(json.dumps({"messages": _conversation(rng, n), "id": f"conv-{n}"}))
    return ("\n".join(lines) + "\n").encode()


def make_otlp(count: int, seed: int = 2) -> bytes:
    rng = random.Random(seed)
    spans: list[dict[str, object]] = []
    for n in range(count):
        if spans and rng.random() < 0.05:
            twin = dict(rng.choice(spans))
            twin["spanId"] = f"{n:016x}"
            spans.append(twin)  # the same conversation traced twice
            continue
        messages = [{"role": t["role"], "parts": [{"type": "text", "content": t["content"]}]}
                    for t in _conversation(rng, n)]  # fmt: skip
        spans.append({
            "traceId": f"{n:032x}", "spanId": f"{n:016x}", "name": "chat model",
            "attributes": [
                {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                {"key": "gen_ai.input.messages", "value": {"stringValue": json.dumps(messages)}},
            ],
        })  # fmt: skip
    document = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"scope": {}, "spans": spans}]}]}
    return json.dumps(document).encode()


def measure(label: str, data: bytes, source_format: str, filename: str) -> None:
    start = time.perf_counter()
    preview = import_preview(data, source_format=source_format, filename=filename)
    seconds = time.perf_counter() - start
    assert not preview.problems and not preview.refused, (preview.problems[:3], preview.refused)
    tracemalloc.start()
    import_preview(data, source_format=source_format, filename=filename)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    peak_mb = (peak + len(data)) / 1024 / 1024
    print(
        f"import format={label} cases={len(preview.cases)} seconds={seconds:.2f} peak_mb={peak_mb:.0f} "
        f"pii_masked={preview.pii_masked} duplicates={preview.duplicates}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=10_000)
    parser.add_argument("--spans", type=int, default=10_000)
    parser.add_argument("--quick", action="store_true", help="500 of each: a smoke run")
    args = parser.parse_args()
    conversations, spans = (500, 500) if args.quick else (args.conversations, args.spans)
    scan_pii("warm up: jane@gmail.com", withhold_contacts=True)  # the engine is built once per process
    jsonl, otlp = make_jsonl(conversations), make_otlp(spans)
    print(f"import bench: {conversations} conversations ({len(jsonl) / 1e6:.1f} MB JSON Lines), {spans} spans "
          f"({len(otlp) / 1e6:.1f} MB OTLP JSON); goal under 30 s and 300 MB each")  # fmt: skip
    measure("jsonl", jsonl, "jsonl", "bench.jsonl")
    measure("otel", otlp, "otel", "bench-otlp.json")


if __name__ == "__main__":
    main()
