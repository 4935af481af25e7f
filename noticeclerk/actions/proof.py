"""A document's service records, turned into its affidavit of service: a draft to read, a void
document's copy for the record, or the affidavit issued, numbered and frozen in the register to
be sworn. What it prints is the register's (register.proof); rendering it is done here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.proof import IssuedProof, ProofPage, draft_page, next_proof, store_proof

if TYPE_CHECKING:
    from noticeclerk.render import Rendered, Renderer


def draft_proof(
    workspace: Workspace,
    number: str,
    *,
    void_copy: bool = False,
    renderer: Renderer | None = None,
) -> Rendered:
    """The affidavit as a draft, marked on every page as not issued; or, with `void_copy`, a
    void document's affidavit marked VOID, for the record. Nothing is kept in the register."""
    with reading(workspace.register()) as session:
        page = draft_page(session, number, workspace=workspace.workspace, void_copy=void_copy)
    return _rendered(page, workspace, renderer)


def issue_proof(
    workspace: Workspace, number: str, *, by: str, renderer: Renderer | None = None
) -> IssuedProof:
    """Number, render and freeze the affidavit of the document's standing services in one
    transaction, so that no other affidavit takes its number or swears to other services."""
    with transaction(workspace.register()) as session:
        document, page = next_proof(session, number, workspace=workspace.workspace)
        rendered = _rendered(page, workspace, renderer)
        return store_proof(session, document, page, rendered, by=by, now=workspace.now())


def _rendered(page: ProofPage, workspace: Workspace, renderer: Renderer | None) -> Rendered:
    if renderer is None:
        # Here: WeasyPrint loads with it, and reading the register must not need it.
        from noticeclerk.render import Renderer

        renderer = Renderer(workspace.workspace)
    return renderer.render_template(
        page.template,
        page.context,
        page.village,
        number=page.number,
        title=page.title,
        stem=page.stem,
        document_date=page.document_date,
    )
