"""promptfoo test files (docs/imports.md, promptfoo): YAML (a list of tests, or a config with ``tests``, ``prompts``
and ``defaultTest``) or CSV (a column per variable, ``__expected`` assertions). ``vars`` become the message and
template variables; each ``assert`` becomes the matching check, a sentence of the expected outcome (judged), or is
listed as having no counterpart."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from evaluations.core import yamlsafe
from suites.fields import clean_template_variables
from suites.imports.base import Draft, FileRefused, Problem, ReadResult, guess_mapping
from suites.imports.conversations import csv_records, record_draft
from suites.imports.promptfoo_asserts import apply_assert, parse_expected

_NUNJUCKS = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_TEST_KEYS = {"vars", "assert", "description"}


def _tests_from_yaml(text: str, result: ReadResult) -> tuple[list[tuple[int, Any]], Any, Any]:
    try:
        document = yamlsafe.load(text)
    except yamlsafe.YamlRefused as refused:
        raise FileRefused(f"Line {refused.line}: {refused.message}" if refused.line else refused.message) from None
    data = document.data
    prompts: Any = None
    default: Any = {}
    tests = data
    path: tuple[str | int, ...] = ()
    if isinstance(data, dict):
        prompts, default, tests, path = (
            data.get("prompts"),
            data.get("defaultTest") or {},
            data.get("tests"),
            ("tests",),
        )
        if isinstance(tests, str):
            raise FileRefused(f"“tests” points to another file ({tests[:80]}); import that file instead.")
    if not isinstance(tests, list):
        raise FileRefused("This is not a promptfoo test file: it holds no list of tests (each with vars and assert).")
    return [(document.line_of((*path, i)) or 1, test) for i, test in enumerate(tests)], prompts, default


def _one_prompt(prompts: Any) -> str:
    """The prompt every test fills in, when the file has exactly one written out; "" otherwise."""
    if isinstance(prompts, str):
        prompts = [prompts]
    if isinstance(prompts, list) and len(prompts) == 1:
        prompt = prompts[0].get("raw") if isinstance(prompts[0], dict) else prompts[0]
        if isinstance(prompt, str) and not prompt.startswith("file://") and "{{" in prompt:
            return prompt
    return ""


def read_promptfoo(text: str, *, filename: str, mapping: Mapping[str, str]) -> ReadResult:
    result = ReadResult()
    default: Any
    if filename.lower().endswith(".csv"):
        tests, prompts, default = _tests_from_csv(text, result), None, {}
    else:
        tests, prompts, default = _tests_from_yaml(text, result)
    default = default if isinstance(default, dict) else {}
    prompt = _one_prompt(prompts)
    columns: list[str] = []
    for _, test in tests:
        if isinstance(test, dict) and isinstance(test.get("vars"), dict):
            columns += [str(k) for k in test["vars"] if k not in columns]
    result.columns = columns
    if prompt:  # the prompt is the message; every variable fills it in
        result.mapping = {column: mapping.get(column, "variable") for column in columns}
    else:
        result.mapping, problems = guess_mapping(columns, mapping)
        if problems:
            result.problems = [*problems, *result.problems]
            return result
        if not mapping:  # promptfoo's vars are template variables: those not read as the message stay so
            result.mapping = {k: ("variable" if v == "ignore" else v) for k, v in result.mapping.items()}
    for line, test in tests:
        draft, problem = _test(test, default, prompt, result.mapping, source=f"{filename}:{line}", line=line)
        if problem is not None:
            result.problems.append(problem)
        elif draft is not None:
            result.drafts.append(draft)
    return result


def _tests_from_csv(text: str, result: ReadResult) -> list[tuple[int, Any]]:
    columns, rows = csv_records(text, result.problems)
    tests = []
    for line, row in rows:
        test: dict[str, Any] = {"vars": {}, "assert": []}
        for column, value in row.items():
            if column.startswith("__expected"):
                if value.strip():
                    test["assert"].append(parse_expected(value))
            elif column == "__description":
                test["description"] = value
            elif column.startswith("__"):
                test.setdefault("_csv_dropped", []).append(column)
            else:
                test["vars"][column] = value
        tests.append((line, test))
    return tests


def _test(
    test: Any, default: dict[str, Any], prompt: str, mapping: Mapping[str, str], *, source: str, line: int
) -> tuple[Draft | None, Problem | None]:
    if not isinstance(test, dict):
        return None, Problem(line, "Each test is a mapping with vars and assert.")
    own, shared = test.get("vars") or {}, default.get("vars") or {}
    if not isinstance(own, dict) or not isinstance(shared, dict):
        return None, Problem(line, "“vars” is a mapping of names to values.")
    variables = {**shared, **own}
    if prompt:
        message = _NUNJUCKS.sub(lambda m: "{{" + m[1] + "}}", prompt)
        draft = Draft(message=message, source=source, line=line, became=["the file's prompt → the message"])
        if "{%" in message or "|" in "".join(re.findall(r"\{\{[^}]*\}\}", message)):
            draft.dropped.append("Nunjucks tags and filters in the prompt: Trustgate fills in plain {{name}} only")
        try:
            draft.template_variables = clean_template_variables([[str(k), _text(v)] for k, v in variables.items()])
        except ValidationError as exc:
            return None, Problem(line, exc.messages[0])
        draft.became += [f"vars.{k} → the template variable {{{{{k}}}}}" for k in variables]
    else:
        found, problem = record_draft({k: _text(v) for k, v in variables.items()}, mapping, source=source, line=line)
        if found is None:
            return None, problem
        draft = found
        draft.became = [b.replace("“", "“vars.", 1) if b.startswith("“") else b for b in draft.became]
    if isinstance(test.get("description"), str) and test["description"].strip():
        draft.name = test["description"].strip()[:200]
        draft.became.append("description → the name")
    asserts = [*(default.get("assert") or []), *(test.get("assert") or [])]
    if not isinstance(asserts, list):
        return None, Problem(line, "“assert” is a list of assertions (type and value).")
    for item in asserts:
        apply_assert(draft, item)
    for key in sorted(set(test) - _TEST_KEYS - {"_csv_dropped"}):
        draft.dropped.append(f"{key}: no counterpart on a Trustgate case")
    for column in test.get("_csv_dropped", []):
        draft.dropped.append(f"the column {column}: no counterpart on a Trustgate case")
    return draft, None


def _text(value: Any) -> str:
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)
