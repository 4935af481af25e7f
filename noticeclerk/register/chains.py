"""A case's documents in the order the ordinances let them follow one another, turned into the
notice types a case may issue and the facts a follow-up takes from the document before it.

A notice definition says which documents it follows (`[follows] documents = [...]`): a bill
follows the notice the owner did not comply with, a sworn statement the bill left unpaid. A case
opened for the first document may issue every document that can follow it, each only once a
document it follows is issued there; a follow-up takes what it repeats (the bill's number, the
day it was mailed, the article number, what was paid) from the register, never retyped. A
follow-up of `every` document (`[follows] every = true`: the apportionment schedule) follows all
of them at once, one for each property of the case, and takes a line for each.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.content.notice_types import NoticeType, load_notice, notice_names
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.register.models import Case, Document


def case_notices(case: Case, workspace: Path | None) -> list[NoticeType]:
    """The case's own notice type first, then every one that may follow it, directly or after
    another follow-up, in the order they are reached."""
    first = load_notice(case.village, case.notice_type, workspace)
    village_has = set(notice_names(case.village, workspace))
    others = [load_notice(case.village, slug, workspace) for slug in village_has - {first.slug}]
    others.sort(key=lambda notice: notice.slug)
    for notice in others:
        for followed in notice.follows:
            if followed not in village_has:
                raise ConfigError(
                    notice.path,
                    "follows.documents",
                    f"names '{followed}', which is not a notice type of this village",
                )
    reached = [first]
    names = {first.slug}
    grew = True
    while grew:
        grew = False
        for notice in others:
            if notice.slug not in names and names & set(notice.follows):
                reached.append(notice)
                names.add(notice.slug)
                grew = True
    return reached


def notice_for(case: Case, slug: str | None, notices: list[NoticeType]) -> NoticeType:
    """The notice type a document of the case is to be, refused when it cannot follow there."""
    if slug is None or slug == case.notice_type:
        return notices[0]
    for notice in notices:
        if notice.slug == slug:
            return notice
    may = ", ".join(notice.slug for notice in notices)
    raise InputError(
        f"A '{slug}' does not follow the documents of case {case.number}; the case may issue: "
        f"{may}."
    )


def followed_document(
    case: Case, notice: NoticeType, documents: list[Document], chosen: str | None = None
) -> Document | None:
    """The document a follow-up follows: `chosen`, or the one the case leaves no doubt about
    (the last issued of a type it follows; for a follow-up given once for each document, the
    one still without it). None for the case's own notice type."""
    if notice.slug == case.notice_type:
        if chosen is not None:
            raise InputError(
                f"The {notice.title} is case {case.number}'s first document; it follows none."
            )
        if notice.every:
            titles = " or ".join(f"'{slug}'" for slug in notice.follows)
            raise InputError(
                f"The {notice.title} lists the {titles} documents of its case by number, so it "
                f"cannot be case {case.number}'s first document; open the case for those "
                "documents and issue it after them."
            )
        return None
    candidates = [
        document
        for document in documents
        if document.status == "issued" and document.notice_type in notice.follows
    ]
    if chosen is not None:
        for document in candidates:
            if document.number == chosen:
                return document
        may = ", ".join(document.number for document in candidates) or "none yet"
        raise InputError(
            f"{chosen} is not a document the {notice.title} may follow in case {case.number}; "
            f"it may follow: {may}."
        )
    if not candidates:
        titles = " or ".join(f"'{slug}'" for slug in notice.follows)
        raise InputError(
            f"The {notice.title} follows a {titles} issued in case {case.number}; issue that "
            "first (a void one does not count)."
        )
    if notice.once:
        done = answered(notice, documents)
        open_ones = [document for document in candidates if document.number not in done]
        if len(open_ones) > 1:
            numbers = ", ".join(document.number for document in open_ones)
            raise InputError(
                f"Case {case.number} has {len(open_ones)} documents the {notice.title} may "
                f"follow ({numbers}); name one with --follows."
            )
        if open_ones:
            return open_ones[0]
    return candidates[-1]


def answered(notice: NoticeType, documents: list[Document]) -> set[str]:
    """The numbers of the documents a follow-up given once for each has already answered,
    itself or one of the types it stands instead of."""
    answers = {notice.slug, *notice.instead_of}
    return {
        document.follows
        for document in documents
        if document.notice_type in answers and document.status == "issued" and document.follows
    }


def check_once(notice: NoticeType, followed: Document | None, documents: list[Document]) -> None:
    """Refuse a second follow-up where the ordinance gives one for each document it follows."""
    if not notice.once or followed is None or followed.number not in answered(notice, documents):
        return
    answers = {notice.slug, *notice.instead_of}
    document = next(
        document
        for document in documents
        if document.notice_type in answers
        and document.status == "issued"
        and document.follows == followed.number
    )
    if document.notice_type == notice.slug:
        raise InputError(
            f"{document.number} is already the {notice.title} for {followed.number}; there is "
            f"one for each, so void {document.number} first if it must be replaced."
        )
    raise InputError(
        f"{document.number} ({document.notice_type}) already answers {followed.number}, and "
        f"one of them is given for each, not both; void {document.number} first if the "
        f"{notice.title} must replace it."
    )


def every_document(
    case: Case, notice: NoticeType, documents: list[Document], parcel_ids: list[str]
) -> list[tuple[str, Document]]:
    """For a follow-up of `every` document: each property of the case with its document (the
    last issued, not void, of a type it follows), in the order of the case's parcels; refused
    while a property has none, and in a case over one property."""
    if len(parcel_ids) < 2:
        raise InputError(
            f"The {notice.title} lists the documents of the several properties of a case, one for "
            f"each; case {case.number} is over one property."
        )
    found = []
    for parcel_id in parcel_ids:
        mine = [
            document
            for document in documents
            if document.status == "issued"
            and document.notice_type in notice.follows
            and document.parcel_id == parcel_id
        ]
        if not mine:
            titles = " or ".join(f"'{slug}'" for slug in notice.follows)
            raise InputError(
                f"Parcel {parcel_id} of case {case.number} has no {titles} issued (a void one "
                f"does not count); the {notice.title} lists one for each property, so issue "
                "it first."
            )
        found.append((parcel_id, mine[-1]))
    return found


def taken_from_every(notice: NoticeType, followed: list[tuple[str, Document]]) -> dict[str, Any]:
    """The facts a follow-up of `every` document takes: a line for each, and what they bill."""
    taken: dict[str, Any] = {}
    for name, what in notice.takes.items():
        if what == "documents":
            taken[name] = [
                f"{parcel_id} | {document.number} | {document.document_date.isoformat()} | "
                f"{document.amount_due if document.amount_due is not None else 'none'}"
                for parcel_id, document in followed
            ]
        else:  # "amount_due": what they bill in all
            total = Decimal("0.00")
            for _, document in followed:
                if document.amount_due is None:
                    raise InputError(
                        f"{document.number} is not a bill; the {notice.title} needs one."
                    )
                total += Decimal(document.amount_due)
            taken[name] = total
    return taken


def taken_facts(notice: NoticeType, document: Document | None, zone: ZoneInfo) -> dict[str, Any]:
    """The facts a follow-up takes from the document it follows, as the register holds them."""
    if document is None:
        return {}
    return {name: _take(document, taken, notice, zone) for name, taken in notice.takes.items()}


def _take(document: Document, taken: str, notice: NoticeType, zone: ZoneInfo) -> Any:
    service = document.services[-1] if document.services else None
    if taken == "number":
        return document.number
    if taken == "document_date":
        return document.document_date
    if taken in ("amount_due", "paid", "outstanding"):
        if document.amount_due is None:
            raise InputError(f"{document.number} is not a bill; the {notice.title} needs one.")
        billed = Decimal(document.amount_due)
        return {"amount_due": billed, "paid": document.paid}.get(taken, billed - document.paid)
    if service is None:
        raise InputError(
            f"{document.number} has not been served; the {notice.title} takes the day and manner "
            f"of its service, so record it first with 'noticeclerk serve {document.number}'."
        )
    if taken == "served_on":
        return service.served_at.astimezone(zone).date()
    if taken == "article_number":
        if not service.article_number:
            raise InputError(
                f"{document.number} was served by {service.method.replace('_', ' ')}, with no "
                f"article number; the {notice.title} needs its certified mailing."
            )
        return service.article_number
    if taken == "receipt_signed_on":
        for event in service.events:
            if event.kind == "receipt_signed":
                return event.happened_at.astimezone(zone).date()
        raise InputError(
            f"No signed return receipt is recorded for {document.number}; record it with "
            f"'noticeclerk receipt {document.number} --signed DATE'."
        )
    # "deadline": the day the document's deadline fell, as its service fixed it.
    found = document.deadline_in_force
    if found is None:
        raise InputError(
            f"{document.number} has no deadline yet; the {notice.title} takes the day it fell."
        )
    return date.fromisoformat(found[:10])
