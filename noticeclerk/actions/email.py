"""A clerk's email of issued documents, turned into outbox messages and sent: each queued to the
address on file for its addressee (or one given with where it came from), then sent over the
workspace's mail server, each attempt recorded."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.dispatch.outbox import Attempt, Queued


def queue_email(
    workspace: Workspace,
    documents: Sequence[str],
    *,
    by: str,
    to: str | None = None,
    source: str | None = None,
) -> list[Queued]:
    """Put each document's email in the outbox, all or none."""
    from noticeclerk.content.settings import mail_server
    from noticeclerk.dispatch.outbox import queue_email as queue

    return queue(
        workspace.register(),
        documents,
        server=mail_server(workspace.workspace),
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
        to=to,
        source=source,
    )


def send_email(
    workspace: Workspace,
    *,
    by: str,
    limit: int | None = None,
    progress: Callable[[Attempt, int, int], None] | None = None,
) -> list[Attempt]:
    """Send what the outbox holds over the workspace's mail server; each message is sent, and
    its attempt recorded, at the moment the clock then says."""
    from noticeclerk.dispatch.outbox import send_with_settings

    return send_with_settings(
        workspace.register(),
        by=by,
        now=workspace.now,
        workspace=workspace.workspace,
        limit=limit,
        progress=progress,
    )
