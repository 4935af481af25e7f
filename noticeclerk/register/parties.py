"""A case's parties (applicant, appellant, contractor, surety...), turned into register rows and
into the person and address each document goes to.

The owner of record comes from the roll as it stood on the document's date; anyone else a
document goes to is a party recorded on the case, or a name and address given for one document.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Engine

from noticeclerk.content.casefile import Recipient, checked_recipient
from noticeclerk.content.notice_types import RECIPIENTS, NoticeType
from noticeclerk.content.roll import Parcel as PrintedParcel
from noticeclerk.content.schema import refuse_control
from noticeclerk.exceptions import InputError
from noticeclerk.register.cases import find_open_case
from noticeclerk.register.database import transaction
from noticeclerk.register.models import Case, Party

# Everyone but the owner of record, whom the roll names.
PARTY_ROLES = tuple(role for role in RECIPIENTS if role != "owner")


def address_lines(text: str) -> tuple[str, ...]:
    """An address typed at the counter, its lines separated by "|" as the roll writes them."""
    return tuple(line.strip() for line in text.split("|") if line.strip())


def record_party(
    engine: Engine,
    number: str,
    *,
    role: str,
    name: str,
    address_lines: Sequence[str],
    email: str = "",
    phone: str = "",
    by: str,
    now: datetime,
) -> Recipient:
    """Record a party of a case; a later record of the same role supersedes the earlier one."""
    if role not in PARTY_ROLES:
        raise InputError(f"A party's role is one of: {', '.join(PARTY_ROLES)}; got '{role}'.")
    lines = tuple(line.strip() for line in address_lines if line.strip())
    if not lines:
        raise InputError(
            f"Give the {role}'s address: its lines, the last ending in the ZIP code, such as "
            '"12 Main Street" and "LUCK WI 54853".'
        )
    recipient = checked_recipient(f"The {role}", name, lines)
    refuse_control(email, f"The {role}'s email (--email)")
    refuse_control(phone, f"The {role}'s phone (--phone)")
    with transaction(engine) as session:
        case = find_open_case(session, number)
        session.add(
            Party(
                case_id=case.id,
                role=role,
                name=recipient.name,
                address_lines=list(recipient.address_lines),
                email=email.strip(),
                phone=phone.strip(),
                recorded_by=by,
                recorded_at=now,
            )
        )
    return recipient


def current_parties(case: Case) -> dict[str, Party]:
    """The newest record of each role on a case."""
    return {party.role: party for party in case.parties}  # ordered by id: newer replace older


def choose_recipient(
    case: Case,
    notice: NoticeType,
    parcels: tuple[PrintedParcel, ...],
    *,
    to: str | None = None,
    given: tuple[str, str] | None = None,
) -> tuple[Recipient, str | None]:
    """Who a document goes to, and in what role: a name and address given for this document,
    the party `to` names, or the party the notice type is addressed to."""
    where = f"Case {case.number}"
    if given is not None:
        if to is not None:
            raise InputError("Give --to or --recipient-name with --recipient-address, not both.")
        name, address = given
        return checked_recipient(where, name, address_lines(address)), None
    role = to or notice.recipient
    # A case file's [recipient] names the addressee of the case's own first document only.
    own = notice.slug == case.notice_type
    if role == "owner":
        if to is None and own and case.recipient:
            return checked_recipient(
                where, case.recipient["name"], tuple(case.recipient["address_lines"])
            ), None
        owner = parcels[0]
        return checked_recipient(where, owner.owner_name, owner.mailing_lines), "owner"
    if role not in PARTY_ROLES:
        raise InputError(f"--to takes owner or {', '.join(PARTY_ROLES)}; got '{role}'.")
    party = current_parties(case).get(role)
    if party is not None:
        return checked_recipient(where, party.name, tuple(party.address_lines)), role
    if to is None and own and case.recipient:
        return checked_recipient(
            where, case.recipient["name"], tuple(case.recipient["address_lines"])
        ), None
    raise InputError(
        f"{where} has no {role} recorded, and the {notice.title} goes to the {role}; record "
        f"one with 'noticeclerk case party {case.number} --role {role} --name NAME --address "
        '"LINE|CITY STATE ZIP"\', or give --recipient-name and --recipient-address.'
    )


def parties_of(case: Case) -> list[dict[str, object]]:
    """Every party record of a case, oldest first, each marked when a newer one replaced it."""
    newest = {party.id for party in current_parties(case).values()}
    return [
        {
            "role": party.role,
            "name": party.name,
            "address_lines": list(party.address_lines),
            "email": party.email,
            "phone": party.phone,
            "recorded_by": party.recorded_by,
            "current": party.id in newest,
        }
        for party in case.parties
    ]
