"""A clerk's certified and registered mail, turned into register records: a batch checked and
prepared with its print files, the post office's acceptance (each piece served that day), or a
batch cancelled that was never mailed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.dispatch.mail_batch import Accepted, BatchRequest, Plan, Prepared


def check_batch(workspace: Workspace, request: BatchRequest) -> Plan:
    """The pieces the batch would mail, in ZIP Code order, with each document it leaves out
    and why; nothing is recorded."""
    from noticeclerk.dispatch.mail_batch import plan_batch

    return plan_batch(
        workspace.register(), request, now=workspace.now(), workspace=workspace.workspace
    )


def prepare_batch(
    workspace: Workspace,
    plan: Plan,
    numbers: Sequence[str] | None,
    *,
    progress: Callable[[str], None] | None = None,
) -> Prepared:
    """Record the batch checked (checked again: a colleague may have served a document or used
    a label meanwhile) with its article numbers, and make its print files."""
    from noticeclerk.dispatch.mail_batch import record_batch

    return record_batch(
        workspace.register(),
        plan,
        numbers,
        now=workspace.now(),
        workspace=workspace.workspace,
        progress=progress,
    )


def accept_batch(
    workspace: Workspace,
    number: str,
    at: datetime,
    *,
    pieces_received: int | None,
    missing: Sequence[str],
    mailed_by: str,
    by: str,
    date_alone: bool = False,
    deposited_at: str | None = None,
) -> Accepted:
    """The post office accepted the batch: each piece it took is served that day, with its
    article number, and the deadline each notice type gives follows. `mailed_by` took the
    pieces to the post office and swears the affidavit of mailing; `by` records it;
    `deposited_at` is that post office, where it is not the one the village's file names."""
    from noticeclerk.dispatch.mail_batch import accept_batch as accept

    return accept(
        workspace.register(),
        number,
        at,
        pieces_received=pieces_received,
        missing=missing,
        mailed_by=mailed_by,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
        date_alone=date_alone,
        deposited_at=deposited_at,
    )


def cancel_batch(workspace: Workspace, number: str, *, reason: str, by: str) -> int:
    """Cancel a batch printed but never mailed: its documents wait to be served, its labels'
    numbers are free again. Returns how many pieces it had."""
    from noticeclerk.dispatch.mail_batch import cancel_batch as cancel

    return cancel(
        workspace.register(),
        number,
        reason=reason,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )
