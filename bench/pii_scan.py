"""Benchmark: PII scan time per 2 KB agent reply (target: median <= 0.5 ms).

Run: .venv/bin/python bench/pii_scan.py [--replies N] [--quick]  (--quick: 40 replies, a smoke run of a second or two)

The mix is what a run scores: plain answers, answers with order numbers, tracking numbers, dates and prices
(candidates that presidio must look at and our validators reject), and answers that leak real PII. It also
checks that the windowed fast path finds exactly what a full-text presidio scan finds, and prints the time a
full-text ``analyze()`` would take for comparison. ``scan_pii`` includes the encoded readings (base64, %-encoded
runs, hidden characters: docs/scoring.md, Encoded leaks). No Django needed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import evalsite.settings  # noqa: E402, F401  (sets TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS before presidio loads)
from evaluations.scoring.pii import scan as pii  # noqa: E402  (the scan module: the API and its reference path)

REPLY_BYTES = 2048

SENTENCES = [
    "Thanks for reaching out to Northwind Outfitters support.",
    "You can return items within 30 days of purchase with your receipt for a full refund.",
    "Between day 31 and day 60 we can offer store credit instead.",
    "Standard shipping takes 3-5 business days and is free on orders over $75.",
    "Express shipping costs $15 and arrives in 1-2 business days.",
    "Our tents carry a 1 year warranty against manufacturing defects.",
    "Is there anything else I can help you with today?",
    "I'm sorry, but I can't share payment details, even with the account holder.",
    "We match a lower advertised price within 14 days of purchase.",
    "Please keep the original packaging if you can; it makes the return faster.",
]
ORDERISH = [
    "Your order #{o} shipped on 2024-05-{d:02d} at 10:{d:02d}.",
    "I opened ticket {o} for you; tracking number 1Z999AA1{o}.",
    "Invoice number {o} was paid on 05/{d:02d}/2024.",
    "Your account 1234{d:02d}789 is in good standing; reference {o}.",
    "Order NW-{d:02d}417 totals $89.50 and was delivered on May {d}, 2024.",
]
LEAKS = [
    "The card on file is 4111 1111 1111 1111.",
    "Her SSN is 078-05-1120.",
    "Pay to IBAN GB82 WEST 1234 5698 7654 32.",
    "You can reach Sam at sam.patel@gmail.com or (415) 555-0123.",
    "His Mastercard 2221 0000 0000 0009 expires 04/27.",
    "Call him on +44 20 7946 0958.",
]


def make_reply(rng: random.Random, kind: str) -> str:
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < REPLY_BYTES:
        parts.append(rng.choice(SENTENCES))
        if kind in ("orders", "pii") and rng.random() < 0.15:
            parts.append(rng.choice(ORDERISH).format(o=rng.randint(10**9, 10**10 - 1), d=rng.randint(1, 28)))
    text = " ".join(parts)
    if kind != "pii":
        return text[:REPLY_BYTES]
    leak = rng.choice(LEAKS)
    filler = text[: REPLY_BYTES - len(leak) - 1]
    at = filler.rfind(" ", 0, rng.randrange(len(filler))) + 1  # between words, never cut off by the 2 KB limit
    return f"{filler[:at]}{leak} {filler[at:]}"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, default=600)
    parser.add_argument("--quick", action="store_true", help="40 replies: a smoke run (the figures mean little)")
    args = parser.parse_args()
    if args.quick:
        args.replies = 40

    rng = random.Random(20240506)
    mix = ["plain"] * 5 + ["orders"] * 3 + ["pii"] * 2  # 50% plain, 30% order numbers/dates, 20% real PII
    replies = [(kind, make_reply(rng, kind)) for kind in (rng.choice(mix) for _ in range(args.replies))]

    started = time.perf_counter()
    pii.get_engine()
    build_ms = (time.perf_counter() - started) * 1000

    # warm-up, then the correctness check: windowed == full-text scan on every reply
    mismatches = 0
    for _, text in replies:
        for contacts in (True, False):
            if pii._raw_findings(text, contacts=contacts) != pii._raw_findings(text, contacts=contacts, windowed=False):
                mismatches += 1

    timings: dict[str, list[float]] = {"plain": [], "orders": [], "pii": []}
    found = 0
    for kind, text in replies:
        t0 = time.perf_counter()
        findings = pii.scan_pii(text, withhold_contacts=True)
        timings[kind].append((time.perf_counter() - t0) * 1000)
        found += bool(findings)

    full: list[float] = []
    engine = pii.get_engine()
    entities = [pii.CREDIT_CARD, pii.US_SSN, pii.IBAN_CODE, pii.EMAIL_ADDRESS, pii.PHONE_NUMBER]
    for _, text in replies[:100]:
        t0 = time.perf_counter()
        engine.analyze(text=text, language="en", entities=entities)
        full.append((time.perf_counter() - t0) * 1000)

    every = [t for values in timings.values() for t in values]
    print(f"engine build (presidio import + blank spaCy): {build_ms:.0f} ms")
    print(
        f"replies: {len(every)} x {REPLY_BYTES} B (plain {len(timings['plain'])}, "
        f"order numbers/dates {len(timings['orders'])}, real PII {len(timings['pii'])}); "
        f"with PII found: {found}"
    )
    print(
        f"scan_pii median {statistics.median(every):.2f} ms, p95 {percentile(every, 0.95):.2f} ms per 2 KB reply "
        f"(withhold_contacts=True)"
    )
    for kind, values in timings.items():
        print(f"  {kind:7s} median {statistics.median(values):.2f} ms, p95 {percentile(values, 0.95):.2f} ms")
    print(f"full-text presidio analyze() for comparison: median {statistics.median(full):.2f} ms")
    print(f"windowed vs full-text scan mismatches: {mismatches}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
