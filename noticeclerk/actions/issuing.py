"""A clerk's request to issue a case's document (register.issuing.IssueRequest: the case, and
the notice type, date, addressee and followed document chosen), turned into numbered documents
whose exact bytes are frozen in the register, each with its PDF/A copy in the archive.

One implementation for the command line, the desk and the workers. What may be issued is what
the case's next steps allow (register.next_steps), in their sentence. The documents are planned
and rendered outside the register's write lock, then one transaction plans them again, takes
their numbers and stores them with their files; if anything they print changed in between,
they are rendered again. Then each gets its archival copy: the documents stand whatever happens
to the copies (issuing again would number them twice), and a copy that cannot be made is said
in the outcome, with the command that makes it later.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from noticeclerk.actions.workspace import Workspace
from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.issuing import (
    Issued,
    IssueRequest,
    PlanChanged,
    Planned,
    plan_documents,
    store_planned,
    unchanged_since_read,
)

if TYPE_CHECKING:
    from sqlalchemy import Engine
    from sqlalchemy.orm import Session

    from noticeclerk.render import Rendered, Renderer

P = TypeVar("P")
R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class IssueOutcome:
    """The documents issued, the archive items of their PDF/A copies, and why the copies could
    not be made, if they could not (the documents stand)."""

    issued: tuple[Issued, ...]
    archived: tuple[tuple[str, int], ...]
    archive_failed: str | None = None

    @property
    def numbers(self) -> list[str]:
        return [one.number for one in self.issued]


def issue(
    workspace: Workspace,
    request: IssueRequest,
    *,
    by: str,
    renderer: Renderer | None = None,
) -> IssueOutcome:
    """Issue the case's document (or one for each owner where it goes to each), freeze it and
    make its archival copy."""
    issued = issue_documents(workspace, request, by=by, renderer=renderer)
    archived, failed = archival_copies(workspace, [one.number for one in issued], by=by)
    return IssueOutcome(tuple(issued), tuple(archived), failed)


# How many times a document planned and rendered outside the write lock is planned again
# before it is rendered under the lock instead.
ATTEMPTS = 3


def issue_documents(
    workspace: Workspace,
    request: IssueRequest,
    *,
    by: str,
    renderer: Renderer | None = None,
) -> list[Issued]:
    """Number, render and freeze the request's documents, without their archival copies."""
    if renderer is None:
        # Here: WeasyPrint loads with it, and reading the register must not need it.
        from noticeclerk.render import Renderer

        renderer = Renderer(workspace.workspace)
    chosen = renderer

    def render(planned: list[Planned]) -> list[Rendered]:
        return [chosen.render_composed(one.composed) for one in planned]

    now, folder = workspace.now(), workspace.workspace

    def plan(session: Session) -> list[Planned]:
        # A second press of the button is said as such, before what the law says of it.
        unchanged_since_read(session, request)
        return plan_documents(session, request, by=by, now=now, workspace=folder)

    def store(
        session: Session, planned: list[Planned], rendered: list[Rendered], last: bool
    ) -> list[Issued]:
        return store_planned(
            session,
            request,
            planned,
            rendered,
            by=by,
            now=now,
            workspace=folder,
            render_again=render if last else None,
        )

    return stored_unchanged(workspace.register(), plan, render, store)


def stored_unchanged(
    engine: Engine,
    plan: Callable[[Session], P],
    render: Callable[[P], R],
    store: Callable[[Session, P, R, bool], T],
) -> T:
    """Plan from a snapshot, render outside the register's write lock, then store in one
    transaction that finds nothing printed has changed (store raises PlanChanged if it has,
    and all is planned and rendered again). Others keep changing the case or taking numbers:
    at the last attempt `store` is told so, and renders under the lock, where nothing can
    change."""
    for attempt in range(ATTEMPTS):
        with reading(engine) as session:
            planned = plan(session)
        rendered = render(planned)
        try:
            with transaction(engine) as session:
                return store(session, planned, rendered, attempt == ATTEMPTS - 1)
        except PlanChanged:
            continue
    raise AssertionError("the last attempt renders under the write lock")  # pragma: no cover


def archival_copies(
    workspace: Workspace,
    numbers: list[str],
    *,
    by: str,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[tuple[str, int]], str | None]:
    """Each issued document's PDF/A-3b copy in the archive, made from its frozen PDF: the items
    made, and the sentence saying why they could not be, if they could not."""
    from noticeclerk.actions.archive import make_archival_copies

    if not numbers:
        return [], None
    try:
        made = make_archival_copies(workspace, numbers, by=by, progress=progress)
    except NoticeclerkError as error:
        listed = ", ".join(numbers)
        return [], (
            f"{listed} {'is' if len(numbers) == 1 else 'are'} issued and kept in the register, "
            f"but the archival copy could not be made ({str(error).rstrip('.')}); fix that and "
            "run 'noticeclerk archive copies'."
        )
    return made, None
