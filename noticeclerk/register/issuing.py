"""A case in the register, turned into the documents it would issue (planned, with the numbers
they would take) and stored with their frozen bytes, once rendered.

The action that issues (actions.issuing) plans a document from a snapshot of the register and
renders it outside the write lock; then one transaction plans it again here, takes its number
and stores it with its PDF and DOCX. A crash anywhere before the commit leaves no document and
no number taken; after the commit the document is complete. An issued document is never
changed or deleted; a spoiled one is voided with its reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from noticeclerk.compose import Composed, compose
from noticeclerk.content.casefile import CaseFile, Recipient, checked_recipient
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.roll import Parcel as PrintedParcel
from noticeclerk.content.roll import Share
from noticeclerk.content.schema import refuse_control
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.register.cases import find_open_case, latest
from noticeclerk.register.chains import (
    SHARED_COST,
    case_notices,
    every_document,
    followed_document,
    kept_charges,
    notice_for,
    parcel_for,
    taken_facts,
    taken_from_every,
)
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.facts import to_json
from noticeclerk.register.gathering import gathered_liens, parcels_gathered
from noticeclerk.register.integrity import check_frozen, frozen
from noticeclerk.register.models import Case, Document, MailBatch, MailPiece
from noticeclerk.register.next_steps import (
    CaseState,
    Standing,
    each_owner,
    listed_in,
    refuse_unless_allowed,
    standing_of,
)
from noticeclerk.register.numbering import (
    document_number,
    next_number,
    permit_number,
    take_number,
    yearly_permit_number,
)
from noticeclerk.register.parties import choose_recipient
from noticeclerk.register.roll import owner_of_record
from noticeclerk.rules.periods import spell_date
from noticeclerk.service_methods import MAIL_METHODS

if TYPE_CHECKING:
    # The renderer loads WeasyPrint; finding, serving and paying a document must not need it.
    from noticeclerk.render import Rendered


@dataclass(frozen=True)
class Issued:
    """What the clerk is told about an issued document."""

    number: str
    case: str
    title: str
    recipient: str
    pdf_sha256: str
    docx_sha256: str
    rendered: Rendered


class PlanChanged(Exception):
    """What a document prints changed between its planning and its transaction: the
    transaction is rolled back, and the document planned and rendered again."""


@dataclass(frozen=True)
class IssueRequest:
    """One line of work for issuing: a case, and what the clerk chose for its document."""

    case_number: str
    notice_slug: str | None = None
    document_date: date | None = None
    to: str | None = None
    given: tuple[str, str] | None = None
    follows: str | None = None
    # How many documents (void ones too) the case had when the clerk read what will be
    # issued: if another was issued since (a second press of the button), nothing is.
    seen_documents: int | None = None
    # The day the Village will mail it, for a document whose time counts from its mailing: it
    # then states its deadline as a date counted from that day (NY legal reading CF-3).
    mailing_on: date | None = None


@dataclass
class Planned:
    """One document as it will be issued, before its files exist: what it prints (`printed`,
    whose number was taken or only foreseen), its computed context, and its register row."""

    printed: CaseFile
    composed: Composed
    document: Document
    title: str

    def same_as(self, other: Planned) -> bool:
        """True when `other` prints exactly what this one does, so its files serve for both."""
        return (
            self.printed == other.printed
            and self.document.recipient_role == other.document.recipient_role
            and self.document.follows == other.document.follows
            and self.document.parcel_id == other.document.parcel_id
        )


class ForeseenNumbers:
    """The numbers the next documents will take, read without taking them: planning outside
    the write lock foresees them, and the transaction that stores the documents takes them."""

    def __init__(self) -> None:
        self.next: dict[str, int] = {}

    def __call__(self, session: Session, series: str) -> int:
        if series not in self.next:
            self.next[series] = next_number(session, series)
        number = self.next[series]
        self.next[series] = number + 1
        return number


def plan_documents(
    session: Session,
    request: IssueRequest,
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
    numbers: Callable[[Session, str], int] | None = None,
) -> list[Planned]:
    """The documents a request makes, computed from the register as `session` sees it, each
    with its number: taken (`take_number`, in a transaction) or foreseen (the default)."""
    numbers = numbers or ForeseenNumbers()
    case = find_open_case(session, request.case_number)
    village = load_village(case.village, workspace)
    notices = case_notices(case, workspace)
    notice = notice_for(case, request.notice_slug, notices)
    # A follow-up of one owner's share of a cost (a sworn statement of that bill) is about
    # that share too.
    shared_types = {one.slug for one in notices if one.shared_by}
    today = now.astimezone(village.timezone).date()
    when = request.document_date or today
    if when > today:
        # What the law allows is judged on the document's date: a date not yet come would let a
        # waiting period, an appeal's day or a check of the date be passed over.
        raise InputError(
            f"{spell_date(when)} is after today, {spell_date(today)}, on {village.name}'s "
            "calendar; a document is dated the day it is issued, or earlier: check --date."
        )
    documents = list(
        session.execute(
            select(Document).where(Document.case_id == case.id).order_by(Document.id)
        ).scalars()
    )
    # The owner of record as the roll stood at the end of the document's date.
    as_of = datetime.combine(when + timedelta(days=1), time(0), tzinfo=village.timezone)
    parcels = tuple(_printed(session, link.parcel, as_of) for link in case.parcels)
    recorded = latest(case, "fact", village.timezone)
    if notice.gathers is not None:
        # A document of the village: its lines and the properties they name come from the
        # village's other cases, as the register holds them on its date.
        lines, gathered = gathered_liens(session, case, notice, village, when, workspace)
        recorded[notice.gathers.fact] = lines
        parcels = tuple(_printed(session, parcel, as_of) for parcel in gathered)
    elif not case.parcels:
        # A follow-up of a village's document (the Board's resolution on its list of liens)
        # names the properties that document gathered, as it printed them.
        parcels = tuple(
            _printed(session, parcel, as_of)
            for parcel in parcels_gathered(session, case, notices, documents)
        )
    if notice.every and notice.slug != case.notice_type:
        ids = [p.parcel_id for p in parcels]
        followed_every = every_document(case, notice, documents, ids)
        recorded.update(
            taken_from_every(notice, followed_every, documents, village.timezone, recorded)
        )
    events = latest(case, "event", village.timezone)
    # Only what the document prints counts from the planned mailing; the case records the
    # mailing when it happens.
    printed_events = dict(events)
    if notice.service_effective == "on_receipt" and notice.anchor is not None:
        # Its time counts from the day it is received, which nobody knows when it is issued: a
        # day the case recorded for it ahead (a case file giving the receipt) is not printed as
        # if known; the document states the rule in words, and recording its receipt fixes
        # the date (NY legal reading C-24). A planned service or mailing may still be printed.
        printed_events.pop(notice.anchor, None)
    if request.mailing_on is not None:
        anchor = _mailing_anchor(notice, request.mailing_on, when, today)
        printed_events[anchor] = request.mailing_on
    planned = []
    addressees = _addressees(
        case,
        notice,
        parcels,
        documents,
        request.follows,
        shared_types,
        to=request.to,
        given=request.given,
    )
    # What the case may issue is what its next steps allow, in their sentence (next_steps):
    # the same answer `case show`, `due` and the desk give.
    owners = {p.parcel_id: p.owner_name for p in parcels}
    listed = listed_in(session, case, notices)
    state = CaseState(case, village, notices, list(documents), recorded, events, owners, listed)
    judged = [
        (one, standing_of(state, notice, one.followed, one.parcel_id, when, one.recipient.name))
        for one in addressees
    ]
    addressees = _still_to_give(judged)
    readings = state.readings(notice)
    for one in addressees:
        # A follow-up repeats what the register holds of the documents before it; what it
        # takes of one parcel is of the parcel it is for.
        parcel = parcel_for(one.parcel_id, [p.parcel_id for p in one.parcels])
        taken = taken_facts(notice, one.followed, village.timezone, documents, parcel, events)
        if len(parcels) > 1:
            _refuse_one_charge_for_all(case, notice, taken)
        facts = {**recorded, **taken, **readings}
        # A fact taken from a followed document is absent when the document follows none;
        # not what it bills one parcel, which a case of its own records, nor the day of an
        # event the case records.
        excused = set(notice.takes) - set(notice.takes_by_parcel) - set(notice.takes_events)
        missing = [
            fact
            for fact in notice.facts
            if fact.name not in facts and (one.followed or fact.name not in excused)
        ]
        if missing:
            fact = missing[0]
            event = notice.takes_events.get(fact.name)
            if event is not None:
                raise InputError(
                    f"Case {case.number} has no event '{event}' recorded ({fact.label}); "
                    f"record it with 'noticeclerk case record {case.number} --event "
                    f"{event}=DATE'."
                )
            raise InputError(
                f"Case {case.number} lacks the fact '{fact.name}' ({fact.label}); record it "
                f"with 'noticeclerk case record {case.number} --fact {fact.name}=...'."
            )
        printed = CaseFile(
            path=Path(case.number),
            village=village.slug,
            notice=notice.slug,
            case_number=case.number,
            document_number=_next_number(session, village, notice, when, numbers),
            date=when,
            parcels=one.parcels,
            recipient=one.recipient,
            events=printed_events,
            facts={f.name: facts[f.name] for f in notice.facts if f.name in facts},
            raw_facts={},
            share=one.share,
        )
        # Computed once: the document prints this deadline and these figures, and the
        # register keeps the same ones.
        composed = compose(printed, notice, village)
        # A deadline counted from receipt cannot be stated as a date when the document is
        # issued; its template words it from receipt, and serving it cannot make it short.
        stated = composed.deadline if notice.service_effective != "on_receipt" else None
        # Not added to the session: the transaction that stores it adds it with its files.
        document = Document(
            number=printed.document_number,
            case_id=case.id,
            notice_type=notice.slug,
            document_date=when,
            issued_at=now,
            issued_by=by,
            recipient_name=one.recipient.name,
            recipient_lines=list(one.recipient.address_lines),
            recipient_role=one.role,
            follows=one.followed.number if one.followed else None,
            parcel_id=one.parcel_id,
            stated_due_on=_day_of(stated.due) if stated else None,
            stated_due_at=stated.due if stated and stated.has_time else None,
            mailing_planned_on=request.mailing_on,
            amount_due=composed.amount_due(),
            parcel_charges=_charges_kept(notice, composed.figures, one.followed),
            facts={
                **{name: to_json(value) for name, value in printed.facts.items()},
                # A share bill keeps the cost it was split from, which it prints, so the
                # apportionment schedule lists that cost and not the sum of the shares.
                **(
                    {SHARED_COST: to_json(composed.figures["share"]["total"])}
                    if "share" in composed.figures
                    else {}
                ),
            },
        )
        # A later addressee of the same request sees this one (given once for each parcel).
        documents.append(document)
        planned.append(Planned(printed, composed, document, notice.title))
    return planned


def _charges_kept(
    notice: NoticeType, figures: dict[str, Any], followed: Document | None
) -> dict[str, Any] | None:
    """What the document charges parcel by parcel, as the register keeps it: its own
    computation's, or the ones of the document it follows where it proposes those."""
    if notice.keeps_charges and followed is not None:
        return followed.parcel_charges
    return kept_charges(figures)


def planned_mailing_refusal(notice: NoticeType) -> str | None:
    """Why a document of this notice type cannot state its deadline from a planned mailing, or
    None where it can: its deadline counts from its service, it is served by mail, and the
    mailing (not a later receipt) starts the time."""
    cannot = f"The {notice.title} cannot state its deadline from the day it will be mailed: "
    if notice.deadline is None or notice.anchor is None:
        return cannot + "it sets no deadline counted from an act."
    if not notice.deadline_counts_from_service or notice.anchor == notice.document_date_is:
        return cannot + f"its time counts from '{notice.anchor}', not from its mailing."
    if notice.service_effective == "on_receipt":
        return (
            cannot + "its time counts from the day it is received, which the mailing does not "
            "fix; record the receipt when it comes."
        )
    if not any(entry.method in MAIL_METHODS for entry in notice.service):
        return cannot + "its ordinance does not serve it by mail."
    return None


# How long after its date a document may be issued to be mailed: the day is the one the clerk
# takes it to the post office, not a plan for next season.
MAILING_WITHIN_DAYS = 30


def _mailing_anchor(notice: NoticeType, mailing_on: date, when: date, today: date) -> str:
    """The event a document's deadline counts from, which its planned mailing fixes; refused
    where the deadline does not count from the mailing, or the day is before the document's
    date or today (a mailing already made is recorded with `serve`), or long after them."""
    refusal = planned_mailing_refusal(notice)
    if refusal is not None:
        raise InputError(refusal + " Leave out the day it will be mailed.")
    if mailing_on < when:
        raise InputError(
            f"The day it will be mailed, {spell_date(mailing_on)}, is before the document's "
            f"date, {spell_date(when)}; a document is mailed on or after its date."
        )
    if mailing_on < today:
        raise InputError(
            f"The day it will be mailed, {spell_date(mailing_on)}, is before today, "
            f"{spell_date(today)}; give today or a later day, and record a mailing already made "
            "with 'noticeclerk serve'."
        )
    if (mailing_on - max(when, today)).days > MAILING_WITHIN_DAYS:
        raise InputError(
            f"The day it will be mailed, {spell_date(mailing_on)}, is more than "
            f"{MAILING_WITHIN_DAYS} days away; issue the document nearer the day it is mailed, "
            "so that what it states is still true when it goes out."
        )
    assert notice.anchor is not None
    return notice.anchor


def unchanged_since_read(session: Session, request: IssueRequest) -> None:
    """Refuse a request made on a preview of the case read before another document was issued
    in it (a second press of the button)."""
    if request.seen_documents is None:
        return
    now_held = documents_in_case(session, request.case_number)
    if now_held != request.seen_documents:
        raise InputError(
            f"Case {request.case_number} has {now_held} documents now, not the "
            f"{request.seen_documents} it had when you read the preview (one was issued since, "
            "perhaps by pressing Issue twice): nothing more was issued; read the case again."
        )


def _still_to_give(judged: list[tuple[_Addressee, Standing]]) -> list[_Addressee]:
    """The addressees a request issues for: where it goes to each owner, those whose document
    the next steps allow now (one whose document was voided gets a new one alone; an owner
    whose notice is not served yet gets the bill later); refused in the first sentence of the
    next steps when none is allowed."""
    if len(judged) > 1:
        allowed = [one for one in judged if one[1].may]
        judged = allowed or [one for one in judged if not one[1].given] or judged[:1]
    for _, standing in judged:
        refuse_unless_allowed(standing)
    return [one for one, _ in judged]


def _refuse_one_charge_for_all(case: Case, notice: NoticeType, taken: dict[str, object]) -> None:
    """In a case over several properties, what a document takes of one parcel (its line of
    the schedule) must come from the register: a fact the case records is one for all."""
    for name in notice.takes_by_parcel:
        if name not in taken:
            raise InputError(
                f"The {notice.title} states each property's own {name.replace('_', ' ')}, "
                f"which it takes from the schedule that charged it; case {case.number} is over "
                "several properties, so issue it after that schedule and the documents that "
                "follow it, never with one amount typed for all."
            )


def store_planned(
    session: Session,
    request: IssueRequest,
    planned: list[Planned],
    rendered: list[Rendered],
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
    render_again: Callable[[list[Planned]], list[Rendered]] | None,
) -> list[Issued]:
    """Plan the request again under the write lock, taking the numbers, and store its
    documents with the files rendered for the plan if they print the same. If not, the files
    are rendered again here (`render_again`), or PlanChanged rolls the transaction back."""
    unchanged_since_read(session, request)
    taken = plan_documents(
        session, request, by=by, now=now, workspace=workspace, numbers=take_number
    )
    if len(taken) != len(planned) or not all(
        mine.same_as(theirs) for mine, theirs in zip(planned, taken, strict=False)
    ):
        if render_again is None:
            raise PlanChanged
        rendered = render_again(taken)
    issued = []
    for one, files in zip(taken, rendered, strict=True):
        document = one.document
        for column, value in frozen(session, files.files).items():
            setattr(document, column, value)
        session.add(document)
        session.flush()
        issued.append(
            Issued(
                number=document.number,
                case=one.printed.case_number,
                title=one.title,
                recipient=document.recipient_name,
                pdf_sha256=document.pdf_sha256,
                docx_sha256=document.docx_sha256,
                rendered=files,
            )
        )
    return issued


@dataclass(frozen=True)
class _Addressee:
    """One document to make: whom it goes to, the properties it is about, the document it
    follows and the property's share of a cost several share."""

    recipient: Recipient
    role: str | None
    parcels: tuple[PrintedParcel, ...]
    followed: Document | None
    parcel_id: str | None = None
    share: Share | None = None


def _rests_on_share(followed: Document, documents: list[Document], shared_types: set[str]) -> bool:
    """Whether `followed`, or a document it follows further back, bills one owner's share of a
    cost several properties share: the statement of that bill, and the lien's payoff after the
    statement, are about that share too."""
    by_number = {document.number: document for document in documents}
    source: Document | None = followed
    while source is not None:
        if source.notice_type in shared_types:
            return True
        source = by_number.get(source.follows) if source.follows else None
    return False


def _addressees(
    case: Case,
    notice: NoticeType,
    parcels: tuple[PrintedParcel, ...],
    documents: list[Document],
    follows: str | None,
    shared_types: set[str],
    *,
    to: str | None,
    given: tuple[str, str] | None,
) -> list[_Addressee]:
    if notice.every:
        if follows is not None:
            raise InputError(
                f"The {notice.title} follows every document it lists in case {case.number}; "
                "--follows does not apply."
            )
        followed_document(case, notice, documents)  # refused as a first document, or too soon
        recipient, role = choose_recipient(case, notice, parcels, to=to, given=given)
        return [_Addressee(recipient, role, parcels, None)]
    ids = [p.parcel_id for p in parcels]
    followed = None
    if notice.slug != case.notice_type and not (notice.to_each_owner and len(parcels) > 1):
        followed = followed_document(case, notice, documents, follows)
    addressed_to_owners = given is None and to in (None, "owner")
    if addressed_to_owners and each_owner(notice, followed, ids):
        return _to_each_owner(case, notice, parcels, documents, follows)
    if followed is not None and followed.parcel_id is not None:
        # A follow-up of one owner's document is about that owner's property (and its share).
        position = ids.index(followed.parcel_id) + 1
        mine = tuple(p for p in parcels if p.parcel_id == followed.parcel_id)
        recipient, role = choose_recipient(case, notice, mine, to=to, given=given)
        shared = _rests_on_share(followed, documents, shared_types) or notice.shared_by is not None
        share = Share(position, len(parcels)) if shared else None
        return [_Addressee(recipient, role, mine, followed, followed.parcel_id, share)]
    if notice.to_each_owner and len(parcels) > 1:
        raise InputError(
            f"The {notice.title} goes to the owner of record of each of the {len(parcels)} "
            f"properties of case {case.number}; it is not addressed to another person."
        )
    recipient, role = choose_recipient(case, notice, parcels, to=to, given=given)
    return [_Addressee(recipient, role, parcels, followed)]


def _to_each_owner(
    case: Case,
    notice: NoticeType,
    parcels: tuple[PrintedParcel, ...],
    documents: list[Document],
    follows: str | None,
) -> list[_Addressee]:
    """One document for the owner of record of each property, naming that property alone and
    following that owner's document (or the case's); with --follows, only the owners of the
    document it names."""
    if follows is not None:
        named = next((d for d in documents if d.number == follows), None)
        if named is not None and named.parcel_id is not None:
            # The owner of the property the named document is about, alone.
            parcels = tuple(p for p in parcels if p.parcel_id == named.parcel_id) or parcels
    return [
        _Addressee(
            checked_recipient(f"Case {case.number}", p.owner_name, p.mailing_lines),
            "owner",
            (p,),
            followed_document(
                case, notice, _of_parcel(documents, p.parcel_id), follows, parcel_id=p.parcel_id
            ),
            p.parcel_id,
            Share(_position(case, p.parcel_id), len(case.parcels)) if notice.shared_by else None,
        )
        for p in parcels
    ]


def _position(case: Case, parcel_id: str) -> int:
    """A property's place among the case's, counted from 1 (its share of a split cost)."""
    return [link.parcel.parcel_id for link in case.parcels].index(parcel_id) + 1


def _of_parcel(documents: list[Document], parcel_id: str) -> list[Document]:
    """The documents about one property of a case, and those about the whole case."""
    return [document for document in documents if document.parcel_id in (None, parcel_id)]


def _next_number(
    session: Session,
    village: Village,
    notice: NoticeType,
    when: date,
    numbers: Callable[[Session, str], int],
) -> str:
    prefix = village.letterhead.number_prefix
    if notice.kind == "permit" and village.permit_series == "one series":
        return permit_number(prefix, numbers(session, f"{village.slug}:permit"))
    if notice.kind == "permit":
        sequence = numbers(session, f"{village.slug}:permit:{when.year}")
        return yearly_permit_number(prefix, when.year, sequence)
    sequence = numbers(session, f"{village.slug}:document:{when.year}")
    return document_number(prefix, when.year, sequence)


def _printed(session: Session, parcel: object, as_of: datetime) -> PrintedParcel:
    owner = owner_of_record(session, parcel, as_of)  # type: ignore[arg-type]
    return PrintedParcel(
        parcel_id=parcel.parcel_id,  # type: ignore[attr-defined]
        section_block_lot=parcel.section_block_lot,  # type: ignore[attr-defined]
        property_address=parcel.property_address,  # type: ignore[attr-defined]
        owner_name=owner.owner_name,
        mailing_lines=tuple(owner.mailing_lines),
        email=owner.email,
        phone=owner.phone,
        tax_lots=parcel.tax_lots,  # type: ignore[attr-defined]
        resident=parcel.resident,  # type: ignore[attr-defined]
        dwelling=parcel.dwelling,  # type: ignore[attr-defined]
    )


def documents_in_case(session: Session, case_number: str) -> int:
    """How many documents a case has, void ones too."""
    return session.scalar(
        select(func.count(Document.id)).join(Case).where(Case.number == case_number)
    )


def find_document(session: Session, number: str) -> Document:
    document = session.execute(
        select(Document).where(Document.number == number)
    ).scalar_one_or_none()
    if document is None:
        raise InputError(f"There is no document {quoted_back(number)} in the register.")
    return document


def printed_in_batch(session: Session, document: Document) -> str | None:
    """The number of the mail batch, printed and not yet accepted by the post office, that holds
    `document`'s letter, or None."""
    return session.scalars(
        select(MailBatch.number)
        .join(MailPiece)
        .where(MailPiece.document_id == document.id, MailBatch.status == "prepared")
    ).first()


def void(
    engine: Engine,
    number: str,
    *,
    reason: str,
    by: str,
    now: datetime,
    workspace: Path | None = None,
) -> None:
    """Mark a spoiled document void; it stays in the register with its number and reason."""
    from noticeclerk.register.payments import refuse_void_of_paid

    if not reason.strip():
        raise InputError("Say why the document is void: give --reason.")
    refuse_control(reason, "The reason (--reason)")
    with transaction(engine) as session:
        document = find_document(session, number)
        if document.status == "void":
            raise InputError(
                f"Document {number} was already voided on {document.voided_at:%Y-%m-%d}."
            )
        refuse_void_of_paid(document, workspace)
        _refuse_void_of_followed(session, document)
        _refuse_void_of_listed(session, document, workspace)
        batch = printed_in_batch(session, document)
        if batch is not None:
            # The letter is in a printed stack that may already be at the post office: a void
            # document must not be recorded as served when the batch is accepted.
            raise InputError(
                f"Document {number} is printed in mail batch {batch}, which the post office has "
                f"not accepted yet: pull the letter and record the batch with 'noticeclerk mail "
                f"accepted {batch} --pieces N --missing {number}', or cancel the batch with "
                f"'noticeclerk mail cancel {batch}', then void it."
            )
        document.status = "void"
        document.void_reason = reason.strip()
        document.voided_at = now
        document.voided_by = by


def _refuse_void_of_followed(session: Session, document: Document) -> None:
    """A document that a standing document follows is not voided first: the follow-up would
    stand on nothing (a permit on a voided application could be neither renewed nor refunded;
    a lien on a voided bill would still be listed for the roll). Voids go from the last
    document back."""
    follower = session.scalars(
        select(Document).where(
            Document.case_id == document.case_id,
            Document.follows == document.number,
            Document.status == "issued",
        )
    ).first()
    if follower is not None:
        raise InputError(
            f"{follower.number} follows {document.number} and stands; void {follower.number} "
            f"first (with its reason), then {document.number}, and issue them again in order."
        )


def _refuse_void_of_listed(session: Session, document: Document, workspace: Path | None) -> None:
    """A document that a standing follow-up of every document lists by number (the certificate
    of mailing to every owner) is not voided first: the follow-up would still certify it. A
    publication is left alone, since what the newspaper printed stands whatever the register
    says of it."""
    mine = f" | {document.number} | "
    others = session.scalars(select(Document).where(Document.case_id == document.case_id))
    for other in others:
        if other.status != "issued" or other.id == document.id or not other.facts:
            continue
        lines = [
            line
            for value in other.facts.values()
            if isinstance(value, list)
            for line in value
            if isinstance(line, str)
        ]
        if not any(mine in f" | {line}" for line in lines):
            continue
        notice = load_notice(document.case.village, other.notice_type, workspace)
        if notice.every and notice.kind != "publication":
            raise InputError(
                f"{other.number}, the {notice.title}, lists {document.number}; void "
                f"{other.number} first, then {document.number}, and issue it again once the "
                "documents it lists stand."
            )


def frozen_files(engine: Engine, number: str) -> tuple[Document, dict[str, bytes]]:
    """The issued bytes of a document, checked against their SHA-256 before they are used."""
    with reading(engine) as session:
        document = find_document(session, number)
        check_frozen(document)
        return document, {"pdf": document.pdf, "docx": document.docx}


def document_village(engine: Engine, number: str, workspace: Path | None) -> Village:
    """The village a document belongs to, for reading times in its zone."""
    with reading(engine) as session:
        return load_village(find_document(session, number).case.village, workspace)


def _day_of(due: date | datetime) -> date:
    return due.date() if isinstance(due, datetime) else due
