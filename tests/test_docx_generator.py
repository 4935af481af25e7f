"""The Word document made from a letter's HTML: same words as the PDF, letterhead, fields."""

from __future__ import annotations

import io
import os
import re
import shutil
import struct
import subprocess
import zipfile
import zlib
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_TAB_ALIGNMENT
from docx.oxml.ns import qn
from docx.table import Table

from noticeclerk.exceptions import ConfigError
from noticeclerk.generators.docx import render_docx

REPO = Path(__file__).resolve().parents[1]
CREATED = datetime(2026, 3, 3, 14, 30, tzinfo=ZoneInfo("America/Chicago"))
SEAL_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
    '<circle cx="50" cy="50" r="45" fill="none" stroke="#1a3a5c" stroke-width="6"/></svg>'
)

LETTERHEAD = """
<header class="letterhead">
  <div class="letterhead-row">
    <div class="return-address">
      <div class="village-name">Village of Luck</div>
      <div>Village Hall</div>
      <div>Luck, WI 54853</div>
    </div>
    <div class="contact">
      <div>Tel. (555) 010-0496</div>
      <div>Office hours: Monday to Friday, 8 to 4</div>
    </div>
    <img class="seal" src="{seal}" alt="Seal of the Village of Luck">
  </div>
  <div class="sample-banner">SAMPLE LETTERHEAD — NOT AN OFFICIAL DOCUMENT OF ANY MUNICIPALITY</div>
</header>
"""

BODY = """
<section class="address-block">
  <p class="mail-class">Certified Mail</p>
  <p>Jane Q. Owner</p>
  <p>12 Elm Street</p>
  <p>Luck, WI 54853</p>
</section>
<p class="document-date">March 3, 2026</p>
<h1>Directive to Repair a Private Street</h1>
<table class="re-block">
  <tr><th>RE:</th><td>Directive to Repair a Private Street</td></tr>
  <tr><th>Document No.:</th><td class="docnumber">2026-0042</td></tr>
  <tr><th>Case No.:</th><td>C-17</td></tr>
</table>
<p>Dear   Owner,
   the <strong>Village Board</strong> finds that the private street at
   <em>12 Elm Street</em> needs repair.<br>
   The costs so far are these:</p>
<h2>Costs</h2>
<table class="costs">
  <thead><tr><th>Item</th><th class="amount">Amount</th></tr></thead>
  <tbody>
  <tr><td>Inspection fee</td><td class="amount">$50.00</td></tr>
  <tr><td>Notice by mail</td><td class="amount">$12.50</td></tr>
  <tr class="total"><td>Total</td><td class="amount">$62.50</td></tr>
  </tbody>
</table>
<ol class="service-methods">
  <li>By certified mail, return receipt requested</li>
  <li>By personal delivery to the owner</li>
</ol>
<blockquote class="ordinance">
  <p><span class="citation">Village Code § 134-5</span></p>
  <p>The owner shall keep every private street in good repair.</p>
</blockquote>
<div class="deadline">
  <p><strong>Repairs must be finished by</strong>
  Friday, April 3, 2026.</p>
</div>
<div class="page-break"></div>
<h2>Right to appeal</h2>
<p>You may appeal to the Village Board within thirty days.</p>
<div class="signature">
  <p>VILLAGE OF LUCK</p>
  <div class="line">
    <p>Pat Clerk</p>
    <p>Village Clerk</p>
  </div>
</div>
"""


def letter(*, seal: str = "seal.svg", style: str = "p { color: #000 }", body: str = BODY) -> str:
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Directive to Repair — 2026-0042</title>
<meta name="author" content="Village of Luck">
<style>
{style}
</style>
<script>document.write("Text from a script")</script>
</head>
<body>
{LETTERHEAD.format(seal=seal)}
{body}
</body>
</html>
"""


@pytest.fixture
def letterhead_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "letterheads" / "luck"
    folder.mkdir(parents=True)
    (folder / "seal.svg").write_text(SEAL_SVG, encoding="utf-8")
    return folder


def render(html: str, folders: list[Path]) -> bytes:
    return render_docx(
        html, folders, title="Directive to Repair", author="Village of Luck", created=CREATED
    )


@pytest.fixture
def document(letterhead_dir: Path):
    return Document(io.BytesIO(render(letter(), [letterhead_dir])))


def body_blocks(document) -> list:
    return list(document.iter_inner_content())


def body_lines(document) -> list[str]:
    """Every paragraph's text in the body, table cells row by row, header and footer left out."""
    lines: list[str] = []
    for block in body_blocks(document):
        if isinstance(block, Table):
            for row in block.rows:
                seen = []
                for cell in row.cells:
                    if cell._tc not in seen:  # a merged cell shows once per span
                        seen.append(cell._tc)
                        lines.extend(p.text for p in cell.paragraphs)
        else:
            lines.append(block.text)
    return lines


def body_paragraphs(document) -> list:
    return [block for block in body_blocks(document) if not isinstance(block, Table)]


def paragraph_with(document, text: str):
    return next(p for p in body_paragraphs(document) if p.text == text)


class VisibleWords(HTMLParser):
    """The words a browser shows, by a parser other than the one under test.

    The letterhead (<header>) is left out: it goes into the page header, not the body.
    """

    HIDDEN = frozenset({"head", "script", "style", "header"})

    def __init__(self) -> None:
        super().__init__()
        self.hidden = 0
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.hidden += tag in self.HIDDEN

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in self.HIDDEN

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.words.extend(data.split())


def visible_words(html: str) -> list[str]:
    parser = VisibleWords()
    parser.feed(html)
    return parser.words


def png(width: int = 2, height: int = 2) -> bytes:
    """A small valid grey PNG, written by hand so the test needs no image library."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


# --- the words ----------------------------------------------------------------------------------


def test_the_body_carries_the_visible_words_of_the_html_in_order(document):
    words = " ".join(body_lines(document)).split()
    assert [w.casefold() for w in words] == [w.casefold() for w in visible_words(letter())]


def test_the_address_block_and_the_headings_are_upper_case_as_the_pdf_prints_them(document):
    lines = body_lines(document)
    assert lines[:4] == ["CERTIFIED MAIL", "JANE Q. OWNER", "12 ELM STREET", "LUCK, WI 54853"]
    assert "DIRECTIVE TO REPAIR A PRIVATE STREET" in lines
    assert "COSTS" in lines
    assert "RIGHT TO APPEAL" in lines


def test_whitespace_collapses_as_in_html_and_br_becomes_a_line_break(document):
    paragraph = next(p for p in body_paragraphs(document) if p.text.startswith("Dear"))
    assert paragraph.text == (
        "Dear Owner, the Village Board finds that the private street at 12 Elm Street needs "
        "repair.\nThe costs so far are these:"
    )


def test_indentation_whitespace_makes_no_empty_paragraphs(document):
    assert all(line.strip() for line in body_lines(document))


def test_the_head_the_script_and_the_css_never_reach_the_document(letterhead_dir):
    style = '.x::before { content: "Generated by CSS" } p { color: #000 }'
    in_body = '<style>p { margin: 0 }</style><script>alert("Body script")</script>' + BODY
    data = render(letter(style=style, body=in_body), [letterhead_dir])
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        text = " ".join(
            package.read(name).decode("utf-8")
            for name in package.namelist()
            if name.startswith("word/") and name.endswith(".xml")
        )
    leftovers = ("Text from a script", "Body script", "Generated by CSS", "color: #000", "margin")
    for leftover in leftovers:
        assert leftover not in text
    assert "Directive to Repair — 2026-0042" not in text  # the <title> is metadata only


# --- formatting ---------------------------------------------------------------------------------


def test_strong_and_em_become_bold_and_italic_runs(document):
    paragraph = next(p for p in body_paragraphs(document) if p.text.startswith("Dear"))
    assert [r.text for r in paragraph.runs if r.bold] == ["Village Board"]
    assert [r.text for r in paragraph.runs if r.italic] == ["12 Elm Street"]
    deadline = paragraph_with(document, "Repairs must be finished by Friday, April 3, 2026.")
    assert [r.text for r in deadline.runs if r.bold] == ["Repairs must be finished by"]


def test_the_date_is_right_aligned_and_the_title_centred_and_bold(document):
    date = paragraph_with(document, "March 3, 2026")
    title = paragraph_with(document, "DIRECTIVE TO REPAIR A PRIVATE STREET")
    assert date.alignment == WD_ALIGN_PARAGRAPH.RIGHT
    assert title.alignment == WD_ALIGN_PARAGRAPH.CENTER
    assert all(run.bold for run in title.runs)


def test_the_address_is_set_in_sans_serif_10_5_point(document):
    address = paragraph_with(document, "JANE Q. OWNER")
    assert address.runs[0].font.name == "Liberation Sans"
    assert address.runs[0].font.size.pt == 10.5


def test_the_body_font_is_liberation_serif_11_point(document):
    normal = document.styles["Normal"]
    assert normal.font.name == "Liberation Serif"
    assert normal.font.size.pt == 11


def test_the_re_block_is_a_borderless_table_with_bold_labels(document):
    table = document.tables[0]
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["RE:", "Directive to Repair a Private Street"],
        ["Document No.:", "2026-0042"],
        ["Case No.:", "C-17"],
    ]
    assert all(row.cells[0].paragraphs[0].runs[0].bold for row in table.rows)
    assert not table._tbl.xpath(".//w:tcBorders")


def test_the_cost_table_keeps_its_rows_with_amounts_right_aligned_and_the_total_bold(document):
    table = document.tables[1]
    assert [[c.text for c in row.cells] for row in table.rows] == [
        ["Item", "Amount"],
        ["Inspection fee", "$50.00"],
        ["Notice by mail", "$12.50"],
        ["Total", "$62.50"],
    ]
    amounts = [row.cells[1].paragraphs[0] for row in table.rows]
    assert all(p.alignment == WD_ALIGN_PARAGRAPH.RIGHT for p in amounts)
    total = table.rows[-1]
    assert all(run.bold for cell in total.cells for run in cell.paragraphs[0].runs)
    assert not table.rows[1].cells[0].paragraphs[0].runs[0].bold
    assert table._tbl.xpath(".//w:tcBorders/w:bottom[@w:val='single']")  # thin rules


def test_the_list_items_are_numbered_paragraphs(document):
    items = [p for p in body_paragraphs(document) if p.style.name == "List Number"]
    assert [p.text for p in items] == [
        "By certified mail, return receipt requested",
        "By personal delivery to the owner",
    ]


def test_each_ordered_list_starts_again_at_one(letterhead_dir):
    lists = "<ol><li>First</li><li>Second</li></ol><p>Between.</p><ol><li>Again</li></ol>"
    document = Document(io.BytesIO(render(letter(body=lists), [letterhead_dir])))
    numbered = [p for p in body_paragraphs(document) if p.style.name == "List Number"]
    ids = [p._p.pPr.numPr.numId.val for p in numbered]
    assert ids[0] == ids[1] != ids[2]
    numbering = document.part.numbering_part.element
    for num_id in (ids[0], ids[2]):
        starts = numbering.num_having_numId(num_id).xpath(".//w:startOverride/@w:val")
        assert starts == ["1"]


def test_bullet_lists_use_the_list_bullet_style(letterhead_dir):
    html = letter(body="<ul>\n  <li>Posted on the door</li>\n  <li>Published</li>\n</ul>")
    document = Document(io.BytesIO(render(html, [letterhead_dir])))
    bullets = [p.text for p in body_paragraphs(document) if p.style.name == "List Bullet"]
    assert bullets == ["Posted on the door", "Published"]


def test_the_ordinance_quote_is_indented_and_set_in_10_point(document):
    quote = paragraph_with(document, "The owner shall keep every private street in good repair.")
    assert quote.paragraph_format.left_indent.inches == pytest.approx(0.3, abs=0.01)
    assert quote.runs[0].font.size.pt == 10
    citation = paragraph_with(document, "Village Code § 134-5")
    assert citation.runs[0].bold


def test_the_deadline_is_boxed_with_a_border_on_all_four_sides(document):
    deadline = paragraph_with(document, "Repairs must be finished by Friday, April 3, 2026.")
    sides = deadline._p.xpath("./w:pPr/w:pBdr/*[@w:val='single']")
    assert [side.tag for side in sides] == [
        qn(f"w:{s}") for s in ("top", "left", "bottom", "right")
    ]


def test_the_signature_line_is_a_top_border_over_the_signers_name(document):
    name = paragraph_with(document, "Pat Clerk")
    title = paragraph_with(document, "Village Clerk")
    assert name._p.xpath("./w:pPr/w:pBdr/w:top[@w:val='single']")
    assert not title._p.xpath("./w:pPr/w:pBdr")
    assert name.paragraph_format.keep_with_next  # the signature block stays on one page


def test_the_signature_is_kept_on_the_page_of_the_paragraph_before_it(document):
    before = paragraph_with(document, "You may appeal to the Village Board within thirty days.")
    assert before.paragraph_format.keep_with_next


def test_headings_are_in_words_heading_styles_and_look_as_the_stylesheet_says(document):
    title = paragraph_with(document, "DIRECTIVE TO REPAIR A PRIVATE STREET")
    heading = paragraph_with(document, "RIGHT TO APPEAL")
    assert (title.style.name, heading.style.name) == ("Heading 1", "Heading 2")
    assert all(run.font.bold for run in title.runs + heading.runs if run.text)
    # The template's blue theme heading is gone: the style itself is black Liberation Serif.
    style = document.styles["Heading 1"]
    assert (str(style.font.color.rgb), style.font.name) == ("000000", "Liberation Serif")


def test_the_page_break_falls_where_the_html_puts_it(document):
    paragraphs = body_paragraphs(document)
    broken = [i for i, p in enumerate(paragraphs) if p._p.xpath(".//w:br[@w:type='page']")]
    assert len(broken) == 1
    index = broken[0]
    assert paragraphs[index].text == "RIGHT TO APPEAL"
    assert paragraphs[index - 1].text == "Repairs must be finished by Friday, April 3, 2026."
    # The break comes before the heading's words, not after them.
    first_run = paragraphs[index]._p.xpath("./w:r")[0]
    assert first_run.xpath("./w:br[@w:type='page']")


# --- page, header, footer -----------------------------------------------------------------------


def test_the_page_is_us_letter_with_the_letters_margins(document):
    section = document.sections[0]
    assert (section.page_width.inches, section.page_height.inches) == (8.5, 11)
    assert section.left_margin.inches == section.right_margin.inches == 0.875
    assert section.top_margin.inches == pytest.approx(0.8)
    assert section.bottom_margin.inches == pytest.approx(0.9)


def test_the_first_page_header_is_the_letterhead_with_the_seal_as_a_picture(document):
    section = document.sections[0]
    assert section.different_first_page_header_footer
    header = section.first_page_header
    cells = [cell.text for table in header.tables for cell in table.rows[0].cells]
    assert cells[0].split("\n") == ["Village of Luck", "Village Hall", "Luck, WI 54853"]
    assert "Tel. (555) 010-0496" in cells[1]
    assert header._element.xpath(".//w:drawing/wp:inline//pic:pic")
    name = header.tables[0].rows[0].cells[0].paragraphs[0].runs[0]
    assert name.bold and name.font.size.pt == 15
    banner = next(p for p in header.paragraphs if "SAMPLE LETTERHEAD" in p.text)
    assert banner.runs[0].bold and str(banner.runs[0].font.color.rgb) == "BB0000"


def test_the_seal_svg_becomes_a_png_of_about_three_hundred_dpi(document):
    header_part = document.sections[0].first_page_header.part
    images = [rel.target_part for rel in header_part.rels.values() if "image" in rel.reltype]
    assert len(images) == 1
    assert images[0].blob.startswith(b"\x89PNG")
    width = struct.unpack(">I", images[0].blob[16:20])[0]
    assert width == 285  # 0.95in at 300 dpi


def test_a_png_beside_the_svg_seal_is_used_as_it_is(letterhead_dir):
    drawn = png(8, 8)
    (letterhead_dir / "seal.png").write_bytes(drawn)
    document = Document(io.BytesIO(render(letter(), [letterhead_dir])))
    header_part = document.sections[0].first_page_header.part
    images = [rel.target_part.blob for rel in header_part.rels.values() if "image" in rel.reltype]
    assert images == [drawn]


def test_the_seal_is_looked_up_in_the_letterhead_folders_in_order(tmp_path, letterhead_dir):
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    document = Document(io.BytesIO(render(letter(), [workspace, letterhead_dir])))
    assert document.sections[0].first_page_header._element.xpath(".//pic:pic")


BANNER = "SAMPLE LETTERHEAD — NOT AN OFFICIAL DOCUMENT OF ANY MUNICIPALITY"


def test_later_pages_have_the_village_and_the_document_number_in_a_small_header(letterhead_dir):
    # A village's own letterhead, with no banner.
    html = letter().replace(f'<div class="sample-banner">{BANNER}</div>', "")
    header = Document(io.BytesIO(render(html, [letterhead_dir]))).sections[0].header
    assert [p.text for p in header.paragraphs] == ["Village of Luck — 2026-0042"]
    assert header.paragraphs[0].alignment == WD_ALIGN_PARAGRAPH.RIGHT
    assert header.paragraphs[0].runs[0].font.size.pt == 8


def test_later_pages_of_a_sample_letterhead_carry_its_banner_in_the_header_too(document):
    # The specimen mark at the left in red, as the PDF's @top-left has it; the village at the
    # right margin, at a right tab stop.
    (paragraph,) = document.sections[0].header.paragraphs
    assert paragraph.text == f"{BANNER}\tVillage of Luck — 2026-0042"
    mark = paragraph.runs[0]
    assert mark.text == BANNER and mark.font.bold and str(mark.font.color.rgb) == "BB0000"
    (stop,) = paragraph.paragraph_format.tab_stops
    assert stop.alignment == WD_TAB_ALIGNMENT.RIGHT


def test_every_page_has_a_footer_with_page_fields_and_the_document_number(document):
    section = document.sections[0]
    for footer in (section.footer, section.first_page_footer):
        element = footer._element
        codes = [code.strip() for code in element.xpath(".//w:instrText/text()")]
        assert codes == ["PAGE", "NUMPAGES"]
        assert len(element.xpath(".//w:fldChar[@w:fldCharType='begin']")) == 2
        text = footer.paragraphs[0].text
        assert re.fullmatch(r"Page 1 of 1  •  Document No\. 2026-0042", text)


# --- metadata and reproducibility ---------------------------------------------------------------


def test_the_core_properties_are_the_ones_given(document):
    properties = document.core_properties
    assert properties.title == "Directive to Repair"
    assert properties.author == properties.last_modified_by == "Village of Luck"
    assert properties.created == properties.modified == CREATED
    assert properties.created.tzinfo is not None
    assert properties.revision == 1


def test_the_same_html_always_gives_the_same_document(letterhead_dir):
    first = render(letter(), [letterhead_dir])
    second = render(letter(), [letterhead_dir])
    with zipfile.ZipFile(io.BytesIO(first)) as a, zipfile.ZipFile(io.BytesIO(second)) as b:
        assert a.read("word/document.xml") == b.read("word/document.xml")
        assert a.read("docProps/core.xml") == b.read("docProps/core.xml")
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as package:
        assert {info.date_time for info in package.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_a_naive_creation_time_is_taken_as_utc(letterhead_dir):
    created = datetime(2026, 3, 3, 20, 30)
    data = render_docx(letter(), [letterhead_dir], title="T", author="A", created=created)
    assert Document(io.BytesIO(data)).core_properties.created == created.replace(tzinfo=UTC)


# --- only the letterhead's own files ------------------------------------------------------------


@pytest.mark.parametrize(
    "src",
    [
        "file:///etc/passwd",
        "../x.png",
        "../luck/seal.svg",
        "sub/../../seal.svg",
        "/etc/passwd",
        "%2e%2e/x.png",
        "data:image/png;base64,iVBORw0KGgo=",
        "http://example.com/seal.png",
        "//example.com/seal.png",
        "C:/Windows/seal.png",
        "missing.svg",
        "",
    ],
)
def test_an_image_other_than_the_letterheads_own_files_is_refused(letterhead_dir, src):
    with pytest.raises(ConfigError) as raised:
        render(letter(seal=src), [letterhead_dir])
    assert raised.value.path == src
    assert raised.value.problem == "only the letterhead's own files may be used"


def test_an_image_in_the_body_is_held_to_the_same_rule(letterhead_dir):
    html = letter(body='<p>Map: <img src="file:///etc/passwd" alt="map"></p>')
    with pytest.raises(ConfigError, match="only the letterhead's own files may be used"):
        render(html, [letterhead_dir])


def test_a_symlink_leading_out_of_the_letterhead_folder_is_refused(tmp_path, letterhead_dir):
    outside = tmp_path / "outside.png"
    outside.write_bytes(png())
    (letterhead_dir / "linked.png").symlink_to(outside)
    with pytest.raises(ConfigError, match="only the letterhead's own files"):
        render(letter(seal="linked.png"), [letterhead_dir])


def test_an_unreadable_svg_seal_is_a_config_error(letterhead_dir):
    (letterhead_dir / "broken.svg").write_text("<svg", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"broken\.svg"):
        render(letter(seal="broken.svg"), [letterhead_dir])


# --- against the PDF and LibreOffice ------------------------------------------------------------


def test_the_docx_has_the_same_words_in_the_same_order_as_the_pdf(letterhead_dir):
    pytest.importorskip("weasyprint")
    pypdf = pytest.importorskip("pypdf")
    from noticeclerk.generators.pdf import render_pdf

    html = letter(style=(REPO / "templates" / "letter.css").read_text(encoding="utf-8"))
    document = Document(io.BytesIO(render(html, [letterhead_dir])))
    reader = pypdf.PdfReader(io.BytesIO(render_pdf(html, [letterhead_dir], identifier="x")))

    # The PDF also prints the letterhead, the margin boxes and the list numbers (Word numbers
    # its lists itself); drop those lines and the body's words must be the same.
    section = document.sections[0]
    # A tab parts the specimen mark from the village's name in the later pages' header.
    furniture = {
        line
        for part in (section.first_page_header, section.header)
        for paragraph in part._element.xpath(".//w:p")
        for line in "".join(
            node.text if node.tag == qn("w:t") else " "
            for node in paragraph.xpath(".//w:t | .//w:r/w:tab")
        ).split("\n")
    }
    pdf_words: list[str] = []
    for page in reader.pages:
        for line in page.extract_text().splitlines():
            line = line.strip()
            if line in furniture or re.fullmatch(r"\d+\.|Page \d+ of \d+ • Document No\. .*", line):
                continue
            pdf_words.extend(line.split())
    assert " ".join(body_lines(document)).split() == pdf_words


def test_libreoffice_opens_the_docx(tmp_path, letterhead_dir):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed, so the DOCX is not opened in it")
    source = tmp_path / "letter.docx"
    source.write_bytes(render(letter(), [letterhead_dir]))
    subprocess.run(
        [soffice, "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(source)],
        check=True,
        capture_output=True,
        timeout=180,
        env={**os.environ, "HOME": str(tmp_path)},  # a fresh LibreOffice profile
    )
    converted = tmp_path / "letter.pdf"
    assert converted.is_file() and converted.stat().st_size > 1000
    pypdf = pytest.importorskip("pypdf")
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(converted).pages)
    assert "RIGHT TO APPEAL" in text
    assert "Document No. 2026-0042" in text


def test_a_png_beside_the_seal_that_links_out_of_the_folder_is_ignored(tmp_path, letterhead_dir):
    outside = tmp_path / "outside.png"
    outside.write_bytes(png(8, 8))
    (letterhead_dir / "seal.png").symlink_to(outside)
    document = Document(io.BytesIO(render(letter(), [letterhead_dir])))
    header_part = document.sections[0].first_page_header.part
    images = [rel.target_part.blob for rel in header_part.rels.values() if "image" in rel.reltype]
    assert len(images) == 1
    assert images[0] != outside.read_bytes()  # the SVG, converted


def test_an_image_in_the_body_takes_the_size_its_html_gives(letterhead_dir):
    (letterhead_dir / "map.png").write_bytes(png(40, 20))
    html = letter(body='<p>Parcel map: <img src="map.png" width="96" height="48" alt="map"></p>')
    document = Document(io.BytesIO(render(html, [letterhead_dir])))
    (shape,) = document.inline_shapes
    assert (shape.width.inches, shape.height.inches) == (1.0, 0.5)


def test_a_table_kept_together_keeps_each_row_with_the_next_and_its_heading_with_it(
    letterhead_dir,
):
    body = (
        '<div class="keep-together"><h2>Amounts</h2><table class="costs">'
        "<tr><td>Inspection</td><td>$50.00</td></tr><tr><td>Mailing</td><td>$12.50</td></tr>"
        "</table></div><p>After the table.</p>"
    )
    document = Document(io.BytesIO(render(letter(body=body), [letterhead_dir])))
    table = document.tables[0]
    first, last = table.rows[0].cells[0].paragraphs[0], table.rows[1].cells[1].paragraphs[0]
    assert paragraph_with(document, "AMOUNTS").paragraph_format.keep_with_next
    assert first.paragraph_format.keep_with_next and first.paragraph_format.keep_together
    assert last.paragraph_format.keep_together and not last.paragraph_format.keep_with_next
    assert not paragraph_with(document, "After the table.").paragraph_format.keep_together


def test_a_narrower_block_is_indented_from_the_right_as_the_pdf_sets_it(letterhead_dir):
    body = '<div class="narrower"><p>A little narrower than the column.</p></div>'
    document = Document(io.BytesIO(render(letter(body=body), [letterhead_dir])))
    narrower = paragraph_with(document, "A little narrower than the column.")
    assert narrower.paragraph_format.right_indent.inches == pytest.approx(0.4, abs=0.01)


def test_a_quote_heading_stays_with_the_quoted_words(letterhead_dir):
    body = (
        '<blockquote class="ordinance"><p class="quote-heading"><span class="citation">'
        "§ 8.16(6)(b)</span></p><p>Every building shall be numbered.</p></blockquote>"
    )
    document = Document(io.BytesIO(render(letter(body=body), [letterhead_dir])))
    assert paragraph_with(document, "§ 8.16(6)(b)").paragraph_format.keep_with_next
    assert not paragraph_with(
        document, "Every building shall be numbered."
    ).paragraph_format.keep_with_next
