"""The archive's store and ledger, turned into a list of what was modified, deleted, reordered
or cut off, and the head hash that stands for the whole.

`verify_archive` walks the ledger (ledger.walk), then reads every item's file once: its
SHA-256 against the item's, the item against the ledger entry that added it, a PDF/A copy
against the PDF/A checks, and a PDF's signatures against the Village's trusted authorities.
Every issued document's and affidavit's frozen PDF and DOCX, kept in the same store, is checked
against its SHA-256 too, and counts as named. Files in the store that nothing names are
reported: an add or an issue interrupted before its commit leaves one (adding the same file
again adopts it; an issue's is unused), and so does a ledger cut short.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import selectinload

from noticeclerk.archive import ledger
from noticeclerk.archive.keeping import (
    archive_store,
    documents_without_copy,
    holds_but_untrusted,
)
from noticeclerk.archive.pdfa import pdfa_problems
from noticeclerk.archive.signing import check_signatures
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading
from noticeclerk.register.integrity import frozen_count
from noticeclerk.register.models import ArchiveEntry, ArchiveItem, Document, Proof
from noticeclerk.store.folder import StoreError

BATCH = 100


@dataclass
class ArchiveReport:
    """What `archive verify` found: the ledger's head, counts, problems (each one sentence)
    and notes that are not problems."""

    head_seq: int = 0
    head: str = ledger.GENESIS
    entries: int = 0
    items: int = 0
    signatures: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def item_count(engine: Engine) -> int:
    with reading(engine) as session:
        return session.scalar(select(func.count()).select_from(ArchiveItem)) or 0


def verify_archive(
    engine: Engine,
    workspace: Path | None,
    *,
    head: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> ArchiveReport:
    """Check the whole archive; `head` is a head hash recorded earlier (at least 12 hex
    digits of it) that must still be an entry of the ledger."""
    store, settings = archive_store(workspace)
    roots = [path.read_bytes() for path in settings.trust_roots]
    walked = ledger.walk(engine)
    report = ArchiveReport(head_seq=walked.head_seq, head=walked.head, entries=walked.entries)
    report.problems.extend(walked.problems)
    if head is not None:
        _check_head(head, walked, report)
    if (item_count(engine) or frozen_count(engine)) and not store.root.exists():
        # A share not mounted or a folder moved: one sentence, not every item "deleted".
        raise StoreError(
            f"The archive folder {store.root} is not there, so no archived file can be "
            "checked; mount or restore it (settings.toml [archive] folder names it)."
        )
    named: set[str] = set()
    untrusted = 0
    for item, entry_record in _items(engine):
        report.items += 1
        named.add(item.sha256)
        what = describe(item)
        _against_entry(item, entry_record, what, report)
        if item.disposed_at is not None:
            if store.state(item.sha256) != "missing":
                report.notes.append(
                    f"{what} was disposed of on {item.disposed_at:%Y-%m-%d}, but its file is "
                    f"still in the archive folder ({store.path_of(item.sha256)}): the disposal "
                    "was interrupted; remove that file."
                )
            if progress is not None:
                progress(1)
            continue
        data = store.contents(item.sha256)
        if data is None:
            report.problems.append(
                f"{what}: its file is missing from the archive folder (deleted)."
            )
        if data is not None and hashlib.sha256(data).hexdigest() != item.sha256:
            report.problems.append(
                f"{what}: its file was modified after it was added (its SHA-256 no longer matches)."
            )
        elif data is not None and item.media_type == "application/pdf":
            if item.pdfa:
                report.problems.extend(
                    f"{what}: its PDF/A-3b copy fails a check: {problem}"
                    for problem in pdfa_problems(data)
                )
            for check in check_signatures(data, roots):
                if not check.readable:
                    report.problems.append(f"{what}: {check.problem}.")
                    continue
                report.signatures += 1
                if check.problem is None:
                    continue
                if not roots and holds_but_untrusted(check):
                    untrusted += 1
                    continue
                whose = f"signature by {check.signer}" if check.signer else "a signature"
                report.problems.append(f"{what}: {whose}: {check.problem}")
        if progress is not None:
            progress(1)
    if untrusted:
        report.notes.append(
            f"{untrusted} signature{'' if untrusted == 1 else 's'} intact but not checked "
            "against a trusted authority: name the Village's in settings.toml [signing] trust."
        )
    uncopied = len(documents_without_copy(engine))
    if uncopied:
        report.notes.append(
            f"{uncopied} issued document{' has' if uncopied == 1 else 's have'} no PDF/A-3b copy "
            "in the archive yet: run 'noticeclerk archive copies'."
        )
    for kind, number, name, sha256 in frozen_hashes(engine):
        named.add(sha256)
        state = store.state(sha256)
        what = "Affidavit of service" if kind == "affidavit" else "Document"
        if state == "missing":
            report.problems.append(
                f"{what} {number}: its issued {name} is missing from the archive folder (deleted)."
            )
        elif state == "altered":
            report.problems.append(
                f"{what} {number}: its issued {name} was modified after it was issued (its "
                "SHA-256 no longer matches)."
            )
    for stray in sorted(set(store.hashes()) - named):
        report.problems.append(
            f"The file {stray[:12]}… in the archive folder is in no archive record: an add "
            "was interrupted (add the same file again to keep it), or an issue was interrupted "
            "before its document was numbered (the file is unused), or ledger entries and their "
            "records were removed."
        )
    return report


def frozen_hashes(engine: Engine) -> Iterator[tuple[str, str, str, str]]:
    """Every issued document's and affidavit's frozen files: (kind, number, "PDF" or "DOCX",
    SHA-256), a batch of records at a time."""
    for table, kind in ((Document, "document"), (Proof, "affidavit")):
        last = 0
        while True:
            query = (
                select(table.id, table.number, table.pdf_sha256, table.docx_sha256)
                .where(table.id > last)
                .order_by(table.id)
                .limit(BATCH)
            )
            with reading(engine) as session:
                rows = session.execute(query).all()
            if not rows:
                break
            for row_id, number, pdf_sha256, docx_sha256 in rows:
                yield kind, number, "PDF", pdf_sha256
                yield kind, number, "DOCX", docx_sha256
                last = row_id


def describe(item: ArchiveItem) -> str:
    """'Archive item 7 (green-card of VA-D-2026-00012)'."""
    of = (
        item.document.number
        if item.document is not None
        else f"case {item.case.number}"
        if item.case is not None
        else "no document"
    )
    return f"Archive item {item.id} ({item.kind} of {of})"


def _check_head(given: str, walked: ledger.LedgerWalk, report: ArchiveReport) -> None:
    wanted = given.strip().lower()
    if len(wanted) < 12 or any(digit not in "0123456789abcdef" for digit in wanted):
        raise InputError(
            f"--head {given!r} is not a head hash: give the 64 hexadecimal digits printed by "
            "'noticeclerk archive verify' (at least the first 12)."
        )
    if not any(recorded.startswith(wanted) for recorded in walked.hashes):
        report.problems.append(
            f"The head recorded earlier, {wanted[:16]}…, is no entry of this ledger: the "
            "ledger was rewritten or cut short since it was recorded."
        )


def _against_entry(item: ArchiveItem, record: str | None, what: str, report: ArchiveReport) -> None:
    if record is None:
        report.problems.append(
            f"{what}: the ledger entry {item.entry_seq} that recorded its adding is missing."
        )
        return
    try:
        entry = json.loads(record)
        written = entry.get("item") or {}
    except (ValueError, AttributeError):
        return  # the ledger walk names the damaged entry
    # Every column the entry recorded is compared: a green card moved to another case, or
    # backdated so that its period runs sooner, is a changed record as much as a new hash.
    now = {
        **{
            f"the {key.replace('_', ' ')}": value for key, value in ledger.item_record(item).items()
        },
        "the village": item.village,
        "the day it was added": ledger.moment(item.added_at),
    }
    then = {
        **{f"the {key.replace('_', ' ')}": value for key, value in written.items()},
        "the village": entry.get("village"),
        "the day it was added": entry.get("at"),
    }
    if entry.get("event") == "added":
        details = entry.get("details") or {}
        signed_on = item.signed_on.isoformat() if item.signed_on is not None else None
        now |= {"who signed it": item.signed_by, "the day signed": signed_on, "note": item.note}
        then |= {
            "who signed it": details.get("signed_by"),
            "the day signed": details.get("signed_on"),
            "note": details.get("note"),
        }
    changed = [label for label, value in then.items() if label in now and now[label] != value]
    if changed:
        report.problems.append(
            f"{what}: its record no longer agrees with ledger entry {item.entry_seq} (which "
            f"added {written.get('kind')} {str(written.get('sha256'))[:12]}…): "
            f"{' and '.join(changed)} {'was' if len(changed) == 1 else 'were'} changed in the "
            "record."
        )


def _items(engine: Engine) -> Iterator[tuple[ArchiveItem, str | None]]:
    after = 0
    while True:
        with reading(engine) as session:
            batch = list(
                session.scalars(
                    select(ArchiveItem)
                    .where(ArchiveItem.id > after)
                    .options(selectinload(ArchiveItem.document), selectinload(ArchiveItem.case))
                    .order_by(ArchiveItem.id)
                    .limit(BATCH)
                )
            )
            records = dict(
                session.execute(
                    select(ArchiveEntry.seq, ArchiveEntry.record).where(
                        ArchiveEntry.seq.in_([item.entry_seq for item in batch])
                    )
                ).all()
            )
        if not batch:
            return
        for item in batch:
            yield item, records.get(item.entry_seq)
        after = batch[-1].id
