"""A selection of the archive (a case, a document, or what was added between two dates),
turned into a zip for a records request or a court: the files, a manifest in CSV and JSON with
their SHA-256, the ledger entries that concern them, and a one-page certificate of the export.

Every file is read back from the store and its SHA-256 checked before it goes in; the export
is itself an act recorded in the ledger, and the zip is written beside its final name and
renamed only when whole, inside the transaction that records it: a failure leaves neither.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import tempfile
import zipfile
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, selectinload

from noticeclerk.archive import ledger
from noticeclerk.archive.keeping import EXTENSIONS, archive_store, find_case, find_document
from noticeclerk.content.folders import content_dirs
from noticeclerk.content.roll import neutralised
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError, OutputError
from noticeclerk.register.database import transaction
from noticeclerk.register.models import ArchiveEntry, ArchiveItem
from noticeclerk.writing import safe_stem

MANIFEST_FIELDS = (
    "item",
    "file",
    "kind",
    "village",
    "case",
    "document",
    "media_type",
    "size",
    "sha256",
    "pdfa",
    "made_from_item",
    "original_name",
    "added_at",
    "added_by",
    "signed_by",
    "signed_on",
    "note",
    "ledger_entry",
    "ledger_hash",
    "disposed_at",
    "disposed_by",
    "disposal_authority",
)

HOW_TO_CHECK = """\
How to check this export

manifest.csv and manifest.json list every record selected, with the SHA-256 of its file as
it was when the Village's archive first stored it. Each file under files/ must give that
SHA-256 (for example: sha256sum files/*). A record disposed of under the Village's records
schedule is listed with its disposal and has no file.

ledger.jsonl holds the entries of the Village's archive ledger that concern these records,
one JSON object a line: its number (seq), the hash of the entry before it (previous_hash),
its own hash, and the exact text recorded (record). Each entry's hash is the SHA-256 of
previous_hash, one line feed, and record, in UTF-8. The last line records this export.

certificate.pdf states who made the export, when, what was selected, the manifest's SHA-256
and the ledger's head hash when it was made.
"""


@dataclass(frozen=True)
class Selection:
    """What to export: one case, one document, or what was added from one day to another."""

    case: str | None = None
    document: str | None = None
    date_from: date | None = None
    date_to: date | None = None

    def words(self) -> str:
        if self.document is not None:
            return f"the records of document {self.document}"
        if self.case is not None:
            return f"the records of case {self.case}"
        return f"the records added from {self.date_from} to {self.date_to}"


@dataclass(frozen=True)
class Exported:
    """What the clerk is told of an export."""

    path: Path
    files: int
    disposed: int
    size: int
    manifest_sha256: str
    entry: int
    head: str


def export_archive(
    engine: Engine,
    selection: Selection,
    out: Path,
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Exported:
    """Write the selection's zip to `out` (which must not exist yet)."""
    check_selection(selection)
    if out.suffix.lower() != ".zip":
        raise InputError(f"--out {out} must name a .zip file.")
    if out.exists() or out.is_symlink():
        raise InputError(f"{out} already exists; name a new file for this export.")
    if not out.parent.is_dir():
        raise InputError(f"The folder {out.parent} does not exist; make it or name another.")
    store, _settings = archive_store(workspace)
    with transaction(engine) as session:
        items, village = _selected(session, selection, workspace)
        hashes = dict(
            session.execute(
                select(ArchiveEntry.seq, ArchiveEntry.hash).where(
                    ArchiveEntry.seq.in_([item.entry_seq for item in items])
                )
            ).all()
        )
        rows = [_row(item, hashes.get(item.entry_seq, "")) for item in items]
        manifest_csv = _manifest_csv(rows)
        manifest_json = json.dumps(
            {"selection": selection.words(), "records": rows}, indent=2, ensure_ascii=False
        ).encode()
        manifest_sha256 = hashlib.sha256(manifest_csv).hexdigest()
        head_seq, head_hash = _head(session)
        entry = ledger.append(
            session,
            event="exported",
            at=now,
            by=by,
            village=village.slug,
            details={
                "selection": selection.words(),
                "file": out.name,
                "records": len(rows),
                "manifest_csv_sha256": manifest_sha256,
            },
        )
        entries = _entries(session, items, entry)
        certificate = _certificate(
            village=village,
            selection=selection,
            out=out,
            rows=rows,
            manifest_sha256=manifest_sha256,
            head=(head_seq, head_hash),
            entry=entry,
            by=by,
            now=now,
        )
        total = 0
        handle, temporary = tempfile.mkstemp(dir=out.parent, prefix=".partial-", suffix=".zip")
        try:
            with (
                os.fdopen(handle, "wb") as stream,
                zipfile.ZipFile(stream, "w", compression=zipfile.ZIP_DEFLATED) as archive,
            ):
                for item, row in zip(items, rows, strict=True):
                    if item.disposed_at is not None:
                        continue
                    data = store.read(item.sha256)  # refused when missing or changed
                    archive.writestr(row["file"], data)
                    total += len(data)
                archive.writestr("manifest.csv", manifest_csv)
                archive.writestr("manifest.json", manifest_json)
                archive.writestr(
                    "ledger.jsonl",
                    "".join(json.dumps(one, ensure_ascii=False) + "\n" for one in entries),
                )
                archive.writestr("certificate.pdf", certificate)
                archive.writestr("HOW-TO-CHECK.txt", HOW_TO_CHECK)
                stream.flush()
                os.fsync(stream.fileno())
            # A link never replaces a file: another export that took the name meanwhile (the
            # check above is long past) keeps it, and this one is refused and rolled back.
            os.link(temporary, out)
            Path(temporary).unlink()
        except FileExistsError:
            Path(temporary).unlink(missing_ok=True)
            raise InputError(
                f"{out} already exists (written meanwhile by another export); name a new file "
                "for this export."
            ) from None
        except OSError as error:
            Path(temporary).unlink(missing_ok=True)
            raise OutputError(
                f"Cannot write the export {out}: {error.strerror or error}; nothing was exported."
            ) from None
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        result = Exported(
            path=out,
            files=sum(1 for item in items if item.disposed_at is None),
            disposed=sum(1 for item in items if item.disposed_at is not None),
            size=total,
            manifest_sha256=manifest_sha256,
            entry=entry.seq,
            head=entry.hash,
        )
    return result


def check_selection(selection: Selection) -> None:
    """One of a case, a document or a span of days, or one sentence saying what to give."""
    given = [
        selection.case is not None,
        selection.document is not None,
        selection.date_from is not None or selection.date_to is not None,
    ]
    if sum(given) != 1:
        raise InputError("Say what to export: give one of --case, --document, or --from with --to.")
    if (selection.date_from is None) != (selection.date_to is None):
        raise InputError("Give --from and --to together: the first and last day of additions.")
    if selection.date_from and selection.date_to and selection.date_from > selection.date_to:
        raise InputError(
            f"--from {selection.date_from} is after --to {selection.date_to}; give the earlier "
            "day first."
        )


def _selected(
    session: Session, selection: Selection, workspace: Path | None
) -> tuple[list[ArchiveItem], Any]:
    query = select(ArchiveItem).options(
        selectinload(ArchiveItem.document), selectinload(ArchiveItem.case)
    )
    if selection.document is not None:
        document = find_document(session, selection.document)
        query = query.where(ArchiveItem.document_id == document.id)
    elif selection.case is not None:
        case = find_case(session, selection.case)
        query = query.where(ArchiveItem.case_id == case.id)
    items = list(session.scalars(query.order_by(ArchiveItem.id)))
    if selection.date_from is not None and selection.date_to is not None:
        items = [
            item
            for item in items
            if selection.date_from
            <= item.added_at.astimezone(
                load_village(item.village, workspace).calendar.timezone
            ).date()
            <= selection.date_to
        ]
    if not items:
        raise InputError(f"The archive holds none of {selection.words()}; nothing was exported.")
    villages = {item.village for item in items}
    if len(villages) > 1:
        raise InputError(
            f"{selection.words().capitalize()} belong to {len(villages)} villages; export one "
            "village's at a time, each with its own certificate."
        )
    return items, load_village(items[0].village, workspace)


def _row(item: ArchiveItem, entry_hash: str) -> dict[str, Any]:
    of = (
        item.document.number
        if item.document is not None
        else item.case.number
        if item.case
        else "record"
    )
    extension = EXTENSIONS.get(item.media_type, "bin")
    name = f"files/{item.id:06d}-{safe_stem(of)}-{item.kind}.{extension}"
    return {
        "item": item.id,
        "file": "" if item.disposed_at is not None else name,
        "kind": item.kind,
        "village": item.village,
        "case": item.case.number if item.case is not None else "",
        "document": item.document.number if item.document is not None else "",
        "media_type": item.media_type,
        "size": item.size,
        "sha256": item.sha256,
        "pdfa": "yes" if item.pdfa else "no",
        "made_from_item": item.derived_from_id or "",
        "original_name": item.original_name,
        "added_at": ledger.moment(item.added_at),
        "added_by": item.added_by,
        "signed_by": item.signed_by or "",
        "signed_on": item.signed_on.isoformat() if item.signed_on else "",
        "note": item.note or "",
        "ledger_entry": item.entry_seq,
        "ledger_hash": entry_hash,
        "disposed_at": ledger.moment(item.disposed_at) if item.disposed_at else "",
        "disposed_by": item.disposed_by or "",
        "disposal_authority": item.disposal_authority or "",
    }


def _manifest_csv(rows: list[dict[str, Any]]) -> bytes:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=MANIFEST_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        # A cell a spreadsheet would run as a formula is printed as text.
        writer.writerow({key: neutralised(str(value)) for key, value in row.items()})
    return text.getvalue().encode("utf-8")


def _head(session: Session) -> tuple[int, str]:
    last = session.execute(
        select(ArchiveEntry.seq, ArchiveEntry.hash).order_by(ArchiveEntry.seq.desc()).limit(1)
    ).first()
    return (0, ledger.GENESIS) if last is None else (last.seq, last.hash)


def _entries(
    session: Session, items: list[ArchiveItem], export: ArchiveEntry
) -> list[dict[str, Any]]:
    ids = [item.id for item in items]
    found = list(
        session.scalars(
            select(ArchiveEntry).where(ArchiveEntry.item_id.in_(ids)).order_by(ArchiveEntry.seq)
        )
    )
    # A disposal names its items in its record, not in item_id (it may name several).
    disposals = [
        entry
        for entry in session.scalars(
            select(ArchiveEntry).where(ArchiveEntry.event == "disposed").order_by(ArchiveEntry.seq)
        )
        if any(one.get("id") in ids for one in json.loads(entry.record)["details"]["items"])
    ]
    chosen = sorted(
        {entry.seq: entry for entry in [*found, *disposals]}.values(), key=lambda e: e.seq
    )
    return [
        {
            "seq": entry.seq,
            "previous_hash": entry.previous_hash,
            "hash": entry.hash,
            "record": entry.record,
        }
        for entry in [*chosen, export]
    ]


def _certificate(
    *,
    village: Any,
    selection: Selection,
    out: Path,
    rows: list[dict[str, Any]],
    manifest_sha256: str,
    head: tuple[int, str],
    entry: ArchiveEntry,
    by: str,
    now: datetime,
) -> bytes:
    from noticeclerk.generators.html import make_environment, render_html
    from noticeclerk.generators.pdf import letter_stylesheet, render_pdf, shared_font_configuration

    folder = content_dirs("templates")[-1] / "archive"
    kept = [row for row in rows if row["file"]]
    context = {
        "village": {"name": village.name, "specimen_mark": village.specimen_mark},
        "selection": selection.words(),
        "export_name": out.name,
        "made_at": now.astimezone(village.calendar.timezone),
        "made_by": by,
        "files": len(kept),
        "disposed": len(rows) - len(kept),
        "size": f"{sum(int(row['size']) for row in kept):,}",
        "kinds": sorted({row["kind"] for row in rows}),
        "manifest_sha256": manifest_sha256,
        "head_seq": head[0],
        "head": head[1],
        "entry_seq": entry.seq,
        "entry_hash": entry.hash,
    }
    html = render_html("archive/certificate.html.j2", context, environment=make_environment(None))
    return render_pdf(
        html,
        [folder],
        identifier=f"export-{entry.seq}",
        stylesheets=[letter_stylesheet(folder / "archive.css", shared_font_configuration())],
        font_config=shared_font_configuration(),
        specimen_mark=village.specimen_mark,
    )
