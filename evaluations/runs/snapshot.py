"""The settings a run froze at launch: one typed, versioned value and its one serialiser to and from the JSON
column ``EvaluationRun.settings_snapshot`` (docs/architecture.md, "Run settings").

Every reader goes through ``run.settings`` (a ``RunSettings``); no other module knows the JSON keys. Rows written
before the version key existed (version 1, the same keys) still load: a missing key takes its default.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings

SETTINGS_VERSION = 2  # 1: the rows written before this module, without a "version" key (same keys)

SAVED_SUITE, GENERATED = "saved_suite", "generated"  # the two modes (the gate's rules use the same values)


@dataclasses.dataclass(frozen=True)
class GateOptions:
    """What a CI launch asks of its verdict; web launches keep the defaults."""

    min_trust_score: float | None = None
    max_breaches: int | None = None
    fail_on_no_baseline: bool = False
    min_coverage: float | None = None  # percent of scenarios scored; None: TRUSTGATE_MIN_COVERAGE
    max_p95_latency_ms: int | None = None  # the agent's replies, p95; never part of the trust score

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for optional in ("min_coverage", "max_p95_latency_ms"):
            if data[optional] is None:  # rows from before the option keep their keys
                del data[optional]
        return data

    @property
    def coverage_minimum(self) -> float:
        """The share of scenarios that must be scored for the thresholds and the gate to be checked (percent)."""
        return float(self.min_coverage if self.min_coverage is not None else settings.TRUSTGATE_MIN_COVERAGE)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> GateOptions:
        data = data or {}
        return cls(
            min_trust_score=data.get("min_trust_score"),
            max_breaches=data.get("max_breaches"),
            fail_on_no_baseline=bool(data.get("fail_on_no_baseline", False)),
            min_coverage=data.get("min_coverage"),
            max_p95_latency_ms=data.get("max_p95_latency_ms"),
        )


# The CI systems a launch may name (docs/ci.md#ci-metadata); "other" for any other.
CI_SYSTEMS = ("github", "gitlab", "jenkins", "circleci", "buildkite", "azure", "bitbucket", "other")


@dataclasses.dataclass(frozen=True)
class CiSource:
    """Where a CI launch came from, as its CI step sent it (docs/ci.md#ci-metadata); blank (None for the pull
    request) when not sent. The run lists and the report show them beside the run."""

    commit: str = ""
    branch: str = ""
    job_url: str = ""  # http(s) only: the lists link it
    pr_number: int | None = None  # the pull (merge) request the job tests, ≥ 1
    system: str = ""  # one of CI_SYSTEMS

    def __bool__(self) -> bool:
        return bool(self.commit or self.branch or self.job_url or self.pr_number or self.system)

    @property
    def short_commit(self) -> str:
        return self.commit[:12]

    def to_dict(self) -> dict[str, Any]:
        """As stored in the run's settings and shown by the CI API and the report JSON (``ci``)."""
        return dataclasses.asdict(self)

    def describe(self) -> str:
        """What was sent, in words: "github, branch main, commit 0123456789ab, pull request #42, job <url>"; ""
        when nothing was."""
        parts = [
            self.system,
            f"branch {self.branch}" if self.branch else "",
            f"commit {self.short_commit}" if self.commit else "",
            f"pull request #{self.pr_number}" if self.pr_number else "",
            f"job {self.job_url}" if self.job_url else "",
        ]
        return ", ".join(part for part in parts if part)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> CiSource:
        data = data or {}
        url = str(data.get("job_url") or "")
        number = data.get("pr_number")
        system = str(data.get("system") or "")
        return cls(
            commit=str(data.get("commit") or ""),
            branch=str(data.get("branch") or ""),
            job_url=url if url.startswith(("https://", "http://")) else "",
            pr_number=number if isinstance(number, int) and not isinstance(number, bool) and number >= 1 else None,
            system=system if system in CI_SYSTEMS else "",
        )


@dataclasses.dataclass(frozen=True)
class LaunchSettings:
    """The run settings a person or a CI job may set at launch. ``None`` for a judge or strictness means the
    agent's own setting, and for ``allowed_contacts`` the agent's own list."""

    runs_per_scenario: int = 3
    parallel: int = 4
    redteam_depth: str = ""
    # Strategies composed on the depth's attacks, and the seed they compose with (docs/redteam.md, Strategies).
    redteam_strategies: tuple[str, ...] = ()
    redteam_seed: int = 0
    judge_model: str | None = None
    judge_strictness: str | None = None
    allowed_contacts: tuple[str, ...] | None = None
    # Confirmation runs per scenario the first pass leaves open (docs/gate.md); None: the default for saved suites.
    confirmation_runs: int | None = None

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(field.name for field in dataclasses.fields(cls))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LaunchSettings:
        """From a suite's stored run profile or the launch inputs; unknown keys are ignored, missing ones default."""
        known = {key: data[key] for key in cls.field_names() if key in data}
        if known.get("allowed_contacts") is not None:
            known["allowed_contacts"] = tuple(str(c) for c in known["allowed_contacts"])
        for key in ("judge_model", "judge_strictness"):
            if key in known:
                known[key] = known[key] or None
        if "redteam_depth" in known:
            known["redteam_depth"] = str(known["redteam_depth"] or "")
        if "redteam_strategies" in known:
            known["redteam_strategies"] = _strings(known["redteam_strategies"])
        if "redteam_seed" in known:
            known["redteam_seed"] = int(known["redteam_seed"] or 0)
        if known.get("confirmation_runs") is not None:
            known["confirmation_runs"] = int(known["confirmation_runs"])
        return cls(**known)

    def to_dict(self) -> dict[str, Any]:
        """As stored in a suite's run profile and shown by the CI API (contacts as a list)."""
        data = dataclasses.asdict(self)
        data["allowed_contacts"] = list(self.allowed_contacts) if self.allowed_contacts is not None else None
        if self.confirmation_runs is None:  # profiles stored before the setting keep their keys
            del data["confirmation_runs"]
        data["redteam_strategies"] = list(self.redteam_strategies)
        for key in ("redteam_strategies", "redteam_seed"):  # nor do those stored before strategies
            if not data[key]:
                del data[key]
        return data

    def replace(self, **changes: Any) -> LaunchSettings:
        return dataclasses.replace(self, **changes)


@dataclasses.dataclass(frozen=True)
class RunSettings:
    """Everything a run froze at launch besides its scenarios and agent, and what its Generate stage added."""

    mode: str = SAVED_SUITE
    knowledge: str = ""
    allowed_contacts: tuple[str, ...] | None = None  # None only on rows that never stored a list
    secret_markers: tuple[str, ...] = ()
    suite_kinds: tuple[str, ...] = ()
    canary: str = ""
    judge_provider: str = ""
    redteam_depth: str = ""
    redteam_library_version: str = ""
    redteam_strategies: tuple[str, ...] = ()
    redteam_seed: int = 0
    redteam_attacker_model: str = ""  # the attacker strategy's model (docs/redteam.md, The attacker model)
    compare_with_endpoint: str = ""  # gate against this endpoint's baseline instead of the run's own
    launch_warnings: tuple[str, ...] = ()
    launched_via: str = ""  # "api" for the CI API, "" for the web
    gate_options: GateOptions = GateOptions()
    ci_source: CiSource = CiSource()  # commit, branch and job URL a CI launch sent
    generated: bool = False  # the Generate stage wrote the scenarios (a resumed run does not write them again)
    generation_calls: int = 0
    generation_usage: Mapping[str, Any] | None = None  # the generation model's usage (runs.selectors reads it)
    # Confirmation runs (docs/gate.md): the most per open scenario (0: none; fixed at launch, held for), then, after
    # the first pass, the scenarios left open (None: not decided yet) and the baseline run they were chosen against,
    # with the top-up runs it counted then (docs/gate.md, "Stronger baselines").
    confirmation_runs: int = 0
    confirmation_open: tuple[str, ...] | None = None
    confirmation_baseline: int | None = None
    confirmation_topups: tuple[int, ...] = ()
    version: int = SETTINGS_VERSION

    @property
    def is_generated(self) -> bool:
        return self.mode == GENERATED

    @property
    def source_label(self) -> str:
        """Where the run was launched: "CI" (the CI API) or "Web"."""
        return "CI" if self.launched_via == "api" else "Web"

    def replace(self, **changes: Any) -> RunSettings:
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": SETTINGS_VERSION,
            "mode": self.mode,
            "knowledge": self.knowledge,
            "allowed_contacts": list(self.allowed_contacts) if self.allowed_contacts is not None else None,
            "secret_markers": list(self.secret_markers),
            "suite_kinds": list(self.suite_kinds),
            "canary": self.canary,
            "judge_provider": self.judge_provider,
            "redteam_depth": self.redteam_depth,
            "redteam_library_version": self.redteam_library_version,
            "compare_with_endpoint": self.compare_with_endpoint,
            "launch_warnings": list(self.launch_warnings),
            "ci": self.gate_options.to_dict(),
        }
        if self.redteam_strategies:
            data["redteam_strategies"] = list(self.redteam_strategies)
        if self.redteam_seed:
            data["redteam_seed"] = self.redteam_seed
        if self.redteam_attacker_model:
            data["redteam_attacker_model"] = self.redteam_attacker_model
        if self.launched_via:
            data["launched_via"] = self.launched_via
        if self.ci_source:
            data["ci_source"] = self.ci_source.to_dict()
        if self.generated:
            data["generated"] = True
        if self.generation_calls:
            data["generation_calls"] = self.generation_calls
        if self.generation_usage is not None:
            data["model_usage"] = {"generation": dict(self.generation_usage)}
        if self.confirmation_runs:
            data["confirmation"] = {"runs": self.confirmation_runs, "baseline_run_id": self.confirmation_baseline}
            if self.confirmation_open is not None:
                data["confirmation"]["open"] = list(self.confirmation_open)
            if self.confirmation_topups:
                data["confirmation"]["baseline_topup_run_ids"] = list(self.confirmation_topups)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> RunSettings:
        """The settings of a stored row, of any version; a missing or null key takes its default."""
        data = data or {}
        contacts = data.get("allowed_contacts")
        usage = (data.get("model_usage") or {}).get("generation")
        confirmation = data.get("confirmation") or {}
        opened = confirmation.get("open")
        return cls(
            mode=str(data.get("mode") or SAVED_SUITE),
            knowledge=str(data.get("knowledge") or ""),
            allowed_contacts=tuple(str(c) for c in contacts) if contacts is not None else None,
            secret_markers=_strings(data.get("secret_markers")),
            suite_kinds=_strings(data.get("suite_kinds")),
            canary=str(data.get("canary") or ""),
            judge_provider=str(data.get("judge_provider") or ""),
            redteam_depth=str(data.get("redteam_depth") or ""),
            redteam_library_version=str(data.get("redteam_library_version") or ""),
            redteam_strategies=_strings(data.get("redteam_strategies")),
            redteam_seed=int(data.get("redteam_seed") or 0),
            redteam_attacker_model=str(data.get("redteam_attacker_model") or ""),
            compare_with_endpoint=str(data.get("compare_with_endpoint") or ""),
            launch_warnings=_strings(data.get("launch_warnings")),
            launched_via=str(data.get("launched_via") or ""),
            gate_options=GateOptions.from_dict(data.get("ci")),
            ci_source=CiSource.from_dict(data.get("ci_source")),
            generated=bool(data.get("generated", False)),
            generation_calls=int(data.get("generation_calls") or 0),
            generation_usage=dict(usage) if isinstance(usage, Mapping) else None,
            confirmation_runs=int(confirmation.get("runs") or 0),
            confirmation_open=_strings(opened) if opened is not None else None,
            confirmation_baseline=confirmation.get("baseline_run_id"),
            confirmation_topups=tuple(int(pk) for pk in confirmation.get("baseline_topup_run_ids") or ()),
            version=int(data.get("version") or 1),
        )


# The fields a query may read inside the JSON column without loading it whole (the gate's run lists); each is
# stored under its own name.
_QUERY_FIELDS = frozenset({"mode", "suite_kinds", "redteam_depth", "redteam_library_version", "launched_via"})
# The CI source's fields, read as ``settings_lookup("ci_source__commit")`` (the run lists' filters).
_CI_QUERY_FIELDS = frozenset(f"ci_source__{field.name}" for field in dataclasses.fields(CiSource))


def settings_lookup(field: str, *, column: str = "settings_snapshot") -> str:
    """The ORM lookup path of one ``RunSettings`` field inside the JSON column, for ``values()`` and ``filter()``
    (``settings_lookup("mode")`` → ``"settings_snapshot__mode"``). Raises KeyError for any other field."""
    if field not in _QUERY_FIELDS | _CI_QUERY_FIELDS:
        raise KeyError(field)
    return f"{column}__{field}"


def _strings(value: Sequence[Any] | None) -> tuple[str, ...]:
    return tuple(str(v) for v in value or ())
