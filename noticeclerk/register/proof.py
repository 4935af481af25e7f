"""A document's service records, turned into what its affidavit of service in the state's form
prints (a draft to read, the issued affidavit frozen in the register to be sworn, or a void
document's copy for the record), and the issued affidavit's register record. The renderer
turns that into files in actions.proof; the register never loads it.

Each person who served swears to their own services and signs under them, with a jurat of their
own beside the signature, so that no jurat is ever parted from the signature it certifies. The
affidavit quotes the ordinance only where the notice definition gives the ordinance's own words
for the manner of service (`quote`); the definition's plain statement of a method is never
presented as ordinance text.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from noticeclerk.compose import village_context
from noticeclerk.content.notice_types import ServiceMethod, load_notice
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.given_emails import given_words
from noticeclerk.register.integrity import check_frozen, frozen
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import Document, Proof, Service
from noticeclerk.rules.periods import spell_date, spell_time
from noticeclerk.service_methods import MAIL_CLASSES, MAIL_METHODS, SERVICE_METHODS

if TYPE_CHECKING:
    from noticeclerk.render import Rendered

PROOF_TEMPLATE = "documents/affidavit_of_service.html.j2"


# What happened to a mailing afterwards, as the affidavit words it; a day of receipt the
# Village learned of otherwise than by a signed return receipt says so.
AFTERWARDS = {
    "receipt_signed": "receipt signed",
    "received": "received, as the Village recorded it",
    "returned_unclaimed": "returned unclaimed",
    "returned_refused": "returned refused by the addressee",
}


@dataclass(frozen=True)
class IssuedProof:
    """An affidavit of service issued and frozen: what the clerk is told, and its files."""

    number: str
    document: str
    affiants: tuple[str, ...]
    services: int
    pdf_sha256: str
    docx_sha256: str
    rendered: Rendered


@dataclass(frozen=True)
class ProofPage:
    """What an affidavit prints, for the renderer: its template and what fills it, the
    village whose letterhead it is on, its number, title, file name and date (sworn after the
    last service)."""

    template: str
    context: dict[str, Any]
    village: Village
    number: str
    title: str
    stem: str
    document_date: date


def draft_page(
    session: Session, number: str, *, workspace: Path | None, void_copy: bool
) -> ProofPage:
    """A draft of the affidavit of service of a document, marked on every page as not issued;
    or, with `void_copy`, a void document's affidavit marked VOID, for the record."""
    document = find_document(session, number)
    check_frozen(document)  # an affidavit swears to the bytes' SHA-256: they must have it
    if void_copy and document.status != "void":
        raise InputError(
            f"Document {number} is not void; --void-copy is only for a void document's "
            "record. Leave it out for a draft, or issue the affidavit with --issue."
        )
    if not void_copy:
        _refuse_void(document)
    return proof_page(document, workspace, mark="void" if void_copy else "draft")


def next_proof(
    session: Session, number: str, *, workspace: Path | None
) -> tuple[Document, ProofPage]:
    """The document and its next affidavit, numbered "<DOCUMENT>-AFF-1", then -AFF-2 for a
    later one, swearing to the document's standing services."""
    document = find_document(session, number)
    check_frozen(document)
    _refuse_void(document)
    taken = session.execute(
        select(func.count(Proof.id)).where(Proof.document_id == document.id)
    ).scalar_one()
    proof_number = f"{document.number}-AFF-{taken + 1}"
    return document, proof_page(document, workspace, mark=None, proof_number=proof_number)


def store_proof(
    session: Session,
    document: Document,
    page: ProofPage,
    rendered: Rendered,
    *,
    by: str,
    now: datetime,
) -> IssuedProof:
    """The affidavit kept in the register with its exact bytes, their SHA-256 and the services
    it swears to."""
    services = document.services
    proof = Proof(
        document_id=document.id,
        number=page.number,
        issued_at=now,
        issued_by=by,
        service_ids=[service.id for service in services],
        **frozen(session, rendered.files),
    )
    session.add(proof)
    session.flush()
    return IssuedProof(
        number=page.number,
        document=document.number,
        affiants=tuple(dict.fromkeys(service.served_by for service in services)),
        services=len(services),
        pdf_sha256=proof.pdf_sha256,
        docx_sha256=proof.docx_sha256,
        rendered=rendered,
    )


def issued_proofs(session: Session, document: Document) -> list[Proof]:
    """The affidavits issued for a document, oldest first."""
    return list(
        session.execute(
            select(Proof).where(Proof.document_id == document.id).order_by(Proof.id)
        ).scalars()
    )


def _refuse_void(document: Document) -> None:
    if document.status == "void":
        raise InputError(
            f"Document {document.number} is void ({document.void_reason}); an affidavit of its "
            "service proves nothing; ask with --void-copy for the record."
        )


def proof_page(
    document: Document,
    workspace: Path | None,
    *,
    mark: str | None,
    proof_number: str | None = None,
) -> ProofPage:
    """The affidavit as issued (`mark` None, with its number), as a draft, or as a void copy."""
    number = document.number
    if not document.services:
        raise InputError(
            f"Document {number} has no service recorded; record it with 'noticeclerk serve' first."
        )
    village = load_village(document.case.village, workspace)
    notice = load_notice(village.slug, document.notice_type, workspace)
    words = {entry.method: entry for entry in notice.service}
    zone = village.timezone
    services: list[dict[str, Any]] = []
    affiants: dict[str, list[dict[str, Any]]] = {}
    for service in document.services:
        facts = _service_facts(service, document, words, zone)
        entry = words.get(service.method)
        # The ordinance is quoted only in its own words, with the section they are in; where the
        # notice definition has none, the affidavit states the method and cites nothing, since a
        # section cited beside a manner of service would say the section provides it.
        facts["ordinance"] = (
            {"section": entry.section, "quote": entry.quote} if entry and entry.quote else None
        )
        services.append(facts)
        # Each person swears only to their own services, in the order they were recorded.
        affiants.setdefault(service.served_by, []).append(facts)
    context = {
        "village": village_context(village),
        "doc": {
            "title": f"Affidavit of Service — {notice.title}",
            "number": document.number,
            "served_title": notice.title,
            "date": document.document_date,
            "case_number": document.case.number,
            "recipient_name": document.recipient_name,
            "recipient_lines": list(document.recipient_lines),
            "pdf_sha256": document.pdf_sha256,
        },
        "affidavit": {
            "number": proof_number,
            "mark": mark,
            "void": (
                {
                    "reason": document.void_reason,
                    "date": spell_date(document.voided_at.astimezone(zone).date()),
                    "by": document.voided_by,
                }
                if mark == "void" and document.voided_at is not None
                else None
            ),
        },
        "services": services,
        "affiants": [{"name": name, "services": own} for name, own in affiants.items()],
    }
    # The affidavit is dated when it is sworn, which is after the last service.
    sworn = max(s.served_at for s in document.services).astimezone(zone).date()
    stem = {
        None: f"{proof_number}-affidavit-of-service",
        "draft": f"{number}-affidavit-of-service",
        "void": f"{number}-affidavit-of-service-VOID",
    }[mark]
    return ProofPage(
        PROOF_TEMPLATE,
        context,
        village,
        number=proof_number or f"{number}-AFF",
        title=f"Affidavit of Service — {proof_number or number}",
        stem=stem,
        document_date=sworn,
    )


def _service_facts(
    service: Service, document: Document, words: dict[str, ServiceMethod], zone: ZoneInfo
) -> dict[str, Any]:
    """One standing service as the affidavit states it: only what its record holds."""
    at = service.served_at.astimezone(zone)
    allowed = words.get(service.method)
    mailed = service.method in MAIL_METHODS
    called = service.called_at.astimezone(zone) if service.called_at is not None else None
    return {
        "server": service.served_by,
        "date": spell_date(at.date()),
        "time": _clock(at),
        "mailed": mailed,
        "emailed": service.method == "email",
        # Door posting and its call are two acts: the affidavit swears to each in a sentence.
        "posted_at_door": service.method == "door_and_phone",
        "method": MAIL_CLASSES[service.method] if mailed else SERVICE_METHODS[service.method],
        "deposited_at": service.deposited_at,
        "ordinance_words": allowed.words if allowed else SERVICE_METHODS[service.method],
        "section": allowed.section if allowed else "",
        "to_person": service.to_person,
        "relationship": service.related_as,
        # Where it happened, as the server recorded it. Only a mailing recorded before the
        # address was kept with it is stated at the address the document bears, which is the
        # address it was mailed to; a hand delivery never is (that may be a post office box).
        "address": service.address or (", ".join(document.recipient_lines) if mailed else None),
        "email": service.email,
        # Who gave the address, as what, to which department, when, and the writing's item;
        # a record made before those were kept has only the free text it was given.
        "email_given": None if service.given_email is None else given_words(service.given_email),
        "email_source": service.email_source,
        # Whom the address or the telephone number is on file for.
        "on_file_for": _addressee(document),
        "phone_result": service.phone_result,
        "phone_number": service.phone_number,
        "called_date": spell_date(called.date()) if called else None,
        "called_time": _clock(called) if called else None,
        "answered_by": service.answered_by,
        "article_number": service.article_number,
        "note": service.note,
        "events": [
            {
                "kind": AFTERWARDS[e.kind],
                "date": spell_date(e.happened_at.astimezone(zone).date()),
                "note": e.note,
                "signed_by": e.signed_by,
            }
            for e in service.events
        ],
    }


def _clock(moment: datetime) -> str:
    return f"{spell_time(moment.time())} {moment.tzname()}"


def _addressee(document: Document) -> str:
    """Whom the Village keeps the document's addressee on file as: the owner, or the party."""
    role = document.recipient_role
    return "the owner" if role in (None, "owner") else f"the {role}"
