"""A village's assessment roll (CSV) turned into checked parcels and dated owners, and back."""

from __future__ import annotations

import codecs
import csv
import difflib
import hashlib
import io
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Engine, or_, select
from sqlalchemy.orm import Session

from noticeclerk.exceptions import InputError
from noticeclerk.register.database import transaction
from noticeclerk.register.models import OwnerRecord, Parcel, RollImport

ROLL_COLUMNS = (
    "parcel_id",
    "section_block_lot",
    "property_address",
    "owner_name",
    "mailing_address",
    "city",
    "state",
    "zip",
    "email",
    "phone",
    "tax_lots",
    "resident",
)
LABELS = {
    "parcel_id": "parcel id",
    "section_block_lot": "section-block-lot",
    "property_address": "property address",
    "owner_name": "owner name",
    "mailing_address": "mailing address",
    "mailing_lines": "mailing address",
    "city": "city",
    "state": "state",
    "zip": "ZIP code",
    "email": "email",
    "phone": "phone",
    "tax_lots": "tax lots",
    "resident": "resident",
}
# OWASP "CSV injection": a spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# USPS Publication 28: six lines fit the envelope window, the owner's name and five more.
MAX_MAILING_LINES = 5
YES = ("yes", "true", "1")
NO = ("no", "false", "0")
# Checked while parsing, so an overlong cell is a bad row rather than a failed transaction.
_WIDTHS: dict[str, Column[Any]] = {
    "parcel_id": Parcel.__table__.c.parcel_id,
    "section_block_lot": Parcel.__table__.c.section_block_lot,
    "property_address": Parcel.__table__.c.property_address,
    "tax_lots": Parcel.__table__.c.tax_lots,
    "owner_name": OwnerRecord.__table__.c.owner_name,
    "email": OwnerRecord.__table__.c.email,
    "phone": OwnerRecord.__table__.c.phone,
}
# A line break in these would add lines to the envelope window behind the 5-line rule's back.
_ONE_LINE = ("owner_name", "mailing_address", "city")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ZIP = re.compile(r"[0-9]{5}(-[0-9]{4})?")  # \d would also take other scripts' digits
_CITY_LINE = re.compile(r"(.*) ([A-Za-z]{2}) ([0-9]{5}(?:-[0-9]{4})?)")


@dataclass(frozen=True)
class RollRow:
    """One checked row of a roll, with the CSV line it came from."""

    parcel_id: str
    section_block_lot: str
    property_address: str
    owner_name: str
    mailing_lines: tuple[str, ...]
    email: str
    phone: str
    tax_lots: str
    resident: bool
    line: int


class RollRejected(InputError):
    """A roll refused whole: one sentence, then every problem found, each with its line."""

    def __init__(
        self,
        path: Path,
        problems: list[tuple[int, str]],
        reason: str | None = None,
        *,
        consequence: str = "nothing was imported",
    ) -> None:
        self.path = path
        self.problems = sorted(problems, key=lambda problem: problem[0])
        bad = len({line for line, _ in problems})
        self.reason = reason or f"The roll {path} has {_count(bad, 'bad row')}"
        listing = "".join(f"\n  line {line}: {text}" for line, text in self.problems)
        super().__init__(f"{self.reason}; {consequence}.{listing}")


@dataclass(frozen=True)
class ImportReport:
    """What one import did: counts of rows, and every field it changed on the register."""

    village: str
    rows: int
    added: int
    changed: int
    unchanged: int
    import_id: int
    changes: list[dict[str, str]] = field(default_factory=list)

    def summary(self) -> str:
        """A few lines for the clerk: the counts, then each change."""
        lines = [
            f"Imported {_count(self.rows, 'row')} of the {self.village} roll "
            f"(import {self.import_id}): {self.added} added, {self.changed} changed, "
            f"{self.unchanged} unchanged."
        ]
        if self.changes:
            lines.append("Changes:")
            lines.extend(f"  {_describe(change)}" for change in self.changes)
        return "\n".join(lines)


def parse_roll(path: Path) -> list[RollRow]:
    """Read and check a whole roll; RollRejected lists every bad row and file-level problem."""
    path = Path(path)
    return _parse(_read_bytes(path), path)


def import_roll(
    engine: Engine, path: Path, village: str, *, imported_by: str, now: datetime
) -> ImportReport:
    """Bring the register's parcels and owners of a village up to a roll file, all or nothing."""
    _require_aware(now, "now")
    if not village.strip():
        raise InputError("Name the village whose roll this is.")
    path = Path(path)
    data = _read_bytes(path)  # hashed and parsed from the same bytes, so the sha256 is of them
    rows = _parse(data, path)
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
            sha256=hashlib.sha256(data).hexdigest(),
            imported_at=now,
            imported_by=imported_by,
            rows=len(rows),
            changes=[],
        )
        session.add(record)
        session.flush()
        parcels = {
            parcel.parcel_id: parcel
            for parcel in session.scalars(select(Parcel).where(Parcel.village == village))
        }
        owners = _current_owners(session, village)
        changes: list[dict[str, str]] = []
        added = changed = unchanged = 0
        for row in rows:
            parcel = parcels.get(row.parcel_id)
            if parcel is None:
                parcel = Parcel(village=village, parcel_id=row.parcel_id)
                _set_parcel_fields(parcel, row)
                session.add(parcel)
                session.add(_owner_record(row, parcel, record, now))
                added += 1
                continue
            found = _parcel_changes(parcel, row)
            _set_parcel_fields(parcel, row)
            owner = owners.get(parcel.id)
            owner_found = _owner_changes(owner, row)
            if owner_found:
                if owner is not None:
                    owner.valid_to = now
                session.add(_owner_record(row, parcel, record, now))
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


def export_roll(engine: Engine, village: str) -> str:
    """The village's parcels and current owners as roll CSV, safe to open in a spreadsheet."""
    with transaction(engine) as session:
        parcels = list(
            session.scalars(select(Parcel).where(Parcel.village == village).order_by(Parcel.id))
        )
        if not parcels:
            raise InputError(
                f"The register has no parcels for the village '{village}'; "
                "import its roll with 'noticeclerk roll import'."
            )
        owners = _current_owners(session, village)
    out = io.StringIO()
    # "\n", not csv's "\r\n": a caller writing the text in text mode on Windows adds the "\r".
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ROLL_COLUMNS)
    for parcel in parcels:
        owner = owners.get(parcel.id)
        lines = list(owner.mailing_lines) if owner else [""]
        city, state, zip_code = _split_city_line(lines[-1])
        cells = [
            parcel.parcel_id,
            parcel.section_block_lot,
            parcel.property_address,
            owner.owner_name if owner else "",
            "|".join(lines[:-1]),
            city,
            state,
            zip_code,
            owner.email if owner else "",
            owner.phone if owner else "",
            parcel.tax_lots,
            _yes_no(parcel.resident),
        ]
        writer.writerow([_neutralised(cell) for cell in cells])
    return out.getvalue()


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


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise RollRejected(path, [], f"There is no roll file {path}") from None
    except OSError as error:
        raise RollRejected(path, [], f"The roll {path} cannot be read ({error.strerror})") from None


def _decode(data: bytes, path: Path) -> str:
    """UTF-8 (a BOM or none), else Windows-1252; a file mixing the two is refused, not garbled."""
    if data.startswith(b"PK\x03\x04"):
        raise RollRejected(
            path, [], f"The roll {path} is an Excel workbook, not CSV; save it as 'CSV UTF-8'"
        )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise RollRejected(
            path, [], f"The roll {path} is saved as UTF-16 ('Unicode Text'); save it as 'CSV UTF-8'"
        )
    if b"\x00" in data:
        raise RollRejected(path, [], f"The roll {path} is not a CSV text file")
    # A BOM before Windows-1252 text happens when an editor adds one; it is not part of the data.
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        pass
    # Decoding a partly UTF-8 file as Windows-1252 would turn "Renée" into "RenÃ©" unseen.
    raw_lines = body.split(b"\n")
    if any(not raw.isascii() and _is_utf8(raw) for raw in raw_lines):
        raise RollRejected(
            path,
            [
                (n, "UTF-8" if _is_utf8(raw) else "Windows-1252")
                for n, raw in enumerate(raw_lines, start=1)
                if not raw.isascii()
            ],
            f"The roll {path} mixes UTF-8 and Windows-1252 text, which would garble accented "
            "names; save the whole file as 'CSV UTF-8'",
        )
    try:
        return body.decode("cp1252")
    except UnicodeDecodeError as error:
        line = body[: error.start].count(b"\n") + 1
        raise RollRejected(
            path,
            [(line, f"the byte 0x{body[error.start]:02X} is no character in either encoding")],
            f"The roll {path} is neither UTF-8 nor Windows-1252 text; save it as 'CSV UTF-8'",
        ) from None


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _parse(data: bytes, path: Path) -> list[RollRow]:
    records = _records(_decode(data, path), path)
    if not records:
        raise RollRejected(path, [], f"The roll {path} is empty")
    header_line, header = records[0]
    names = [cell.strip().lower() for cell in header]
    header_problems = _header_problems(names)
    if header_problems:
        raise RollRejected(
            path,
            [(header_line, problem) for problem in header_problems],
            f"The roll {path} does not have the roll's columns in its header row",
        )
    if len(records) == 1:
        raise RollRejected(path, [], f"The roll {path} has a header row but no parcels")
    problems: list[tuple[int, str]] = []
    rows: list[RollRow] = []
    first_line: dict[str, int] = {}
    for line, cells in records[1:]:
        if len(cells) != len(names):
            problems.append((line, f"the row has {len(cells)} cells; the header has {len(names)}"))
            continue
        cell = {name: _unneutralised(cells[i].strip(" ")) for i, name in enumerate(names)}
        row, row_problems = _checked_row(cell, line)
        problems += [(line, problem) for problem in row_problems]
        parcel_id = cell["parcel_id"]
        if parcel_id in first_line:
            problems.append((line, f"parcel {parcel_id} is also on line {first_line[parcel_id]}"))
        elif parcel_id:
            first_line[parcel_id] = line
        if row is not None:
            rows.append(row)
    if problems:
        raise RollRejected(path, problems)
    return rows


def _records(text: str, path: Path) -> list[tuple[int, list[str]]]:
    """The CSV records that are not blank, each with the line it starts on."""
    # strict: a stray quote ('"b"c') is refused rather than silently dropped from the data.
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, list[str]]] = []
    last = 0
    try:
        for cells in reader:
            start, last = last + 1, reader.line_num
            if any(cell.strip() for cell in cells):  # spreadsheets save trailing ",,,," rows
                records.append((start, cells))
    except csv.Error as error:
        if "expected after" in str(error):
            problem = 'a quoted cell goes on after its closing quote; write a quote inside as ""'
        elif "unexpected end of data" in str(error):
            problem = "a quoted cell that starts here is never closed"
        else:
            problem = str(error)
        raise RollRejected(
            path, [(last + 1, problem)], f"The roll {path} is not well-formed CSV"
        ) from None
    return records


def _header_problems(names: list[str]) -> list[str]:
    if len(names) == 1 and (";" in names[0] or "\t" in names[0]):
        return ["the columns are not separated by commas; save the file as CSV (comma delimited)"]
    problems = []
    seen: set[str] = set()
    for number, name in enumerate(names, start=1):
        if not name:
            problems.append(f"column {number} has no name; name it or delete the column")
        elif name in seen:
            problems.append(f"the column '{name}' appears twice")
        elif name not in ROLL_COLUMNS:
            close = difflib.get_close_matches(name, ROLL_COLUMNS, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"the columns are {_listed()}"
            problems.append(f"'{name}' is not a roll column; {hint}")
        seen.add(name)
    problems += [f"the column '{name}' is missing" for name in ROLL_COLUMNS if name not in seen]
    return problems


def _checked_row(cell: dict[str, str], line: int) -> tuple[RollRow | None, list[str]]:
    street = [part.strip(" ") for part in cell["mailing_address"].split("|")]
    street = [part for part in street if part]
    problems = [
        f"the {LABELS[name]} is empty"
        for name in ("parcel_id", "property_address", "owner_name", "mailing_address", "city")
        if not (street if name == "mailing_address" else cell[name])
    ]
    problems += [
        f"the {LABELS[name]} has a line break in it; write it on one line "
        "(separate mailing address lines with |)"
        for name in _ONE_LINE
        if cell[name].splitlines() not in ([], [cell[name]])
    ]
    city_line = " ".join(part for part in (cell["city"], cell["state"], cell["zip"]) if part)
    lines = (*street, city_line)
    if not re.fullmatch(r"[A-Za-z]{2}", cell["state"]):
        problems.append(f"the state '{cell['state']}' must be two letters, such as NY")
    if not _ZIP.fullmatch(cell["zip"]):
        problems.append(
            f"the last mailing line '{city_line}' must end with a ZIP code "
            "(5 digits or ZIP+4), such as 'TUCKAHOE NY 10707'"
        )
    if len(lines) > MAX_MAILING_LINES:
        problems.append(
            f"the mailing address has {len(lines)} lines with the city line; "
            f"the envelope window takes at most {MAX_MAILING_LINES} under the name"
        )
    if cell["email"] and not _EMAIL.fullmatch(cell["email"]):
        problems.append(f"the email '{cell['email']}' does not look like an address")
    resident = cell["resident"].lower()
    if resident not in YES + NO:
        problems.append(f"resident must be yes or no, not '{cell['resident']}'")
    problems += [
        f"the {LABELS[name]} has {len(cell[name])} characters; "
        f"the register keeps at most {column.type.length}"
        for name, column in _WIDTHS.items()
        if len(cell[name]) > column.type.length
    ]
    if problems:
        return None, problems
    row = RollRow(
        parcel_id=cell["parcel_id"],
        section_block_lot=cell["section_block_lot"],
        property_address=cell["property_address"],
        owner_name=cell["owner_name"],
        mailing_lines=lines,
        email=cell["email"],
        phone=cell["phone"],
        tax_lots=cell["tax_lots"],
        resident=resident in YES,
        line=line,
    )
    return row, []


def _neutralised(cell: str) -> str:
    """A cell a spreadsheet would run as a formula, made text with a leading quote."""
    return f"'{cell}" if cell.startswith(FORMULA_STARTS) else cell


def _unneutralised(cell: str) -> str:
    # Reverses _neutralised, so an exported roll imports back unchanged ("'+1 555" is "+1 555").
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


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


def _set_parcel_fields(parcel: Parcel, row: RollRow) -> None:
    parcel.section_block_lot = row.section_block_lot
    parcel.property_address = row.property_address
    parcel.tax_lots = row.tax_lots
    parcel.resident = row.resident


def _parcel_changes(parcel: Parcel, row: RollRow) -> list[tuple[str, str, str]]:
    pairs = [
        ("section_block_lot", parcel.section_block_lot, row.section_block_lot),
        ("property_address", parcel.property_address, row.property_address),
        ("tax_lots", parcel.tax_lots, row.tax_lots),
        ("resident", _yes_no(parcel.resident), _yes_no(row.resident)),
    ]
    return [(name, old, new) for name, old, new in pairs if old != new]


def _owner_changes(owner: OwnerRecord | None, row: RollRow) -> list[tuple[str, str, str]]:
    pairs: list[tuple[str, str | list[str], str | list[str]]] = [
        ("owner_name", owner.owner_name if owner else "", row.owner_name),
        ("mailing_lines", list(owner.mailing_lines) if owner else [], list(row.mailing_lines)),
        ("email", owner.email if owner else "", row.email),
        ("phone", owner.phone if owner else "", row.phone),
    ]
    return [(name, _text(old), _text(new)) for name, old, new in pairs if old != new]


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else " | ".join(value)


def _owner_record(row: RollRow, parcel: Parcel, record: RollImport, now: datetime) -> OwnerRecord:
    return OwnerRecord(
        parcel=parcel,
        owner_name=row.owner_name,
        mailing_lines=list(row.mailing_lines),
        email=row.email,
        phone=row.phone,
        valid_from=now,
        valid_to=None,
        roll_import_id=record.id,
    )


def _describe(change: dict[str, str]) -> str:
    if change["field"] == "present":
        return f"{change['parcel_id']}: not on this roll; it stays on the register as it was"
    old, new = change["old"] or "(none)", change["new"] or "(none)"
    label = LABELS.get(change["field"], change["field"])
    return f"{change['parcel_id']}: {label} was {old}, now {new}"


def _require_aware(moment: datetime, name: str) -> None:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be an aware date-time, with its time zone")


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _listed() -> str:
    return ", ".join(ROLL_COLUMNS)
