"""The register's issued documents and their services, turned into what is due and what follows.

For each document still in force: not yet served; mailed and waiting for the return receipt;
returned unclaimed; a compliance deadline passed or coming, with the next step its ordinance
provides; or a notice suspended by an appeal served in time.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import partial
from pathlib import Path

from sqlalchemy import Engine, select

from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.village import Village, load_village
from noticeclerk.register.cases import latest
from noticeclerk.register.database import transaction
from noticeclerk.register.models import Case, Document
from noticeclerk.register.payments import balance
from noticeclerk.register.service import TRACKED_MAIL, stated_too_early
from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import Deadline, spell_date, spell_datetime

# What a follow-up settles: the deadline it followed, whether passed, coming or unpaid.
FOLLOWED_UP = ("passed", "coming", "unpaid", "suspended", "stated_too_early")


@dataclass(frozen=True)
class DueItem:
    """One thing the clerk must look at, and why."""

    village: str
    case: str
    document: str
    title: str
    recipient: str
    # passed, coming, unpaid, suspended, not_served, awaiting_receipt, returned_unclaimed,
    # stated_too_early
    status: str
    deadline: str | None
    words: str
    next_step: str | None

    def to_json(self) -> dict[str, str | None]:
        return dict(self.__dict__)


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
    items: list[tuple[datetime, DueItem]] = []
    with transaction(engine) as session:
        query = (
            select(Document).join(Case).where(Document.status == "issued", Case.closed_at.is_(None))
        )
        if village:
            query = query.where(Case.village == village)
        if case:
            query = query.where(Case.number == case)
        # A document a later one follows has had its next step taken (the bill after the
        # notice, the statement after the bill): its deadline is no longer what is due.
        followed = set(
            session.execute(
                select(Document.follows).where(
                    Document.status == "issued", Document.follows.is_not(None)
                )
            ).scalars()
        )
        for document in session.execute(query.order_by(Document.id)).scalars():
            found = load_village(document.case.village, workspace)
            notice = load_notice(found.slug, document.notice_type, workspace)
            moment = as_of
            if not isinstance(moment, datetime):
                moment = datetime.combine(
                    moment + timedelta(days=1), time(0), tzinfo=found.timezone
                )
            elif moment.tzinfo is None:
                moment = moment.replace(tzinfo=found.timezone)
            entries = _document_items(document, notice, found, moment, timedelta(days=horizon_days))
            if document.number in followed:
                entries = [entry for entry in entries if entry[1].status not in FOLLOWED_UP]
            items += entries
    return [entry for _, entry in sorted(items, key=lambda pair: pair[0])]


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
        return [(issued, item("not_served", None, words, None))]
    service = document.services[-1]
    for event in service.events:
        if event.kind == "returned_unclaimed":
            when = spell_datetime(event.happened_at.astimezone(zone))
            words = f"Mail returned unclaimed on {when}; serve it another way the ordinance allows."
            return [(event.happened_at, item("returned_unclaimed", None, words, None))]
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
