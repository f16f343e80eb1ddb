"""A runner-like harness for composite GitHub Actions (``action.yml``): what GitHub's runner does with one, minus
the network.

It fills in the inputs (defaults included), evaluates the ``${{ }}`` expressions of ``env:``, ``with:``, ``if:`` and
``outputs:`` over the ``inputs``, ``github``, ``env``, ``steps`` and ``runner`` contexts (literals, ``==``, ``!=``,
``&&``, ``||``, ``!``, parentheses, ``always()``, ``success()``, ``failure()``, ``cancelled()``), runs each
``run:`` step with ``bash --noprofile --norc -eo pipefail`` in the workspace with the variables the runner sets
(``GITHUB_OUTPUT`` read back after each step, ``GITHUB_STEP_SUMMARY``, ``GITHUB_EVENT_PATH`` ...), and records
each ``uses:`` step with its evaluated ``with:`` instead of running it. A failed step fails the action; later
steps run only when their ``if:`` says so, as on GitHub."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

_EXPR = re.compile(r"\$\{\{(.*?)\}\}", re.S)
_TOKEN = re.compile(
    r"\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>==|!=|&&|\|\||!|\(|\))"
    r"|(?P<func>[A-Za-z_]+)\(\)|(?P<name>[A-Za-z_][\w\-]*(?:\.[A-Za-z_][\w\-]*)*))"
)


@dataclass
class StepResult:
    name: str
    ran: bool
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    uses: str = ""
    with_: dict[str, str] = field(default_factory=dict)


@dataclass
class ActionRun:
    steps: list[StepResult]
    outputs: dict[str, str]
    summary: str
    failed: bool

    @property
    def stdout(self) -> str:
        return "".join(step.stdout for step in self.steps)

    @property
    def stderr(self) -> str:
        return "".join(step.stderr for step in self.steps)

    @property
    def exit_code(self) -> int:
        """The exit code of the step that failed the action (0 when none did)."""
        return next((s.returncode for s in self.steps if s.returncode), 0) or 0

    @property
    def uses(self) -> list[StepResult]:
        return [step for step in self.steps if step.uses and step.ran]


class Expressions:
    def __init__(self, contexts: dict[str, Any]) -> None:
        self.contexts = contexts
        self.failed = False

    def _get(self, dotted: str) -> Any:
        literal = {"true": True, "false": False, "null": None}
        if dotted in literal:
            return literal[dotted]
        value: Any = self.contexts
        for part in dotted.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return value

    def _fn(self, name: str) -> bool:
        functions = {"always": True, "success": not self.failed, "failure": self.failed, "cancelled": False}
        if name not in functions:
            raise ValueError(f"The harness does not know {name}()")
        return functions[name]

    def evaluate(self, expression: str) -> Any:
        code, position = [], 0
        expression = expression.strip()
        while position < len(expression):
            match = _TOKEN.match(expression, position)
            if not match or match.end() == position:
                raise ValueError(f"Cannot read the expression {expression!r} at {position}")
            position = match.end()
            if match.group("str") is not None:
                code.append(repr(match.group("str")[1:-1].replace("''", "'")))
            elif match.group("num") is not None:
                code.append(match.group("num"))
            elif match.group("op") is not None:
                code.append({"&&": " and ", "||": " or ", "!": " not "}.get(match.group("op"), match.group("op")))
            elif match.group("func") is not None:
                code.append(f"_fn({match.group('func')!r})")
            else:
                code.append(f"_get({match.group('name')!r})")
        return eval("".join(code), {"__builtins__": {}}, {"_get": self._get, "_fn": self._fn})  # noqa: S307

    def text(self, value: Any) -> str:
        """A string with ``${{ }}`` in it: each expression replaced by its value as GitHub writes it."""

        def one(match: re.Match[str]) -> str:
            result = self.evaluate(match.group(1))
            return "" if result is None else ("true" if result is True else "false" if result is False else str(result))

        return _EXPR.sub(one, str(value))

    def condition(self, value: Any) -> bool:
        if value is None:
            return not self.failed  # success()
        text = str(value).strip()
        if text.startswith("${{") and text.endswith("}}"):
            text = text[3:-2]
        if not re.search(r"\b(always|success|failure|cancelled)\(\)", text):
            text = f"success() && ({text})"
        return bool(self.evaluate(text))


def _read_outputs(path: Path) -> dict[str, str]:
    """``name=value`` lines and ``name<<DELIMITER`` blocks, as GitHub reads $GITHUB_OUTPUT."""
    outputs: dict[str, str] = {}
    lines = path.read_text().splitlines() if path.exists() else []
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, index + 1)
            outputs[name] = "\n".join(lines[index + 1 : end])
            index = end + 1
            continue
        name, _, value = line.partition("=")
        outputs[name] = value
        index += 1
    return outputs


def run_action(
    action_dir: Path,
    *,
    inputs: dict[str, str],
    github: dict[str, Any],
    runner_env: dict[str, str],
    workspace: Path,
    timeout: float = 600,
) -> ActionRun:
    """Run the composite action in ``action_dir`` as a job step ``uses: ./`` with ``with: inputs``. ``github`` is
    the github context (token, repository, sha, ...); ``runner_env`` the variables the runner sets, to which the
    harness adds GITHUB_OUTPUT (one file per step), GITHUB_ACTION_PATH, RUNNER_TEMP and GITHUB_WORKSPACE."""
    action = yaml.safe_load((action_dir / "action.yml").read_text())
    assert action["runs"]["using"] == "composite", "only composite actions"
    temp = workspace.parent / "runner-temp"
    temp.mkdir(exist_ok=True)
    known = action.get("inputs") or {}
    unknown = set(inputs) - set(known)
    assert not unknown, f"inputs the action does not declare: {sorted(unknown)}"
    contexts: dict[str, Any] = {
        "github": {**github, "action_path": str(action_dir), "workspace": str(workspace)},
        "runner": {"temp": str(temp), "os": "Linux"},
        "env": {},
        "steps": {},
    }
    expressions = Expressions(contexts)
    contexts["inputs"] = {
        name: inputs[name] if name in inputs else expressions.text(spec.get("default", ""))
        for name, spec in known.items()
    }
    missing = [name for name, spec in known.items() if spec.get("required") and not contexts["inputs"][name]]
    assert not missing, f"required inputs missing: {missing}"

    base_env = {**runner_env, "GITHUB_ACTION_PATH": str(action_dir), "RUNNER_TEMP": str(temp),
                "GITHUB_WORKSPACE": str(workspace), "GITHUB_ACTIONS": "true", "CI": "true"}  # fmt: skip
    results: list[StepResult] = []
    for number, step in enumerate(action["runs"]["steps"]):
        name = step.get("name") or step.get("uses") or f"step {number}"
        if not expressions.condition(step.get("if")):
            results.append(StepResult(name=name, ran=False, uses=step.get("uses", "")))
            continue
        if "uses" in step:
            with_ = {key: expressions.text(value) for key, value in (step.get("with") or {}).items()}
            results.append(StepResult(name=name, ran=True, uses=step["uses"], with_=with_))
            continue
        assert "${{" not in step["run"], f"{name}: an expression inside run: (template injection)"
        assert step.get("shell") == "bash", f"{name}: a composite run step names its shell"
        output = temp / f"github-output-{number}"
        output.write_text("")
        env = {key: expressions.text(value) for key, value in (step.get("env") or {}).items()}
        script = temp / f"step-{number}.sh"
        script.write_text(step["run"])
        done = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                              env={**base_env, **env, "GITHUB_OUTPUT": str(output)}, cwd=workspace,
                              capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)  # fmt: skip
        results.append(StepResult(name=name, ran=True, returncode=done.returncode, stdout=done.stdout,
                                  stderr=done.stderr))  # fmt: skip
        outcome = "success" if done.returncode == 0 else "failure"
        if "id" in step:
            contexts["steps"][step["id"]] = {"outputs": _read_outputs(output), "outcome": outcome,
                                             "conclusion": outcome}  # fmt: skip
        if done.returncode != 0:
            expressions.failed = True
    outputs = {name: expressions.text(spec["value"]) for name, spec in (action.get("outputs") or {}).items()}
    summary_path = runner_env.get("GITHUB_STEP_SUMMARY", "")
    summary = Path(summary_path).read_text() if summary_path and os.path.exists(summary_path) else ""
    return ActionRun(steps=results, outputs=outputs, summary=summary, failed=expressions.failed)


def github_runner(
    tmp: Path, *, api_url: str, token: str, pr: int, repository: str = "acme/shop"
) -> tuple[dict[str, Any], dict[str, str]]:
    """The github context and the runner's variables for a ``pull_request`` event on PR ``pr``."""
    head_sha = "4f2a9c1e" * 5
    event = {"action": "synchronize", "number": pr,
             "pull_request": {"number": pr, "head": {"sha": head_sha, "ref": "feature/refunds"},
                              "base": {"ref": "main"}},
             "repository": {"full_name": repository}}  # fmt: skip
    event_path = tmp / "event.json"
    event_path.write_text(json.dumps(event))
    summary = tmp / "step-summary.md"
    summary.write_text("")
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",  # python3 with venv and pip
        "HOME": str(tmp),
        "LANG": "C.UTF-8",
        "NO_PROXY": "*",
        "GITHUB_EVENT_NAME": "pull_request",
        "GITHUB_EVENT_PATH": str(event_path),
        "GITHUB_STEP_SUMMARY": str(summary),
        "GITHUB_API_URL": api_url,
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_REPOSITORY": repository,
        "GITHUB_SHA": "9d8c7b6a" * 5,  # the merge commit GitHub makes for a pull request
        "GITHUB_REF": f"refs/pull/{pr}/merge",
        "GITHUB_REF_NAME": f"{pr}/merge",
        "GITHUB_HEAD_REF": "feature/refunds",
        "GITHUB_RUN_ID": "9001",
        "GITHUB_TOKEN": token,
    }
    # The machine's pip configuration (its package index), as a runner image has its own.
    env.update({key: value for key, value in os.environ.items() if key.startswith("PIP_")})
    config = Path.home() / ".config" / "pip" / "pip.conf"
    if config.exists():
        env.setdefault("PIP_CONFIG_FILE", str(config))
    context = {"token": token, "repository": repository, "sha": env["GITHUB_SHA"], "ref": env["GITHUB_REF"],
               "event_name": "pull_request", "event": event, "run_id": "9001", "server_url": "https://github.com",
               "api_url": api_url, "head_ref": "feature/refunds"}  # fmt: skip
    return context, env


# The action reference the tests configure (TRUSTGATE_GITHUB_ACTION): the harness runs this repository's action.yml
# for it, as GitHub would fetch that commit.
TEST_ACTION = "trustgate-tests/trustgate@0123456789abcdef0123456789abcdef01234567"


def run_workflow_step(
    step: dict[str, Any],
    *,
    action_dir: Path,
    secrets: dict[str, str],
    github: dict[str, Any],
    runner_env: dict[str, str],
    workspace: Path,
) -> ActionRun:
    """A workflow step that ``uses: TEST_ACTION``: its ``with:`` evaluated over the ``secrets`` and ``github``
    contexts (a secret not set is empty, as on GitHub), then the action run with those inputs."""
    assert step["uses"] == TEST_ACTION, step["uses"]
    expressions = Expressions({"secrets": secrets, "github": github})
    inputs = {name: expressions.text(value) for name, value in (step.get("with") or {}).items()}
    return run_action(action_dir, inputs=inputs, github=github, runner_env=runner_env, workspace=workspace)
