"""Every sample document, rendered and read back: its words against a reviewed golden file.

Regenerate the golden files on purpose with `pytest --update-golden`, then read the diff.
The PDF bytes are never compared; the words are, in the PDF and in the DOCX alike.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from document_text import docx_words, legal_status, pdf_body_words, pdf_pages, wrapped

from noticeclerk.content.folders import casebook_cases
from noticeclerk.render import Renderer

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = casebook_cases()


class RenderedCases(dict):
    """Each sample case rendered when a test first asks for it, so that `-k` renders only the
    documents it selects."""

    def __init__(self) -> None:
        super().__init__()
        self.renderer = Renderer()

    def __missing__(self, case: Path):
        document = self[case] = self.renderer.render(case)
        return document


@pytest.fixture(scope="module")
def rendered():
    return RenderedCases()


def seal_words(village: str) -> list[str]:
    """The words drawn inside the village's seal: text in the PDF, a picture in the DOCX."""
    svg = (
        Path(__file__).resolve().parent.parent / "letterheads" / village / "seal.svg"
    ).read_text()
    return [m.strip() for m in re.findall(r"<text[^>]*>(?:\s*<textPath[^>]*>)?([^<]+)<", svg)]


def check_golden(path: Path, text: str, update: bool) -> None:
    if update or not path.exists():
        if not update:
            pytest.fail(f"{path} does not exist; run pytest --update-golden and review it")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path} differs; if intended, --update-golden"


def test_the_casebook_has_documents_for_every_village():
    assert {case.parent.name for case in CASES} == {
        "luck",
        "palmyra",
        "tuckahoe",
        "village-a",
        "village-b",
    }


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_pdf_text_matches_the_golden_file(case, rendered, update_golden):
    pages = pdf_pages(rendered[case].files["pdf"])
    text = "".join(f"--- page {n} ---\n{wrapped(page.split())}" for n, page in enumerate(pages, 1))
    check_golden(GOLDEN / case.parent.name / f"{case.stem}.pdf.txt", text, update_golden)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_docx_text_matches_the_golden_file(case, rendered, update_golden):
    text = wrapped(docx_words(rendered[case].files["docx"]))
    check_golden(GOLDEN / case.parent.name / f"{case.stem}.docx.txt", text, update_golden)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_the_pdf_and_the_docx_carry_the_same_words_in_the_same_order(case, rendered):
    document = rendered[case]
    pdf = pdf_body_words(
        document.files["pdf"],
        drop=seal_words(case.parent.name),
        running=legal_status(document.html),
    )
    docx = docx_words(document.files["docx"])
    assert pdf == docx


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_no_page_begins_with_a_signature_or_a_jurat(case, rendered):
    # A signature or a jurat alone on a page could be attached to any text: it stays on the page
    # of the words it signs (letter.css: break-before: avoid).
    village = re.search(r'<div class="signature">\s*<p>([^<]+)</p>', rendered[case].html)
    openings = ["Sworn to before me", "Subscribed and sworn to before me"]
    if village:
        openings.append(village[1].strip())
    for page in pdf_pages(rendered[case].files["pdf"])[1:]:
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        assert lines and not any(lines[0].startswith(opening) for opening in openings), page


def test_no_template_starts_a_numbered_list_at_a_number_the_pdf_would_ignore():
    # WeasyPrint numbers every <ol> from 1 whatever its start attribute, and Word would not:
    # a list that goes on after an inner list keeps one <ol> (the inner list inside its item).
    templates = Path(__file__).resolve().parents[1] / "templates"
    for template in templates.rglob("*.j2"):
        assert not re.search(r"<ol[^>]*\sstart=", template.read_text()), template


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_a_section_sign_is_never_parted_from_its_number(case, rendered):
    # The PDF and the Word copy print a no-break space after "§" (render.bind_section_signs).
    text = " ".join(pdf_pages(rendered[case].files["pdf"]))
    assert "§\u00a0" in text or "§" not in text
    assert not re.search(r"§§?[ \n][0-9]", text)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_no_document_prints_an_empty_fact(case, rendered):
    html = rendered[case].html
    # An empty element or a dangling label is where a blank would sit in a legal notice.
    assert not re.search(r"<(p|td|li|strong)[^>]*>\s*</\1>", html)
    assert "None" not in re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.parent.name}/{c.stem}")
def test_no_sample_document_says_a_section_number_is_inferred(case, rendered):
    # The "(inferred)" marks and the drafting notes about them stay in the catalogue and the
    # register (`noticeclerk catalog`); a served document cites the Code plainly.
    assert "inferred" not in re.sub(r"<[^>]+>", " ", rendered[case].html).lower()


def test_an_inferred_citation_prints_plainly_in_the_authority_line_and_the_quotation(rendered):
    case = next(c for c in CASES if c.parent.name == "luck" and c.stem == "faulty-work-notice")
    html = rendered[case].html
    assert "<td>Ch. 496, § 496-6H(2); § 496-6H(3)</td>" in html
    assert '<span class="citation">§ 496-6H(2)</span>' in html
