"""The one order of rooms (import-linter's ``rooms-in-order`` contract) names every room, so a new room cannot
slip in outside it, and no module reads ``settings_snapshot`` keys but the typed settings' serialiser."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERIALISER = ROOT / "evaluations" / "runs" / "snapshot.py"
NOT_ROOMS = {"__init__", "apps", "migrations", "templates", "__pycache__"}


def _contract() -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return next(c for c in config["tool"]["importlinter"]["contracts"] if c.get("id") == "rooms-in-order")


def test_every_room_has_its_place_in_the_one_order() -> None:
    listed = {name.strip() for layer in _contract()["layers"] for name in layer.split("|")}
    rooms = {f"evaluations.{p.stem}" for p in (ROOT / "evaluations").iterdir() if p.stem not in NOT_ROOMS}
    rooms |= {"suites", "redteam", "billing"}
    assert rooms - listed == set(), "add the new room to the rooms-in-order contract in pyproject.toml"
    assert listed - rooms == set()


def test_settings_snapshot_keys_are_read_only_by_the_typed_settings() -> None:
    reads = re.compile(r"settings_snapshot(\[|\.get\(|__\w)|\"settings_snapshot__")
    offenders = [
        str(path.relative_to(ROOT))
        for room in ("evaluations", "suites", "redteam", "billing", "evalsite")
        for path in (ROOT / room).rglob("*.py")
        if "migrations" not in path.parts and path != SERIALISER and reads.search(path.read_text())
    ]
    assert offenders == []
