"""A clerk's case (parcels, notice type, facts, events), turned into register rows and back.

Facts and events are never overwritten: recording one again adds a newer record, and the
case reads the newest, so the register shows who recorded what, and when.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from noticeclerk.computations.figures import check_fact_lines
from noticeclerk.content.casefile import (
    Recipient,
    check_events,
    check_facts,
    checked_events,
    checked_recipient,
    read_case_header,
)
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.schema import refuse_control
from noticeclerk.content.village import Village, load_village
from noticeclerk.exceptions import InputError
from noticeclerk.legal_status import legal_status_line
from noticeclerk.register.chains import case_notices
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.facts import (
    checked_facts,
    event_from_text,
    facts_from_text,
    from_json,
    to_json,
)
from noticeclerk.register.models import Case, CaseParcel, Event, Parcel, Party
from noticeclerk.register.numbering import case_number, take_number


@dataclass(frozen=True)
class CaseRequest:
    """What `case open` was asked for, gathered from options or from a case file."""

    village: Village
    notice: NoticeType
    parcel_ids: list[str]
    facts: dict[str, Any]
    events: dict[str, date | datetime]
    recipient: dict[str, Any] | None = None


def case_request(
    village_slug: str,
    notice_slug: str,
    parcel_ids: Sequence[str],
    facts: Mapping[str, Any],
    events: Mapping[str, date | datetime],
    workspace: Path | None,
    recipient: Recipient | None = None,
) -> CaseRequest:
    """A new case from typed values (the desk's form, a worker's job), each checked as the
    notice type's facts and events require."""
    village = load_village(village_slug, workspace)
    notice = load_notice(village.slug, notice_slug, workspace)
    _may_open_for(notice)
    _check_parcels(notice, list(parcel_ids), village)
    if recipient is not None:
        recipient = checked_recipient("The addressee", recipient.name, recipient.address_lines)
    return CaseRequest(
        village=village,
        notice=notice,
        parcel_ids=list(parcel_ids),
        facts=checked_facts([notice], facts, village.timezone),
        events=checked_events(dict(events), [notice]),
        recipient=(
            {"name": recipient.name, "address_lines": list(recipient.address_lines)}
            if recipient
            else None
        ),
    )


def request_from_options(
    village_slug: str,
    notice_slug: str,
    parcel_ids: list[str],
    facts: list[str],
    events: list[str],
    workspace: Path | None,
) -> CaseRequest:
    """A case from --village, --notice-type, --parcel, --fact and --event options."""
    village = load_village(village_slug, workspace)
    notice = load_notice(village.slug, notice_slug, workspace)
    return case_request(
        village.slug,
        notice.slug,
        parcel_ids,
        facts_from_text([notice], facts, village.timezone),
        dict(event_from_text(text, village.timezone) for text in events),
        workspace,
    )


def _check_parcels(notice: NoticeType, parcel_ids: list[str], village: Village) -> None:
    """A case is opened over its parcels, except a document of the village, which gathers
    them from the register (the list of unpaid liens)."""
    if notice.gathers is not None and parcel_ids:
        raise InputError(
            f"The {notice.title} is a document of {village.name}: it gathers its parcels from "
            "the register when it is issued; open its case with no --parcel."
        )
    if notice.gathers is None and not parcel_ids:
        raise InputError("Give at least one --parcel: the parcel id as the roll shows it.")


# In a case file given to `case open --from`, the register numbers the case, dates and numbers
# the documents when they are issued and reads the owners from its own roll, so these keys are
# not used (a case number taken from a file would block the register's own series).
_IGNORED_FROM_FILE = ("case", "document", "date", "roll")


def _may_open_for(notice: NoticeType) -> None:
    """Refuse a case opened for a document the law rests on others ([follows] opens_case),
    before any of its facts are asked for."""
    if notice.cannot_open_case is not None:
        raise InputError(notice.cannot_open_case)


def request_from_file(path: Path, workspace: Path | None) -> tuple[CaseRequest, list[str]]:
    """A case from a case file; returns it with the keys the register does not use."""
    data = read_case_header(path)
    village = load_village(data.village, workspace)
    notice = load_notice(village.slug, data.notice, workspace)
    _may_open_for(notice)
    if notice.gathers is not None:
        raise InputError(
            f"{path}: the {notice.title} gathers its {notice.gathers.fact} and their parcels from "
            f"the register; open its case with 'noticeclerk case open --village {village.slug} "
            f"--notice-type {notice.slug}' and its facts, with no parcel."
        )
    if not data.parcels:
        raise InputError(f"{path}: 'parcels' must list the parcel ids, such as [\"037\"].")
    facts, _raw = check_facts(path, data.facts, notice, village.timezone)
    for name, value in facts.items():
        try:
            check_fact_lines([notice.computation], name, value)
        except InputError as error:
            raise InputError(f"{path}: {error}") from None
    recipient = data.recipient
    request = CaseRequest(
        village=village,
        notice=notice,
        parcel_ids=[str(p) for p in data.parcels],
        facts=facts,
        events=checked_events(check_events(path, data.events, village.timezone), [notice]),
        recipient=(
            {"name": recipient.name, "address_lines": list(recipient.address_lines)}
            if recipient
            else None
        ),
    )
    ignored = [key for key in _IGNORED_FROM_FILE if getattr(data, key) is not None]
    return request, ignored


def open_case(
    engine: Engine, request: CaseRequest, *, by: str, now: datetime, workspace: Path | None
) -> str:
    """Store a new case with its parcels, facts and events; returns its number. However the
    request was built, its facts and events are checked here as the notice type requires."""
    _may_open_for(request.notice)
    # A notice type of doubted law that the village attorney has not approved is refused
    # before the case records anything of the person it would name (NY legal reading CF-14).
    legal_status_line(
        request.notice, request.village, now.astimezone(request.village.timezone).date()
    )
    checked_facts([request.notice], request.facts, request.village.timezone)
    checked_events(dict(request.events), [request.notice])
    prefix = request.village.letterhead.number_prefix
    with transaction(engine) as session:
        parcels = [_parcel(session, request.village, parcel_id) for parcel_id in request.parcel_ids]
        if len({p.id for p in parcels}) != len(parcels):
            raise InputError("The same parcel is named twice; name each parcel of the case once.")
        year = now.astimezone(request.village.timezone).year
        number = case_number(
            prefix, year, take_number(session, f"{request.village.slug}:case:{year}")
        )
        case = Case(
            number=number,
            village=request.village.slug,
            notice_type=request.notice.slug,
            opened_at=now,
            opened_by=by,
            # A case file's [recipient] for a notice to the owner names whom this first
            # document goes to; for any other role it is the party of that role, whom the
            # follow-ups addressed to that role reach too.
            recipient=request.recipient if request.notice.recipient == "owner" else None,
        )
        session.add(case)
        session.flush()
        if request.recipient and request.notice.recipient != "owner":
            session.add(
                Party(
                    case_id=case.id,
                    role=request.notice.recipient,
                    name=request.recipient["name"],
                    address_lines=list(request.recipient["address_lines"]),
                    recorded_by=by,
                    recorded_at=now,
                )
            )
        for position, parcel in enumerate(parcels):
            session.add(CaseParcel(case_id=case.id, parcel_pk=parcel.id, position=position))
        _add_records(session, case, request.facts, request.events, by=by, now=now)
        return number


def record(
    engine: Engine,
    number: str,
    facts: Mapping[str, Any],
    events: Mapping[str, date | datetime],
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> tuple[int, int]:
    """Add typed facts and events to an open case, checked against the facts and events of
    every document the case may come to issue; returns how many of each were recorded."""
    if not facts and not events:
        raise InputError("Give at least one fact or event to record.")
    with transaction(engine) as session:
        case = find_open_case(session, number)
        village = load_village(case.village, workspace)
        # Facts and events of every document the case may come to issue (a bill after the
        # notice, a sworn statement after the bill), not only of the first.
        notices = case_notices(case, workspace)
        typed_facts = checked_facts(notices, facts, village.timezone)
        typed_events = checked_events(dict(events), notices)
        _add_records(session, case, typed_facts, typed_events, by=by, now=now)
    return len(typed_facts), len(typed_events)


def typed_from_text(
    engine: Engine,
    number: str,
    facts: list[str],
    events: list[str],
    workspace: Path | None,
) -> tuple[dict[str, Any], dict[str, date | datetime]]:
    """`case record`'s --fact and --event texts, read as the kinds the case's documents give
    those facts, and its events as days or moments on the village's clock."""
    with reading(engine) as session:
        case = find_open_case(session, number)
        zone = load_village(case.village, workspace).timezone
        notices = case_notices(case, workspace)
    return (
        facts_from_text(notices, facts, zone),
        dict(event_from_text(text, zone) for text in events),
    )


def _add_records(
    session: Session,
    case: Case,
    facts: dict[str, Any],
    events: dict[str, date | datetime],
    *,
    by: str,
    now: datetime,
) -> None:
    for kind, values in (("fact", facts), ("event", events)):
        for name, value in values.items():
            session.add(
                Event(
                    case_id=case.id,
                    kind=kind,
                    name=name,
                    value=to_json(value),
                    recorded_by=by,
                    recorded_at=now,
                )
            )


def find_case(session: Session, number: str) -> Case:
    case = session.execute(select(Case).where(Case.number == number)).scalar_one_or_none()
    if case is None:
        raise InputError(
            f"There is no case {number} in the register; 'noticeclerk case list' shows them."
        )
    return case


def find_open_case(session: Session, number: str) -> Case:
    """A case that still takes records and documents; a closed one is named as closed."""
    case = find_case(session, number)
    if case.closed_at is not None:
        raise InputError(
            f"Case {number} was closed ({case.close_reason}) on "
            f"{case.closed_at.date().isoformat()}; open a new case for a new matter."
        )
    return case


# Why a case ends: the owner complied, the Village withdrew it, or the bill was paid.
CLOSE_REASONS = ("complied", "withdrawn", "paid")


def close_case(
    engine: Engine, number: str, *, reason: str, note: str | None, by: str, now: datetime
) -> None:
    """Close a case: it takes no more records or documents and leaves the list of what is due."""
    if reason not in CLOSE_REASONS:
        raise InputError(f"A case closes as {', '.join(CLOSE_REASONS)}; got '{reason}'.")
    if note:
        refuse_control(note, "The note (--note)")
    with transaction(engine) as session:
        case = find_open_case(session, number)
        case.closed_at, case.closed_by, case.close_reason = now, by, reason
        case.close_note = note.strip() if note and note.strip() else None


def latest(case: Case, kind: str, zone: ZoneInfo) -> dict[str, Any]:
    """The newest record of each fact (or event) of a case, typed; a moment is read in the
    village's zone, so a document prints "2:00 p.m. CST", never a bare UTC offset."""
    return latest_of(case.events, kind, zone)


def latest_of(entries: Iterable[Any], kind: str, zone: ZoneInfo) -> dict[str, Any]:
    """`latest` over a case's records read as plain rows (kind, name, value), in id order."""
    found: dict[str, Any] = {}
    for entry in entries:  # ordered by id: later records replace earlier ones
        if entry.kind == kind:
            value = from_json(entry.value)
            found[entry.name] = value.astimezone(zone) if isinstance(value, datetime) else value
    return found


def _parcel(session: Session, village: Village, parcel_id: str) -> Parcel:
    parcel = session.execute(
        select(Parcel).where(Parcel.village == village.slug, Parcel.parcel_id == parcel_id.strip())
    ).scalar_one_or_none()
    if parcel is None:
        raise InputError(
            f"Parcel '{parcel_id}' is not on the {village.name} roll in the register; "
            f"import the roll first with 'noticeclerk roll import FILE --village {village.slug}'."
        )
    return parcel
