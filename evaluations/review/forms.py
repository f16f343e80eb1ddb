from __future__ import annotations

from typing import Any

from django import forms

from evaluations.llm.status import judge_model_choices, judge_models_note
from evaluations.scoring.choices import Strictness


class RejudgeForm(forms.Form):
    # Only the models this installation can use (a callable: read when the form is built, not at import).
    judge_model = forms.ChoiceField(label="Judge model", choices=judge_model_choices)
    strictness = forms.ChoiceField(choices=Strictness.choices, initial=Strictness.BALANCED)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["judge_model"].help_text = judge_models_note()
