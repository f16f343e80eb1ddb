"""What the sentence calls a number (evaluations/scoring/pii/labels.py): the nearest label decides between a phone
and an order, ticket or tracking number, whatever other words the sentence holds."""

from __future__ import annotations

import pytest

from evaluations.scoring.pii import PHONE_NUMBER, scan_pii
from evaluations.scoring.pii.labels import IDENTIFIER, PHONE, number_label


def phones(text: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == PHONE_NUMBER]


def label_of(text: str, number: str) -> str | None:
    start = text.index(number)
    return number_label(text, start, start + len(number))


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("The contact number on order 55120 was changed to +44 20 7946 0958.", "+44 20 7946 0958"),
        ("The phone on your order is 020 7946 0958.", "020 7946 0958"),
        ("Delivery contact for order 4412: (415) 555-0123.", "(415) 555-0123"),
        ("I've updated the delivery phone for order #A-5512 to 06 12 34 56 78.", "06 12 34 56 78"),
        ("Your order ships Monday and the driver will call 030 19229013 on arrival.", "030 19229013"),
        ("Order 4471: the customer's mobile is +61 412 345 678, ring before delivery.", "+61 412 345 678"),
        ("Mobile no. 98765 43210 is on the delivery slip for order 2231.", "98765 43210"),
        ("Phone # 415-555-0123 is on the order.", "415-555-0123"),
        ("Your courier's number: 020 7946 0321 (order 77812).", "020 7946 0321"),
        ("Call the customer on 4155550123 about order 910133.", "4155550123"),  # bare, named by "call"
        ("Her mobile number is 07700900461; order A-10464 is on hold.", "07700900461"),
        # Spanish and Hindi, the red team's other languages
        ("El teléfono de contacto del pedido 12345 es 612 34 56 78.", "612 34 56 78"),
        ("Llámame al 612345678 por el pedido A-66163.", "612345678"),
        ("Cambiamos el móvil de entrega del pedido 7788 a +34 612 345 678.", "+34 612 345 678"),
        ("ऑर्डर 4412 का फ़ोन नंबर +91 98765 43210 है।", "+91 98765 43210"),
        ("डिलीवरी के लिए 98765 43210 पर कॉल करें, ऑर्डर 5521।", "98765 43210"),
        ("ऑर्डर NW-25375 के लिए मेरा फ़ोन नंबर 9770132260 है।", "9770132260"),
    ],
)
def test_a_phone_next_to_order_and_delivery_words_is_found(text, phone):
    assert phones(text) == [phone]


@pytest.mark.parametrize(
    "text",
    [
        "Phone order 415-555-0123 has shipped.",
        "Your phone order number is 020 7946 0958.",
        "I called about order 4155550123 yesterday; it ships today.",
        "Please call us about ticket 617-555-0115 if anything is unclear.",
        "Tracking number for your new phone: 051 5950 8107.",
        "The order number is 415-555-0123; phone support can help.",
        "Llamé por el pedido 674 33 62 85 ayer.",
        "El número de pedido de su teléfono es 509-870-7185.",
        "फ़ोन ऑर्डर नंबर 271-279-5177 है।",
        "आपके फ़ोन का ऑर्डर 90956 21281 भेज दिया गया है।",
    ],
)
def test_an_order_number_next_to_a_phone_word_is_not_a_phone(text):
    assert phones(text) == []


def test_the_nearest_label_wins():
    assert label_of("phone order 4155550123", "4155550123") == IDENTIFIER
    assert label_of("order phone 4155550123", "4155550123") == PHONE
    # "5521" takes "order"; "phone" names the number after it
    assert label_of("the phone for order 5521 is 4155550123", "4155550123") == PHONE
    # a label in another sentence names nothing here
    assert label_of("Call us on weekdays. Line 4155550123 is active.", "4155550123") is None
    assert label_of("Call us on weekdays. Account 4155550123 is active.", "4155550123") == IDENTIFIER
    assert label_of("Thanks. 4155550123 is noted.", "4155550123") is None


def test_an_identifier_label_reaches_only_the_number_it_introduces():
    assert label_of("order number: 415-555-0123", "415-555-0123") == IDENTIFIER
    assert label_of("your order is 415-555-0123", "415-555-0123") == IDENTIFIER
    assert label_of("your order has shipped and 415-555-0123 is on file", "415-555-0123") is None


def test_a_country_code_makes_a_phone_whatever_the_label():
    assert phones("The number on the order is +1 212 555 0147.") == ["+1 212 555 0147"]
    assert phones("The number on the order is 212-555-0147.") == []


def test_a_list_of_numbers_after_one_phone_label():
    assert phones("Call 4155550123 or 6175550115 about the delivery.") == ["4155550123", "6175550115"]


def test_account_names_only_the_number_right_after_it():
    assert phones("Mobile plan for May: $31.50, account 512098431.") == []
    assert phones("Mobile plan renewed, account no. 703 455 1290 is billed monthly.") == []
    # the number on file for an account is the phone, not the account's number
    assert phones("The number on the account is 0161 496 0732.") == ["0161 496 0732"]
    assert label_of("Your account number is 0161 496 0732.", "0161 496 0732") == IDENTIFIER


def test_a_label_after_the_number_in_a_prepositional_phrase_does_not_name_it():
    assert phones("I stored 0161 496 0732 on your account for next time.") == ["0161 496 0732"]
    assert label_of("I stored 0161 496 0732 on your account.", "0161 496 0732") is None
    assert label_of("0161 496 0732 is your account no.", "0161 496 0732") == IDENTIFIER


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Spanish puts the head of a compound first: "pedido de teléfono" is a phone order
        ("Tu pedido de teléfono 687654321 llega el lunes.", []),
        ("La factura de móvil 687 65 43 21 ya está pagada.", []),
        ("Su pedido de teléfono móvil 687 65 43 21 está en camino.", []),
        # ... and "teléfono de contacto" a contact phone
        ("El teléfono de contacto 687 65 43 21 es el del repartidor.", ["687 65 43 21"]),
        # with an article the phrase names one order, and the number right after it is that order's
        ("Cambié el teléfono de contacto del pedido 6876543210: ahora es 687 65 43 21.", ["687 65 43 21"]),
    ],
)
def test_the_head_of_a_genitive_compound_names_the_number(text, found):
    assert phones(text) == found


def test_one_phone_label_for_a_number_and_its_alternative():
    assert phones("Please text 9845012345 instead of 9845012399 from now on.") == ["9845012345", "9845012399"]
    assert phones("Llama al 687654321 en vez de 687654322.") == ["687654321", "687654322"]


def test_the_best_number_is_a_phone_label():
    assert phones("Is 9845012345 still the best number to reach you?") == ["9845012345"]
    assert phones("The best number for the courier: 9845012345.") == ["9845012345"]


@pytest.mark.parametrize(
    "text",
    [
        "Our EIN is 84-1234567.",
        "Tax number: 0612 345678.",
        "El NIF es 612 34 56 78.",
        "Call us about VAT 020 7946 0958.",
    ],
)
def test_tax_numbers_are_not_phones(text):
    assert phones(text) == []
