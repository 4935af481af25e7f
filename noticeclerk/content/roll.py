"""A village's assessment roll (CSV), turned into checked rows of parcels and their owners."""

from __future__ import annotations

import codecs
import csv
import difflib
import io
import re
from dataclasses import dataclass
from pathlib import Path

from noticeclerk.content.schema import unprintable
from noticeclerk.exceptions import InputError

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
# Checked while parsing, so an overlong cell is a bad row rather than a failed transaction;
# the register's columns are declared with these widths.
FIELD_WIDTHS = {
    "parcel_id": 60,
    "section_block_lot": 200,
    "property_address": 200,
    "tax_lots": 200,
    "owner_name": 300,
    "email": 300,
    "phone": 60,
}
# A line break in these would add lines to the envelope window behind the 5-line rule's back.
_ONE_LINE = ("owner_name", "mailing_address", "city")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ZIP = re.compile(r"[0-9]{5}(-[0-9]{4})?")  # \d would also take other scripts' digits


@dataclass(frozen=True)
class Parcel:
    """One parcel on the roll, with its owner of record as the roll states it."""

    parcel_id: str
    section_block_lot: str
    property_address: str
    owner_name: str
    mailing_lines: tuple[str, ...]
    email: str
    phone: str
    tax_lots: str
    resident: bool


@dataclass(frozen=True)
class RollRow(Parcel):
    """One checked row of a roll, with the CSV line it came from."""

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
        self.reason = reason or f"The roll {path} has {count_of(bad, 'bad row')}"
        listing = "".join(f"\n  line {line}: {text}" for line, text in self.problems)
        super().__init__(f"{self.reason}; {consequence}.{listing}")


def parse_roll(path: Path) -> list[RollRow]:
    """Read and check a whole roll; RollRejected lists every bad row and file-level problem."""
    path = Path(path)
    return parse_roll_bytes(read_roll_bytes(path), path)


def read_roll_bytes(path: Path) -> bytes:
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


def parse_roll_bytes(data: bytes, path: Path) -> list[RollRow]:
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
        f"the {LABELS[name]} contains {problem}, which a document cannot print faithfully"
        for name in ROLL_COLUMNS
        if (problem := unprintable(cell[name].replace("\n", "").replace("\r", "")))
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
        f"the {LABELS[name]} has {len(cell[name])} characters; the register keeps at most {width}"
        for name, width in FIELD_WIDTHS.items()
        if len(cell[name]) > width
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


def _unneutralised(cell: str) -> str:
    # Undoes the export's leading quote, so an exported roll imports back unchanged
    # ("'+1 555" is "+1 555").
    if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS):
        return cell[1:]
    return cell


def count_of(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _listed() -> str:
    return ", ".join(ROLL_COLUMNS)


@dataclass(frozen=True)
class Share:
    """One property's part of an obligation several properties share: its place among them."""

    position: int  # 1 for the first property of the case
    count: int
