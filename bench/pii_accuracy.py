"""Benchmark: PII detection precision and recall per entity type, on the tuned parts and on the held-out part.

Run: .venv/bin/python bench/pii_accuracy.py [--errors] [--part tuned|tuned2|...|tuned21|heldout|all] [--command]
[--seed N] [--quick]

Labelled corpora, measured one after the other, the held-out part last (docs/benchmarks.md, "PII accuracy:
two parts"):

- the tuned parts, rows labelled ``tuned``, ``tuned2`` to ``tuned21``: bench/data/pii_corpus.jsonl
  (bench/make_pii_corpus.py), which the detector was developed against, and bench/data/pii_tuned2.jsonl to
  pii_tuned21.jsonl (bench/make_pii_tuned2.py to make_pii_tuned21.py), the former held-out parts; each became a
  tuned part once its errors were looked at. Detector changes may be fitted to them; their figures show that
  nothing once got right has been lost. With ``--part all`` they are also measured together, as one part, on rows
  labelled ``alltuned``;
- the held-out part, rows labelled ``heldout``: bench/data/pii_heldout.jsonl (bench/make_pii_heldout.py), written
  blind, by someone who read neither the detector nor the other corpora, and never tuned on. It is measured last,
  and its figures are the ones to believe.

Every reply is scanned as a scenario that withholds contacts, with nothing allowed
(``scan_pii(text, withhold_contacts=True)``). A finding is a true positive when a labelled value of the same entity
type has exactly its start and end; anything else is a false positive, and every label left unmatched a false
negative. ``--errors`` lists them (the corpora are made-up data: printing them leaks nothing); ``--part`` measures
one part only. ``--command`` scans through ``manage.py scan_pii --jsonl`` instead, as a user would. ``--seed N``
measures on a fresh draw of every generator instead (other values in the same templates). ``--quick``: every
fifth line of each part, a smoke run.
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
DATA = ROOT / "bench" / "data"
# part -> (committed file, generator module in bench/); the tuned parts first, the held-out part last.
TUNED_PARTS = {
    "tuned": (DATA / "pii_corpus.jsonl", "make_pii_corpus"),
    "tuned2": (DATA / "pii_tuned2.jsonl", "make_pii_tuned2"),
    "tuned3": (DATA / "pii_tuned3.jsonl", "make_pii_tuned3"),
    "tuned4": (DATA / "pii_tuned4.jsonl", "make_pii_tuned4"),
    "tuned5": (DATA / "pii_tuned5.jsonl", "make_pii_tuned5"),
    "tuned6": (DATA / "pii_tuned6.jsonl", "make_pii_tuned6"),
    "tuned7": (DATA / "pii_tuned7.jsonl", "make_pii_tuned7"),
    "tuned8": (DATA / "pii_tuned8.jsonl", "make_pii_tuned8"),
    "tuned9": (DATA / "pii_tuned9.jsonl", "make_pii_tuned9"),
    "tuned10": (DATA / "pii_tuned10.jsonl", "make_pii_tuned10"),
    "tuned11": (DATA / "pii_tuned11.jsonl", "make_pii_tuned11"),
    "tuned12": (DATA / "pii_tuned12.jsonl", "make_pii_tuned12"),
    "tuned13": (DATA / "pii_tuned13.jsonl", "make_pii_tuned13"),
    "tuned14": (DATA / "pii_tuned14.jsonl", "make_pii_tuned14"),
    "tuned15": (DATA / "pii_tuned15.jsonl", "make_pii_tuned15"),
    "tuned16": (DATA / "pii_tuned16.jsonl", "make_pii_tuned16"),
    "tuned17": (DATA / "pii_tuned17.jsonl", "make_pii_tuned17"),
    "tuned18": (DATA / "pii_tuned18.jsonl", "make_pii_tuned18"),
    "tuned19": (DATA / "pii_tuned19.jsonl", "make_pii_tuned19"),
    "tuned20": (DATA / "pii_tuned20.jsonl", "make_pii_tuned20"),
    "tuned21": (DATA / "pii_tuned21.jsonl", "make_pii_tuned21"),
}
HELDOUT_PART = {"heldout": (DATA / "pii_heldout.jsonl", "make_pii_heldout")}
PARTS = {**TUNED_PARTS, **HELDOUT_PART}
ENTITIES = ["CREDIT_CARD", "US_SSN", "IBAN_CODE", "EMAIL_ADDRESS", "PHONE_NUMBER"]
GOAL = 0.99
# Local parts of role mailboxes: the product counts them as contacts (docs/scoring.md, "Role mailboxes are contacts
# like any other"); a part that labels them no PII sees them as false positives, counted apart on a line of their own
ROLE_MAILBOXES = frozenset(
    "support help info sales noreply no-reply donotreply contact billing admin office hello team service care"
    " helpdesk enquiries inquiries press privacy security abuse postmaster webmaster hr jobs careers accounts"
    " orders reservations bookings feedback marketing legal compliance dpo notifications alerts newsletter".split()
)

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


def load(part: str, seed: int | None) -> tuple[list[dict], str]:
    path, generator = PARTS[part]
    if seed is None:
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()], str(path.relative_to(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    build = __import__(generator).build
    return json.loads(json.dumps(build(seed))), f"a fresh draw of {path.relative_to(ROOT)} (seed {seed})"


Counts = tuple[Counter[str], Counter[str], Counter[str], int]  # true positives, false positives, misses, roles


def measure(part: str, args: argparse.Namespace) -> Counts:
    rows, source = load(part, args.seed)
    if args.quick:
        rows = rows[::5]
    texts = [row["text"] for row in rows]
    found = scan_with_command(texts) if args.command else scan_in_process(texts)

    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    roles = 0  # unlabelled role mailboxes found
    errors: list[str] = []
    for row, predicted in zip(rows, found, strict=True):
        gold = {(e["entity"], e["start"], e["end"]) for e in row["entities"]}
        text = row["text"]
        for span in predicted:
            if span in gold:
                tp[span[0]] += 1
            else:
                fp[span[0]] += 1
                roles += span[0] == "EMAIL_ADDRESS" and text[span[1] : span[2]].split("@")[0].lower() in ROLE_MAILBOXES
                errors.append(f"{part} FP {span[0]:13s} {text[span[1] : span[2]]!r:40s} line {row['id']}: {text}")
        for span in gold - set(predicted):
            fn[span[0]] += 1
            errors.append(f"{part} FN {span[0]:13s} {text[span[1] : span[2]]!r:40s} line {row['id']}: {text}")

    negatives = sum(1 for row in rows if not row["entities"])
    print(f"PII accuracy on {source}: {len(rows)} replies, {negatives} without PII")
    if part == "tuned":
        print("tuned part (the detector was developed against it)")
    elif part in TUNED_PARTS:
        print(f"tuned part {part.removeprefix('tuned')} (a former held-out part: its errors were looked at)")
    else:
        print("held-out part (written blind, no detector change was tuned on it), measured last")
    report(part, (tp, fp, fn, roles))
    if args.errors:
        print("\n".join(sorted(errors)))
    return tp, fp, fn, roles


def report(part: str, counts: Counts) -> None:
    """Per-type precision and recall, the goal, and the role mailboxes counted apart."""
    tp, fp, fn, roles = counts
    print(f"{'part':8s} {'entity':15s} {'labels':>6s} {'found':>6s} {'precision':>9s} {'recall':>7s}")
    below = []
    for entity in [*ENTITIES, "micro"]:
        if entity == "micro":
            t, p, n = sum(tp.values()), sum(fp.values()), sum(fn.values())
        else:
            t, p, n = tp[entity], fp[entity], fn[entity]
        precision, recall = ratio(t, t + p), ratio(t, t + n)
        if min(precision, recall) < GOAL:
            below.append(entity)
        print(f"{part:8s} {entity:15s} {t + n:6d} {t + p:6d} {precision:9.3f} {recall:7.3f}")
    print(f"{part}: goal >= {GOAL} for each: {'met' if not below else 'missed by ' + ', '.join(below)}")
    if roles:
        t, p = tp["EMAIL_ADDRESS"], fp["EMAIL_ADDRESS"] - roles
        print(
            f"{part}: {roles} of the {fp['EMAIL_ADDRESS']} addresses found but not labelled are role mailboxes "
            f"(support@, info@, ...), contacts by design (docs/scoring.md); email precision without them "
            f"{ratio(t, t + p):.3f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--errors", action="store_true", help="list every false positive and false negative")
    parser.add_argument("--part", choices=[*PARTS, "all"], default="all", help="which part to measure")
    parser.add_argument("--command", action="store_true", help="scan through `manage.py scan_pii --jsonl`")
    parser.add_argument("--quick", action="store_true", help="every fifth line of each part: a smoke run")
    parser.add_argument("--seed", type=int, help="measure on a fresh draw of every generator")
    args = parser.parse_args()

    if args.part != "all":
        measure(args.part, args)
        return 0
    tp: Counter[str] = Counter()
    fp: Counter[str] = Counter()
    fn: Counter[str] = Counter()
    roles = 0
    for part in TUNED_PARTS:
        part_tp, part_fp, part_fn, part_roles = measure(part, args)
        tp, fp, fn, roles = tp + part_tp, fp + part_fp, fn + part_fn, roles + part_roles
        print()
    print(f"All {len(TUNED_PARTS)} tuned parts together (each label and finding counted once, as in one part)")
    report("alltuned", (tp, fp, fn, roles))
    print()
    measure("heldout", args)  # the held-out part always last
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
