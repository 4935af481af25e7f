"""Money received on a bill, turned into a payment record and the balance that remains."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.schema import refuse_control
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.chains import printed_facts, taken_facts
from noticeclerk.register.database import transaction
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import Document, Payment
from noticeclerk.rules.money import parse_amount, spell_amount
from noticeclerk.rules.periods import spell_date


@dataclass(frozen=True)
class Paid:
    document: str
    amount: Decimal
    balance: Decimal


def balance(document: Document) -> Decimal:
    """What remains unpaid on a bill; zero for a document that is not a bill."""
    if document.amount_due is None:
        return Decimal("0.00")
    return Decimal(document.amount_due) - document.paid


def record_payment(
    engine: Engine,
    number: str,
    amount: Decimal,
    paid_on: date,
    *,
    reference: str | None,
    by: str,
    now: datetime,
    workspace: Path | None = None,
) -> Paid:
    """Record money received on a bill; more than the balance is refused, and so is money
    received after the last day the bill's amount holds (a lien's payoff)."""
    if reference:
        refuse_control(reference, "The payment's reference (--reference)")
    # Read again by the one rule for amounts: a Decimal of three places or an exponent is no
    # amount a bill was paid in.
    amount = parse_amount(str(amount), "The amount paid")
    if amount <= 0:
        raise InputError(f"The amount paid must be more than $0.00; got {spell_amount(amount)}.")
    with transaction(engine) as session:
        document = find_document(session, number)
        if document.amount_due is None:
            raise InputError(f"Document {number} is not a bill; nothing is payable on it.")
        if document.status == "void":
            raise InputError(
                f"Document {number} is void; record the payment on the bill that replaced it."
            )
        if paid_on < document.document_date:
            raise InputError(f"{paid_on} is before the bill's date, {document.document_date}.")
        today = now.astimezone(load_village(document.case.village, workspace).timezone).date()
        if paid_on > today:
            # Money not yet received would settle a bill, or pay off a lien, ahead of time.
            raise InputError(
                f"{spell_date(paid_on)} is after today, {spell_date(today)}; record a payment "
                "on the day it is received, or an earlier day."
            )
        _refuse_after_payoff(session, document, workspace)
        owed = balance(document)
        _refuse_for_payoff(session, document, amount, paid_on, workspace)
        if amount > owed:
            raise InputError(
                f"{spell_amount(amount)} is more than the {spell_amount(owed)} still owed on "
                f"{number}; record the amount actually applied to the bill."
            )
        session.add(
            Payment(
                document_id=document.id,
                amount=str(amount),
                paid_on=paid_on,
                reference=reference,
                recorded_by=by,
                recorded_at=now,
            )
        )
        session.flush()
        session.refresh(document)
        return Paid(number, amount, balance(document))


def _good_through(document: Document, workspace: Path | None) -> str | None:
    """The fact naming the last day a bill's amount holds (a payoff), or None."""
    remittance = load_notice(document.case.village, document.notice_type, workspace).remittance
    return remittance.good_through if remittance is not None else None


def _refuse_for_payoff(
    session: Session, document: Document, amount: Decimal, paid_on: date, workspace: Path | None
) -> None:
    """A payoff states the one amount that pays a debt in full through one day, on what the
    register held when it was issued: money received later, a part of it, or on a payoff whose
    grounds have changed since (a payment on the bill it pays off) is not what it asked."""
    through_fact = _good_through(document, workspace)
    if through_fact is None:
        return
    printed = printed_facts(document) or {}
    through = printed.get(through_fact)
    if isinstance(through, date) and paid_on > through:
        raise InputError(
            f"{document.number} states the amount that pays in full through "
            f"{spell_date(through)}, and the payment is dated {spell_date(paid_on)}; interest "
            "ran on since, so issue a new payoff statement for the day it was received and "
            "record the payment on that one."
        )
    if amount != balance(document):
        raise InputError(
            f"{document.number} states the one amount that pays in full, "
            f"{spell_amount(balance(document))}, and {spell_amount(amount)} was received; "
            "record a part payment on the bill itself, and issue a new payoff statement for "
            "what remains."
        )
    changed = _changed_since(session, document, printed, workspace)
    if changed is not None:
        raise InputError(
            f"{document.number} was figured on what the register held when it was issued, and "
            f"{changed}; issue a new payoff statement and record the payment on that one."
        )


def _changed_since(
    session: Session, document: Document, printed: dict[str, object], workspace: Path | None
) -> str | None:
    """The first fact a document took from the register that the register now gives otherwise
    (a payment recorded on the bill since), as a clause saying what it was and is, or None."""
    notice = load_notice(document.case.village, document.notice_type, workspace)
    if document.follows is None or not notice.takes:
        return None
    zone = load_village(document.case.village, workspace).timezone
    documents = list(
        session.scalars(
            select(Document).where(Document.case_id == document.case_id).order_by(Document.id)
        )
    )
    followed = next(d for d in documents if d.number == document.follows)
    now = taken_facts(notice, followed, zone, documents, document.parcel_id)
    for name in notice.takes:
        if name in printed and name in now and now[name] != printed[name]:
            return (
                f"the {name.replace('_', ' ')} is now {_spelled(now[name])}, where it printed "
                f"{_spelled(printed[name])}"
            )
    return None


def _spelled(value: object) -> str:
    if isinstance(value, Decimal):
        return spell_amount(value)
    if isinstance(value, date):
        return spell_date(value)
    if isinstance(value, list):
        return "; ".join(str(item) for item in value) or "none"
    return str(value)


def _refuse_after_payoff(session: Session, document: Document, workspace: Path | None) -> None:
    """A bill whose debt a payoff following it (or its statement) was paid in full is settled:
    more money on it would collect the same debt twice."""
    documents = list(
        session.scalars(
            select(Document).where(
                Document.case_id == document.case_id, Document.status == "issued"
            )
        )
    )
    by_number = {one.number: one for one in documents}
    for one in documents:
        if one.amount_due is None or one.paid < Decimal(one.amount_due) or one is document:
            continue
        source = by_number.get(one.follows) if one.follows else None
        while source is not None and source is not document:
            source = by_number.get(source.follows) if source.follows else None
        if source is document and _good_through(one, workspace) is not None:
            raise InputError(
                f"{one.number}, a payoff of what {document.number} charges, was paid in full; "
                f"nothing more is owed on {document.number}."
            )


def refuse_void_of_paid(document: Document, workspace: Path | None) -> None:
    """A document with money recorded on it is the record of that payment: voided, the payment
    would be lost and asked again by the document issued in its place (a payoff's, the debt;
    a bill's, the part already paid, entered on the tax roll with the rest)."""
    if not document.payments:
        return
    if _good_through(document, workspace) is not None:
        raise InputError(
            f"{spell_amount(document.paid)} is recorded as received on {document.number}, the "
            "record that the lien was paid; a void payoff would lose it, so it is not voided."
        )
    raise InputError(
        f"{spell_amount(document.paid)} is recorded as received on {document.number}; a void "
        "bill would lose that payment, and the bill issued in its place would charge it again, "
        "so it is not voided. It stands with its payment; what is still owed follows from it."
    )
