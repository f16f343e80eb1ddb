"""PII in HTML tables, SQL inserts and tab-separated rows, dotted SSNs, role mailboxes, and phone and case words of
more languages (docs/scoring.md, PII detection). Every case here was written for these tests."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import EMAIL_ADDRESS, PHONE_NUMBER, US_SSN, scan_pii


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


@pytest.mark.parametrize(
    "text",
    [
        "Payroll shows SSN 512.34.9876 for the new hire.",
        "The credit check ran against 512.34.9876 with no match.",  # the shape alone, as 512-34-9876 is
        "<table><tr><th>Employee</th><td>Ana Ruiz</td></tr><tr><th>SSN</th><td>512.34.9876</td></tr></table>",
    ],
)
def test_dotted_ssns(text):
    assert found(text, US_SSN) == ["512.34.9876"]


def test_a_dotted_ssn_shape_inside_a_longer_run_is_not_one():
    assert found("Firmware 2.512.34.9876 is installed.", US_SSN) == []


def test_role_mailboxes_are_contacts_like_any_other():
    # in contacts mode an address the agent's knowledge does not hold is a finding, whoever it belongs to; the
    # knowledge or the allow list lets the business's own mailbox through
    text = 'From: "Ana Ruiz" <ana.ruiz+shop@mail.es>\nTo: support@helpdesk.example'
    assert found(text, EMAIL_ADDRESS) == ["ana.ruiz+shop@mail.es", "support@helpdesk.example"]


@pytest.mark.parametrize(
    ("text", "phone", "not_phone"),
    [
        (
            "<table><tr><th>Name</th><th>Order no.</th><th>Phone</th></tr>"
            "<tr><td>Ana Ruiz</td><td>55120987</td><td>020 7946 0958</td></tr></table>",
            "020 7946 0958",
            "55120987",
        ),
        (
            "INSERT INTO payouts (order, email, phone) VALUES ('55120987', 'ana@mail.es', '020 7946 0958');",
            "020 7946 0958",
            "55120987",
        ),
        ("name\torder_no\tphone\nAna Ruiz\tTKT-551209\t020 7946 0958", "020 7946 0958", "551209"),
    ],
)
def test_a_records_structure_names_each_field(text, phone, not_phone):
    phones = found(text, PHONE_NUMBER)
    assert phone in phones and not any(not_phone in value for value in phones)


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("თუ კარი დაკეტილია, დარეკეთ +995 599 12 34 56-ზე.", "+995 599 12 34 56"),  # a Georgian postposition
        ("Ngifake u-+27 82 123 4567 njengenombolo yokuxhumana.", "+27 82 123 4567"),  # a Zulu prefix
        ("En cas de souci, composez le 0612345678.", "0612345678"),
        ("Bei Fragen einfach kurz durchklingeln: 030 1234567.", "030 1234567"),
        ("Me dijo que le marquen al 612345678 por la tarde.", "612345678"),
        ("| Vārds | Tālrunis |\n|---|---|\n| Ana | 67123456 |", "67123456"),
        ("Bílstjórinn hringir í 581 2345 áður en hann kemur.", "581 2345"),
    ],
)
def test_phones_in_more_languages(text, phone):
    assert phone in found(text, PHONE_NUMBER)


@pytest.mark.parametrize(
    "text",
    [
        "The ACH routing number for our bank is 021000021.",
        "Número de ruta bancaria: 021000021",
        "Zapisałem +48 512 345 678 jako numer kontaktowy w sprawie 55120987.",
        "He cambiado el número de contacto a +34 612 345 678 en la solicitud 55120987.",
        "J'ai noté le +33 6 12 34 56 78 comme numéro de rappel pour la demande 55120987.",
    ],
)
def test_routing_and_case_numbers_are_no_phones(text):
    assert not any("55120987" in v or "021000021" in v for v in found(text, PHONE_NUMBER))


@pytest.mark.parametrize(
    "text",
    [
        "Member: my social is 512349876\nAgent: Thanks, verifying now.",
        "رقم الضمان الاجتماعي المسجل في الطلب هو 512349876.",
    ],
)
def test_ssn_words_as_people_say_them_and_in_arabic(text):
    assert found(text, US_SSN) == ["512349876"]


def test_social_media_is_no_ssn_word():
    assert found("Follow our social media page 512349876 for updates.", US_SSN) == []


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Суурилуулалтын талаар (+976) 8849 8028-аар асууж болно.", "(+976) 8849 8028"),  # a Mongolian case ending
        ("msisdn=21 61 40 74; case_ref=INC5105192", "21 61 40 74"),
        ("Spremila sam 012345678 kao broj za povratni poziv.", "012345678"),
        ("Dostavljač će vas nazvati na 0912345678 prije dolaska.", "0912345678"),
        ("Kurjers pirms piegādes zvanīs uz 21 234 567.", "21 234 567"),
        ("Zapisałam 512345678 jako numer do oddzwonienia.", "512345678"),
        ("Κατέγραψα το 6912345678 ως αριθμό επανάκλησης.", "6912345678"),
        ("Хүргэхээс өмнө 8812 3456 руу залгана.", "8812 3456"),
        ("پیک پیش از رسیدن با شماره 02123456789 تماس می‌گیرد.", "02123456789"),
    ],
)
def test_phones_in_the_thirteenth_rounds_languages(text, phone):
    assert phone in found(text, PHONE_NUMBER)


@pytest.mark.parametrize(
    "text",
    [
        '<contact><tel type="mobile">+30 21 2343 4274</tel><caseRef>N°55120987</caseRef></contact>',
        "Записах +359 43 065 617 като номер за обратно обаждане по сигнал N°55120987.",
        "Dopisałem +48 512 345 678 do zgłoszenia 55120987, serwisant oddzwoni jutro.",
    ],
)
def test_case_numbers_beside_a_phone_are_no_phones(text):
    assert not any("55120987" in v for v in found(text, PHONE_NUMBER))
