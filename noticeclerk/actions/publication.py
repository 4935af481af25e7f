"""A clerk's legal notice in the newspaper, turned into its copy and schedule, and then into the
register's record of the days it was printed, with the newspaper's affidavit kept in the
archive as the proof."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.dispatch.publishing import Prepared, Recorded


def prepare_publication(workspace: Workspace, number: str) -> Prepared:
    """The copy of an issued document for the newspaper, and the days it must be printed on,
    counted back from the event it precedes; nothing is recorded."""
    from noticeclerk.dispatch.publishing import prepare
    from noticeclerk.register.issuing import document_village

    # Today on the village's calendar: on a Thursday evening in Luck, the computer (or UTC)
    # may already be on Friday, past a newspaper's Thursday deadline for copy.
    engine = workspace.register()
    zone = document_village(engine, number, workspace.workspace).timezone
    return prepare(engine, number, today=workspace.clock.today(zone), workspace=workspace.workspace)


def record_publication(
    workspace: Workspace,
    number: str,
    published: Sequence[date],
    *,
    affidavit: bytes,
    affidavit_name: str,
    by: str,
) -> Recorded:
    """Record the days the newspaper printed the document, as its affidavit of publication
    proves; each document keeps its own publication, never another's."""
    from noticeclerk.dispatch.publishing import record_publication as record

    return record(
        workspace.register(),
        number,
        published,
        affidavit=affidavit,
        affidavit_name=affidavit_name,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )
