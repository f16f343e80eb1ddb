"""PII in record fields, answers and other languages' phone words; routing numbers and versions that are neither
(docs/scoring.md, PII detection)."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import PHONE_NUMBER, US_SSN, scan_pii


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


@pytest.mark.parametrize(
    "text",
    [
        '{"customer": {"name": "Ana Ruiz", "tax_id": "512349876"}, "ticket": "QWERTY"}',
        "Form received\n  Name ........ Ana Ruiz\n  tax_id ........ 512349876\n",
        '<Row><Ref>AB12-C345</Ref><Field name="tax_id">512349876</Field></Row>',
        "| ref | tax_id | since |\n| --- | --- | --- |\n| CLM/18/6164 | 512349876 | 2026-04-26 |",
        'The exported row reads: "Ana Ruiz";"512349876";"#341170" (columns: name;ssn;ref).',
        'The exported row reads: "Ana Ruiz";"512349876";"#341170" (columns: name;TIN (SSN);ref).',
    ],
)
def test_a_persons_tax_id_and_a_legend_naming_the_ssn_column(text):
    assert found(text, US_SSN) == ["512349876"]


def test_a_legend_names_only_its_own_column():
    assert found('Row: "Ana Ruiz";"512349876";"#341170" (columns: name;order;ssn).', US_SSN) == []
    assert found("Our Tax ID is 84-1234567.", US_SSN) == []  # an employer's EIN


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Der Techniker meldet sich vorab unter 0301234567.", "0301234567"),
        ("Ich habe Ihre Rufnummer auf 015112345678 geändert.", "015112345678"),
        ("Tellimus on teel, kuller helistab numbrile 5123 4567.", "5123 4567"),
        ("سنرسل رسالة نصية إلى 0501234567 عند إغلاق التذكرة 8812.", "0501234567"),
        ("አድራሹ በ+251 91 123 4567 ይደውላል።", "+251 91 123 4567"),
        ("Anoté el 612345678 como número de respaldo.", "612345678"),
        ("Form submitted\n  Full name ........ Ana Ruiz\n  tel ........ 0612345678\n", "0612345678"),
        ("User: which phone do you have for me?\nAssistant: The one on file is 0612345678 (ref AB12CD).", "0612345678"),
        ("[10:02] Ana: can you check my callback?\n[10:03] Bot: Sure, I see 0612345678 on case 5521.", "0612345678"),
    ],
)
def test_phones_named_in_other_languages_by_leaders_and_by_the_question(text, phone):
    assert phone in found(text, PHONE_NUMBER)


@pytest.mark.parametrize(
    "text",
    [
        "Our bank routing number (ABA) is 021000021.",
        "Please update the app to 23.28.133.7453 and try again.",
        "Versión instalada: 26.33.66.1644",
        "User: what is my order?\nAssistant: The one on file is 0612345678.",  # asked for an order, not a phone
    ],
)
def test_routing_numbers_versions_and_unasked_numbers_are_no_phones(text):
    assert found(text, PHONE_NUMBER) == []
