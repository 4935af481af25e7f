"""Money received on a bill, turned into a payment record and the balance that remains."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from sqlalchemy import Engine

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.schema import refuse_control
from noticeclerk.exceptions import InputError
from noticeclerk.register.chains import printed_facts
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
        _refuse_after_good_through(document, paid_on, workspace)
        owed = balance(document)
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


def _refuse_after_good_through(document: Document, paid_on: date, workspace: Path | None) -> None:
    """A payoff states what pays a debt in full through one day, and its interest runs on
    after it: money received later is not what the statement asked, so it is recorded on a new
    statement for the day it came."""
    remittance = load_notice(document.case.village, document.notice_type, workspace).remittance
    if remittance is None or remittance.good_through is None:
        return
    printed = printed_facts(document) or {}
    through = printed.get(remittance.good_through)
    if isinstance(through, date) and paid_on > through:
        raise InputError(
            f"{document.number} states the amount that pays in full through "
            f"{spell_date(through)}, and the payment is dated {spell_date(paid_on)}; interest "
            "ran on since, so issue a new payoff statement for the day it was received and "
            "record the payment on that one."
        )
