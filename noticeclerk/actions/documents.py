"""A clerk's typed actions on an issued document (void it, record its service or a mailing's
answer, strike a mistaken record, record a payment on a bill), turned into register records
in one transaction each, with what follows from them (the deadline, what is left owed).

The command line and the desk read their options and forms into these values; the checks
the law makes (a service the ordinance allows, a payment no more than is owed) are made here,
whichever of them asked.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from noticeclerk.actions.workspace import Workspace

if TYPE_CHECKING:
    from noticeclerk.content.village import Village
    from noticeclerk.register.payments import Paid
    from noticeclerk.register.service import MailAnswer, Served, ServiceRequest
    from noticeclerk.register.striking import Struck


def case_of(workspace: Workspace, number: str) -> str:
    """The number of the case the document belongs to."""
    from noticeclerk.register.database import reading
    from noticeclerk.register.issuing import find_document

    with reading(workspace.register()) as session:
        return find_document(session, number).case.number


def village_of(workspace: Workspace, number: str) -> Village:
    """The village whose document it is (its calendar reads the days and times typed)."""
    from noticeclerk.register.issuing import document_village

    return document_village(workspace.register(), number, workspace.workspace)


def village_of_mailing(workspace: Workspace, number: str) -> Village:
    """The village of the document, or of the mailing with that article number (as a scanner
    types it from the green card)."""
    from noticeclerk.register.service import mailing_village

    return mailing_village(workspace.register(), number, workspace.workspace)


def void(workspace: Workspace, number: str, *, reason: str, by: str) -> str:
    """Void a spoiled document: it keeps its number and the reason. Returns its case's number."""
    from noticeclerk.register.issuing import void as store

    store(
        workspace.register(),
        number,
        reason=reason,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )
    return case_of(workspace, number)


def serve(workspace: Workspace, number: str, service: ServiceRequest) -> Served:
    """Record how and when the document was served; the deadline follows from it."""
    from noticeclerk.register.service import serve as store

    return store(
        workspace.register(), number, service, now=workspace.now(), workspace=workspace.workspace
    )


def record_mail_answer(
    workspace: Workspace,
    number: str,
    kind: str,
    at: datetime,
    *,
    note: str | None,
    signed_by: str | None = None,
    by: str,
) -> MailAnswer:
    """A mailing's signed receipt, its return unclaimed or refused, or the day untracked mail
    was received; `number` is the document's or the mailing's article number."""
    from noticeclerk.register.service import record_mail_event

    return record_mail_event(
        workspace.register(),
        number,
        kind,
        at,
        note=note,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
        signed_by=signed_by,
    )


def strike_service(
    workspace: Workspace, number: str, record: int, *, reason: str | None, by: str
) -> Struck:
    """Strike a mistaken service record (never edited or deleted); says what stands after."""
    from noticeclerk.register.striking import strike_service as strike

    return strike(
        workspace.register(),
        number,
        record,
        reason=reason,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def strike_receipt(workspace: Workspace, number: str, *, reason: str | None, by: str) -> Struck:
    """Strike the receipt or return recorded for the document's latest mailing."""
    from noticeclerk.register.striking import strike_receipt as strike

    return strike(
        workspace.register(),
        number,
        reason=reason,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )


def pay(
    workspace: Workspace,
    number: str,
    amount: Decimal,
    paid_on: date,
    *,
    reference: str | None,
    by: str,
) -> Paid:
    """Record money received on a bill; more than its balance, or money received after the
    day a payoff is good through, is refused."""
    from noticeclerk.register.payments import record_payment

    return record_payment(
        workspace.register(),
        number,
        amount,
        paid_on,
        reference=reference,
        by=by,
        now=workspace.now(),
        workspace=workspace.workspace,
    )
