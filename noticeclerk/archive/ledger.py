"""Acts on the archive, turned into entries of a hash-chained ledger; the ledger, walked back
into what was changed, removed, reordered or cut off.

Each entry is canonical JSON (keys sorted, no spaces) whose SHA-256 is taken over the previous
entry's hash, a line break and the JSON itself, so changing any entry breaks every hash after
it, and the last entry's hash (the head) stands for the whole ledger: a clerk writes it in the
minutes, and `archive verify --head` later proves the ledger still holds what it held then.
Entries are numbered from the register's counter "archive-ledger" in the same transaction as
the act, so the count of entries ever written survives the removal of the last ones.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from noticeclerk.exceptions import NoticeclerkError
from noticeclerk.register.database import reading
from noticeclerk.register.models import ArchiveEntry, ArchiveItem, Counter
from noticeclerk.register.numbering import take_number

SERIES = "archive-ledger"
# The hash the first entry follows.
GENESIS = "0" * 64
# Entries read in one short transaction while walking the ledger.
BATCH = 500


class LedgerBroken(NoticeclerkError):
    """The ledger lacks an entry it wrote: nothing more is added until it is restored."""


def canonical(record: dict[str, Any]) -> str:
    """The one text of a record that is hashed: keys sorted, no spaces, UTF-8 as is."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chained_hash(previous: str, record: str) -> str:
    return hashlib.sha256(f"{previous}\n{record}".encode()).hexdigest()


def moment(at: datetime) -> str:
    """A moment as an entry records it: UTC, to the microsecond, with a Z."""
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def item_record(item: ArchiveItem) -> dict[str, Any]:
    """What an entry says of the item it concerns: enough to know the file and whose it is."""
    return {
        "id": item.id,
        "sha256": item.sha256,
        "size": item.size,
        "media_type": item.media_type,
        "kind": item.kind,
        "document": item.document.number if item.document is not None else None,
        "case": item.case.number if item.case is not None else None,
    }


def append(
    session: Session,
    *,
    event: str,
    at: datetime,
    by: str,
    village: str | None,
    item: ArchiveItem | None = None,
    details: dict[str, Any] | None = None,
) -> ArchiveEntry:
    """Write the next entry in the caller's transaction (the act and its entry commit together).

    Taking the counter's number locks its row, so two writers queue and each entry follows the
    one written before it."""
    seq = take_number(session, SERIES)
    previous = (
        GENESIS
        if seq == 1
        else session.scalar(select(ArchiveEntry.hash).where(ArchiveEntry.seq == seq - 1))
    )
    if previous is None:
        # The entry before this one is gone: writing on would hide it. verify names it.
        raise LedgerBroken(
            f"The archive's ledger has no entry {seq - 1}, which was written; run 'noticeclerk "
            "archive verify' and restore the register from its backup before adding to it."
        )
    if item is not None:
        session.flush()
    record = {
        "seq": seq,
        "at": moment(at),
        "event": event,
        "by": by,
        "village": village,
        "item": item_record(item) if item is not None else None,
        **({"details": details} if details else {}),
    }
    text = canonical(record)
    entry = ArchiveEntry(
        seq=seq,
        at=at,
        event=event,
        item_id=item.id if item is not None else None,
        record=text,
        previous_hash=previous,
        hash=chained_hash(previous, text),
    )
    session.add(entry)
    session.flush()
    return entry


@dataclass
class LedgerWalk:
    """The ledger walked from its first entry: how far it goes, its head, what is wrong."""

    entries: int = 0
    head_seq: int = 0
    head: str = GENESIS
    written: int = 0
    problems: list[str] = field(default_factory=list)
    hashes: set[str] = field(default_factory=set)


def walk(engine: Engine) -> LedgerWalk:
    """Every entry in order, each checked against the one before it and against its own hash;
    then the count of entries written, against the entries there are."""
    found = LedgerWalk()
    previous_hash = GENESIS
    expected = 1
    for entry in _entries(engine):
        found.entries += 1
        if entry.seq != expected:
            missing = (
                f"entry {expected}"
                if entry.seq == expected + 1
                else f"entries {expected} to {entry.seq - 1}"
            )
            found.problems.append(
                f"Ledger: {missing} {'is' if entry.seq == expected + 1 else 'are'} missing "
                f"(the ledger goes from entry {expected - 1} to entry {entry.seq})."
            )
        written_as = _written_seq(entry.record)
        if written_as is not None and written_as != entry.seq:
            found.problems.append(
                f"Ledger: entry {entry.seq} holds what was written as entry {written_as}: the "
                "ledger's entries were reordered."
            )
        elif chained_hash(entry.previous_hash, entry.record) != entry.hash:
            found.problems.append(
                f"Ledger: entry {entry.seq} was changed after it was written (its SHA-256 no "
                "longer matches its contents)."
            )
        elif entry.previous_hash != previous_hash and entry.seq == expected:
            found.problems.append(
                f"Ledger: entry {entry.seq} does not follow entry {entry.seq - 1} (it names "
                "another entry as the one before it): an entry before it was changed or "
                "replaced."
            )
        previous_hash = entry.hash
        expected = entry.seq + 1
        found.head_seq, found.head = entry.seq, entry.hash
        found.hashes.add(entry.hash)
    with reading(engine) as session:
        next_value = session.scalar(select(Counter.next_value).where(Counter.series == SERIES))
    found.written = (next_value or 1) - 1
    if found.written > found.head_seq:
        first = found.head_seq + 1
        which = (
            f"entry {first} is"
            if first == found.written
            else f"entries {first} to {found.written} are"
        )
        found.problems.append(
            f"Ledger: {which} missing from its end: {found.written} were written and the "
            f"ledger stops at entry {found.head_seq} (it was truncated)."
        )
    return found


def head(engine: Engine) -> tuple[int, str]:
    """The last entry's number and hash, as they stand (unchecked: see `walk`)."""
    with reading(engine) as session:
        last = session.execute(
            select(ArchiveEntry.seq, ArchiveEntry.hash).order_by(ArchiveEntry.seq.desc()).limit(1)
        ).first()
    return (0, GENESIS) if last is None else (last.seq, last.hash)


def entry_count(engine: Engine) -> int:
    with reading(engine) as session:
        return session.scalar(select(func.count()).select_from(ArchiveEntry)) or 0


def _entries(engine: Engine) -> Iterator[ArchiveEntry]:
    after = 0
    while True:
        with reading(engine) as session:
            batch = list(
                session.scalars(
                    select(ArchiveEntry)
                    .where(ArchiveEntry.seq > after)
                    .order_by(ArchiveEntry.seq)
                    .limit(BATCH)
                )
            )
        if not batch:
            return
        yield from batch
        after = batch[-1].seq


def _written_seq(record: str) -> int | None:
    try:
        value = json.loads(record).get("seq")
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, int) else None
