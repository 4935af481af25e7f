"""A notice type's legal status and the village's approvals, turned into a refusal or the line
every page of the document prints.

A notice type whose law a court has held preempted (its [legal_status]) is not the clerk's to
issue: the code never decides that the Village may rely on a local law its state's highest
court has set aside. The village's file decides, by recording the village attorney's written
approval ([approvals.<notice-type>] in letterhead.toml); then the document is issued, and each
of its pages says on whose approval and in spite of which decision.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from babel.dates import format_date

from noticeclerk.content.notice_types import NoticeType
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError


class NotApproved(InputError):
    """A notice type whose law a court has held preempted, without the attorney's approval."""


def legal_status_line(notice: NoticeType, village: Village, document_date: date) -> str | None:
    """The line every page prints for a notice type of doubted law, issued on approval; None
    for settled law. NotApproved when the village's file records no approval in time."""
    status = notice.legal_status
    if status is None:
        return None
    approval = village.approvals.get(notice.slug)
    if approval is None:
        raise NotApproved(
            f"The {notice.title} ({notice.slug}) is not issued without the village attorney's "
            f"written approval: {status.says} ({status.authority}); record the approval "
            f"(attorney, date, says) under [approvals.{notice.slug}] in {village.path}."
        )
    if approval.date > document_date:
        raise NotApproved(
            f"The village attorney's written approval of the {notice.title} is dated "
            f"{approval.date.isoformat()}, after this document's date "
            f"{document_date.isoformat()}; a document is issued only on an approval already given."
        )
    locale = village.letterhead.locale
    dated = format_date(approval.date, "MMMM d, y", locale=locale)
    specimen = " (a specimen approval)" if approval.specimen else ""
    return (
        f"Issued on the written approval of {approval.attorney}, Village Attorney, dated "
        f"{dated}{specimen}, although {status.says} ({status.authority})."
    )


def legal_status_words(status: dict[str, Any]) -> str:
    """A doubted notice type's status as the catalogue prints it: the decision, and whether
    the village's file records the attorney's written approval."""
    approval = status["approval"]
    if approval is None:
        standing = "no approval is recorded, so issue and render refuse it"
    else:
        specimen = " (a specimen approval)" if approval["specimen"] else ""
        standing = f"approved by {approval['attorney']}, dated {approval['date']}{specimen}"
    return (
        f"{status['status'].upper()}: {status['says']} ({status['authority']}); issued only on "
        f"the village attorney's written approval: {standing}."
    )
