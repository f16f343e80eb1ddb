"""How often a judge agrees with the people who reviewed its verdicts. Pure: no database.

"fail" is the positive class: a judge is useful when it catches what reviewers call a failure (recall of fail) and
does not cry wolf (precision of fail). Cohen's kappa corrects the raw agreement for the agreement two raters would
reach by chance with the same label frequencies; its 95 % interval uses Cohen's (1960) large-sample standard error,
sqrt(po (1 - po) / (n (1 - pe)^2)), clipped to [-1, 1].
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable

PASS, FAIL = "pass", "fail"
MIN_EXAMPLES = 30  # below this the figures are too uncertain to lean on
MIN_KAPPA = 0.6  # "substantial" agreement (Landis and Koch); below it, verdicts need a person's eye
Z95 = 1.959963984540054


@dataclasses.dataclass(frozen=True)
class Agreement:
    """A judge configuration's agreement with the reviewers on ``n`` labelled examples."""

    n: int
    tp: int  # both say fail
    fp: int  # the judge says fail, the reviewer pass
    fn: int  # the judge says pass, the reviewer fail
    tn: int  # both say pass

    @property
    def accuracy(self) -> float | None:
        return (self.tp + self.tn) / self.n if self.n else None

    @property
    def kappa(self) -> float | None:
        """None when chance agreement is total (every label the same on both sides): kappa is undefined then."""
        expected = self._chance_agreement()
        if expected is None or expected >= 1.0:
            return None
        return (self.accuracy - expected) / (1.0 - expected)  # type: ignore[operator]

    @property
    def kappa_interval(self) -> tuple[float, float] | None:
        kappa, expected, observed = self.kappa, self._chance_agreement(), self.accuracy
        if kappa is None or expected is None or observed is None:
            return None
        error = math.sqrt(observed * (1.0 - observed) / (self.n * (1.0 - expected) ** 2))
        return max(-1.0, kappa - Z95 * error), min(1.0, kappa + Z95 * error)

    @property
    def precision_fail(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall_fail(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def disagreements(self) -> int:
        return self.fp + self.fn

    def _chance_agreement(self) -> float | None:
        if not self.n:
            return None
        judge_fail = (self.tp + self.fp) / self.n
        human_fail = (self.tp + self.fn) / self.n
        return judge_fail * human_fail + (1.0 - judge_fail) * (1.0 - human_fail)

    def warning(self) -> str:
        """A sentence when this judge's verdicts should not be taken on trust yet; "" when they may."""
        if self.n < MIN_EXAMPLES:
            have = "no" if not self.n else f"only {self.n}"
            return (
                f"This judge configuration has {have} reviewed example{'s' if self.n != 1 else ''} "
                f"(fewer than {MIN_EXAMPLES}): its agreement with your reviewers is not known yet."
            )
        kappa = self.kappa
        if kappa is None or kappa < MIN_KAPPA:
            shown = "undefined" if kappa is None else f"{kappa:.2f}"
            return (
                f"This judge agrees with your reviewers on {self.accuracy:.0%} of {self.n} examples, "
                f"κ = {shown}: treat its verdicts with care."
            ).replace("%", " %")
        return ""


def agreement(pairs: Iterable[tuple[str, str]]) -> Agreement:
    """From (judge verdict, human verdict) pairs, each "pass" or "fail"; any other value is a caller's bug."""
    tp = fp = fn = tn = 0
    for judge, human in pairs:
        if judge not in (PASS, FAIL) or human not in (PASS, FAIL):
            raise ValueError(f"Calibration pairs are pass or fail, not {judge!r} / {human!r}.")
        if judge == FAIL:
            tp, fp = (tp + 1, fp) if human == FAIL else (tp, fp + 1)
        else:
            fn, tn = (fn + 1, tn) if human == FAIL else (fn, tn + 1)
    return Agreement(n=tp + fp + fn + tn, tp=tp, fp=fp, fn=fn, tn=tn)


def overrule_sentence(count: int) -> str:
    """What the report and the CI verdict say when reviewers changed ``count`` of a run's verdicts."""
    if count <= 0:
        return ""
    return (
        f"{count} verdict{'s' if count != 1 else ''} overruled by reviewers: the figures use the reviewers' verdicts."
    )
