"""``POST /api/v1/aiagent/suites/import`` (docs/imports.md, The CI API): another tool's file, as text in a JSON body,
previewed (``dry_run``) or imported into a saved suite of the key's workspace or a new test set. The answer is the
preview report: what each case became, what was dropped, the duplicates removed, the PII masked, each problem's
line."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from billing.roles import Role
from billing.selectors import MAX_ID, membership_get
from evaluations.api.base import TrustgateApi, key_account_id
from evaluations.api.errors import BODY_ERRORS, error_responses, invalid_input_serializer
from evaluations.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from suites import selectors as suite_selectors
from suites.imports.base import MAPPING_TARGETS
from suites.imports.preview import FORMATS, Preview
from suites.imports.services import ImportRefused, suite_import_cases, suite_import_preview

SHOWN_CASES = 200  # the report lists the first cases; the counts cover them all


class MappingField(serializers.DictField):
    """Column or key → what it becomes; any fault is one sentence in a list, as every other field's."""

    child = serializers.ChoiceField(choices=list(MAPPING_TARGETS))

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        try:
            return dict(super().to_internal_value(data))
        except serializers.ValidationError:
            raise serializers.ValidationError(
                [f"Give an object mapping each column or key to one of {', '.join(MAPPING_TARGETS)}."]
            ) from None


class SuiteImportInputSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=list(FORMATS), help_text="What the file is (docs/imports.md).")
    content = StrictCharField(trim_whitespace=False, allow_blank=True, help_text="The file's text (UTF-8).")
    filename = StrictCharField(
        max_length=120,
        default="upload",
        allow_blank=True,
        help_text="Its name: kept on each case with the line or span it came from.",
    )
    mapping = MappingField(
        required=False,
        help_text="Column or key → what it becomes; left out, it is guessed from the names.",
    )
    suite = StrictIntegerField(
        min_value=1, max_value=MAX_ID, required=False, help_text="Add the cases to this saved suite (its next version)."
    )
    new_suite = StrictCharField(max_length=200, required=False, help_text="Or put them in a new test set.")
    dry_run = StrictBooleanField(default=False, help_text="Only the preview: nothing is written.")

    class Meta:
        ref_name = "SuiteImportInput"


class ImportProblemSerializer(serializers.Serializer):
    line = serializers.IntegerField(allow_null=True)
    message = serializers.CharField()

    class Meta:
        ref_name = "ImportProblem"


class ImportedCaseSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True)
    message = serializers.CharField(help_text="PII masked, as it is stored.")
    start_from = serializers.ListField(child=serializers.DictField(), help_text="The earlier turns.")
    expected_outcome = serializers.CharField(allow_blank=True)
    source = serializers.CharField(help_text="The file and the line or span id.")  # type: ignore[assignment]
    became = serializers.ListField(child=serializers.CharField())
    dropped = serializers.ListField(child=serializers.CharField(), help_text="What has no counterpart, and why.")

    class Meta:
        ref_name = "ImportedCase"


class ImportedSerializer(serializers.Serializer):
    suite = StrictIntegerField()
    name = serializers.CharField()
    version = serializers.IntegerField()
    added = serializers.IntegerField()

    class Meta:
        ref_name = "Imported"


class SuiteImportReportSerializer(serializers.Serializer):
    format = serializers.CharField()
    file = serializers.CharField()
    can_import = serializers.BooleanField()
    why_not = serializers.CharField(allow_blank=True, help_text="Why it cannot be imported; empty when it can.")
    cases_found = serializers.IntegerField()
    duplicates_removed = serializers.IntegerField()
    already_in_suite = serializers.IntegerField()
    pii_masked = serializers.IntegerField()
    skipped = serializers.IntegerField(help_text="Records that are not conversations (tool spans, child runs).")
    mapping = serializers.DictField(child=serializers.CharField())
    problems = ImportProblemSerializer(many=True)
    cases = ImportedCaseSerializer(many=True, help_text=f"The first {SHOWN_CASES} cases.")
    imported = ImportedSerializer(allow_null=True, help_text="What was written; null for a dry run or a refusal.")

    class Meta:
        ref_name = "SuiteImportReport"


def _report(preview: Preview, imported: dict[str, Any] | None = None, refused: str = "") -> dict[str, Any]:
    body = {**preview.to_dict(shown=SHOWN_CASES), "imported": imported}
    if refused:
        body.update(can_import=False, why_not=refused)
    return dict(SuiteImportReportSerializer(body).data)


class SuiteImportApi(TrustgateApi):
    @extend_schema(
        operation_id="suites_import",
        summary="Import cases from conversations or another tool's file",
        description=(
            "Conversations (JSON Lines, CSV), OpenTelemetry GenAI traces (OTLP JSON), Langfuse and LangSmith "
            "exports, promptfoo tests and DeepEval goldens. The answer is the preview: each case with PII masked, "
            "what its fields became and what was dropped, duplicates removed, and every problem with its line. "
            "With dry_run, or without suite or new_suite, nothing is written (200). Otherwise every case or none "
            "is written (Write role), into the saved suite's next version or a new test set (201); a file with a "
            "problem, no new case, a name already taken or both targets given write nothing (409, why_not says "
            "why)."
        ),
        request=SuiteImportInputSerializer,
        responses={
            200: SuiteImportReportSerializer,
            201: SuiteImportReportSerializer,
            409: SuiteImportReportSerializer,
            **error_responses(*BODY_ERRORS, 403, 404, invalid=invalid_input_serializer(SuiteImportInputSerializer)),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = SuiteImportInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        account_id = key_account_id(request)
        name = (data.get("new_suite") or "").strip()
        writes = not data["dry_run"] and ("suite" in data or bool(name))
        role = Role.WRITE if writes else Role.READ
        suite = None
        if "suite" in data:
            suite = suite_selectors.suite_get_for_member(
                user=request.user, suite_id=data["suite"], role=role, account_id=account_id
            )
        account = membership_get(user=request.user, account_id=account_id, role=role).account
        content = data["content"].encode("utf-8", errors="replace")  # a lone surrogate cannot be stored anyway
        common = {
            "source_format": data["format"], "filename": data["filename"], "mapping": data.get("mapping") or {},
        }  # fmt: skip
        if not writes or (suite is not None and name):
            preview = suite_import_preview(content, suite=suite, **common)
            if not writes:
                return Response(_report(preview), status=status.HTTP_200_OK)
            refusal = "Give suite or new_suite, not both: nothing was written."
            return Response(_report(preview, refused=refusal), status=status.HTTP_409_CONFLICT)
        try:
            done = suite_import_cases(
                content, account=account, suite=suite, new_suite_name=name, user=request.user, **common
            )
        except ImportRefused as refused:
            assert refused.preview is not None  # a target is given, so the file was read
            return Response(_report(refused.preview, refused=str(refused)), status=status.HTTP_409_CONFLICT)
        imported = {"suite": done.suite.pk, "name": done.suite.name, "version": done.version, "added": done.added}
        return Response(_report(done.preview, imported), status=status.HTTP_201_CREATED)
