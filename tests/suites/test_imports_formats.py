"""Each import format read from sample files written after the tool's own documentation (docs/imports.md): what
each record became, what was dropped and why, PII masked, duplicates removed, every problem with its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from suites.imports.base import MAX_IMPORT_BYTES
from suites.imports.preview import Preview, import_preview

SAMPLES = Path(__file__).parent / "import_samples"


def preview(name: str, source_format: str, **kwargs: object) -> Preview:
    return import_preview((SAMPLES / name).read_bytes(), source_format=source_format, filename=name, **kwargs)  # type: ignore[arg-type]


def by_name(found: Preview) -> dict[str, dict[str, object]]:
    return {case.values["name"]: case.values for case in found.cases}


def test_jsonl_conversations_split_mask_and_deduplicate() -> None:
    found = preview("conversations.jsonl", "jsonl")
    assert found.can_import and found.problems == []
    assert (len(found.cases), found.duplicates, found.pii_masked) == (3, 1, 2)  # the planted email and phone
    first = found.cases[0]
    assert first.message == "Can you call me on [PHONE] about it?"
    assert first.values["start_from"] == [
        {"role": "user", "content": "Hi, my order NW-12345 has not arrived. Reach me at [EMAIL]."},
        {"role": "assistant", "content": "Sorry to hear that. I can see order NW-12345 shipped on Monday."},
    ]
    assert first.source == "conversations.jsonl:1" and first.values["source"] == "conversations.jsonl:1"
    assert "the system prompt: the agent under test has its own" in first.dropped
    assert any(d.startswith("the recorded reply after the last user message") for d in first.dropped)
    cases = by_name(found)
    assert cases["conv-2"]["expected_outcome"] == "Says refunds are accepted within 30 days of delivery."
    assert cases["conv-3"]["start_from"][1] == {  # type: ignore[index]
        "role": "assistant",
        "content": "",
        "tool_calls": [{"name": "lookup_order", "arguments": {"order_id": "NW-777"}}],
    }
    assert found.mapping == {"messages": "messages", "id": "name", "expected": "expected_outcome"}
    assert "jane.doe" not in str(found.to_dict()) and "555" not in str(found.to_dict())


def test_malformed_jsonl_lines_are_reported_with_their_line_numbers() -> None:
    found = preview("conversations_bad.jsonl", "jsonl")
    assert [(p.line, p.message) for p in found.problems] == [
        (2, "This line is not valid JSON (Expecting ',' delimiter, column 56)."),
        (3, "The messages hold no user message to send."),
        (4, "Each line is a JSON object (with messages, or mapped keys)."),
        (5, "A message of the messages has the role 'narrator'; use user or assistant."),
    ]
    assert len(found.cases) == 2 and not found.can_import
    assert found.why_not().startswith("Fix the 4 problems listed (each with its line)")


def test_csv_columns_follow_the_mapping_step() -> None:
    guessed = preview("conversations.csv", "csv")
    assert guessed.mapping == {"case": "name", "question": "message", "expected outcome": "expected_outcome",
                               "order_id": "ignore", "channel": "ignore"}  # fmt: skip
    mapping = {"question": "message", "expected outcome": "expected_outcome", "order_id": "variable", "case": "name"}
    found = preview("conversations.csv", "csv", mapping=mapping)
    assert (len(found.cases), found.duplicates, found.pii_masked) == (2, 1, 2)
    late, refund = found.cases
    assert late.message == "Where is my order {{order_id}}? Email me at [EMAIL]"
    assert late.values["template_variables"] == [["order_id", "NW-12345"]]
    assert refund.message == "I want a refund for {{order_id}}, my card is [CARD]"
    assert refund.values["expected_outcome"] == "Explains the refund policy without repeating the card number."
    assert "“order_id” → the template variable {{order_id}}" in refund.became
    assert found.mapping["channel"] == "ignore"  # left out of a given mapping: ignored


@pytest.mark.parametrize(
    ("mapping", "sentence"),
    [
        ({"questoin": "message"}, "The mapping names “questoin”, which the file does not have (it has case, question"),
        (
            {"question": "answer"},
            "Map “question” to one of message, messages, expected_outcome, name, variable, ignore",
        ),
        ({"case": "name"}, "Map a column to the message (or to messages, a list of {role, content}) to read cases."),
    ],
)
def test_a_wrong_mapping_is_a_sentence_and_reads_nothing(mapping: dict[str, str], sentence: str) -> None:
    found = preview("conversations.csv", "csv", mapping=mapping)
    assert any(p.message.startswith(sentence) for p in found.problems), found.problems
    assert found.cases == [] and not found.can_import


def test_otel_spans_of_both_conventions_become_cases() -> None:
    found = preview("otel_traces.json", "otel")
    assert found.problems == [] and found.skipped == 1  # the execute_tool span
    weather, cancel, canada = found.cases
    assert weather.message == "Should I take an umbrella?"
    assert weather.values["start_from"] == [
        {"role": "user", "content": "Weather in Paris? My email is [EMAIL]"},
        {
            "role": "assistant",
            "content": "",
            "tool_calls": [{"name": "get_weather", "arguments": {"location": "Paris"}}],
        },
        {"role": "assistant", "content": "It is rainy, 57F."},
    ]
    assert weather.source == "otel_traces.json span eee19b7ec3c1b174"
    assert "gen_ai.output.messages, the recorded reply: each run asks the agent afresh" in weather.dropped
    assert cancel.message == "Cancel my subscription, account [CARD]."  # from gen_ai.user.message events
    assert canada.message == "Do you ship to Canada?"  # indexed gen_ai.prompt.0.* attributes
    assert found.pii_masked == 2


def test_a_file_that_is_not_otlp_is_refused_with_a_sentence() -> None:
    found = preview("langsmith_examples.jsonl", "otel")
    assert found.refused.startswith("This is not an OTLP JSON trace export")
    assert not found.can_import and found.why_not() == found.refused


def test_langfuse_dataset_items_and_a_trace_download() -> None:
    items = preview("langfuse_dataset.json", "langfuse")
    assert [(p.line, p.message) for p in items.problems] == [
        (4, "“question”, mapped to the message, is blank or not text here.")
    ]
    shipping, email = items.cases
    assert (shipping.message, shipping.values["expected_outcome"]) == (
        "How long does shipping take?",
        "3-5 business days.",
    )
    assert shipping.source == "langfuse_dataset.json:2 item item-1"
    assert email.message == "Change the email on my account to [EMAIL]"
    trace = preview("langfuse_trace.json", "langfuse")
    (case,) = trace.cases
    assert case.message == "Order NW-555. Call me at [PHONE]."
    assert [t["content"] for t in case.values["start_from"]] == ["I was charged twice.", "I'm sorry. Which order?"]
    assert "output, the recorded reply: each run asks the agent afresh" in case.dropped


def test_langsmith_examples_and_root_runs() -> None:
    examples = preview("langsmith_examples.jsonl", "langsmith")
    assert examples.problems == []
    price, ssn = examples.cases
    assert (price.message, price.values["expected_outcome"]) == ("Do you price-match?", "No, we do not price-match.")
    assert ssn.message == "My SSN is [SSN], is my account safe?" and len(ssn.values["start_from"]) == 2
    runs = preview("langsmith_runs.jsonl", "langsmith")
    assert runs.skipped == 1 and [c.message for c in runs.cases] == ["Where is my parcel?"]  # LangChain messages
    assert "outputs, the recorded reply of the run: each run asks the agent afresh" in runs.cases[0].dropped


def test_promptfoo_yaml_asserts_become_checks_or_are_listed() -> None:
    found = preview("promptfoo_tests.yaml", "promptfoo")
    assert [(p.line, p.message) for p in found.problems] == [(33, "“vars” is a mapping of names to values.")]
    refund, lookup = found.cases
    assert refund.message == "You are a support agent. Customer says: {{question}}"
    assert refund.values["template_variables"] == [["question", "What is your refund window?"]]
    assert refund.values["required_phrases"] == ["30 days"]
    assert refund.values["forbidden_phrases"] == ["as an AI language model"]  # from defaultTest
    assert refund.values["expected_outcome"] == "Explains how to start a return."
    assert lookup.values["template_variables"] == [["question", "Where is order NW-12345? My phone is [PHONE]."]]
    assert lookup.values["required_phrases"] == ["NW-12345", "shipped"]
    assert [c["name"] for c in lookup.values["expected_tool_calls"]] == ["lookup_order", "get_tracking"]
    assert lookup.values["tool_order"] == "in_order"
    assert "The reply is valid JSON." in lookup.values["expected_outcome"]
    assert lookup.dropped == [
        "assert javascript: no counterpart in Trustgate",
        "assert cost: no counterpart in Trustgate",
        "assert cost's threshold: no counterpart (each Trustgate check passes or fails)",
    ]


def test_promptfoo_csv_expected_columns() -> None:
    found = preview("promptfoo_tests.csv", "promptfoo")
    hours, cheque = found.cases
    assert (hours.values["name"], hours.values["required_phrases"]) == ("Hours", ["9am"])
    assert hours.values["expected_outcome"] == "Friendly and brief"
    assert cheque.values["expected_outcome"] == "The reply is exactly: No"


def test_deepeval_goldens_single_and_conversational() -> None:
    found = preview("deepeval_goldens.json", "deepeval")
    assert [(p.line, p.message) for p in found.problems] == [
        (22, "This golden's input is blank or missing: it is the message to send.")
    ]
    shoes, password = found.cases
    assert shoes.values["expected_outcome"] == (
        "You can return them within 30 days for a full refund.\n"
        "Grounded in: All customers are eligible for a 30 day full refund at no extra cost."
    )
    assert shoes.values["expected_tool_calls"] == [
        {"name": "lookup_order", "arguments": {"order_id": {"kind": "exact", "value": "NW-1"}}}
    ]
    assert "actual_output, the reply recorded at a run: each run asks the agent afresh" in shoes.dropped
    assert password.message == "Yes it is." and password.values["name"] == "A customer asks to reset a password"
    assert password.values["start_from"][0]["content"] == "I forgot my password. My email is [EMAIL]"


def test_a_file_over_the_cap_is_refused_before_it_is_read() -> None:
    huge = b'{"messages": [{"role": "user", "content": "hi"}]}\n' * (MAX_IMPORT_BYTES // 50 + 10)
    found = import_preview(huge, source_format="jsonl", filename="huge.jsonl")
    assert found.refused.startswith("The file is 32.0 MB; imports take files up to 32 MB. Split it into smaller")
    assert found.cases == []


def test_text_that_is_not_utf8_and_unknown_formats_get_a_sentence() -> None:
    assert import_preview(b"\xff\xfe\x00", source_format="jsonl", filename="x").refused.startswith(
        "The file is not UTF-8 text (byte 1 cannot be read)"
    )
    assert import_preview(b"", source_format="xml", filename="x").refused.startswith("Choose a format: jsonl, csv")
