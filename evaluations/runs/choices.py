"""A run's status and stage: constants other rooms may read without touching the run models."""

from django.db import models

from evaluations.core.jobs import JOB_ACTIVE, JobStatus

RunStatus = JobStatus  # a run's status is the one status of every leased job (evaluations/core/jobs.py)
ACTIVE_STATUSES = JOB_ACTIVE


class RunStage(models.TextChoices):
    CONNECT = "connect", "Connect"
    GENERATE = "generate", "Generate"
    EXECUTE = "execute", "Execute"
    JUDGE = "judge", "Judge"
    SCORE = "score", "Score"
    DONE = "done", "Done"


class NotScoredCause(models.TextChoices):
    """Why an attempt is Not scored (docs/runs.md#coverage); blank on scored attempts and on rows written before
    the cause was kept (those read by the run's judge setting, as before)."""

    NEEDS_JUDGE = "needs_judge", "Rules-only: the reply needs the judge"
    ATTACK_UNPROVEN = "attack_unproven", "Rules-only: an attack neither refused nor caught by a rule"
    NO_TOOL_CALLS = "no_tool_calls", "Its tool checks cannot be exercised by the agent's protocol"
    NO_HISTORY = "no_history", "Its turns cannot be exercised: the agent sees each message alone"
    NO_TOOL_MESSAGES = "no_tool_messages", "Its tool result cannot be sent: the agent's protocol has no tool messages"
    SIMULATOR = "simulator", "The simulated user failed"
    JUDGE_NO_VERDICT = "judge_no_verdict", "The judge gave no verdict"
    JUDGE_STOPPED = "judge_stopped", "Never sent to the judge: the run stopped early"
    ATTACKER_FAILED = "attacker_failed", "The attacker model failed mid-attack"
    ATTACKER_BUDGET = "attacker_budget", "The attacker's budget ran out mid-attack"
