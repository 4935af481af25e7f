"""The register's cases and documents, turned into what a clerk reads: the list of cases, one
case's whole history with what comes next, and an issued document's frozen files given back.

Everything here only reads; the answers are plain data, printed as text or as JSON (amounts as
strings with their cents, dates and moments in ISO 8601), so a script or a browser reads the
same register the clerk does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import Village, load_village
from noticeclerk.register.cases import find_case
from noticeclerk.register.database import reading
from noticeclerk.register.due import what_is_due
from noticeclerk.register.given_emails import given_emails_of
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import (
    Case,
    CaseParcel,
    Document,
    Insertion,
    OwnerRecord,
    Parcel,
    Party,
    Proof,
    Service,
    ServiceEvent,
)
from noticeclerk.register.next_steps import MAY, NextStep, next_steps, state_of
from noticeclerk.register.parties import parties_of
from noticeclerk.register.payments import balance
from noticeclerk.register.roll import owner_of_record
from noticeclerk.writing import write_whole


@dataclass(frozen=True)
class CaseRow:
    """One line of the list of cases."""

    number: str
    village: str
    notice_type: str
    opened_on: date
    parcels: tuple[str, ...]
    documents: int
    # "open", or the reason it was closed: complied, withdrawn, paid.
    status: str

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "village": self.village,
            "notice_type": self.notice_type,
            "opened_on": self.opened_on.isoformat(),
            "parcels": list(self.parcels),
            "documents": self.documents,
            "status": self.status,
        }


def list_cases(
    engine: Engine,
    *,
    village: str | None = None,
    open_only: bool = False,
    ids: list[int] | None = None,
    workspace: Path | None = None,
) -> list[CaseRow]:
    """The cases in the register, oldest first; one village's, or only those still open, or
    only those of the register's `ids`."""
    villages: dict[str, Village] = {}
    with reading(engine) as session:
        counting = select(Document.case_id, func.count(Document.id)).group_by(Document.case_id)
        if ids is not None:
            counting = counting.where(Document.case_id.in_(ids))
        counts = dict(session.execute(counting).all())
        query = select(Case).order_by(Case.id)
        if village:
            query = query.where(Case.village == village)
        if open_only:
            query = query.where(Case.closed_at.is_(None))
        if ids is not None:
            query = query.where(Case.id.in_(ids))
        rows = []
        for case in session.execute(query).scalars():
            if case.village not in villages:
                villages[case.village] = load_village(case.village, workspace)
            zone = villages[case.village].timezone
            rows.append(
                CaseRow(
                    number=case.number,
                    village=case.village,
                    notice_type=case.notice_type,
                    opened_on=case.opened_at.astimezone(zone).date(),
                    parcels=tuple(link.parcel.parcel_id for link in case.parcels),
                    documents=counts.get(case.id, 0),
                    status=case.close_reason or "open",
                )
            )
    return rows


def find_cases(
    engine: Engine, words: str, *, limit: int = 50, workspace: Path | None = None
) -> list[CaseRow]:
    """The cases whose number, parcel, property address, owner of record or party contains
    `words` (case ignored), newest first, at most `limit` of them."""
    words = " ".join(words.split())
    if not words:
        return []
    # LIKE's own wildcards typed by the clerk are looked for as themselves. Case is ignored by
    # the database (ILIKE, or lower() on both sides), not by Python, whose lower() folds
    # letters SQLite's does not ("É"): what the clerk types exactly is always found.
    escaped = words.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"

    def like(column: Any) -> Any:
        return column.ilike(pattern, escape="\\")

    parcel_cases = (
        select(CaseParcel.case_id)
        .join(Parcel, Parcel.id == CaseParcel.parcel_pk)
        .outerjoin(OwnerRecord, OwnerRecord.parcel_pk == Parcel.id)
        .where(
            like(Parcel.parcel_id)
            | like(Parcel.property_address)
            | like(Parcel.section_block_lot)
            | like(OwnerRecord.owner_name)
        )
    )
    party_cases = select(Party.case_id).where(like(Party.name))
    with reading(engine) as session:
        ids = list(
            session.scalars(
                select(Case.id)
                .where(like(Case.number) | Case.id.in_(parcel_cases) | Case.id.in_(party_cases))
                .order_by(Case.id.desc())
                .limit(limit)
            )
        )
    return list(reversed(list_cases(engine, ids=ids, workspace=workspace)))


def case_history(
    engine: Engine, number: str, *, now: datetime, workspace: Path | None = None
) -> dict[str, Any]:
    """One case as the register holds it: parcels and owners, every record in the order it was
    made, each document with its service and payments, and what is due next."""
    with reading(engine) as session:
        case = find_case(session, number)
        village = load_village(case.village, workspace)
        zone = village.timezone
        parcels = []
        for link in case.parcels:
            owner = owner_of_record(session, link.parcel, now)
            parcels.append(
                {
                    "parcel_id": link.parcel.parcel_id,
                    "property_address": link.parcel.property_address,
                    "owner_name": owner.owner_name,
                    "mailing_lines": list(owner.mailing_lines),
                }
            )
        superseded = _superseded(case)
        records = [
            {
                "kind": entry.kind,
                "name": entry.name,
                "value": _plain(entry.value),
                "recorded_at": _moment(entry.recorded_at, zone),
                "recorded_by": entry.recorded_by,
                "current": entry.id not in superseded,
            }
            for entry in case.events
        ]
        documents = list(
            session.execute(
                select(Document).where(Document.case_id == case.id).order_by(Document.id)
            ).scalars()
        )
        proofs = list(
            session.execute(
                select(Proof)
                .where(Proof.document_id.in_([document.id for document in documents]))
                .order_by(Proof.id)
            ).scalars()
        )
        insertions = list(
            session.execute(
                select(Insertion)
                .where(Insertion.document_id.in_([document.id for document in documents]))
                .order_by(Insertion.published_on)
            ).scalars()
        )
        history = {
            "number": case.number,
            "village": village.slug,
            "village_name": village.name,
            "timezone": zone.key,
            "notice_type": case.notice_type,
            "status": case.close_reason or "open",
            "opened_at": _moment(case.opened_at, zone),
            "opened_by": case.opened_by,
            "closed": (
                {
                    "at": _moment(case.closed_at, zone),
                    "by": case.closed_by,
                    "reason": case.close_reason,
                    "note": case.close_note,
                }
                if case.closed_at is not None
                else None
            ),
            "recipient": case.recipient,
            "parcels": parcels,
            "parties": parties_of(case),
            "given_emails": given_emails_of(case),
            "records": records,
            "documents": [
                {
                    **_document(document, village, workspace),
                    "affidavits": _affidavits(proofs, document, zone),
                    "insertions": [
                        {
                            "published_on": insertion.published_on.isoformat(),
                            "newspaper": insertion.newspaper,
                            "affidavit_item": insertion.affidavit_item_id,
                            "recorded_by": insertion.recorded_by,
                        }
                        for insertion in insertions
                        if insertion.document_id == document.id
                    ],
                }
                for document in documents
            ],
        }
        today = now.astimezone(zone).date()
        steps = next_steps(state_of(session, case, workspace, today), today)
        # What the case may issue today, and each step it could take with its standing: now,
        # not yet (the day, or what must happen first), or not (why).
        history["may_issue"] = _may_issue(steps)
        history["next_steps"] = [step.to_json() for step in steps]
    history["next"] = [
        item.to_json()
        for item in what_is_due(
            engine, as_of=now, case=number, horizon_days=36500, workspace=workspace
        )
    ]
    return history


def _may_issue(steps: list[NextStep]) -> list[dict[str, Any]]:
    """The documents the case may issue now, each with the documents it would follow."""
    return [
        {
            "notice_type": step.notice.slug,
            "title": step.notice.title,
            "follows": list(step.follows),
            "follows_option": step.follows_option,
            "command": step.command,
        }
        for step in steps
        if step.standing.standing == MAY
    ]


def _superseded(case: Case) -> set[int]:
    newest: dict[tuple[str, str], int] = {}
    for entry in case.events:  # ordered by id: a later record replaces an earlier one
        newest[(entry.kind, entry.name)] = entry.id
    return {entry.id for entry in case.events} - set(newest.values())


def _document(document: Document, village: Village, workspace: Path | None) -> dict[str, Any]:
    zone = village.timezone
    notice = load_notice(village.slug, document.notice_type, workspace)
    return {
        "number": document.number,
        "notice_type": document.notice_type,
        "title": notice.title,
        # Its notice type is published in the official newspaper ('publish prepare').
        "published_in_newspaper": notice.publication is not None,
        "document_date": document.document_date.isoformat(),
        "issued_at": _moment(document.issued_at, zone),
        "issued_by": document.issued_by,
        "recipient_name": document.recipient_name,
        "recipient_role": document.recipient_role,
        "follows": document.follows,
        # The property it is about, in a case over several; None for the case as a whole.
        "parcel_id": document.parcel_id,
        "status": document.status,
        "void_reason": document.void_reason,
        "amount_due": document.amount_due,
        "paid": str(document.paid) if document.amount_due is not None else None,
        "outstanding": str(balance(document)) if document.amount_due is not None else None,
        "deadline": _deadline(document, zone),
        # Until service (or receipt) fixes the date, the rule the document states instead.
        "deadline_rule": notice.deadline_words if _deadline(document, zone) is None else None,
        # The record of the last standing mailing, whose receipt 'receipt --strike' strikes.
        "latest_mailing": (
            None
            if document.latest_mailing is None
            else document.all_services.index(document.latest_mailing) + 1
        ),
        # Every service record, struck ones too, each with its number ('serve --strike N').
        "services": [
            _service(position, service, zone)
            for position, service in enumerate(document.all_services, 1)
        ],
        "payments": [
            {"amount": p.amount, "paid_on": p.paid_on.isoformat(), "reference": p.reference}
            for p in document.payments
        ],
        "pdf_sha256": document.pdf_sha256,
        # The facts it printed (null for a document issued before the register kept them).
        "facts": _plain(document.facts) if document.facts is not None else None,
    }


def _affidavits(proofs: list[Proof], document: Document, zone: Any) -> list[dict[str, Any]]:
    """The affidavits of service issued for a document (`proof --issue`), oldest first, each
    with the service records it swears to that have since been struck: such an affidavit no
    longer states what the register proves, and a new one is issued."""
    numbers = {service.id: n for n, service in enumerate(document.all_services, start=1)}
    struck = {service.id for service in document.all_services if service.struck_at is not None}
    return [
        {
            "number": proof.number,
            "issued_at": _moment(proof.issued_at, zone),
            "issued_by": proof.issued_by,
            "services": len(proof.service_ids),
            "pdf_sha256": proof.pdf_sha256,
            "swears_to_struck": [numbers[i] for i in proof.service_ids if i in struck],
        }
        for proof in proofs
        if proof.document_id == document.id
    ]


def _deadline(document: Document, zone: Any) -> str | None:
    """The deadline in force: the one service fixed, else the one the document states."""
    if document.deadline_in_force is not None:
        return document.deadline_in_force
    stated = document.stated_deadline
    if isinstance(stated, datetime):
        return _moment(stated, zone)
    return stated.isoformat() if stated is not None else None


def _service(position: int, service: Service, zone: Any) -> dict[str, Any]:
    return {
        "record": position,
        "method": service.method,
        "served_at": _moment(service.served_at, zone),
        "served_by": service.served_by,
        "to_person": service.to_person,
        "relationship": service.related_as,
        "address": service.address,
        "email": service.email,
        "email_source": service.email_source,
        "email_given": None
        if service.given_email is None
        else {
            "given_by": service.given_email.given_by,
            "given_as": service.given_email.given_as,
            "department": service.given_email.department,
            "given_on": service.given_email.given_on.isoformat(),
            "writing_item": service.given_email.writing_item_id,
        },
        "article_number": service.article_number,
        "note": service.note,
        "effective": service.effective,
        "deadline": service.deadline,
        "struck": _struck(service, zone),
        "events": [
            {
                "kind": event.kind,
                "happened_at": _moment(event.happened_at, zone),
                "signed_by": event.signed_by,
                "struck": _struck(event, zone),
            }
            for event in service.all_events
        ],
    }


def _struck(record: Service | ServiceEvent, zone: Any) -> dict[str, Any] | None:
    """Who struck a mistaken record, when and why; None while it stands."""
    if record.struck_at is None:
        return None
    return {
        "at": _moment(record.struck_at, zone),
        "by": record.struck_by,
        "reason": record.struck_reason,
    }


def _moment(value: datetime, zone: Any) -> str:
    return value.astimezone(zone).isoformat(timespec="minutes")


def _plain(value: Any) -> Any:
    """A stored fact or event as JSON a reader needs no noticeclerk to understand."""
    if isinstance(value, dict):
        if set(value) in ({"date"}, {"datetime"}, {"decimal"}):
            return next(iter(value.values()))
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


def export_document(
    engine: Engine, number: str, out_dir: Path, formats: tuple[str, ...] = ("pdf", "docx")
) -> list[Path]:
    """Write an issued document's frozen files, checked against their SHA-256 first."""
    with reading(engine) as session:
        document = find_document(session, number)
        check_frozen(document)
        stored = {"pdf": document.pdf, "docx": document.docx}
        village = document.case.village
    return write_whole({kind: stored[kind] for kind in formats}, number, out_dir / village)
