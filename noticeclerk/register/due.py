"""The register's issued documents and their services, turned into what is due and what follows.

For each document still in force: not yet served; mailed and waiting for the return receipt;
returned unclaimed; a compliance deadline passed or coming, with the next step its ordinance
provides; or a notice suspended by an appeal served in time.

Beside a deadline passed or a bill unpaid, and a notice suspended by an appeal, stand the
follow-ups the case may issue that day, with the command: the case's next steps
(`next_steps`, computed once for each case and day: the declared rules and checks made on the
records, nothing composed or rendered), exactly what `issue` allows. A document whose own
declared checks no longer hold on the records, or fail at the moment it was served, or served in
a way the roll now says its ordinance does not allow, carries a warning.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from functools import cache, partial
from itertools import groupby
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, defer, selectinload

from noticeclerk.computations.declared import unmet_checks
from noticeclerk.computations.figures import CaseContext
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import InputError, NoticeclerkError
from noticeclerk.register.cases import latest, latest_of
from noticeclerk.register.chains import (
    NextDocument,
    chain_of,
    parcel_for,
    printed_facts,
    taken_facts,
)
from noticeclerk.register.database import reading
from noticeclerk.register.models import (
    Case,
    CaseParcel,
    Document,
    Insertion,
    MailBatch,
    MailPiece,
    OutboxMessage,
    Service,
)
from noticeclerk.register.next_steps import MAY, CaseState, NextStep, next_steps
from noticeclerk.register.payments import balance
from noticeclerk.register.published import publication_event
from noticeclerk.register.service import residence_refusal, stated_too_early
from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import Deadline, spell_date, spell_datetime
from noticeclerk.rules.publication import schedule_before, schedule_from
from noticeclerk.service_methods import SERVICE_METHODS, TRACKED_MAIL

# Mail that came back, as `due` words it.
RETURNED = {"returned_unclaimed": "unclaimed", "returned_refused": "refused by the addressee"}
# What a follow-up settles: the deadline it followed, whether passed, coming or unpaid.
FOLLOWED_UP = ("passed", "coming", "unpaid", "suspended", "stated_too_early")
# Where the ordinance moves on to another document: after a deadline passed or a bill left
# unpaid, and, for the appeal's papers, while an appeal suspends a notice.
MOVES_ON = ("passed", "unpaid", "suspended")


@dataclass(frozen=True)
class DueItem:
    """One thing the clerk must look at, and why."""

    village: str
    case: str
    document: str
    title: str
    recipient: str
    # passed, coming, unpaid, suspended, not_served, awaiting_receipt, returned_unclaimed,
    # returned_refused, receipt_overdue, email_failed, not_published,
    # stated_too_early; precondition_unmet when a warning is all there is to say
    status: str
    deadline: str | None
    words: str
    next_step: str | None
    # The follow-ups the case may issue on the day asked about, each with its command.
    follow_ups: tuple[NextDocument, ...] = ()
    # Where the document's ordinance's own preconditions are not met, each in one sentence.
    warnings: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = dict(self.__dict__)
        found["follow_ups"] = [follow_up.to_json() for follow_up in self.follow_ups]
        found["warnings"] = list(self.warnings)
        return found


def _moment_of(deadline: str, zone) -> datetime:  # type: ignore[no-untyped-def]
    """When a stored deadline has passed: its hour, or the end of its day."""
    if "T" in deadline:
        return datetime.fromisoformat(deadline)
    day = date.fromisoformat(deadline)
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone)


def _spell(deadline: str, zone) -> str:  # type: ignore[no-untyped-def]
    if "T" in deadline:
        return spell_datetime(datetime.fromisoformat(deadline).astimezone(zone))
    return spell_date(date.fromisoformat(deadline))


def what_is_due(
    engine: Engine,
    *,
    as_of: date | datetime,
    village: str | None = None,
    case: str | None = None,
    horizon_days: int = 14,
    workspace: Path | None = None,
) -> list[DueItem]:
    """Everything due or overdue as of a moment, the soonest first. A date means the end of
    that day, and a time without an offset that time, in each village's own zone."""
    # Each item with its moment, then its document's id and its place among what was found,
    # so that items due at the same moment keep the order of the documents.
    items: list[tuple[datetime, int, int, DueItem]] = []
    with reading(engine) as session:
        # A closed case's documents leave the list: only open cases are read at all.
        query = select(Case.id).where(Case.closed_at.is_(None))
        if village:
            query = query.where(Case.village == village)
        if case:
            query = query.where(Case.number == case)
        open_cases = list(session.scalars(query.order_by(Case.id)))
        # Read once for the whole list, not for each document and case: the definitions are
        # files, and a register has many cases of the same few notice types.
        villages = cache(partial(load_village, workspace=workspace))
        notices = cache(partial(load_notice, workspace=workspace))
        chains = cache(partial(chain_of, workspace=workspace))
        for start in range(0, len(open_cases), CASES_AT_ONCE):
            lot = open_cases[start : start + CASES_AT_ONCE]
            for documents, waiting in _open_documents(session, lot):
                _case_items(
                    documents, waiting, items, as_of, horizon_days, villages, notices, chains
                )
            # What this many cases held is let go before the next are read.
            session.expunge_all()
    return [entry for *_, entry in sorted(items, key=lambda found: found[:3])]


# Open cases are read this many at a time, each lot with all its documents and records in a
# dozen queries, so `due` holds one lot at once however many cases the register keeps.
CASES_AT_ONCE = 200


@dataclass(frozen=True)
class _Waiting:
    """What a lot of documents waits on outside their own records: a mail batch not yet
    accepted, email failed or still in the outbox, and which were printed in the newspaper."""

    in_batches: dict[int, str]
    failed_emails: dict[int, list[OutboxMessage]]
    in_outbox: dict[int, list[str]]
    published: set[int]


def _open_documents(
    session: Session, case_ids: list[int]
) -> Iterator[tuple[list[Document], _Waiting]]:
    """The documents of these cases, void ones too, case by case in the order they were
    issued, each with its case, services, receipts and payments loaded (no stored file is
    read), with what the lot waits on."""
    cases = session.scalars(
        select(Case)
        .where(Case.id.in_(case_ids))
        .options(
            selectinload(Case.events),
            selectinload(Case.parcels).joinedload(CaseParcel.parcel),
            selectinload(Case.parties),
        )
    ).all()
    documents = session.scalars(
        select(Document)
        .where(Document.case_id.in_(case_ids))
        .options(
            selectinload(Document.all_services).selectinload(Service.all_events),
            selectinload(Document.payments),
        )
        .order_by(Document.case_id, Document.id)
    ).all()
    issued = [document.id for document in documents if document.status == "issued"]
    waiting = _waiting(session, issued)
    for _, of_case in groupby(documents, key=lambda document: document.case_id):
        yield list(of_case), waiting
    del cases  # held until here, so that each document's case is found without a query


def _waiting(session: Session, document_ids: list[int]) -> _Waiting:
    if not document_ids:
        return _Waiting({}, {}, {}, set())
    # Documents printed in a mail batch the post office has not accepted yet.
    in_batches = dict(
        session.execute(
            select(MailPiece.document_id, MailBatch.number)
            .join(MailBatch)
            .where(MailPiece.document_id.in_(document_ids), MailBatch.status == "prepared")
            .order_by(MailPiece.id)
        ).all()
    )
    # Email the server refused for good: the document may still need serving.
    failed_emails: dict[int, list[OutboxMessage]] = {}
    failed = (
        select(OutboxMessage)
        .options(defer(OutboxMessage.message))  # the words, not the message's bytes
        .where(OutboxMessage.document_id.in_(document_ids), OutboxMessage.state == "failed")
        .order_by(OutboxMessage.id)
    )
    for message in session.scalars(failed):
        failed_emails.setdefault(message.document_id, []).append(message)
    # Documents waiting in the email outbox, to be sent by 'email send'.
    in_outbox: dict[int, list[str]] = {}
    for document_id, recipient in session.execute(
        select(OutboxMessage.document_id, OutboxMessage.recipient)
        .where(
            OutboxMessage.document_id.in_(document_ids),
            OutboxMessage.state.in_(("queued", "sending", "deferred")),
        )
        .order_by(OutboxMessage.id)
    ):
        in_outbox.setdefault(document_id, []).append(recipient)
    # Documents whose publication in the newspaper is recorded.
    published = set(
        session.scalars(
            select(Insertion.document_id).where(Insertion.document_id.in_(document_ids))
        )
    )
    return _Waiting(in_batches, failed_emails, in_outbox, published)


def _case_items(
    documents: list[Document],
    waiting: _Waiting,
    items: list[tuple[datetime, int, int, DueItem]],
    as_of: date | datetime,
    horizon_days: int,
    villages: Any,
    notices: Any,
    chains: Any,
) -> None:
    """What one open case's issued documents make due, added to `items`."""
    # A document a later one follows has had its next step taken (the bill after the
    # notice, the statement after the bill): its deadline is no longer what is due. A
    # document follows only one of its own case.
    followed = {
        document.follows
        for document in documents
        if document.status == "issued" and document.follows is not None
    }
    records: _CaseRecords | None = None
    for document in documents:
        if document.status != "issued":
            continue
        found = villages(document.case.village)
        notice = notices(found.slug, document.notice_type)
        moment = as_of
        if not isinstance(moment, datetime):
            moment = datetime.combine(moment + timedelta(days=1), time(0), tzinfo=found.timezone)
        elif moment.tzinfo is None:
            moment = moment.replace(tzinfo=found.timezone)
        entries = _document_items(document, notice, found, moment, timedelta(days=horizon_days))
        entries += [
            _email_failed(message, document, notice, found)
            for message in waiting.failed_emails.get(document.id, [])
        ]
        batch = waiting.in_batches.get(document.id)
        if batch is not None:
            entries = _waiting_on(
                entries,
                f"Printed in mail batch {batch}: once the post office has accepted it, "
                f"record that with 'noticeclerk mail accepted {batch} --date DATE'.",
            )
        in_outbox = waiting.in_outbox.get(document.id)
        if in_outbox:
            entries = _waiting_on(
                entries,
                f"Waiting in the email outbox for {', '.join(in_outbox)}: send it with "
                "'noticeclerk email send'.",
            )
        if document.id not in waiting.published:
            entries += _not_published(document, notice, found, moment)
        if document.number in followed:
            entries = [entry for entry in entries if entry[1].status not in FOLLOWED_UP]
        if records is None:
            records = _CaseRecords.read(
                document.case, documents, found, chains(found.slug, document.case.notice_type)
            )
        # The day asked about, in the village's zone: a follow-up named is dated on it.
        on = moment.astimezone(found.timezone).date() if isinstance(as_of, datetime) else as_of
        warnings = tuple(_unmet(document, notice, records))
        if warnings and not entries and not _paid(document):
            issued = datetime.combine(document.document_date, time(0), tzinfo=found.timezone)
            words = "The ordinance's own preconditions are not met."
            item = DueItem(
                found.slug,
                document.case.number,
                document.number,
                notice.title,
                document.recipient_name,
                "precondition_unmet",
                None,
                words,
                None,
            )
            entries = [(issued, item)]
        items += [
            (when, document.id, len(items) + place, _beside(entry, document, records, on, warnings))
            for place, (when, entry) in enumerate(entries)
        ]


def _document_items(
    document: Document, notice: NoticeType, village: Village, as_of: datetime, horizon: timedelta
) -> list[tuple[datetime, DueItem]]:
    zone = village.timezone
    item = partial(
        DueItem,
        village.slug,
        document.case.number,
        document.number,
        notice.title,
        document.recipient_name,
    )
    if not document.services:
        issued = datetime.combine(document.document_date, time(0), tzinfo=zone)
        words = "Issued, not yet served."
        if document.stated_deadline is None and notice.deadline_words:
            words += f" It states its deadline as a rule: “{notice.deadline_words}”"
        planned = document.mailing_planned_on
        if planned is not None:
            # Its stated date counts from that day: a day gone by unmailed makes it untrue.
            words += (
                f" It was issued to be mailed on {spell_date(planned)}, and the date it states "
                "counts from that day: mail it then, or void it and issue it again."
            )
        return [(issued, item("not_served", None, words, None))]
    service = document.services[-1]
    for event in service.events:
        if event.kind in RETURNED:
            when = spell_datetime(event.happened_at.astimezone(zone))
            words = (
                f"Mail returned {RETURNED[event.kind]} on {when}; serve it another way the "
                "ordinance allows."
            )
            return [(event.happened_at, item(event.kind, None, words, None))]
    overdue = _receipt_overdue(service, village, as_of, item)
    return overdue + _deadline_items(document, notice, village, service, as_of, horizon, item)


def _not_published(
    document: Document, notice: NoticeType, village: Village, as_of: datetime
) -> list[tuple[datetime, DueItem]]:
    """A notice that must be printed in the newspaper (a published kind, or one preceding an
    event such as a hearing) and is not recorded published: when its copy is due, or why the
    days can no longer be met."""
    publication = notice.publication
    if publication is None or (publication.event is None and notice.kind != "publication"):
        return []
    zone = village.timezone
    today = as_of.astimezone(zone).date()
    issued = datetime.combine(document.document_date, time(0), tzinfo=zone)
    item = partial(
        DueItem,
        village.slug,
        document.case.number,
        document.number,
        notice.title,
        document.recipient_name,
        "not_published",
    )
    command = f"'noticeclerk publish prepare {document.number}'"
    try:
        paper = village.official_newspaper().newspaper
        event, _words = publication_event(document, notice, village)
        rule = publication.rule()
        schedule = (
            schedule_before(rule, paper, village.calendar, event=event, today=today)
            if event is not None
            else schedule_from(rule, paper, village.calendar, today=today)
        )
    except NoticeclerkError as error:
        return [(issued, item(None, f"Not yet published: {error}", None))]
    days = ", ".join(spell_date(day) for day in schedule.insertions)
    words = (
        f"To be published in {paper.name} on {days}; the copy must reach it by "
        f"{spell_date(schedule.copy_due)}: {command} writes it."
    )
    when = datetime.combine(schedule.copy_due, time(0), tzinfo=zone)
    return [(when, item(schedule.copy_due.isoformat(), words, None))]


def _receipt_overdue(
    service: Service, village: Village, as_of: datetime, item: Any
) -> list[tuple[datetime, DueItem]]:
    """Certified or registered mail with no return receipt recorded after the village's
    [mail] receipt_overdue_days: the Post Office's tracking says where it is."""
    if service.method not in TRACKED_MAIL or service.events:
        return []
    days = village.mail.receipt_overdue_days
    overdue_at = service.served_at + timedelta(days=days)
    if overdue_at > as_of:
        return []
    mailed = spell_date(service.served_at.astimezone(village.timezone).date())
    words = (
        f"Mailed {mailed} by {SERVICE_METHODS[service.method]}, article "
        f"{service.article_number}; no return receipt recorded after {days} days: look it up "
        "in USPS tracking, then record the card with 'noticeclerk receipt "
        f"{service.article_number} --signed DATE' (or --unclaimed, --refused)."
    )
    return [(overdue_at, item("receipt_overdue", None, words, None))]


def _deadline_items(
    document: Document,
    notice: NoticeType,
    village: Village,
    service: Service,
    as_of: datetime,
    horizon: timedelta,
    item: Any,
) -> list[tuple[datetime, DueItem]]:
    zone = village.timezone
    deadline = document.deadline_in_force
    if deadline is None:
        if service.effective == "awaiting return receipt":
            words = "Mailed; the deadline starts when the return receipt is signed."
            if service.method not in TRACKED_MAIL:
                words = (
                    "Mailed with no return receipt; the deadline starts on the day it is "
                    f"received: record it with 'noticeclerk receipt {document.number} --received "
                    "DATE --note ...'."
                )
            return [(service.served_at, item("awaiting_receipt", None, words, None))]
        return []
    due_at = _moment_of(deadline, zone)
    warning = stated_too_early(document, _as_deadline(deadline), zone)
    if warning:
        return [(due_at, item("stated_too_early", deadline, warning, None))]
    if notice.suspended_by is not None:
        appeal = latest(document.case, "event", zone).get(notice.suspended_by.event)
        if appeal is not None and _as_moment(appeal, zone) < due_at:
            return [(due_at, item("suspended", deadline, notice.suspended_by.words, None))]
    if document.amount_due is not None:
        owed = balance(document)
        if owed <= 0:
            return []  # paid in full
        if due_at <= as_of:
            words = f"{spell_amount(owed)} unpaid; it was due {_spell(deadline, zone)}."
            return [(due_at, item("unpaid", deadline, words, notice.next_step))]
        if due_at <= as_of + horizon:
            words = f"{spell_amount(owed)} due {_spell(deadline, zone)}."
            return [(due_at, item("coming", deadline, words, notice.next_step))]
        return []
    if due_at <= as_of:
        words = f"The deadline passed: {_spell(deadline, zone)}."
        return [(due_at, item("passed", deadline, words, notice.next_step))]
    if due_at <= as_of + horizon:
        return [
            (due_at, item("coming", deadline, f"Due {_spell(deadline, zone)}.", notice.next_step))
        ]
    return []


def _email_failed(
    message: OutboxMessage, document: Document, notice: NoticeType, village: Village
) -> tuple[datetime, DueItem]:
    """An email the server refused for good, in the server's words."""
    what = "courtesy copy" if message.courtesy else "email"
    reply = (message.last_reply or "").rstrip(".")
    # The server's refusal (a reply code) is about the address; anything else (a document
    # voided after it was queued, a message altered in the register) says its own remedy.
    advice = (
        " Correct the address or serve it another way the ordinance allows."
        if reply[:3].isdigit()
        else ""
    )
    words = f"The {what} to {message.recipient} failed: {reply}.{advice}"
    item = DueItem(
        village.slug,
        document.case.number,
        document.number,
        notice.title,
        document.recipient_name,
        "email_failed",
        None,
        words,
        None,
    )
    return message.queued_at, item


def _waiting_on(
    entries: list[tuple[datetime, DueItem]], sentence: str
) -> list[tuple[datetime, DueItem]]:
    """A document not yet served says what its service waits on: a mail batch the post office
    has not accepted, or the email outbox."""
    return [
        (when, replace(entry, words=f"{entry.words} {sentence}"))
        if entry.status == "not_served"
        else (when, entry)
        for when, entry in entries
    ]


def _as_moment(value: date | datetime, zone) -> datetime:  # type: ignore[no-untyped-def]
    if isinstance(value, datetime):
        return value
    return datetime.combine(value, time(0), tzinfo=zone)


def _as_deadline(stored: str) -> Deadline:
    """A stored deadline back as a Deadline, for comparing with the one a document states."""
    due: date | datetime = (
        datetime.fromisoformat(stored) if "T" in stored else date.fromisoformat(stored)
    )
    return Deadline(due, ())


@dataclass
class _CaseRecords:
    """What `due` reads once for each case: its village, notice types, documents and records,
    and its next steps on the day asked about, computed once."""

    case: Case
    village: Village
    notices: list[NoticeType]
    documents: list[Document]
    facts: dict[str, Any]
    events: dict[str, Any]
    steps: dict[date, list[NextStep]] = field(default_factory=dict)

    def next_steps(self, on: date) -> list[NextStep]:
        """The case's next steps dated `on` (next_steps: what `issue` allows)."""
        if on not in self.steps:
            state = CaseState(
                self.case, self.village, self.notices, self.documents, self.facts, self.events
            )
            self.steps[on] = next_steps(state, on)
        return self.steps[on]

    @classmethod
    def read(
        cls, case: Case, documents: list[Document], village: Village, notices: list[NoticeType]
    ) -> _CaseRecords:
        zone = village.timezone
        return cls(
            case,
            village,
            notices,
            documents,
            latest(case, "fact", zone),
            latest(case, "event", zone),
        )


def _beside(
    item: DueItem, document: Document, records: _CaseRecords, on: date, warnings: tuple[str, ...]
) -> DueItem:
    """The item with the follow-ups the ordinance moves on to, and the document's warnings."""
    follow_ups: tuple[NextDocument, ...] = ()
    if item.status in MOVES_ON:
        follow_ups = tuple(_follow_ups(records, document, on, appealed=item.status == "suspended"))
    return replace(item, follow_ups=follow_ups, warnings=warnings)


def _follow_ups(
    records: _CaseRecords, document: Document, on: date, *, appealed: bool
) -> list[NextDocument]:
    """The follow-ups of `document` the case may issue on the day `on`, as its next steps
    allow them. Where an event suspends the document (an appeal served in time), the
    follow-ups that record it as a fact (the appeal's papers) are named only when it is
    `appealed`, the others only when it is not."""
    own = next((n for n in records.notices if n.slug == document.notice_type), None)
    suspension = own.suspended_by.event if own and own.suspended_by else None
    found = []
    for step in records.next_steps(on):
        if step.standing.standing != MAY or document.number not in step.follows:
            continue
        if (suspension in {fact.name for fact in step.notice.facts}) != appealed:
            continue
        found.append(
            NextDocument(
                step.notice,
                document.number,
                step.needs,
                step.needs_party,
                step.command,
                step.follows_option,
            )
        )
    return found


def _unmet(document: Document, notice: NoticeType, records: _CaseRecords) -> list[str]:
    """Where the document's ordinance's own preconditions are not met on the records as they
    stand: its declared checks made again on its date (a fact corrected since it was issued),
    then at the moment its service took effect (a notice handed over before the hours it waits
    for had run), and a service the roll says its ordinance does not allow the owner."""
    zone = records.village.timezone
    found = []
    service = document.services[-1] if document.services else None
    if service is not None:
        refused = residence_refusal(document, notice, service.method)
        if refused:
            when = spell_datetime(service.served_at.astimezone(zone))
            how = SERVICE_METHODS[service.method]
            found.append(f"Served by {how} on {when}. {refused}")
    if not notice.declared.checks:
        return found
    names = {fact.name for fact in notice.facts}
    facts = {k: v for k, v in _as_it_stands(document, notice, records).items() if k in names}

    def made(today: date) -> list[str]:
        context = CaseContext(
            facts=facts, events=records.events, village=records.village, today=today
        )
        return unmet_checks(notice.declared, context)

    on_its_date = made(document.document_date)
    if on_its_date:
        return [*found, *on_its_date]
    if service is not None:
        served = service.served_at.astimezone(zone)
        found += [f"As served {spell_datetime(served)}: {sentence}" for sentence in made(served)]
    return found


def _as_it_stands(document: Document, notice: NoticeType, records: _CaseRecords) -> dict[str, Any]:
    """The facts a document printed, with any the case corrected after it was issued: a later
    record of one of them counts, unless a later document printed it (the final resolution's
    day of publication is that notice's own, not a correction of the hearing notice's). A
    document issued before the register kept its facts is read from the case as it stands."""
    printed = printed_facts(document)
    if printed is None:
        followed = next((d for d in records.documents if d.number == document.follows), None)
        try:
            parcel_ids = [link.parcel.parcel_id for link in records.case.parcels]
            parcel = parcel_for(document.parcel_id, parcel_ids)
            zone = records.village.timezone
            taken = taken_facts(notice, followed, zone, records.documents, parcel, records.events)
        except InputError:
            taken = {}  # what it took is no longer in the register; its checks wait for it
        return {**records.facts, **taken}
    later = [
        other
        for other in records.documents
        if other.status == "issued" and other.issued_at > document.issued_at and other.facts
    ]
    facts = dict(printed)
    zone = records.village.timezone
    newest: dict[str, Any] = {}
    for entry in document.case.events:  # in the order they were recorded: the last one stands
        if entry.kind == "fact" and entry.name in printed and entry.name not in notice.readings:
            newest[entry.name] = entry
    for entry in newest.values():
        if entry.recorded_at < document.issued_at:
            continue  # what it printed (a record made at the same instant counts as later)
        value = latest_of([entry], "fact", zone)[entry.name]
        printed_later = any(
            other.issued_at >= entry.recorded_at
            and entry.name in (theirs := printed_facts(other) or {})
            and theirs[entry.name] == value
            for other in later
        )
        if not printed_later:
            facts[entry.name] = value
    return facts


def _paid(document: Document) -> bool:
    return document.amount_due is not None and balance(document) <= 0
