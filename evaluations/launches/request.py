"""What a launch asks for, typed, and the rules every launch obeys whichever adapter (the web form, the CI API)
built it. Every refusal is a sentence a user can act on (docs/runs.md, "Launching a run")."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.utils.crypto import salted_hmac

from evaluations.outbound.guard import EndpointBlocked, validate_endpoint_url
from evaluations.outbound.websocket import guard_url
from evaluations.runs.snapshot import CiSource, GateOptions, LaunchSettings
from suites.generation import GENERATED_KINDS
from suites.selectors import suite_running_count

if TYPE_CHECKING:
    from evaluations.agents.models import Agent
    from evaluations.runs.models import EvaluationRun
    from suites.models import Suite

MAX_RUNS_PER_SCENARIO = 10  # the launch limits, also the CI API's documented ranges
MAX_PARALLEL = 8
MAX_ACTIVE_RUNS_PER_ACCOUNT = 5  # queued or running at once per workspace, launched from the web or the API
RETRY_AFTER_SECONDS = 30  # what the API's 429 tells a CI job to wait when the workspace is at its run limit
LAUNCH_KEY_HOURS = 24  # a launch key answers its first run for this long, then launches anew (docs/ci.md)
MAX_LAUNCH_KEY_LENGTH = 255


class LaunchError(Exception):
    """A run could not be launched; the message says why. Nothing was created."""

    payment_required: bool = False  # True when refused for credits (the API answers 402)


class TooManyRuns(LaunchError):
    """The account already has MAX_ACTIVE_RUNS_PER_ACCOUNT runs queued or running. Nothing was created."""


class AlreadyLaunched(Exception):  # noqa: N818 (not an error: the launch happened, earlier)
    """The launch key already launched ``run`` for the same launch: nothing was created or charged again."""

    def __init__(self, run: EvaluationRun) -> None:
        super().__init__(f"Run {run.pk} was already launched with this key.")
        self.run = run


class LaunchKeyReused(LaunchError):
    """The launch key already launched ``run_id`` for another launch (other settings, suite or agent key).
    Nothing was created."""

    def __init__(self, key: str, run_id: int) -> None:
        super().__init__(f"The key “{key}” already launched run {run_id}, with other settings.")
        self.key = key
        self.run_id = run_id


class LaunchPlanError(Exception):
    """The launch cannot be planned; ``field`` names the input at fault and the message says why."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclasses.dataclass(frozen=True)
class CiLaunch:
    """What a launch from the CI API adds: the gate options its verdict is held to, and the commit, branch and job
    URL the CI step sent."""

    options: GateOptions = GateOptions()
    source: CiSource = CiSource()


@dataclasses.dataclass(frozen=True)
class LaunchRequest:
    """One launch as asked. ``overrides`` holds only the settings the person or CI job set (``LaunchSettings``
    field names); the plan fills the rest from the pinned baseline, the suite's run profile or the defaults.

    Either ``suite`` (run a saved suite) or ``generate_kinds`` (Generate new: the generation model writes
    scenarios of those kinds from the agent's knowledge). A red-team depth in the settings adds that many attacks
    from the library, with one fresh canary for the whole run. ``compare_with_endpoint`` gates the run against the
    baseline of that endpoint of the agent instead of its own.
    """

    agent: Agent
    suite: Suite | None
    overrides: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    api_key: str = ""
    endpoint_url: str = ""
    compare_with_endpoint: str = ""
    generate_kinds: tuple[str, ...] = ()
    ci: CiLaunch | None = None

    def __post_init__(self) -> None:
        unknown = set(self.overrides) - set(LaunchSettings.field_names())
        if unknown:
            raise ValueError(f"Unknown launch settings: {', '.join(sorted(unknown))}.")
        kinds = tuple(str(kind) for kind in GENERATED_KINDS if kind in set(self.generate_kinds))  # in their order
        object.__setattr__(self, "generate_kinds", kinds)
        object.__setattr__(self, "endpoint_url", self.endpoint_url.strip())
        object.__setattr__(self, "compare_with_endpoint", self.compare_with_endpoint.strip())

    def fingerprint(self) -> str:
        """What a retry with the same launch key must ask again: everything but the launch key, as a keyed hash
        (the agent key is in it, so never a plain one)."""
        launch = {
            "agent": self.agent.pk,
            "suite": self.suite.pk if self.suite is not None else None,
            "overrides": dict(self.overrides),
            "api_key": self.api_key,
            "endpoint_url": self.endpoint_url,
            "compare_with_endpoint": self.compare_with_endpoint,
            "generate_kinds": self.generate_kinds,
            "ci": dataclasses.asdict(self.ci) if self.ci is not None else None,
        }
        text = json.dumps(launch, sort_keys=True, default=str)
        return salted_hmac("trustgate.launch-key", text, algorithm="sha256").hexdigest()

    @property
    def redteam_depth(self) -> str:
        return str(self.overrides.get("redteam_depth") or "")

    @property
    def is_gated(self) -> bool:
        """Whether the run has a baseline scope to plan against: a saved suite, or red-team attacks alone."""
        return not self.generate_kinds and (self.suite is not None or bool(self.redteam_depth))


def launch_request_errors(request: LaunchRequest) -> dict[str, list[str]]:
    """The launch's input problems by field ("agent", "suite", "endpoint_url"); empty when it may be planned. The web form
    shows them beside its fields, the CI API answers them as a 400."""
    errors: dict[str, list[str]] = {}
    suite, agent = request.suite, request.agent
    if agent.is_archived:
        errors["agent"] = [
            "That agent cannot be evaluated: it is archived (restore it on its page) or not in your workspaces."
        ]
    if suite is not None and not suite_running_count(suite=suite):
        held = suite.scenarios.filter(retired_in__isnull=True).count()
        errors.setdefault("suite", []).append(
            f"None of the {held} scenarios of the suite “{suite.name}” would run: each is inactive or paused by a "
            "pending Check for changes. Accept or discard the check, or make a scenario active, on the suite's page."
            if held
            else f"The suite “{suite.name}” has no scenarios yet; add one before running it."
        )
    if suite is not None and suite.account_id != agent.account_id:
        errors.setdefault("suite", []).append("Choose a suite of the same workspace as the agent.")
    if request.endpoint_url and not agent.is_bedrock:
        try:
            validate_endpoint_url(guard_url(request.endpoint_url))
        except EndpointBlocked as exc:
            errors.setdefault("endpoint_url", []).append(str(exc))
    return errors


def launch_key_problem(key: str) -> str:
    """Why ``key`` cannot be a launch key (an Idempotency-Key, the form's token), as the end of a sentence; "" when
    it can: 1 to MAX_LAUNCH_KEY_LENGTH printable ASCII characters, e.g. a UUID."""
    if not key:
        return "got an empty value"
    if len(key) > MAX_LAUNCH_KEY_LENGTH:
        return f"got {len(key)} characters"
    if not (key.isascii() and key.isprintable()):
        return "got other characters (printable ASCII only: letters, digits, punctuation and spaces)"
    return ""
