"""The ``trustgate`` console script (the CI client in ``client/``, installed in the venv by requirements.txt), run
as a subprocess the way a CI runner runs it: only the environment given, no terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TRUSTGATE = str(Path(sys.executable).parent / "trustgate")


def base_env(home: Path) -> dict[str, str]:
    """A clean environment: the PATH (bash, python), a home, UTF-8; no CI variable of this machine leaks in."""
    return {"PATH": os.environ["PATH"], "HOME": str(home), "LANG": "C.UTF-8", "NO_PROXY": "*"}


def trustgate(*args: str, env: dict[str, str], cwd: Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run([TRUSTGATE, *args], env=env, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          stdin=subprocess.DEVNULL)  # fmt: skip


def trustgate_started(*args: str, env: dict[str, str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([TRUSTGATE, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=cwd, stdin=subprocess.DEVNULL)  # fmt: skip
