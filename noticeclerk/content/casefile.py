"""A case file (TOML) and the village's assessment roll, turned into checked case facts.

The case file names the village, the notice type, the case and document numbers, the date,
the parcels (by their id on the roll), the events the deadline counts from and the facts the
notice type asks for. The owner of record and the mailing address come from the roll, so a
document always goes to the owner the roll shows; a case may name another recipient
(an occupant, a contractor, an applicant) in a [recipient] table.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any
from zoneinfo import ZoneInfo

import msgspec

from noticeclerk.clock import check_on_the_calendar, placed_in
from noticeclerk.content.notice_types import FACT_TYPES, NoticeType
from noticeclerk.content.roll import Parcel, RollRejected, Share, parse_roll
from noticeclerk.content.schema import (
    Table,
    Text,
    decode,
    read_toml,
    refuse_control,
    unprintable_entry,
)
from noticeclerk.exceptions import CaseFileError, InputError
from noticeclerk.rules.money import MAX_AMOUNT, parse_amount, spell_amount

# A number fact (a measure, a count, a rate), as TOML gives it or as typed: ASCII digits, a
# sign and a decimal part, no exponent; long enough for any measure, short enough for Decimal.
# The largest whole-number fact: nine digits.
MAX_INTEGER = 999_999_999
_NUMBER = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)", re.ASCII)
_NUMBER_DIGITS = 24

Day = date


class RecipientTable(Table):
    name: Text
    address_lines: Annotated[
        list[Text], msgspec.Meta(min_length=1, description="a list of address lines in quotes")
    ]


class CaseFileTable(Table):
    """The shape of a case file; its facts and events are checked against the notice type."""

    village: Text
    notice: Text
    case: Text
    document: Annotated[
        str, msgspec.Meta(pattern=r"\S", description="the document number printed on every page")
    ]
    # Annotated through the alias: inside this class, "date" names the field.
    date: Annotated[
        Day | None, msgspec.Meta(description="the document's date, written YYYY-MM-DD")
    ] = None
    roll: Text | None = None
    parcels: Annotated[
        list[str | int],
        msgspec.Meta(min_length=1, description='a list of parcel ids on the roll, such as ["037"]'),
    ] = msgspec.field(default_factory=list)
    events: dict[str, Any] = msgspec.field(default_factory=dict)
    facts: dict[str, Any] = msgspec.field(default_factory=dict)
    recipient: RecipientTable | None = None


@dataclass(frozen=True)
class Recipient:
    """Whom a document is addressed to, with the address lines for the envelope window."""

    name: str
    address_lines: tuple[str, ...]


@dataclass(frozen=True)
class CaseFile:
    """Everything one document needs from the case, checked."""

    path: Path
    village: str
    notice: str
    case_number: str
    document_number: str
    date: date
    parcels: tuple[Parcel, ...]
    recipient: Recipient
    events: dict[str, date | datetime]
    facts: dict[str, Any]
    raw_facts: dict[str, Any]
    # Set when this document bills one property its share of a cost several share.
    share: Share | None = None


def read_case_header(path: Path) -> CaseFileTable:
    """Read a case file and check its shape; its facts wait for the notice type it names."""
    if not Path(path).is_file():
        raise InputError(f"There is no case file {path}.")
    data = read_toml(path, CaseFileError)
    # Every text of the file, whatever key it sits under, before any of it is used: a case or
    # document number is printed on every page and no later check reads it for this.
    if found := unprintable_entry(data):
        key, problem = found
        raise CaseFileError(
            path,
            key or None,
            f"contains {problem}, which a document cannot print faithfully; retype it without one",
        )
    header = decode(path, data, CaseFileTable, mistake=CaseFileError)
    for key in ("case", "document"):
        refuse_control(getattr(header, key), f"{path}: the {key} number ('{key}')", one_line=True)
    return header


def load_case(
    path: Path,
    data: CaseFileTable,
    notice: NoticeType,
    zone: ZoneInfo,
    workspace: Path | None = None,
) -> CaseFile:
    """Check a case file against what its notice type needs."""
    path = Path(path)
    if data.date is None:
        raise CaseFileError(path, "date", "is missing; give the document's date, YYYY-MM-DD")
    parcels = _parcels(path, data, workspace)
    recipient = _recipient(path, data, notice, parcels)
    events = checked_events(check_events(path, data.events, zone), [notice], f"{path}: ")
    facts, raw = check_facts(path, data.facts, notice, zone)
    # A case file has no today to measure a window from (the demo casebook renders in any
    # year), so its dates are held to the calendar's bounds, where every period can be counted.
    check_on_the_calendar(data.date, f"{path}: the document's date")
    for name, when in [*events.items(), *facts.items()]:
        if isinstance(when, date):
            check_on_the_calendar(when, f"{path}: '{name}'")
    return CaseFile(
        path=path,
        village=data.village,
        notice=data.notice,
        case_number=data.case.strip(),
        document_number=data.document.strip(),
        date=data.date,
        parcels=parcels,
        recipient=recipient,
        events=events,
        facts=facts,
        raw_facts=raw,
    )


def read_roll(path: Path, within: Sequence[Path] | None = None) -> dict[str, Parcel]:
    """A village's assessment roll (CSV), by parcel id kept as text ("037" stays "037"); with
    `within`, the roll must lie inside one of those folders."""
    try:
        rows = parse_roll(path, within=within)
    except RollRejected as error:
        raise RollRejected(
            error.path,
            error.problems,
            error.reason,
            consequence="no document was made",
            bad_rows=error.bad_rows,
        ) from None
    return {row.parcel_id: row for row in rows}


def _parcels(path: Path, data: CaseFileTable, workspace: Path | None) -> tuple[Parcel, ...]:
    roll_name, ids = data.roll, data.parcels
    if roll_name is None or not ids:
        raise InputError(
            f"{path}: give 'roll' (the roll file) and 'parcels' (a list of parcel ids in quotes)."
        )
    # A case file names its roll, so it could name /etc/shadow or /dev/zero: the roll must lie
    # beside the case file or in the workspace, after following links.
    folders = [path.parent] if workspace is None else [path.parent, workspace]
    roll = read_roll(path.parent / roll_name, within=folders)
    found = []
    for parcel_id in ids:
        if str(parcel_id) not in roll:
            raise InputError(f"{path}: parcel '{parcel_id}' is not on the roll {roll_name}.")
        found.append(roll[str(parcel_id)])
    return tuple(found)


def _recipient(
    path: Path, data: CaseFileTable, notice: NoticeType, parcels: tuple[Parcel, ...]
) -> Recipient:
    given = data.recipient
    if given is not None:
        lines = tuple(line.strip() for line in given.address_lines)
        return checked_recipient(path, given.name, lines)
    if notice.recipient != "owner":
        raise InputError(
            f"{path}: this notice goes to the {notice.recipient}; "
            "give a [recipient] with name and address_lines."
        )
    owner = parcels[0]
    return checked_recipient(path, owner.owner_name, owner.mailing_lines)


def checked_recipient(path: object, name: str, lines: tuple[str, ...]) -> Recipient:
    """The recipient of a document, refused when the envelope window could not carry it."""
    # USPS Publication 28: an address block of at most six lines fits the envelope window.
    if not name.strip():
        raise InputError(
            f"{path}: the recipient has no name; the roll or the case file must give one."
        )
    refuse_control(name, f"{path}: the recipient's name", one_line=True)
    for number, line in enumerate(lines, 1):
        refuse_control(line, f"{path}: line {number} of the recipient's address", one_line=True)
    if len(lines) > 5:
        raise InputError(
            f"{path}: the recipient's address has {len(lines)} lines; "
            "the envelope window takes at most 5 under the name."
        )
    if not re.search(r"\b\d{5}(-\d{4})?$", lines[-1]):
        raise InputError(
            f"{path}: the last address line '{lines[-1]}' must end with a ZIP code, "
            "such as 'TUCKAHOE NY 10707'."
        )
    return Recipient(name.strip(), lines)


def check_events(path: Path, table: object, zone: ZoneInfo) -> dict[str, date | datetime]:
    if not isinstance(table, dict):
        raise InputError(
            f"{path}: [events] must be a table of dates, such as service = 2026-01-05."
        )
    events: dict[str, date | datetime] = {}
    for name, value in table.items():
        if isinstance(value, datetime):
            events[name] = value if value.tzinfo else value.replace(tzinfo=zone)
        elif isinstance(value, date):
            events[name] = value
        else:
            raise InputError(
                f"{path}: event '{name}' must be a date (YYYY-MM-DD) "
                "or a date and time (YYYY-MM-DDTHH:MM)."
            )
    return events


def checked_events(
    events: dict[str, date | datetime], notices: list[NoticeType], where: str = ""
) -> dict[str, date | datetime]:
    """Events a deadline of the case's documents counts from; a misspelt name, which would be
    stored and silently never counted, is refused with the names the documents use."""
    allowed = set().union(*(notice.event_names for notice in notices))
    for name in events:
        if name not in allowed:
            titles = " and ".join(f"'{notice.slug}'" for notice in notices)
            uses = ", ".join(sorted(allowed)) if allowed else "none (record facts instead)"
            raise InputError(
                f"{where}'{name}' is not an event the documents of this case count from "
                f"({titles}); the events they use: {uses}."
            )
    return events


def check_facts(
    path: Path, table: object, notice: NoticeType, zone: ZoneInfo
) -> tuple[dict[str, Any], dict[str, Any]]:
    if not isinstance(table, dict):
        raise InputError(f"{path}: [facts] must be a table.")
    known = {fact.name: fact for fact in notice.facts}
    for name in table:
        if name not in known:
            raise InputError(
                f"{path}: '{name}' is not a fact the notice '{notice.slug}' uses; "
                f"it uses: {', '.join(known) or 'none'}."
            )
    facts: dict[str, Any] = {}
    for name in notice.readings:
        if name in table:
            raise InputError(
                f"{path}: '{name}' is the reading of the ordinance the Village relies on, which "
                "the village's file gives ([readings] in letterhead.toml), not a case; remove it."
            )
    for fact in notice.facts:
        if fact.name in notice.readings:
            continue  # the village's file gives it (compose)
        if fact.name not in table and fact.name in notice.takes:
            continue  # taken from the document it follows; absent when it follows none
        if fact.name not in table:
            raise InputError(
                f"{path}: the fact '{fact.name}' ({fact.label}) is missing; add it under [facts]."
            )
        try:
            facts[fact.name] = convert_fact(
                fact.type,
                table[fact.name],
                zone,
                may_be_empty=fact.may_be_empty,
                what=f"{path}: the fact '{fact.name}'",
            )
        except ValueError:
            raise InputError(
                f"{path}: the fact '{fact.name}' ({fact.label}) must be "
                f"{FACT_TYPES[fact.type]}; got {table[fact.name]!r}."
            ) from None
    return facts, dict(table)


def convert_fact(
    kind: str, value: Any, zone: ZoneInfo, *, may_be_empty: bool = False, what: str = "A fact"
) -> Any:
    """A fact as TOML gives it, checked and typed; ValueError when it is not of its kind, and
    InputError naming `what` when its text holds a character no document can print."""
    typed = _typed_fact(kind, value, zone, may_be_empty, what)
    # A text fact is free text (conditions found, work to do) and may run to several lines; an
    # item of a list or a cost line's description is printed as one line of its list or bill.
    for index, item in enumerate(typed if isinstance(typed, list) else [typed], 1):
        text = item["description"] if isinstance(item, dict) else item
        if isinstance(text, str):
            where = f"{what}, item {index}," if isinstance(typed, list) else what
            refuse_control(text, where, one_line=kind != "text")
    return typed


def _typed_fact(kind: str, value: Any, zone: ZoneInfo, may_be_empty: bool, what: str) -> Any:
    if may_be_empty and value == []:
        return []
    if kind == "text":
        if isinstance(value, str) and value.strip():
            return value.strip()
    elif kind == "date":
        if isinstance(value, date) and not isinstance(value, datetime):
            return value
    elif kind == "datetime":
        if isinstance(value, datetime):
            # The village's clock time, refused where the clocks skip it or pass it twice.
            return placed_in(zone, value)
    elif kind == "money":
        return _money(value, what)
    elif kind == "integer":
        # A count, a distance, a number of days: never negative, never past nine digits (the
        # register's JSON would keep a longer one as a float, or as infinity).
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INTEGER:
            return value
    elif kind == "number":
        # Read through its text, ASCII digits with no exponent: Decimal itself would take
        # "NaN", "1e999" and Arabic-Indic digits.
        if isinstance(value, int | float | str | Decimal) and not isinstance(value, bool):
            text = str(value).strip()
            if _NUMBER.fullmatch(text) and len(text) <= _NUMBER_DIGITS:
                return Decimal(text)
    elif kind == "boolean":
        if isinstance(value, bool):
            return value
    elif kind == "text_list":
        if (
            isinstance(value, list)
            and value
            and all(isinstance(v, str) and v.strip() for v in value)
        ):
            return [v.strip() for v in value]
    elif kind == "cost_lines" and (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and set(v) == {"description", "amount"} for v in value)
    ):
        lines = [
            {
                "description": _described(v["description"], f"{what}, item {index},"),
                "amount": _money(v["amount"], f"{what}, item {index}, amount"),
            }
            for index, v in enumerate(value, 1)
        ]
        total = sum((line["amount"] for line in lines), Decimal(0))
        if total > MAX_AMOUNT:
            raise InputError(
                f"{what} adds up to {spell_amount(total)}, more than the "
                f"{spell_amount(MAX_AMOUNT)} any village bill could be; check the amounts."
            )
        return lines
    raise ValueError(kind)


def _described(text: Any, what: str) -> str:
    """A cost line's words: a bill never prints an amount with nothing saying what it was."""
    words = str(text).strip()
    if not words:
        raise InputError(f"{what} has an amount but no words: say what the cost was.")
    return words


def _money(value: Any, what: str) -> Decimal:
    """An amount as the clerk wrote it: text such as "1,250.00" or a TOML whole number, read
    by the one rule for amounts (ASCII digits, commas in their places, two decimals at most,
    no exponent, no more than MAX_AMOUNT); ValueError when it is no amount at all."""
    # A TOML float is refused, not read: 0.1 would carry binary rounding into a bill, and
    # 1e5 is a hundred thousand dollars nobody typed. Write the amount in quotes.
    # An amount already read (the desk's, an action's) is read again by the same rule.
    if isinstance(value, bool) or not isinstance(value, int | str | Decimal):
        raise ValueError("money")
    return parse_amount(str(value), what)
