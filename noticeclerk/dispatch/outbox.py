"""Issued documents, turned into email in the register's outbox, and the outbox sent over the
office's SMTP server without losing a message or sending one twice.

The outbox is a table of the register: one row per (document, channel, recipient), with the
message built once, when it is queued, and kept as bytes. Its states:

    queued ─▶ sending ─▶ sent
                 │   └─▶ deferred ─▶ sending ... (4xx, a dropped connection: tried again later)
                 └─▶ failed (5xx: the server's own words)

A row is marked `sending` and committed before the message goes to the server, and `sent`
after the server's 250. A crash between the two leaves it `sending`: the next `email send`
sends it again, with the same Message-ID, so the recipient's mail program can tell it is the
same message. Nothing queued is ever lost: every row not `sent` or `failed` is picked up.

A sent email is a service of the document (Village A § 134-43C) only where its notice type's
ordinance allows service by email; otherwise it is a courtesy copy, and the register says so.
"""

from __future__ import annotations

import hashlib
import time as clock
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from sqlalchemy import Engine, or_, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.schema import refuse_control
from noticeclerk.content.settings import MailServer
from noticeclerk.content.village import Village, load_village
from noticeclerk.dispatch.email_message import (
    Attachment,
    Letter,
    Sender,
    build_message,
    check_address,
    message_id,
)
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.given_emails import given_for
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document
from noticeclerk.register.models import Document, OutboxMessage
from noticeclerk.register.on_file import on_file, same_email
from noticeclerk.register.service import ServiceRequest, record_service
from noticeclerk.rules.periods import spell_date
from noticeclerk.writing import make_folder, safe_stem, write_file

if TYPE_CHECKING:
    from noticeclerk.dispatch.smtp import Connection, Outcome

DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
# How long a deferred message waits before the next try, by the number of tries so far; after
# the last, it has failed (a server that has refused it for two days will not take it).
BACKOFF_MINUTES = (1, 5, 15, 30, 60, 120, 240, 480, 960, 1440)
WAITING = ("queued", "sending", "deferred")
# PostgreSQL's advisory lock for a send run: one number for the whole register.
SENDING_LOCK_KEY = int.from_bytes(
    hashlib.sha256(b"noticeclerk email send").digest()[:8], "big", signed=True
)
ANOTHER_RUN = (
    "Another 'noticeclerk email send' is sending this outbox now; let it finish, then run "
    "'noticeclerk email send' again for anything it left."
)


@dataclass(frozen=True)
class Queued:
    document: str
    recipient: str
    courtesy: bool
    message_id: str


@dataclass(frozen=True)
class Attempt:
    """One message tried: to whom, for which document, and what became of it."""

    document: str
    recipient: str
    state: str
    reply: str
    service: bool = False
    # Why a sent message was not recorded as service, when it was not.
    not_service: str | None = None


def queue_email(
    engine: Engine,
    numbers: Sequence[str],
    *,
    server: MailServer,
    by: str,
    now: datetime,
    workspace: Path | None,
    to: str | None = None,
    source: str | None = None,
) -> list[Queued]:
    """Put each document's email in the outbox, all or none: to the address on file for its
    addressee, or to `to` with `source` saying where the Village got it."""
    refuse_control(by, "Who queues it (--by)")
    if to is not None:
        check_address(to.strip(), "The address (--to)")
    if source is not None:
        refuse_control(source, "Where the address came from (--source)")
    queued: list[Queued] = []
    with transaction(engine) as session:
        for number in numbers:
            document = find_document(session, number)
            check_frozen(document)
            if document.status == "void":
                raise InputError(f"Document {number} is void ({document.void_reason}).")
            if document.case.closed_at is not None:
                raise InputError(f"Document {number} is in a closed case, {document.case.number}.")
            village = load_village(document.case.village, workspace)
            notice = load_notice(village.slug, document.notice_type, workspace)
            by_email = next((entry for entry in notice.service if entry.method == "email"), None)
            courtesy = by_email is None
            address, given_source = _address(
                session, document, now, to, source, serves=not courtesy, zone=village.timezone
            )
            identifier = message_id(document.number, address, server.domain)
            data = build_message(
                Letter(
                    document=document.number,
                    case=document.case.number,
                    title=notice.title,
                    village=village.name,
                    village_slug=village.slug,
                    notice_type=notice.slug,
                    document_date=spell_date(document.document_date),
                    recipient_name=document.recipient_name,
                    recipient_address=address,
                    deadline_words=notice.deadline_words,
                    courtesy=courtesy,
                    specimen_mark=village.specimen_mark,
                    clerk=_clerk(village),
                    service_section=None if by_email is None else by_email.section,
                    service_quote=None if by_email is None else by_email.quote,
                ),
                Sender(server.from_address, server.from_name, server.reply_to),
                _attachments(document, village.email_attaches_docx),
                message_id=identifier,
                date=now,
                workspace=workspace,
            )
            existing = session.scalars(
                select(OutboxMessage).where(
                    OutboxMessage.document_id == document.id,
                    OutboxMessage.channel == "email",
                    OutboxMessage.recipient == address,
                )
            ).first()
            if existing is not None:
                raise InputError(
                    f"{document.number} to {address} is already in the outbox ({existing.state}); "
                    "'noticeclerk email status' shows it."
                )
            session.add(
                OutboxMessage(
                    document_id=document.id,
                    channel="email",
                    recipient=address,
                    recipient_name=document.recipient_name,
                    address_source=given_source,
                    courtesy=courtesy,
                    message_id=identifier,
                    message=data,
                    message_sha256=hashlib.sha256(data).hexdigest(),
                    state="queued",
                    attempts=0,
                    queued_at=now,
                    queued_by=by,
                )
            )
            try:
                session.flush()
            except IntegrityError:
                raise InputError(
                    f"{document.number} to {address} is already in the outbox; 'noticeclerk "
                    "email status' shows it."
                ) from None
            queued.append(Queued(document.number, address, courtesy, identifier))
    return queued


def send_outbox(
    engine: Engine,
    connect: Callable[[], Connection],
    *,
    server: MailServer,
    by: str,
    now: Callable[[], datetime],
    workspace: Path | None,
    limit: int | None = None,
    progress: Callable[[Attempt, int, int], None] | None = None,
    sleep: Callable[[float], None] = clock.sleep,
) -> list[Attempt]:
    """Send what waits in the outbox, oldest first: each message marked `sending` before it
    goes and `sent`, `deferred` or `failed` after the server answers.

    `connect` makes an SMTP session (noticeclerk.dispatch.smtp.Connection), opened before any
    row is touched: a server that cannot be reached, or settings it refuses, stop the run with
    one sentence and leave the outbox as it was. A session the server breaks is opened again
    for the next message; when that fails too, the rest wait for the next run.

    One run at a time: a second run while one holds the outbox is refused in one sentence."""
    with _only_sender(engine):
        return _send(engine, connect, server, by, now, workspace, limit, progress, sleep)


def send_with_settings(
    engine: Engine,
    *,
    by: str,
    now: Callable[[], datetime],
    workspace: Path | None,
    limit: int | None = None,
    progress: Callable[[Attempt, int, int], None] | None = None,
) -> list[Attempt]:
    """Send the outbox over the workspace's mail server (settings.toml [smtp]), with the password
    from NOTICECLERK_SMTP_PASSWORD or the keyring of the computer this runs on."""
    from noticeclerk.content.settings import mail_server
    from noticeclerk.dispatch.smtp import Connection, settings_for, smtp_password

    server = mail_server(workspace)
    settings, password = settings_for(server), smtp_password(server.username)
    return send_outbox(
        engine,
        lambda: Connection(settings, password),
        server=server,
        by=by,
        now=now,
        workspace=workspace,
        limit=limit,
        progress=progress,
    )


def _send(
    engine: Engine,
    connect: Callable[[], Connection],
    server: MailServer,
    by: str,
    now: Callable[[], datetime],
    workspace: Path | None,
    limit: int | None,
    progress: Callable[[Attempt, int, int], None] | None,
    sleep: Callable[[float], None],
) -> list[Attempt]:
    due = _waiting(engine, now(), limit)
    if not due:
        return []
    attempts: list[Attempt] = []
    interval = 60.0 / server.per_minute
    with connect() as smtp:
        for index, row_id in enumerate(due, start=1):
            if index > 1:
                sleep(interval)  # the server's rate, as settings.toml gives it
            message = _mark_sending(engine, row_id)
            if message is None:
                continue  # sent or failed meanwhile
            if isinstance(message, Attempt):
                attempts.append(message)  # refused before it went: nothing was sent
                if progress:
                    progress(message, index, len(due))
                continue
            _document, recipient, data = message
            outcome = smtp.send(data, server.from_address, recipient)
            attempt = _answered(engine, row_id, outcome, by=by, now=now(), workspace=workspace)
            attempts.append(attempt)
            if progress:
                progress(attempt, index, len(due))
            if outcome.extra.get("stage") == "connect" and smtp.broken:
                break  # the server went away and did not come back: the rest wait
    return attempts


def attempt_line(attempt: Attempt, index: int, total: int) -> str:
    """One message's try as the clerk reads it while the outbox is sent."""
    what = {"sent": "sent", "deferred": "deferred", "failed": "FAILED"}[attempt.state]
    service = " (service recorded)" if attempt.service else ""
    return (
        f"[{index}/{total}] {attempt.document} to {attempt.recipient}: {what}{service}; "
        f"{attempt.reply}"
    )


def sent_summary(attempts: Sequence[Attempt]) -> list[str]:
    """What a run of the outbox did, in a sentence, then each message sent that is no service."""
    counts = {
        state: sum(a.state == state for a in attempts) for state in ("sent", "deferred", "failed")
    }
    return [
        f"Sent {counts['sent']}, deferred {counts['deferred']}, failed {counts['failed']}."
        if attempts
        else "Nothing waits in the outbox."
    ] + [
        f"Warning: {attempt.document} was sent but is not a service: {attempt.not_service}"
        for attempt in attempts
        if attempt.not_service
    ]


def dry_run(engine: Engine, folder: Path, *, limit: int | None) -> list[Path]:
    """Write what waits in the outbox as .eml files instead of sending it; nothing changes."""
    make_folder(folder)
    written = []
    with reading(engine) as session:
        query = select(OutboxMessage).where(OutboxMessage.state.in_(WAITING))
        for row in session.scalars(query.order_by(OutboxMessage.id).limit(limit)):
            name = safe_stem(f"{row.document.number}-{row.recipient}") + ".eml"
            written.append(write_file(folder / name, row.message))
    return written


@dataclass(frozen=True)
class OutboxRow:
    document: str
    recipient: str
    state: str
    courtesy: bool
    attempts: int
    queued_at: str
    sent_at: str | None
    next_attempt_at: str | None
    last_reply: str | None
    message_id: str
    service: bool


def outbox_rows(engine: Engine, *, state: str | None = None) -> list[OutboxRow]:
    """The outbox as `email status` lists it, oldest first."""
    with reading(engine) as session:
        # The list needs no message's bytes (an attached PDF or two apiece).
        query = (
            select(OutboxMessage).options(defer(OutboxMessage.message)).order_by(OutboxMessage.id)
        )
        if state:
            query = query.where(OutboxMessage.state == state)
        return [
            OutboxRow(
                row.document.number,
                row.recipient,
                row.state,
                row.courtesy,
                row.attempts,
                row.queued_at.isoformat(),
                None if row.sent_at is None else row.sent_at.isoformat(),
                None if row.next_attempt_at is None else row.next_attempt_at.isoformat(),
                row.last_reply,
                row.message_id,
                row.service_id is not None,
            )
            for row in session.scalars(query)
        ]


# --- the steps of one send ---------------------------------------------------------------------


def _address(
    session: Session,
    document: Document,
    now: datetime,
    to: str | None,
    source: str | None,
    *,
    serves: bool,
    zone: ZoneInfo,
) -> tuple[str, str | None]:
    """The address a document's email goes to, and where it came from if not on file. An
    email that serves the document goes only to an address on file: the roll's, the party's,
    or one an owner or resident gave in writing (register.given_emails); a courtesy copy may
    go elsewhere, with `source` saying where the Village got it."""
    found = on_file(session, document, now)
    if to is None:
        if not found.emails:
            raise InputError(
                f"No email address is on file for {found.whose} ({document.number}): give --to "
                "ADDRESS, an address on file or recorded with 'noticeclerk case email-address'."
            )
        return found.emails[0], None
    if same_email(to, found.emails):
        return to.strip(), None
    held = f"the one on file is {' or '.join(found.emails)}" if found.emails else "none is"
    if serves:
        if given_for(session, document, to.strip(), now.astimezone(zone)) is not None:
            return to.strip(), None
        raise InputError(
            f"{quoted_back(to)} is not an email address on file for {found.whose} ({held}), and "
            "this email would serve the document: record first who gave it, to which "
            "department, when, and the writing, with 'noticeclerk case email-address "
            f"{document.case.number} ...', or send it to the address on file."
        )
    if not (source or "").strip():
        raise InputError(
            f"{quoted_back(to)} is not the email address on file for {found.whose} ({held}): "
            "give --source saying where the Village got it (such as \"the owner's letter of "
            '2026-01-03"); the register keeps it.'
        )
    return to.strip(), (source or "").strip()


def _clerk(village: Village) -> str | None:
    """Who signs the cover: the village's clerk (or clerk-treasurer), as its file names them."""
    officers = village.letterhead.officers
    officer = officers.get("clerk") or officers.get("clerk_treasurer")
    return None if officer is None else f"{officer.name}, {officer.title}"


def _attachments(document: Document, with_docx: bool) -> list[Attachment]:
    files = [Attachment(f"{document.number}.pdf", document.pdf, "application/pdf")]
    if with_docx:
        files.append(Attachment(f"{document.number}.docx", document.docx, DOCX_TYPE))
    return files


def _waiting(engine: Engine, now: datetime, limit: int | None) -> list[int]:
    with reading(engine) as session:
        query = (
            select(OutboxMessage.id)
            .where(
                OutboxMessage.state.in_(WAITING),
                or_(
                    OutboxMessage.next_attempt_at.is_(None),
                    OutboxMessage.next_attempt_at <= now,
                ),
            )
            .order_by(OutboxMessage.id)
        )
        if limit is not None:
            query = query.limit(limit)
        return list(session.scalars(query))


@contextmanager
def _only_sender(engine: Engine) -> Iterator[None]:
    """Hold the outbox's sending lock for a whole run, or refuse when another run holds it.

    A row marked `sending` is either in flight in a live run or left so by one that crashed,
    and the register alone cannot tell which. The lock can: the system drops it when the
    process holding it ends, kill -9 included. So the one run that holds it may resend every
    `sending` row, and no two runs hand the server the same message."""
    if engine.dialect.name != "sqlite":
        # PostgreSQL: a session's advisory lock, held by a connection kept open for the run.
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            query = text("SELECT pg_try_advisory_lock(:key)")
            if not connection.scalar(query, {"key": SENDING_LOCK_KEY}):
                raise InputError(ANOTHER_RUN)
            try:
                yield
            finally:
                connection.execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": SENDING_LOCK_KEY}
                )
        return
    database = engine.url.database
    if not database or database == ":memory:":
        yield  # a register in this process's memory: no other process can send it
        return
    import fcntl

    # A file of its own beside the register: SQLite's locks on the register itself are lost
    # when any other descriptor of that file is closed.
    with open(f"{database}-email-send.lock", "ab") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(ANOTHER_RUN) from None
        yield


def _mark_sending(engine: Engine, row_id: int) -> tuple[str, str, bytes] | Attempt | None:
    """Mark a row `sending`, committed before anything goes to the server; or mark it
    `failed`, unsent, when it must not go: its document voided or its case closed since it was
    queued, or its bytes no longer the ones queued."""
    with transaction(engine) as session:
        row = session.get_one(OutboxMessage, row_id)
        if row.state not in WAITING:
            return None
        refusal = _must_not_go(row)
        if refusal is not None:
            row.state = "failed"
            row.last_reply = refusal
            row.next_attempt_at = None
            return Attempt(row.document.number, row.recipient, "failed", refusal)
        row.state = "sending"
        row.attempts += 1
        return row.document.number, row.recipient, row.message


def _must_not_go(row: OutboxMessage) -> str | None:
    """Why a queued message must not be sent now, in a sentence, or None."""
    document = row.document
    if hashlib.sha256(row.message).hexdigest() != row.message_sha256:
        return (
            f"The message of {document.number} to {row.recipient} in the register no longer "
            "matches the SHA-256 recorded when it was queued, so it was not sent; run "
            "'noticeclerk verify' and restore the register from its backup"
        )
    if document.status == "void":
        return (
            f"{document.number} was voided ({document.void_reason}) after it was queued, so it "
            "was not sent"
        )
    if document.case.closed_at is not None:
        return (
            f"The case {document.case.number} was closed after {document.number} was queued, so "
            "it was not sent"
        )
    return None


def _answered(
    engine: Engine,
    row_id: int,
    outcome: Outcome,
    *,
    by: str,
    now: datetime,
    workspace: Path | None,
) -> Attempt:
    if outcome.state == "deferred":
        return _defer(engine, row_id, outcome.reply, now)
    with transaction(engine) as session:
        row = session.get_one(OutboxMessage, row_id)
        row.last_reply = outcome.reply
        if outcome.state == "failed":
            row.state = "failed"
            return Attempt(row.document.number, row.recipient, "failed", outcome.reply)
        row.state = "sent"
        row.sent_at = now
        row.queue_id = outcome.queue_id or outcome.reply
        row.next_attempt_at = None
        if row.courtesy:
            return Attempt(row.document.number, row.recipient, "sent", outcome.reply)
        request = ServiceRequest(
            method="email",
            by=by,
            at=now,
            email=row.recipient,
            note=f"the mail server accepted it: {outcome.reply} (Message-ID {row.message_id}).",
            recorded_by=by,
        )
        try:
            # A savepoint: the message is sent whatever the service record says.
            with session.begin_nested():
                served = record_service(
                    session, row.document, request, now=now, workspace=workspace
                )
        except InputError as error:
            row.last_reply = f"{outcome.reply} (not recorded as service: {error})"
            return Attempt(
                row.document.number, row.recipient, "sent", outcome.reply, not_service=str(error)
            )
        row.service_id = served.service_id
        return Attempt(row.document.number, row.recipient, "sent", outcome.reply, service=True)


def _defer(engine: Engine, row_id: int, reply: str, now: datetime) -> Attempt:
    with transaction(engine) as session:
        row = session.get_one(OutboxMessage, row_id)
        row.last_reply = reply
        if row.attempts >= len(BACKOFF_MINUTES):
            row.state = "failed"
        else:
            row.state = "deferred"
            row.next_attempt_at = now + timedelta(minutes=BACKOFF_MINUTES[row.attempts - 1])
        return Attempt(row.document.number, row.recipient, row.state, reply)
