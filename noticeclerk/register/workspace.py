"""A folder, turned into a clerk's workspace: its register at the current migration."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from noticeclerk.register.database import (
    RegisterError,
    current_revision,
    head_revision,
    location,
    make_engine,
    register_url,
    upgrade,
)
from noticeclerk.writing import make_folder


@dataclass(frozen=True)
class InitReport:
    url: str
    created: bool
    revision: str


def init_workspace(folder: Path, db: str | None = None) -> InitReport:
    """Create the folder and its register; an existing register must already be current."""
    make_folder(folder / "outputs")
    url = register_url(folder, db)
    engine = make_engine(url)
    try:
        existing = current_revision(engine)
    finally:
        engine.dispose()
    head = head_revision()
    if existing == head:
        return InitReport(url, False, head)
    if existing is not None:
        raise RegisterError(
            f"{location(url)} is a register at migration {existing}; back it up, then run "
            f"'noticeclerk db upgrade' to bring it to {head}."
        )
    upgrade(url)
    return InitReport(url, True, head)


def describe_location(url: str) -> str:
    """Where the register is, in words for the clerk, without the password a URL may carry."""
    return location(url)
