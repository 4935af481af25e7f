"""The register's permits, turned into the record of permits a clerk keeps (Tuckahoe § 19-78).

§ 19-78(a): "a record of permits issued, numbered in the order in which they were issued,
stating the name and address of the person to whom issued, location, nature, purpose and
extent of excavation or opening, time in which street is to be restored, fee paid, and such
other and further items as will enable anyone to obtain a complete history of each permit
from its issuance to its termination." Everything here is read from the register as it was
recorded; nothing is filled in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Select, select
from sqlalchemy.orm import Session

from noticeclerk.content.notice_types import NoticeType, load_notice, notice_names
from noticeclerk.content.village import Village, load_village
from noticeclerk.register.cases import latest_of
from noticeclerk.register.chains import facts_as_printed
from noticeclerk.register.database import reading
from noticeclerk.register.models import (
    Case,
    CaseParcel,
    Document,
    Event,
    Parcel,
    Payment,
    Service,
)
from noticeclerk.register.service import stated_text
from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import spell_date, spell_datetime

# Permits are read this many at a time, each lot with its records in five queries.
PERMITS_AT_ONCE = 500


@dataclass(frozen=True)
class PermitEntry:
    """One permit in the record, with its history from issuance to termination."""

    number: str
    title: str
    issued: str
    holder: str
    holder_address: str
    location: str
    particulars: list[str]
    time_to_restore: str | None
    fee_paid: str
    history: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return dict(self.__dict__)


def _label(words: str) -> str:
    """A fact's label as the record's heading: its first phrase, the prompt's explanations
    ("such as ...", "(§ 19-76(b))", ", as the application names ...") left to the form."""
    phrase = re.split(r",| \(| such as", words, maxsplit=1)[0].strip()
    return phrase[:1].upper() + phrase[1:]


def _words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, datetime):
        return spell_datetime(value)
    if isinstance(value, datetime | date):
        return spell_date(
            value if isinstance(value, date) and not isinstance(value, datetime) else value.date()
        )
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, list):
        return "; ".join(
            f"{item['description']}: {spell_amount(item['amount'])}"
            if isinstance(item, dict)
            else str(item)
            for item in value
        )
    return str(value)


def permit_record(
    engine: Engine, village_slug: str, workspace: Path | None = None
) -> list[PermitEntry]:
    """Every permit the village issued, in the order of its numbers."""
    village = load_village(village_slug, workspace)
    # Each of the village's notice types read once: the register keeps many documents of a few.
    notices = {
        slug: load_notice(village.slug, slug, workspace)
        for slug in notice_names(village.slug, workspace)
    }
    permits = sorted(slug for slug, notice in notices.items() if notice.kind == "permit")
    entries = []
    with reading(engine) as session:
        numbered = session.scalars(
            select(Document.id)
            .join(Case)
            # Found by their notice types, then kept if of the village: without `|| ''` SQLite
            # would start from the village's cases and read every document they hold.
            .where(Document.notice_type.in_(permits), Case.village + "" == village.slug)
            .order_by(Document.id)
        ).all()
        for start in range(0, len(numbered), PERMITS_AT_ONCE):
            entries += _entries(
                session, numbered[start : start + PERMITS_AT_ONCE], village, notices
            )
    return entries


def _entries(
    session: Session, ids: list[int], village: Village, notices: dict[str, NoticeType]
) -> list[PermitEntry]:
    """The permits with these ids, in their order, read as plain rows in five queries: the
    record needs no more than the register's words, and never a stored file."""
    zone = village.timezone
    documents = session.execute(
        select(
            Document.id,
            Document.case_id,
            Document.number,
            Document.notice_type,
            Document.document_date,
            Document.issued_at,
            Document.issued_by,
            Document.recipient_name,
            Document.recipient_lines,
            Document.stated_due_on,
            Document.stated_due_at,
            Document.status,
            Document.voided_at,
            Document.void_reason,
            Document.facts,
        )
        .where(Document.id.in_(ids))
        .order_by(Document.id)
    ).all()
    cases = {document.case_id for document in documents}
    facts = _grouped(
        session,
        select(Event.case_id, Event.kind, Event.name, Event.value)
        .where(Event.case_id.in_(cases), Event.kind == "fact")
        .order_by(Event.id),
    )
    locations = _grouped(
        session,
        select(CaseParcel.case_id, Parcel.property_address)
        .join(Parcel, Parcel.id == CaseParcel.parcel_pk)
        .where(CaseParcel.case_id.in_(cases))
        .order_by(CaseParcel.case_id, CaseParcel.position),
    )
    # The services that stand: a struck record stays in the register but proves nothing.
    services = _grouped(
        session,
        select(Service.document_id, Service.served_at, Service.served_by, Service.method)
        .where(Service.document_id.in_(ids), Service.struck_at.is_(None))
        .order_by(Service.id),
    )
    payments = _grouped(
        session,
        select(Payment.document_id, Payment.amount, Payment.paid_on)
        .where(Payment.document_id.in_(ids))
        .order_by(Payment.id),
    )
    entries = []
    for document in documents:
        notice = notices[document.notice_type]
        # What the permit itself printed, in its own facts' order; one issued before the
        # register kept that is read from the case's record of the same facts.
        labels = {fact.name: _label(fact.label) for fact in notice.facts}
        printed = (
            facts_as_printed(document.facts, zone)
            if document.facts is not None
            else latest_of(facts.get(document.case_id, []), "fact", zone)
        )
        shown = [(name, printed[name]) for name in labels if name in printed]
        paid_in = payments.get(document.id, [])
        paid = sum((Decimal(p.amount) for p in paid_in), Decimal("0.00"))
        issued = spell_date(document.issued_at.astimezone(zone).date())
        history = [f"Issued {issued} by {document.issued_by}."]
        for service in services.get(document.id, []):
            when = spell_date(service.served_at.astimezone(zone).date())
            history.append(
                f"Delivered {when} by {service.served_by} ({service.method.replace('_', ' ')})."
            )
        for payment in paid_in:
            amount = spell_amount(Decimal(payment.amount))
            history.append(f"Paid {amount} on {spell_date(payment.paid_on)}.")
        if document.status == "void":
            voided = spell_date(document.voided_at.astimezone(zone).date())
            history.append(f"Voided {voided}: {document.void_reason}")
        entries.append(
            PermitEntry(
                number=document.number,
                title=notice.title,
                issued=document.document_date.isoformat(),
                holder=document.recipient_name,
                holder_address=", ".join(document.recipient_lines),
                location="; ".join(
                    row.property_address for row in locations.get(document.case_id, [])
                ),
                particulars=[f"{labels[name]}: {_words(value)}" for name, value in shown],
                time_to_restore=stated_text(document, zone),  # type: ignore[arg-type]
                fee_paid=_fee_paid(paid if paid_in else None, printed),
                history=history,
            )
        )
    return entries


def _fee_paid(paid: Decimal | None, printed: dict[str, Any]) -> str:
    """What the register shows of the fee: the payments recorded on the permit, or the
    Village's receipt for the fee paid before it was issued, as the permit printed it
    (`fee_receipt`, and `fee_paid_on` where the notice type records the day)."""
    if paid is not None:
        return spell_amount(paid)
    receipt = printed.get("fee_receipt")
    if not receipt:
        return "no payment recorded"
    day = printed.get("fee_paid_on")
    on = f" of {spell_date(day)}" if isinstance(day, date) else ""
    return f"paid before issue, receipt No. {receipt}{on}, as the permit states"


def _grouped(session: Session, query: Select[Any]) -> dict[int, list[Any]]:
    """The rows of a query by their first column (a case's or a document's id), in order."""
    found: dict[int, list[Any]] = {}
    for row in session.execute(query):
        found.setdefault(row[0], []).append(row)
    return found
