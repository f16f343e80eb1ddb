from __future__ import annotations

from django import forms

from evaluations.scoring.choices import JudgeModel, Strictness

JUDGES = [(value, label) for value, label in JudgeModel.choices if value != JudgeModel.RULES_ONLY]


class RejudgeForm(forms.Form):
    judge_model = forms.ChoiceField(label="Judge model", choices=JUDGES)
    strictness = forms.ChoiceField(choices=Strictness.choices, initial=Strictness.BALANCED)
