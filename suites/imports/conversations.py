"""Conversations as JSON Lines or CSV (docs/imports.md, Conversations): one record a line, each with a ``messages``
list of ``{role, content}``, or columns for the message, the expected outcome, a name and template variables,
as the mapping step says."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from suites.fields import clean_template_variables
from suites.imports.base import (
    Draft,
    FileRefused,
    Problem,
    ReadResult,
    content_text,
    conversation,
    guess_mapping,
    json_records,
)

_SAMPLE_RECORDS = 200  # the keys of the first records are the columns the mapping step offers


def read_jsonl(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    records: list[tuple[int, Any]] = []
    result = ReadResult()
    for line, value, error in json_records(text):
        if error:
            result.problems.append(Problem(line, f"This line is {error}"))
        elif not isinstance(value, dict):
            result.problems.append(Problem(line, "Each line is a JSON object (with messages, or mapped keys)."))
        else:
            records.append((line, value))
    if not records and result.problems:
        first = result.problems[0]
        raise FileRefused(f"No line of the file is a JSON object ({first}); is it JSON Lines, one record a line?")
    columns: list[str] = []
    for _, record in records[:_SAMPLE_RECORDS]:
        columns += [key for key in record if key not in columns]
    return _read_records(records, columns, filename=filename, mapping=mapping, result=result)


def read_csv(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    columns, records = csv_records(text, result.problems)
    return _read_records(records, columns, filename=filename, mapping=mapping, result=result)


def csv_records(text: str, problems: list[Problem]) -> tuple[list[str], list[tuple[int, dict[str, Any]]]]:
    """The columns and ``(line, row)`` of each row of a CSV file; a row that cannot be read is a problem."""
    try:
        dialect: Any = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = next(reader)
    except StopIteration:
        raise FileRefused("The CSV file is empty: its first line names the columns.") from None
    except csv.Error as exc:
        raise FileRefused(f"The CSV header cannot be read ({exc}).") from None
    columns = [name.strip() for name in header]
    if len(set(columns)) != len(columns) or not all(columns):
        raise FileRefused("Each CSV column needs a name of its own on the first line.")
    records: list[tuple[int, dict[str, Any]]] = []
    start = reader.line_num + 1
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(Problem(start, f"This row cannot be read as CSV ({exc})."))
            start = reader.line_num + 1
            continue
        if any(cell.strip() for cell in row):
            if len(row) != len(columns):
                problems.append(
                    Problem(start, f"This row has {len(row)} cells; the header names {len(columns)} columns.")
                )
            else:
                records.append((start, dict(zip(columns, row, strict=True))))
        start = reader.line_num + 1
    return columns, records


def file_records(text: str, *, filename: str, problems: list[Problem]) -> list[tuple[int, dict[str, Any]]]:
    """The records of an exported file: JSON (an array, one object, or JSON Lines) or, for a ``.csv`` file, CSV
    rows whose cells holding JSON are read as JSON."""
    if filename.lower().endswith(".csv"):
        _, rows = csv_records(text, problems)
        return [(line, {key: _cell(value) for key, value in row.items()}) for line, row in rows]
    records = []
    for line, value, error in json_records(text):
        if error:
            problems.append(Problem(line, f"This record is {error}"))
        elif isinstance(value, list):  # a JSON array inside JSON Lines, or an export of several at once
            records += [(line, item) for item in value if isinstance(item, dict)]
        elif isinstance(value, dict):
            records.append((line, value))
        else:
            problems.append(Problem(line, "Each record is a JSON object."))
    if not records and problems:
        raise FileRefused(f"No record of the file could be read ({problems[0]}); is it the export chosen?")
    return records


def _cell(value: str) -> Any:
    text = value.strip()
    if text[:1] in ("{", "[", '"'):
        try:
            return json.loads(text)
        except ValueError:
            return value
    return value


def _read_records(
    records: list[tuple[int, Any]], columns: list[str], *, filename: str, mapping: Mapping[str, str], result: ReadResult
) -> ReadResult:
    chosen, problems = guess_mapping(columns, mapping)
    result.columns, result.mapping = columns, chosen
    if problems:
        result.problems = [*problems, *result.problems]
        return result  # a wrong mapping reads nothing: each line would only repeat it
    for line, record in records:
        draft, problem = record_draft(record, chosen, source=f"{filename}:{line}", line=line)
        if problem is not None:
            result.problems.append(problem)
        elif draft is not None:
            result.drafts.append(draft)
    return result


def record_draft(
    record: Mapping[str, Any], mapping: Mapping[str, str], *, source: str, line: int | None
) -> tuple[Draft | None, Problem | None]:
    """One record (a JSON object, a CSV row, a promptfoo test's vars) as a case, through ``mapping``."""
    by_target: dict[str, list[str]] = {}
    for key, target in mapping.items():
        if key in record:
            by_target.setdefault(target, []).append(key)
    messages: list[Any] = []
    for key in by_target.get("messages", []):
        value = record[key]
        if isinstance(value, str):
            try:
                value = json.loads(value) if value.strip() else []
            except ValueError:
                return None, Problem(line, f"“{key}” is not a JSON list of {{role, content}}.")
        if not isinstance(value, list):
            return None, Problem(line, f"“{key}” is not a list of {{role, content}}.")
        messages = value
    for key in by_target.get("message", []):
        value = record[key]
        if value is None or isinstance(value, dict | list) or not str(value).strip():
            return None, Problem(line, f"“{key}”, mapped to the message, is blank or not text here.")
        messages = [*messages, {"role": "user", "content": str(value)}]
    if not messages:
        return None, Problem(line, "This record holds no message: its mapped message or messages are missing.")
    draft, problem = conversation(messages, source=source, line=line, what="messages")
    if draft is None:
        return None, problem
    for key in by_target.get("message", []):
        draft.became = [f"“{key}” → the message", *draft.became[1:]]
    for key in by_target.get("expected_outcome", []):
        if isinstance(record[key], str | int | float) and str(record[key]).strip():
            draft.add_outcome(str(record[key]))
            draft.became.append(f"“{key}” → the expected outcome")
    for key in by_target.get("name", []):
        if isinstance(record[key], str | int) and str(record[key]).strip():
            draft.name = str(record[key]).strip()[:200]
            draft.became.append(f"“{key}” → the name")
    pairs = []
    for key in by_target.get("variable", []):
        value = record[key]
        if isinstance(value, dict | list):
            value = json.dumps(value, ensure_ascii=False)
        pairs.append([key, "" if value is None else str(value)])
        draft.became.append(f"“{key}” → the template variable {{{{{key}}}}}")
    try:
        draft.template_variables = clean_template_variables(pairs)
    except ValidationError as exc:
        return None, Problem(line, exc.messages[0])
    return draft, None


def value_draft(
    value: Any, mapping: Mapping[str, str], *, source: str, line: int | None, what: str
) -> tuple[Draft | None, Problem | None]:
    """A case from an exported input of any shape (Langfuse, LangSmith): text is the message, a list is chat
    messages, a mapping goes through the mapping step (its ``messages``, or the keys mapped)."""
    if isinstance(value, str):
        if not value.strip():
            return None, Problem(line, f"The {what} is blank.")
        draft, problem = record_draft({"input": value}, {"input": "message"}, source=source, line=line)
        if draft is not None:
            draft.became[0] = f"the {what} → the message"
        return draft, problem
    if isinstance(value, list):
        return conversation(value, source=source, line=line, what=f"{what}'s messages")
    if isinstance(value, Mapping):
        return record_draft(value, mapping, source=source, line=line)
    return None, Problem(line, f"The {what} is missing: there is no message to send.")


_OUTCOME_KEYS = ("expected_outcome", "expected_output", "expected", "output", "answer", "reference", "content", "text")


def outcome_text(value: Any) -> str:
    """An exported expected output as text: the text itself, the one text field of a mapping, the last assistant
    message of a list, else the JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for key in _OUTCOME_KEYS:
            if isinstance(value.get(key), str):
                return str(value[key])
        if isinstance(value.get("messages"), list):
            return outcome_text(value["messages"])
        if len(value) == 1:
            return outcome_text(next(iter(value.values())))
    if isinstance(value, list) and value and all(isinstance(m, Mapping) for m in value):
        replies = [m for m in value if str(m.get("role") or m.get("type") or "") in ("assistant", "ai")]
        if replies:
            return content_text(replies[-1].get("content"))
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def input_columns(values: list[Any]) -> list[str]:
    """The keys the mapping step offers for exported inputs that are mappings (the first records')."""
    columns: list[str] = []
    for value in values[:_SAMPLE_RECORDS]:
        if isinstance(value, Mapping):
            columns += [str(key) for key in value if key not in columns]
    return columns
