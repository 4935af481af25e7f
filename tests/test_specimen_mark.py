"""The specimen mark (issue 12): every page of a sample or demonstration village's document, of
every kind, says to its reader that it is no official notice, in the PDF and in the Word copy,
and so do the files' metadata; a village's own documents carry no mark."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import docx
import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, day_after, own_village_file
from document_text import pdf_pages
from pypdf import PdfReader

from noticeclerk.content.folders import casebook_cases
from noticeclerk.render import Renderer

ROOT = Path(__file__).resolve().parent.parent
CASEBOOK = ROOT / "casebook"
GOLDEN = ROOT / "tests" / "golden"
PAGE = re.compile(r"^--- page \d+ ---$")
# The mark speaks to the reader, not to the developer ("SET THEM IN LETTERHEAD.TOML").
MARK = "SPECIMEN — NOT AN OFFICIAL NOTICE OF THE VILLAGE"


@pytest.fixture(scope="module")
def renderer():
    return Renderer()


def word_headers(data: bytes) -> tuple[docx.document.Document, list[str]]:
    """The Word copy, and the text of its first page's header and of its later pages' header."""
    document = docx.Document(io.BytesIO(data))
    section = document.sections[0]
    texts = []
    for header in (section.first_page_header, section.header):
        cells = [cell.text for table in header.tables for row in table.rows for cell in row.cells]
        texts.append(" ".join([p.text for p in header.paragraphs] + cells))
    return document, texts


# A demonstration village (a real village's name, fictional officers) and a sample village.
MULTI_PAGE = ["luck/sidewalk-permit.toml", "village-a/directive-to-comply.toml"]


@pytest.mark.parametrize("case", MULTI_PAGE)
def test_every_page_of_a_sample_village_s_multi_page_pdf_carries_the_specimen_mark(case, renderer):
    rendered = renderer.render(CASEBOOK / case, formats=("pdf",))
    pages = [" ".join(page.split()) for page in pdf_pages(rendered.files["pdf"])]
    assert len(pages) >= 2
    for page in pages:
        assert MARK in page
    assert "LETTERHEAD.TOML" not in rendered.html


@pytest.mark.parametrize("case", MULTI_PAGE)
def test_the_word_copy_carries_the_specimen_mark_in_its_header_on_every_page(case, renderer):
    rendered = renderer.render(CASEBOOK / case, formats=("docx",))
    document, (first, later) = word_headers(rendered.files["docx"])
    # The first page has a header of its own (the letterhead), so both must carry the mark.
    assert document.sections[0].different_first_page_header_footer
    assert MARK in first
    assert MARK in later


def test_the_pdf_s_title_subject_and_keywords_say_specimen(renderer):
    rendered = renderer.render(CASEBOOK / MULTI_PAGE[0], formats=("pdf",))
    metadata = PdfReader(io.BytesIO(rendered.files["pdf"])).metadata
    assert metadata.title.startswith(MARK)
    assert metadata.subject.startswith(MARK)
    assert "SPECIMEN" in metadata["/Keywords"]


def test_the_word_copy_s_core_properties_say_specimen(renderer):
    rendered = renderer.render(CASEBOOK / MULTI_PAGE[1], formats=("docx",))
    properties = docx.Document(io.BytesIO(rendered.files["docx"])).core_properties
    assert properties.title.startswith(MARK)
    assert properties.subject == MARK
    assert "SPECIMEN" in properties.keywords


def test_a_village_s_own_documents_carry_no_specimen_mark(tmp_path):
    # The Village has set its own officers and telephone and turned demonstration off.
    folder = tmp_path / "letterheads" / "luck"
    shutil.copytree(ROOT / "letterheads" / "luck", folder)
    # Its postage and fees are the Post Office's own, its schedules its own, no longer the
    # sample's.
    own_village_file(folder)
    rendered = Renderer(tmp_path).render(CASEBOOK / MULTI_PAGE[0])
    assert all("SPECIMEN" not in page for page in pdf_pages(rendered.files["pdf"]))
    assert "SPECIMEN" not in (PdfReader(io.BytesIO(rendered.files["pdf"])).metadata.title or "")
    document, headers = word_headers(rendered.files["docx"])
    assert all("SPECIMEN" not in text for text in headers)
    assert "SPECIMEN" not in document.core_properties.title
    assert "sample data" not in rendered.html


@pytest.mark.parametrize("case", casebook_cases(), ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_a_specimen_says_once_at_its_end_that_its_data_and_unset_figures_are_fictional(case):
    # One label for every fictional figure: a Board's rate or a resolution number in a sample
    # case is never taken for the Village's own (review SYS-12). Read in the golden file of
    # the document's PDF text, which test_golden_documents holds every rendering to.
    golden = GOLDEN / case.parent.name / f"{case.stem}.pdf.txt"
    lines = golden.read_text(encoding="utf-8").splitlines()
    words = " ".join(" ".join(line for line in lines if not PAGE.match(line)).split())
    note = "This specimen was made from sample data. The persons, property addresses, cases"
    assert words.count(note) == 1
    assert "every figure the ordinance does not itself set" in words


def test_an_affidavit_of_service_of_a_sample_village_carries_the_mark_on_every_page(
    tmp_path, runner
):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    clerk("issue", "VA-C-2026-0001", today="2026-12-01")
    at = "2026-12-01T10:15"
    clerk(
        "serve", "VA-D-2026-00001", "--method", "hand_owner", "--by", "J. Avery", "--at", at,
        "--to", "Marie Smith", "--address", "12 A Street", today=day_after(at),
    )  # fmt: skip
    out = tmp_path / "proofs"
    clerk("proof", "VA-D-2026-00001", "--out", str(out), today="2026-12-02")
    (pdf,) = out.rglob("*.pdf")
    (word,) = out.rglob("*.docx")
    pages = [" ".join(page.split()) for page in pdf_pages(pdf.read_bytes())]
    assert pages and all(MARK in page for page in pages)
    _, (first, later) = word_headers(word.read_bytes())
    assert MARK in first and MARK in later
    assert PdfReader(pdf).metadata.title.startswith(MARK)
