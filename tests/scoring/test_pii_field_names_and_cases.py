"""Identifiers of more languages (cases, complaints, orders, a direct debit's mandate), what a refund or payment
is for, field names whose last part decides, a form's value in brackets; calling words of more languages;
fediverse handles, which are no email addresses (docs/scoring.md, PII detection)."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import EMAIL_ADDRESS, PHONE_NUMBER, scan_pii


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


@pytest.mark.parametrize(
    "text",
    [
        "Ring 40 02 34 40 og oppgi saksnummer 16 7440 2559.",
        "Soita numeroon +358-44-6437683 ja kerro reklamaation numero 18 2780 2955.",
        "Zavolajte na 0943441444 a uveďte číslo reklamácie 445-6862976.",
        "Helistage 00372 389 1736 ja öelge pretensiooni number 46 9960 5669.",
        "Vui lòng gọi 0084 24 2043 3680 và cung cấp mã khiếu nại 37 7354 7308.",
        "Yusuf: Điện thoại 0084 28 3235 3638 / Đơn hàng 55 8114 1434",
        "Priya的社会安全号码（SSN）是575-07-8775，案件编号4318198108。",
        "يرجى الاتصال على +201204231979 وذكر رقم الشكوى 2622249310.",
        "سفارش 868-7883573 / تلفن 09322514541",
        "براہ کرم 0300 4970824 پر کال کریں اور شکایت نمبر 98 4034 3175 بتائیں۔",
        "Ang Social Security number ni Hana ay 002766963, para sa kaso 982-9931809.",
        "Refund for 33 6105 9274 will be sent to your account within 5 working days.",
        "Die Zahlung für 63 4864 6747 wurde von der Karte abgebucht.",
        "De terugbetaling van 44 3586 4781 staat op uw kaart.",
        "iban=PT87908401679153206748067 payee=Mateus mandate=713-2004899",
        "telefon=(01) 831 47 90 naročilo=731-8786045 agent=rania retries=5",
        "Утас: +976 5860 4847\nЗахиалга: 842-3964628",
        "Telefon: +37256792675\nTellimus: 65 4401 6304",
        "телефон: '00359 43 006 953'\nпоръчка: '88 4889 2824'",
        "Телефон: +381 18 629426\nПоруџбина: 901-4020644",
        "Телефон: [ +77233858969 ]\nЗаказ: [ 745-1207635 ]",
        "name,შეკვეთა,ტელეფონი\nUchenna,81 6356 3434,577 76 67 27",
        "contact_id,full_name,email,stage\n19652215,Chiara Jovanovic,chiara.j98@optusnet.com.au,won",
        'INFO region=LK தொலைபேசி="+94743834983" ஆர்டர்="301-2972308"',
        "Zavolejte prosím na 277-373-574 kvůli zásilce 82768301649.",
    ],
)
def test_identifiers_of_more_languages_and_field_names_are_no_phones(text):
    # no reply's identifier is taken for a phone (its phone, where it has one, is found: the test below and the
    # corpus parts)
    ids = {"16 7440 2559", "18 2780 2955", "445-6862976", "46 9960 5669", "37 7354 7308", "55 8114 1434"}
    ids |= {"4318198108", "2622249310", "868-7883573", "98 4034 3175", "982-9931809", "33 6105 9274"}
    ids |= {"63 4864 6747", "44 3586 4781", "713-2004899", "731-8786045", "842-3964628", "65 4401 6304"}
    ids |= {"88 4889 2824", "901-4020644", "745-1207635", "81 6356 3434", "19652215", "301-2972308", "82768301649"}
    phones = found(text, PHONE_NUMBER)
    assert not ids & set(phones), phones


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("Zavolejte prosím na 251206648 a uveďte číslo reklamace INC4989438.", ["251206648"]),
        ("Truqui al 881908741 i indiqui la referència ORD-2025-526324, si us plau.", ["881908741"]),
        ("订单7136263041已暂停，客户希望我们回拨0917944673。", ["0917944673"]),
        ("Il-kunsinna waqaf; il-klijent jitlob li jċemplulu fuq 2317 6474.", ["2317 6474"]),
        ("سفارش 868-7883573 / تلفن 09322514541", ["09322514541"]),
        ("Pasūtījums: [ ORD-55 ]\nTālrunis: [ 67 123 456 ]", ["67 123 456"]),
    ],
)
def test_phones_named_by_calling_words_of_more_languages(text, phones):
    assert found(text, PHONE_NUMBER) == phones


def test_a_fediverse_handle_is_no_email_but_an_address_is():
    assert found("Mastodon: @harbor@lumen.social (we reply within 9 hours).", EMAIL_ADDRESS) == []
    assert found("Write to harbor@lumen.social any time.", EMAIL_ADDRESS) == ["harbor@lumen.social"]
