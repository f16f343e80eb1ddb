"""The one masking function: any 8 consecutive characters of a secret, raw or encoded, in text and in JSON."""

from __future__ import annotations

import base64
import json
import random
import string
import time
from typing import Any
from urllib.parse import quote, quote_plus

import pytest

from evaluations.connectors.base import AgentReply, ToolCall
from evaluations.outbound.masking import WINDOW, Masker, mask_key, masker, redact, redact_json

KEY = "sk-test-SECRET-9f2c7d1e55aa"
MASK = mask_key(KEY)


def windows(secret: str) -> set[str]:
    return {secret[i : i + WINDOW] for i in range(len(secret) - WINDOW + 1)}


def encoded_windows(secret: str) -> set[str]:
    """The windows of the secret and of its URL-encoded and base64 forms (base64 at each byte offset)."""
    raw = secret.encode()
    forms = {secret, quote(secret, safe=""), quote_plus(secret, safe="")}
    for offset in range(3):
        forms |= {base64.b64encode(raw[offset:]).decode(), base64.urlsafe_b64encode(raw[offset:]).decode()}
    return {w for form in forms for w in windows(form.rstrip("="))}


def leaks(text: str, secret: str = KEY) -> list[str]:
    return sorted(w for w in encoded_windows(secret) if w in text)


@pytest.fixture(autouse=True)
def _no_provider_keys(settings) -> None:
    settings.ANTHROPIC_API_KEY = settings.ANTHROPIC_AUTH_TOKEN = settings.TRUSTGATE_OPENAI_JUDGE_API_KEY = ""
    settings.AWS_SECRET_ACCESS_KEY = settings.AWS_SESSION_TOKEN = ""


def test_the_whole_key_becomes_one_masked_span() -> None:
    assert redact(f"Bearer {KEY}.", KEY) == f"Bearer {MASK}."
    assert redact(KEY, KEY) == MASK


def test_a_partial_echo_of_8_or_more_characters_is_masked() -> None:
    assert redact("partial SECRET-9f2c7d1e55aa here", KEY) == f"partial {MASK} here"
    assert redact(f"<{KEY[4:16]}>", KEY) == f"<{MASK}>"
    assert redact(f"<{KEY[10:18]}>", KEY) == f"<{MASK}>"  # exactly 8


def test_seven_characters_are_left_alone() -> None:
    assert redact(f"<{KEY[10:17]}>", KEY) == f"<{KEY[10:17]}>"
    assert redact("nothing here", KEY, "") == "nothing here"


@pytest.mark.parametrize("length", [8, 9, 12, 27])
def test_every_slice_at_every_offset_and_text_length_is_masked(length: int) -> None:
    # The scan samples every 5th position: a slice must be caught whatever its alignment, also at the very end.
    for start in range(len(KEY) - length + 1):
        for pad in range(11):
            text = "x" * pad + KEY[start : start + length]
            assert not leaks(redact(text, KEY)), (start, pad)
            assert not leaks(redact(text + "y" * pad, KEY)), (start, pad)


def test_overlapping_windows_merge_into_one_span_and_each_echo_gets_one() -> None:
    assert redact(f"({KEY})", KEY) == f"({MASK})"  # 20 overlapping windows, one mask
    assert redact(KEY[:20] + KEY[12:], KEY) == MASK + MASK  # two echoes side by side
    assert redact(f"{KEY} {KEY}", KEY) == f"{MASK} {MASK}"


@pytest.mark.parametrize("prefix", ["", "x", "xy", "Bearer ", "token="])
def test_base64_at_any_offset_is_masked(prefix: str) -> None:
    for encode in (base64.b64encode, base64.urlsafe_b64encode):
        text = "header: " + encode((prefix + KEY + " tail").encode()).decode()
        assert not leaks(redact(text, KEY)), prefix
        partial = encode((prefix + KEY[5:19]).encode()).decode()
        assert not leaks(redact(partial, KEY)), prefix


def test_url_encoded_and_json_escaped_forms_are_masked() -> None:
    key = "sk-live/abc+def=1234567890"
    text = " | ".join(
        [
            quote(key, safe=""),
            quote(key, safe="").replace("%2F", "%2f"),
            quote_plus(key, safe=""),
            json.dumps({"k": key}),
            quote(key[3:15], safe=""),
        ]
    )
    redacted = redact(text, key)
    assert not leaks(redacted, key)
    assert "1234567890" not in redacted


def test_a_short_secret_is_masked_whole_only() -> None:
    assert redact("pin 12ab34 and 12ab3", "12ab34") == "pin •••• and 12ab3"


def test_several_secrets_each_show_their_own_mask() -> None:
    other = "tok-monitor-ABCDEFGH-0001"
    assert redact(f"{KEY} / {other}", KEY, other) == f"{MASK} / {mask_key(other)}"


def test_provider_keys_are_always_masked(settings) -> None:
    settings.ANTHROPIC_API_KEY = "sk-ant-api03-PROVIDERKEY-0123456789"
    settings.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    settings.AWS_SESSION_TOKEN = "test"  # too short to mask safely: "test" stays readable
    text = "a PROVIDERKEY-0123 b K7MDENG/bPxRfi c test"
    assert redact(text) == "a sk-…6789 b wJa…EKEY c test"


def test_redaction_is_idempotent() -> None:
    once = redact(f"{KEY} {KEY[3:20]} {base64.b64encode(KEY.encode()).decode()}", KEY)
    assert redact(once, KEY) == once


def test_json_is_masked_recursively_keys_and_values() -> None:
    value: dict[str, Any] = {
        "name": f"lookup_{KEY}",
        "arguments": {
            "auth": {"token": KEY, "parts": [KEY[3:15], {"deep": base64.b64encode(KEY.encode()).decode()}]},
            KEY: ("tuple", KEY[8:]),
            "n": 3,
            "ok": True,
            "none": None,
        },
    }
    masked = redact_json(value, KEY)
    assert not leaks(json.dumps(masked))
    assert masked["arguments"]["n"] == 3 and masked["arguments"]["ok"] is True and masked["arguments"]["none"] is None
    assert masked["arguments"][MASK] == ("tuple", MASK)
    assert value["arguments"]["auth"]["token"] == KEY  # the input is not changed


def test_dataclasses_such_as_tool_calls_and_replies_are_masked() -> None:
    reply = AgentReply(
        text=f"key {KEY}",
        tool_calls=(ToolCall(name=KEY, arguments={"k": [KEY]}),),
        conversation_id=KEY[2:14],
        raw_preview="…",
        latency_ms=5,
        reply_path="answer",
    )
    masked = redact_json(reply, KEY)
    assert isinstance(masked, AgentReply) and isinstance(masked.tool_calls[0], ToolCall)
    assert not leaks(repr(masked))
    assert masked.latency_ms == 5 and masked.reply_path == "answer"


def test_random_secrets_never_survive_in_any_window() -> None:
    rng = random.Random(14)
    alphabet = string.ascii_letters + string.digits + "-_/+=.~"
    for _ in range(200):
        secret = "".join(rng.choices(alphabet, k=rng.randint(8, 60)))
        start = rng.randint(0, len(secret) - WINDOW)
        piece = secret[start : rng.randint(start + WINDOW, len(secret))]
        noise = "".join(rng.choices(alphabet + " ", k=rng.randint(0, 40)))
        text = noise + piece + noise[::-1] + base64.b64encode((noise + secret).encode()).decode() + quote(piece)
        assert not leaks(redact(text, secret), secret), (secret, text)


def test_a_masker_is_built_once_per_set_of_secrets() -> None:
    assert masker(KEY) is masker(KEY)
    assert not Masker([]) and Masker([]).text("abc") == "abc"


def test_a_64_kb_reply_is_scanned_in_well_under_a_few_milliseconds(settings) -> None:
    settings.ANTHROPIC_API_KEY = "sk-ant-api03-" + "Ab9_" * 20  # a realistic set: the agent key and a provider key
    settings.AWS_SECRET_ACCESS_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    rng = random.Random(3)
    words = ["".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 9))) for _ in range(2000)]
    reply = " ".join(rng.choices(words, k=12000))[: 64 * 1024 - 200]
    reply = reply[:30000] + KEY + reply[30000:50000] + KEY[6:20] + reply[50000:]
    mask = masker(KEY)
    timings = []
    for _ in range(15):
        started = time.perf_counter()
        masked = mask.text(reply)
        timings.append(time.perf_counter() - started)
    assert not leaks(masked)
    assert min(timings) < 0.005, f"{min(timings) * 1000:.2f} ms"
