"""The demo agent's mode: "normal", or "regressed" (worse answers, so a baseline gate and monitors have a
regression to catch). Process-wide and thread-safe: the server's handler threads all read the one value."""

from __future__ import annotations

import threading

MODES = ("normal", "regressed")

_mode_lock = threading.Lock()
_mode = "normal"


def get_mode() -> str:
    with _mode_lock:
        return _mode


def set_mode(mode: str) -> str:
    """Switch every conversation to ``mode``; raises ValueError for a mode not in ``MODES``."""
    global _mode
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}")
    with _mode_lock:
        _mode = mode
    return mode
