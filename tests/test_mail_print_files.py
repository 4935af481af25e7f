"""A mail batch's print files, made from real frozen letters and read back with pypdf."""

from __future__ import annotations

import csv
import io
import shutil
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from weasyprint import HTML

from noticeclerk.article_numbers import s10_check_digit, usps_check_digit
from noticeclerk.cli import cli
from noticeclerk.dispatch import barcodes, print_files, window
from noticeclerk.dispatch.print_files import (
    BatchPrint,
    FeeTable,
    Piece,
    Sender,
    make_print_files,
    printed_article_number,
)
from noticeclerk.exceptions import InputError

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
SAMPLE_LETTERS = (
    "village-a/maintenance-bill.toml",
    "tuckahoe/notice-to-repair-sidewalk.toml",
    "palmyra/sidewalk-share-bill.toml",
)
HOSTILE = "<b>{{7*7}}</b> & Co"
FORMULA = '=HYPERLINK("http://x.invalid")'
SENDER = Sender(
    "Village A (SAMPLE)",
    ("Village Hall", "1 Sample Plaza", "Village A, New York 10000"),
    "SPECIMEN — NOT AN OFFICIAL NOTICE OF THE VILLAGE",
)
FEES = FeeTable(date(2026, 1, 18), "letterheads/village-a/mail-fees.toml", sample=True)


def article(serial: int) -> str:
    body = f"9407111899223033{serial:05d}"
    return body + str(usps_check_digit(body))


@pytest.fixture(scope="module")
def letters(tmp_path_factory: pytest.TempPathFactory) -> list[bytes]:
    """Three real 3-page letters, frozen as the CLI renders them, and one whose addressee has
    five lines (ABC LLC's roll address, 'Attn: Property Manager|200 Commerce Drive Suite 4')."""
    out = tmp_path_factory.mktemp("letters")
    five = tmp_path_factory.mktemp("five-lines")
    shutil.copy(CASEBOOK / "village-a" / "roll.csv", five / "roll.csv")
    bill = (CASEBOOK / "village-a" / "maintenance-bill.toml").read_text(encoding="utf-8")
    (five / "maintenance-bill.toml").write_text(
        bill.replace('parcels = ["0301-02-004"]', 'parcels = ["0301-02-011"]')
        .replace("VA-2026-B-0003", "VA-2026-B-0093")
        .replace('case = "VA-2026-0007"', 'case = "VA-2026-0093"'),
        encoding="utf-8",
    )
    cases = [str(CASEBOOK / case) for case in SAMPLE_LETTERS] + [
        str(five / "maintenance-bill.toml")
    ]
    result = CliRunner().invoke(cli, ["render", *cases, "--format", "pdf", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return [path.read_bytes() for path in sorted(out.rglob("*.pdf"))]


def piece(line: int, pdf: bytes, **changes: object) -> Piece:
    made = Piece(
        line=line,
        document=f"VA-2026-B-{line:04d}",
        case=f"VA-2026-{line:04d}",
        article_number=article(line),
        addressee="MAX ROSS",
        address_lines=("14 A STREET", "VILLAGE A NY 10000"),
        zip_code="10000",
        postage=Decimal("0.78"),
        service_fee=Decimal("5.10"),
        return_receipt_fee=Decimal("4.40") + Decimal(line) / 100,
        pdf=pdf,
    )
    return replace(made, **changes)


def batch_of(pieces: list[Piece], **changes: object) -> BatchPrint:
    made = BatchPrint(
        number="MB-2026-0007",
        sender=SENDER,
        method="certified_mail",
        prepared_on=date(2026, 2, 2),
        prepared_by="J. Clerk",
        fees=FEES,
        pieces=tuple(pieces),
        envelopes=True,
    )
    return replace(made, **changes)


@pytest.fixture(scope="module")
def big_batch(letters: list[bytes]) -> BatchPrint:
    """Twelve pieces, enough for two sheets of the book; one hostile name, one formula, some
    with an IMpb barcode."""
    pieces = []
    for line in range(1, 13):
        changes: dict[str, object] = {}
        if line == 2:
            changes["addressee"] = HOSTILE
        if line == 3:
            changes["addressee"] = FORMULA
        if line % 3 == 1:
            changes["barcode"] = "42010000" + article(line)
        pieces.append(piece(line, letters[(line - 1) % len(letters)], **changes))
    return batch_of(pieces)


@pytest.fixture(scope="module")
def files(big_batch: BatchPrint) -> dict[str, bytes]:
    return make_print_files(big_batch)


def texts(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def test_letters_start_on_a_front_side_each_with_its_article_number_on_page_one(
    files: dict[str, bytes], big_batch: BatchPrint, letters: list[bytes]
) -> None:
    pages = texts(files["letters.pdf"])
    # Cover and its blank back, then each 3-page letter and a blank back.
    assert len(pages) == 2 + 4 * len(big_batch.pieces)
    assert "Mail batch MB-2026-0007" in pages[0]
    assert "Certified Mail, Return Receipt Requested" in pages[0]
    assert f"{2 + 4 * 12} pages on {1 + 2 * 12} sheets" in pages[0]
    assert pages[1] == ""
    for index, each in enumerate(big_batch.pieces):
        first = 2 + 4 * index
        # 0-based index even: page number first + 1 is odd, a front side.
        assert first % 2 == 0
        assert f"USPS ARTICLE {printed_article_number(each.article_number)}" in pages[first]
        assert "Page 1 of 3" in pages[first]
        assert "USPS ARTICLE" not in pages[first + 1] + pages[first + 2]
        assert pages[first + 3] == ""


def test_a_letter_keeps_its_own_text_and_the_stamp_covers_none_of_it(
    files: dict[str, bytes], big_batch: BatchPrint
) -> None:
    merged = PdfReader(io.BytesIO(files["letters.pdf"]))
    for index, each in enumerate(big_batch.pieces):
        original = PdfReader(io.BytesIO(each.pdf))
        before = window.text_boxes(original.pages[0])
        after = window.text_boxes(merged.pages[2 + 4 * index])
        stamp = [box for box in after if box not in before]
        assert stamp, each.document
        assert window.clears(stamp, before)
        # Inside the envelope window.
        assert all(
            box.top >= window.WINDOW_TOP and box.bottom <= window.WINDOW_BOTTOM for box in stamp
        )
        assert all(
            box.left >= window.WINDOW_LEFT and box.right <= window.WINDOW_RIGHT for box in stamp
        )
        for later in (1, 2):
            assert (
                merged.pages[2 + 4 * index + later].extract_text()
                == original.pages[later].extract_text()
            )


def test_a_five_line_address_still_leaves_room_for_the_number(
    letters: list[bytes],
) -> None:
    # The letters sort palmyra, tuckahoe, village-a's B-0003, then the five-line B-0093.
    page = PdfReader(io.BytesIO(letters[-1])).pages[0]
    assert "ATTN: PROPERTY MANAGER" in page.extract_text()
    boxes = window.text_boxes(page)
    stamp = window.place_stamp(boxes, "USPS ARTICLE", "9407 1118 9922 3033 0000 19")
    assert stamp is not None
    assert window.clears(stamp.boxes(), boxes)


def crowded_letter() -> bytes:
    """A one-page letter with text across the whole envelope window."""
    lines = "".join(
        f"<p>LINE {n} OF A VERY LONG ADDRESS THAT FILLS THE WINDOW WIDTH</p>" for n in range(9)
    )
    html = (
        "<style>@page { size: letter; margin: 0 } body { margin: 0 }"
        " div { position: absolute; top: 2.1in; left: 0.875in; width: 6.5in;"
        " font: 10pt/12pt sans-serif } p { margin: 0 }</style>"
        f"<div>{lines}</div>"
    )
    return HTML(string=html).write_pdf()


def test_a_stamp_that_would_cover_text_is_refused_naming_the_document(
    letters: list[bytes],
) -> None:
    batch = batch_of([piece(1, letters[0]), piece(2, crowded_letter())])
    with pytest.raises(InputError, match=r"Document No\. VA-2026-B-0002 has text wherever"):
        make_print_files(batch)


def test_a_letter_of_odd_pages_is_followed_by_a_blank_back(letters: list[bytes]) -> None:
    roomy = HTML(
        string="<style>@page { size: letter }</style><p>A one-page notice.</p>"
    ).write_pdf()
    made = make_print_files(batch_of([piece(1, roomy), piece(2, letters[0])], envelopes=False))
    pages = texts(made["letters.pdf"])
    assert len(pages) == 2 + 2 + 4
    assert "USPS ARTICLE" in pages[2] and pages[3] == ""
    assert "USPS ARTICLE" in pages[4]
    assert "envelopes.pdf" not in made


def test_the_mailing_book_lists_each_piece_with_sheet_and_batch_totals(
    files: dict[str, bytes], big_batch: BatchPrint
) -> None:
    sheets = texts(files["mailing-book.pdf"])
    assert len(sheets) == 2
    assert "Sheet 1 of 2" in sheets[0] and "Sheet 2 of 2" in sheets[1]
    book = " ".join(sheets)
    for each in big_batch.pieces:
        assert printed_article_number(each.article_number) in book
        assert f"Document No. {each.document}" in book
    assert "Village A (SAMPLE)" in sheets[0] and "1 Sample Plaza" in sheets[0]
    assert "Certified Mail, Return Receipt Requested" in sheets[0]
    assert "SAMPLE FIGURES — not the Post Office's rates" in sheets[0]
    assert "effective January 18, 2026" in sheets[1]
    assert "Total number of pieces received at post office" in sheets[1]
    assert "Postmaster, per (name of receiving employee)" in sheets[1]
    on_first = sum(f"Document No. {p.document}" in sheets[0] for p in big_batch.pieces)
    first, second = big_batch.pieces[:on_first], big_batch.pieces[on_first:]
    assert f"Sheet 1: {len(first)} pieces listed" in sheets[0]
    assert f"Sheet 2: {len(second)} pieces listed" in sheets[1]
    receipts_first = sum(p.return_receipt_fee for p in first)
    assert f"${receipts_first:,.2f}" in sheets[0]
    assert "Batch MB-2026-0007: 12 pieces listed on 2 sheets" in sheets[1]
    assert "pieces listed on" not in sheets[0]
    total = sum(p.postage + p.service_fee + p.return_receipt_fee for p in big_batch.pieces)
    assert f"${total:,.2f}" in sheets[1]
    assert f"${Decimal('0.78') * 12:,.2f}" in sheets[1]


def test_the_mailing_book_csv_has_every_row_with_formulas_neutralised(
    files: dict[str, bytes], big_batch: BatchPrint
) -> None:
    rows = list(csv.DictReader(io.StringIO(files["mailing-book.csv"].decode("utf-8"))))
    assert [row["article_number"] for row in rows] == [p.article_number for p in big_batch.pieces]
    assert rows[0]["address (lines joined by |)"] == "14 A STREET | VILLAGE A NY 10000"
    assert rows[0]["total"] == "10.29"
    assert rows[1]["addressee"] == HOSTILE
    assert rows[2]["addressee"] == "'" + FORMULA
    assert rows[5]["document"] == "VA-2026-B-0006"


def test_return_receipts_and_envelopes_carry_the_addressee_and_article_number(
    files: dict[str, bytes], big_batch: BatchPrint
) -> None:
    receipts = " ".join(texts(files["return-receipts.pdf"]))
    envelopes = texts(files["envelopes.pdf"])
    assert len(envelopes) == len(big_batch.pieces)
    for each, envelope in zip(big_batch.pieces, envelopes, strict=True):
        number = printed_article_number(each.article_number)
        assert number in receipts
        assert f"Document No. {each.document}" in receipts
        assert f"CERTIFIED {number}" in envelope
        assert each.addressee in envelope and "VILLAGE A NY 10000" in envelope
        assert "CERTIFIED MAIL RETURN RECEIPT REQUESTED" in envelope
        assert "Village A (SAMPLE)" in envelope
    assert "Article addressed to:".upper() in receipts.upper()
    assert "1 Sample Plaza" in receipts


def test_a_hostile_addressee_prints_literally_everywhere(files: dict[str, bytes]) -> None:
    for name in ("mailing-book.pdf", "return-receipts.pdf", "envelopes.pdf"):
        printed = " ".join(texts(files[name]))
        assert HOSTILE in printed, name
        assert "<b>49" not in printed


def test_a_registered_batch_prints_s10_numbers_and_its_own_words(letters: list[bytes]) -> None:
    number = f"RA12345678{s10_check_digit('12345678')}US"
    made = make_print_files(
        batch_of([piece(1, letters[1], article_number=number)], method="registered_mail")
    )
    assert "Registered Mail, Return Receipt Requested" in texts(made["letters.pdf"])[0]
    assert "USPS ARTICLE RA 123 456 785 US" in texts(made["letters.pdf"])[2]
    assert "Registered Fee" in texts(made["mailing-book.pdf"])[0]
    assert "REGISTERED MAIL RETURN RECEIPT REQUESTED" in texts(made["envelopes.pdf"])[0]


def test_article_numbers_print_in_groups() -> None:
    assert printed_article_number("9407111899223033000019") == "9407 1118 9922 3033 0000 19"
    assert printed_article_number("70191120000012345678") == "7019 1120 0000 1234 5678"
    assert printed_article_number("RA123456785US") == "RA 123 456 785 US"


def test_an_impb_barcode_is_gs1_128_with_quiet_zones() -> None:
    pattern = barcodes.modules("42010000" + article(1))
    quiet = "0" * barcodes.QUIET_MODULES
    assert pattern.startswith(quiet + "11010010000")  # Start B
    assert "11110101110" in pattern  # FNC1, which makes it GS1-128
    assert pattern.endswith("1100011101011" + quiet)  # Stop
    svg = barcodes.code128_svg("42010000" + article(1), 0.75)
    assert svg.startswith("<svg") and "href" not in svg


def test_barcode_data_other_than_digits_is_refused_naming_the_document(
    letters: list[bytes],
) -> None:
    batch = batch_of([piece(1, letters[0], barcode="420<svg onload=x>")])
    with pytest.raises(InputError, match=r"Document No\. VA-2026-B-0001"):
        make_print_files(batch)


def test_worker_processes_make_the_same_files(
    letters: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    batch = batch_of([piece(1, letters[0]), piece(2, letters[2], addressee=HOSTILE)])
    here = make_print_files(batch)
    monkeypatch.setattr(print_files, "PARALLEL_FROM", 1)
    there = make_print_files(batch)
    assert sorted(there) == sorted(here)
    for name in ("mailing-book.pdf", "return-receipts.pdf", "envelopes.pdf"):
        assert texts(there[name]) == texts(here[name])


def test_a_book_sheet_that_runs_over_its_page_is_cut_again(
    letters: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    long_lines = tuple(f"{n}00 A LONG STREET NAME AVENUE APARTMENT {n}" for n in range(4))
    pieces = [
        piece(line, letters[0], address_lines=(*long_lines, "ALBANY NY 12207-1234"))
        for line in range(1, 11)
    ]
    # Estimated as if no line ever wrapped: the first cut puts ten rows on a sheet.
    monkeypatch.setattr(print_files, "BOOK_EM_PER_CHARACTER", 0.01)
    monkeypatch.setattr(print_files, "BOOK_LINE", 1.0)
    sheets = texts(make_print_files(batch_of(pieces))["mailing-book.pdf"])
    assert len(sheets) > 1
    for number, sheet in enumerate(sheets, start=1):
        assert f"Sheet {number} of {len(sheets)}" in sheet
    assert sum(sheet.count("Document No.") for sheet in sheets) == 10


def test_the_barcode_prints_in_the_window_only_where_it_clears_the_address(
    letters: list[bytes],
) -> None:
    width = barcodes.width_inches("42010000" + article(1)) * window.INCH
    roomy = window.place_stamp([], "USPS ARTICLE", "9407 1118 9922 3033 0000 19", width)
    assert roomy is not None and roomy.barcode is not None
    assert roomy.barcode.box.bottom < min(line.box().top for line in roomy.lines)
    assert roomy.barcode.box.bottom - roomy.barcode.box.top >= 0.25 * window.INCH
    boxes = window.text_boxes(PdfReader(io.BytesIO(letters[2])).pages[0])
    crowded = window.place_stamp(boxes, "USPS ARTICLE", "9407 1118 9922 3033 0000 19", width)
    assert crowded is not None and crowded.barcode is None
