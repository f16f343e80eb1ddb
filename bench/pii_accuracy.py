"""Benchmark: PII detection precision and recall per entity type on the labelled corpus (goal: >= 0.99 each).

Run: .venv/bin/python bench/pii_accuracy.py [--errors] [--command] [--quick]

The corpus is bench/data/pii_corpus.jsonl (written by bench/make_pii_corpus.py). Every reply is scanned as a
scenario that withholds contacts, with nothing allowed (``scan_pii(text, withhold_contacts=True)``). A finding is
a true positive when a labelled value of the same entity type has exactly its start and end; anything else is a
false positive, and every label left unmatched a false negative. ``--errors`` lists them (the corpus is made-up
data: printing it leaks nothing). ``--command`` scans through ``manage.py scan_pii --jsonl`` instead, as a user
would. ``--seed N`` measures on a fresh draw of the generator instead (other values in the same templates).
``--quick``: every fifth line, a smoke run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
CORPUS = ROOT / "bench" / "data" / "pii_corpus.jsonl"
ENTITIES = ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]
GOAL = 0.99

Span = tuple[str, int, int]


def scan_in_process(texts: list[str]) -> list[list[Span]]:
    import evalsite.settings  # noqa: F401  (sets TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS before presidio loads)
    from evaluations.scoring.pii import scan_pii

    return [[(f.entity, f.start, f.end) for f in scan_pii(text, withhold_contacts=True)] for text in texts]


def scan_with_command(texts: list[str]) -> list[list[Span]]:
    stdin = "".join(json.dumps({"text": text}) + "\n" for text in texts)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "evalsite.settings"}
    done = subprocess.run(
        [sys.executable, "manage.py", "scan_pii", "--jsonl"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    return [[(f["entity"], f["start"], f["end"]) for f in row] for row in rows]


def ratio(part: int, whole: int) -> float:
    return part / whole if whole else 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list every false positive and false negative")
    parser.add_argument("--command", action="store_true", help="scan through `manage.py scan_pii --jsonl`")
    parser.add_argument("--quick", action="store_true", help="every fifth line: a smoke run")
    parser.add_argument("--seed", type=int, help="measure on a fresh draw of bench/make_pii_corpus.py")
    args = parser.parse_args()

    if args.seed is None:
        rows = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
        source = str(CORPUS.relative_to(ROOT))
    else:
        sys.path.insert(0, str(ROOT / "bench"))
        from make_pii_corpus import build

        rows, source = json.loads(json.dumps(build(args.seed))), f"a fresh draw of the corpus (seed {args.seed})"
    if args.quick:
        rows = rows[::5]
    texts = [row["text"] for row in rows]
    found = scan_with_command(texts) if args.command else scan_in_process(texts)

    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    errors: list[str] = []
    for row, predicted in zip(rows, found, strict=True):
        gold = {(e["entity"], e["start"], e["end"]) for e in row["entities"]}
        text = row["text"]
        for span in predicted:
            if span in gold:
                tp[span[0]] += 1
            else:
                fp[span[0]] += 1
                errors.append(f"FP {span[0]:13s} {text[span[1] : span[2]]!r:40s} line {row['id']}: {text}")
        for span in gold - set(predicted):
            fn[span[0]] += 1
            errors.append(f"FN {span[0]:13s} {text[span[1] : span[2]]!r:40s} line {row['id']}: {text}")

    negatives = sum(1 for row in rows if not row["entities"])
    print(f"PII accuracy on {source}: {len(rows)} replies, {negatives} without PII")
    print(f"{'entity':15s} {'labels':>6s} {'found':>6s} {'precision':>9s} {'recall':>7s}")
    below = []
    for entity in [*ENTITIES, "micro"]:
        if entity == "micro":
            t, p, n = sum(tp.values()), sum(fp.values()), sum(fn.values())
        else:
            t, p, n = tp[entity], fp[entity], fn[entity]
        precision, recall = ratio(t, t + p), ratio(t, t + n)
        if min(precision, recall) < GOAL:
            below.append(entity)
        print(f"{entity:15s} {t + n:6d} {t + p:6d} {precision:9.3f} {recall:7.3f}")
    print(f"goal >= {GOAL} for each: {'met' if not below else 'missed by ' + ', '.join(below)}")
    if args.errors:
        print("\n".join(sorted(errors)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
