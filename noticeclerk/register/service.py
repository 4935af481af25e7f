"""A service of an issued document, turned into a record and the deadline that follows from it.

The method must be one the notice type allows. The effective date of service follows the
notice type's rule: on the act of service (handing it over, mailing, posting, emailing), or on
receipt shown by a signed return receipt. The deadline is computed from it by the time engine
and stored with its reasons, so the register shows why the deadline is what it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from noticeclerk.article_numbers import check_article_number
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.schema import person_named, refuse_control
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.register.cases import latest
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.given_emails import given_for
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import (
    RECEIPTS,
    RETURNS,
    ArchiveItem,
    Case,
    Document,
    GivenEmail,
    MailBatch,
    MailPiece,
    Service,
    ServiceEvent,
)
from noticeclerk.register.on_file import (
    document_parcels,
    on_file,
    phone_digits,
    same_address,
    same_email,
)
from noticeclerk.rules.deadline_rules import deadline_anchor
from noticeclerk.rules.periods import Deadline, Step, spell_date, spell_datetime
from noticeclerk.service_methods import MAIL_METHODS, SERVICE_METHODS, TRACKED_MAIL

PHONE_RESULTS = ("answered", "message")
# A relationship or a place of deposit, which the affidavit prints within one sentence.
MOST_IN_A_SENTENCE = 200

# The methods by which a person takes the document from the server: the affidavit names them.
HANDED = frozenset({"hand_owner", "hand_suitable_age", "leave_with_adult", "present_personally"})
# The methods carried out at a place, which the affidavit names as the server gives it: never
# the mailing address the document bears, which may be a post office box.
AT_A_PLACE = HANDED | {"leave_at_residence", "post_on_premises", "door_and_phone"}
# The methods carried out at the dwelling on the property (Village A § 134-43B, D): refused
# where the roll shows none, or does not say.
AT_DWELLING = frozenset({"hand_suitable_age", "door_and_phone"})
# What may follow the property's address in the place of such a service: a unit word and its
# number, or a side of the building; and the state's name beside its code.
UNITS = frozenset(
    {"#", "apartment", "apt", "bldg", "building", "fl", "floor", "no", "room", "rm", "ste",
     "suite", "unit"}
)  # fmt: skip
SIDES = frozenset({"basement", "downstairs", "front", "lower", "rear", "upper", "upstairs"})
STATE_NAMES = {"NY": "New York", "WI": "Wisconsin"}
# Where an option applies: a particular of another method would be a record of nothing.
APPLIES = {
    "--relationship": frozenset({"hand_suitable_age"}),
    "--email": frozenset({"email"}),
    "--phone-number": frozenset({"door_and_phone"}),
    "--called-at": frozenset({"door_and_phone"}),
    "--phone-result": frozenset({"door_and_phone"}),
    "--answered-by": frozenset({"door_and_phone"}),
    # Filing takes the office's address; mail is checked against the address on file.
    "--address": AT_A_PLACE | MAIL_METHODS | {"file_with_officer"},
    "--deposited-at": MAIL_METHODS,
}


@dataclass(frozen=True)
class ServiceRequest:
    """What `noticeclerk serve` was told."""

    method: str
    by: str
    at: datetime
    to_person: str | None = None
    address: str | None = None
    email: str | None = None
    phone_result: str | None = None
    article_number: str | None = None
    note: str | None = None
    # Door posting with a call: the number called, when, and who answered.
    phone_number: str | None = None
    called_at: datetime | None = None
    answered_by: str | None = None
    # Who typed the record, which the register keeps beside the server's name.
    recorded_by: str | None = None
    # Suitable-age delivery: the person's relationship to the dwelling ("lives there", "the
    # owner's daughter, who lives there"), which the affidavit states.
    relationship: str | None = None
    # Mail: the post office or official depository the envelope was deposited in; left out,
    # the one the village's file names ([mail] depository).
    deposited_at: str | None = None

    def given(self) -> dict[str, object]:
        """The method's particulars given, by the option that gives each."""
        return {
            option: value
            for option, value in (
                ("--email", self.email),
                ("--phone-number", self.phone_number),
                ("--called-at", self.called_at),
                ("--phone-result", self.phone_result),
                ("--answered-by", self.answered_by),
                ("--address", self.address),
                ("--relationship", self.relationship),
                ("--deposited-at", self.deposited_at),
            )
            if value is not None and (not isinstance(value, str) or value.strip())
        }


@dataclass(frozen=True)
class Served:
    """A recorded service and what follows from it."""

    document: str
    method: str
    effective: str
    deadline: Deadline | None
    waiting_for_receipt: bool
    # Set when the law's deadline for this service is later than the one the document states.
    stated_too_early: str | None = None
    # Set when the deadline counts from something other than service (the Board's order) and
    # the document reaches its addressee on or after its last day.
    served_too_late: str | None = None
    # Set when a publication is recorded on another day than the one the document prints.
    published_otherwise: str | None = None
    # Set when earlier mail of the village to the same address came back (WI attorney review
    # PA36-c): the Village knows this mailing may not reach the owner either.
    came_back_before: str | None = None
    # Set when a document issued to be mailed on a named day is served otherwise, or mailed
    # on another day: the deadline it states is counted from that day.
    mailed_otherwise: str | None = None
    # The register's id of the service record.
    service_id: int | None = None

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the clerk should hear of this service before relying on it, in order."""
        found = (
            self.mailed_otherwise,
            # Said once: a mailing on another day than the document states is why its date is early.
            None if self.mailed_otherwise else self.stated_too_early,
            self.served_too_late,
            self.published_otherwise,
            self.came_back_before,
        )
        return tuple(warning for warning in found if warning)


def serve(
    engine, number: str, request: ServiceRequest, *, now: datetime, workspace: Path | None
) -> Served:  # type: ignore[no-untyped-def]
    """Record one service of a document, checked against what its ordinance allows."""
    if not request.by.strip():
        raise InputError("Say who served it with --by: the affidavit of service names them.")
    person_named(request.by, "The server's name (--by)")
    # What the affidavit of service will print is refused here if no document can print it.
    for text, what in (
        (request.by, "The server's name (--by)"),
        (request.to_person, "The person it was left with (--to)"),
        (request.address, "The address (--address)"),
        (request.email, "The email address (--email)"),
        (request.phone_number, "The telephone number called (--phone-number)"),
        (request.answered_by, "The person who answered the call (--answered-by)"),
        (request.relationship, "Their relationship to the dwelling (--relationship)"),
        (request.note, "The note (--note)"),
    ):
        if text:
            refuse_control(text, what)
    if request.relationship:
        # One line, as the command line's --relationship: the affidavit prints it in brackets.
        check_one_line(request.relationship, "relationship", "--relationship")
    with transaction(engine) as session:
        document = find_document(session, number)
        return record_service(session, document, request, now=now, workspace=workspace)


def record_service(
    session: Session,
    document: Document,
    request: ServiceRequest,
    *,
    now: datetime,
    workspace: Path | None,
    batch_piece: int | None = None,
) -> Served:
    """Record one service of `document` in the caller's transaction, checked as `serve` checks
    it; `batch_piece` is the mail piece whose acceptance by the post office this service is."""
    number = document.number
    check_frozen(document)  # its affidavit will swear to these bytes: refuse them if changed
    if document.status == "void":
        raise InputError(
            f"Document {number} is void ({document.void_reason}); issue a new one to serve."
        )
    village = load_village(document.case.village, workspace)
    notice = load_notice(village.slug, document.notice_type, workspace)
    _check_method(notice, request)
    further = _further_step(document, notice, request)
    _check_residence(document, notice, request)
    _check_dwelling(document, notice, request, village)
    article_number = _article_number(session, document, request, village.timezone, batch_piece)
    at = request.at.astimezone(village.timezone)
    check_moment(at, document, now, "--at")
    _check_kept(session, document, notice, request, at.date())
    called_at = None
    if request.called_at is not None:
        called_at = request.called_at.astimezone(village.timezone)
        check_moment(called_at, document, now, "--called-at")
    address = _checked_particulars(session, document, notice, request, at)
    given = _given_email(session, document, notice, request, at)
    deposited = _depository(request, village)
    otherwise = None if further else mailed_otherwise(document, request.method, at)
    waiting = notice.service_effective == "on_receipt" and request.method in MAIL_METHODS
    deadline = (
        None
        if waiting
        else deadline_after(session, document, notice, village, at, method=request.method)
    )
    deadline = held_to_stated(document, deadline)
    service = Service(
        document_id=document.id,
        method=request.method,
        served_by=request.by,
        served_at=at,
        to_person=_text(request.to_person),
        address=address,
        email=_text(request.email),
        given_email_id=None if given is None else given.id,
        phone_number=_text(request.phone_number),
        called_at=called_at,
        phone_result=request.phone_result,
        answered_by=_text(request.answered_by),
        related_as=_text(request.relationship),
        deposited_at=deposited,
        after_return=further or None,
        article_number=article_number,
        note=request.note,
        recorded_at=now,
        recorded_by=request.recorded_by,
        effective="awaiting return receipt" if waiting else at.isoformat(),
        deadline=None if deadline is None else deadline.due.isoformat(),
        deadline_steps=[] if deadline is None else [str(s) for s in deadline.steps],
    )
    session.add(service)
    session.flush()
    # The document's list of services is read again: the one just added stands in it.
    session.expire(document, ["all_services"])
    effective = spell_datetime(at)
    if waiting:
        effective = (
            "when the return receipt is signed"
            if request.method in TRACKED_MAIL
            else f"on the day it is received: record it with 'noticeclerk receipt {number} "
            "--received DATE --note ...'"
        )
    return Served(
        number,
        request.method,
        effective,
        deadline,
        waiting,
        stated_too_early(document, deadline, village.timezone),
        served_too_late(document, notice, at, method=request.method, state=village.state),
        published_otherwise(document, notice, request.method, at, village.timezone),
        mailed_otherwise=otherwise,
        came_back_before=(
            None
            if further or request.method not in MAIL_METHODS
            else came_back_before(session, service, document, village)
        ),
        service_id=service.id,
    )


def held_to_stated(document: Document, deadline: Deadline | None) -> Deadline | None:
    """The deadline a service gives, or the later one the document states: a document mailed
    before the day it was issued to be mailed told its addressee a later day than the law's,
    and the Village holds to what it told (a follow-up never acts before that day)."""
    stated = document.stated_deadline
    if deadline is None or stated is None or type(stated) is not type(deadline.due):
        return deadline
    if stated <= deadline.due:  # type: ignore[operator]
        return deadline
    shown = spell_datetime(stated) if isinstance(stated, datetime) else spell_date(stated)
    return Deadline(
        stated,
        (
            *deadline.steps,
            Step(
                f"The document states {shown}, later than that: the Village holds to the day it "
                "told the addressee."
            ),
        ),
    )


def mailed_otherwise(document: Document, method: str, at: datetime) -> str | None:
    """A warning when a document issued to be mailed on a named day (its deadline stated as a
    date counted from that day) is first served on another day, so that it misstates the day
    its time runs from."""
    planned = document.mailing_planned_on
    if planned is None or any(service.method in MAIL_METHODS for service in document.services):
        return None
    if at.date() == planned:
        return None
    how = (
        f"mailed on {spell_date(at.date())}"
        if method in MAIL_METHODS
        else f"served by {SERVICE_METHODS[method]} on {spell_date(at.date())}"
    )
    said = (
        f"{document.number} was issued to be mailed on {spell_date(planned)} and states its "
        f"deadline counted from that day, but it is {how}"
    )
    if at.date() > planned:
        return (
            f"{said}, later, so the date it states gives less time than the law: void it and "
            "issue a new one for the day it is served."
        )
    return (
        f"{said}, earlier, so it misstates the day its time runs from; the Village holds to the "
        "later date it states, and what follows it waits for that day."
    )


# What came back, as the warning says it.
CAME_BACK = {"returned_unclaimed": "came back unclaimed", "returned_refused": "came back refused"}


def came_back_before(
    session: Session, mailing: Service, document: Document, village: Village
) -> str | None:
    """A warning when the village's mail to this address came back, in any case, with nothing
    delivered there since: the Village then knows the address may not reach the owner, and due
    process asks it to look for a better one before a lien or levy rests on this mailing
    (Jones v. Flowers, 547 U.S. 220 (2006)). A warning, not a refusal: mailing the same address
    again is itself a reasonable step, and the roll may have no other."""
    sent_to = mailing.address or " ".join(document.recipient_lines)
    returned = _mail_events(session, village, RETURNS, before=mailing)
    match = next((found for found in returned if same_address(sent_to, found[1])), None)
    if match is None:
        return None
    event, lines, number, case_number = match
    # Returns are few; what was delivered since is looked at only for the address that matched.
    since = _mail_events(session, village, RECEIPTS, before=mailing, after=event.happened_at)
    if any(same_address(sent_to, delivered[1]) for delivered in since):
        return None
    day = spell_date(event.happened_at.astimezone(village.timezone).date())
    note = f" ({quoted_back(event.note)})" if event.note else ""
    return (
        f"Mail of the Village to {', '.join(lines)} {CAME_BACK[event.kind]} on {day}{note}: "
        f"{number}, case {case_number}. The Village knows this address may not reach the owner: "
        "look for a better one (a forwarding order, the telephone, the owner's other mail) and "
        "record any further step, as due process asks (Jones v. Flowers, 547 U.S. 220 (2006))."
    )


def _mail_events(
    session: Session,
    village: Village,
    kinds: tuple[str, ...],
    *,
    before: Service,
    after: datetime | None = None,
) -> list[tuple[ServiceEvent, tuple[str, ...], str, str]]:
    """What came of the village's other mailings up to `before`: each standing event of these
    kinds, latest first, with the address the mail went to, its document and case numbers."""
    query = (
        select(
            ServiceEvent, Service.address, Document.recipient_lines, Document.number, Case.number
        )
        .join(Service, ServiceEvent.service_id == Service.id)
        .join(Document, Service.document_id == Document.id)
        .join(Case, Document.case_id == Case.id)
        .where(
            Case.village == village.slug,
            ServiceEvent.kind.in_(kinds),
            ServiceEvent.struck_at.is_(None),
            Service.struck_at.is_(None),
            Service.id != before.id,
            ServiceEvent.happened_at <= before.served_at,
        )
        .order_by(ServiceEvent.happened_at.desc(), ServiceEvent.id.desc())
    )
    if after is not None:
        query = query.where(ServiceEvent.happened_at > after)
    return [
        (event, (address,) if address else tuple(lines), number, case_number)
        for event, address, lines, number, case_number in session.execute(query)
    ]


def check_moment(at: datetime, document: Document, now: datetime, option: str) -> None:
    """Refuse a moment of service (or of its telephone call) before the document's date or
    later than now: a record says only what has happened to the document as issued. `at` is in
    the village's zone; the two are compared as instants."""
    if at.date() < document.document_date:
        raise InputError(
            f"{spell_datetime(at)} is before {document.number} is dated, "
            f"{spell_date(document.document_date)}; a document is served on or after its "
            f"date: check {option}."
        )
    if at > now:
        raise InputError(
            f"{spell_datetime(at)} is later than now, "
            f"{spell_datetime(now.astimezone(at.tzinfo))}; a service is recorded once it has "
            f"happened: check {option}."
        )


def stated_too_early(document: Document, deadline: Deadline | None, zone: ZoneInfo) -> str | None:
    """A warning when a document states a deadline earlier than the law gives for its service.

    The document was dated and its deadline computed for service on its date; served later,
    the notice would demand compliance sooner than the ordinance allows, which can void it.
    """
    stated = document.stated_deadline
    if stated is None or deadline is None:
        return None
    due = deadline.due
    if isinstance(due, datetime) and isinstance(stated, datetime):
        if due <= stated:
            return None
    elif _day(due) <= _day(stated):
        return None
    return (
        f"The document states the deadline as {stated_text(document, zone)}, but service on "
        f"this date gives until "
        f"{deadline.due.isoformat()}. The notice asks for less time than the ordinance allows: "
        "void it and issue a new one, dated for the day it will be served."
    )


# The days a court adds to a period that runs from service by mail, as the law of the state
# whose time the village counts says: the warning below uses them as the time a mailed order
# takes to reach its addressee, a measure the law itself gives rather than a guess.
MAIL_DAYS = {
    "NY": (5, "N.Y. CPLR 2103(b)(2)"),
    "WI": (3, "Wis. Stat. § 801.15(5)(a)"),
}


def served_too_late(
    document: Document,
    notice: NoticeType,
    at: datetime,
    *,
    method: str | None = None,
    state: str | None = None,
) -> str | None:
    """A warning when a deadline that service does not move (three days from the Board's order)
    has run, or runs that day, by the time the document is served: the recipient is told of a
    time to comply that is already gone. Mailed, it is judged by the day the law takes mail to
    arrive (MAIL_DAYS), and the warning suggests a way that reaches the recipient sooner."""
    stated = document.stated_deadline
    if notice.deadline_counts_from_service or stated is None:
        return None
    zone = at.tzinfo
    last = stated.astimezone(zone).date() if isinstance(stated, datetime) else stated
    served = at.date()
    counted = (
        f"counts from the {notice.anchor.replace('_', ' ')}"
        if notice.anchor
        else "is a day the document fixes"
    )
    if served < last and method in MAIL_METHODS and state in MAIL_DAYS:
        days, law = MAIL_DAYS[state]
        arrives = served + timedelta(days=days)
        if arrives < last:
            return None
        others = [
            SERVICE_METHODS[entry.method]
            for entry in notice.service
            if entry.method not in MAIL_METHODS
        ]
        instead = f"Serve it by {' or '.join(others)} as well, or ask" if others else "Ask"
        return (
            f"The last day this document gives, {spell_date(last)}, {counted}, not its "
            f"service. Mailed on {spell_date(served)}, it is taken to reach the recipient "
            f"{days} days later ({law}), on {spell_date(arrives)}: the recipient may have "
            f"{'no' if arrives > last else 'less than a full'} day to comply. {instead} the "
            "village attorney whether a longer period must be given, before relying on it."
        )
    if served < last:
        return None
    when = "ended before" if served > last else "ends on"
    return (
        f"The last day this document gives, {spell_date(last)}, {counted}, not its service, and "
        f"{when} the day it is served, {spell_date(served)}: the recipient has "
        f"{'no' if served > last else 'less than a full'} day to comply. Ask the village "
        "attorney before relying on it."
    )


def stated_text(document: Document, zone: ZoneInfo) -> str | None:
    """The deadline a document states, as ISO 8601: a day, or a moment in the village's zone."""
    if document.stated_due_at is not None:
        return document.stated_due_at.astimezone(zone).isoformat()
    return None if document.stated_due_on is None else document.stated_due_on.isoformat()


def _day(moment: date | datetime) -> date:
    return moment.date() if isinstance(moment, datetime) else moment


def deadline_after(
    session: Session,
    document: Document,
    notice: NoticeType,
    village: Village,
    effective: datetime,
    *,
    method: str | None = None,
) -> Deadline | None:
    """The deadline the notice type's rule gives when service by `method` takes effect at
    `effective`."""
    rule = notice.deadline
    if rule is None:
        return None
    events = latest(document.case, "event", village.timezone)
    anchor = deadline_anchor(rule)
    if anchor is not None and notice.deadline_counts_from_service:
        # The event the deadline counts from is the service itself; a rule counting from a
        # moment keeps the time, a rule counting days uses the village's calendar day.
        events[anchor] = effective
    recorded = records_event(notice, method)
    if recorded is not None and recorded == anchor:
        # A notice served by publication counts from the day the newspaper printed it, as the
        # service records it, whatever day the case expected (attorney review PA40-a).
        events[anchor] = effective
    return rule.deadline(village.calendar, events, latest(document.case, "fact", village.timezone))


def records_event(notice: NoticeType, method: str | None) -> str | None:
    """The case event a service by `method` is, as the notice type declares it, or None."""
    for entry in notice.service:
        if entry.method == method:
            return entry.records_event
    return None


def published_otherwise(
    document: Document, notice: NoticeType, method: str, at: datetime, zone: ZoneInfo
) -> str | None:
    """A warning when a service records an event (publication) on another day than the one
    the case gave it when the document was issued: the document prints that other day."""
    event = records_event(notice, method)
    if event is None:
        return None
    expected = latest(document.case, "event", zone).get(event)
    if expected is None:
        return None
    day = expected.date() if isinstance(expected, datetime) else expected
    if day == at.date():
        return None
    return (
        f"The case gives the {event.replace('_', ' ')} as {spell_date(day)}, the day the "
        f"document prints, but this service records it on {spell_date(at.date())}; the "
        "deadline counts from the service. Void the document and issue one stating the day "
        "it was published before relying on it."
    )


def _check_residence(document: Document, notice: NoticeType, request: ServiceRequest) -> None:
    refused = residence_refusal(document, notice, request.method)
    if refused:
        raise InputError(refused)


def residence_refusal(document: Document, notice: NoticeType, method: str) -> str | None:
    """Tuckahoe § 19-34(b): a bill "left at his residence, or, if a nonresident, mailed to his
    last known place of residence": the roll says which the owner is. The sentence refusing
    `method` for the owner of the document's property, or None when the roll allows it."""
    if method not in ("leave_at_residence", "mail_nonresident"):
        return None
    if document.recipient_role not in ("owner", None):
        return None
    section = next(entry.section for entry in notice.service if entry.method == method)
    for parcel in document_parcels(document):
        if method == "leave_at_residence" and not parcel.resident:
            return (
                f"The roll shows the owner of parcel {parcel.parcel_id} as not resident; "
                f"{section} has a nonresident's document mailed to the last known place of "
                "residence (--method mail_nonresident), not left at a residence."
            )
        if method == "mail_nonresident" and parcel.resident:
            return (
                f"The roll shows the owner of parcel {parcel.parcel_id} as resident; {section} "
                "mails a document only to a nonresident's last known place of residence, so "
                "present it or leave it at the residence."
            )
    return None


def _check_dwelling(
    document: Document, notice: NoticeType, request: ServiceRequest, village: Village
) -> None:
    refused = dwelling_refusal(
        document, notice, request.method, request.address, place=place_words(village)
    )
    if refused:
        raise InputError(refused)


def dwelling_refusal(
    document: Document,
    notice: NoticeType,
    method: str,
    address: str | None,
    *,
    place: frozenset[str] = frozenset(),
) -> str | None:
    """Village A § 134-43B hands the notice to a person of suitable age "at the dwelling on the
    property", and § 134-43D posts it "on the front door of the dwelling on the property": the
    sentence refusing `method` where the roll shows no dwelling on the document's property, or
    does not say, or the place given is not the property's address (followed by nothing but
    the `place` words of the village, a ZIP code or a unit); None when it may go on."""
    if method not in AT_DWELLING:
        return None
    entry = next(entry for entry in notice.service if entry.method == method)
    parcels = document_parcels(document)
    if not parcels:
        return (
            f"{entry.section} serves {SERVICE_METHODS[method]} at the dwelling on the property, "
            f"and {document.number} is about no parcel: serve it another way."
        )
    with_dwelling = [parcel for parcel in parcels if parcel.dwelling]
    if not with_dwelling:
        parcel = parcels[0]
        others = [
            f"{other.method} ({SERVICE_METHODS[other.method]})"
            for other in notice.service
            if other.method not in AT_DWELLING
        ]
        remains = "; ".join(others) if others else "none"
        said = (
            "shows no dwelling on"
            if parcel.dwelling is False
            else "does not say whether there is a dwelling on"
        )
        fix = (
            ""
            if parcel.dwelling is False
            else " (or import a roll whose dwelling column says yes, if one stands there)"
        )
        return (
            f"The roll {said} parcel {parcel.parcel_id}, {parcel.property_address}; "
            f'{entry.section} allows this only "{entry.words.rstrip(".")}", so it cannot be '
            f"served that way there{fix}. The ways that remain: {remains}."
        )
    typed = _text(address)
    if typed is not None and not any(
        at_property(typed, parcel.property_address, place) for parcel in with_dwelling
    ):
        places = " or ".join(parcel.property_address for parcel in with_dwelling)
        return (
            f"{typed} is not the property's address ({places}); {entry.section} serves it at "
            "the dwelling on the property: give that address with --address (the village, "
            'state, ZIP code or a unit such as "Apt 2" or "Rear" may follow it), or serve '
            "another way."
        )
    return None


def at_property(typed: str, property_address: str, place: frozenset[str] = frozenset()) -> bool:
    """Whether an address the server typed is the property's: the roll's property address,
    whatever its separators and capitals, followed by nothing or by the village's `place`
    words (its name, its state), a ZIP code, or a unit of the building ("Apt 2", "#2", "Rear");
    never another town, another house number or a note such as "(vacant)"."""
    said = _address_words(typed)
    held = _address_words(property_address)
    return bool(held) and said[: len(held)] == held and _place_or_unit(said[len(held) :], place)


def place_words(village: Village) -> frozenset[str]:
    """The words that may follow a property's address at the village: its name's and its
    state's (code and name)."""
    state = str(village.state)
    words = re.findall(r"\w+", f"{village.name} {state} {STATE_NAMES.get(state, '')}".casefold())
    return frozenset(words)


def _place_or_unit(rest: list[str], place: frozenset[str]) -> bool:
    """Whether the words after a property's address are only place words, a ZIP code and the
    unit of a building: a unit word and its number ("apt 2", "2nd floor"), "#2", "rear"."""
    index = 0
    while index < len(rest):
        word = rest[index]
        following = rest[index + 1] if index + 1 < len(rest) else ""
        if word in place or word in SIDES or re.fullmatch(r"\d{5}(-\d{4})?|#\w{1,5}", word):
            index += 1
        elif _unit(word, following):
            index += 2
        else:
            return False
    return True


def _unit(word: str, following: str) -> bool:
    """Whether two words name a unit: "apt 2", "unit b", "# 2", "2nd floor"."""
    if word in UNITS:
        return re.fullmatch(r"#?\w{1,5}", following) is not None
    return re.fullmatch(r"\d{1,2}(st|nd|rd|th)", word) is not None and following in ("floor", "fl")


def _address_words(text: str) -> list[str]:
    return [word for word in re.split(r"[\s,|.]+", text.casefold()) if word]


def _check_method(notice: NoticeType, request: ServiceRequest) -> None:
    """The method is one the notice's ordinance allows, and the record has every particular
    the affidavit will swear to for it, and none belonging to another method."""
    allowed = {entry.method: entry for entry in notice.service}
    method = request.method
    if method not in allowed:
        names = "; ".join(f"{m} ({SERVICE_METHODS[m]}, {allowed[m].section})" for m in allowed)
        raise InputError(
            f"The notice '{notice.slug}' may not be served by '{method}'; "
            f"its ordinance allows: {names}."
        )
    for option in request.given():
        if method not in APPLIES[option]:
            raise InputError(
                f"{option} does not apply to service by {SERVICE_METHODS[method]}; leave it out, "
                "or give the --method it belongs to."
            )
    section = allowed[method].section
    if method in HANDED and not _text(request.to_person):
        raise InputError(
            f"Give --to: the name (or a description) of the person who took it from the server "
            f"by {SERVICE_METHODS[method]}; the affidavit names them."
        )
    if method == "hand_suitable_age" and not _text(request.relationship):
        raise InputError(
            "Give --relationship: how the person who took it is connected to the dwelling (such "
            'as "lives there", "the owner\'s daughter, who lives there", "the tenant"); '
            f"{section} hands it to a person of suitable age at the dwelling, and the affidavit "
            "says who they are."
        )
    if method in AT_A_PLACE and not _text(request.address):
        raise InputError(
            f"Give --address: where the service by {SERVICE_METHODS[method]} happened; the "
            "affidavit states it, and the mailing address on the roll is not a place of service."
        )
    if method == "door_and_phone":
        _check_call(request, section)
    if method == "email" and not _text(request.email):
        raise InputError("Give --email: the address the document was sent to.")
    if method in TRACKED_MAIL and not (request.article_number or "").strip():
        raise InputError(
            "Give --article-number: the USPS article number on the mailing receipt "
            "(20 or 22 digits for certified mail, such as RA123456785US for registered)."
        )


def _further_step(document: Document, notice: NoticeType, request: ServiceRequest) -> bool:
    """Whether the service is a further step after a mailing came back (the notice type's
    `after_return`), which is refused until one has: the ordinance's own manner comes first."""
    entry = next(entry for entry in notice.service if entry.method == request.method)
    if not entry.after_return:
        return False
    returned = [
        event for service in document.services for event in service.events if event.kind in RETURNS
    ]
    if not returned:
        ordinance = [e for e in notice.service if not e.after_return]
        ways = "; ".join(f"{e.method} ({e.section})" for e in ordinance)
        raise InputError(
            f"{SERVICE_METHODS[request.method].capitalize()} serves {document.number} only as a "
            f"further step after a mailing of it came back unclaimed or refused "
            f"({entry.section}), and none has; serve it as its ordinance provides: {ways}."
        )
    return True


def _check_kept(
    session: Session, document: Document, notice: NoticeType, request: ServiceRequest, day: date
) -> None:
    """A service that needs a record kept first (a sworn statement filed only once its sworn
    original is archived) is refused without one signed on or before `day`, the village's day
    of the service."""
    entry = next(entry for entry in notice.service if entry.method == request.method)
    if entry.needs_kept is None:
        return
    kept = session.scalars(
        select(ArchiveItem).where(
            ArchiveItem.document_id == document.id,
            ArchiveItem.kind == entry.needs_kept,
            ArchiveItem.disposed_at.is_(None),
            ArchiveItem.signed_on.is_not(None),
        )
    ).all()
    if any(item.signed_on <= day for item in kept):
        return
    what = entry.needs_kept_says or f"the record of the kind {entry.needs_kept}"
    later = [item for item in kept if item.signed_on > day]
    if later:
        raise InputError(
            f"{document.number}'s {what} was signed on {spell_date(later[0].signed_on)}, after "
            f"{spell_date(day)}; it is {entry.method.replace('_', ' ')} ({entry.section}) only "
            "once signed: check --at, or the day kept with the original."
        )
    raise InputError(
        f"Keep {what} first: {document.number} is served by {SERVICE_METHODS[request.method]} "
        f"({entry.section}) only once it is, with 'noticeclerk archive add FILE --document "
        f"{document.number} --kind {entry.needs_kept} --signed-by NAME --signed-on DATE'."
    )


def _depository(request: ServiceRequest, village: Village) -> str | None:
    """Where a mailing was deposited, which its affidavit names: as told, or the post office
    the village's file names. New York's affidavit of mailing swears to the deposit in an
    official depository of the Postal Service within the state (CPLR 2103(b)(2)), so a mailing
    there is refused without one."""
    if request.method not in MAIL_METHODS:
        return None
    told = _text(request.deposited_at)
    if told is not None:
        # Checked here, not only at `serve`: a mail batch's acceptance records it too.
        check_one_line(told, "place of deposit", "--deposited-at")
    deposited = told or village.mail.depository
    if deposited is None and village.state == "NY":
        raise InputError(
            "Give --deposited-at: the post office or official depository of the United States "
            "Postal Service in New York where the envelope was deposited, which the affidavit "
            "of mailing names (CPLR 2103(b)(2)); or name the office's own in the village's "
            "file, [mail] depository."
        )
    return deposited


def check_one_line(text: str, what: str, option: str) -> None:
    """A particular the affidavit prints within one of its sentences (a relationship, a place
    of deposit): one line, not too long; InputError naming `option` otherwise."""
    refuse_control(text, f"The {what} ({option})", one_line=True)
    if len(text) > MOST_IN_A_SENTENCE:
        raise InputError(
            f"The {what} ({option}) is {len(text):,} characters; say it in at most "
            f"{MOST_IN_A_SENTENCE}."
        )


def _check_call(request: ServiceRequest, section: str) -> None:
    """Door posting counts only with its telephone call (Village A § 134-43D): the number
    called, when, and whether a person answered (who) or a message was left."""
    if request.phone_result not in PHONE_RESULTS:
        raise InputError(
            f"Posting on the door counts only with the telephone call ({section}): give "
            "--phone-result answered or --phone-result message."
        )
    if not _text(request.phone_number):
        raise InputError(
            f"Give --phone-number: the telephone number called ({section}), as it was dialled."
        )
    if request.called_at is None:
        raise InputError(
            "Give --called-at: the date and time of the call, such as 2026-01-05T10:20."
        )
    if request.phone_result == "answered" and not _text(request.answered_by):
        raise InputError(
            "Give --answered-by: the name (or a description) of the person who answered the "
            "call and was told of the notice."
        )
    if request.phone_result == "message" and _text(request.answered_by):
        raise InputError(
            "--answered-by names the person who answered; with --phone-result message nobody "
            "did: leave it out, or give --phone-result answered."
        )


def _checked_particulars(
    session: Session,
    document: Document,
    notice: NoticeType,
    request: ServiceRequest,
    at: datetime,
) -> str | None:
    """The particulars checked against what the Village has on file for the addressee at the
    moment of service; the address the record keeps (for mail, the one on file)."""
    method = request.method
    entry = next(entry for entry in notice.service if entry.method == method)
    if method == "file_with_officer":
        # Filed in the office of the officer it is addressed to: that office is its address.
        return _text(request.address) or ", ".join(document.recipient_lines)
    if method == "email":
        return None  # the address emailed is checked with its giver (_given_email)
    if method not in MAIL_METHODS | {"door_and_phone"}:
        return _text(request.address)
    found = on_file(session, document, at)
    if method == "door_and_phone":
        called = phone_digits(_text(request.phone_number) or "")
        if called not in {phone_digits(phone) for phone in found.phones}:
            held = (
                f"the one on file is {' or '.join(found.phones)}"
                if found.phones
                else "none is on file"
            )
            raise InputError(
                f"{request.phone_number} is not the telephone number on file for {found.whose} "
                f"({held}); {entry.section} has the call made to the last number the owner or "
                "resident gave the Village: check --phone-number, or serve another way."
            )
        return _text(request.address)
    # Mail goes to the addressee's address as it stands on file on the day it is mailed.
    mailed_to = ", ".join(found.address_lines)
    typed = _text(request.address)
    if typed is not None and not same_address(typed, found.address_lines):
        raise InputError(
            f"--address {typed} is not the address on file for {found.whose} on the day of "
            f"mailing, {mailed_to}, which is where it was mailed: leave --address out, or if "
            f"that address is wrong, {found.correct} first."
        )
    return mailed_to


def _given_email(
    session: Session,
    document: Document,
    notice: NoticeType,
    request: ServiceRequest,
    at: datetime,
) -> GivenEmail | None:
    """For email: None when the address is the one on file for the addressee (the roll's, or
    the party's own), else the record of an owner or resident giving it to the Village in
    writing by the day of service, who is still an owner of record of the document's property
    or the case's occupant then; InputError when there is neither."""
    if request.method != "email":
        return None
    entry = next(entry for entry in notice.service if entry.method == "email")
    email = _text(request.email) or ""
    found = on_file(session, document, at)
    if same_email(email, found.emails):
        return None
    given = given_for(session, document, email, at)
    if given is not None:
        return given
    held = f"the one on file is {' or '.join(found.emails)}" if found.emails else "none is on file"
    case = document.case.number
    raise InputError(
        f"{email} is not the email address on file for {found.whose} ({held}), and "
        f'{entry.section} allows only "{entry.words.rstrip(".")}": send it to the address on '
        f"file, or first record on case {case} who gave this address, to which department, on "
        "which day, and the writing the archive keeps ('noticeclerk case email-address', or "
        "“An email address given in writing” on the case's page at the desk)."
    )


def _text(value: str | None) -> str | None:
    """Text an option gave, trimmed; None for nothing, or spaces only."""
    return value.strip() if value and value.strip() else None


def _article_number(
    session: Session,
    document: Document,
    request: ServiceRequest,
    zone: ZoneInfo,
    batch_piece: int | None = None,
) -> str | None:
    """The mailing's article number as the register keeps it: its check digit and form checked
    (noticeclerk.article_numbers), and used on no other service or mail batch piece in the
    whole register (but the piece `batch_piece` whose acceptance this service records)."""
    if not (request.article_number or "").strip():
        return None
    tracked = request.method if request.method in TRACKED_MAIL else None
    number = check_article_number(request.article_number or "", tracked).number
    refused = article_in_a_batch(session, number, but=batch_piece)
    if refused:
        raise InputError(refused)
    earlier = mailing_with(session, number)
    if earlier is None:
        return number
    if earlier.document_id == document.id:
        mailed = spell_date(earlier.served_at.astimezone(zone).date())
        raise InputError(
            f"Article number {number} is already recorded for the mailing of {document.number} "
            f"on {mailed}; a second mailing has a receipt with a new number: type that one."
        )
    other = session.get(Document, earlier.document_id)
    raise InputError(
        f"Article number {number} is already recorded for the service of "
        f"{other.number if other else 'another document'}; each mailing has its own number: "
        "check the receipt."
    )


def mailing_with(session: Session, number: str, *, latest: bool = False) -> Service | None:
    """The standing service that carries article number `number` (the first recorded, or with
    `latest` the last), or None. A struck record proves no mailing: its number (mistyped, or
    typed on the wrong document) is free for the record that corrects it."""
    # Numbers recorded before they were normalised may still hold the spaces they were typed with.
    typed = func.upper(func.replace(Service.article_number, " ", ""))
    order = Service.id.desc() if latest else Service.id
    query = select(Service).where(typed == number, Service.struck_at.is_(None)).order_by(order)
    return session.scalars(query.limit(1)).first()


def article_in_a_batch(session: Session, number: str, *, but: int | None = None) -> str | None:
    """The sentence refusing `number` because a mail batch that was not cancelled holds it
    (its label is on an envelope of that mailing), or None."""
    query = (
        select(MailPiece)
        .join(MailBatch)
        .where(MailPiece.article_number == number, MailBatch.status != "cancelled")
    )
    if but is not None:
        query = query.where(MailPiece.id != but)
    piece = session.scalars(query.limit(1)).first()
    if piece is None:
        return None
    return (
        f"Article number {number} is on line {piece.line} of mail batch {piece.batch.number} "
        f"({piece.document.number}); each mailing has its own number: check the label."
    )


@dataclass(frozen=True)
class MailAnswer:
    """A receipt or return recorded: for which document, and the deadline it started."""

    document: str
    deadline: Deadline | None


# What a mailing's answer may be: a signed return receipt, the day untracked mail was received,
# the mail returned unclaimed, or refused by the addressee.
MAIL_ANSWERS = ("receipt_signed", "received", "returned_unclaimed", "returned_refused")


def record_mail_event(
    engine,  # type: ignore[no-untyped-def]
    number: str,
    kind: str,
    at: datetime,
    *,
    note: str | None,
    by: str,
    now: datetime,
    workspace: Path | None,
    signed_by: str | None = None,
) -> MailAnswer:
    """A signed return receipt, mail returned unclaimed or refused, or the day untracked mail
    was received, for the latest mailing of a document or for the mailing with article number
    `number` (as a scanner types it from the green card).

    A signed receipt, or the day first-class mail is known to have been received, starts the
    deadline when the notice type's service takes effect on receipt; mail returned unclaimed
    or refused is recorded so that 'due' shows the service failed: whether a refusal is service
    is the village attorney's question, so it starts no deadline here.
    """
    if kind not in MAIL_ANSWERS:
        raise InputError("Say what happened: --signed, --received, --unclaimed or --refused.")
    refuse_control(by, "Who is recording this (--by)")
    if note:
        refuse_control(note, "The note (--note)")
    if signed_by:
        refuse_control(signed_by, "The name the receipt was signed in (--signed-by)")
        if kind != "receipt_signed":
            raise InputError("--signed-by goes with --signed: the name on the return receipt.")
    with transaction(engine) as session:
        document, mailing = find_mailing(session, number)
        number = document.number
        check_frozen(document)
        if kind == "received" and mailing.method in TRACKED_MAIL:
            raise InputError(
                f"Document {number} went by {SERVICE_METHODS[mailing.method]}; record its signed "
                "return receipt with --signed."
            )
        if kind in ("receipt_signed", "returned_refused") and mailing.method not in TRACKED_MAIL:
            raise InputError(
                f"Document {number} went by {SERVICE_METHODS[mailing.method]}, which has no "
                "return receipt; record the day it was received with --received and say how "
                "the Village knows it with --note."
            )
        if kind == "received" and not (note or "").strip():
            raise InputError(
                "Say with --note how the Village knows the day it was received (the owner's "
                "dated acknowledgment, a call logged by the clerk): an affidavit may rely on it."
            )
        village = load_village(document.case.village, workspace)
        notice = load_notice(village.slug, document.notice_type, workspace)
        at = at.astimezone(village.timezone)
        if at < mailing.served_at:
            mailed = spell_datetime(mailing.served_at.astimezone(village.timezone))
            raise InputError(f"{spell_datetime(at)} is before the mailing on {mailed}.")
        if at > now:
            raise InputError(
                f"{spell_datetime(at)} is later than now, "
                f"{spell_datetime(now.astimezone(village.timezone))}; what came back from the "
                "mail is recorded once it has happened: check the date given."
            )
        if document.status == "void":
            raise InputError(
                f"Document {number} is void ({document.void_reason}); nothing more is recorded "
                "of its mailing."
            )
        # A mailing is received (signed for) or comes back unclaimed or refused, once.
        if mailing.events:
            earlier = mailing.events[0]
            when = spell_date(earlier.happened_at.astimezone(village.timezone).date())
            what = {
                "receipt_signed": "its return receipt was signed",
                "received": "it was received",
                "returned_unclaimed": "it came back unclaimed",
                "returned_refused": "it came back refused",
            }[earlier.kind]
            raise InputError(
                f"The mailing of {number} is already answered: {what} on {when}; a mailing is "
                "received or returned, once. Mail it again with 'noticeclerk serve' if it must "
                "be served again."
            )
        deadline = None
        if kind in RECEIPTS and notice.service_effective == "on_receipt":
            deadline = deadline_after(session, document, notice, village, at)
        session.add(
            ServiceEvent(
                service_id=mailing.id,
                kind=kind,
                happened_at=at,
                note=note,
                signed_by=_text(signed_by),
                recorded_by=by,
                recorded_at=now,
                deadline=None if deadline is None else deadline.due.isoformat(),
                deadline_steps=[] if deadline is None else [str(s) for s in deadline.steps],
            )
        )
        return MailAnswer(number, deadline)


def mailing_village(engine, typed: str, workspace: Path | None) -> Village:  # type: ignore[no-untyped-def]
    """The village of the document a receipt is for (by document or article number), for
    reading a time given without a zone in its own."""
    with reading(engine) as session:
        document, _mailing = find_mailing(session, typed)
        return load_village(document.case.village, workspace)


def find_mailing(session: Session, typed: str) -> tuple[Document, Service]:
    """The document and mailing a receipt is for: a document number names its latest mailing,
    an article number (typed or scanned) the standing mailing that carries it."""
    document = session.execute(
        select(Document).where(Document.number == typed)
    ).scalar_one_or_none()
    if document is not None:
        if document.latest_mailing is None:
            raise InputError(
                f"Document {typed} has no mailing recorded; record it with 'noticeclerk serve'."
            )
        return document, document.latest_mailing
    if not any(character.isdigit() for character in typed):
        raise InputError(f"There is no document {quoted_back(typed)} in the register.")
    try:
        article = check_article_number(typed).number
    except InputError as error:
        raise InputError(
            f"{quoted_back(typed)} is neither a document number in the register nor an article "
            f"number: {error}"
        ) from None
    service = mailing_with(session, article, latest=True)
    if service is not None:
        return session.get_one(Document, service.document_id), service
    waiting = session.scalars(
        select(MailPiece)
        .join(MailBatch)
        .where(MailPiece.article_number == article, MailBatch.status == "prepared")
        .limit(1)
    ).first()
    if waiting is not None:
        batch = waiting.batch.number
        raise InputError(
            f"Article number {article} is line {waiting.line} of mail batch {batch}, whose "
            f"acceptance by the post office is not recorded yet: record it first with "
            f"'noticeclerk mail accepted {batch} --date DATE'."
        )
    raise InputError(
        f"No mailing in the register has article number {article}: check the number on the "
        "receipt, or give the document number instead."
    )


def parse_service_time(text: str | datetime | date, option: str = "--at") -> datetime:
    """--at (or --called-at) from the CLI: a date and time is required; service happens at a
    moment."""
    if isinstance(text, datetime):
        return text
    raise InputError(f"{option} takes a date and time, such as 2026-01-05T14:30.")
