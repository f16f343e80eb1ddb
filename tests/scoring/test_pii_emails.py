"""Emails need a real top-level domain, from the public suffix list that tldextract ships (read offline)."""

from __future__ import annotations

import socket

import pytest

from evaluations.scoring.pii import EMAIL_ADDRESS, scan_pii, validators


def emails(text: str) -> list[str]:
    return [f.value for f in scan_pii(text, withhold_contacts=True) if f.entity == EMAIL_ADDRESS]


@pytest.mark.parametrize(
    "asset",
    ["icon@2x.png", "hero@1.5x.jpg", "logo@3x.webp", "banner@2x.svg", "avatar@2x.gif", "sprite@2x.zip", "a@2X.MOV"],
)
def test_image_asset_names_are_not_emails(asset):
    assert emails(f"Upload {asset} to the static folder.") == []


@pytest.mark.parametrize(
    "email",
    [
        "curator@arts.museum",
        "bookings@lisbon.travel",
        "li.wei@shop.zip",  # .zip and .mov are file extensions and real TLDs
        "ed@clips.mov",
        "ana@xn--e1afmkfd.xn--p1ai",  # .рф in punycode
        "ci@build.test",  # reserved names stay addresses (staging data)
    ],
)
def test_an_address_at_an_uncommon_real_tld_is_found(email):
    assert emails(f"Send icon@2x.png to {email} for review.") == [email]


def test_a_file_name_without_a_real_tld_is_no_email():
    assert emails("Compare report@final.pdf with notes@draft.txt.") == []


def test_the_public_suffix_list_is_read_from_the_package_never_fetched(monkeypatch):
    import tldextract

    def no_network(*args, **kwargs):
        raise AssertionError("the public suffix list must not be fetched")

    built = []
    real = tldextract.TLDExtract

    def recording(*args, **kwargs):
        built.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(tldextract, "TLDExtract", recording)
    validators.public_tlds.cache_clear()
    try:
        tlds = validators.public_tlds()
    finally:
        validators.public_tlds.cache_clear()
    assert built == [{"cache_dir": None, "suffix_list_urls": (), "fallback_to_snapshot": True}]
    assert {"com", "uk", "museum", "zip", "mov", "xn--p1ai"} <= tlds
    assert not {"png", "jpg", "webp", "svg", "gif"} & tlds


@pytest.mark.parametrize(
    "masked",
    ["m***@proton.me", "****@outlook.com", "k*******n@web.de", "ana.g***@correo.es", "*@fastmail.com"],
)
def test_a_masked_address_reveals_nothing_and_is_no_email(masked):
    assert emails(f"We have sent the reset link to {masked}; it expires in an hour.") == []
    assert not validators.is_valid_email(masked)


def test_an_asterisk_in_the_domain_or_beside_the_address_does_not_hide_a_real_one():
    # the asterisk must be in the local part: a footnote mark or emphasis around an address masks nothing
    assert emails("Write to *ines.moreau@orange.fr* or to ines.moreau@orange.fr*.") == [
        "ines.moreau@orange.fr",
        "ines.moreau@orange.fr",
    ]
    assert emails("Her address is ines.moreau@orange.fr, not i***u@orange.fr.") == ["ines.moreau@orange.fr"]
