"""A certified or registered mail batch, turned into the files the clerk prints: the letters
merged for duplex printing with each piece's article number in the envelope window, the firm
mailing book (PS Form 3877) as PDF and CSV, the return receipts' sender data (PS Form 3811)
and, on request, #10 envelopes.

Everything is made in memory first and handed back as bytes by file name; the caller writes
them (writing.write_file) only when every file was made, so a batch never stops halfway.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal


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


def make_print_files(batch: BatchPrint) -> dict[str, bytes]:
    """The batch's files by name: letters.pdf, mailing-book.pdf, mailing-book.csv,
    return-receipts.pdf and, when asked for, envelopes.pdf."""
    raise NotImplementedError
