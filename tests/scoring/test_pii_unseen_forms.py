"""The third round of PII rules (docs/scoring.md, PII detection): general rules for forms the tuned parts did not
hold — numbers running into Korean or Japanese text, short national numbers, phone and identifier words in more
languages, code prefixes, IPv4 octets, SSN words in other languages, codes that go on after an SSN shape, claim
numbers, quoted addresses and git remotes. Every case here was written for these tests."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import (
    CREDIT_CARD,
    EMAIL_ADDRESS,
    PHONE_NUMBER,
    US_SSN,
    is_phone_shaped,
    scan_pii,
)


def found(text: str, entity: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == entity]


# ---- cards -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("카드 4539 1488 0343 6467로 결제되었습니다.", "4539 1488 0343 6467"),
        ("ご登録のカードは 4539-1488-0343-6467です。", "4539-1488-0343-6467"),
        ("结算卡号 6234 5678 9012 3456 780已更新。", "6234 5678 9012 3456 780"),  # 19 digits, not cut at 16
        ("다이너스 카드 3056-930902-5904입니다.", "3056-930902-5904"),
    ],
)
def test_card_running_into_unspaced_script_is_found_whole(text, card):
    assert found(text, CREDIT_CARD) == [card]


def test_card_glued_to_latin_letters_stays_part_of_a_code():
    assert found("Reference X4539148803436467 is on the slip.", CREDIT_CARD) == []


# ---- SSNs --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Su número de seguro social 512449087 ya está en el expediente.",
        "Anotamos el número de la Seguridad Social 512449087.",
        "Ihre Sozialversicherungsnummer 512449087 wurde gespeichert.",
        "O seu número de Segurança Social é 512449087.",
    ],
)
def test_bare_ssn_named_by_an_ssn_word_in_another_language(text):
    assert found(text, US_SSN) == ["512449087"]


def test_bare_nine_digits_without_an_ssn_word_stay_no_ssn():
    assert found("Ihre Kundennummer 512449087 wurde gespeichert.", US_SSN) == []


@pytest.mark.parametrize(
    "text",
    [
        "The replacement is part 512-44-9087-C; the old one is retired.",
        "Firmware build 512-44-9087-rc2 fixes the pairing bug.",
        "Use adapter 512-44-9087/B for the European plug.",
    ],
)
def test_ssn_shape_that_a_code_continues_is_no_ssn(text):
    assert found(text, US_SSN) == []


def test_claim_number_names_an_event_not_a_person():
    assert found("Water damage: your claim number is 512-44-9087.", US_SSN) == []


def test_member_id_in_ssn_shape_still_counts():
    assert found("Your member ID is 512-44-9087.", US_SSN) == ["512-44-9087"]


# ---- emails ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("I've sent the invoice to 'lena.k@posteo.de' already.", "lena.k@posteo.de"),
        ("The login is `Dev.Ops@Firma.AT`, in the wiki.", "Dev.Ops@Firma.AT"),
        ("Her address, 'o'brien@eircom.ie', bounced.", "o'brien@eircom.ie"),
    ],
)
def test_quotes_around_an_address_are_the_sentences(text, address):
    assert found(text, EMAIL_ADDRESS) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "git remote add upstream git@codeberg.org:lena/dotfiles.git",
        "scp backup.tar.gz deploy@files.acme.io:/srv/backups/",
        "Clone https://lena@gitea.acme.io/lena/notes.git and run make.",
        "The runner pushes to ssh://builder@git.acme.io/infra/terraform.git",
    ],
)
def test_git_remotes_and_url_users_are_no_addresses(text):
    assert found(text, EMAIL_ADDRESS) == []


def test_address_before_a_colon_and_a_space_is_still_an_address():
    assert found("Write to lena.k@posteo.de: she handles refunds.", EMAIL_ADDRESS) == ["lena.k@posteo.de"]


# ---- phones ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        # numbers running into Korean particles, Korean phone words with endings
        ("고객님의 연락처가 010-2345-6789로 변경되었습니다.", "010-2345-6789"),
        ("택배 기사님이 01023456789로 연락드립니다.", "01023456789"),
        # Swiss numbers written with dots (not IPv4 addresses: a padded group, a group over 255)
        ("Rufen Sie uns unter 044.668.18.00 an.", "044.668.18.00"),
        ("Vous pouvez nous joindre au 031.322.21.11.", "031.322.21.11"),
        # a Belgian mobile whose first groups look like a date
        ("Mon GSM : 0471-23-45-67.", "0471-23-45-67"),
        # short national numbers, named by a phone label
        ("WhatsApp me on 9123 4567 after six.", "9123 4567"),
        ("Text the driver on 41234567 if the gate is locked.", "41234567"),
        # a plan that rewrites its national form (Argentina's mobile "15")
        ("El técnico te llamará al 011 15-4123-4567 antes de ir.", "011 15-4123-4567"),
        # bare runs named by phone words of other languages, or by their stems
        ("Wir haben Sie telefonisch unter 0301234567 nicht erreicht.", "0301234567"),
        ("De koerier belt u op 0612345678.", "0612345678"),
        ("Kurier zadzwoni pod numer 512345678.", "512345678"),
        ("El agente le contactará al 612345678 mañana.", "612345678"),
        # whose number, contact-list entries, what the number is for
        ("I added the recipient's number 07700900123 to the label.", "07700900123"),
        ("Home: 4155550188 - work: 617-555-0111", "4155550188"),
        ("We keep 07700900345 for SMS reminders.", "07700900345"),
    ],
)
def test_phone_forms_are_found(text, phone):
    assert phone in found(text, PHONE_NUMBER)


@pytest.mark.parametrize(
    "text",
    [
        "Your order 9123 4567 has shipped.",  # a short number an identifier label names
        "Room 91234567 is on the third floor.",  # a short number without a phone label
        "Booking BK 512 345 678 is confirmed; we'll phone you on arrival.",  # a code prefix names it
        "Phone repair ticket SR 41234567 is waiting for parts.",
        "Numer zamówienia telefonu: 512 345 678.",  # a phone order's number (Polish genitive)
        "Join the Teams call 415 555 0199 at noon.",  # a meeting number
        "The gateway answers on 192.168.100.254 only.",  # an IPv4 address
        "Invoice 2024-05-17 was paid.",
    ],
)
def test_identifiers_and_addresses_are_no_phones(text):
    assert found(text, PHONE_NUMBER) == []


def test_dotted_quad_rule_follows_ipv4_octets():
    assert not is_phone_shaped("212.155.10.254")
    assert is_phone_shaped("044.668.18.00")
