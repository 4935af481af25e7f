"""Issued documents, turned into a certified or registered mail batch: gathered and checked
before anything is written, recorded with its pieces and print files, and turned into
services when the post office accepts it.

The steps, as the clerk takes them:

1. `plan_batch` gathers the documents (named, or every issued one of some cases or of the
   village), refuses any its notice type may not send by the method or whose address the
   Post Office cannot take (USPS Publication 28 form), prices each piece from the village's
   table of postage and fees, and sorts them by ZIP Code. Nothing is written.
2. Article numbers come in mailing order from the labels (a file, or a scanner at a prompt),
   each checked by `check_article` for its check digit and for re-use; or the register
   generates IMpb numbers from the Village's Mailer ID.
3. `record_batch` checks it all again in one transaction, numbers the batch, records its
   pieces and makes its print files, whose SHA-256 it keeps; the caller writes them.
4. `accept_batch` records the post office's acceptance (the postmarked mailing book): each
   piece it took becomes a service by that mail on that day, with its article number, and the
   deadline follows from it; a piece it did not take is named, and stays unserved.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from functools import cache, partial
from io import BytesIO
from pathlib import Path

from pypdf import PdfReader
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from noticeclerk.article_numbers import (
    check_article_number,
    check_mailer_id,
    check_service_type_code,
    impb_barcode_data,
    impb_number,
    impb_serial_capacity,
)
from noticeclerk.content.notice_types import NoticeType, load_notice
from noticeclerk.content.roll import count_of
from noticeclerk.content.schema import person_named, refuse_control
from noticeclerk.content.village import MailRates, Village, load_village
from noticeclerk.dispatch.addresses import PostalAddress, postal_address
from noticeclerk.dispatch.print_files import BatchPrint, FeeTable, Piece, Sender, make_print_files
from noticeclerk.exceptions import ConfigError, InputError, quoted_back
from noticeclerk.register.database import reading, transaction
from noticeclerk.register.integrity import check_frozen
from noticeclerk.register.issuing import find_document, printed_in_batch
from noticeclerk.register.models import Case, Document, MailBatch, MailPiece, Service
from noticeclerk.register.numbering import take_number
from noticeclerk.register.on_file import on_file, same_address
from noticeclerk.register.service import (
    Served,
    ServiceRequest,
    article_in_a_batch,
    check_one_line,
    mailing_with,
    record_service,
)
from noticeclerk.rules.periods import spell_date, spell_datetime
from noticeclerk.service_methods import SERVICE_METHODS, TRACKED_MAIL

# The largest --numbers file read: 22 digits a line, it is room for some 40,000 labels.
NUMBERS_FILE_LIMIT = 2**20
# Words for the kind of mail, as the clerk reads them in a sentence.
MAIL_WORDS = {"certified_mail": "certified mail", "registered_mail": "registered mail"}


@dataclass(frozen=True)
class BatchRequest:
    """What `noticeclerk mail batch` was asked for."""

    village: str
    method: str
    by: str
    documents: tuple[str, ...] = ()
    cases: tuple[str, ...] = ()
    envelopes: bool = False
    # Generate IMpb article numbers under this Mailer ID instead of reading labels.
    mailer_id: str | None = None


@dataclass(frozen=True)
class PlannedPiece:
    """A document that will go in the batch, before it has its article number."""

    document_id: int
    document: str
    case: str
    address: PostalAddress
    postage: Decimal
    service_fee: Decimal
    return_receipt_fee: Decimal
    pdf: bytes


@dataclass(frozen=True)
class Plan:
    """A batch gathered and checked: its pieces in mailing order, and what was left out."""

    request: BatchRequest
    village: Village
    rates: MailRates
    prepared_on: date
    pieces: tuple[PlannedPiece, ...]
    # Each document of the cases or the village that could not go, in one sentence.
    left_out: tuple[str, ...] = ()
    service_type_code: str | None = None


@dataclass(frozen=True)
class Prepared:
    """A batch recorded: its number, pieces, and the print files by name."""

    number: str
    pieces: int
    files: dict[str, bytes]
    article_numbers: tuple[str, ...]


@dataclass(frozen=True)
class Accepted:
    """A batch's acceptance recorded: each piece served, and those the post office did not take."""

    number: str
    served: tuple[tuple[int, Served], ...]
    not_accepted: tuple[str, ...] = field(default=())


def plan_batch(
    engine: Engine, request: BatchRequest, *, now: datetime, workspace: Path | None
) -> Plan:
    """Gather and check a batch; a document named that cannot go is refused in one sentence,
    one of a case or of the village is left out with its reason."""
    if request.method not in TRACKED_MAIL:
        raise InputError("A mail batch goes by certified_mail or registered_mail (--method).")
    person_named(request.by, "Who prepares the batch (--by)")
    village = load_village(request.village, workspace)
    prepared_on = now.astimezone(village.timezone).date()
    rates = village.mail_rates(request.method, prepared_on)
    code = _service_type_code(village, request) if request.mailer_id else None
    # Read once for the batch: a mailing has many documents of a few notice types.
    notices = cache(partial(load_notice, workspace=workspace))
    with reading(engine) as session:
        named = [find_document(session, number) for number in request.documents]
        for position, document in enumerate(named):
            if document in named[:position]:
                # Two letters and two services of one document: a slip of the keyboard.
                raise InputError(
                    f"{document.number} is named twice; a batch mails each document once."
                )
        chosen: list[Document] = []
        left_out: list[str] = []
        for document in named:
            refused = _refusal(
                session, document, village, request.method, now, workspace, notices=notices
            )
            if refused:
                raise InputError(refused)
            chosen.append(document)
        for document in _gathered(session, request, {d.id for d in named}):
            refused = _refusal(
                session, document, village, request.method, now, workspace, notices=notices
            )
            if refused:
                left_out.append(refused)
            else:
                chosen.append(document)
        if not chosen:
            where = "in the cases given" if request.cases else f"of {village.name}"
            if not left_out:
                raise InputError(
                    f"There is no issued, unserved document {where} to mail; name them with "
                    "--documents or --cases."
                )
            more = len(left_out) - 1
            raise InputError(
                f"No issued, unserved document {where} can go by {MAIL_WORDS[request.method]}: "
                f"{left_out[0].rstrip('.')}"
                + (f" (and {more} more refused, each named with --documents)." if more else ".")
            )
        pieces = [_planned(document, rates, request.method) for document in chosen]
    pieces.sort(key=lambda piece: (piece.address.zip_code, piece.document))
    return Plan(request, village, rates, prepared_on, tuple(pieces), tuple(left_out), code)


def check_article(engine: Engine, method: str, typed: str, taken: Sequence[str] = ()) -> str:
    """One article number from a label, as the register keeps it: its check digit and form
    checked, not typed twice in this batch and used on no mailing in the register."""
    number = check_article_number(typed, method).number
    if number in taken:
        line = list(taken).index(number) + 1
        raise InputError(
            f"Article number {number} is already given for line {line} of this batch; each "
            "piece has its own label."
        )
    with reading(engine) as session:
        refused = _article_used(session, number)
    if refused:
        raise InputError(refused)
    return number


def read_numbers(engine: Engine, plan: Plan, path: Path) -> list[str]:
    """The article numbers in a file from pre-printed labels, one per line in mailing order
    (blank lines and lines starting with # are skipped), each checked; their count must be
    the batch's."""
    try:
        with path.open("rb") as stream:
            # Read no further than a labels file can go: a device or a wrong file named by
            # mistake is refused, not read into memory for ever.
            data = stream.read(NUMBERS_FILE_LIMIT + 1)
        # A file saved by Notepad or Excel may begin with a byte order mark.
        text = data.decode("utf-8-sig")
    except FileNotFoundError:
        raise InputError(f"There is no file {path} (--numbers).") from None
    except UnicodeDecodeError as error:
        raise InputError(
            f"{path} (--numbers) is not a text file (its byte {error.start + 1} is not UTF-8); "
            "give the file of the labels' numbers, one per line."
        ) from None
    except OSError as error:
        raise InputError(f"Could not read {path} (--numbers): {error.strerror}.") from None
    if len(data) > NUMBERS_FILE_LIMIT:
        raise InputError(
            f"{path} (--numbers) is over {NUMBERS_FILE_LIMIT // 2**20} MB, far more than a "
            "file of article numbers; give the file of the labels' numbers, one per line."
        )
    numbers: list[str] = []
    pieces = count_of(len(plan.pieces), "piece")
    for line_number, line in enumerate(text.splitlines(), start=1):
        typed = line.strip()
        if not typed or typed.startswith("#"):
            continue
        if len(numbers) == len(plan.pieces):
            # Each number is looked up in the register: a file far too long is refused at
            # the first number past the batch's pieces, not after looking up all of them.
            raise InputError(
                f"{path} has more article numbers than the batch's {pieces} "
                f"(line {line_number} is one too many); give one number per piece, in the "
                "order the letters are printed (by ZIP Code)."
            )
        try:
            numbers.append(check_article(engine, plan.request.method, typed, numbers))
        except InputError as error:
            raise InputError(f"{path}, line {line_number}: {error}") from None
    if len(numbers) != len(plan.pieces):
        raise InputError(
            f"{path} has {len(numbers)} article numbers and the batch {pieces}; "
            "give one number per piece, in the order the letters are printed (by ZIP Code)."
        )
    return numbers


def record_batch(
    engine: Engine,
    plan: Plan,
    numbers: Sequence[str] | None,
    *,
    now: datetime,
    workspace: Path | None,
    progress: Callable[[str], None] | None = None,
) -> Prepared:
    """Record the batch and make its print files in one transaction: every document and number
    is checked again (a colleague may have served a document or used a label meanwhile), so
    the batch is recorded whole with its files' SHA-256, or not at all."""
    request = plan.request
    if numbers is not None and len(numbers) != len(plan.pieces):
        raise InputError(
            f"{len(numbers)} article numbers were given for {len(plan.pieces)} pieces; give one "
            "per piece."
        )
    if numbers is None and request.mailer_id is None:
        raise InputError("Give the article numbers (--numbers FILE, or at the prompt), or --impb.")
    village = plan.village
    if len({piece.document_id for piece in plan.pieces}) != len(plan.pieces):
        raise InputError("A document is in the batch twice; a batch mails each document once.")
    with transaction(engine) as session:
        for piece in plan.pieces:
            document = session.get_one(Document, piece.document_id)
            refused = _refusal(
                session, document, village, request.method, now, workspace, state_only=True
            )
            if refused:
                raise InputError(refused)
        articles = list(numbers) if numbers is not None else _generated(session, plan)
        for article in articles:
            refused = _article_used(session, article)
            if refused:
                raise InputError(refused)
        prefix = village.letterhead.number_prefix
        year = plan.prepared_on.year
        number = f"{prefix}-M-{year}-{take_number(session, f'{village.slug}:mail:{year}'):04d}"
        batch = MailBatch(
            number=number,
            village=village.slug,
            method=request.method,
            prepared_at=now,
            prepared_by=request.by,
            rates_effective=plan.rates.effective,
            rates_source=plan.rates.source,
            mailer_id=request.mailer_id,
            files={},
            status="prepared",
        )
        session.add(batch)
        session.flush()
        for line, (piece, article) in enumerate(zip(plan.pieces, articles, strict=True), start=1):
            session.add(
                MailPiece(
                    batch_id=batch.id,
                    line=line,
                    document_id=piece.document_id,
                    article_number=article,
                    addressee=piece.address.addressee,
                    address_lines=list(piece.address.lines[1:]),
                    zip_code=piece.address.zip_code,
                    postage=str(piece.postage),
                    service_fee=str(piece.service_fee),
                    return_receipt_fee=str(piece.return_receipt_fee),
                )
            )
        session.flush()
        if progress:
            progress(f"Making the print files of {len(articles)} pieces...")
        files = make_print_files(_print(batch, plan, articles))
        batch.files = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
    return Prepared(number, len(articles), files, tuple(articles))


def batch_files(
    engine: Engine, number: str, *, workspace: Path | None
) -> tuple[dict[str, bytes], dict[str, str]]:
    """A recorded batch's print files made again from the register, and the SHA-256 recorded
    for the files printed when it was prepared (to say whether they are the same)."""
    with reading(engine) as session:
        batch = _batch(session, number)
        village = load_village(batch.village, workspace)
        pieces = []
        for piece in batch.pieces:
            check_frozen(piece.document)
            pieces.append(
                PlannedPiece(
                    document_id=piece.document_id,
                    document=piece.document.number,
                    case=piece.document.case.number,
                    address=postal_address(
                        piece.addressee, piece.address_lines, document=piece.document.number
                    ),
                    postage=Decimal(piece.postage),
                    service_fee=Decimal(piece.service_fee),
                    return_receipt_fee=Decimal(piece.return_receipt_fee),
                    pdf=piece.document.pdf,
                )
            )
        request = BatchRequest(
            village=batch.village,
            method=batch.method,
            by=batch.prepared_by,
            envelopes="envelopes.pdf" in batch.files,
            mailer_id=batch.mailer_id,
        )
        rates = next((r for r in village.mail.rates if r.effective == batch.rates_effective), None)
        if rates is None:
            raise ConfigError(
                village.path,
                "mail.rates",
                f"no longer has the table effective {batch.rates_effective} that batch "
                f"{number} was priced from; the mailing book is printed from the register's "
                "figures, but put the table back to print it again",
            )
        plan = Plan(
            request,
            village,
            rates,
            batch.prepared_at.astimezone(village.timezone).date(),
            tuple(pieces),
        )
        articles = [piece.article_number for piece in batch.pieces]
        return make_print_files(_print(batch, plan, articles)), dict(batch.files)


# Who took the pieces to the post office: the affiant of the affidavit of mailing.
MAILED_BY = "Who took the pieces to the post office (the affidavit of mailing is sworn by them)"


def accept_batch(
    engine: Engine,
    number: str,
    at: datetime,
    *,
    pieces_received: int | None,
    missing: Sequence[str],
    mailed_by: str,
    by: str,
    now: datetime,
    workspace: Path | None,
    date_alone: bool = False,
    deposited_at: str | None = None,
) -> Accepted:
    """Record the post office's acceptance of a batch: every piece it took becomes a service by
    the batch's mail at `at`, with its article number; `pieces_received` is the count the post
    office wrote in the book, and a difference from the pieces listed must be reconciled by
    naming each piece not accepted (`missing`: line numbers, article or document numbers).
    `date_alone` says `at` is the noon a date given without a time is read as.

    `mailed_by` is the person who took the pieces to the post office, by the name the
    affidavit of mailing swears in (its affiant); `by` is who records it, as the register
    keeps it (a login at the desk). `deposited_at` is the post office the pieces were taken
    to, where it is not the one the village's file names."""
    mailed_by = person_named(mailed_by, MAILED_BY)
    refuse_control(by, "Who records the acceptance")
    if deposited_at is not None and deposited_at.strip():
        # Once for the batch, not piece by piece: it is the one post office they went to.
        check_one_line(deposited_at.strip(), "place of deposit", "--deposited-at")
    with transaction(engine) as session:
        batch = _batch(session, number)
        village = load_village(batch.village, workspace)
        if batch.status != "prepared":
            raise InputError(_closed(batch, village))
        at = at.astimezone(village.timezone)
        prepared = batch.prepared_at.astimezone(village.timezone)
        if at < prepared:
            raise InputError(
                f"{spell_datetime(at)} is before batch {number} was prepared, "
                f"{spell_datetime(prepared)}: check --date"
                + (
                    " (a date alone is read as 12:00 noon: give the postmark's time)."
                    if date_alone
                    else "."
                )
            )
        if at > now and date_alone and at.date() == now.astimezone(village.timezone).date():
            # Taken to the post office this morning: the noon a date alone is read as is still
            # to come, and would be refused as a moment in the future without saying why.
            raise InputError(
                "A date alone is read as 12:00 noon, still to come today; give the time on the "
                f"postmark or the counter's receipt, such as --date {at.date().isoformat()}T09:30."
            )
        if at > now:
            raise InputError(
                f"{spell_datetime(at)} is later than now, "
                f"{spell_datetime(now.astimezone(village.timezone))}; record the acceptance once "
                "the post office has postmarked the mailing book: check --date."
            )
        left = {piece.id for piece in (_piece(batch, typed) for typed in missing)}
        listed = len(batch.pieces)
        taken = listed - len(left)
        if pieces_received is None and left:
            raise InputError(
                "Give --pieces: the number of pieces the post office wrote it received, which "
                "the pieces named with --missing must reconcile with the book."
            )
        if pieces_received is not None and pieces_received > listed:
            raise InputError(
                f"The post office cannot have received {pieces_received} pieces of batch "
                f"{number}: its mailing book lists {listed}; check --pieces against the count "
                "written on the book."
            )
        if pieces_received is not None and pieces_received != taken:
            named = f" less the {len(left)} named with --missing, which is {taken}" if left else ""
            raise InputError(
                f"The post office received {pieces_received} pieces, but the mailing book lists "
                f"{listed}{named}: name each piece it did not take with --missing LINE (its "
                "line in the book, its article number or document number)."
            )
        if taken == 0:
            raise InputError(
                f"Every piece of batch {number} is named as not accepted; cancel the batch with "
                f"'noticeclerk mail cancel {number} --reason ...' instead."
            )
        served: list[tuple[int, Served]] = []
        not_accepted: list[str] = []
        for piece in batch.pieces:
            if piece.id in left:
                piece.accepted = False
                not_accepted.append(piece.document.number)
                continue
            request = ServiceRequest(
                method=batch.method,
                by=mailed_by,
                at=at,
                # The address the letter bears and the window shows: the service record says
                # where it went, and it must still be the one on file on the day of mailing.
                address=", ".join(piece.document.recipient_lines),
                article_number=piece.article_number,
                deposited_at=deposited_at,
                # What the affidavit of mailing says the record shows: the firm mailing book.
                note=(
                    f"the post office accepted it as line {piece.line} of the firm mailing book "
                    f"of mail batch {number} (PS Form 3877), postmarked "
                    f"{spell_date(at.date())}."
                ),
                recorded_by=by,
            )
            try:
                result = record_service(
                    session,
                    piece.document,
                    request,
                    now=now,
                    workspace=workspace,
                    batch_piece=piece.id,
                )
            except InputError as error:
                raise InputError(
                    f"Line {piece.line} ({piece.document.number}): {error} If the post office "
                    "did not take it, name it with --missing."
                ) from None
            piece.accepted = True
            piece.service_id = result.service_id
            served.append((piece.line, result))
        batch.status = "accepted"
        batch.accepted_at = at
        batch.pieces_received = taken if pieces_received is None else pieces_received
        batch.accepted_by = by
        batch.recorded_at = now
        return Accepted(number, tuple(served), tuple(not_accepted))


def cancel_batch(
    engine: Engine,
    number: str,
    *,
    reason: str,
    by: str,
    now: datetime,
    workspace: Path | None = None,
) -> int:
    """Cancel a batch the post office never took (the letters were not mailed): its pieces stay
    in the register marked so, their documents wait to be served, their labels' numbers are
    free again. Returns how many pieces it had."""
    if not (reason or "").strip():
        raise InputError("Say why the batch is cancelled: give --reason.")
    refuse_control(reason, "The reason (--reason)")
    with transaction(engine) as session:
        batch = _batch(session, number)
        if batch.status != "prepared":
            raise InputError(_closed(batch, load_village(batch.village, workspace)))
        batch.status = "cancelled"
        batch.cancelled_at = now
        batch.cancelled_by = by
        batch.cancel_reason = reason.strip()
        return len(batch.pieces)


@dataclass(frozen=True)
class BatchView:
    """A batch as `mail show` lists it."""

    number: str
    village: str
    method: str
    status: str
    prepared: str
    prepared_by: str
    accepted: str | None
    pieces: tuple[dict[str, object], ...]
    files: dict[str, str]


def named_numbers(text: str) -> list[str]:
    """Document or case numbers typed one to a line, or separated by spaces or commas."""
    return [part for part in re.split(r"[\s,]+", text) if part]


@dataclass(frozen=True)
class BatchLine:
    """A batch as the list of batches shows it, newest first."""

    number: str
    village: str
    method: str
    status: str
    prepared_at: datetime
    pieces: int


def list_batches(engine: Engine, *, most: int = 100) -> list[BatchLine]:
    """The latest batches, those still waiting for the post office first."""
    from sqlalchemy import func

    with reading(engine) as session:
        counts = (
            select(MailPiece.batch_id, func.count().label("pieces"))
            .group_by(MailPiece.batch_id)
            .subquery()
        )
        rows = session.execute(
            select(MailBatch, counts.c.pieces)
            .join(counts, counts.c.batch_id == MailBatch.id)
            .order_by((MailBatch.status != "prepared"), MailBatch.prepared_at.desc())
            .limit(most)
        )
        return [
            BatchLine(
                batch.number, batch.village, batch.method, batch.status, batch.prepared_at, pieces
            )
            for batch, pieces in rows
        ]


def show_batch(engine: Engine, number: str, *, workspace: Path | None) -> BatchView:
    """A batch's pieces, with what became of each: accepted and served, its receipt."""
    with reading(engine) as session:
        batch = _batch(session, number)
        zone = load_village(batch.village, workspace).timezone
        pieces = []
        for piece in batch.pieces:
            service = session.get(Service, piece.service_id) if piece.service_id else None
            answers = [event.kind for event in service.events] if service else []
            pieces.append(
                {
                    "line": piece.line,
                    "article_number": piece.article_number,
                    "document": piece.document.number,
                    "addressee": piece.addressee,
                    "zip_code": piece.zip_code,
                    "postage": piece.postage,
                    "service_fee": piece.service_fee,
                    "return_receipt_fee": piece.return_receipt_fee,
                    "accepted": piece.accepted,
                    "answer": answers[0] if answers else None,
                }
            )
        return BatchView(
            batch.number,
            batch.village,
            batch.method,
            batch.status,
            batch.prepared_at.astimezone(zone).isoformat(),
            batch.prepared_by,
            None if batch.accepted_at is None else batch.accepted_at.astimezone(zone).isoformat(),
            tuple(pieces),
            dict(batch.files),
        )


# --- gathering ------------------------------------------------------------------------------


def _gathered(session: Session, request: BatchRequest, named: set[int]) -> list[Document]:
    """The issued documents of the cases given, or of the whole village when neither documents
    nor cases are given."""
    if request.documents and not request.cases:
        return []
    query = (
        select(Document)
        .join(Case)
        .where(Document.status == "issued", Case.village == request.village)
        .order_by(Document.id)
    )
    if request.cases:
        known = set(session.scalars(select(Case.number).where(Case.number.in_(request.cases))))
        unknown = [number for number in request.cases if number not in known]
        if unknown:
            raise InputError(
                f"There is no case '{quoted_back(unknown[0])}' in the register (--cases)."
            )
        query = query.where(Case.number.in_(request.cases))
    # Only the documents nobody has served yet are looked at: the others are not for a batch.
    query = query.where(~Document.all_services.any(Service.struck_at.is_(None)))
    return [document for document in session.scalars(query) if document.id not in named]


def _refusal(
    session: Session,
    document: Document,
    village: Village,
    method: str,
    now: datetime,
    workspace: Path | None,
    *,
    notices: Callable[[str, str], NoticeType] | None = None,
    state_only: bool = False,
) -> str | None:
    """Why `document` may not go in a batch by `method`, in one sentence, or None.
    `state_only` checks again only what a colleague may have changed since the batch was
    gathered (voided, served, closed, put in another batch), not the notice or the address."""
    number = document.number
    how = MAIL_WORDS[method]
    if document.case.village != village.slug:
        return (
            f"{number} is a document of {document.case.village}, not {village.slug}; a batch is "
            "one village's mailing, with its own mailing book."
        )
    if document.status == "void":
        return f"{number} is void ({document.void_reason})."
    if document.case.closed_at is not None:
        return f"{number} is in case {document.case.number}, which is closed."
    check_frozen(document)
    if document.services:
        service = document.services[-1]
        when = spell_date(service.served_at.astimezone(village.timezone).date())
        return (
            f"{number} was already served ({SERVICE_METHODS[service.method]}, {when}); mail it "
            "with 'noticeclerk serve' if it must be served again."
        )
    waiting = printed_in_batch(session, document)
    if waiting is not None:
        return (
            f"{number} is already in mail batch {waiting}, not yet accepted by the post office; "
            f"record that with 'noticeclerk mail accepted {waiting} --date DATE --by NAME' or "
            "cancel the batch."
        )
    if state_only:
        return None
    notice = (notices or partial(load_notice, workspace=workspace))(
        village.slug, document.notice_type
    )
    allowed = {entry.method: entry for entry in notice.service}
    if method not in allowed:
        ways = ", ".join(sorted(allowed)) or "none"
        return f"{number} ({notice.title}) may not be sent by {how}: its ordinance allows {ways}."
    found = on_file(session, document, now)
    if not same_address(" ".join(document.recipient_lines), found.address_lines):
        return (
            f"{number} bears the address {', '.join(document.recipient_lines)}, but the address "
            f"on file for {found.whose} is now {', '.join(found.address_lines)}: void it and "
            "issue it again to the address on file."
        )
    try:
        postal_address(document.recipient_name, document.recipient_lines, document=number)
    except InputError as error:
        return str(error)
    return None


def _planned(document: Document, rates: MailRates, method: str) -> PlannedPiece:
    pages = len(PdfReader(BytesIO(document.pdf)).pages)
    # Printed on both sides: a sheet carries two pages.
    sheets = -(-pages // 2)
    return PlannedPiece(
        document_id=document.id,
        document=document.number,
        case=document.case.number,
        address=postal_address(
            document.recipient_name, document.recipient_lines, document=document.number
        ),
        postage=rates.postage_for(sheets),
        service_fee=rates.service_fees[method],
        return_receipt_fee=rates.return_receipt,
        pdf=document.pdf,
    )


def _service_type_code(village: Village, request: BatchRequest) -> str:
    if request.method != "certified_mail":
        raise InputError(
            "--impb generates certified mail numbers; registered mail is numbered on the post "
            "office's Label 200 (such as RA123456785US): give those with --numbers."
        )
    check_mailer_id(request.mailer_id or "")
    code = village.mail.service_type_codes.get(request.method)
    if code is None:
        raise ConfigError(
            village.path,
            f"mail.service_type_codes.{request.method}",
            "is not set: generating IMpb numbers needs the service type code the Village's USPS "
            "account uses for certified mail (USPS Publication 199)",
        )
    return check_service_type_code(code)


def _generated(session: Session, plan: Plan) -> list[str]:
    """IMpb numbers for every piece, from the register's serial for the Mailer ID."""
    mailer_id = plan.request.mailer_id or ""
    capacity = impb_serial_capacity(mailer_id)
    numbers = []
    for _ in plan.pieces:
        serial = take_number(session, f"impb:{mailer_id}")
        if serial > capacity:
            raise InputError(
                f"The serial numbers of Mailer ID {mailer_id} are used up ({capacity:,}); ask "
                "USPS for another Mailer ID."
            )
        numbers.append(impb_number(plan.service_type_code or "", mailer_id, serial))
    return numbers


def _article_used(session: Session, number: str) -> str | None:
    earlier = mailing_with(session, number)
    if earlier is not None:
        other = session.get_one(Document, earlier.document_id)
        return (
            f"Article number {number} is already recorded for the service of {other.number}; "
            "each mailing has its own number: check the label."
        )
    return article_in_a_batch(session, number)


def _print(batch: MailBatch, plan: Plan, articles: Sequence[str]) -> BatchPrint:
    village = plan.village
    letterhead = village.letterhead
    pieces = tuple(
        Piece(
            line=line,
            document=piece.document,
            case=piece.case,
            article_number=article,
            addressee=piece.address.addressee,
            address_lines=tuple(piece.address.lines[1:]),
            zip_code=piece.address.zip_code,
            postage=piece.postage,
            service_fee=piece.service_fee,
            return_receipt_fee=piece.return_receipt_fee,
            pdf=piece.pdf,
            barcode=(impb_barcode_data(article, piece.address.zip5) if batch.mailer_id else None),
        )
        for line, (piece, article) in enumerate(zip(plan.pieces, articles, strict=True), start=1)
    )
    return BatchPrint(
        number=batch.number,
        sender=Sender(village.name, tuple(letterhead.address_lines), village.specimen_mark),
        method=batch.method,
        prepared_on=plan.prepared_on,
        prepared_by=batch.prepared_by,
        fees=FeeTable(plan.rates.effective, plan.rates.source, plan.rates.sample),
        pieces=pieces,
        envelopes=plan.request.envelopes,
    )


def batch_village(engine: Engine, number: str, workspace: Path | None) -> Village:
    """The village a batch belongs to, for reading a time given without a zone in its own."""
    with reading(engine) as session:
        return load_village(_batch(session, number).village, workspace)


# --- finding --------------------------------------------------------------------------------


def _batch(session: Session, number: str) -> MailBatch:
    batch = session.execute(
        select(MailBatch).where(MailBatch.number == number)
    ).scalar_one_or_none()
    if batch is None:
        raise InputError(f"There is no mail batch {quoted_back(number)} in the register.")
    return batch


def _piece(batch: MailBatch, typed: str) -> MailPiece:
    """A piece of the batch named by its line in the book, its article number or document."""
    text = typed.strip()
    for piece in batch.pieces:
        if text in (str(piece.line), piece.document.number, piece.article_number):
            return piece
    if any(c.isdigit() for c in text) and len(text) > 6:
        try:
            article = check_article_number(text).number
        except InputError:
            article = None
        for piece in batch.pieces:
            if piece.article_number == article:
                return piece
    raise InputError(
        f"Batch {batch.number} has no piece '{quoted_back(text)}' (--missing): give its line in "
        f"the mailing book (1 to {len(batch.pieces)}), its article number or its document "
        "number."
    )


def _closed(batch: MailBatch, village: Village) -> str:
    if batch.status == "accepted" and batch.accepted_at is not None:
        # The register keeps the moment in UTC; the clerk recorded the postmark's local time.
        when = spell_datetime(batch.accepted_at.astimezone(village.timezone))
        return f"Mail batch {batch.number} was already accepted by the post office ({when})."
    return f"Mail batch {batch.number} was cancelled ({batch.cancel_reason})."
