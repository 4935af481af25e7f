"""The register's frozen files, turned into whether their bytes still have their SHA-256.

An issued document (and an issued affidavit of service) is the exact bytes the register froze
with their SHA-256. Anything that relies on those bytes, to swear to them, serve them, record
their receipt or hand them back, first checks them here with `check_frozen`, and refuses with one
sentence when they changed: a register whose files changed is restored from its backup, not used.
`noticeclerk verify` reads every frozen file the same way, a batch at a time, so a register of
tens of thousands of documents is never held in memory at once, nor locked for the whole run.

Roll imports keep only the SHA-256 of the file imported, not its bytes: nothing to re-read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import Engine, func, select

from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading
from noticeclerk.register.models import Case, Document, Proof

# Rows read in one short transaction: enough to keep the round trips few, few enough that their
# files (a PDF and a DOCX of some tens of kilobytes each) stay small in memory.
BATCH = 100


@dataclass(frozen=True)
class Checked:
    """One frozen record re-read: which, and the files whose bytes no longer match."""

    # "document", or "affidavit" for an issued affidavit of service.
    kind: str
    number: str
    mismatched: tuple[str, ...]


def changed_files(pdf: bytes, pdf_sha256: str, docx: bytes, docx_sha256: str) -> tuple[str, ...]:
    """The files ("PDF", "DOCX") whose bytes no longer have the SHA-256 recorded for them."""
    return tuple(
        name
        for name, data, recorded in (("PDF", pdf, pdf_sha256), ("DOCX", docx, docx_sha256))
        if hashlib.sha256(data).hexdigest() != recorded
    )


def frozen(files: dict[str, bytes]) -> dict[str, str | bytes]:
    """A rendered document's PDF and DOCX as the register freezes them: the bytes, each with
    its SHA-256, the columns a Document and a Proof share."""
    return {
        "pdf": files["pdf"],
        "pdf_sha256": hashlib.sha256(files["pdf"]).hexdigest(),
        "docx": files["docx"],
        "docx_sha256": hashlib.sha256(files["docx"]).hexdigest(),
    }


def check_frozen(record: Document | Proof) -> None:
    """Refuse, with one sentence, a document (or issued affidavit) whose frozen bytes changed."""
    changed = changed_files(record.pdf, record.pdf_sha256, record.docx, record.docx_sha256)
    if changed:
        raise InputError(tampered_sentence(record.number, changed))


def tampered_sentence(number: str, changed: tuple[str, ...]) -> str:
    """What the clerk is told of a document whose files no longer match their SHA-256."""
    files = " and ".join(changed)
    match = "matches" if len(changed) == 1 else "match"
    return (
        f"The register's {files} of {number} no longer {match} the SHA-256 recorded when it "
        "was issued; do not use it: run 'noticeclerk verify' and restore the register from its "
        "backup."
    )


def frozen_count(engine: Engine, village: str | None = None) -> int:
    """How many frozen records `check_register` will read: documents and issued affidavits."""
    with reading(engine) as session:
        documents = select(func.count(Document.id)).join(Case)
        proofs = select(func.count(Proof.id)).join(Document).join(Case)
        if village:
            documents = documents.where(Case.village == village)
            proofs = proofs.where(Case.village == village)
        return (session.scalar(documents) or 0) + (session.scalar(proofs) or 0)


def check_register(engine: Engine, village: str | None = None) -> Iterator[Checked]:
    """Every document's and issued affidavit's files re-read against their SHA-256, in the order
    they were issued, one village's or all."""
    for table in (Document, Proof):
        last = 0
        while True:
            # Only the columns the check needs, a batch at a time, each batch in its own short
            # reading transaction (a long one would keep WAL from checkpointing meanwhile).
            query = (
                select(
                    table.id,
                    table.number,
                    table.pdf,
                    table.pdf_sha256,
                    table.docx,
                    table.docx_sha256,
                )
                .where(table.id > last)
                .order_by(table.id)
                .limit(BATCH)
            )
            if table is Proof:
                query = query.join(Document, Proof.document_id == Document.id)
            if village:
                query = query.join(Case, Document.case_id == Case.id).where(Case.village == village)
            with reading(engine) as session:
                rows = session.execute(query).all()
            if not rows:
                break
            for row_id, number, pdf, pdf_sha256, docx, docx_sha256 in rows:
                kind = "document" if table is Document else "affidavit"
                yield Checked(kind, number, changed_files(pdf, pdf_sha256, docx, docx_sha256))
                last = row_id
