"""A document's addressee, turned into the address, email and telephone the Village has on file
for them at a moment: the roll's owner of record, or the case's record of a party.

Service by mail goes to that address; Village A's email and telephone service (§ 134-43C, D)
reach the owner or resident only at an address or number "provided to any department of the
Village", which the roll or the party's record is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from noticeclerk.register.models import Document, OwnerRecord, Parcel, Party
from noticeclerk.register.roll import owner_of_record


@dataclass(frozen=True)
class OnFile:
    """What the Village has on file for a document's addressee at one moment."""

    # Whose record it is, as a sentence names it: "the owner of record of parcel 041".
    whose: str
    # Whom the affidavit says it is on file for: "the owner", "the appellant".
    for_whom: str
    address_lines: tuple[str, ...]
    emails: tuple[str, ...]
    phones: tuple[str, ...]
    # How a clerk corrects the record, for a refusal that names it.
    correct: str


def on_file(session: Session, document: Document, when: datetime) -> OnFile:
    """The addressee's record as it stood at `when`: the owner of record of the document's
    parcel, the latest record of the party it went to, or, for a document addressed to a name
    given when it was issued, that address with the property owner's email and telephone."""
    role = document.recipient_role
    case = document.case
    if role not in (None, "owner"):
        party = party_at(case.parties, role, when)
        if party is not None:
            return OnFile(
                whose=f"the {role} of case {case.number}",
                for_whom=f"the {role}",
                address_lines=tuple(party.address_lines),
                emails=_present(party.email),
                phones=_present(party.phone),
                correct=(
                    f"record it again with 'noticeclerk case party {case.number} --role {role} ...'"
                ),
            )
    owners = _owners_at(session, document, when)
    names = ", ".join(parcel for parcel, _ in owners)
    mine = next(
        (owner for _, owner in owners if owner.owner_name == document.recipient_name),
        owners[0][1] if owners else None,
    )
    emails = tuple(owner.email.strip() for _, owner in owners if owner.email.strip())
    phones = tuple(owner.phone.strip() for _, owner in owners if owner.phone.strip())
    if role == "owner" and mine is not None:
        lines = tuple(mine.mailing_lines)
        correct = "import a corrected roll with 'noticeclerk roll import'"
    else:
        # Addressed to a name and address given for this document (at the counter, or in the
        # case file): that address is the one on file for it.
        lines = tuple(document.recipient_lines)
        correct = f"issue {document.number} again to the right address"
    plural = "parcels" if len(owners) > 1 else "parcel"
    return OnFile(
        whose=f"the owner of record of {plural} {names}",
        for_whom="the owner",
        address_lines=lines,
        emails=emails,
        phones=phones,
        correct=correct,
    )


def same_address(typed: str, lines: tuple[str, ...]) -> bool:
    """Whether an address typed at the counter is the one on file, whatever its separators
    ("|", ",", spaces) and capitals."""
    return _words(typed) == _words(" ".join(lines))


def same_email(typed: str, emails: tuple[str, ...]) -> bool:
    """Whether an email address is one on file, compared trimmed and without regard to case."""
    return typed.strip().casefold() in {email.casefold() for email in emails}


def phone_digits(number: str) -> str:
    """A North American telephone number's ten digits, whatever its punctuation; a leading
    country code 1 is left out."""
    digits = re.sub(r"\D", "", number)
    return digits[1:] if len(digits) == 11 and digits.startswith("1") else digits


def _words(text: str) -> str:
    return " ".join(re.split(r"[\s,|]+", text.strip())).casefold()


def _present(value: str) -> tuple[str, ...]:
    return (value.strip(),) if value.strip() else ()


def party_at(parties: list[Party], role: str, when: datetime) -> Party | None:
    """The latest record of a role made by `when`; a record made after it (the clerk entered
    the party later in the day than the fixed clock) stands when none was made before."""
    records = [party for party in parties if party.role == role]
    before = [party for party in records if party.recorded_at <= when]
    if before:
        return before[-1]
    return records[0] if records else None


def document_parcels(document: Document) -> list[Parcel]:
    """The parcels a document is about: its own, in a case over several properties; else every
    parcel of its case."""
    return [
        link.parcel
        for link in document.case.parcels
        if document.parcel_id in (None, link.parcel.parcel_id)
    ]


def _owners_at(
    session: Session, document: Document, when: datetime
) -> list[tuple[str, OwnerRecord]]:
    """Each owner of record, at `when`, of the parcels the document is about."""
    return [
        (parcel.parcel_id, owner_of_record(session, parcel, when))
        for parcel in document_parcels(document)
    ]
