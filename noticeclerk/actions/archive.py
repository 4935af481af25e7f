"""A clerk's archive of signed and issued records, turned into kept items and the ledger's
entries: a scan or signed PDF kept, an issued document's PDF/A copy made or signed, the whole
archive checked, a selection exported for a court or an auditor, and records past their
retention disposed of under the authority named."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.archive.export import Exported, Selection
    from noticeclerk.archive.keeping import Added, Signed
    from noticeclerk.archive.retention import Disposal, Reached
    from noticeclerk.archive.verifying import ArchiveReport


def keep_file(
    workspace: Workspace,
    *,
    data: bytes,
    name: str,
    document: str | None,
    case: str | None,
    kind: str,
    signed_by: str | None,
    signed_on: date | None,
    note: str | None,
    pdfa: bool,
    by: str,
) -> Added:
    """Keep a scan or a signed PDF, linked to its document (and so its case) or to a case."""
    from noticeclerk.archive.keeping import add_file

    return add_file(
        workspace.register(),
        data=data,
        name=name,
        document=document,
        case=case,
        kind=kind,
        signed_by=signed_by,
        signed_on=signed_on,
        note=note,
        pdfa=pdfa,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def make_archival_copies(
    workspace: Workspace,
    numbers: Sequence[str],
    *,
    by: str,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, int]]:
    """Each issued document's PDF/A-3b copy made from its frozen PDF and kept: the document
    and the item of each copy made (one made before is not made again)."""
    from noticeclerk.archive.keeping import add_archival_copies

    return add_archival_copies(
        workspace.register(),
        list(numbers),
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
        progress=progress,
    )


def sign_document(
    workspace: Workspace,
    number: str,
    *,
    key_file: bytes,
    key_name: str,
    password: bytes | None,
    by: str,
) -> Signed:
    """Sign the PDF/A copy of an issued document (made first if it has none) with the key."""
    from noticeclerk.archive.keeping import sign_document as sign

    return sign(
        workspace.register(),
        number,
        key_file=key_file,
        key_name=key_name,
        password=password,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def verify_archive(
    workspace: Workspace,
    *,
    head: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArchiveReport:
    """Check every item's bytes, every signature and the ledger's chain (to a head written
    down earlier, if given); the problems are listed, nothing is changed."""
    from noticeclerk.archive.verifying import verify_archive as verify

    return verify(workspace.register(), workspace.workspace, head=head, progress=progress)


def export_archive(workspace: Workspace, selection: Selection, out: Path, *, by: str) -> Exported:
    """Write the selection's records, with the ledger that proves them, as a zip at `out`."""
    from noticeclerk.archive.export import export_archive as export

    return export(
        workspace.register(),
        selection,
        out,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def dispose(
    workspace: Workspace,
    items: Sequence[int],
    *,
    authorised_by: str,
    authority: str,
    by: str,
) -> Disposal:
    """Dispose of the items named, each past its retention: the ledger records who authorised
    it and under what authority, then their files are removed."""
    from noticeclerk.archive.retention import dispose as remove

    return remove(
        workspace.register(),
        items,
        authorised_by=authorised_by,
        authority=authority,
        now=workspace.now(),
        by=by,
        workspace=workspace.workspace,
    )


def records_due_for_disposal(
    workspace: Workspace, *, by: str, village: str | None = None
) -> tuple[list[Reached], list[str]]:
    """The records whose retention period has run by today on their village's calendar, oldest
    first, each recorded once in the ledger as reached; and notes on kinds the village's file
    gives no period for. Nothing is destroyed."""
    from noticeclerk.archive.retention import due_for_disposal

    return due_for_disposal(
        workspace.register(),
        now=workspace.now(),
        by=by,
        workspace=workspace.workspace,
        village=village,
    )
