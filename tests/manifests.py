"""The test manifests in tests/catalogue/, one per built-in village, read for the tests."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ORDINANCES = HERE.parent.parent / "shared" / "ordinances"


def manifest_villages() -> list[str]:
    """Every village that has a manifest: the built-in villages the ordinances are for."""
    return sorted(path.stem for path in (HERE / "catalogue").glob("*.toml"))


def manifest(village: str) -> dict[str, Any]:
    return tomllib.loads((HERE / "catalogue" / f"{village}.toml").read_text(encoding="utf-8"))


def ordinance_file(village: str) -> Path:
    """The ordinance text the village's quotations come from."""
    return ORDINANCES / manifest(village)["ordinance"]
