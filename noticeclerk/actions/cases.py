"""A clerk's typed case actions (open a case, record its facts, events, parties and the email
addresses given in writing, close it),
turned into register records in one transaction each.

The command line reads its options, the desk its forms, into these typed values (a day, a
moment, a Decimal amount, lines of an address); what the law or the notice type refuses is
refused here, in one sentence, whichever of them asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from noticeclerk.actions.workspace import Workspace
from noticeclerk.content.casefile import Recipient
from noticeclerk.register.cases import CaseRequest, case_request

if TYPE_CHECKING:
    from noticeclerk.content.village import Village
    from noticeclerk.register.given_emails import Given


@dataclass(frozen=True)
class NewCase:
    """A case to open: its village, the notice type it starts with, its parcels (none for a
    document of the village that gathers them), and its first facts and events, typed."""

    village: str
    notice: str
    parcels: Sequence[str] = ()
    facts: Mapping[str, Any] = field(default_factory=dict)
    events: Mapping[str, date | datetime] = field(default_factory=dict)
    # Whom the first document goes to where it is not the owner of record (an applicant, an
    # appellant), or the owner's own address given for this case.
    recipient: Recipient | None = None


@dataclass(frozen=True)
class Recorded:
    """How many facts and events were recorded in the case."""

    case: str
    facts: int
    events: int


def open_case(workspace: Workspace, new: NewCase | CaseRequest, *, by: str) -> str:
    """Open the case in the register; returns its number. A case read from a case file comes
    already as the register's request."""
    from noticeclerk.register import cases

    request = (
        new
        if isinstance(new, CaseRequest)
        else case_request(
            new.village,
            new.notice,
            new.parcels,
            new.facts,
            new.events,
            workspace.workspace,
            recipient=new.recipient,
        )
    )
    return cases.open_case(
        workspace.register(), request, by=by, now=workspace.now(), workspace=workspace.workspace
    )


def record(
    workspace: Workspace,
    number: str,
    *,
    facts: Mapping[str, Any] | None = None,
    events: Mapping[str, date | datetime] | None = None,
    by: str,
) -> Recorded:
    """Record facts and events in an open case; a newer record of a name replaces the older on
    later documents, and the older stays in the register."""
    from noticeclerk.register import cases

    counted = cases.record(
        workspace.register(),
        number,
        facts or {},
        events or {},
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )
    return Recorded(number, *counted)


def record_party(
    workspace: Workspace,
    number: str,
    *,
    role: str,
    name: str,
    address_lines: Sequence[str],
    email: str = "",
    phone: str = "",
    by: str,
) -> Recipient:
    """Record someone the case's documents go to besides the owner of record; a later record
    of the same role replaces the earlier for later documents."""
    from noticeclerk.register.parties import record_party as store

    return store(
        workspace.register(),
        number,
        role=role,
        name=name,
        address_lines=address_lines,
        email=email,
        phone=phone,
        by=by,
        now=workspace.now(),
    )


def record_given_email(
    workspace: Workspace,
    number: str,
    *,
    email: str,
    given_by: str,
    department: str,
    given_on: date,
    writing_item: int,
    by: str,
) -> Given:
    """Record that an owner or resident of the case's property gave the Village an email
    address in a writing the archive keeps: from then on it is an address on file for service
    by email (Village A § 134-43C), and the affidavit names who gave it, where and when."""
    from noticeclerk.register.given_emails import record_given_email as store

    return store(
        workspace.register(),
        number,
        email=email,
        given_by=given_by,
        department=department,
        given_on=given_on,
        writing_item=writing_item,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def close(workspace: Workspace, number: str, *, reason: str, note: str | None, by: str) -> None:
    """Close the case: it takes no more records or documents and leaves the list of what is
    due."""
    from noticeclerk.register.cases import close_case

    close_case(workspace.register(), number, reason=reason, note=note, by=by, now=workspace.now())


def village_of(workspace: Workspace, number: str) -> Village:
    """The village whose case it is (its calendar reads the days and times typed)."""
    from noticeclerk.content.village import load_village
    from noticeclerk.register.cases import find_case
    from noticeclerk.register.database import reading

    with reading(workspace.register()) as session:
        slug = find_case(session, number).village
    return load_village(slug, workspace.workspace)
