"""A village's assessment roll (a CSV file from the assessor), turned into the register's
parcels and owners of record, each change dated; or, previewed, into what an import would
change, with nothing written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.register.roll import ImportReport


def import_roll(
    workspace: Workspace,
    path: Path,
    village: str,
    *,
    by: str,
    progress: Callable[[str, int, int], None] | None = None,
    preview: bool = False,
) -> ImportReport:
    """Import the roll (every row checked first; a roll with a bad row changes nothing), or
    with `preview` say what it would change."""
    from noticeclerk.register.roll import import_roll as store

    return store(
        workspace.register(),
        path,
        village,
        imported_by=by,
        now=workspace.now(),
        progress=progress,
        preview=preview,
    )
