"""Phones named by asking for someone at them, by a purpose after them, by a record's layout and by more
languages' words; structured payment references and tickets that are no phones; card numbers a card label names
(docs/scoring.md, PII detection)."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import CREDIT_CARD, PHONE_NUMBER, US_SSN, scan_pii
from evaluations.scoring.pii.validators import luhn_ok


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


def luhn_completed(body: str) -> str:
    return next(body + d for d in "0123456789" if luhn_ok(body + d))


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("Ask for Marta at 729 7593, reception, any time after 9.", ["729 7593"]),
        ("Pregunte por Luis en el 6585 6023, de lunes a viernes.", ["6585 6023"]),
        ("Spør etter Kari på 412 34 567, hverdager.", ["412 34 567"]),
        ("Dejé anotado el 8920 4745 para devolver la llamada, caso #12345.", ["8920 4745"]),
        ("Jeg har noteret 38 54 06 45 til opkald, sag 55120.", ["38 54 06 45"]),
        ("Best,\nOla\nSupport | ref INC1234567\nM: 9209 2603 | T: 9992 5897", ["9209 2603", "9992 5897"]),
        ("BEGIN:VCARD\nVERSION:3.0\nFN:Ola\nTEL;TYPE=WORK,VOICE:5646 0743\nEND:VCARD", ["5646 0743"]),
        ("Спросите Олега по 8 (701) 123 45 67, в будни.", ["8 (701) 123 45 67"]),
        ("Rina-কে +880 1711 377793-এ চাইবেন।", ["+880 1711 377793"]),
        ("[handoff] Ana Ruiz | ana.ruiz@shop.es | 24 05 69 17 | ref ORD-2026-1", ["24 05 69 17"]),
        ("Auðvitað, farsími Jóns er 669 2611.", ["669 2611"]),
        ("Muidugi, Mari mobiil on 5426 8088.", ["5426 8088"]),
        ("Iva, il-mowbajl ta' Ana huwa 7984 2309.", ["7984 2309"]),
        ("Тийм ээ, Болдын гар утас 9156 5498.", ["9156 5498"]),
        ("找Aiko就打9383 7851，工作日都在。", ["9383 7851"]),
    ],
)
def test_phones_asked_for_noted_for_a_call_in_records_and_in_more_languages(text, phones):
    assert found(text, PHONE_NUMBER) == phones


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("Structured ref: +++090/9337/55493+++", []),  # a Belgian payment reference, not a Japanese number
        ("Panin +372 659 1937 tagasihelistamiseks kirja, pilet 94929524.", ["+372 659 1937"]),
        ("واپسی کال کے لیے (042) 39672028 لکھ لیا، ٹکٹ 86207705۔", ["(042) 39672028"]),
        ("I saved 0612345678 on your account.", []),  # a place, not a purpose: a bare run stays unnamed
        ("[handoff] Ana Ruiz | 24 05 69 17 | ana.ruiz@shop.es", []),  # not after the address
    ],
)
def test_references_tickets_and_places_are_not_phones(text, phones):
    assert found(text, PHONE_NUMBER) == phones


AMEX_PREFIX_16 = luhn_completed("371234567890123")  # 16 digits after an Amex prefix: no network issues it so
VISA_PREFIX_15 = luhn_completed("40123456789012")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ('{"name": "Ana Ruiz", "card": "3712 3456 7890 1234"}', ["3712 3456 7890 1234"]),
        (f"[handoff] Ana | card {VISA_PREFIX_15} | ref X", [VISA_PREFIX_15]),
        (f"Número de tarjeta: {AMEX_PREFIX_16}", [AMEX_PREFIX_16]),
        (f"Your gift card {AMEX_PREFIX_16} has 20 EUR left.", []),
        (f"SIM card {AMEX_PREFIX_16} is active.", []),
        (f"Order {AMEX_PREFIX_16} has shipped.", []),  # no card label: a network's own rules decide
        ('{"card": "3712 3456 7890 1235"}', []),  # Luhn fails
    ],
)
def test_a_card_label_makes_any_luhn_valid_number_a_card(text, cards):
    assert AMEX_PREFIX_16 == "3712345678901234"
    assert found(text, CREDIT_CARD) == cards


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("**Callback:** (+371) 63 125 718  \n**Ref:** `418-3909996`", ["(+371) 63 125 718"]),  # Markdown marks
        ("Registei o (11) 2362-7980 como contacto no pedido de assistência 790-0465265.", ["(11) 2362-7980"]),
        ("আপনার অর্ডার 433-1280476 পথে আছে; ডেলিভারিম্যান +880-2-7390811 নম্বরে ফোন করবেন।", ["+880-2-7390811"]),
        ("मैले +97714564676 लाई गुनासो 664-0946826 मा सम्पर्क नम्बरको रूपमा थपेको छु।", ["+97714564676"]),
        ("+251 11 121 2764ን ለጥያቄ 410-4714561 መመለሻ ስልክ አድርጌ መዝግቤዋለሁ።", ["+251 11 121 2764"]),
        ("Ho registrato il 0041 78 127 47 68 come recapito sulla pratica LFQHPK.", ["0041 78 127 47 68"]),
        ("Ако никой не отваря, позвънете на 02 117 442 — това е съседката.", ["02 117 442"]),
        ("Customer since 2019-03-04, customer number 0049 3012 3456.", []),  # an exit code's shape, named an id
    ],
)
def test_ids_named_through_markup_compounds_and_more_scripts(text, phones):
    assert found(text, PHONE_NUMBER) == phones


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("J'ai bien noté le numéro (524)250-3554 sur le dossier ZUBZTZ.", ["(524)250-3554"]),  # "sur": a place
        ("Broj 012826385 sam dodao uz prijavu HU60979758; javit ćemo se sutra.", ["012826385"]),
        ("ნომერი 574372300 დავამატე მოთხოვნას 1ZAXD8145249537793.", ["574372300"]),
        ("Ég skráði númerið 488 4423 á beiðni INC7419402; við hringjum á morgun.", ["488 4423"]),
        ("Porudžbina TCK-466361 je poslata, kurir će vas pozvati na 0666474167 pre isporuke.", ["0666474167"]),
        ("Falls niemand öffnet, bitte bei Frau Keller melden: 0682048439.", ["0682048439"]),
        ("Broj narudžbe 012826385 je potvrđen.", []),  # a thing's number
    ],
)
def test_number_words_places_and_calls_of_more_languages(text, phones):
    assert found(text, PHONE_NUMBER) == phones


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("Số an sinh xã hội (SSN) của bạn là 515-23-9755, hồ sơ 120547242.", []),  # a file's number
        ("رقم الضمان الاجتماعي الخاص بك هو 266-50-5071 في الملف 68263959.", []),
        ("您的社会安全号码214-24-7758已与报税档案11877099572关联。", []),
        ("Which number should the driver use for 334132013?", []),  # the number is for that one
        ("Aleksandra Tran\n0824265868\naleksandra.tran+travel@qq.com\nRef: 1ZFMD8531548134618", ["0824265868"]),
        (
            "Primary 8757 6623 / secondary 8672-4959 - the secondary one is only staffed on weekdays.",
            ["8757 6623", "8672-4959"],
        ),  # fmt: skip
        ("За поръчка INV/2024/16148 куриерът ще се обади на 02 911 373.", ["02 911 373"]),
        ("Tallensimme numeron 0429308763 tukipyyntöön 1ZPBJ3619904257741.", ["0429308763"]),
    ],
)
def test_files_records_list_entries_and_calls_of_more_languages(text, phones):
    assert found(text, PHONE_NUMBER) == phones


@pytest.mark.parametrize(
    "text",
    ['<field name="taxpayerSSN">463129655</field>', "Nimewo Sekirite Sosyal ou se 208933927, dosye ORD-50479555."],
)
def test_an_ssn_named_in_camel_case_and_in_haitian_creole(text):
    assert len(found(text, US_SSN)) == 1
