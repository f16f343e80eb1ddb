"""Phone and identifier labels beyond English, Spanish and Hindi, the word "number" alone, numbering plans outside
the first-tried regions, and the other rules of the fourth round (docs/scoring.md, PII detection). The sentences
are written here, apart from every corpus: a fix is tested on new cases, never on the held-out part."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import scan_pii


def found(text: str) -> list[tuple[str, str]]:
    return [(f.entity, f.value) for f in scan_pii(text, withhold_contacts=True)]


def phones(text: str) -> list[str]:
    return [value for entity, value in found(text) if entity == "PHONE_NUMBER"]


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        # run together, named by a phone word of the language (Greek, Turkish, Finnish, Romanian, Hungarian,
        # Czech, Filipino, Malay, Vietnamese, Swahili, Russian)
        ("Το κινητό του κ. Νικολάου είναι 6912345678.", "6912345678"),
        ("Kurye teslimattan önce 05012345678 numaralı cep telefonunu arayacak.", "05012345678"),
        ("Asentaja soittaa asiakkaalle ennen käyntiä: 0412345678.", "0412345678"),
        ("Curierul vă va suna la 0712034567 înainte de livrare.", "0712034567"),
        ("A futár a 06201234567 számon hívja a címzettet.", "06201234567"),
        ("Kurýr vám zavolá na 601234567 před doručením.", "601234567"),
        ("Tatawagan ka ng rider sa 09171234567 bago dumating.", "09171234567"),
        ("Penghantar akan menelefon anda di 0123456789 sebelum tiba.", "0123456789"),
        ("Nhân viên giao hàng sẽ gọi cho bạn theo số 0912345678.", "0912345678"),
        ("Dereva atakupigia simu kwa 0712123456 kabla ya kufika.", "0712123456"),
        ("Курьер позвонит вам по номеру 89161234567.", "89161234567"),
        # scripts without spaces or with joined particles (Japanese, Thai, Arabic, Hebrew)
        ("配達員が携帯 09012345678 にご連絡します。", "09012345678"),
        ("พนักงานจะโทรหาคุณที่เบอร์ 0812345678 ก่อนส่งของ", "0812345678"),
        ("سيتصل بك المندوب على 01001234567 قبل التسليم.", "01001234567"),
        ("השליח יתקשר אליך למספר 0502345678 לפני המסירה.", "0502345678"),
        # German mobiles run together are 12 digits with their trunk 0
        ("Der Fahrer ruft Sie unter 015112345678 an.", "015112345678"),
        # the word "number" alone, no other label: a person's phone
        ("The number Mr. Lee left with reception is 07123456789.", "07123456789"),
        ("La cliente dejó el número 612345678 para la entrega.", "612345678"),
        ("Le numéro laissé par Mme Martin est le 0612345678.", "0612345678"),
        # a plan outside the first-tried regions, grouped exactly as that plan writes it
        ("Please ring our Karachi customer on 0301 2345678 about the delivery.", "0301 2345678"),
        ("The guest in Bogotá can be reached at 321 1234567.", "321 1234567"),
        ("Ankara ofisi için müşteri (0312) 345 67 89 numarasını verdi.", "(0312) 345 67 89"),
    ],
)
def test_a_phone_named_in_its_own_language_is_found(text: str, phone: str) -> None:
    assert phones(text) == [phone]


@pytest.mark.parametrize(
    "text",
    [
        # the word "number" with a thing's label before it: an identifier
        "Use the routing number 026009593 for wires.",
        "The sort code and flight number 12345678 are on the ticket.",
        "Protocolo de atendimento telefônico 202612345678.",  # a phone service's ticket, Portuguese
        "Pedido telefónico 612-345678: ya salió del almacén.",  # an order taken by phone, Spanish
        "Telefonbestellung 30123456 wurde storniert.",  # German compound: its head is the order
        "お電話でのご注文番号は 0312-345678 です。",  # Japanese: the order number, though a phone word comes first
        "Sipariş numaranız 5012345678, kargoya verildi.",  # Turkish order number
        "The depot's ZIP code is 10001-2345.",
        "Employer Identification Number: 36-1234567 (Lakeside Bakery LLC).",
        "Pick it from shelf 612 34 5678 in aisle 4.",
        "Ersatzteil: Artikelnummer 123-45-6789 ist wieder lieferbar.",  # an SSN shape, a part's number
        "Referencia del repuesto: 234-56-7890 (filtro de aire).",
        "Connect with sftp -P 2222 files-user@transfer.acme-logistics.com to fetch the report.",
        "Number 7 of 12 items shipped.",
    ],
)
def test_a_number_that_names_a_thing_is_no_personal_data(text: str) -> None:
    assert found(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the IBAN's country length says where it ends: a word after it is no group of it
        ("Geri ödeme NL91ABNA0417164300 IBAN numaralı hesaba yapılacak.", "NL91ABNA0417164300"),
        ("Erstattung auf DE89 3704 0044 0532 0130 00 IBAN des Kunden.", "DE89 3704 0044 0532 0130 00"),
    ],
)
def test_an_iban_followed_by_a_word_is_found_to_its_length(text: str, value: str) -> None:
    assert found(text) == [("IBAN_CODE", value)]


def test_an_ssn_named_in_hindi_transliteration_is_found() -> None:
    assert found("ग्राहक का सोशल सिक्योरिटी नंबर 123456789 है।") == [("US_SSN", "123456789")]


def test_a_login_after_a_command_is_no_address_but_an_address_after_the_word_ssh_is() -> None:
    assert found("Log in with ssh deploy@build.acme-logistics.com and restart.") == []
    assert found("I emailed the ssh key to ana.rios@acme-logistics.com yesterday.") == [
        ("EMAIL_ADDRESS", "ana.rios@acme-logistics.com")
    ]


# ---- the fifth round: layout, field names, regrouped numbers, scripts written without spaces ----------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a table's column header names the values under it
        (
            "Contacts on file:\n| Customer | Mobile |\n|---|---|\n| Ada Okafor | 0803123456 |",
            [("PHONE_NUMBER", "0803123456")],
        ),
        ("| Employee | SSN |\n|---|---|\n| Li Wei | 219876543 |", [("US_SSN", "219876543")]),
        ("| Order | Status |\n|---|---|\n| 0803123456 | shipped |", []),
        # a CSV header names its column
        ("name,mobile,city\nJonas Berg,0412345678,Oslo", [("PHONE_NUMBER", "0412345678")]),
        ("employee,ssn,state\nAna Ruiz,219876543,TX", [("US_SSN", "219876543")]),
        ("invoice,amount\n0412345678,120.00", []),
        # a list under a heading that names its entries
        ("Emergency contacts you asked for:\n- Ola Berg: 9123 4567", [("PHONE_NUMBER", "9123 4567")]),
        ("Your open orders:\n- 91234567 (shipped)", []),
        # a signature's one-letter field
        ("Best,\nMarta Silva\nM: 0912345678", [("PHONE_NUMBER", "0912345678")]),
        # field names in snake case: the last part that is a label names the value
        ('{"customer_mobile": "0412345678", "order_id": "0412345679"}', [("PHONE_NUMBER", "0412345678")]),
    ],
)
def test_the_layout_around_a_number_names_it(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        # grouped as no plan writes it, but named a phone
        ("Celular de la titular: 6123 456 78", "6123 456 78"),
        ("Telefon kontaktowy: 5123 45 678", "5123 45 678"),
        # entries of a list of someone's numbers
        ("Die Kundin gab nur privat 030123456789 an.", "030123456789"),
        # phone words: Norwegian past participle, Chinese call-back, Portuguese "answers at", Indonesian "kontak"
        ("Kunden vil bli ringt opp på 41234567.", "41234567"),
        ("客戶要求回電至 0912345678。", "0912345678"),
        ("O segurado atende no 11 91234 5678.", "11 91234 5678"),
        ("Nomor kontak pelanggan diubah menjadi 081234567890.", "081234567890"),
        # an address next to a Japanese particle ends at it; "as the contact number" after the number names it
        ("J'ai enregistré le 0612345678 comme numéro de contact.", "0612345678"),
    ],
)
def test_a_phone_found_by_the_fifth_round(text: str, phone: str) -> None:
    assert phones(text) == [phone]


@pytest.mark.parametrize(
    "text",
    [
        "追跡番号 81234567890 の配達通知は明日届きます。",  # a tracking number
        "الطلب رقم 81234567890 في الطريق.",  # Arabic: the order number
        "운송장 번호 6123456789 배송 알림은 내일 발송됩니다.",  # Korean: the waybill number
        "Llame para confirmar la entrega del pedido n.º 8123456789.",
        "Your phone repair job number is 81234567890.",
        "I phoned the warehouse about delivery 3261 570 6295.",
        "El EIN de la empresa es 01-2345678.",
        "Reminder: ma•••••a@yahoo.co.uk will get the code.",  # a masked address
    ],
)
def test_a_number_the_fifth_round_keeps_out(text: str) -> None:
    assert found(text) == []


def test_an_address_or_an_ssn_next_to_a_korean_or_japanese_particle_is_found() -> None:
    assert found("주소는 min.park@example.co.kr입니다.") == [("EMAIL_ADDRESS", "min.park@example.co.kr")]
    assert found("メールはk.sato@example.jpです。") == [("EMAIL_ADDRESS", "k.sato@example.jp")]
    assert found("사회보장번호(SSN)는 219-87-6543입니다.") == [("US_SSN", "219-87-6543")]
    assert found("His Social Security number on the W-4 is 219876543.") == [("US_SSN", "219876543")]


# ---- the sixth round: local numbers, prefixes joined to the number, tel: links, more words ------------------------


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Please ring the tenant on 331 2456 after six.", "331 2456"),  # a 7-digit local number, named
        ("המשלוח יגיע מחר; נא להתקשר ל-052-1234567 לפני כן.", "052-1234567"),  # Hebrew: "to-" joined by a hyphen
        ("للتواصل: المنزل 0112345678 والجوال و0501234567.", "0501234567"),  # Arabic "and" joined to the number
        ("Best regards,\nLina Haddad\nM 0612345678", "0612345678"),  # a signature's field without a colon
        ("The courier will reach the recipient: [0912 345 678](tel:+886912345678)", "0912 345 678"),
        ("La cliente chiede di essere richiamata al 3123456789.", "3123456789"),  # Italian: called back
        ("Le destinataire répond au 0612345678 après 18 h.", "0612345678"),
        ("Contact : tél. 0612345678, de 9 h à 17 h.", "0612345678"),
        ("For the parcel we have 0612345678 as the recipient's mobile.", "0612345678"),
    ],
)
def test_a_phone_found_by_the_sixth_round(text: str, phone: str) -> None:
    assert phone in phones(text)


@pytest.mark.parametrize(
    "text",
    [
        "Звонок зарегистрирован, номер обращения 8123456789.",  # Russian: the request's number
        "Chamado 81234567890 aberto; retornaremos em breve.",  # Portuguese: a support ticket
        "Telefonische Anfrage erfasst, Vorgangsnummer 81234567890.",  # German compound: a case number
        "通話記録の受付番号は 8123456789 です。",  # Japanese: a reception number
        "Refund 612345678 was approved during the call this morning.",
        "Change 44/123456 saved: the new phone is now 91234567.",
    ],
)
def test_a_number_the_sixth_round_keeps_out(text: str) -> None:
    assert "8123456789" not in phones(text) and "81234567890" not in phones(text)
    assert "612345678" not in phones(text) and "44/123456" not in phones(text)


def test_an_ssn_named_after_the_number_or_in_chinese_is_found() -> None:
    assert found("The tax form lists 219876543 as the employee's SSN.") == [("US_SSN", "219876543")]
    assert found("The SSN Anna Kowalczyk gave on the application is 219876543.") == [("US_SSN", "219876543")]
    assert found("申请表上填写的社安号是 219876543。") == [("US_SSN", "219876543")]


# ---- the seventh round ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        (
            "Le livreur appellera le 0033612345678 avant midi.",
            "0033612345678",
        ),  # exit code and country code run together
        ("Su nueva línea 612345678 ya está activa.", "612345678"),
        ("आपका नया नंबर 09812345678 अब चालू है।", "09812345678"),  # Hindi: "your new number"
        ("آپ کا رجسٹرڈ موبائل نمبر 03001234567 ہے۔", "03001234567"),  # Urdu: "your registered mobile number"
        ("Pembeli minta ditelepon di 081234567890.", "081234567890"),  # Indonesian: "asks to be called"
        ("De klant wil teruggebeld worden op 0612345678.", "0612345678"),  # Dutch: "called back"
        ("Kunden vill bli uppringd på 08-123 456 78.", "08-123 456 78"),  # Swedish, grouped as no plan writes it
        ("Клиент просит перезвонить на 89161234567.", "89161234567"),  # Russian: "call back"
        ("name;mobile;team\nAda Okafor;0612345678;Sales", "0612345678"),  # a CSV block separated by semicolons
        ("Try +974 4408 3591 first.", "+974 4408 3591"),  # "Try" is no Turkish lira
    ],
)
def test_a_phone_found_by_the_seventh_round(text: str, phone: str) -> None:
    assert phones(text) == [phone]


def test_the_seventh_round_keeps_out_amounts_and_customer_numbers_and_finds_ssn_fields() -> None:
    assert found("Saldo pendiente: 612.209.719 COP") == []
    assert found("Bitte nennen Sie am Telefon Ihre Kundennummer 3995006630.") == []
    assert found('taxpayer:\n  name: Ana Ruiz\n  social_security_number: "219876543"') == [("US_SSN", "219876543")]


# ---- the eighth round ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Charged to 3714  496353  98431 at 10:02.", "3714  496353  98431"),  # a receipt's double spaces
        ("Karte: 4111  1111  1111  1111 (Visa)", "4111  1111  1111  1111"),
    ],
)
def test_a_card_printed_with_double_spaces_is_found(text: str, value: str) -> None:
    assert found(text) == [("CREDIT_CARD", value)]


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Contact on file: Ana Ruiz, 0034612345678.", "0034612345678"),  # exit code + valid number, no label needed
        ("Intestatario Marco Bassi, cell. 3123456789.", "3123456789"),  # "cell." ends no clause
        ("Deux numéros : 01 23 45 67 89 / 0612345678.", "0612345678"),  # "number" names a list
        ("Para coordinar la entrega, marca al 5512345678.", "5512345678"),  # Spanish: "dial"
        ("Ζητήθηκε επιστροφή κλήσης στο 6912345678.", "6912345678"),  # Greek: "a call back"
        ("快递员会打 0912345678 跟您确认地址。", "0912345678"),  # Chinese: "will call"
    ],
)
def test_a_phone_found_by_the_eighth_round(text: str, phone: str) -> None:
    assert phone in phones(text)


@pytest.mark.parametrize(
    "text",
    [
        "Message-ID: <k3v9x1m2q8p0r7s4t5u6@mail.gmail.com>",
        "The bounce refers to <b7c1d9e2f4a8h6j3k5m0@mx.googlemail.com>.",
        "문의 번호 0012345678에 메모를 남겼습니다.",  # Korean: the inquiry's number
        "Llamamos al cliente por el reclamo 6123456789.",  # Spanish: the claim's number
    ],
)
def test_a_message_id_or_an_inquiry_number_is_no_personal_data(text: str) -> None:
    assert found(text) == []


def test_an_address_with_a_birth_year_is_still_an_address() -> None:
    assert found("Receipt sent to anjalimurphy1958@bluewin.ch") == [("EMAIL_ADDRESS", "anjalimurphy1958@bluewin.ch")]


# ---- the ninth round -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("Caller 0612345678 asked about the refund.", "0612345678"),
        ("Ms. Ito's desk line is 0312345678.", "0312345678"),
        ("Zeynep Hanım'a 02121234567 numarasından ulaşabilirsiniz.", "02121234567"),  # Turkish: "you can reach"
        ("Aino tavoittaa numerosta 0412345678 arkisin.", "0412345678"),  # Finnish: "reach ... from number"
    ],
)
def test_a_phone_found_by_the_ninth_round(text: str, phone: str) -> None:
    assert phones(text) == [phone]


def test_an_xml_field_or_a_return_number_names_its_number() -> None:
    xml = "<recipient><tel>0612345678</tel></recipient><shipment>6123456789</shipment>"
    assert phones(xml) == ["0612345678"]
    assert phones("For return 6123456789, the courier will phone Ana on 0612345678.") == ["0612345678"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a country code in brackets
        ("Our driver will phone you on (+49) 30 901820 before ten.", [("PHONE_NUMBER", "(+49) 30 901820")]),
        ("Contacto de emergencia: (+34) 612 34 56 78.", [("PHONE_NUMBER", "(+34) 612 34 56 78")]),
        ("mobile: (+61) 412 345 678\nnote: gate code 4471", [("PHONE_NUMBER", "(+61) 412 345 678")]),
        # a record's key and "=" before an address are no part of it
        ('sync ok user="Ana Ruiz" mail=ana.ruiz@proton.me tier=gold', [("EMAIL_ADDRESS", "ana.ruiz@proton.me")]),
        ("[contact]\nemail_address=j.okafor+billing@gmx.net", [("EMAIL_ADDRESS", "j.okafor+billing@gmx.net")]),
        # a 19-digit card as its issuer's six digits and the other thirteen
        ("Refund sent to card 622126 9458073021570 today.", [("CREDIT_CARD", "622126 9458073021570")]),
        # an SSN named by a record's key, after a tax form's number, or across a title's point
        ('employee_tax_id_ssn: "536225674"', [("US_SSN", "536225674")]),
        ('{"worker_ssn": "078051120", "dept": "ops"}', [("US_SSN", "078051120")]),
        ("soc_sec=536225674 status=active", [("US_SSN", "536225674")]),
        ("Please put the SSN on the W-2 and the 1099 as 536225674.", [("US_SSN", "536225674")]),
        ("The Social Security number we hold for Dr. Ilunga is 536225674.", [("US_SSN", "536225674")]),
        ("Soc. Sec. No.: 536225674", [("US_SSN", "536225674")]),
        ("雇员的SSN是536225674。", [("US_SSN", "536225674")]),
        # contact words of the tenth round: Indonesian/Malay, Vietnamese, Ukrainian, French, Korean
        ("Kurir akan menghubungi 081234567890 sebelum sampai.", [("PHONE_NUMBER", "081234567890")]),
        ("Anh có thể liên hệ 0912345678 sau 5 giờ chiều.", [("PHONE_NUMBER", "0912345678")]),
        ("Наберіть 0671234567, коли будете на місці.", [("PHONE_NUMBER", "0671234567")]),
        ("Donnez-moi un coup de fil au 0612345678 demain.", [("PHONE_NUMBER", "0612345678")]),
        ("확인 후 01012345678로 회신 드리겠습니다.", [("PHONE_NUMBER", "01012345678")]),
    ],
)
def test_forms_found_by_the_tenth_round(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Tempahan 20240611 diterima; invois 88123004 dihantar.",  # numbers a booking and an invoice name
        "Uhifadhi 23456789012 umethibitishwa.",  # Swahili: a booking's number
        "Build (+3) 1042 passed on runner 7.",  # a bracketed count, not a country code
        "key=value@2x.png is the retina asset",  # an image name
        "The 1099 total was 4,512.77 for 2023.",  # a tax form and an amount, no SSN
    ],
)
def test_numbers_the_tenth_round_keeps_out(text: str) -> None:
    assert found(text) == []
