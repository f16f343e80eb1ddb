"""The LLM judge (docs/scoring.md): reads a whole exchange and returns pass / fail, a 0–100 score and a rationale.
``prompt`` builds the fenced request, ``verdict`` reads the answer, ``attempt`` makes the call, ``pool`` runs many."""

from evaluations.scoring.judge.attempt import judge_attempt
from evaluations.scoring.judge.pool import (
    EARLY_STOP_AFTER,
    SENT_STOPPED_REASON,
    STOPPED_REASON,
    JudgePool,
    fails_for_unscored,
    should_stop_early,
)
from evaluations.scoring.judge.prompt import (
    DIMENSIONS,
    JUDGE_PROMPT_VERSION,
    RECORD_VERDICT,
    JudgeRequest,
    build_judge_messages,
    needs_dimensions,
    record_verdict_tool,
)
from evaluations.scoring.judge.verdict import JudgeVerdict, judge_usage

__all__ = [
    "DIMENSIONS",
    "EARLY_STOP_AFTER",
    "JUDGE_PROMPT_VERSION",
    "RECORD_VERDICT",
    "SENT_STOPPED_REASON",
    "STOPPED_REASON",
    "JudgePool",
    "JudgeRequest",
    "JudgeVerdict",
    "build_judge_messages",
    "fails_for_unscored",
    "judge_attempt",
    "judge_usage",
    "needs_dimensions",
    "record_verdict_tool",
    "should_stop_early",
]
