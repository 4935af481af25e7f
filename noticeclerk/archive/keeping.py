"""Files and acts, turned into archive items in the store and entries of the ledger.

A scan or a signed PDF is added by the clerk (`add_file`); every issued document gets its
PDF/A-3b copy made from its frozen PDF (`add_archival_copies`); `sign_document` signs a
document's copy. Each writes the bytes to the store first and then, in one transaction, the
item and its ledger entry: a crash in between leaves a file no entry names, which `archive
verify` reports and adding the same file again adopts, never an entry without its file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, selectinload

from noticeclerk.archive import ledger
from noticeclerk.archive.pdfa import ArchivalMetadata, Attachment, image_to_pdfa, make_pdfa
from noticeclerk.archive.signing import SignatureCheck
from noticeclerk.content.schema import unprintable
from noticeclerk.content.settings import ArchiveSettings, archive_settings
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError, NoticeclerkError, quoted_back
from noticeclerk.register.cases import find_case as _find_case
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document as _find_document
from noticeclerk.register.models import ArchiveEntry, ArchiveItem, Case, Document
from noticeclerk.store.folder import FolderStore, Stored

# The kind every issued document's PDF/A copy is kept as; its period is the village's.
ISSUED = "issued-document"
# A file larger than this is refused unread: a scan of a few pages is a few megabytes.
MAX_BYTES = 200 * 1024 * 1024

_SIGNATURES = (
    (b"%PDF-", "application/pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"II*\x00", "image/tiff"),
    (b"MM\x00*", "image/tiff"),
)
EXTENSIONS = {
    "application/pdf": "pdf",
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/tiff": "tif",
}


@dataclass(frozen=True)
class Added:
    """What the clerk is told of a file added: its item, and any copy made of it."""

    item: int
    sha256: str
    kind: str
    document: str | None
    case: str | None
    copy_item: int | None
    entry: int
    head: str
    signatures: tuple[str, ...] = ()


def media_type(data: bytes, name: str) -> str:
    """The file's type by its first bytes (never by its name), or InputError naming it."""
    for magic, kind in _SIGNATURES:
        if data.startswith(magic):
            return kind
    raise InputError(
        f"{quoted_back(name)} is not a PDF, TIFF, PNG or JPEG file (judged by its contents); "
        "scan or save it in one of those formats."
    )


def archive_store(workspace: Path | None) -> tuple[FolderStore, ArchiveSettings]:
    settings = archive_settings(workspace)
    return FolderStore(settings.folder), settings


def add_file(
    engine: Engine,
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
    now: datetime,
    workspace: Path | None,
) -> Added:
    """Keep a scan or a signed PDF, linked to its document (and so its case) or to a case."""
    # Checked before anything is stored: a name the register refused at the commit would leave
    # a file no record names, and a line break in it would print a forged line of output.
    if problem := unprintable(Path(name).name, one_line=True):
        raise InputError(
            f"The file name {quoted_back(Path(name).name)!r} contains {problem}; rename the "
            "file without it and add it again."
        )
    if len(data) > MAX_BYTES:
        raise InputError(
            f"{quoted_back(name)} is larger than {MAX_BYTES // (1024 * 1024)} MB; scan it at a "
            "lower resolution or split it."
        )
    if not data:
        raise InputError(f"{quoted_back(name)} is empty; give the scan's file.")
    kind_of_file = media_type(data, name)
    store, settings = archive_store(workspace)
    with reading(engine) as session:
        owner_document, owner_case = _owner(session, document, case)
        village = load_village(owner_case.village, workspace)
        village.retention_of(kind)
        existing = session.scalar(
            select(ArchiveItem).where(
                ArchiveItem.sha256 == _sha256(data),
                ArchiveItem.disposed_at.is_(None),
            )
        )
        if existing is not None:
            raise InputError(
                f"{quoted_back(name)} is already in the archive as item {existing.id} "
                f"({existing.kind}, added {existing.added_at:%Y-%m-%d}); nothing was added."
            )
        metadata = _metadata_for_file(
            kind, village.name, owner_document, owner_case, signed_on, now, item_name=name
        )
    checks: tuple[str, ...] = ()
    if kind_of_file == "application/pdf":
        checks = _signature_lines(data, settings, name)
    copy = None
    if pdfa:
        copy = (
            make_pdfa(data, metadata)
            if kind_of_file == "application/pdf"
            else image_to_pdfa(data, metadata)
        )
    stored = store.put(data)
    copy_stored = store.put(copy) if copy is not None else None
    with transaction(engine) as session:
        owner_document, owner_case = _owner(session, document, case)
        item = ArchiveItem(
            village=owner_case.village,
            kind=kind,
            sha256=stored.sha256,
            size=stored.size,
            media_type=kind_of_file,
            original_name=Path(name).name[:400],
            document=owner_document,
            case=owner_case,
            pdfa=False,
            signed_by=signed_by,
            signed_on=signed_on,
            note=note,
            added_at=now,
            added_by=by,
            entry_seq=0,
        )
        entry = _record(
            session,
            item,
            "added",
            at=now,
            by=by,
            details=_details(signed_by=signed_by, signed_on=signed_on, note=note, name=name),
        )
        copy_id = None
        if copy_stored is not None:
            copy_item = _copy_item(item, copy_stored.sha256, copy_stored.size, now, by)
            entry = _record(
                session,
                copy_item,
                "copied",
                at=now,
                by=by,
                details={"made_from_item": item.id, "as": "PDF/A-3b"},
            )
            copy_id = copy_item.id
        return Added(
            item=item.id,
            sha256=stored.sha256,
            kind=kind,
            document=owner_document.number if owner_document is not None else None,
            case=owner_case.number,
            copy_item=copy_id,
            entry=entry.seq,
            head=entry.hash,
            signatures=checks,
        )


def add_archival_copies(
    engine: Engine,
    numbers: Sequence[str] | None,
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
    village: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[tuple[str, int]]:
    """A PDF/A-3b copy, in the store and the ledger, of each issued document named (or, with
    None, of every one that has none yet, of `village` or all), made from its frozen PDF; the
    documents and the items made for them, in order."""
    store, _settings = archive_store(workspace)
    made = []
    for number in _documents_without_copy(engine, numbers, village):
        with reading(engine) as session:
            document = _document_for_copy(session, number)
            village_file = load_village(document.case.village, workspace)
            metadata = _metadata_for_document(document, village_file.name, now, workspace)
            data = make_pdfa(document.pdf, metadata, [_case_data_attachment(document)])
        stored = store.put(data)
        with transaction(engine) as session:
            document = _document_for_copy(session, number)
            if _copy_of(session, document) is not None:
                continue  # another clerk's command made it meanwhile
            item = _document_pdf(document, stored, f"{document.number}.pdf", now=now, by=by)
            _record(
                session,
                item,
                "copied",
                at=now,
                by=by,
                details={"made_from": f"the frozen PDF of {document.number}", "as": "PDF/A-3b"},
            )
            made.append((number, item.id))
        if progress is not None:
            progress(1)
    return made


def documents_without_copy(engine: Engine, village: str | None = None) -> list[str]:
    return _documents_without_copy(engine, None, village)


def case_data(document: Document) -> dict[str, Any]:
    """The case as it stood when the document was issued: what the PDF/A copy carries as its
    JSON attachment, so the copy alone shows what the document was made from."""
    case = document.case
    facts: dict[str, Any] = {}
    events: dict[str, Any] = {}
    for record in case.events:
        if record.recorded_at <= document.issued_at:
            (facts if record.kind == "fact" else events)[record.name] = record.value
    stated = document.stated_deadline
    return {
        "document": {
            "number": document.number,
            "notice_type": document.notice_type,
            "date": document.document_date.isoformat(),
            "issued_at": ledger.moment(document.issued_at),
            "issued_by": document.issued_by,
            "recipient": {
                "name": document.recipient_name,
                "address_lines": list(document.recipient_lines),
                "role": document.recipient_role,
            },
            "follows": document.follows,
            "parcel": document.parcel_id,
            "stated_deadline": (
                None
                if stated is None
                else ledger.moment(stated)
                if isinstance(stated, datetime)
                else stated.isoformat()
            ),
            "amount_due": document.amount_due,
            "pdf_sha256": document.pdf_sha256,
            "docx_sha256": document.docx_sha256,
        },
        "case": {
            "number": case.number,
            "village": case.village,
            "notice_type": case.notice_type,
            "opened_at": ledger.moment(case.opened_at),
            "parcels": [
                {
                    "parcel_id": link.parcel.parcel_id,
                    "section_block_lot": link.parcel.section_block_lot,
                    "property_address": link.parcel.property_address,
                }
                for link in case.parcels
            ],
        },
        "facts": facts,
        "events": events,
    }


def find_document(session: Session, number: str) -> Document:
    """The register's document, the number as typed but for surrounding spaces."""
    return _find_document(session, number.strip())


def find_case(session: Session, number: str) -> Case:
    return _find_case(session, number.strip())


def _owner(
    session: Session, document: str | None, case: str | None
) -> tuple[Document | None, Case]:
    if document is not None:
        found = find_document(session, document)
        if case is not None and found.case.number != case.strip():
            raise InputError(
                f"Document {found.number} belongs to case {found.case.number}, not "
                f"{quoted_back(case)}; give one of --document and --case."
            )
        return found, found.case
    if case is None:
        raise InputError("Say what the file belongs to: give --document or --case.")
    return None, find_case(session, case)


def _documents_without_copy(
    engine: Engine, numbers: Sequence[str] | None, village: str | None
) -> list[str]:
    with reading(engine) as session:
        if numbers is not None:
            wanted = [find_document(session, number).number for number in numbers]
        else:
            query = select(Document.number).join(Case).order_by(Document.id)
            if village is not None:
                query = query.where(Case.village == village)
            wanted = list(session.scalars(query))
        copied = set(
            session.scalars(
                select(Document.number)
                .join(ArchiveItem, ArchiveItem.document_id == Document.id)
                .where(ArchiveItem.kind == ISSUED, ArchiveItem.pdfa.is_(True))
            )
        )
    return [number for number in wanted if number not in copied]


def _document_for_copy(session: Session, number: str) -> Document:
    document = session.scalar(
        select(Document)
        .where(Document.number == number)
        .options(selectinload(Document.case).selectinload(Case.events))
    )
    assert document is not None
    # The copy is made from the bytes the register froze, never from bytes that changed.
    check_frozen(document)
    return document


def _copy_of(session: Session, document: Document) -> ArchiveItem | None:
    return session.scalar(
        select(ArchiveItem).where(
            ArchiveItem.document_id == document.id,
            ArchiveItem.kind == ISSUED,
            ArchiveItem.pdfa.is_(True),
        )
    )


def _metadata_for_document(
    document: Document, village_name: str, now: datetime, workspace: Path | None
) -> ArchivalMetadata:
    from noticeclerk.content.notice_types import load_notice

    try:
        title = load_notice(document.case.village, document.notice_type, workspace).title
    except NoticeclerkError:
        # A notice type since removed from the catalogue: its document keeps its number.
        title = document.notice_type
    return ArchivalMetadata(
        title=f"{title}, {document.number}",
        identifier=document.number,
        village=village_name,
        author=f"{document.issued_by}, {village_name}",
        case=document.case.number,
        subject=title,
        dated=document.issued_at,
        created=now,
    )


def _metadata_for_file(
    kind: str,
    village_name: str,
    document: Document | None,
    case: Case,
    signed_on: date | None,
    now: datetime,
    *,
    item_name: str,
) -> ArchivalMetadata:
    of = document.number if document is not None else f"case {case.number}"
    dated = (
        datetime(signed_on.year, signed_on.month, signed_on.day, 12, tzinfo=UTC)
        if signed_on is not None
        else now
    )
    return ArchivalMetadata(
        title=f"{kind.replace('-', ' ').capitalize()} for {of}",
        identifier=f"{of}: {Path(item_name).name}",
        village=village_name,
        author=village_name,
        case=case.number,
        subject=kind,
        dated=dated,
        created=now,
    )


def _case_data_attachment(document: Document) -> Attachment:
    data = json.dumps(case_data(document), indent=2, sort_keys=True, ensure_ascii=False)
    return Attachment(
        name="case-data.json",
        data=data.encode(),
        media_type="application/json",
        relationship="Data",
        description=f"The register's record of case {document.case.number} as it stood when "
        f"{document.number} was issued",
    )


def _document_pdf(
    document: Document,
    stored: Stored,
    name: str,
    *,
    now: datetime,
    by: str,
    derived_from_id: int | None = None,
    signed_by: str | None = None,
    signed_on: date | None = None,
) -> ArchiveItem:
    """A PDF/A-3b file made here for an issued document: its archival copy, or that copy
    signed."""
    return ArchiveItem(
        village=document.case.village,
        kind=ISSUED,
        sha256=stored.sha256,
        size=stored.size,
        media_type="application/pdf",
        original_name=name,
        document=document,
        case=document.case,
        derived_from_id=derived_from_id,
        pdfa=True,
        signed_by=signed_by,
        signed_on=signed_on,
        added_at=now,
        added_by=by,
        entry_seq=0,
    )


def _copy_item(
    original: ArchiveItem, sha256: str, size: int, now: datetime, by: str
) -> ArchiveItem:
    return ArchiveItem(
        village=original.village,
        kind=original.kind,
        sha256=sha256,
        size=size,
        media_type="application/pdf",
        original_name=f"{Path(original.original_name).stem}.pdfa.pdf",
        document=original.document,
        case=original.case,
        derived_from_id=original.id,
        pdfa=True,
        signed_by=original.signed_by,
        signed_on=original.signed_on,
        added_at=now,
        added_by=by,
        entry_seq=0,
    )


def _signature_lines(data: bytes, settings: ArchiveSettings, name: str) -> tuple[str, ...]:
    from noticeclerk.archive.signing import check_signatures

    roots = [path.read_bytes() for path in settings.trust_roots]
    lines = []
    for check in check_signatures(data, roots):
        if not check.readable:
            raise InputError(
                f"{quoted_back(name)} cannot be read as a PDF, though it starts like one; scan "
                "or save it again as a PDF."
            )
        if check.problem is not None and not (not roots and holds_but_untrusted(check)):
            raise InputError(
                f"{quoted_back(name)} carries a signature{_by(check)} that does not hold: "
                f"{check.problem.rstrip('.')}; ask the signer for the file as it was signed."
            )
        trust = (
            "trusted"
            if check.trusted
            else "not checked against a trusted authority (name the "
            "Village's in settings.toml [signing] trust)"
        )
        lines.append(f"Signature by {check.signer}: intact, {trust}.")
    return tuple(lines)


def _by(check: SignatureCheck) -> str:
    # A signature too damaged to name its signer is still named as a signature.
    return f" by {check.signer}" if check.signer else ""


def holds_but_untrusted(check: SignatureCheck) -> bool:
    """A signature whose only fault is that no trusted authority was given to check it by."""
    return check.intact and check.valid and check.covers_whole_file and not check.trusted


def _details(**values: Any) -> dict[str, Any]:
    return {
        key: value.isoformat() if isinstance(value, date) else value
        for key, value in values.items()
        if value is not None
    }


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Signed:
    """What the clerk is told of a signature made."""

    document: str
    item: int
    signer: str
    timestamped: bool
    entry: int
    head: str


def sign_document(
    engine: Engine,
    number: str,
    *,
    key_file: bytes,
    key_name: str,
    password: bytes | None,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Signed:
    """Sign the PDF/A copy of an issued document (made first if it has none) with the key in a
    PKCS#12 file, keep the signed file as a new item made from the copy, and record it."""
    from noticeclerk.archive.signing import check_signatures, load_key, sign_pdf

    key = load_key(key_file, password, key_name)
    store, settings = archive_store(workspace)
    with reading(engine) as session:
        document = find_document(session, number)
        if document.status == "void":
            raise InputError(f"{document.number} is void; a spoiled document is not signed.")
        number = document.number
    add_archival_copies(engine, [number], by=by, now=now, workspace=workspace)
    with reading(engine) as session:
        document = find_document(session, number)
        copy = _copy_of(session, document)
        assert copy is not None
        _not_signed_yet(session, document, copy.id)
        village = load_village(document.case.village, workspace)
        copy_id, copy_sha = copy.id, copy.sha256
    roots = [path.read_bytes() for path in settings.trust_roots]
    signed = sign_pdf(
        store.read(copy_sha),
        key,
        reason=f"Issued by {village.name} as document {number}",
        location=village.name,
        timestamp_url=settings.timestamp_url,
        trust_roots=roots,
    )
    checks = check_signatures(signed, roots)
    if not checks or not (checks[-1].intact and checks[-1].valid):
        raise InputError(
            f"The signature just made on {number} does not check; nothing was kept: "
            f"{checks[-1].problem if checks else 'no signature was found in the signed file'}"
        )
    stored = store.put(signed)
    with transaction(engine) as session:
        document = find_document(session, number)
        _not_signed_yet(session, document, copy_id)  # another clerk's `sign` meanwhile
        item = _document_pdf(
            document,
            stored,
            f"{number}.signed.pdf",
            now=now,
            by=by,
            derived_from_id=copy_id,
            signed_by=key.signer,
            signed_on=now.astimezone(village.calendar.timezone).date(),
        )
        entry = _record(
            session,
            item,
            "signed",
            at=now,
            by=by,
            details={
                "made_from_item": copy_id,
                "signer": key.signer,
                "timestamped": checks[-1].timestamped,
            },
        )
        return Signed(
            document=number,
            item=item.id,
            signer=key.signer,
            timestamped=checks[-1].timestamped,
            entry=entry.seq,
            head=entry.hash,
        )


def _not_signed_yet(session: Session, document: Document, copy_id: int) -> None:
    signed_before = session.scalar(
        select(ArchiveItem).where(
            ArchiveItem.signed_by.is_not(None),
            ArchiveItem.derived_from_id == copy_id,
            ArchiveItem.disposed_at.is_(None),
        )
    )
    if signed_before is not None:
        # Its block has room for one signature: a second stamp would print over the first.
        raise InputError(
            f"{document.number} is already signed by {signed_before.signed_by} (archive item "
            f"{signed_before.id}); its signature block holds one signature."
        )


@dataclass(frozen=True)
class Listed:
    """One archive item as `archive list` shows it."""

    item: int
    kind: str
    of: str
    name: str
    added: datetime
    signed_by: str | None
    signed_on: date | None
    pdfa: bool
    made_from: int | None
    sha256: str
    disposed: datetime | None


def list_items(engine: Engine, *, document: str | None, case: str | None) -> list[Listed]:
    """The items of a document, or of a case (its documents' too), in the order added."""
    with reading(engine) as session:
        owner_document, owner_case = _owner(session, document, case)
        query = select(ArchiveItem).options(selectinload(ArchiveItem.document))
        if owner_document is not None:
            query = query.where(ArchiveItem.document_id == owner_document.id)
        else:
            query = query.where(ArchiveItem.case_id == owner_case.id)
        return [
            Listed(
                item=item.id,
                kind=item.kind,
                of=item.document.number
                if item.document is not None
                else f"case {owner_case.number}",
                name=item.original_name,
                added=item.added_at,
                signed_by=item.signed_by,
                signed_on=item.signed_on,
                pdfa=item.pdfa,
                made_from=item.derived_from_id,
                sha256=item.sha256,
                disposed=item.disposed_at,
            )
            for item in session.scalars(query.order_by(ArchiveItem.id))
        ]


def _record(
    session: Session,
    item: ArchiveItem,
    event: str,
    *,
    at: datetime,
    by: str,
    details: dict[str, Any],
) -> ArchiveEntry:
    """Add a new item and the ledger entry that records it, in the caller's transaction."""
    session.add(item)
    entry = ledger.append(
        session, event=event, at=at, by=by, village=item.village, item=item, details=details
    )
    item.entry_seq = entry.seq
    return entry
