"""A document's service records, turned into an affidavit of service with the state's jurat."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine

from noticeclerk.compose import village_context
from noticeclerk.content.notice_types import ServiceMethod, load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import transaction
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import Document, Service
from noticeclerk.render import Rendered, Renderer
from noticeclerk.rules.periods import spell_date, spell_time
from noticeclerk.service_methods import MAIL_METHODS, SERVICE_METHODS

PROOF_TEMPLATE = "documents/affidavit_of_service.html.j2"


# What happened to a mailing afterwards, as the affidavit words it; a day of receipt the
# Village learned of otherwise than by a signed return receipt says so.
AFTERWARDS = {
    "receipt_signed": "receipt signed",
    "received": "received, as the Village recorded it",
    "returned_unclaimed": "returned unclaimed",
}


def render_proof(
    engine: Engine, number: str, *, workspace: Path | None, renderer: Renderer | None = None
) -> Rendered:
    """The affidavit of service (or of mailing) for every service recorded for a document."""
    with transaction(engine) as session:
        document = find_document(session, number)
        if not document.services:
            raise InputError(
                f"Document {number} has no service recorded; "
                "record it with 'noticeclerk serve' first."
            )
        village = load_village(document.case.village, workspace)
        notice = load_notice(village.slug, document.notice_type, workspace)
        words = {entry.method: entry for entry in notice.service}
        services: list[dict[str, Any]] = []
        for service in document.services:
            services.append(_service_facts(service, document, words, village.timezone))
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
            "services": services,
        }
        renderer = renderer or Renderer(workspace)
        # The affidavit is dated when it is sworn, which is after the last service.
        sworn = max(s.served_at for s in document.services).astimezone(village.timezone).date()
        return renderer.render_template(
            PROOF_TEMPLATE,
            context,
            village,
            number=f"{document.number}-AFF",
            title=f"Affidavit of Service — {document.number}",
            stem=f"{document.number}-affidavit-of-service",
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
        "method": SERVICE_METHODS[service.method],
        "ordinance_words": allowed.words if allowed else SERVICE_METHODS[service.method],
        "section": allowed.section if allowed else "",
        "to_person": service.to_person,
        # Where it happened, as the server recorded it. Only a mailing recorded before the
        # address was kept with it is stated at the address the document bears, which is the
        # address it was mailed to; a hand delivery never is (that may be a post office box).
        "address": service.address or (", ".join(document.recipient_lines) if mailed else None),
        "email": service.email,
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
