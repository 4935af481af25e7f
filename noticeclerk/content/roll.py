"""A village's assessment roll (CSV), turned into checked rows of parcels and their owners."""

from __future__ import annotations

import codecs
import csv
import difflib
import hashlib
import io
import os
import re
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, NamedTuple, TextIO

from noticeclerk.content.schema import unprintable
from noticeclerk.exceptions import InputError, quoted_back

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
    "dwelling",
)
# Columns a roll may leave out. A roll without the dwelling column (every roll made before the
# register kept dwellings) still imports; it says nothing about any parcel's dwelling.
OPTIONAL_COLUMNS = ("dwelling",)
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
    "dwelling": "dwelling",
}
# OWASP "CSV injection": a spreadsheet runs a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Where the export puts its leading quote: at the start of the cell and of every line in it, before
# a formula start or before quotes that precede one (so a cell that starts "'=" comes back too).
_FORMULA_AT = re.compile(r"(?:^|(?<=[\r\n]))(?='*[=+\-@\t\r])")
_QUOTE_AT = re.compile(r"(?:^|(?<=[\r\n]))'(?='*[=+\-@\t\r])")
# Generous: a village roll of 50,000 parcels is about 10 MB; a file four times that is no roll.
MAX_ROLL_BYTES = 40 * 1024 * 1024
# A row of the widest cells the register keeps, with five mailing lines, is a few thousand
# characters; a longer line (a file of commas, a binary file) is refused before it is split.
MAX_LINE_CHARACTERS = 20_000
# A clerk fixes the first rows and runs the import again; the rest are counted, not listed.
LISTED_ROWS = 50
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
# A roll cell is one line of printed text: a line break would add lines to the envelope window
# behind the 5-line rule's back (mailing lines are separated by |), and a tab or a line break
# prints differently in the PDF and the Word copy. schema.unprintable() refuses the rest.
_BREAK_OR_TAB = re.compile(r"[\t\n\r]")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_ZIP = re.compile(r"[0-9]{5}(-[0-9]{4})?")  # \d would also take other scripts' digits
_STATE = re.compile(r"[A-Za-z]{2}")


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
    # Whether a dwelling stands on the parcel (Village A § 134-43B and D deliver and post "at
    # the dwelling on the property"); None: the roll does not say.
    dwelling: bool | None


@dataclass(frozen=True)
class RollRow(Parcel):
    """One checked row of a roll, with the CSV line it came from."""

    line: int


class RollRecord(NamedTuple):
    """One checked row as a plain tuple, RollRow's fields in RollRow's order: a roll of 200,000
    parcels is held as these while it is imported (a dataclass each costs time and memory)."""

    parcel_id: str
    section_block_lot: str
    property_address: str
    owner_name: str
    mailing_lines: tuple[str, ...]
    email: str
    phone: str
    tax_lots: str
    resident: bool
    dwelling: bool | None
    line: int


class RollRejected(InputError):
    """A roll refused whole: one sentence, then the problems found, each with its line.

    Past LISTED_ROWS bad rows the rest are counted rather than listed, so a file of garbage
    makes a message a clerk can read, not one the size of the file.
    """

    def __init__(
        self,
        path: Path,
        problems: list[tuple[int, str]],
        reason: str | None = None,
        *,
        consequence: str = "nothing was imported",
        bad_rows: int | None = None,
    ) -> None:
        self.path = path
        self.problems = sorted(problems, key=lambda problem: problem[0])
        listed = len({line for line, _ in problems})
        self.bad_rows = listed if bad_rows is None else bad_rows
        self.reason = reason or f"The roll {path} has {count_of(self.bad_rows, 'bad row')}"
        listing = "".join(f"\n  line {line}: {text}" for line, text in self.problems)
        if self.bad_rows > listed:
            listing += f"\n  and {self.bad_rows - listed:,} more rows like these"
        super().__init__(f"{self.reason}; {consequence}.{listing}")


class _Problems:
    """The problems of the first LISTED_ROWS bad lines, and a count of every bad line."""

    def __init__(self) -> None:
        self.listed: list[tuple[int, str]] = []
        self.bad_rows = 0
        self._last_line = 0

    def add(self, line: int, problem: str) -> None:
        if line != self._last_line:
            self.bad_rows += 1
            self._last_line = line
        if self.bad_rows <= LISTED_ROWS:
            self.listed.append((line, problem))

    def __bool__(self) -> bool:
        return self.bad_rows > 0

    def rejected(self, path: Path, reason: str | None = None) -> RollRejected:
        return RollRejected(path, self.listed, reason, bad_rows=self.bad_rows)


@dataclass(frozen=True)
class Roll:
    """A checked roll, the SHA-256 of the bytes it was read from, and its header's columns."""

    records: list[RollRecord]
    sha256: str
    # As the header names them, trimmed and in lower case, in the file's order.
    columns: tuple[str, ...]

    @property
    def has_dwelling_column(self) -> bool:
        """Whether the roll says anything about dwellings. Without the column every row's
        dwelling is None, as with a blank cell, but an import must not take that for the roll
        saying "not known" of each parcel: it leaves the register's dwellings as they are."""
        return "dwelling" in self.columns

    @property
    def rows(self) -> list[RollRow]:
        return [RollRow(*record) for record in self.records]


# How often, in lines, reading tells its progress.
PROGRESS_EVERY = 5_000


def parse_roll(path: Path, *, within: Sequence[Path] | None = None) -> list[RollRow]:
    """Read and check a whole roll; RollRejected lists its bad rows or its file-level problem."""
    return load_roll(path, within=within).rows


def load_roll(
    path: Path,
    *,
    within: Sequence[Path] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Roll:
    """Read a roll file row by row, in memory bounded by the parcels kept.

    The file must be a regular file (after following links) of at most MAX_ROLL_BYTES, and,
    when `within` names folders, inside one of them: a case file cannot point at /etc/shadow,
    /dev/zero or a pipe. No refusal quotes the file's content before it is known to be a roll.
    `progress`, when given, is told (bytes read, bytes in the file) as the rows are checked.
    """
    path = Path(path)
    with _opened(path, within) as raw:
        before = os.fstat(raw.fileno())
        sha256, encoding, bom = _survey(raw, path)
        raw.seek(bom)
        text = io.TextIOWrapper(raw, encoding=encoding, newline="")
        told = None
        if progress is not None:
            size = before.st_size

            def told() -> None:
                # The buffered reader's place, a read-ahead beyond the line: near enough.
                progress(min(raw.tell(), size), size)

        try:
            columns, rows = _parsed(_lines(text, path, told), path)
        except UnicodeDecodeError:
            columns, rows = (), None
        after = os.fstat(raw.fileno())
        if rows is None or (before.st_size, before.st_mtime_ns) != (
            after.st_size,
            after.st_mtime_ns,
        ):
            raise RollRejected(path, [], f"The roll {path} changed while it was read; try again")
    if progress is not None:
        progress(before.st_size, before.st_size)
    return Roll(records=rows, sha256=sha256, columns=columns)


def _opened(path: Path, within: Sequence[Path] | None) -> BinaryIO:
    try:
        real = path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        raise RollRejected(path, [], f"The roll {path} cannot be read (a loop of links)") from None
    # Checked before the file is looked for, so a case file cannot learn what exists elsewhere.
    if within is not None and not any(real.is_relative_to(Path(f).resolve()) for f in within):
        raise RollRejected(
            path,
            [],
            f"The roll {path} is outside the case file's folder and the workspace; "
            "keep the roll there",
        )
    try:
        # O_NONBLOCK: opening a named pipe would otherwise wait for a writer forever.
        handle = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise RollRejected(path, [], f"There is no roll file {path}") from None
    except OSError as error:
        raise RollRejected(path, [], f"The roll {path} cannot be read ({error.strerror})") from None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device, pipe or socket"
        raise RollRejected(path, [], f"The roll {path} is {kind}, not a CSV file")
    if info.st_size > MAX_ROLL_BYTES:
        os.close(handle)
        raise RollRejected(path, [], _too_big(path))
    return os.fdopen(handle, "rb")


def _too_big(path: Path) -> str:
    return (
        f"The roll {path} is larger than {MAX_ROLL_BYTES // 2**20} MB, more than any village's "
        "roll; check that it is the roll"
    )


def _survey(raw: BinaryIO, path: Path) -> tuple[str, str, int]:
    """The file's SHA-256, its encoding and the length of its BOM, read in chunks."""
    head = raw.read(4)
    if head.startswith(b"PK\x03\x04"):
        raise RollRejected(
            path, [], f"The roll {path} is an Excel workbook, not CSV; save it as 'CSV UTF-8'"
        )
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise RollRejected(
            path, [], f"The roll {path} is saved as UTF-16 ('Unicode Text'); save it as 'CSV UTF-8'"
        )
    digest = hashlib.sha256()
    decoder = codecs.getincrementaldecoder("utf-8")()
    utf8 = True
    size = 0
    chunk = head
    while chunk:
        size += len(chunk)
        if size > MAX_ROLL_BYTES:
            raise RollRejected(path, [], _too_big(path))
        if b"\x00" in chunk:
            raise RollRejected(path, [], f"The roll {path} is not a CSV text file")
        digest.update(chunk)
        if utf8:
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                utf8 = False
        chunk = raw.read(2**20)
    if utf8:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            utf8 = False
    # A BOM before Windows-1252 text happens when an editor adds one; it is not part of the data.
    bom = len(codecs.BOM_UTF8) if head.startswith(codecs.BOM_UTF8) else 0
    if not utf8:
        raw.seek(bom)
        _check_windows_1252(raw, path)
    return digest.hexdigest(), "utf-8" if utf8 else "cp1252", bom


def _check_windows_1252(raw: BinaryIO, path: Path) -> None:
    """Refuse a file that mixes UTF-8 and Windows-1252, or has a byte that is neither."""
    # Decoding a partly UTF-8 file as Windows-1252 would turn "Renée" into "RenÃ©" unseen.
    kinds = _Problems()
    mixed = False
    undecodable: tuple[int, str] | None = None
    for number, line in enumerate(raw, start=1):
        if line.isascii():
            continue
        utf8 = _is_utf8(line)
        mixed = mixed or utf8
        kinds.add(number, "UTF-8" if utf8 else "Windows-1252")
        if undecodable is None and not utf8:
            try:
                line.decode("cp1252")
            except UnicodeDecodeError as error:
                byte = f"0x{line[error.start]:02X}"
                undecodable = (number, f"the byte {byte} is no character in either encoding")
    if mixed:
        raise kinds.rejected(
            path,
            f"The roll {path} mixes UTF-8 and Windows-1252 text, which would garble accented "
            "names; save the whole file as 'CSV UTF-8'",
        )
    if undecodable is not None:
        raise RollRejected(
            path,
            [undecodable],
            f"The roll {path} is neither UTF-8 nor Windows-1252 text; save it as 'CSV UTF-8'",
        )


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _lines(text: TextIO, path: Path, told: Callable[[], None] | None = None) -> Iterator[str]:
    number = 0
    while line := text.readline(MAX_LINE_CHARACTERS + 1):
        number += 1
        if told is not None and number % PROGRESS_EVERY == 0:
            told()
        if len(line) > MAX_LINE_CHARACTERS and not line.endswith(("\n", "\r")):
            raise RollRejected(
                path,
                [],
                f"The roll {path} has a line {number} longer than {MAX_LINE_CHARACTERS:,} "
                "characters, which no roll row is; check that it is the roll",
            )
        yield line


def _parsed(lines: Iterator[str], path: Path) -> tuple[tuple[str, ...], list[RollRecord]]:
    """The header's column names and the checked rows."""
    records = _records(lines, path)
    first = next(records, None)
    if first is None:
        raise RollRejected(path, [], f"The roll {path} is empty")
    header_line, header = first
    names = [cell.strip().lower() for cell in header]
    header_problems = _header_problems(names)
    if header_problems:
        for _ in records:  # a file that is not even CSV says so first
            pass
        raise RollRejected(
            path,
            [(header_line, problem) for problem in header_problems],
            f"The roll {path} does not have the roll's columns in its header row",
        )
    problems = _Problems()
    rows: list[RollRecord] = []
    first_line: dict[str, int] = {}
    seen_any = False
    for line, cells in records:
        seen_any = True
        if len(cells) != len(names):
            problems.add(line, f"the row has {len(cells)} cells; the header has {len(names)}")
            continue
        # Most cells hold no quote, and only a quote can be the export's neutralising one.
        cell = dict(zip(names, (_unquoted(text.strip(" ")) for text in cells), strict=True))
        row, row_problems = _checked_row(cell, line)
        for problem in row_problems:
            problems.add(line, problem)
        parcel_id = cell["parcel_id"]
        if parcel_id in first_line:
            problems.add(
                line, f"parcel {quoted_back(parcel_id)} is also on line {first_line[parcel_id]}"
            )
        elif parcel_id:
            first_line[parcel_id] = line
        if row is not None and not problems:
            rows.append(row)  # once a row is bad nothing is imported; keep no more
    if not seen_any:
        raise RollRejected(path, [], f"The roll {path} has a header row but no parcels")
    if problems:
        raise problems.rejected(path)
    return tuple(names), rows


def _records(lines: Iterator[str], path: Path) -> Iterator[tuple[int, list[str]]]:
    """The CSV records that are not blank, each with the line it starts on."""
    # strict: a stray quote ('"b"c') is refused rather than silently dropped from the data.
    reader = csv.reader(lines, strict=True)
    last = 0
    try:
        for cells in reader:
            start, last = last + 1, reader.line_num
            if "".join(cells).strip():  # spreadsheets save trailing ",,,," rows
                yield start, cells
    except csv.Error as error:
        if "expected after" in str(error):
            problem = 'a quoted cell goes on after its closing quote; write a quote inside as ""'
        elif "unexpected end of data" in str(error) or "field larger" in str(error):
            problem = "a quoted cell that starts here is never closed"
        else:
            problem = str(error)
        raise RollRejected(
            path, [(last + 1, problem)], f"The roll {path} is not well-formed CSV"
        ) from None


def _header_problems(names: list[str]) -> list[str]:
    if len(names) == 1 and (";" in names[0] or "\t" in names[0]):
        return ["the columns are not separated by commas; save the file as CSV (comma delimited)"]
    if not set(names) & set(ROLL_COLUMNS):
        # Not a roll with a typo but some other file: its first line is not repeated back.
        return [
            f"none of its {count_of(len(names), 'cell')} names a roll column; "
            f"the columns are {_listed()}"
        ]
    problems = []
    seen: set[str] = set()
    for number, name in enumerate(names, start=1):
        if not name:
            problems.append(f"column {number} has no name; name it or delete the column")
        elif name in seen:
            problems.append(f"the column '{quoted_back(name)}' appears twice")
        elif name not in ROLL_COLUMNS:
            close = difflib.get_close_matches(name, ROLL_COLUMNS, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"the columns are {_listed()}"
            problems.append(f"'{quoted_back(name)}' is not a roll column; {hint}")
        seen.add(name)
    problems += [
        f"the column '{name}' is missing"
        for name in ROLL_COLUMNS
        if name not in seen and name not in OPTIONAL_COLUMNS
    ]
    return problems


def _checked_row(cell: dict[str, str], line: int) -> tuple[RollRecord | None, list[str]]:
    street = [part.strip(" ") for part in cell["mailing_address"].split("|")]
    street = [part for part in street if part]
    problems = [
        f"the {LABELS[name]} is empty"
        for name in ("parcel_id", "property_address", "owner_name", "mailing_address", "city")
        if not (street if name == "mailing_address" else cell[name])
    ]
    # One look at the whole row for a character no document prints; cell by cell only when it
    # finds one, to name the cell (a fault is in the row exactly when it is in one of its cells).
    whole = " ".join(cell.values())
    if _BREAK_OR_TAB.search(whole) or unprintable(whole):
        problems += [
            problem
            for name in ROLL_COLUMNS
            if name in cell and (problem := _unfit(name, cell[name]))
        ]
    city_line = " ".join(part for part in (cell["city"], cell["state"], cell["zip"]) if part)
    lines = (*street, city_line)
    if not _STATE.fullmatch(cell["state"]):
        problems.append(f"the state '{quoted_back(cell['state'])}' must be two letters, such as NY")
    if not _ZIP.fullmatch(cell["zip"]):
        problems.append(
            f"the last mailing line '{quoted_back(city_line)}' must end with a ZIP code "
            "(5 digits or ZIP+4), such as 'TUCKAHOE NY 10707'"
        )
    if len(lines) > MAX_MAILING_LINES:
        problems.append(
            f"the mailing address has {len(lines)} lines with the city line; "
            f"the envelope window takes at most {MAX_MAILING_LINES} under the name"
        )
    if cell["email"] and not _EMAIL.fullmatch(cell["email"]):
        problems.append(f"the email '{quoted_back(cell['email'])}' does not look like an address")
    resident = cell["resident"].lower()
    if resident not in YES + NO:
        problems.append(f"resident must be yes or no, not '{quoted_back(cell['resident'])}'")
    # Blank, or no column at all: the roll does not say whether a dwelling stands there.
    dwelling = cell.get("dwelling", "").lower()
    if dwelling and dwelling not in YES + NO:
        problems.append(f"dwelling must be yes, no or blank, not '{quoted_back(cell['dwelling'])}'")
    problems += [
        f"the {LABELS[name]} has {len(cell[name])} characters; the register keeps at most {width}"
        for name, width in FIELD_WIDTHS.items()
        if len(cell[name]) > width
    ]
    if problems:
        return None, problems
    row = RollRecord(
        cell["parcel_id"],
        cell["section_block_lot"],
        cell["property_address"],
        cell["owner_name"],
        lines,
        cell["email"],
        cell["phone"],
        cell["tax_lots"],
        resident in YES,
        (dwelling in YES) if dwelling else None,
        line,
    )
    return row, []


def _unfit(name: str, text: str) -> str | None:
    """What in a cell no document can print, with its place in the cell; None when all can."""
    if not (_BREAK_OR_TAB.search(text) or unprintable(text)):
        return None
    label = LABELS[name]
    for position, character in enumerate(text, start=1):
        if character in "\r\n":
            return (
                f"the {label} has a line break in it at position {position}; write it on one "
                "line (separate mailing address lines with |)"
            )
        if character == "\t":
            return f"the {label} has a tab at position {position}; write a space instead"
    # unprintable() names the character and its position in the cell itself.
    return f"the {label} contains {unprintable(text)}, which a document cannot print faithfully"


def neutralised(cell: str) -> str:
    """A cell a spreadsheet would run as a formula, made text with a leading quote at the start
    of the cell and of every line in it; unneutralised() takes the quotes off again."""
    return _FORMULA_AT.sub("'", cell)


def _unquoted(cell: str) -> str:
    return unneutralised(cell) if "'" in cell else cell


def unneutralised(cell: str) -> str:
    """Undoes neutralised(), so an exported roll imports back unchanged ("'+1 555" is "+1 555")."""
    return _QUOTE_AT.sub("", cell)


def count_of(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _listed() -> str:
    required = [name for name in ROLL_COLUMNS if name not in OPTIONAL_COLUMNS]
    return ", ".join(required) + "".join(f", and optionally {name}" for name in OPTIONAL_COLUMNS)


@dataclass(frozen=True)
class Share:
    """One property's part of an obligation several properties share: its place among them."""

    position: int  # 1 for the first property of the case
    count: int
