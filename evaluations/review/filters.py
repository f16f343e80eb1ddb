"""The filters of the calibration page's list of examples: the reviewer's verdict, where the example came from."""

from __future__ import annotations

import django_filters

from evaluations.review.choices import ExampleSource
from evaluations.review.models import CalibrationExample
from evaluations.scoring.verdicts import Verdict

LABELS = [(verdict.value, verdict.label) for verdict in (Verdict.PASS, Verdict.FAIL)]


class CalibrationExampleFilter(django_filters.FilterSet):
    label = django_filters.ChoiceFilter(
        label="Reviewer's verdict", field_name="human_verdict", choices=LABELS, empty_label="Either verdict"
    )
    source = django_filters.ChoiceFilter(label="Source", choices=ExampleSource.choices, empty_label="Any source")

    class Meta:
        model = CalibrationExample
        fields = ["label", "source"]
