"""A published notice's case, turned into the day of the event it must precede."""

from __future__ import annotations

from datetime import date, datetime

from noticeclerk.content.notice_types import NoticeType
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError
from noticeclerk.register.cases import latest
from noticeclerk.register.chains import printed_facts
from noticeclerk.register.models import Document


def publication_event(
    document: Document, notice: NoticeType, village: Village
) -> tuple[date | None, str | None]:
    """The day of the act or event the notice must be published before, and its words; (None,
    None) for a notice that precedes none. InputError when the case does not record it."""
    publication = notice.publication
    if publication is None or publication.event is None:
        return None, None
    zone = village.calendar.timezone
    known = {**latest(document.case, "fact", zone), **latest(document.case, "event", zone)}
    # The day the document printed, not a later record of the case under the same name.
    known.update(printed_facts(document) or {})
    value = known.get(publication.event)
    if value is None:
        raise InputError(
            f"Case {document.case.number} does not record {publication.event_words} "
            f"({publication.event}), which the {notice.title} must be published before; record "
            "it first."
        )
    day = value.date() if isinstance(value, datetime) else value
    return day, publication.event_words
