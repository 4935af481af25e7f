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

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from noticeclerk.computations.declared import unmet_checks
from noticeclerk.computations.figures import CaseContext
from noticeclerk.content.notice_types import NoticeType, load_notice, notice_names
from noticeclerk.content.village import Village
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


@dataclass(frozen=True)
class FollowUp:
    """A follow-up the case may issue now, and the documents it could follow: those of a type
    it follows, less those a follow-up given once for each has already answered."""

    notice: NoticeType
    follows: tuple[Document, ...]


def follow_ups(notices: list[NoticeType], documents: list[Document]) -> list[FollowUp]:
    """The follow-ups among a case's notice types (`case_notices`) that have a document to
    follow in `documents`, the case's documents in the order they were issued."""
    found = []
    for notice in notices[1:]:
        done = answered(notice, documents) if notice.once else set()
        open_ones = tuple(
            document
            for document in documents
            if document.status == "issued"
            and document.notice_type in notice.follows
            and document.number not in done
            # A follow-up of every property's document follows only documents of one property.
            and (not notice.every or document.parcel_id is not None)
        )
        if open_ones:
            found.append(FollowUp(notice, open_ones))
    return found


@dataclass(frozen=True)
class NextDocument:
    """A follow-up whose preconditions, as far as the register knows them, hold on a day: what
    it is, the document it follows, the facts the case must record first, and the command."""

    notice: NoticeType
    follows: str
    # Facts of the follow-up the case has not recorded; `issue` asks for each.
    needs: tuple[str, ...]
    # The party it goes to (an officer, a contractor) when the case has none recorded.
    needs_party: str | None
    command: str

    def to_json(self) -> dict[str, Any]:
        return {
            "notice_type": self.notice.slug,
            "title": self.notice.title,
            "follows": self.follows,
            "needs_facts": list(self.needs),
            "needs_party": self.needs_party,
            "command": self.command,
        }


def next_documents(
    case: Case,
    document: Document,
    notices: list[NoticeType],
    documents: list[Document],
    records: tuple[Mapping[str, Any], Mapping[str, date | datetime]],
    village: Village,
    on: date,
    *,
    appealed: bool = False,
) -> list[NextDocument]:
    """The follow-ups of `document` the case may issue on the day `on`, each only where none of
    its declared checks fails on the case's records, what it takes from `document` and `on`
    as its date (`unmet_checks`: nothing is composed or rendered, so a check waiting for a
    fact not yet recorded waits for `issue`). A follow-up is not named either when the register
    lacks what it takes from `document` (a service, a mailing's article number).

    `records` are the case's facts and events as recorded now. Where an event suspends
    `document` (an appeal served in time), the follow-ups that record it as a fact (the
    appeal's papers) are named only when the document is `appealed`, the others only when it
    is not."""
    zone = village.timezone
    recorded, events = records
    own = next((notice for notice in notices if notice.slug == document.notice_type), None)
    suspension = own.suspended_by.event if own and own.suspended_by else None
    named = []
    for follow_up in follow_ups(notices, documents):
        notice = follow_up.notice
        if document not in follow_up.follows:
            continue
        facts_of = {fact.name for fact in notice.facts}
        if (suspension in facts_of) != appealed:
            continue
        try:
            taken = taken_facts(notice, document, zone)
        except InputError:
            continue  # `issue` would refuse it, saying what the register lacks
        facts = {**recorded, **taken}
        mine = {name: value for name, value in facts.items() if name in facts_of}
        context = CaseContext(facts=mine, events=events, village=village, today=on)
        if unmet_checks(notice.declared, context):
            continue
        command = f"noticeclerk issue {case.number} {notice.slug}"
        if not (notice.to_each_owner and len(case.parcels) > 1):
            # A document to each owner follows each owner's document; `issue` pairs them.
            command += f" --follows {document.number}"
        needs = tuple(fact.name for fact in notice.facts if fact.name not in facts)
        party = notice.recipient
        recorded_party = party == "owner" or any(p.role == party for p in case.parties)
        needs_party = None if recorded_party else party
        named.append(NextDocument(notice, document.number, needs, needs_party, command))
    return named


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
