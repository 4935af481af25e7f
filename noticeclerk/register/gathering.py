"""The village's sworn statements in the register, turned into the lines of its list of unpaid
liens and the properties they name.

A list for the assessment roll (Village A § 134-45E, inferred) is a document of the village, not
of a parcel: its case is opened with no parcel (`[gathers]` in its notice definition), and each
line is read here from another case of the village, never retyped: the statement's number and
the day its filing was recorded, the bill it follows with the day of its certified mailing, the
day the work was completed as the statement's case recorded it when the statement was issued,
and what is still unpaid on the bill. A statement whose bill is paid in full, or whose payoff
statement is, is no lien to add;
the list's computation refuses a statement filed before its bill's 20 days ran.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError
from noticeclerk.register.chains import either, printed_facts
from noticeclerk.register.facts import from_json
from noticeclerk.register.models import Case, Document, Parcel


def gathered_liens(
    session: Session,
    case: Case,
    notice: NoticeType,
    village: Village,
    when: date,
    workspace: Path | None,
) -> tuple[list[str], list[Parcel]]:
    """One line for each statement (issued, not void) in the village's other cases whose bill is
    unpaid: "parcel id | statement | filed | bill | bill sent | work completed | unpaid", oldest
    first, with the properties they name, each once."""
    spec = notice.gathers
    if spec is None:
        raise ValueError(f"{notice.slug} gathers nothing")
    for slug in spec.documents:
        load_notice(village.slug, slug, workspace)  # a misspelt type would gather nothing
    statements = session.execute(
        select(Document)
        .join(Case)
        .where(
            Case.village == village.slug,
            Case.id != case.id,
            Document.notice_type.in_(spec.documents),
            Document.status == "issued",
        )
        .order_by(Document.id)
    ).scalars()
    lines: list[str] = []
    parcels: list[Parcel] = []
    for statement in statements:
        bill = _bill_of(session, statement)
        unpaid = Decimal(bill.amount_due or "0") - bill.paid
        if unpaid <= 0 or _paid_off(session, statement):
            continue  # paid in full: the lien is discharged, nothing goes on the roll
        parcel = _parcel_of(statement)
        parts = [
            parcel.parcel_id,
            statement.number,
            _filed_on(statement, village).isoformat(),
            bill.number,
            _mailed_on(bill, village).isoformat(),
            _as_issued(statement, spec.completed).isoformat(),
            str(unpaid),
        ]
        lines.append(" | ".join(parts))
        if parcel not in parcels:
            parcels.append(parcel)
    if not lines:
        titles = either(spec.documents)
        raise InputError(
            f"No {titles} issued in {village.name}'s cases has a bill still unpaid on "
            f"{when.isoformat()}; the {notice.title} would list nothing."
        )
    return lines, parcels


def _paid_off(session: Session, statement: Document) -> bool:
    """Whether a payoff of the lien (a bill following the statement in its case) was paid in
    full: final payment was made (§ 134-45D, inferred), whether or not its satisfaction is
    issued yet."""
    payoffs = session.scalars(
        select(Document).where(
            Document.follows == statement.number,
            Document.status == "issued",
            Document.amount_due.is_not(None),
        )
    )
    return any(payoff.paid >= Decimal(payoff.amount_due or "0") for payoff in payoffs)


def _bill_of(session: Session, statement: Document) -> Document:
    bill = None
    if statement.follows is not None:
        bill = session.execute(
            select(Document).where(Document.number == statement.follows)
        ).scalar_one_or_none()
    if bill is None or bill.amount_due is None:
        raise InputError(
            f"{statement.number} (case {statement.case.number}) follows no bill in the register, "
            "so nothing shows when its bill was mailed or what is unpaid; void it, or issue the "
            "statement after its bill in the bill's case."
        )
    return bill


def _parcel_of(statement: Document) -> Parcel:
    links = statement.case.parcels
    for link in links:
        if link.parcel.parcel_id == statement.parcel_id or (
            statement.parcel_id is None and len(links) == 1
        ):
            return link.parcel
    raise InputError(
        f"{statement.number} (case {statement.case.number}) names no one property of its case."
    )


def _filed_on(statement: Document, village: Village) -> date:
    """The day the statement's filing was recorded (its service on the officer): the lien."""
    if not statement.services:
        raise InputError(
            f"{statement.number} (case {statement.case.number}) is issued but its filing is not "
            f"recorded; record it with 'noticeclerk serve {statement.number} --method "
            "file_with_officer --by NAME --at WHEN', or void it."
        )
    return statement.services[-1].served_at.astimezone(village.timezone).date()


def _mailed_on(bill: Document, village: Village) -> date:
    mailed = [service for service in bill.services if service.method == "certified_mail"]
    if not mailed:
        raise InputError(
            f"{bill.number} (case {bill.case.number}) has no certified mailing recorded; a sworn "
            "statement follows a bill sent by certified mail, return receipt requested "
            "(§ 134-45C, inferred)."
        )
    return mailed[-1].served_at.astimezone(village.timezone).date()


def _as_issued(statement: Document, name: str) -> date:
    """A date fact of the statement's case as it stood when the statement was issued, so the
    list repeats what the sworn statement printed."""
    found: Any = None
    for entry in statement.case.events:  # ordered by id: later records replace earlier ones
        if entry.kind == "fact" and entry.name == name and entry.recorded_at <= statement.issued_at:
            found = from_json(entry.value)
    if not isinstance(found, date):
        raise InputError(
            f"Case {statement.case.number} had no '{name}' recorded when {statement.number} was "
            "issued."
        )
    return found


def parcels_gathered(
    session: Session, case: Case, notices: list[NoticeType], documents: list[Document]
) -> list[Parcel]:
    """The properties the last document the case gathered (not void) named, in its order: a
    case of the village has no parcels of its own, and a follow-up is about those."""
    own = next((notice for notice in notices if notice.slug == case.notice_type), None)
    if own is None or own.gathers is None:
        return []
    issued = [
        document
        for document in documents
        if document.notice_type == own.slug and document.status == "issued"
    ]
    printed = printed_facts(issued[-1]) if issued else None
    lines = (printed or {}).get(own.gathers.fact) or []
    named = list(dict.fromkeys(str(line).split("|")[0].strip() for line in lines))
    found = {
        parcel.parcel_id: parcel
        for parcel in session.scalars(
            select(Parcel).where(Parcel.village == case.village, Parcel.parcel_id.in_(named))
        )
    }
    return [found[parcel_id] for parcel_id in named if parcel_id in found]
