"""A checked assessment roll, turned into the register's parcels and dated owners, and back."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from itertools import islice
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Row,
    String,
    bindparam,
    insert,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.orm import Session
from sqlalchemy.sql.expression import Executable

from noticeclerk.content.roll import (
    LABELS,
    ROLL_COLUMNS,
    Roll,
    RollRecord,
    count_of,
    load_roll,
    neutralised,
)
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.models import OwnerRecord, Parcel, RollImport

_CITY_LINE = re.compile(r"(.*) ([A-Za-z]{2}) ([0-9]{5}(?:-[0-9]{4})?)")
_PARCELS = Parcel.__table__
_OWNERS = OwnerRecord.__table__
# Parameter sets per executemany: big enough that the driver's loop dominates, small enough
# that a chunk's dictionaries stay a few MB.
CHUNK_ROWS = 5_000
# The stages import_roll tells its progress in: bytes of the file, then rows written.
READING = "Reading the roll"
WRITING = "Writing the register"


@dataclass(frozen=True)
class ImportReport:
    """What one import did: counts of rows, and every field it changed on the register."""

    village: str
    rows: int
    added: int
    changed: int
    unchanged: int
    # None for a preview: nothing was imported.
    import_id: int | None
    changes: list[dict[str, str]] = field(default_factory=list)

    def summary(self) -> str:
        """A few lines for the clerk: the counts, then each change."""
        if self.import_id is None:
            lines = [
                f"Previewed {count_of(self.rows, 'row')} of the {self.village} roll; nothing was "
                f"imported. It would add {self.added}, change {self.changed} and leave "
                f"{self.unchanged} unchanged."
            ]
        else:
            lines = [
                f"Imported {count_of(self.rows, 'row')} of the {self.village} roll "
                f"(import {self.import_id}): {self.added} added, {self.changed} changed, "
                f"{self.unchanged} unchanged."
            ]
        if self.changes:
            lines.append("Changes:")
            lines.extend(f"  {_describe(change)}" for change in self.changes)
        return "\n".join(lines)


def import_roll(
    engine: Engine,
    path: Path,
    village: str,
    *,
    imported_by: str,
    now: datetime,
    progress: Callable[[str, int, int], None] | None = None,
    preview: bool = False,
) -> ImportReport:
    """Bring the register's parcels and owners of a village up to a roll file, all or nothing.

    With `preview`, every check is made and every change found, then nothing is written (the
    transaction is rolled back): the report says what an import would do.

    The rows are compared with the register's parcels and current owners, read as plain rows
    in one query each, and written in chunks of CHUNK_ROWS statements' rows, so 200,000 parcels
    take seconds. `progress`, when given, is told (READING or WRITING, done, total) as it goes.
    """
    _require_aware(now, "now")
    if not village.strip():
        raise InputError("Name the village whose roll this is.")
    path = Path(path)
    # The clerk names the file, so it may be anywhere; it must still be a regular file of a
    # roll's size. Hashed and parsed in the same reading, so the sha256 is of what was imported.
    roll = load_roll(path, progress=None if progress is None else partial(progress, READING))
    try:
        return _import(engine, path, village, roll, imported_by, now, progress, preview)
    except _Previewed as previewed:
        return previewed.report


class _Previewed(Exception):
    """Raised inside the import's transaction to roll it back, carrying what it found."""

    def __init__(self, report: ImportReport) -> None:
        self.report = report


def _import(
    engine: Engine,
    path: Path,
    village: str,
    roll: Roll,
    imported_by: str,
    now: datetime,
    progress: Callable[[str, int, int], None] | None,
    preview: bool,
) -> ImportReport:
    rows = roll.records
    with transaction(engine) as session:
        latest = session.scalars(
            select(RollImport.imported_at)
            .where(RollImport.village == village)
            .order_by(RollImport.imported_at.desc())
            .limit(1)
        ).first()
        # Owner records are intervals [valid_from, valid_to); an earlier "now" would invert one.
        if latest is not None and now <= latest:
            raise InputError(
                f"The register already has an import of the {village} roll made at "
                f"{latest.isoformat(timespec='seconds')}, not before this one "
                f"({now.isoformat(timespec='seconds')}); check the computer's clock."
            )
        record = RollImport(
            village=village,
            filename=path.name,
            sha256=roll.sha256,
            imported_at=now,
            imported_by=imported_by,
            rows=len(rows),
            changes=[],
        )
        session.add(record)
        session.flush()
        # Core, not ORM objects: the rows the roll's parse checked cell by cell (the same
        # unprintable() the session's guard applies) go to the database as they are.
        connection = session.connection()
        parcels = {
            parcel.parcel_id: parcel
            for parcel in connection.execute(
                select(
                    _PARCELS.c.id,
                    _PARCELS.c.parcel_id,
                    _PARCELS.c.section_block_lot,
                    _PARCELS.c.property_address,
                    _PARCELS.c.tax_lots,
                    _PARCELS.c.resident,
                    _PARCELS.c.dwelling,
                ).where(_PARCELS.c.village == village)
            )
        }
        owners = _current_owner_rows(connection, village)
        # A roll without the dwelling column says nothing about dwellings: each parcel keeps
        # the dwelling an earlier roll recorded (a new parcel has none). A roll with the column
        # says it of every parcel, a blank cell included: blank records None, "not stated".
        says_dwelling = roll.has_dwelling_column
        changes: list[dict[str, str]] = []
        added = changed = unchanged = 0
        new_parcels: list[RollRecord] = []
        parcel_updates: list[dict[str, Any]] = []
        closed: list[dict[str, Any]] = []
        # In roll order, as the register has always numbered them; None: a parcel added now.
        new_owners: list[tuple[RollRecord, int | None]] = []
        for row in rows:
            parcel = parcels.get(row.parcel_id)
            if parcel is None:
                new_parcels.append(row)
                new_owners.append((row, None))
                added += 1
                continue
            # Most rows of a re-import change nothing: one tuple comparison says so.
            same = (
                (parcel.section_block_lot, parcel.property_address, parcel.tax_lots)
                == (row.section_block_lot, row.property_address, row.tax_lots)
                and bool(parcel.resident) == row.resident
                and (not says_dwelling or parcel.dwelling == row.dwelling)
            )
            found = [] if same else _parcel_changes(parcel, row, says_dwelling=says_dwelling)
            if found:
                parcel_updates.append(
                    {"pk": parcel.id, **_parcel_fields(row, says_dwelling=says_dwelling)}
                )
            owner = owners.get(parcel.id)
            same = (
                owner is not None
                and (owner.owner_name, owner.email, owner.phone)
                == (row.owner_name, row.email, row.phone)
                and _same_lines(owner.mailing_lines, row.mailing_lines)
            )
            owner_found = [] if same else _owner_changes(owner, row)
            if owner_found:
                if owner is not None:
                    closed.append({"pk": owner.id, "valid_to": now})
                new_owners.append((row, parcel.id))
            found += owner_found
            changes += [
                {"parcel_id": row.parcel_id, "field": name, "old": old, "new": new}
                for name, old, new in found
            ]
            if found:
                changed += 1
            else:
                unchanged += 1
        listed = {row.parcel_id for row in rows}
        changes += [
            {"parcel_id": parcel_id, "field": "present", "old": "yes", "new": "no"}
            for parcel_id in sorted(set(parcels) - listed)
        ]
        del listed, owners
        if preview:
            raise _Previewed(
                ImportReport(
                    village=village,
                    rows=len(rows),
                    added=added,
                    changed=changed,
                    unchanged=unchanged,
                    import_id=None,
                    changes=changes,
                )
            )
        written = _Written(
            progress, len(new_parcels) + len(parcel_updates) + len(closed) + len(new_owners)
        )
        written.execute(
            connection,
            insert(_PARCELS),
            (
                # A new parcel's dwelling is the roll's, None when the roll has no column.
                {
                    "village": village,
                    "parcel_id": row.parcel_id,
                    **_parcel_fields(row, says_dwelling=True),
                }
                for row in new_parcels
            ),
        )
        if new_parcels:
            new_ids = {row.parcel_id for row in new_parcels}
            keys = {
                parcel_id: pk
                for pk, parcel_id in connection.execute(
                    select(_PARCELS.c.id, _PARCELS.c.parcel_id).where(_PARCELS.c.village == village)
                )
                if parcel_id in new_ids
            }
            del new_ids
        else:
            keys = {}
        written.execute(
            connection,
            # The SET clause is the parameters' other keys, the columns of _parcel_fields.
            update(_PARCELS).where(_PARCELS.c.id == bindparam("pk")),
            parcel_updates,
        )
        written.execute(
            connection,
            update(_OWNERS).where(_OWNERS.c.id == bindparam("pk")),
            closed,
        )
        written.execute(
            connection,
            insert(_OWNERS),
            (
                {
                    "parcel_pk": keys[row.parcel_id] if pk is None else pk,
                    "owner_name": row.owner_name,
                    "mailing_lines": list(row.mailing_lines),
                    "email": row.email,
                    "phone": row.phone,
                    "valid_from": now,
                    "valid_to": None,
                    "roll_import_id": record.id,
                }
                for row, pk in new_owners
            ),
        )
        record.changes = changes
    return ImportReport(
        village=village,
        rows=len(rows),
        added=added,
        changed=changed,
        unchanged=unchanged,
        import_id=record.id,
        changes=changes,
    )


class _Written:
    """Statements run in chunks of CHUNK_ROWS parameter sets, the rows counted for progress."""

    def __init__(self, progress: Callable[[str, int, int], None] | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0

    def execute(
        self, connection: Connection, statement: Executable, parameters: Iterable[dict[str, Any]]
    ) -> None:
        iterator = iter(parameters)
        while chunk := list(islice(iterator, CHUNK_ROWS)):
            connection.execute(statement, chunk)
            self.done += len(chunk)
            if self.progress is not None:
                self.progress(WRITING, self.done, self.total)


def export_roll(engine: Engine, village: str) -> str:
    """The village's parcels and current owners as roll CSV, safe to open in a spreadsheet."""
    with reading(engine) as session:
        parcels = list(
            session.scalars(select(Parcel).where(Parcel.village == village).order_by(Parcel.id))
        )
        if not parcels:
            raise InputError(
                f"The register has no parcels for the village '{village}'; "
                "import its roll with 'noticeclerk roll import'."
            )
        owners = _current_owners(session, village)
    lines = [_csv_line(ROLL_COLUMNS)]
    for parcel in parcels:
        owner = owners.get(parcel.id)
        mailing = list(owner.mailing_lines) if owner else [""]
        city, state, zip_code = _split_city_line(mailing[-1])
        cells = [
            parcel.parcel_id,
            parcel.section_block_lot,
            parcel.property_address,
            owner.owner_name if owner else "",
            "|".join(mailing[:-1]),
            city,
            state,
            zip_code,
            owner.email if owner else "",
            owner.phone if owner else "",
            parcel.tax_lots,
            _yes_no(parcel.resident),
            _yes_no_blank(parcel.dwelling),
        ]
        lines.append(_csv_line([neutralised(cell) for cell in cells]))
    return "".join(lines)


def owner_of_record(session: Session, parcel: Parcel, when: datetime) -> OwnerRecord:
    """The parcel's owner of record at a moment: the record whose [valid_from, valid_to) has it.

    Before the parcel's first import the register knows no other owner than that import's:
    the first roll on file stands for the roll as it was until a later import changed it.
    """
    _require_aware(when, "when")
    record = session.scalars(
        select(OwnerRecord)
        .where(
            OwnerRecord.parcel_pk == parcel.id,
            OwnerRecord.valid_from <= when,
            or_(OwnerRecord.valid_to.is_(None), OwnerRecord.valid_to > when),
        )
        .order_by(OwnerRecord.valid_from.desc())
        .limit(1)
    ).first()
    if record is None:
        record = session.scalars(
            select(OwnerRecord)
            .where(OwnerRecord.parcel_pk == parcel.id, OwnerRecord.valid_from > when)
            .order_by(OwnerRecord.valid_from)
            .limit(1)
        ).first()
    if record is None:
        raise InputError(
            f"Parcel {parcel.parcel_id} of {parcel.village} had no owner of record at "
            f"{when.isoformat(timespec='minutes')}; no roll imported by then lists it."
        )
    return record


def _csv_line(cells: Sequence[str]) -> str:
    """One CSV row ending in "\n", every cell holding a CR or LF quoted."""
    out = io.StringIO()
    # csv quotes a cell only for the characters of its own line terminator, so with "\n" a bare
    # "\r" went out unquoted and ended the row early. The row ends in "\n", not "\r\n": a caller
    # writing the text in text mode on Windows adds the "\r".
    csv.writer(out, lineterminator="\r\n").writerow(cells)
    return out.getvalue().removesuffix("\r\n") + "\n"


def _split_city_line(line: str) -> tuple[str, str, str]:
    match = _CITY_LINE.fullmatch(line)
    return (match[1], match[2], match[3]) if match else (line, "", "")


def _current_owners(session: Session, village: str) -> dict[int, OwnerRecord]:
    records = session.scalars(
        select(OwnerRecord)
        .join(Parcel)
        .where(Parcel.village == village, OwnerRecord.valid_to.is_(None))
        .order_by(OwnerRecord.valid_from)
    )
    return {record.parcel_pk: record for record in records}  # the latest wins, should two be open


def _current_owner_rows(connection: Connection, village: str) -> dict[int, Row[Any]]:
    """The village's open owner records as plain rows, by parcel, the latest winning."""
    found = connection.execute(
        select(
            _OWNERS.c.id,
            _OWNERS.c.parcel_pk,
            _OWNERS.c.owner_name,
            # As SQLite's text: decoding 200,000 lists costs more than comparing the text.
            # (psycopg decodes JSON itself, whatever the type, so PostgreSQL gives lists.)
            type_coerce(_OWNERS.c.mailing_lines, String).label("mailing_lines"),
            _OWNERS.c.email,
            _OWNERS.c.phone,
        )
        .select_from(_OWNERS.join(_PARCELS, _OWNERS.c.parcel_pk == _PARCELS.c.id))
        .where(_PARCELS.c.village == village, _OWNERS.c.valid_to.is_(None))
        .order_by(_OWNERS.c.valid_from)
    )
    return {owner.parcel_pk: owner for owner in found}


def _parcel_fields(row: RollRecord, *, says_dwelling: bool) -> dict[str, Any]:
    """The parcel's columns a row sets; the dwelling only from a roll that has the column."""
    fields: dict[str, Any] = {
        "section_block_lot": row.section_block_lot,
        "property_address": row.property_address,
        "tax_lots": row.tax_lots,
        "resident": row.resident,
    }
    if says_dwelling:
        fields["dwelling"] = row.dwelling
    return fields


def _parcel_changes(
    parcel: Row[Any], row: RollRecord, *, says_dwelling: bool
) -> list[tuple[str, str, str]]:
    pairs = [
        ("section_block_lot", parcel.section_block_lot, row.section_block_lot),
        ("property_address", parcel.property_address, row.property_address),
        ("tax_lots", parcel.tax_lots, row.tax_lots),
        ("resident", _yes_no(parcel.resident), _yes_no(row.resident)),
    ]
    if says_dwelling:
        pairs.append(("dwelling", _yes_no_blank(parcel.dwelling), _yes_no_blank(row.dwelling)))
    return [(name, old, new) for name, old, new in pairs if old != new]


def _owner_changes(owner: Row[Any] | None, row: RollRecord) -> list[tuple[str, str, str]]:
    pairs: list[tuple[str, str | list[str], str | list[str]]] = [
        ("owner_name", owner.owner_name if owner else "", row.owner_name),
        (
            "mailing_lines",
            _stored_lines(owner.mailing_lines) if owner else [],
            list(row.mailing_lines),
        ),
        ("email", owner.email if owner else "", row.email),
        ("phone", owner.phone if owner else "", row.phone),
    ]
    return [(name, _text(old), _text(new)) for name, old, new in pairs if old != new]


def _same_lines(stored: str | list[str], lines: tuple[str, ...]) -> bool:
    """Whether stored mailing lines (JSON text, or a list) are these; text this program wrote
    is compared as it stands, any other spelling decoded first."""
    if isinstance(stored, str) and stored == json.dumps(list(lines)):
        return True
    return _stored_lines(stored) == list(lines)


def _stored_lines(stored: str | list[str]) -> list[str]:
    return json.loads(stored) if isinstance(stored, str) else list(stored)


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else " | ".join(value)


def _describe(change: dict[str, str]) -> str:
    if change["field"] == "present":
        return f"{change['parcel_id']}: not on this roll; it stays on the register as it was"
    # A blank dwelling is the roll not saying, which "(none)" would misread as no dwelling.
    blank = "(not stated)" if change["field"] == "dwelling" else "(none)"
    old, new = change["old"] or blank, change["new"] or blank
    label = LABELS.get(change["field"], change["field"])
    return f"{change['parcel_id']}: {label} was {old}, now {new}"


def _require_aware(moment: datetime, name: str) -> None:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be an aware date-time, with its time zone")


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _yes_no_blank(value: bool | None) -> str:
    """A dwelling as the roll writes it: blank where the register does not know."""
    return "" if value is None else _yes_no(value)
