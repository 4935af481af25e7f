"""A mistaken service record or mail receipt, turned into a struck one: who struck it, when, why.

Nothing in the register is edited or deleted. A struck record stays where it was, with its
number, and `case show` lists it marked struck; everything that relies on service (the deadline
in force, `due`, the documents that follow, the affidavit of service) reads only the records
that stand (Document.services, Service.events). The correct record is made separately, with
`noticeclerk serve` or `noticeclerk receipt`, so the register shows the mistake and its
correction side by side.

A service record is named by its number: its place among all the document's service records,
struck ones too, in the order they were recorded, so a number never changes once given.
A struck service takes its receipts with it: they belong to that mailing, and stand or fall
with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlalchemy import Engine

from noticeclerk.content.schema import refuse_control
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.database import transaction
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import Document, Service, ServiceEvent
from noticeclerk.rules.periods import spell_date, spell_datetime
from noticeclerk.service_methods import SERVICE_METHODS

# What a mailing's answer was, as the clerk is told which one was struck.
ANSWERS = {
    "receipt_signed": "the return receipt signed",
    "received": "the receipt recorded as received",
    "returned_unclaimed": "the return unclaimed",
    "returned_refused": "the return refused",
}


@dataclass(frozen=True)
class Struck:
    """A record struck, and what of the document's service stands after it."""

    document: str
    # What was struck, as the clerk is told: "service record 2 (certified mail, ...)".
    what: str
    # The numbers of the service records still standing, oldest first.
    standing: tuple[int, ...]
    # The deadline in force now, spelled; None when no standing record fixes one.
    deadline: str | None

    def told(self, record_it: str, what_waits: str) -> list[str]:
        """What the clerk is told: what was struck, and what stands now. `record_it` says how
        the correct service is recorded, `what_waits` where to see what is due."""
        lines = [
            f"Struck {self.what} of {self.document}. It stays in the register and is left out "
            "of the affidavit of service."
        ]
        if not self.standing:
            lines.append(
                f"No service of {self.document} stands now: record the correct one {record_it}."
            )
        elif self.deadline is not None:
            lines.append(f"Deadline in force: {self.deadline}")
        else:
            lines.append(f"No standing record fixes a deadline yet; {what_waits} says what waits.")
        return lines


def service_number(document: Document, service: Service) -> int:
    """A service record's number: its place among all the document's records, from 1."""
    return document.all_services.index(service) + 1


def strike_service(
    engine: Engine,
    number: str,
    record: int,
    *,
    reason: str | None,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Struck:
    """Strike a document's service record `record` (its number, from 1) as mistaken."""
    reason = _checked(reason, by)
    with transaction(engine) as session:
        document = find_document(session, number)
        check_frozen(document)
        # A void document's records are struck too: voiding says the document is spoiled, not
        # that what was done with it is right; its history stays correctable, and reads true.
        records = document.all_services
        if not records:
            raise InputError(
                f"Document {number} has no service recorded; there is nothing to strike."
            )
        if not 1 <= record <= len(records):
            count = len(records)
            numbers = {1: "record 1", 2: "records 1 and 2"}.get(count, f"records 1 to {count}")
            raise InputError(
                f"Document {number} has service {numbers} ('noticeclerk case show "
                f"{document.case.number}' lists them); there is no record {record}."
            )
        zone = load_village(document.case.village, workspace).timezone
        service = records[record - 1]
        if service.struck_at is not None:
            raise InputError(
                f"Service record {record} of {number} was already struck on "
                f"{spell_datetime(service.struck_at.astimezone(zone))} by {service.struck_by}: "
                f"{_sentence(service.struck_reason or '')}"
            )
        service.struck_at, service.struck_by, service.struck_reason = now, by.strip(), reason
        method = SERVICE_METHODS[service.method]
        served = spell_datetime(service.served_at.astimezone(zone))
        return _after(document, f"service record {record} ({method}, {served})", zone)


def strike_receipt(
    engine: Engine,
    number: str,
    *,
    reason: str | None,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Struck:
    """Strike the answer (receipt signed, received, returned unclaimed) recorded for a
    document's latest standing mailing, so that the correct one can be recorded."""
    reason = _checked(reason, by)
    with transaction(engine) as session:
        document = find_document(session, number)
        check_frozen(document)
        # As with a service record, a void document's receipt is struck too (see above).
        mailing = document.latest_mailing
        if mailing is None:
            raise InputError(
                f"Document {number} has no mailing recorded that stands; there is no receipt "
                "to strike."
            )
        zone = load_village(document.case.village, workspace).timezone
        mailed = f"{SERVICE_METHODS[mailing.method]}, {_day(mailing.served_at, zone)}"
        if not mailing.events:
            raise InputError(
                f"The latest mailing of {number} (record {service_number(document, mailing)}, "
                f"{mailed}) has no receipt or return recorded that stands; there is nothing to "
                "strike."
            )
        event: ServiceEvent = mailing.events[-1]
        event.struck_at, event.struck_by, event.struck_reason = now, by.strip(), reason
        answer = f"{ANSWERS[event.kind]} on {_day(event.happened_at, zone)}"
        record = service_number(document, mailing)
        return _after(document, f"{answer} for service record {record} ({mailed})", zone)


def _checked(reason: str | None, by: str) -> str:
    """The reason a record is struck, required: the register keeps it with the record."""
    if not (reason or "").strip():
        raise InputError(
            "Say why the record is struck with --reason: the register keeps it with the record."
        )
    if not by.strip():
        raise InputError("Say who is striking the record with --by.")
    refuse_control(reason or "", "The reason (--reason)")
    refuse_control(by, "Who is striking it (--by)")
    return (reason or "").strip()


def _after(document: Document, what: str, zone: ZoneInfo) -> Struck:
    standing = tuple(
        position
        for position, service in enumerate(document.all_services, 1)
        if service.struck_at is None
    )
    deadline = document.deadline_in_force
    if deadline is not None:
        deadline = (
            spell_datetime(datetime.fromisoformat(deadline).astimezone(zone))
            if "T" in deadline
            else spell_date(date.fromisoformat(deadline))
        )
    return Struck(document.number, what, standing, deadline)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _day(moment: datetime, zone: ZoneInfo) -> str:
    return spell_date(moment.astimezone(zone).date())
