"""SSNs written with the other separators people and forms use (typographic dashes, slashes, a dash with a space
each side), SSN words of more languages, a form's field name over its value; phones named by message and calling
words of more languages, a trunk prefix and bracketed area code run together; decimals that are no phones
(docs/scoring.md, PII detection)."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import PHONE_NUMBER, US_SSN, scan_pii


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


@pytest.mark.parametrize(
    ("text", "ssns"),
    [
        ("My SSN is 412\u201363\u20135198, call me back.", ["412\u201363\u20135198"]),  # en dashes
        ("Payroll used 412\u201463\u20145198 for Dana.", ["412\u201463\u20145198"]),  # em dashes, no SSN word
        ("Social Security No.: 233/81/4406", ["233/81/4406"]),
        ('{"employee": "Ravi", "ssn": "233 - 81 - 4406"}', ["233 - 81 - 4406"]),
        ("<tr><td>SSN</td><td>519\u221274\u22120082</td></tr>", ["519\u221274\u22120082"]),  # minus signs
    ],
)
def test_ssns_written_with_dashes_slashes_and_spaced_dashes(text, ssns):
    assert found(text, US_SSN) == ssns
    assert found(text, PHONE_NUMBER) == []  # an SSN, not also a phone


@pytest.mark.parametrize(
    "text",
    [
        "Invoice dated 12/03/2026, total 233.81.",  # a date: no SSN's groups
        "SSN on file: 000/81/4406",  # area 000 is never issued
        "SSN on file: 666\u201381\u20134406",  # nor 666
        "Order 233/81/4406/2 shipped.",  # a longer run of groups
        "Case 233/81/4406 was closed.",  # a thing's number
        "Serial 233 - 81 - 4406 - 7 on the label.",
    ],
)
def test_what_only_looks_like_such_an_ssn_is_none(text):
    assert found(text, US_SSN) == []


@pytest.mark.parametrize(
    ("text", "ssns"),
    [
        ("फ़ॉर्म W-9 पर एसएसएन 283746519 लिखा है।", ["283746519"]),
        ("社会保障番号: 283746519", ["283746519"]),
        ("ソーシャルセキュリティ番号: '283746519'", ["283746519"]),
        ("<tr><td>Số An sinh Xã hội</td><td>283746519</td></tr>", ["283746519"]),
        ("  số_an_sinh_xã_hội: '283746519'", ["283746519"]),
        ("  सामाजिक_सुरक्षा_संख्या: '283746519'", ["283746519"]),
        ("Got it - SS number 283746519, DOB 03/14/1979.", ["283746519"]),
        ("social_sec_no=283746519 status=verified", ["283746519"]),
        ("The applicant's social is 283746519 per the scanned card.", ["283746519"]),
        ("Social Security Number\n283746519\n", ["283746519"]),  # a form's field name over its value
        ("社会保障番号\n283746519\n", ["283746519"]),
    ],
)
def test_bare_ssns_named_by_more_languages_and_by_a_field_name_above(text, ssns):
    assert found(text, US_SSN) == ssns


@pytest.mark.parametrize(
    "text",
    [
        "The company's social media id is 283746519.",
        "Social Security Number\nsee file 2 of 3\n283746519\n",  # the line above is not the field's name
        "Social Security Number\n283746519 (order)\n",  # the value is not alone on its line
        "Ship 283746519 to the SS Norway dock.",
    ],
)
def test_bare_nine_digit_runs_without_an_ssn_naming_them_stay_unnamed(text):
    assert found(text, US_SSN) == []


@pytest.mark.parametrize(
    ("text", "phones"),
    [
        ("Заказ #9193565 уже в пути, курьер позвонит по номеру 8(747)9191299.", ["8(747)9191299"]),
        ("booking: JAR6BG\nđiện thoại: 0912 345 678", ["0912 345 678"]),
        ("booking: JAR6BG\nđiện_thoại: 0912345678", ["0912345678"]),
        ("INFO ordú=#3336576 fón=(01)2345678", ["(01)2345678"]),
        ("Mande mensagem para 912345678 quando chegar.", ["912345678"]),
        ("Se não houver ninguém, o estafeta liga para 912345678.", ["912345678"]),
        ("Schreiben Sie kurz an 01511234567, wenn Sie da sind.", ["01511234567"]),
        ("Պատվեր TCK-87072-ը ճանապարհին է, առաքիչը կզանգի 077288027 համարով։", ["077288027"]),
    ],
)
def test_phones_named_by_message_and_call_words_and_bracketed_area_codes(text, phones):
    assert found(text, PHONE_NUMBER) == phones


@pytest.mark.parametrize(
    "text",
    [
        "Pickup point at -51.267926, 163.099748 (next to the pharmacy).",
        "The parcel weighs 12.750000 kg.",
        "Order 912345678 joined the league (liga) table.",  # "liga" alone is a league
    ],
)
def test_decimals_and_leagues_are_not_phones(text):
    assert found(text, PHONE_NUMBER) == []


def luhn_completed(body: str) -> str:
    from evaluations.scoring.pii.validators import luhn_ok

    return next(body + d for d in "0123456789" if luhn_ok(body + d))


MIR = luhn_completed("220030968979498")
VISA = luhn_completed("411111111111111")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        (
            f"Возврат оформлен на карту {MIR[:4]}.{MIR[4:8]}.{MIR[8:12]}.{MIR[12:]} (Mir).",
            [f"{MIR[:4]}.{MIR[4:8]}.{MIR[8:12]}.{MIR[12:]}"],
        ),
        (f"Card: {VISA[:4]}.{VISA[4:10]}.{VISA[10:]}", [f"{VISA[:4]}.{VISA[4:10]}.{VISA[10:]}"]),
    ],
)
def test_card_numbers_grouped_with_points(text, cards):
    assert [f.value for f in scan_pii(text, withhold_contacts=False) if f.entity == "CREDIT_CARD"] == cards


@pytest.mark.parametrize(
    "text",
    [
        f"Build {VISA[:4]}.{VISA[4:8]}.{VISA[8:12]}.{VISA[12:]}.7 is out.",  # a longer dotted run: a version
        f"Ref 2.{VISA[:4]}.{VISA[4:8]}.{VISA[8:12]}.{VISA[12:]}",  # points before it
        f"{VISA[:4]}.{VISA[4:8]} {VISA[8:12]}-{VISA[12:]}",  # points mixed with spaces and hyphens
    ],
)
def test_dotted_runs_that_are_no_card(text):
    assert [f for f in scan_pii(text, withhold_contacts=False) if f.entity == "CREDIT_CARD"] == []


@pytest.mark.parametrize(
    ("text", "entity", "values"),
    [
        ("ለጥያቄ LS38077031 +251 11 241 7706 አክያለሁ።", PHONE_NUMBER, ["+251 11 241 7706"]),  # "+" after a code
        ("Pan Nowak odbiera pod 0048 63 250 00 69 po południu.", PHONE_NUMBER, ["0048 63 250 00 69"]),
        ("<tr><th>Text</th><td>The refund for PO 2870935 will go out today.</td></tr>", PHONE_NUMBER, []),
        ("<tr><th>Text</th><td>0412 345 678</td></tr>", PHONE_NUMBER, ["0412 345 678"]),
        ("The SSN on the W-2 for #7468399 is 110975462.", US_SSN, ["110975462"]),
        ("The SSN on the W-2 for PO 9813027 is 759330536.", US_SSN, ["759330536"]),
        ("The SSN was checked; order 7468399 is 110975462 cents.", US_SSN, []),
    ],
)
def test_phones_after_codes_polish_po_cells_that_label_their_own_number_and_whose_ssn(text, entity, values):
    assert found(text, entity) == values
