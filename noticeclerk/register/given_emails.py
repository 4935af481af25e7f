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
from noticeclerk.register.models import ArchiveItem, Case, GivenEmail
from noticeclerk.register.roll import owner_of_record
from noticeclerk.rules.periods import spell_date

# Who may give the address besides an owner of record: the resident, whom a case records as
# its occupant.
RESIDENT_ROLES = ("occupant",)
MOST_DEPARTMENT = 200


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
    or the case's recorded occupant; InputError saying who could give it otherwise."""
    when = datetime.combine(on, time(23, 59, 59), zone)
    owners = []
    for link in case.parcels:
        owner = owner_of_record(session, link.parcel, when)
        owners.append(owner.owner_name)
        if same_person(giver, owner.owner_name):
            return _spelled(giver, owner.owner_name), (
                f"owner of record of parcel {link.parcel.parcel_id}"
            )
    residents = [party for party in case.parties if party.role in RESIDENT_ROLES]
    for party in reversed(residents):
        if same_person(giver, party.name):
            return _spelled(giver, party.name), f"{party.role} recorded on case {case.number}"
    named = " or ".join(sorted(set(owners)))
    raise InputError(
        f"{quoted_back(giver)} is not the owner of record on {spell_date(on)} (the roll names "
        f"{named}) nor an occupant recorded on case {case.number}; § 134-43C counts only an "
        "address an owner or resident of the property gave the Village. If a resident gave "
        f"it, record them first with 'noticeclerk case party {case.number} --role occupant "
        "...'."
    )


def same_person(giver: str, named: str) -> bool:
    """Whether a giver's name is the name the register holds, or one of the joint owners a roll
    names on one line ("Ed and Marie Smith" has Marie Smith): every word of a name of two
    words or more, in any capitals and punctuation."""
    words = _words(giver)
    held = _words(named)
    if words == held:
        return True
    return len(words) >= 2 and all(word in held for word in words)


def given_on_file(case: Case, email: str, day: date) -> GivenEmail | None:
    """The latest record of `email` given on the case's property by `day`, or None."""
    wanted = email.strip().casefold()
    found = [
        given
        for given in case.given_emails
        if given.email.casefold() == wanted and given.given_on <= day
    ]
    return found[-1] if found else None


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
    item = session.get(ArchiveItem, item_id)
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
    return item


def _spelled(giver: str, held: str) -> str:
    """The register's own spelling of a name typed in other capitals; a joint owner's as typed."""
    return held if _words(giver) == _words(held) else giver


def _words(name: str) -> list[str]:
    return re.findall(r"\w+", name.casefold())
