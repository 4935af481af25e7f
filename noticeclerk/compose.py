"""A case, its notice type and the village's letterhead, turned into one document context."""

from __future__ import annotations

from typing import Any

from noticeclerk.casefile import CaseFile
from noticeclerk.catalogue import NoticeType
from noticeclerk.computations import COMPUTATIONS
from noticeclerk.letterhead import Letterhead
from noticeclerk.villages import Village


def compose(
    case: CaseFile, notice: NoticeType, village: Village, letterhead: Letterhead
) -> dict[str, Any]:
    """Everything a template may print, each fact computed by the rules or read from the case.

    The deadline comes from the time engine with its reasons; nothing here formats or
    guesses a fact, so a fact the case lacks stays missing and the template render fails on it.
    """
    signer = letterhead.officer(notice.signer, village.path, f"the notice type {notice.path}")
    deadline = None
    if notice.deadline is not None:
        computed = notice.deadline.deadline(village.calendar, case.events, case.facts)
        deadline = {
            "due": computed.due,
            "has_time": computed.has_time,
            "steps": [str(step) for step in computed.steps],
        }
    return {
        "doc": {
            "title": notice.title,
            "number": case.document_number,
            "case_number": case.case_number,
            "date": case.date,
            "citations": list(notice.sections),
            "mail_class": notice.mail_class,
        },
        "village": village_context(village, letterhead),
        "recipient": {
            "name": case.recipient.name,
            "address_lines": list(case.recipient.address_lines),
        },
        "parcels": [
            {
                "id_label": "Section, Block and Lot" if p.section_block_lot else "Parcel No.",
                "identifier": p.section_block_lot or p.parcel_id,
                "parcel_id": p.parcel_id,
                "address": p.property_address,
                "owner_name": p.owner_name,
                "tax_lots": p.tax_lots,
            }
            for p in case.parcels
        ],
        "deadline": deadline,
        "deadline_lead": notice.deadline_lead,
        "quotes": [{"section": q.section, "text": q.text} for q in notice.quotes],
        "service_methods": [
            {"method": s.method, "words": s.words, "section": s.section} for s in notice.service
        ],
        "signer": {"name": signer.name, "title": signer.title},
        "facts": case.facts,
        "events": case.events,
        "text": notice.text,
        "figures": COMPUTATIONS[notice.computation](case.facts) if notice.computation else {},
    }


def village_context(village: Village, letterhead: Letterhead) -> dict[str, Any]:
    """What the letterhead, the signature and the jurat print about the village."""
    return {
        "name": village.name,
        "sample": village.sample,
        "demonstration": letterhead.demonstration,
        "state_name": village.state.state_name,
        "county": letterhead.county,
        "address_lines": list(letterhead.address_lines),
        "phone": letterhead.phone,
        "email": letterhead.email,
        "website": letterhead.website,
        "office_hours": letterhead.office_hours,
        "seal": letterhead.seal,
    }
