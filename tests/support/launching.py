"""Launching a run in a test with keywords: the one launch service, given every setting (the defaults where a
test sets none), so a pinned baseline never changes what a test launches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evaluations.launches.request import LaunchRequest
from evaluations.launches.services import run_launch
from evaluations.runs.models import EvaluationRun
from evaluations.runs.snapshot import LaunchSettings


def launch_run(
    *,
    user: Any,
    agent: Any,
    suite: Any,
    api_key: str = "",
    endpoint_url: str = "",
    compare_with_endpoint: str = "",
    generate_kinds: Sequence[str] = (),
    **settings: Any,
) -> EvaluationRun:
    overrides = {**LaunchSettings().to_dict(), **settings}
    request = LaunchRequest(
        agent=agent, suite=suite, overrides=overrides, api_key=api_key, endpoint_url=endpoint_url,
        compare_with_endpoint=compare_with_endpoint, generate_kinds=tuple(generate_kinds),
    )  # fmt: skip
    return run_launch(user=user, request=request)
