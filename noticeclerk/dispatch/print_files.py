"""A certified or registered mail batch, turned into the files the clerk prints: the letters
merged for duplex printing with each piece's article number in the envelope window, the firm
mailing book (PS Form 3877) as PDF and CSV, the return receipts' sender data (PS Form 3811)
and, on request, #10 envelopes.

Everything is made in memory first and handed back as bytes by file name; the caller writes
them (writing.write_file) only when every file was made, so a batch never stops halfway.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from functools import cache
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup
from pypdf import PdfReader, PdfWriter
from pypdf.errors import PdfReadError
from weasyprint import CSS

from noticeclerk.content.folders import content_dirs
from noticeclerk.content.roll import neutralised
from noticeclerk.dispatch import barcodes, window
from noticeclerk.exceptions import InputError
from noticeclerk.generators.html import make_environment, render_html
from noticeclerk.generators.pdf import letter_stylesheet, render_pdf, shared_font_configuration
from noticeclerk.render_pool import WorkerLost, quiet_worker, stop_workers


@dataclass(frozen=True)
class Sender:
    """The Village as the sender: the top of the mailing book, the return address."""

    name: str
    address_lines: tuple[str, ...]
    # A sample or demonstration village: its print files carry the specimen mark too.
    specimen_mark: str | None = None


@dataclass(frozen=True)
class Piece:
    """One letter of the batch, in mailing order (sorted by ZIP Code)."""

    line: int
    document: str
    case: str
    article_number: str
    # The addressee and the delivery address in USPS Publication 28 form: upper case, no
    # punctuation but the hyphen of a ZIP+4; the last line is "CITY ST 12345-6789".
    addressee: str
    address_lines: tuple[str, ...]
    zip_code: str
    postage: Decimal
    # The certified mail or registered mail fee.
    service_fee: Decimal
    return_receipt_fee: Decimal
    # The frozen PDF of the issued document, as the register holds it (hash checked).
    pdf: bytes
    # The Intelligent Mail package barcode's data (application identifier 420, the ZIP Code,
    # then the article number) when the batch generated IMpb numbers; None for numbers from
    # pre-printed labels, whose barcode is on the label.
    barcode: str | None = None


@dataclass(frozen=True)
class FeeTable:
    """The table of postage and fees the batch was priced from, as the village's file gives it."""

    effective: date
    source: str
    sample: bool


@dataclass(frozen=True)
class BatchPrint:
    """Everything the print files show."""

    number: str
    sender: Sender
    # "certified_mail" or "registered_mail".
    method: str
    prepared_on: date
    prepared_by: str
    fees: FeeTable
    pieces: tuple[Piece, ...]
    # Print #10 envelopes too, for an office without window envelopes.
    envelopes: bool = False


@dataclass(frozen=True)
class _Method:
    """How one mail method reads on each file."""

    long: str
    short: str
    endorsement: str
    fee_heading: str
    service: str


METHODS = {
    "certified_mail": _Method(
        "Certified Mail, Return Receipt Requested",
        "CERTIFIED",
        "CERTIFIED MAIL",
        "Certified Fee",
        "Certified Mail",
    ),
    "registered_mail": _Method(
        "Registered Mail, Return Receipt Requested",
        "REGISTERED",
        "REGISTERED MAIL",
        "Registered Fee",
        "Registered Mail",
    ),
}
# The stamp's words before the number, in the window of each letter.
STAMP_LABEL = "USPS ARTICLE"
# The barcode's height: on the letter, what the window has room for; on the mailing book and
# the return receipts, enough to scan; on the envelope, the 0.75in IMpb asks for.
LETTER_BARCODE_INCHES = window.BARCODE_HEIGHT / window.INCH
BOOK_BARCODE_INCHES = 0.3
ENVELOPE_BARCODE_INCHES = 0.75
# The mailing book's sheet: the height its rows may take (landscape letter less the margins,
# the heading, the column heads, two totals rows and the foot), in points, and how tall a
# row's parts are (8pt type at 1.15, the cells' padding and rules).
BOOK_ROWS_HEIGHT = 340.0
BOOK_LINE = 9.2
BOOK_TYPE = 8.0
BOOK_EM_PER_CHARACTER = 0.62
# The addressee and remarks columns' widths (mail.css) less their cells' padding, in points.
BOOK_ADDRESS_WIDTH = 2.55 * 72 - 6
BOOK_REMARKS_WIDTH = (10.2 - 0.4 - 3.2 - 2.55 - 4 * 0.72) * 72 - 6
BOOK_ROW_PADDING = 5.5
BOOK_NUMBER_LINE = 11.0
BOOK_MAX_ROWS = 10
# From this many pieces the mailing book, receipts and envelopes render in worker processes
# beside the letters' merge; a worker's start (importing WeasyPrint, loading fonts) takes
# about two seconds.
PARALLEL_FROM = 40
WORKERS = 2
FILE_ORDER = (
    "letters.pdf",
    "mailing-book.pdf",
    "mailing-book.csv",
    "return-receipts.pdf",
    "envelopes.pdf",
)
# The stamp's text as the stamp page lays it out (8.5pt Liberation Sans Bold on a 10pt line):
# the baseline lies this far below the top of its line box (half the leading, then the ascent).
STAMP_BASELINE_OFFSET = (10.0 - 1.117 * window.STAMP_SIZE) / 2 + 0.905 * window.STAMP_SIZE
CSV_COLUMNS = (
    "line",
    "article_number",
    "addressee",
    "address (lines joined by |)",
    "zip",
    "postage",
    "service_fee",
    "return_receipt_fee",
    "total",
    "document",
    "case",
)


def printed_article_number(number: str) -> str:
    """The article number as a clerk reads it: a USPS number in groups of four digits
    ("9407 1118 9922 3033 0000 19"), an S10 number as "RA 123 456 785 US"."""
    if number.isdigit():
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    return f"{number[:2]} {number[2:5]} {number[5:8]} {number[8:11]} {number[11:]}"


def make_print_files(batch: BatchPrint) -> dict[str, bytes]:
    """The batch's files by name: letters.pdf, mailing-book.pdf, mailing-book.csv,
    return-receipts.pdf and, when asked for, envelopes.pdf.

    Every letter's frozen PDF is read and its article number placed before anything is
    rendered; a letter with no room in its window for the number is refused, naming it."""
    method = _method(batch)
    for piece in batch.pieces:
        if piece.barcode is not None:
            barcodes.checked_barcode_data(piece.barcode, piece.document)
    with _Renderer(len(batch.pieces) >= PARALLEL_FROM) as renderer:
        # Every letter read and its stamp placed first, while the workers start: a refusal
        # comes before any rendering.
        letters = _placed(batch)
        files = _rendered(batch, method, letters, renderer)
    files["mailing-book.pdf"] = _book_fitted(
        batch,
        method,
        files["mailing-book.pdf"],
        _sheets(_rows(batch, BOOK_BARCODE_INCHES), BOOK_ROWS_HEIGHT),
    )
    files["mailing-book.csv"] = mailing_book_csv(batch)
    return {name: files[name] for name in FILE_ORDER if name in files}


def _rendered(
    batch: BatchPrint, method: _Method, letters: list[_Letter], renderer: _Renderer
) -> dict[str, bytes]:
    """letters.pdf made here while the renderer makes the book, receipts and envelopes."""
    documents = {
        "mailing-book.pdf": _book_html(batch, method, _first_sheets(batch)),
        "return-receipts.pdf": _html(
            "receipts.html.j2",
            {"batch": batch, "method": method, "rows": _rows(batch, BOOK_BARCODE_INCHES)},
        ),
    }
    if batch.envelopes:
        documents["envelopes.pdf"] = _html(
            "envelopes.html.j2",
            {"batch": batch, "method": method, "rows": _rows(batch, ENVELOPE_BARCODE_INCHES)},
        )
    pending = {
        name: renderer.submit(html, f"{batch.number}-{name.removesuffix('.pdf')}", batch)
        for name, html in documents.items()
    }
    files = {"letters.pdf": _letters(batch, method, letters)}
    files.update((name, renderer.result(future)) for name, future in pending.items())
    return files


def mailing_book_csv(batch: BatchPrint) -> bytes:
    """The mailing book's rows as CSV (UTF-8, amounts as plain decimals such as 4.85), every
    text cell a spreadsheet would run as a formula neutralised with a leading quote."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for piece in batch.pieces:
        writer.writerow(
            [
                str(piece.line),
                piece.article_number,
                *(
                    neutralised(text)
                    for text in (piece.addressee, " | ".join(piece.address_lines), piece.zip_code)
                ),
                *(f"{amount:.2f}" for amount in (*_fees(piece), _total(piece))),
                neutralised(piece.document),
                neutralised(piece.case),
            ]
        )
    return out.getvalue().encode("utf-8")


def _method(batch: BatchPrint) -> _Method:
    if batch.method not in METHODS:
        raise ValueError(f"{batch.method!r} is not a tracked mail method.")
    if not batch.pieces:
        raise InputError("The batch has no pieces; choose the documents to mail.")
    return METHODS[batch.method]


def _fees(piece: Piece) -> tuple[Decimal, Decimal, Decimal]:
    return piece.postage, piece.service_fee, piece.return_receipt_fee


def _total(piece: Piece) -> Decimal:
    return sum(_fees(piece), Decimal(0))


@dataclass(frozen=True)
class _Row:
    """A piece as the book, the receipts and the envelopes print it."""

    piece: Piece
    number: str
    barcode: Markup | None
    total: Decimal


def _rows(batch: BatchPrint, barcode_inches: float) -> list[_Row]:
    return [
        _Row(
            piece,
            printed_article_number(piece.article_number),
            barcodes.code128_svg(piece.barcode, barcode_inches) if piece.barcode else None,
            _total(piece),
        )
        for piece in batch.pieces
    ]


# letters.pdf


@dataclass(frozen=True)
class _Letter:
    """A frozen letter read, the boxes of the text on its first page, and its stamp."""

    piece: Piece
    reader: PdfReader
    boxes: list[window.Box]
    stamp: window.Stamp


def _placed(batch: BatchPrint) -> list[_Letter]:
    """Every letter read and its stamp placed, or the refusal naming the first that has no
    room for it."""
    letters = []
    for piece in batch.pieces:
        reader = _frozen(piece)
        letter_boxes = window.text_boxes(reader.pages[0])
        barcode_width = (
            barcodes.width_inches(piece.barcode) * window.INCH if piece.barcode else None
        )
        stamp = window.place_stamp(
            letter_boxes, STAMP_LABEL, printed_article_number(piece.article_number), barcode_width
        )
        if stamp is None:
            raise _no_room(piece)
        letters.append(_Letter(piece, reader, letter_boxes, stamp))
    return letters


def _letters(batch: BatchPrint, method: _Method, letters: list[_Letter]) -> bytes:
    """The cover sheet and every letter, each starting on a front side, its first page
    carrying its article number in the envelope window."""
    readers = [letter.reader for letter in letters]
    pages = 2 + sum(len(r.pages) + len(r.pages) % 2 for r in readers)
    overlay = PdfReader(
        io.BytesIO(
            _render(
                "letters.html.j2",
                {
                    "batch": batch,
                    "method": method,
                    "pages": pages,
                    "sheets": pages // 2,
                    "stamps": [_stamp_markup(letter.stamp, letter.piece) for letter in letters],
                },
                batch,
                "letters",
            )
        )
    )
    if len(overlay.pages) != 1 + len(letters):
        raise RuntimeError("the cover sheet ran over one page or a stamp page went missing")
    writer = PdfWriter()
    cover = writer.add_page(overlay.pages[0])
    writer.add_blank_page(float(cover.mediabox.width), float(cover.mediabox.height))
    for index, letter in enumerate(letters):
        piece, reader = letter.piece, letter.reader
        stamp_page = overlay.pages[1 + index]
        # The stamp as printed, read back: its text must clear the letter's, whatever the
        # font's real widths turned out to be.
        if not window.clears(window.text_boxes(stamp_page), letter.boxes):
            raise _no_room(piece)
        first = writer.add_page(reader.pages[0])
        first.merge_page(stamp_page)
        for page in reader.pages[1:]:
            writer.add_page(page)
        if len(reader.pages) % 2:
            last = reader.pages[-1]
            writer.add_blank_page(float(last.mediabox.width), float(last.mediabox.height))
    title = f"Mail batch {batch.number}: letters"
    mark = batch.sender.specimen_mark
    writer.add_metadata(
        {"/Title": f"{mark}: {title}" if mark else title, "/Author": batch.sender.name}
    )
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _frozen(piece: Piece) -> PdfReader:
    try:
        reader = PdfReader(io.BytesIO(piece.pdf))
        if len(reader.pages) == 0:
            raise PdfReadError("no pages")
    except (PdfReadError, ValueError, KeyError) as error:
        raise InputError(
            f"The frozen PDF of Document No. {piece.document} cannot be read ({error}); "
            "print it again from the register before batching it."
        ) from None
    return reader


def _no_room(piece: Piece) -> InputError:
    return InputError(
        f"Document No. {piece.document} has text wherever its article number would print in "
        "the envelope window; take it out of the batch and mail it with the article number on "
        "a label."
    )


def _stamp_markup(stamp: window.Stamp, piece: Piece) -> dict[str, Any]:
    """The stamp's parts as the stamp page positions them (CSS right is from the sheet's
    right edge; a line's top is its line box's)."""
    sheet_width = 8.5 * window.INCH
    barcode = None
    if stamp.barcode is not None and piece.barcode is not None:
        barcode = {
            "left": f"{stamp.barcode.box.left:.2f}",
            "top": f"{stamp.barcode.box.top:.2f}",
            "svg": barcodes.code128_svg(piece.barcode, LETTER_BARCODE_INCHES),
        }
    lines = [
        {
            "text": line.text,
            "right": f"{sheet_width - line.right:.2f}",
            "top": f"{line.baseline - STAMP_BASELINE_OFFSET:.2f}",
        }
        for line in stamp.lines
    ]
    return {"lines": lines, "barcode": barcode}


# mailing-book.pdf


@dataclass(frozen=True)
class _Sheet:
    rows: list[_Row]
    pieces: int
    postage: Decimal
    service_fee: Decimal
    return_receipt_fee: Decimal
    total: Decimal


def _sheet(rows: list[_Row]) -> _Sheet:
    pieces = [row.piece for row in rows]
    return _Sheet(
        rows,
        len(rows),
        sum((p.postage for p in pieces), Decimal(0)),
        sum((p.service_fee for p in pieces), Decimal(0)),
        sum((p.return_receipt_fee for p in pieces), Decimal(0)),
        sum((row.total for row in rows), Decimal(0)),
    )


def _wrapped(text: str, width: float) -> int:
    """How many lines a text takes in a column `width` points wide, at BOOK_TYPE points and
    BOOK_EM_PER_CHARACTER em a character (wider than the average capital, so never fewer)."""
    per_line = max(1, int(width // (BOOK_TYPE * BOOK_EM_PER_CHARACTER)))
    return max(1, -(-len(text) // per_line))


def _first_sheets(batch: BatchPrint) -> list[_Sheet]:
    return _sheets(_rows(batch, BOOK_BARCODE_INCHES), BOOK_ROWS_HEIGHT)


def _book_html(batch: BatchPrint, method: _Method, sheets: list[_Sheet]) -> str:
    totals = _sheet([row for sheet in sheets for row in sheet.rows])
    return _html(
        "book.html.j2", {"batch": batch, "method": method, "sheets": sheets, "totals": totals}
    )


def _book_fitted(batch: BatchPrint, method: _Method, pdf: bytes, sheets: list[_Sheet]) -> bytes:
    """The book whose every sheet fits its page: the rows' heights are estimated, so when a
    sheet ran over (long lines wrapping more than estimated) the rows are cut again, at most
    two thirds as many a sheet, down to one a sheet, which always fits."""
    while len(PdfReader(io.BytesIO(pdf)).pages) != len(sheets):
        most = max(sheet.pieces for sheet in sheets)
        if most == 1:
            raise RuntimeError("one row of the mailing book is taller than its page")
        sheets = _sheets(_rows(batch, BOOK_BARCODE_INCHES), BOOK_ROWS_HEIGHT, most * 2 // 3)
        html = _book_html(batch, method, sheets)
        pdf = _pdf(html, f"{batch.number}-mailing-book", batch.sender.specimen_mark)
    return pdf


def _sheets(rows: Sequence[_Row], budget: float, most: int = BOOK_MAX_ROWS) -> list[_Sheet]:
    """The rows cut into sheets by the height each row takes, so no sheet runs over a page
    and each sheet's totals are of the rows printed on it."""
    sheets: list[list[_Row]] = [[]]
    height = 0.0
    for row in rows:
        number = BOOK_NUMBER_LINE + (BOOK_BARCODE_INCHES * window.INCH if row.barcode else 0.0)
        address = sum(
            _wrapped(text, BOOK_ADDRESS_WIDTH)
            for text in (row.piece.addressee, *row.piece.address_lines)
        )
        remarks = _wrapped(f"Document No. {row.piece.document}", BOOK_REMARKS_WIDTH)
        needed = max(number, BOOK_LINE * max(address, remarks)) + BOOK_ROW_PADDING
        if sheets[-1] and (height + needed > budget or len(sheets[-1]) >= most):
            sheets.append([])
            height = 0.0
        sheets[-1].append(row)
        height += needed
    return [_sheet(sheet) for sheet in sheets]


# Rendering


MAIL_TEMPLATES = "mail"


@cache
def _mail_folder() -> Path:
    """The built-in templates/mail folder: its stylesheet, and the only folder a mail file
    may read from (it asks for nothing)."""
    return content_dirs("templates")[-1] / MAIL_TEMPLATES


@cache
def _environment() -> SandboxedEnvironment:
    return make_environment(None)


@cache
def _stylesheet() -> CSS:
    return letter_stylesheet(_mail_folder() / "mail.css", shared_font_configuration())


def _html(template: str, context: dict[str, Any]) -> str:
    return render_html(f"{MAIL_TEMPLATES}/{template}", context, environment=_environment())


def _render(template: str, context: dict[str, Any], batch: BatchPrint, kind: str) -> bytes:
    return _pdf(_html(template, context), f"{batch.number}-{kind}", batch.sender.specimen_mark)


def _pdf(html: str, identifier: str, specimen_mark: str | None) -> bytes:
    return render_pdf(
        html,
        [_mail_folder()],
        identifier=identifier,
        stylesheets=[_stylesheet()],
        font_config=shared_font_configuration(),
        specimen_mark=specimen_mark,
    )


def _warm() -> None:
    _stylesheet()


class _Renderer:
    """Renders the mailing book, the receipts and the envelopes: for a big batch in worker
    processes, while this one merges the letters (WeasyPrint holds one core per document);
    for a small one here, where a worker's start would cost more than it saves."""

    def __init__(self, parallel: bool) -> None:
        workers = min(WORKERS, os.cpu_count() or 1)
        self.workers = workers
        self.pool = (
            ProcessPoolExecutor(workers, mp_context=get_context("spawn"), initializer=quiet_worker)
            if parallel and workers > 1
            else None
        )

    def __enter__(self) -> _Renderer:
        if self.pool is not None:
            # Each worker imports WeasyPrint and loads the fonts and the stylesheet now, while
            # this process reads the letters.
            for _worker in range(self.workers):
                self.pool.submit(_warm)
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self.pool is not None:
            if kind is not None:  # a refusal or a Ctrl-C: what the workers do is not wanted
                stop_workers(self.pool)
            self.pool.shutdown(wait=True, cancel_futures=True)

    def submit(self, html: str, identifier: str, batch: BatchPrint) -> Future[bytes]:
        if self.pool is not None:
            # A refusal in a worker comes back as the same error: NoticeclerkErrors pickle whole.
            return self.pool.submit(_pdf, html, identifier, batch.sender.specimen_mark)
        done: Future[bytes] = Future()
        done.set_result(_pdf(html, identifier, batch.sender.specimen_mark))
        return done

    @staticmethod
    def result(future: Future[bytes]) -> bytes:
        try:
            return future.result()
        except BrokenProcessPool:
            raise WorkerLost("the mailing book, the return receipts or the envelopes") from None
