"""An issued document whose notice type may be published, turned into the newspaper's copy and
the days it must be printed; the publisher's affidavit, into recorded insertions, an archived
affidavit and, where the ordinance allows service by publication, the service; the published
notices, into the Village's public notices site.

The copy's words are the document's own, read from its frozen Word file (the same words as its
PDF, which a test holds them to), set in the newspaper's column without the letterhead.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, selectinload

from noticeclerk.content.notice_types import NoticeType, Publication, load_notice
from noticeclerk.content.village import NewspaperSettings, Village, load_village
from noticeclerk.exceptions import InputError
from noticeclerk.register.cases import latest
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.models import ArchiveItem, Case, Document, Insertion
from noticeclerk.register.published import publication_event
from noticeclerk.rules.periods import spell_date
from noticeclerk.rules.publication import Schedule, schedule_before, schedule_from

AFFIDAVIT = "affidavit-of-publication"


@dataclass(frozen=True)
class Copy:
    """The newspaper's copy of a document: its paragraphs, as text and as a column PDF."""

    title: str
    paragraphs: tuple[str, ...]
    text: str
    pdf: bytes


@dataclass(frozen=True)
class Prepared:
    document: str
    newspaper: str
    schedule: Schedule
    copy: Copy
    event: str | None


@dataclass(frozen=True)
class Recorded:
    document: str
    insertions: tuple[date, ...]
    affidavit_item: int
    served: Any | None  # register.service.Served, when the publication is the service
    # Where the document was served otherwise before it was published: that service stands,
    # and the publication is not a second one (which would move its deadline later).
    served_before: str | None = None
    # What the clerk should check: a day the newspaper does not usually print.
    warnings: tuple[str, ...] = ()


def prepare(engine: Engine, number: str, *, today: date, workspace: Path | None) -> Prepared:
    """The copy and the schedule of an issued document: backwards from the event it precedes,
    or from today for a notice published to serve it; refused when the dates cannot be met."""
    with reading(engine) as session:
        document, notice, village = _publishable(session, number, workspace)
        paper = village.official_newspaper()
        assert notice.publication is not None
        rule = notice.publication.rule()
        event_day, event_words = publication_event(document, notice, village)
        copy = newspaper_copy(document, notice, paper)
        stated = _stated_publication(document, notice, village)
    if event_day is not None:
        schedule = schedule_before(
            rule, paper.newspaper, village.calendar, event=event_day, today=today
        )
    else:
        schedule = schedule_from(rule, paper.newspaper, village.calendar, today=today)
    if stated is not None:
        _check_stated(document.number, notice, schedule, stated)
    return Prepared(document.number, paper.newspaper.name, schedule, copy, event_words)


def record_publication(
    engine: Engine,
    number: str,
    published: Sequence[date],
    *,
    affidavit: bytes,
    affidavit_name: str,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Recorded:
    """Record the days the newspaper printed the document, as its affidavit proves: the
    affidavit is archived with them, and where the ordinance allows service by publication,
    the insertion the notice type names (the first or the last) is the service."""
    from noticeclerk.archive.keeping import add_file

    days = tuple(sorted(set(published)))
    with reading(engine) as session:
        document, notice, village = _publishable(session, number, workspace)
        publication = notice.publication
        assert publication is not None
        paper = village.official_newspaper()
        _check_days(document, notice, village, days, now)
        number = document.number
        _not_recorded_yet(session, document)
        # The same affidavit already kept: by a record interrupted after archiving it, or for
        # another of the Village's notices in the same issue (one affidavit often covers them
        # all); the archive keeps a file once, and the insertions point to it.
        existing = session.scalar(
            select(ArchiveItem.id).where(
                ArchiveItem.sha256 == _sha256(affidavit),
                ArchiveItem.kind == AFFIDAVIT,
                ArchiveItem.village == document.case.village,
                ArchiveItem.disposed_at.is_(None),
            )
        )
    if existing is not None:
        affidavit_item = existing
    else:
        affidavit_item = add_file(
            engine,
            data=affidavit,
            name=affidavit_name,
            document=number,
            case=None,
            kind=AFFIDAVIT,
            signed_by=None,
            signed_on=None,
            note=f"Affidavit of publication in {paper.newspaper.name}: "
            + ", ".join(day.isoformat() for day in days),
            pdfa=False,
            by=by,
            now=now,
            workspace=workspace,
        ).item
    served = None
    with transaction(engine) as session:
        document = session.scalar(select(Document).where(Document.number == number))
        assert document is not None
        _not_recorded_yet(session, document)  # another clerk's record meanwhile
        service_id = None
        served_before = None
        if document.services:
            earlier = document.services[0]
            served_before = (
                f"{number} was already served ({earlier.method.replace('_', ' ')}, "
                f"{spell_date(earlier.served_at.astimezone(village.calendar.timezone).date())}); "
                "that service stands and the "
                "publication is recorded without being a second one"
            )
        elif any(method.method == "publication" for method in notice.service):
            served = _serve(
                session, document, publication, paper, days, affidavit_item, by, now, workspace
            )
            service_id = served.service_id
        for day in days:
            session.add(
                Insertion(
                    document_id=document.id,
                    published_on=day,
                    newspaper=paper.newspaper.name,
                    affidavit_item_id=affidavit_item,
                    service_id=service_id,
                    recorded_at=now,
                    recorded_by=by,
                )
            )
    # Recorded as the affidavit states, which is the proof (a special edition, an issue moved
    # for a holiday), but worth a look: a misread date would put the service on a wrong day.
    paper_days = paper.newspaper
    warnings = tuple(
        f"{paper_days.name} does not print on {spell_date(day)}, as the village's file states "
        "its days; check the affidavit's date."
        for day in days
        if day.weekday() not in paper_days.publishes_on or day in paper_days.no_issue_on
    )
    return Recorded(number, days, affidavit_item, served, served_before, warnings)


@dataclass(frozen=True)
class Standing:
    """Where a document's publication stands: its case, and the days recorded as printed."""

    document: str
    case: str
    printed: tuple[date, ...]


def publication_standing(engine: Engine, number: str, *, workspace: Path | None) -> Standing:
    """A document whose notice type is published, with the days already recorded; refused in
    one sentence for a document that is not published or is void."""
    with reading(engine) as session:
        document, _notice, _village = _publishable(session, number, workspace)
        return Standing(document.number, document.case.number, _printed_days(session, document))


def _printed_days(session: Session, document: Document) -> tuple[date, ...]:
    return tuple(
        session.scalars(
            select(Insertion.published_on)
            .where(Insertion.document_id == document.id)
            .order_by(Insertion.published_on)
        )
    )


def _not_recorded_yet(session: Session, document: Document) -> None:
    days = _printed_days(session, document)
    if days:
        printed = ", ".join(spell_date(day) for day in days)
        raise InputError(
            f"The publication of {document.number} is already recorded (printed {printed}); "
            "a publication is recorded once, from its affidavit."
        )


def newspaper_copy(document: Document, notice: NoticeType, paper: NewspaperSettings) -> Copy:
    """The document's words from its frozen Word file, as paragraphs, text and a column PDF."""
    check_frozen(document)
    # A notice addressed to the public (the levy of a district) serves nobody by name.
    serves = not notice.public and any(method.method == "publication" for method in notice.service)
    paragraphs = docx_paragraphs(document.docx, reference=serves)
    if serves:
        # Published to serve someone who could not be served otherwise (§ 66.0907(3)(d)): the
        # copy names whom it serves, as the letter's address block did.
        paragraphs = (paragraphs[0], f"To: {document.recipient_name}", *paragraphs[1:])
    text = "\n\n".join(paragraphs) + "\n"
    return Copy(
        notice.title, paragraphs, text, _copy_pdf(notice.title, paragraphs, paper, document)
    )


def docx_paragraphs(data: bytes, *, reference: bool = False) -> tuple[str, ...]:
    """The notice's paragraphs and table rows, in order, from its title on: the letterhead is
    in the header, and what a letter carries before its title (the mail's class, the address
    block, the date) is the letter's, not the newspaper's.

    The reference block ("RE: ... Document No. ... Parcel No. ...") is left out of a notice
    published to everyone (a hearing notice read by the whole district is not about one
    parcel); with `reference`, for a notice published to serve its addressee, it stays but
    for its "RE:" line: it identifies the parcel the notice calls "identified above"."""
    from docx import Document as WordDocument
    from docx.table import Table

    found: list[str] = []
    started = False
    for block in WordDocument(io.BytesIO(data)).iter_inner_content():
        if not started:
            started = not isinstance(block, Table) and block.style.name == "Heading 1"
            if not started:
                continue
        if isinstance(block, Table):
            rows = _table_rows(block)
            if rows and rows[0].upper().startswith("RE:"):
                if not reference:
                    continue
                # Its "RE:" repeats the title; the rest (the parcel, the property, the
                # document's number, the authority) is what "identified above" refers to.
                rows = rows[1:]
            found.extend(rows)
            continue
        line = " ".join(block.text.split())
        if line:
            found.append(line)
    return tuple(found)


def _table_rows(table: Any) -> list[str]:
    rows = []
    for row in table.rows:
        seen: list[Any] = []
        cells = []
        for cell in row.cells:
            if cell._tc not in seen:  # a merged cell is listed once for each column it spans
                seen.append(cell._tc)
                cells.append(" ".join(" ".join(p.text.split()) for p in cell.paragraphs).strip())
        line = "  ".join(cell for cell in cells if cell)
        if line:
            rows.append(line)
    return rows


def published_notices(engine: Engine, workspace: Path | None, village: str | None) -> list[Any]:
    """Every document with recorded insertions, as the public notices site shows it."""
    from noticeclerk.dispatch.public_site import PublicNotice

    with reading(engine) as session:
        query = (
            select(Document)
            .join(Insertion, Insertion.document_id == Document.id)
            .options(selectinload(Document.case).selectinload(Case.events))
            .distinct()
            .order_by(Document.id)
        )
        if village is not None:
            query = query.join(Case, Case.id == Document.case_id).where(Case.village == village)
        documents = list(session.scalars(query))
        days: dict[int, list[date]] = {}
        for row in session.execute(
            select(Insertion.document_id, Insertion.published_on, Insertion.newspaper).order_by(
                Insertion.published_on
            )
        ):
            days.setdefault(row.document_id, []).append(row.published_on)
        papers = dict(session.execute(select(Insertion.document_id, Insertion.newspaper)).all())
        notices = []
        for document in documents:
            place = load_village(document.case.village, workspace)
            withdrawn_on = (
                document.voided_at.astimezone(place.calendar.timezone).date()
                if document.status == "void" and document.voided_at is not None
                else None
            )
            notice = load_notice(place.slug, document.notice_type, workspace)
            paper = place.official_newspaper()
            copy = newspaper_copy(document, notice, paper)
            event_day, event_words = publication_event(document, notice, place)
            notices.append(
                PublicNotice(
                    slug=document.number,
                    title=notice.title,
                    kind=notice.title,
                    village=place.name,
                    published_on=tuple(days[document.id]),
                    newspaper=papers[document.id],
                    paragraphs=copy.paragraphs,
                    pdf=copy.pdf,
                    event_on=event_day,
                    # A label on the page: "The hearing on the report".
                    event_words=event_words[:1].upper() + event_words[1:] if event_words else None,
                    sections=tuple(notice.sections),
                    withdrawn_on=withdrawn_on,
                )
            )
    return notices


def _publishable(
    session: Session, number: str, workspace: Path | None
) -> tuple[Document, NoticeType, Village]:
    from noticeclerk.archive.keeping import find_document

    document = find_document(session, number)
    village = load_village(document.case.village, workspace)
    notice = load_notice(village.slug, document.notice_type, workspace)
    if notice.publication is None:
        raise InputError(
            f"{document.number} is a {notice.title}, which its ordinance does not have "
            "published in a newspaper; only a notice type with a [publication] table is."
        )
    if document.status == "void":
        raise InputError(f"{document.number} is void; a spoiled document is not published.")
    return document, notice, village


def _stated_publication(document: Document, notice: NoticeType, village: Village) -> date | None:
    """The day of publication the document's own words count its deadline from, where the case
    records it and the publication is the service (the Dutch elm notice's 30 days)."""
    publication = notice.publication
    if (
        publication is None
        or notice.anchor is None
        or not any(method.method == "publication" for method in notice.service)
    ):
        return None
    zone = village.calendar.timezone
    value = latest(document.case, "event", zone).get(notice.anchor)
    if value is None or notice.anchor != "publication":
        return None
    return value.date() if isinstance(value, datetime) else value


def _check_stated(number: str, notice: NoticeType, schedule: Schedule, stated: date) -> None:
    publication = notice.publication
    assert publication is not None
    insertions = schedule.insertions
    serving = insertions[-1] if publication.served_on == "last" else insertions[0]
    if serving != stated:
        which = "last" if publication.served_on == "last" else "first"
        raise InputError(
            f"{number} counts its deadline from its publication on {spell_date(stated)}, but "
            f"the {which} of its insertions, the one that serves it, would be printed on "
            f"{spell_date(serving)}; record --event=publication={serving.isoformat()} in the "
            "case, void the document and issue it again before sending the copy."
        )


def _check_days(
    document: Document,
    notice: NoticeType,
    village: Village,
    days: tuple[date, ...],
    now: datetime,
) -> None:
    publication = notice.publication
    assert publication is not None
    today = now.astimezone(village.calendar.timezone).date()
    if not days:
        raise InputError("Give each day the newspaper printed it: --published DATE.")
    if days[-1] > today:
        raise InputError(
            f"{spell_date(days[-1])} has not come yet; record a publication once the newspaper "
            "has printed it and its affidavit is in hand."
        )
    if days[0] < document.document_date:
        raise InputError(
            f"{spell_date(days[0])} is before {document.number} was issued on "
            f"{spell_date(document.document_date)}; check the affidavit's dates."
        )
    if len(days) < publication.insertions:
        kind = (
            f"a class {publication.wisconsin_class} notice (Wis. Stat. § 985.07)"
            if publication.wisconsin_class
            else f"published {publication.insertions} times ({publication.authority})"
        )
        raise InputError(
            f"{document.number} must be {kind}: {publication.insertions} insertions, and the "
            f"affidavit gives {len(days)}; record every day it was printed."
        )
    event_day, event_words = publication_event(document, notice, village)
    if event_day is not None:
        needed = max(7 if publication.insertions > 1 else 0, publication.days_before or 0)
        # Counted excluding the day of publication and including the day of the event
        # (Wis. Stat. § 985.09).
        if (event_day - days[-1]).days < needed:
            raise InputError(
                f"{document.number} was last printed on {spell_date(days[-1])}, less than "
                f"{needed} days before {event_words} on {spell_date(event_day)} "
                f"({publication.authority}); the publication does not meet the law: set "
                f"{event_words} later and publish again."
            )
    if publication.insertions > 1 and not _in_consecutive_weeks(days):
        # Once each week for consecutive weeks (Wis. Stat. § 985.01(1m)). The statute does not
        # say where a week begins; the days pass when some reckoning of seven-day weeks puts
        # each in the week after the one before it (three days running never do).
        raise InputError(
            f"{', '.join(spell_date(day) for day in days)} are not once each week for "
            f"consecutive weeks; insertions of {document.number} must be (Wis. Stat. "
            "§ 985.01(1m)), so it must be published again."
        )


def _in_consecutive_weeks(days: tuple[date, ...]) -> bool:
    """Whether some seven-day week, whichever weekday it starts on, puts each of the sorted
    days in the week after the one before it."""
    for start in range(7):
        weeks = [(day.toordinal() - start) // 7 for day in days]
        if all(later - earlier == 1 for earlier, later in itertools.pairwise(weeks)):
            return True
    return False


def _serve(
    session: Session,
    document: Document,
    publication: Publication,
    paper: NewspaperSettings,
    days: tuple[date, ...],
    affidavit_item: int,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Any:
    from noticeclerk.counter import noon_or_moment
    from noticeclerk.register.service import ServiceRequest, record_service

    village = load_village(document.case.village, workspace)
    day = days[-1] if publication.served_on == "last" else days[0]
    printed = ", ".join(spell_date(one) for one in days)
    note = (
        f"published in {paper.newspaper.name} on {printed}, as the publisher's affidavit of "
        f"publication (archive item {affidavit_item}) states; the Village relies on the "
        f"{publication.served_on} insertion as the day of service ({publication.authority})"
    )
    request = ServiceRequest(
        method="publication",
        by=by,
        at=noon_or_moment(day, lambda: village.calendar),
        note=note,
        recorded_by=by,
    )
    return record_service(session, document, request, now=now, workspace=workspace)


def _copy_pdf(
    title: str, paragraphs: tuple[str, ...], paper: NewspaperSettings, document: Document
) -> bytes:
    from weasyprint import CSS

    from noticeclerk.content.folders import content_dirs
    from noticeclerk.generators.html import make_environment, render_html
    from noticeclerk.generators.pdf import letter_stylesheet, render_pdf, shared_font_configuration

    folder = content_dirs("templates")[-1] / "publish"
    html = render_html(
        "publish/copy.html.j2",
        {
            "title": title,
            "paragraphs": paragraphs,
            "number": document.number,
        },
        environment=make_environment(None),
    )
    fonts = shared_font_configuration()
    # The page is the newspaper's column: its width is the village's, so it is set here, the
    # one rule a template cannot hold (templates carry no style blocks).
    column = CSS(string=f"@page {{ size: {paper.column_inches:.2f}in 14in; }}", font_config=fonts)
    return render_pdf(
        html,
        [folder],
        identifier=f"{document.number}-copy",
        stylesheets=[letter_stylesheet(folder / "copy.css", fonts), column],
        font_config=fonts,
    )


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()
