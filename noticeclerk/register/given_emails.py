"""An email address an owner or resident gave the Village in writing, turned into the register's
record that puts it on file for service by email.

Village A § 134-43C deems email service sufficient only at "the email address provided to any
department of the Village by an owner or resident of the property". The roll's and a party's own
address are on file already; any other address counts only once the register shows who gave it
(an owner of record of the case's property, or its occupant recorded on the case), to which
department, on which day, and the writing itself, kept in the archive. The affidavit of service
prints those particulars.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from noticeclerk.content.schema import person_named, refuse_control
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.register.cases import find_open_case
from noticeclerk.register.database import transaction
from noticeclerk.register.models import ArchiveItem, Case, Document, GivenEmail, Parcel
from noticeclerk.register.on_file import document_parcels, party_at
from noticeclerk.register.roll import owner_of_record
from noticeclerk.rules.periods import spell_date

# Who may give the address besides an owner of record: the resident, whom a case records as
# its occupant.
RESIDENT_ROLES = ("occupant",)
MOST_DEPARTMENT = 200
# The kind the archive keeps an issued document's PDF/A copy as (archive.keeping.ISSUED, not
# imported: the register does not load the archive's PDF tools to serve a notice).
ISSUED_KIND = "issued-document"
# The largest archive item number the register's integer holds: past it there is no item.
MOST_ITEM = 2**63 - 1
# Words that make an owner's name a company's, a trust's or a body's: "Smith and Sons LLC" is
# no Smith LLC and Sons LLC, so only its whole name is it.
ENTITY_WORDS = frozenset(
    {
        "associates", "bank", "church", "co", "company", "corp", "corporation", "estate",
        "holdings", "inc", "llc", "llp", "lp", "ltd", "partners", "partnership", "realty",
        "sons", "trust", "village", "town", "city", "county",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Given:
    """What the clerk is told of an address recorded as given."""

    case: str
    email: str
    given_by: str
    given_as: str
    department: str
    given_on: date
    writing_item: int


def record_given_email(
    engine: Engine,
    number: str,
    *,
    email: str,
    given_by: str,
    department: str,
    given_on: date,
    writing_item: int,
    by: str,
    now: datetime,
    workspace: Path | None = None,
) -> Given:
    """Record that `given_by` gave `email` to `department` in the writing kept as archive item
    `writing_item`, on `given_on`; refused unless the register shows them an owner of record of
    the case's property or its recorded occupant, and the writing is this case's and kept."""
    from noticeclerk.dispatch.email_message import check_address

    address = check_address(email.strip(), "The email address (--email)")
    giver = person_named(given_by, "Who gave the address (--given-by)")
    office = " ".join(department.split())
    if not office:
        raise InputError(
            "Say which department of the Village the address was given to with --department, "
            'such as "Building Department"; § 134-43C counts an address given to a department.'
        )
    refuse_control(office, "The department (--department)", one_line=True)
    if len(office) > MOST_DEPARTMENT:
        raise InputError(
            f"The department (--department) is {len(office):,} characters; at most "
            f"{MOST_DEPARTMENT}."
        )
    with transaction(engine) as session:
        case = find_open_case(session, number)
        zone = load_village(case.village, workspace).timezone
        today = now.astimezone(zone).date()
        if given_on > today:
            raise InputError(
                f"{spell_date(given_on)} is after today, {spell_date(today)}: give the day the "
                "Village received the writing (--given-on)."
            )
        giver, given_as = giver_standing(session, case, giver, given_on, zone)
        item = _writing(session, case, writing_item)
        record = GivenEmail(
            case_id=case.id,
            email=address,
            given_by=giver,
            given_as=given_as,
            department=office,
            given_on=given_on,
            writing_item_id=item.id,
            recorded_by=by,
            recorded_at=now,
        )
        session.add(record)
    return Given(case.number, address, giver, given_as, office, given_on, item.id)


def giver_standing(
    session: Session, case: Case, giver: str, on: date, zone: ZoneInfo
) -> tuple[str, str]:
    """The giver's name as the register spells it (as typed, for one of joint owners), and what
    the register shows them to be on the day `on`: an owner of record of a parcel of the case,
    or the case's occupant as recorded then; InputError saying who could give it otherwise."""
    when = datetime.combine(on, time(23, 59, 59), zone)
    standing = _standing(session, case, giver, when, [link.parcel for link in case.parcels])
    if isinstance(standing, tuple):
        return standing
    named = " or ".join(standing) or f"no owner: case {case.number} is about no parcel"
    raise InputError(
        f"{quoted_back(giver)} is not the owner of record on {spell_date(on)} (the roll names "
        f"{named}) nor an occupant recorded on case {case.number}; § 134-43C "
        "counts only an address an owner or resident of the property gave the Village. If a "
        f"resident gave it, record them first with 'noticeclerk case party {case.number} "
        "--role occupant ...'."
    )


def given_for(session: Session, document: Document, email: str, at: datetime) -> GivenEmail | None:
    """The latest record of `email` given on the document's case by the day of `at` (a moment
    in the village's zone) whose giver is still, at `at`, an owner of record of the property
    the document is about or the case's occupant; None when no such address was recorded.
    InputError, saying why, when one was but its giver no longer stands so (the property was
    sold, the occupant moved out, the giver owns another parcel of the case)."""
    records = _given_by_then(document, email, at)
    if not records:
        return None
    parcels = document_parcels(document)
    owners: list[str] = []
    for given in reversed(records):
        standing = _standing(session, document.case, given.given_by, at, parcels)
        if isinstance(standing, tuple):
            return given
        owners = owners or standing
    given = records[-1]
    plural = "parcels" if len(parcels) > 1 else "parcel"
    raise InputError(
        f"{email} was given by {given.given_by} on {spell_date(given.given_on)}, who is not the "
        f"owner of record of {plural} {', '.join(parcel.parcel_id for parcel in parcels)} "
        f"(the roll names {' or '.join(owners)}) nor the occupant recorded on case "
        f"{document.case.number} on {spell_date(at.date())}, the day of service; § 134-43C "
        "counts only an address an owner or resident of the property gave: send it to the "
        "address on file, or record the address the owner or resident gave with 'noticeclerk "
        f"case email-address {document.case.number} ...'."
    )


def same_person(giver: str, named: str) -> bool:
    """Whether a giver's name is the name the register holds, in any capitals and punctuation,
    or names one or more of the joint owners a roll names on one line ("Ed and Marie Smith"
    has Ed Smith and Marie Smith). A connector, a repeated surname, two first names or a part
    of a company's name is nobody."""
    words = _words(giver)
    if words and words == _words(named):
        return True
    held = _persons(named)
    if not held:
        return False
    mine = _persons(giver) or [words]
    return all(person in held for person in mine)


def given_emails_of(case: Case) -> list[dict[str, object]]:
    """Every address recorded as given on a case, oldest first, as 'case show' lists them."""
    return [
        {
            "email": given.email,
            "given_by": given.given_by,
            "given_as": given.given_as,
            "department": given.department,
            "given_on": given.given_on.isoformat(),
            "writing_item": given.writing_item_id,
            "recorded_by": given.recorded_by,
        }
        for given in case.given_emails
    ]


def given_words(given: GivenEmail) -> str:
    """The particulars as the affidavit of service states them."""
    return (
        f"the address {given.given_by}, {given.given_as}, gave the {given.department} in "
        f"writing on {spell_date(given.given_on)} (kept in the Village's archive as item "
        f"{given.writing_item_id})"
    )


def _writing(session: Session, case: Case, item_id: int) -> ArchiveItem:
    item = session.get(ArchiveItem, item_id) if item_id <= MOST_ITEM else None
    if item is None:
        raise InputError(
            f"There is no archive item {item_id}: keep the writing first with 'noticeclerk "
            f"archive add FILE --case {case.number} --kind KIND' and give the item it prints "
            "(--writing)."
        )
    linked = item.case_id == case.id or (
        item.document is not None and item.document.case_id == case.id
    )
    if not linked:
        raise InputError(
            f"Archive item {item_id} is not kept with case {case.number}; give the item of the "
            "writing that gave the address, kept with this case (--writing)."
        )
    if item.disposed_at is not None:
        raise InputError(
            f"Archive item {item_id} was disposed of; the writing must still be kept (--writing)."
        )
    if item.kind == ISSUED_KIND:
        made = f" ({item.document.number})" if item.document is not None else ""
        raise InputError(
            f"Archive item {item_id} is the Village's own issued document{made}, not the writing "
            "of an owner or resident that gave the address: keep their letter, form or email "
            f"with 'noticeclerk archive add FILE --case {case.number} --kind correspondence' and "
            "give the item it prints (--writing)."
        )
    return item


def _standing(
    session: Session, case: Case, giver: str, when: datetime, parcels: list[Parcel]
) -> tuple[str, str] | list[str]:
    """The giver's name as the register spells it and what they are at `when` (an owner of
    record of one of `parcels`, or the case's occupant as recorded then); else the names of
    the owners of record, for the sentence that refuses it."""
    owners = []
    for parcel in parcels:
        owner = owner_of_record(session, parcel, when)
        owners.append(owner.owner_name)
        if same_person(giver, owner.owner_name):
            spelled = _spelled(giver, owner.owner_name)
            return spelled, f"owner of record of parcel {parcel.parcel_id}"
    for role in RESIDENT_ROLES:
        party = party_at(case.parties, role, when)
        if party is not None and same_person(giver, party.name):
            return _spelled(giver, party.name), f"{party.role} recorded on case {case.number}"
    return sorted(set(owners))


def _given_by_then(document: Document, email: str, at: datetime) -> list[GivenEmail]:
    wanted = email.strip().casefold()
    return [
        given
        for given in document.case.given_emails
        if given.email.casefold() == wanted and given.given_on <= at.date()
    ]


def _persons(name: str) -> list[list[str]]:
    """The people a roll's line names jointly, each as words: "Ed and Marie Smith" is Ed Smith
    and Marie Smith, "John Doe & Jane Roe" John Doe and Jane Roe; [] for one person, a
    company, or a line whose family name cannot be told."""
    if ENTITY_WORDS.intersection(_words(name)):
        return []
    parts = [_words(part) for part in re.split(r"\band\b|&", name.casefold())]
    if len(parts) < 2 or not all(parts):
        return []
    family = parts[-1][-1] if len(parts[-1]) >= 2 else None
    persons = []
    for part in parts:
        if len(part) >= 2:
            persons.append(part)
        elif family is not None:
            persons.append([*part, family])
        else:
            return []
    return persons


def _spelled(giver: str, held: str) -> str:
    """The register's own spelling of a name typed in other capitals; a joint owner's as typed."""
    return held if _words(giver) == _words(held) else giver


def _words(name: str) -> list[str]:
    return re.findall(r"\w+", name.casefold())
