"""Writing an import (docs/imports.md): the previewed cases, all or none, into a new test set or as the next version
of a saved suite. The file is read again here, so what is written is what a preview of it shows."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction

from suites.imports.preview import Preview, import_preview
from suites.models import Suite, SuiteKind
from suites.selectors import suite_current_scenarios
from suites.services import SuiteError, suite_create, suite_revise

if TYPE_CHECKING:
    from billing.models import Account


class ImportRefused(Exception):
    """Nothing was written; ``preview`` says why (its problems, or the sentence of ``str()``)."""

    def __init__(self, message: str, preview: Preview | None = None) -> None:
        super().__init__(message)
        self.preview = preview


@dataclasses.dataclass(frozen=True)
class ImportDone:
    suite: Suite
    preview: Preview
    version: int
    added: int


def existing_cases(suite: Suite | None) -> list[dict[str, Any]]:
    """The target suite's current cases, as the preview compares them (to leave out the ones it already holds)."""
    if suite is None:
        return []
    return [
        {"turns": row.turns, "start_from": row.start_from, "expected_outcome": row.expected_outcome,
         "template_variables": [list(p) for p in row.template_variables or []],
         "required_phrases": list(row.required_phrases or []), "forbidden_phrases": list(row.forbidden_phrases or []),
         "expected_tool_calls": row.expected_calls, "tool_order": row.tool_order}
        for row in suite_current_scenarios(suite=suite)
    ]  # fmt: skip


def suite_import_preview(
    data: bytes, *, source_format: str, filename: str, mapping: Mapping[str, str] | None = None, suite: Suite | None
) -> Preview:
    return import_preview(
        data, source_format=source_format, filename=filename, mapping=mapping, existing=existing_cases(suite)
    )


def suite_import_cases(
    data: bytes,
    *,
    account: Account,
    source_format: str,
    filename: str,
    mapping: Mapping[str, str] | None = None,
    suite: Suite | None = None,
    new_suite_name: str = "",
    user: Any = None,
) -> ImportDone:
    """Import the file's cases into ``suite`` (its next version) or a new test set named ``new_suite_name``: every
    case or none. Raises ImportRefused (with the preview) when the file has a problem or no new case, or the
    suite cannot take them; then nothing was written. The caller checks the Write role on ``suite``."""
    if (suite is None) == (not new_suite_name.strip()):
        raise ImportRefused("Import into one saved suite, or name a new test set: one of the two.")
    preview = suite_import_preview(data, source_format=source_format, filename=filename, mapping=mapping, suite=suite)
    if not preview.can_import:
        raise ImportRefused(preview.why_not(), preview)
    count = len(preview.cases)
    note = f"Imported {count} case{'s' if count > 1 else ''} from {preview.filename}"
    rows = [dict(case.values, name=case.values["name"] or f"Case {n}") for n, case in enumerate(preview.cases, 1)]
    try:
        with transaction.atomic():
            if suite is None:
                created = suite_create(
                    account=account, name=new_suite_name, kind=SuiteKind.TEST_SET, scenarios=rows, user=user,
                    note=note, description=f"Imported from {preview.filename}.",
                )  # fmt: skip
                return ImportDone(suite=created, preview=preview, version=created.version, added=count)
            revision = suite_revise(suite=suite, user=user, note=note, additions=rows)
    except SuiteError as exc:
        raise ImportRefused(str(exc), preview) from None
    except ValidationError as exc:
        raise ImportRefused(" ".join(exc.messages), preview) from None
    suite.refresh_from_db()
    assert revision.version is not None
    return ImportDone(suite=suite, preview=preview, version=revision.version.number, added=count)
