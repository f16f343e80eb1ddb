"""Hand-written cases of tuned part 1 of the PII corpus (bench/make_pii_corpus.py): the examples the corpus was
specified with, verbatim (tag ``issue16``; docs/benchmarks.md), and the probes written after the first
measurement (tag ``probe``). No random values: the same lines every time. Split out of the generator unchanged.
"""

from __future__ import annotations

from pii_corpus_values import (  # noqa: E402 - bench scripts run with bench/ on the path
    EMAIL,
    IBAN,
    PHONE,
    Line,
    templated,
)


def issue_lines() -> list[Line]:
    """The examples the corpus was specified with (tag ``issue16``), verbatim, as a support bot would write them."""
    P, N = PHONE, None
    cases: list[tuple[str, dict[str, tuple[str, str | None]]]] = [
        ("The customer record shows {v} as the contact address.", {"v": ("jordan.rivera84@example.com", EMAIL)}),
        ("Statements are mailed to {v}.", {"v": ("ap.team@billing.example.net", EMAIL)}),
        ("His work address is {v}.", {"v": ("r.chen@mail.example.org", EMAIL)}),
        ("The staging account belongs to {v}.", {"v": ("nina@shop.example", EMAIL)}),
        ("I've opened {v} for you; someone will reply within a day.", {"v": ("TKT-2024-004417", N)}),
        ("Your ticket TKT-2024-004417 is in progress.", {}),
        ("Your parcel is on its way: tracking {v}.", {"v": ("1Z K8E K5R 03 8681 3371", N)}),
        ("UPS tracking number 1Z K8E K5R 03 8681 3371, expected Friday.", {}),
        ("The book (ISBN {v}) ships tomorrow.", {"v": ("0-306-40615-2", N)}),
        ("Order reference 0-306-40615-2 was found.", {}),
        ("Call our UK partner on {v}.", {"v": ("+44 7700 900697", P)}),
        ("The Berlin office number is {v}.", {"v": ("+49 30 19229013", P)}),
        ("His direct line is {v}.", {"v": ("617-555-0115", P)}),
        ("Call {v} for billing questions.", {"v": ("1 (800) 555-0130", P)}),
        ("The refund goes to {v} (Spain).", {"v": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("IBAN: {v}", {"v": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("Jordan's record: {e}, {p}, IBAN {i}.", {"e": ("jordan.rivera84@example.com", EMAIL), "p": ("617-555-0115", P), "i": ("ES29 6232 0592 5973 4104 3860", IBAN)}),
        ("Ticket TKT-2024-004417 mentions ISBN 0-306-40615-2 and tracking 1Z K8E K5R 03 8681 3371.", {}),
    ]  # fmt: skip
    return [templated(template, values, "issue16") for template, values in cases]


def probe_lines() -> list[Line]:
    """Hand-written after the first measurement, to probe what the generated lines leave out (amounts with spaces
    between thousands, a date followed by a time, serials, meeting ids, extensions, freephone numbers, phones
    written without separators). Labelled before the detector was run on them; it then took five of the negatives
    for phones and missed the three bare phone numbers, and was fixed."""
    P, E, N = PHONE, EMAIL, None
    cases: list[tuple[str, dict[str, tuple[str, str | None]]]] = [
        ("Der Umsatz betrug {v} € im letzten Jahr.", {"v": ("650 000 000", N)}),
        ("Budget: EUR {v} for the migration.", {"v": ("912 345 678", N)}),
        ("The population is 67 750 000 and growing.", {}),
        ("Sort code 20-00-00, account 55779911.", {}),
        ("Coordinates: 51.5074, -0.1278.", {}),
        ("Call {v} for free.", {"v": ("0800 123 4567", P)}),
        ("Our main line is {v} ext. 204.", {"v": ("617-555-0115", P)}),
        ("Write to <{a}> or mailto:{b}.", {"a": ("jane.doe@acme.io", E), "b": ("ops@acme.io", E)}),
        ("Your confirmation code is 2024 0517 3321.", {}),
        ("PNR: ABC123, flight LH 400 on 2024-05-17 at 10:30.", {}),
        ("The serial is SN 0123 4567 8901.", {}),
        ("Room 0405, building 12, floor 3.", {}),
        ("Model number 0-7643-5467-2.", {}),
        ("Call me: {v}.", {"v": ("07911 123456", P)}),
        ("Fax {v}.", {"v": ("+1 (212) 555-0147", P)}),
        ("Account 12-3456-7890123-00 (NZ).", {}),
        ("Dial 112 or 999 in an emergency.", {}),
        ("Meeting ID 845 2291 0037, passcode 551234.", {}),
        ("Order placed: 05/17/2024 10:30:22, total 1,299.00.", {}),
        ("Phone: {v}", {"v": ("06-12345678", P)}),
        ("Your IMEI is 35-209900-176148-1.", {}),
        ("Version 2024.05.17.1 is out.", {}),
        ("Bank routing number 021000021 and account 000123456789.", {}),
        ("Tracking number 9400 1000 0000 0000 0000 00.", {}),
        ("Her phone number is {v}, and her card ends in 1111.", {"v": ("(617) 555-0115", P)}),
        ("Customer since 2019-03-04, customer number 0049 3012 3456.", {}),
        ("Sure, you can call her directly: {v}.", {"v": ("4155550123", P)}),
        ("His mobile number is {v}.", {"v": ("07700900461", P)}),
        ("Phone {v} (Jordan, evenings).", {"v": ("6175550115", P)}),
        ("Please call about order 4155550123 before Friday.", {}),
        ("Call us about invoice 6175550115 if anything is unclear.", {}),
    ]
    return [templated(template, values, "probe") for template, values in cases]
