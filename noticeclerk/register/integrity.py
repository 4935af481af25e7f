"""The register's frozen files, turned into whether their bytes still have their SHA-256.

An issued document (and an issued affidavit of service) is the exact bytes the register froze
with their SHA-256, kept in the workspace's store (register/frozen.py). Anything that relies on
those bytes, to swear to them, serve them, record their receipt or hand them back, first checks
them here with `check_frozen`, and refuses with one sentence when they changed or are gone.
`noticeclerk verify` reads every frozen file the same way, a batch of records at a time and
each file in chunks, so a register of tens of thousands of documents is never held in memory
at once, nor locked for the whole run.

Roll imports keep only the SHA-256 of the file imported, not its bytes: nothing to re-read.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading
from noticeclerk.register.frozen import (
    FrozenFiles,
    files_of,
    freeze,
    missing_sentence,
    record_bind,
    tampered_sentence,
)
from noticeclerk.register.models import Case, Document, Proof

# Rows read in one short transaction: enough to keep the round trips few (the files themselves
# are read from the store one at a time, in chunks).
BATCH = 100


@dataclass(frozen=True)
class Checked:
    """One frozen record re-read: which, and the files whose bytes no longer match."""

    # "document", or "affidavit" for an issued affidavit of service.
    kind: str
    number: str
    mismatched: tuple[str, ...]


def changed_files(files: FrozenFiles, pdf_sha256: str, docx_sha256: str) -> tuple[str, ...]:
    """The files ("PDF", "DOCX", or "PDF (missing)") whose bytes in the store no longer have
    the SHA-256 recorded for them, each read in chunks."""
    changed = []
    for name, recorded in (("PDF", pdf_sha256), ("DOCX", docx_sha256)):
        state = files.state(recorded)
        if state != "present":
            changed.append(name if state == "altered" else f"{name} (missing)")
    return tuple(changed)


def frozen(bind: Engine | Session, files: dict[str, bytes]) -> dict[str, str | int]:
    """A rendered document's PDF and DOCX as the register freezes them: the bytes put into the
    register's store now, before its transaction commits, and the columns a Document and a
    Proof share (each file's SHA-256, size and media type)."""
    return freeze(bind, files)


def check_frozen(record: Document | Proof) -> None:
    """Refuse, with one sentence, a document (or issued affidavit) whose frozen bytes changed
    or are gone from the store."""
    files = files_of(record_bind(record))
    changed = changed_files(files, record.pdf_sha256, record.docx_sha256)
    missing = tuple(name.removesuffix(" (missing)") for name in changed if "(" in name)
    if missing:
        raise InputError(missing_sentence(record.number, missing, files.store.root))
    if changed:
        raise InputError(tampered_sentence(record.number, changed))


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
    files = files_of(engine)
    for table in (Document, Proof):
        last = 0
        while True:
            # Only the columns the check needs, a batch at a time, each batch in its own short
            # reading transaction (a long one would keep WAL from checkpointing meanwhile).
            query = (
                select(
                    table.id,
                    table.number,
                    table.pdf_sha256,
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
            for row_id, number, pdf_sha256, docx_sha256 in rows:
                kind = "document" if table is Document else "affidavit"
                yield Checked(kind, number, changed_files(files, pdf_sha256, docx_sha256))
                last = row_id
