"""Semantic HTML on a village's letterhead, turned into Word document (.docx) bytes.

The HTML is the one WeasyPrint prints to PDF (templates/base_letter.html.j2 and its partials),
and the Word document carries the same words in the same order. What letter.css does to the
words is done here too: headings and the mailing address are upper-cased, and whatever the
stylesheet hides (the head, scripts, styles) stays out. The layout follows letter.css as far
as Word can: the letterhead is the first page's header, so the body starts below it and the
address sits in the #10 envelope's window; later pages get the small running header (a
sample village's specimen mark at its left), and every page the "Page X of Y" footer with
Word's PAGE and NUMPAGES fields, under the legal status of a notice type a court has doubted.

Images are read from the letterhead folders only, by the same rule as the PDF's URL fetcher:
relative names inside those folders, nothing absolute, nothing with '..', no URLs. A seal must
be drawable whole and ask for nothing outside itself (generators/images.py); SVG seals are
rasterised with cairosvg, with unsafe=False besides.

The output is reproducible: the core properties come from the arguments and the zip entries
carry a fixed timestamp, so the same HTML always gives the same bytes.
"""

from __future__ import annotations

import functools
import io
import re
import struct
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.etree.ElementTree import Element

import tinyhtml5
from docx import Document
from docx.document import Document as WordDocument
from docx.enum.section import WD_ORIENT
from docx.enum.table import WD_CELL_VERTICAL_ALIGNMENT, WD_ROW_HEIGHT_RULE
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK, WD_LINE_SPACING, WD_TAB_ALIGNMENT
from docx.image.exceptions import UnrecognizedImageError
from docx.image.image import Image
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt, RGBColor
from docx.table import Table, _Cell
from docx.text.paragraph import Paragraph
from docx.text.run import Run

from noticeclerk.exceptions import ConfigError
from noticeclerk.generators.images import drawable, print_ready
from noticeclerk.generators.styles import NORMAL, SANS, SERIF, STYLES, Border, Style

XHTML = "{http://www.w3.org/1999/xhtml}"
IN = 72.0  # points per inch; every length below is in points

PAGE, FIRST_PAGE = STYLES["@page"], STYLES["@page :first"]
PAGE_SIZES = {"letter": (8.5 * IN, 11 * IN)}
PAGE_WIDTH, PAGE_HEIGHT = PAGE_SIZES[PAGE.page_size or "letter"]
TEXT_WIDTH = PAGE_WIDTH - PAGE.margin_left - PAGE.margin_right  # type: ignore[operator]
# @page :first has a 0.5in top margin: the letterhead starts there, and being 1.6in tall it
# pushes the first page's body down to 2.1in, the top of the #10 envelope's address window.
HEADER_DISTANCE = FIRST_PAGE.margin_top
FOOTER_DISTANCE = 0.4 * IN
LETTERHEAD = STYLES[".letterhead"]
LETTERHEAD_HEIGHT: float = LETTERHEAD.height  # type: ignore[assignment]
RETURN_ADDRESS_WIDTH = 3.4 * IN
SEAL_SIZE: float = STYLES[".letterhead .seal"].width  # type: ignore[assignment]
# .contact ends its padding short of the seal; the seal sits in that gap.
SEAL_COLUMN = SEAL_SIZE + STYLES[".letterhead .contact"].padding_right  # type: ignore[operator]
# The letterhead's last line: the sample banner (or nothing) on the 1.5pt rule under it. With
# the table above it, it makes up the letterhead's 1.6in, so the exact sizes matter.
BANNER_LINE, RULE_PADDING = 11.0, 6.0
RULE: Border = LETTERHEAD.border_bottom  # type: ignore[assignment]
SEAL_DPI = 300
CSS_PX = IN / 96

MONO = "Liberation Mono"
BODY = STYLES["html"]
BODY_SIZE: float = BODY.size  # type: ignore[assignment]
NORMAL_LINE = 1.15  # what "line-height: normal" comes to for the Liberation fonts
RUNNING = STYLES["@page @top-right"]  # the margin boxes' small running text

REFUSED = "only the letterhead's own files may be used"
NOT_AN_IMAGE = "is not an image Word can show; use PNG, JPEG or SVG"


def _names(words: str) -> frozenset[str]:
    return frozenset(words.split())


def _sequence(words: str) -> tuple[str, ...]:
    return tuple(words.split())


# WeasyPrint's user-agent stylesheet gives these display: none.
HIDDEN_TAGS = _names(
    "area base basefont command datalist head link meta noembed noframes param rp "
    "script source style template title track input select"
)
BLOCK_TAGS = _names(
    "address article aside blockquote body center dd details dir div dl dt figure figcaption "
    "footer form h1 h2 h3 h4 h5 h6 header hgroup hr html legend listing main menu nav ol p "
    "plaintext pre section summary ul xmp li table caption fieldset thead tbody tfoot tr td th"
)
LIST_TAGS = _names("ol ul dir menu dl")
# The CSS properties that _Text carries down the tree (font-size is worked out apart).
INHERITED = _names(
    "bold italic underline strike upper font color align line_height tracking vertical pre "
    "exact_lines"
)
HEADING_SIZES = {"h1": 2.0, "h2": 1.5, "h3": 1.17, "h4": 1.0, "h5": 0.83, "h6": 0.67}
HEADING_MARGINS = {"h1": 0.67, "h2": 0.83, "h3": 1.0, "h4": 1.33, "h5": 1.67, "h6": 2.33}
ALIGNMENTS = {
    "left": WD_ALIGN_PARAGRAPH.LEFT,
    "right": WD_ALIGN_PARAGRAPH.RIGHT,
    "center": WD_ALIGN_PARAGRAPH.CENTER,
    "justify": WD_ALIGN_PARAGRAPH.JUSTIFY,
}
VALIGNS = {
    "top": WD_CELL_VERTICAL_ALIGNMENT.TOP,
    "middle": WD_CELL_VERTICAL_ALIGNMENT.CENTER,
    "bottom": WD_CELL_VERTICAL_ALIGNMENT.BOTTOM,
}

_WHITESPACE = re.compile(r"[ \t\n\r\f]+")  # HTML's whitespace; a no-break space is a letter
_DISPLAY_NONE = re.compile(r"display\s*:\s*none", re.IGNORECASE)
# Word insists on the schema's order of child elements; these are the sequences touched here.
PPR_ORDER = _sequence(
    "w:pStyle w:keepNext w:keepLines w:pageBreakBefore w:framePr w:widowControl w:numPr "
    "w:suppressLineNumbers w:pBdr w:shd w:tabs w:suppressAutoHyphens w:kinsoku w:wordWrap "
    "w:overflowPunct w:topLinePunct w:autoSpaceDE w:autoSpaceDN w:bidi w:adjustRightInd "
    "w:snapToGrid w:spacing w:ind w:contextualSpacing w:mirrorIndents w:suppressOverlap w:jc "
    "w:textDirection w:textAlignment w:textboxTightWrap w:outlineLvl w:divId w:cnfStyle w:rPr "
    "w:sectPr w:pPrChange"
)
RPR_ORDER = _sequence(
    "w:rStyle w:rFonts w:b w:bCs w:i w:iCs w:caps w:smallCaps w:strike w:dstrike w:outline "
    "w:shadow w:emboss w:imprint w:noProof w:snapToGrid w:vanish w:webHidden w:color w:spacing "
    "w:w w:kern w:position w:sz w:szCs w:highlight w:u w:effect w:bdr w:shd w:fitText "
    "w:vertAlign w:rtl w:cs w:em w:lang w:eastAsianLayout w:specVanish w:oMath"
)
TBLPR_ORDER = _sequence(
    "w:tblStyle w:tblpPr w:tblOverlap w:bidiVisual w:tblStyleRowBandSize w:tblStyleColBandSize "
    "w:tblW w:jc w:tblCellSpacing w:tblInd w:tblBorders w:shd w:tblLayout w:tblCellMar "
    "w:tblLook w:tblCaption w:tblDescription w:tblPrChange"
)
TCPR_ORDER = _sequence(
    "w:cnfStyle w:tcW w:gridSpan w:hMerge w:vMerge w:tcBorders w:shd w:noWrap w:tcMar "
    "w:textDirection w:tcFitText w:vAlign w:hideMark w:headers w:cellIns w:cellDel "
    "w:cellMerge w:tcPrChange"
)
PBDR_ORDER = _sequence("w:top w:left w:bottom w:right w:between w:bar")
EDGE_ORDER = _sequence("w:top w:left w:bottom w:right w:insideH w:insideV")
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# Word 2010's second copy of the styles has no name in python-docx's constants.
STYLES_WITH_EFFECTS = "http://schemas.microsoft.com/office/2007/relationships/stylesWithEffects"
_UNUSED_PARTS = frozenset({STYLES_WITH_EFFECTS, RT.CUSTOM_XML, RT.WEB_SETTINGS})
_STYLE_REFERENCES = ("w:pStyle", "w:rStyle", "w:tblStyle", "w:numStyleLink", "w:styleLink")
_TRUE = frozenset({"1", "true", "on"})


def render_docx(
    html: str,
    letterhead_dirs: list[Path],
    *,
    title: str,
    author: str,
    created: datetime,
    specimen_mark: str | None = None,
) -> bytes:
    """Turn one document's HTML into .docx bytes; the same arguments give the same bytes.

    The letterhead's banner (a sample village's specimen mark) heads every later page, as in
    the PDF; `specimen_mark` goes into the title, subject and keywords.
    """
    root = tinyhtml5.parse(html)
    body = root.find(f"{XHTML}body")
    document = Document(io.BytesIO(_base_package()))
    writer = _Writer(document, letterhead_dirs)
    # The legal status is a running line, as in the PDF: in every page's footer, not the body.
    status = _first(root, lambda e: "legal-status" in _classes(e))
    if status is not None:
        writer.placed.add(id(status))
    # The running header reads what the PDF's string-set reads: the village's name, the
    # document number and the letterhead's banner (the specimen mark).
    writer.page_setup(
        village=_first_text(root, "village-name"),
        number=_first_text(root, "docnumber"),
        mark=_first_text(root, "sample-banner") or None,
        status=_plain_text(status) if status is not None else None,
    )
    if body is not None:
        writer.write_body(body)
    _set_core_properties(
        document, title=title, author=author, created=created, specimen_mark=specimen_mark
    )
    _lean_package(document)
    buffer = io.BytesIO()
    document.save(buffer)
    return _reproducible_zip(buffer.getvalue())


def letterhead_file(src: str, letterhead_dirs: Sequence[Path]) -> Path:
    """The letterhead file an <img src> names, or ConfigError if it is anything else."""
    refused = ConfigError(src, None, REFUSED)
    parts = urlsplit(src.strip())
    name = unquote(parts.path)
    # A scheme or host is a URL (file:, data:, http:, and "C:" too); '..' could climb out.
    if parts.scheme or parts.netloc or not name or ".." in src or ".." in name:
        raise refused
    if name.startswith(("/", "\\")) or "\\" in name or "\x00" in name:
        raise refused
    for folder in letterhead_dirs:
        candidate = folder / name
        if _inside(candidate, letterhead_dirs):
            return candidate.resolve()
    raise refused


def _inside(candidate: Path, letterhead_dirs: Sequence[Path]) -> bool:
    """Whether `candidate` is a file in one of the folders, once symlinks are followed."""
    target = candidate.resolve()
    return target.is_file() and any(target.is_relative_to(d.resolve()) for d in letterhead_dirs)


# ---------------------------------------------------------------------------------------------
# Styles: letter.css and the user-agent defaults it relies on, as Word can express them.


@dataclass(frozen=True)
class _Text:
    """The inherited CSS properties that reach Word's runs and paragraphs."""

    size: float = BODY_SIZE
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    upper: bool = False
    font: str = BODY.font or SERIF
    color: str | None = None
    align: str | None = None
    line_height: float = BODY.line_height  # type: ignore[assignment]
    tracking: float = 0.0
    vertical: str | None = None
    pre: bool = False
    exact_lines: bool = False

    def apply(self, rule: _Rule) -> _Text:
        changes = {n: getattr(rule, n) for n in INHERITED if getattr(rule, n) is not None}
        size = rule.size if rule.size is not None else self.size * (rule.scale or 1.0)
        return replace(self, size=round(size * 2) / 2, **changes)


@dataclass
class _Rule:
    """What the stylesheets say about one element: inherited properties, then its own box."""

    size: float | None = None
    scale: float | None = None
    bold: bool | None = None
    italic: bool | None = None
    underline: bool | None = None
    strike: bool | None = None
    upper: bool | None = None
    font: str | None = None
    color: str | None = None
    align: str | None = None
    line_height: float | None = None
    tracking: float | None = None
    vertical: str | None = None
    pre: bool | None = None
    exact_lines: bool | None = None
    margin_top: float = 0.0
    margin_bottom: float = 0.0
    margin_left: float = 0.0
    margin_right: float = 0.0
    padding_top: float = 0.0
    padding: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # table cells only
    borders: dict[str, tuple[float, str] | None] = field(default_factory=dict)  # cells only
    box: tuple[float, str, float, float] | None = None  # width, colour, padding v, padding h
    rule_top: tuple[float, str, float] | None = None  # width, colour, padding
    rule_bottom: tuple[float, str, float] | None = None
    width: float | None = None
    height: float | None = None
    full_width: bool = False
    keep_together: bool = False
    keep_with_next: bool = False
    break_before: str | None = None  # "page", or "avoid": kept with what comes before
    valign: str | None = None
    nowrap: bool = False
    outline: int | None = None


@dataclass(frozen=True)
class _Selector:
    """A descendant selector of simple compounds (tag, classes), as letter.css writes them."""

    text: str
    own: tuple[str, frozenset[str]]
    ancestors: tuple[tuple[str, frozenset[str]], ...]

    @classmethod
    def parse(cls, text: str) -> _Selector:
        def compound(part: str) -> tuple[str, frozenset[str]]:
            tag, *classes = part.split(".")
            return tag, frozenset(classes)

        *ancestors, own = (compound(part) for part in text.split())
        return cls(text, own, tuple(ancestors))

    @property
    def specificity(self) -> tuple[int, int]:
        parts = (self.own, *self.ancestors)
        return sum(len(c) for _, c in parts), sum(1 for t, _ in parts if t)

    def matches(self, tag: str, classes: frozenset[str], within: frozenset[str]) -> bool:
        own_tag, own_classes = self.own
        if (own_tag and own_tag != tag) or not own_classes <= classes:
            return False
        for ancestor_tag, ancestor_classes in self.ancestors:
            if not ancestor_classes:
                wanted = {ancestor_tag}
            else:
                wanted = {f"{ancestor_tag}.{c}" for c in ancestor_classes}
            if not wanted <= within:
                return False
        return True


# Page rules (@page) are read by name; every other selector is matched against elements.
CASCADE = sorted(
    ((_Selector.parse(text), style) for text, style in STYLES.items() if not text.startswith("@")),
    key=lambda pair: pair[0].specificity,
)


def _apply(rule: _Rule, style: Style, *, cell: bool) -> None:
    """One selector's declarations onto the element's rule, in Word's terms."""
    for name in ("size", "bold", "italic", "font", "color", "align", "upper", "tracking"):
        if getattr(style, name) is not None:
            setattr(rule, name, getattr(style, name))
    if style.line_height is not None:
        rule.line_height = NORMAL_LINE if style.line_height == NORMAL else style.line_height
    for name in ("margin_top", "margin_right", "margin_bottom", "margin_left"):
        if getattr(style, name) is not None:
            setattr(rule, name, getattr(style, name))
    for name in ("keep_with_next", "keep_together", "break_before", "nowrap", "valign"):
        if getattr(style, name) is not None:
            setattr(rule, name, getattr(style, name))
    if style.width == "100%":
        rule.full_width = True
    elif isinstance(style.width, float):
        rule.width = style.width
    if style.height is not None:
        # A block of fixed height (the address window) sets its lines exactly, so that what
        # fits the window in the PDF fits it in Word.
        rule.height, rule.exact_lines = style.height, True
    sides = {
        "top": style.border_top,
        "right": style.border_right,
        "bottom": style.border_bottom,
        "left": style.border_left,
    }
    if cell:
        # Table cells keep CSS's box: their own padding and borders.
        if any(value is not None for value in (style.padding_top, style.padding_left)):
            rule.padding = style.padding
        for side, border in sides.items():
            if border is not None:
                none = border.colour == "none"
                rule.borders[side] = None if none else (border.width, border.colour)
        return
    # Word has no boxes around blocks: four borders become a paragraph box, a top border a
    # rule over the block's first paragraph; padding becomes the border's distance.
    top = style.border_top
    if all(border is not None for border in sides.values()) and top is not None:
        rule.box = (top.width, top.colour, style.padding_top or 0.0, style.padding_left or 0.0)
    elif top is not None:
        rule.rule_top = (top.width, top.colour, style.padding_top or 0.0)
    elif style.padding_top is not None:
        rule.padding_top = style.padding_top


def _css(element: Element, within: frozenset[str], parent: _Text) -> _Rule:
    """The rule for one element: the user-agent defaults, then letter.css by the style map."""
    tag, classes = _tag(element), _classes(element)
    rule = _Rule()

    # WeasyPrint's user-agent stylesheet, for what letter.css does not restyle.
    if tag in ("b", "strong", "th"):
        rule.bold = True
    if tag in ("i", "em", "cite", "var", "dfn", "address"):
        rule.italic = True
    if tag in ("u", "ins"):
        rule.underline = True
    if tag in ("s", "strike", "del"):
        rule.strike = True
    if tag in ("code", "kbd", "samp", "tt", "pre", "listing", "xmp", "plaintext"):
        rule.font = MONO
    if tag in ("pre", "listing", "xmp", "plaintext"):
        rule.pre = True
    if tag in ("small", "sub", "sup"):
        rule.scale = 0.83
    if tag in ("sub", "sup"):
        rule.vertical = tag
    if tag == "a" and element.get("href") is not None:
        rule.underline, rule.color = True, "0000FF"
    if tag == "center":
        rule.align = "center"
    if tag in ("td", "th"):
        rule.padding, rule.valign = (CSS_PX,) * 4, "middle"
    if tag in HEADING_SIZES:
        rule.scale, rule.bold, rule.keep_with_next = HEADING_SIZES[tag], True, True
        rule.outline = int(tag[1]) - 1
    em = rule.size or parent.size * (rule.scale or 1.0)
    if tag in ("p", "blockquote", "figure", "pre", "listing", "xmp", "plaintext", *LIST_TAGS):
        nested = tag in LIST_TAGS and not within.isdisjoint(LIST_TAGS)
        rule.margin_top = rule.margin_bottom = 0.0 if nested else em
    if tag in HEADING_MARGINS:
        rule.margin_top = rule.margin_bottom = HEADING_MARGINS[tag] * em
    if tag in ("blockquote", "figure"):
        rule.margin_left = rule.margin_right = 40 * CSS_PX
    if tag == "dd":
        rule.margin_left = 40 * CSS_PX
    if tag == "hr":
        rule.margin_top = rule.margin_bottom = 0.5 * em
        rule.rule_bottom = (CSS_PX, "808080", 0.0)

    # letter.css, as the style map declares it: the more specific selectors last, and among
    # equals the stylesheet's order, as the cascade has it.
    for selector, style in CASCADE:
        if selector.matches(tag, classes, within):
            _apply(rule, style, cell=tag in ("td", "th"))
    return rule


# ---------------------------------------------------------------------------------------------
# Where paragraphs go.


@dataclass(eq=False)
class _ListItem:
    style: str
    continued: str
    num_id: int | None
    numbered: bool = False


@dataclass(eq=False)
class _ListContext:
    style: str
    continued: str
    num_id: int | None


@dataclass(frozen=True)
class _Frame:
    """What a block passes to the blocks inside it."""

    text: _Text = _Text()
    within: frozenset[str] = frozenset()
    indent_left: float = 0.0
    indent_right: float = 0.0
    box: tuple[float, str, float, float] | None = None
    numbering: _ListContext | None = None
    item: _ListItem | None = None
    depth: int = 0


@dataclass(eq=False)
class _Flow:
    """One run of blocks: the body, a header, or a table cell.

    CSS margins between blocks collapse to the largest one (`gap`), padding and reserved height
    add up (`pad`); both become the space before the next paragraph, as Word has no margins.
    """

    container: Any
    width: float
    spare: Paragraph | None = None
    breaks: bool = False
    gap: float = 0.0
    pad: float = 0.0
    pending_break: bool = False
    rule_next: tuple[float, str, float] | None = None
    last: Paragraph | Table | None = None
    paragraphs: list[Paragraph] = field(default_factory=list)
    tables: int = 0
    made: list[Paragraph | Table] = field(default_factory=list)  # both, in document order

    def take_space(self) -> float:
        space, self.gap, self.pad = self.gap + self.pad, 0.0, 0.0
        return space

    def fold(self) -> None:
        """Stop the margins so far collapsing with what follows (padding or a fixed height)."""
        self.pad, self.gap = self.pad + self.gap, 0.0


@dataclass(frozen=True)
class _Piece:
    kind: str  # "text", "br" or "img"
    value: Any
    text: _Text


@dataclass
class _CellPlan:
    row: int
    col: int
    rows: int
    cols: int
    element: Element
    frame: _Frame
    rule: _Rule


class _Writer:
    def __init__(self, document: WordDocument, letterhead_dirs: Sequence[Path]) -> None:
        self.document = document
        self.letterhead_dirs = list(letterhead_dirs)
        self.section = document.sections[0]
        self.placed: set[int] = set()  # letterhead parts already put into the header
        self.has_letterhead = False
        self.files: dict[Path, bytes] = {}
        self.body = _Flow(document, TEXT_WIDTH, breaks=True)

    # -- page, header and footer --------------------------------------------------------------

    def page_setup(
        self, *, village: str, number: str, mark: str | None = None, status: str | None = None
    ) -> None:
        section = self.section
        section.orientation = WD_ORIENT.PORTRAIT
        section.page_width, section.page_height = Pt(PAGE_WIDTH), Pt(PAGE_HEIGHT)
        section.left_margin, section.right_margin = Pt(PAGE.margin_left), Pt(PAGE.margin_right)
        section.top_margin, section.bottom_margin = Pt(PAGE.margin_top), Pt(PAGE.margin_bottom)
        section.header_distance, section.footer_distance = Pt(HEADER_DISTANCE), Pt(FOOTER_DISTANCE)
        section.gutter = Pt(0)
        section.different_first_page_header_footer = True
        small = _Text(
            size=RUNNING.size or BODY_SIZE,
            font=RUNNING.font or SANS,
            color=RUNNING.color,
            line_height=NORMAL_LINE,
        )

        # Later pages: the @top-right margin box, "village — number", and a sample village's
        # specimen mark at the left (@top-left), on one line as in the PDF.
        running = section.header.paragraphs[0]
        heading = " \u2014 ".join(part for part in (village, number) if part)
        if mark:
            _plain_paragraph(running, small, "left")
            running.paragraph_format.tab_stops.add_tab_stop(Pt(TEXT_WIDTH), WD_TAB_ALIGNMENT.RIGHT)
            _format_run(running.add_run(mark), replace(small, **_running_mark()))
            if heading:
                _format_run(running.add_run("\t" + heading), small)
        else:
            _plain_paragraph(running, small, "right")
            if heading:
                _format_run(running.add_run(heading), small)
        section.first_page_header.is_linked_to_previous = False

        # Every page: the legal status of a doubted notice type (.legal-status), then the
        # @bottom-center margin box, with fields Word fills in.
        for footer in (section.footer, section.first_page_footer):
            footer.is_linked_to_previous = False
            paragraph = footer.paragraphs[0]
            if status:
                line = paragraph.insert_paragraph_before()
                look = _running_status()
                _plain_paragraph(line, look, "center")
                line.paragraph_format.space_after = Pt(2)
                _format_run(line.add_run(status), look)
            _plain_paragraph(paragraph, small, "center")
            _format_run(paragraph.add_run("Page "), small)
            _add_field(paragraph, "PAGE", small)
            _format_run(paragraph.add_run(" of "), small)
            _add_field(paragraph, "NUMPAGES", small)
            if number:
                _format_run(paragraph.add_run(f"  \u2022  Document No. {number}"), small)

    def letterhead(self, element: Element, frame: _Frame) -> None:
        """The letterhead as the first page's header: text, contact lines, seal, rule."""
        seal = _first(element, lambda e: _tag(e) == "img" and "seal" in _classes(e))
        seal = seal if seal is not None else _first(element, lambda e: _tag(e) == "img")
        contact = _first(element, lambda e: "contact" in _classes(e))
        banner = _first(element, lambda e: "sample-banner" in _classes(e))
        for part in (seal, contact, banner):
            if part is not None:
                self.placed.add(id(part))

        header = self.section.first_page_header
        closing = header.paragraphs[-1]
        widths = _letterhead_widths(element, contact)
        table = header.add_table(1, 3, Pt(TEXT_WIDTH))
        closing._p.addprevious(table._tbl)  # the table first; the header's last paragraph rules
        _table_layout(table, widths, indent=0.0)
        row = table.rows[0]
        row.height_rule = WD_ROW_HEIGHT_RULE.AT_LEAST
        row.height = Pt(LETTERHEAD_HEIGHT - BANNER_LINE - RULE_PADDING - RULE.width)
        frame = replace(frame, within=frame.within | _tokens(element))
        for cell in row.cells:
            cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.TOP
            _cell_margins(cell, (0.0, 0.0, 0.0, 0.0))

        left, middle, right = row.cells
        self.blocks(_items(element), _Flow(left, widths[0], spare=left.paragraphs[0]), frame)
        if contact is not None:
            self.block(contact, _Flow(middle, widths[1], spare=middle.paragraphs[0]), frame)
        if seal is not None:
            picture = right.paragraphs[0]
            _plain_paragraph(picture, frame.text, "right")
            self.picture(picture, seal, SEAL_SIZE, SEAL_SIZE, SEAL_SIZE)

        flow = _Flow(header, TEXT_WIDTH, spare=closing)
        if banner is not None:
            self.block(banner, flow, frame)
        if flow.spare is not None:  # no banner: the rule still needs its paragraph
            _plain_paragraph(closing, frame.text, None)
        closing.paragraph_format.line_spacing = Pt(BANNER_LINE)
        closing.paragraph_format.line_spacing_rule = WD_LINE_SPACING.EXACTLY
        closing.paragraph_format.space_before = Pt(0)
        _paragraph_border(closing, "w:bottom", RULE.width, RULE.colour, RULE_PADDING)

    # -- blocks -------------------------------------------------------------------------------

    def write_body(self, body: Element) -> None:
        self.blocks(_items(body), self.body, _Frame(within=frozenset({"body"})))
        if self.body.pending_break and self.body.last is not None:
            # WeasyPrint starts a blank last page for a break at the very end; so does Word.
            self.new_paragraph(self.body, _Frame())

    def blocks(self, items: Iterable[str | Element], flow: _Flow, frame: _Frame) -> None:
        inline: list[str | Element] = []
        for item in items:
            kind = "inline" if isinstance(item, str) else self.kind(item)
            if kind == "inline":
                inline.append(item)
            elif kind == "block":
                self.paragraph(inline, flow, frame)
                inline = []
                self.block(item, flow, frame)  # type: ignore[arg-type]
        self.paragraph(inline, flow, frame)

    def kind(self, element: Element) -> str:
        if not isinstance(element.tag, str) or not element.tag.startswith(XHTML):
            return "skip"  # comments, and SVG or MathML islands the letter does not use
        if id(element) in self.placed or _hidden(element):
            return "skip"
        if _tag(element) in BLOCK_TAGS:
            return "block"
        # An inline element wrapping blocks is laid out as a block, as CSS does.
        inner = (e for e in element.iter() if e is not element)
        return "block" if any(_tag(e) in BLOCK_TAGS for e in inner) else "inline"

    def block(self, element: Element, flow: _Flow, frame: _Frame) -> None:
        tag, classes = _tag(element), _classes(element)
        if tag == "header" and "letterhead" in classes and not self.has_letterhead:
            self.has_letterhead = True
            self.letterhead(element, frame)
            return
        rule = _css(element, frame.within, frame.text)
        child = self.child_frame(element, rule, frame, flow)
        if rule.break_before == "page" and flow.breaks:
            flow.pending_break = True
        elif rule.break_before == "avoid" and flow.paragraphs:
            # Word has no "keep with previous": the paragraph before keeps with this one.
            flow.paragraphs[-1].paragraph_format.keep_with_next = True

        flow.gap = max(flow.gap, rule.margin_top)
        if rule.padding_top or rule.height is not None or rule.box is not None:
            flow.fold()
        top = flow.pad
        flow.pad += rule.padding_top
        if rule.rule_top is not None:
            flow.rule_next = rule.rule_top
        start, tables, first_made = len(flow.paragraphs), flow.tables, len(flow.made)

        if tag == "table":
            self.table(element, flow, child, rule)
        elif tag == "hr":
            paragraph = self.new_paragraph(flow, child)
            _paragraph_border(paragraph, "w:bottom", *rule.rule_bottom)  # type: ignore[misc]
        else:
            self.blocks(_items(element), flow, child)

        made = flow.paragraphs[start:]
        if rule.rule_top is not None:
            flow.rule_next = None  # the rule belonged to this block's first paragraph
        if rule.keep_together:
            # page-break-inside: avoid. Word keeps lines and paragraphs together instead, and
            # a table's rows by keeping each cell's paragraphs with the next.
            chain = [p for item in flow.made[first_made:] for p in _paragraphs_in(item)]
            for paragraph in chain:
                paragraph.paragraph_format.keep_together = True
            for paragraph in chain[:-1]:
                paragraph.paragraph_format.keep_with_next = True
        if rule.keep_with_next and made:
            made[-1].paragraph_format.keep_with_next = True
        if rule.outline is not None:
            # Word's own heading styles, for its navigation pane and for screen readers; their
            # looks are neutral (_base_styles), so the letter.css formatting on the runs rules.
            for paragraph in made:
                paragraph.style = self.document.styles[f"Heading {rule.outline + 1}"]
        if rule.height is not None and flow.tables == tables:  # a table's height is unknown
            self.reserve_height(flow, made, top, rule.height)
        if rule.box is not None:
            flow.fold()
        flow.gap = max(flow.gap, rule.margin_bottom)

    def child_frame(self, element: Element, rule: _Rule, frame: _Frame, flow: _Flow) -> _Frame:
        tag = _tag(element)
        child = replace(
            frame,
            text=frame.text.apply(rule),
            within=frame.within | _tokens(element),
            indent_left=frame.indent_left + rule.margin_left,
            indent_right=frame.indent_right + rule.margin_right,
        )
        if rule.box is not None:
            # Word draws a paragraph border outside the text, in the indent: indent by the
            # border's padding and width so the box stays inside the column, as in the PDF.
            width, _, _, pad_h = rule.box
            child = replace(
                child,
                box=rule.box,
                indent_left=child.indent_left + pad_h + width,
                indent_right=child.indent_right + pad_h + width,
            )
        if rule.width is not None:
            right = flow.width - child.indent_left - rule.width
            child = replace(child, indent_right=max(child.indent_right, right))
        if tag in ("ol", "ul", "dir", "menu"):
            depth = frame.depth + 1
            child = replace(
                child, depth=depth, item=None, numbering=self.list_context(element, depth)
            )
        elif tag == "li":
            context = frame.numbering or self.list_context(None, frame.depth + 1)
            item = _ListItem(context.style, context.continued, context.num_id)
            child = replace(child, item=item, numbering=None, depth=max(frame.depth, 1))
        return child

    def list_context(self, element: Element | None, depth: int) -> _ListContext:
        level = "" if depth <= 1 else f" {min(depth, 3)}"
        continued = f"List Continue{level}"
        if element is None or _tag(element) != "ol":
            return _ListContext(f"List Bullet{level}", continued, None)
        style = f"List Number{level}"
        try:
            start = int(element.get("start", "1"))
        except ValueError:
            start = 1
        return _ListContext(style, continued, _restarted_numbering(self.document, style, start))

    def reserve_height(self, flow: _Flow, made: list[Paragraph], top: float, height: float) -> None:
        """A block of fixed CSS height (the address window): pad what its lines leave over."""
        used = flow.pad + flow.gap - top
        for paragraph in made:
            fmt = paragraph.paragraph_format
            lines = 1 + len(paragraph._p.xpath("./w:r/w:br[not(@w:type)]"))
            used += (fmt.space_before.pt if fmt.space_before else 0.0) + lines * fmt.line_spacing.pt
        if used < height:
            flow.fold()
            flow.pad += height - used

    # -- paragraphs ---------------------------------------------------------------------------

    def paragraph(self, items: list[str | Element], flow: _Flow, frame: _Frame) -> None:
        """The inline content between blocks, as one paragraph, unless it is only whitespace."""
        if not items:
            return
        pieces: list[_Piece] = []
        self.inline(items, frame.text, frame.within, pieces)
        pieces, lines = _collapse(pieces)
        if not pieces and not lines:
            return
        paragraph = self.new_paragraph(flow, frame)
        for piece in pieces:
            if piece.kind == "br":
                run = paragraph.add_run()
                _format_run(run, piece.text)
                run.add_break()
            elif piece.kind == "img":
                img = piece.value
                width, height = _css_length(img.get("width")), _css_length(img.get("height"))
                available = flow.width - frame.indent_left - frame.indent_right
                self.picture(paragraph, img, width, height, available)
            else:
                _format_run(paragraph.add_run(piece.value), piece.text)

    def inline(
        self, items: Iterable[str | Element], text: _Text, within: frozenset[str], out: list[_Piece]
    ) -> None:
        for item in items:
            if isinstance(item, str):
                out.append(_Piece("text", item, text))
            elif self.kind(item) == "skip":
                continue
            elif _tag(item) == "br":
                out.append(_Piece("br", None, text))
            elif _tag(item) == "img":
                out.append(_Piece("img", item, text))
            else:
                rule = _css(item, within, text)
                self.inline(_items(item), text.apply(rule), within | _tokens(item), out)

    def new_paragraph(self, flow: _Flow, frame: _Frame) -> Paragraph:
        if flow.spare is not None:
            paragraph, flow.spare = flow.spare, None
        else:
            paragraph = flow.container.add_paragraph()
        text = frame.text
        fmt = paragraph.paragraph_format
        item = frame.item
        if item is not None:
            paragraph.style = self.document.styles[item.continued if item.numbered else item.style]
            if not item.numbered and item.num_id is not None:
                numbering = paragraph._p.get_or_add_pPr().get_or_add_numPr()
                numbering.get_or_add_ilvl().val = 0
                numbering.get_or_add_numId().val = item.num_id
            item.numbered = True
            # The list styles ignore spacing between list paragraphs; CSS margins do not.
            _set_child(paragraph._p.get_or_add_pPr(), "w:contextualSpacing", PPR_ORDER, val="0")
        _plain_paragraph(paragraph, text, text.align)
        fmt.space_before = Pt(round(flow.take_space(), 2))
        if frame.indent_left:
            fmt.left_indent = Pt(frame.indent_left + (18 if item is not None else 0))
            if item is not None:
                fmt.first_line_indent = Pt(-18)
        if frame.indent_right:
            fmt.right_indent = Pt(frame.indent_right)
        if frame.box is not None:
            width, colour, pad_v, pad_h = frame.box
            for side, pad in (
                ("w:top", pad_v),
                ("w:left", pad_h),
                ("w:bottom", pad_v),
                ("w:right", pad_h),
            ):
                _paragraph_border(paragraph, side, width, colour, pad)
        if flow.rule_next is not None:
            _paragraph_border(paragraph, "w:top", *flow.rule_next)
            flow.rule_next = None
        if flow.pending_break:
            flow.pending_break = False
            if flow.last is not None:  # a break before the first block makes no blank page
                paragraph.add_run().add_break(WD_BREAK.PAGE)
        flow.paragraphs.append(paragraph)
        flow.made.append(paragraph)
        flow.last = paragraph
        return paragraph

    # -- tables -------------------------------------------------------------------------------

    def table(self, element: Element, flow: _Flow, frame: _Frame, rule: _Rule) -> None:
        rows, header_rows = _table_rows(element)
        plans = self.plan_cells(rows, frame)
        for caption in (c for c in element if _tag(c) == "caption"):
            self.block(caption, flow, frame)
        if not plans:
            return
        n_rows = len(rows)
        n_cols = max(plan.col + plan.cols for plan in plans)
        available = max(flow.width - frame.indent_left - frame.indent_right, 36.0)
        widths = _column_widths(plans, n_cols, available, fill=rule.full_width)

        if flow.pending_break and flow.last is not None:
            self.new_paragraph(flow, replace(frame, item=None, box=None))
        # A table has no space before: the margins above it go after the paragraph before it.
        space = flow.take_space()
        if space and isinstance(flow.last, Paragraph):
            flow.last.paragraph_format.space_after = Pt(round(space, 2))
        table = self.new_table(flow, n_rows, n_cols)
        _table_layout(table, widths, indent=frame.indent_left)
        bordered = element.get("border") not in (None, "", "0")
        for index in range(min(header_rows, n_rows)):
            # thead rows repeat on every page, as WeasyPrint repeats them.
            _set_child(table.rows[index]._tr.get_or_add_trPr(), "w:tblHeader", (), val=None)

        cells = self.place_cells(table, plans, n_cols)
        _fix_cell_widths(table, widths)
        for plan, cell in zip(plans, cells, strict=True):
            self.fill_cell(cell, plan, widths, bordered)
        flow.last = table
        flow.tables += 1
        flow.made.append(table)
        if isinstance(flow.container, _Cell):
            flow.spare = flow.container.paragraphs[-1]  # python-docx's paragraph after the table

    @staticmethod
    def place_cells(table: Table, plans: list[_CellPlan], n_cols: int) -> list[_Cell]:
        """Each plan's cell, merged over its span. The grid is read once: python-docx's
        `Table.cell()` rebuilds the whole grid on every call, which made a table's cost grow
        with the square of its rows. Plans never overlap, so a merge removes no other plan's
        first cell, and the cells read before the merges stay the right ones."""
        grid = table._cells
        placed = []
        for plan in plans:
            cell = grid[plan.row * n_cols + plan.col]
            if plan.rows > 1 or plan.cols > 1:
                last = grid[(plan.row + plan.rows - 1) * n_cols + plan.col + plan.cols - 1]
                cell = cell.merge(last)
            placed.append(cell)
        return placed

    def plan_cells(self, rows: list[Element], frame: _Frame) -> list[_CellPlan]:
        plans: list[_CellPlan] = []
        taken: set[tuple[int, int]] = set()
        for r, tr in enumerate(rows):
            row_rule = _css(tr, frame.within, frame.text)
            row_frame = replace(
                frame,
                text=frame.text.apply(row_rule),
                within=frame.within | _tokens(tr),
                indent_left=0.0,
                indent_right=0.0,
                box=None,
                numbering=None,
                item=None,
            )
            c = 0
            for cell in tr:
                if _tag(cell) not in ("td", "th") or self.kind(cell) == "skip":
                    continue
                while (r, c) in taken:
                    c += 1
                cols = _span(cell.get("colspan"), 1000)
                rows_left = len(rows) - r
                span = _span(cell.get("rowspan"), 65534)
                span = rows_left if cell.get("rowspan") == "0" else min(span, rows_left)
                for dr in range(span):
                    for dc in range(cols):
                        taken.add((r + dr, c + dc))
                rule = _css(cell, row_frame.within, row_frame.text)
                cell_frame = replace(
                    row_frame,
                    text=row_frame.text.apply(rule),
                    within=row_frame.within | _tokens(cell),
                )
                plans.append(_CellPlan(r, c, span, cols, cell, cell_frame, rule))
                c += cols
        return plans

    def fill_cell(self, cell: _Cell, plan: _CellPlan, widths: list[float], bordered: bool) -> None:
        rule = plan.rule
        _cell_margins(cell, rule.padding)
        borders: dict[str, tuple[float, str] | None] = {}
        if bordered:
            borders = {side: (CSS_PX, "808080") for side in ("top", "left", "bottom", "right")}
        borders.update(rule.borders)
        if borders:
            _cell_borders(cell, borders)
        if rule.nowrap:
            _set_child(cell._tc.get_or_add_tcPr(), "w:noWrap", TCPR_ORDER, val=None)
        if rule.valign in VALIGNS:
            cell.vertical_alignment = VALIGNS[rule.valign]
        width = sum(widths[plan.col : plan.col + plan.cols]) - rule.padding[1] - rule.padding[3]
        flow = _Flow(cell, max(width, 12.0), spare=cell.paragraphs[0])
        self.blocks(_items(plan.element), flow, plan.frame)

    def new_table(self, flow: _Flow, rows: int, cols: int) -> Table:
        container = flow.container
        if isinstance(container, WordDocument):
            return container.add_table(rows, cols)
        if isinstance(container, _Cell):
            if flow.spare is not None:  # a cell may not start with an empty paragraph
                flow.spare._p.getparent().remove(flow.spare._p)
                flow.spare = None
            return container.add_table(rows, cols)
        return container.add_table(rows, cols, Pt(flow.width))

    # -- images -------------------------------------------------------------------------------

    def picture(
        self,
        paragraph: Paragraph,
        img: Element,
        width: float | None,
        height: float | None,
        available: float,
    ) -> None:
        """An <img> as an inline picture; a missing width or height keeps the proportions."""
        src = img.get("src") or ""
        path = letterhead_file(src, self.letterhead_dirs)
        beside = path.with_suffix(".png")
        if path.suffix.lower() == ".svg" and _inside(beside, self.letterhead_dirs):
            path = beside.resolve()  # a PNG drawn for Word beside the SVG wins over converting
        if path not in self.files:
            self.files[path] = drawable(path.read_bytes(), path)
        data = self.files[path]
        svg = path.suffix.lower() == ".svg"
        if width is None or height is None:
            # The picture's own size: a raster at CSS's 96 pixels to the inch.
            if svg:
                data = _svg_to_png(data, src, scale=SEAL_DPI / 96)
                natural = _png_size(data) or (1, 1)
                natural_w, natural_h = (n * 96 / SEAL_DPI * CSS_PX for n in natural)
            else:
                natural_w, natural_h = _raster_size(data, src)
            if width is None and height is None:
                width, height = natural_w, natural_h
            elif width is None:
                width = height * natural_w / natural_h  # type: ignore[operator]
            else:
                height = width * natural_h / natural_w
        if width > available:
            width, height = available, height * available / width
        pixels = (round(width / IN * SEAL_DPI), round(height / IN * SEAL_DPI))
        drawn = _printed(data, src, pixels, svg=svg and not data.startswith(b"\x89PNG"))
        _add_picture(paragraph.add_run(), drawn, width, height, img.get("alt"), src)


# ---------------------------------------------------------------------------------------------
# Helpers on the HTML tree.


def _tag(element: Element) -> str:
    tag = element.tag
    return tag[len(XHTML) :] if isinstance(tag, str) and tag.startswith(XHTML) else ""


def _classes(element: Element) -> frozenset[str]:
    return frozenset((element.get("class") or "").split())


def _tokens(element: Element) -> frozenset[str]:
    """Names for descendant selectors: "div", ".line", "div.line"."""
    tag = _tag(element)
    classes = _classes(element)
    return frozenset({tag, *(f".{c}" for c in classes), *(f"{tag}.{c}" for c in classes)})


def _hidden(element: Element) -> bool:
    return (
        _tag(element) in HIDDEN_TAGS
        or element.get("hidden") is not None
        or bool(_DISPLAY_NONE.search(element.get("style") or ""))
    )


def _items(element: Element) -> Iterator[str | Element]:
    """An element's content in order: text, child, the text after the child, ..."""
    if element.text:
        yield element.text
    for child in element:
        yield child
        if child.tail:
            yield child.tail


def _paragraphs_in(item: Paragraph | Table) -> list[Paragraph]:
    """A paragraph, or every paragraph of a table (nested ones too), in document order."""
    if isinstance(item, Paragraph):
        return [item]
    return [Paragraph(p, item) for p in item._tbl.iter(qn("w:p"))]


def _first(root: Element, test: Any) -> Element | None:
    return next((e for e in root.iter() if isinstance(e.tag, str) and test(e)), None)


def _plain_text(element: Element) -> str:
    """An element's visible text with whitespace collapsed, as string-set content() gives."""
    words: list[str] = []

    def walk(node: Element) -> None:
        if not isinstance(node.tag, str) or _hidden(node):
            return
        words.append(node.text or "")
        for child in node:
            walk(child)
            words.append(child.tail or "")

    walk(element)
    return " ".join("".join(words).split())


def _first_text(root: Element, class_name: str) -> str:
    found = _first(root, lambda e: class_name in _classes(e))
    return _plain_text(found) if found is not None else ""


def _table_rows(table: Element) -> tuple[list[Element], int]:
    """Rows in the order they show (thead, the body rows, tfoot), and how many head rows."""
    head: list[Element] = []
    body: list[Element] = []
    foot: list[Element] = []
    for child in table:
        tag = _tag(child)
        if tag == "tr":
            body.append(child)
        elif tag in ("thead", "tbody", "tfoot"):
            rows = [tr for tr in child if _tag(tr) == "tr" and not _hidden(tr)]
            {"thead": head, "tbody": body, "tfoot": foot}[tag].extend(rows)
    return head + [tr for tr in body if not _hidden(tr)] + foot, len(head)


def _span(value: str | None, limit: int) -> int:
    try:
        return min(max(int(value or "1"), 1), limit)
    except ValueError:
        return 1


def _css_length(value: str | None) -> float | None:
    """An HTML width or height attribute (CSS pixels) in points."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)(?:px)?\s*", value or "")
    return float(match.group(1)) * CSS_PX if match else None


def _collapse(pieces: list[_Piece]) -> tuple[list[_Piece], bool]:
    """HTML's white-space: normal over a paragraph's pieces; also whether it had a line break.

    Runs of whitespace become one space, spaces at the start and end of a line go, and a
    final <br> ends the last line rather than opening an empty one.
    """
    out: list[_Piece] = []
    line_start, after_space, had_break = True, False, False

    def trim_end() -> None:
        while out and out[-1].kind == "text" and not out[-1].text.pre:
            stripped = out[-1].value.rstrip(" ")
            if stripped:
                out[-1] = replace(out[-1], value=stripped)
                return
            out.pop()

    for piece in pieces:
        if piece.kind == "br":
            trim_end()
            out.append(piece)
            line_start, after_space, had_break = True, False, True
            continue
        if piece.kind == "img":
            out.append(piece)
            line_start = after_space = False
            continue
        if piece.text.pre:
            value = piece.value.replace("\r\n", "\n").replace("\r", "\n")
        else:
            value = _WHITESPACE.sub(" ", piece.value)
            if value.startswith(" ") and (line_start or after_space):
                value = value[1:]
        if not value:
            continue
        after_space = value.endswith(" ") and not piece.text.pre
        if piece.text.upper:
            value = value.upper()
        if out and out[-1].kind == "text" and out[-1].text == piece.text:
            out[-1] = replace(out[-1], value=out[-1].value + value)
        else:
            out.append(_Piece("text", value, piece.text))
        line_start = False
    trim_end()
    if out and out[-1].kind == "br":
        out.pop()
    return out, had_break


# ---------------------------------------------------------------------------------------------
# Helpers on the Word document.


@functools.cache
def _base_package() -> bytes:
    """python-docx's default template with the letter's base styles, without the parts and
    latent styles no letter uses: made once per process, since loading and trimming the
    template (a 349 KB styles part) cost more than a short letter's body."""
    document = Document()
    _base_styles(document)
    part = document.part
    for r_id in [k for k, rel in part.rels.items() if rel.reltype in _UNUSED_PARTS]:
        part.rels.pop(r_id)
    styles = document.styles.element
    for latent in styles.findall(qn("w:latentStyles")):
        styles.remove(latent)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _base_styles(document: WordDocument) -> None:
    """Liberation Serif 11pt everywhere, no spacing but what the HTML asks for."""
    styles = document.styles.element
    defaults = styles.find(qn("w:docDefaults"))
    if defaults is not None:
        for fonts in defaults.iter(qn("w:rFonts")):
            # Theme fonts outrank named ones, so they go: the letter names its fonts.
            for name in list(fonts.attrib):
                del fonts.attrib[name]
            for attribute in ("w:ascii", "w:hAnsi", "w:eastAsia", "w:cs"):
                fonts.set(qn(attribute), SERIF)
        for spacing in defaults.iter(qn("w:spacing")):
            spacing.set(qn("w:after"), "0")
            spacing.set(qn("w:line"), "240")
            spacing.set(qn("w:lineRule"), "auto")
    normal = document.styles["Normal"]
    normal.font.name = SERIF
    normal.font.size = Pt(BODY_SIZE)
    normal.paragraph_format.space_after = Pt(0)
    for level in range(1, 7):
        _neutral_heading(document.styles[f"Heading {level}"])
    compat = document.settings.element.find(qn("w:compat"))
    if compat is None:
        compat = OxmlElement("w:compat")
        document.settings.element.append(compat)
    # A line ended by <br> is not stretched in justified text, as in HTML.
    compat.insert(0, OxmlElement("w:doNotExpandShiftReturn"))
    # The template's thumbnail shows some other document; a stale preview is worse than none.
    package_rels = document.part.package.rels
    for r_id in [k for k, rel in package_rels.items() if rel.reltype == RT.THUMBNAIL]:
        package_rels.pop(r_id)


def _neutral_heading(style: Any) -> None:
    """A heading style that looks like Normal: the template's blue theme font and spacing go,
    and what the letter's headings look like is set on their runs from letter.css."""
    rpr = style.element.get_or_add_rPr()
    for tag in ("w:rFonts", "w:color", "w:sz", "w:szCs", "w:b", "w:bCs", "w:i", "w:iCs"):
        for child in rpr.findall(qn(tag)):
            rpr.remove(child)
    style.font.name = SERIF
    style.font.size = Pt(BODY_SIZE)
    style.font.bold = False
    style.font.italic = False
    style.font.color.rgb = RGBColor(0, 0, 0)
    style.paragraph_format.space_before = Pt(0)
    style.paragraph_format.space_after = Pt(0)


def _plain_paragraph(paragraph: Paragraph, text: _Text, align: str | None) -> None:
    fmt = paragraph.paragraph_format
    fmt.space_before = Pt(0)
    fmt.space_after = Pt(0)
    fmt.line_spacing = Pt(round(text.size * text.line_height, 2))
    fmt.line_spacing_rule = (
        WD_LINE_SPACING.EXACTLY if text.exact_lines else WD_LINE_SPACING.AT_LEAST
    )
    if align in ALIGNMENTS:
        paragraph.alignment = ALIGNMENTS[align]


def _format_run(run: Run, text: _Text) -> None:
    font = run.font
    if text.bold:
        font.bold = True
    if text.italic:
        font.italic = True
    if text.underline:
        font.underline = True
    if text.strike:
        font.strike = True
    if text.size != BODY_SIZE:
        font.size = Pt(text.size)
    if text.font != SERIF:
        font.name = text.font
    if text.color:
        font.color.rgb = RGBColor.from_string(text.color)
    if text.vertical == "sup":
        font.superscript = True
    elif text.vertical == "sub":
        font.subscript = True
    if text.tracking:
        twips = str(round(text.tracking * 20))
        _set_child(run._r.get_or_add_rPr(), "w:spacing", RPR_ORDER, val=twips)


def _add_field(paragraph: Paragraph, instruction: str, text: _Text) -> None:
    """A Word field (PAGE, NUMPAGES) as begin/instruction/separate/result/end runs."""
    for part in ("begin", instruction, "separate", "1", "end"):
        run = paragraph.add_run()
        _format_run(run, text)
        if part in ("begin", "separate", "end"):
            run._r.append(OxmlElement("w:fldChar", {qn("w:fldCharType"): part}))
        elif part == instruction:
            code = OxmlElement("w:instrText", {qn("xml:space"): "preserve"})
            code.text = f" {instruction} "
            run._r.append(code)
        else:
            run.text = part  # the result Word shows until it updates the field


def _set_child(parent: Any, tag: str, order: Sequence[str], **attributes: str | None) -> Any:
    """Put a fresh `tag` child where the schema's sequence `order` wants it."""
    old = parent.find(qn(tag))
    if old is not None:
        parent.remove(old)
    element = OxmlElement(tag, {qn(f"w:{k}"): v for k, v in attributes.items() if v is not None})
    later = {qn(t) for t in order[order.index(tag) + 1 :]} if tag in order else set()
    for child in parent:
        if child.tag in later:
            child.addprevious(element)
            return element
    parent.append(element)
    return element


def _border_attributes(width: float, colour: str, space: float) -> dict[str, str]:
    return {
        "val": "single",
        "sz": str(max(2, round(width * 8))),  # eighths of a point
        "space": str(round(space)),
        "color": colour,
    }


def _paragraph_border(
    paragraph: Paragraph, side: str, width: float, colour: str, space: float
) -> None:
    ppr = paragraph._p.get_or_add_pPr()
    borders = ppr.find(qn("w:pBdr"))
    if borders is None:
        borders = _set_child(ppr, "w:pBdr", PPR_ORDER)
    _set_child(borders, side, PBDR_ORDER, **_border_attributes(width, colour, space))


def _cell_borders(cell: _Cell, borders: dict[str, tuple[float, str] | None]) -> None:
    tcpr = cell._tc.get_or_add_tcPr()
    edges = tcpr.find(qn("w:tcBorders"))
    if edges is None:
        edges = _set_child(tcpr, "w:tcBorders", TCPR_ORDER)
    for side, border in borders.items():
        if border is None:
            _set_child(edges, f"w:{side}", EDGE_ORDER, val="nil")
        else:
            _set_child(edges, f"w:{side}", EDGE_ORDER, **_border_attributes(*border, 0.0))


def _cell_margins(cell: _Cell, padding: tuple[float, float, float, float]) -> None:
    tcpr = cell._tc.get_or_add_tcPr()
    margins = _set_child(tcpr, "w:tcMar", TCPR_ORDER)
    for side, value in zip(("w:top", "w:left", "w:bottom", "w:right"), (0, 3, 2, 1), strict=True):
        twips = str(round(padding[value] * 20))
        _set_child(margins, side, EDGE_ORDER, w=twips, type="dxa")


def _table_layout(table: Table, widths: list[float], *, indent: float) -> None:
    """Fixed column widths, so Word and LibreOffice lay the table out alike."""
    table.autofit = False
    tblpr = table._tbl.tblPr
    _set_child(tblpr, "w:tblW", TBLPR_ORDER, w=str(round(sum(widths) * 20)), type="dxa")
    _set_child(tblpr, "w:tblInd", TBLPR_ORDER, w=str(round(indent * 20)), type="dxa")
    # Word and LibreOffice pull a table left by its default cell margin, so that text in the
    # cells lines up with the page margin. The cells carry CSS padding themselves; with no
    # default margin the table's edge sits on the margin, as the CSS box does.
    margins = _set_child(tblpr, "w:tblCellMar", TBLPR_ORDER)
    for side in ("w:top", "w:left", "w:bottom", "w:right"):
        _set_child(margins, side, EDGE_ORDER, w="0", type="dxa")
    for column, width in zip(table.columns, widths, strict=True):
        column.width = Pt(width)
    _fix_cell_widths(table, widths)


def _fix_cell_widths(table: Table, widths: list[float]) -> None:
    for tr in table._tbl.tr_lst:
        col = 0
        for tc in tr.tc_lst:
            tc.width = Pt(sum(widths[col : col + tc.grid_span]))
            col += tc.grid_span


def _column_widths(
    plans: list[_CellPlan], n_cols: int, available: float, *, fill: bool
) -> list[float]:
    """CSS's automatic table layout, roughly: widest line if it fits, else share the room.

    Text widths are estimated from average glyph widths of Liberation Serif and Sans; Word
    would measure, but the fixed layout has to be decided before Word sees the text.
    """
    least = [12.0] * n_cols  # the longest word must fit
    most = [12.0] * n_cols  # the whole text on one line
    for plan in plans:
        if plan.cols != 1:
            continue
        text = _plain_text(plan.element)
        size, bold = plan.frame.text.size, plan.frame.text.bold
        if plan.frame.text.upper:
            text = text.upper()
        pad = plan.rule.padding[1] + plan.rule.padding[3] + 1.0
        whole = _text_width(text, size, bold) + pad
        word = (
            whole
            if plan.rule.nowrap
            else max((_text_width(w, size, bold) for w in text.split()), default=0.0) + pad
        )
        least[plan.col] = max(least[plan.col], word)
        most[plan.col] = max(most[plan.col], whole)
    if sum(least) >= available:
        return [available * w / sum(least) for w in least]
    if sum(most) <= available:
        if not fill:
            return most
        extra = available - sum(most)
        return [w + extra * w / sum(most) for w in most]
    stretch = [m - n for m, n in zip(most, least, strict=True)]
    room = available - sum(least)
    return [n + room * s / sum(stretch) for n, s in zip(least, stretch, strict=True)]


def _letterhead_widths(letterhead: Element, contact: Element | None) -> list[float]:
    """Columns for the return address, the contact lines and the seal.

    In the PDF the contact lines are placed absolutely: as wide as their longest line, ending
    1.1in from the right, over the 3.4in return address. Word needs columns, so the contact
    column widens to its longest line as far as the return address's own lines allow.
    """
    room = TEXT_WIDTH - SEAL_COLUMN
    usual = room - RETURN_ADDRESS_WIDTH
    if contact is None:
        return [RETURN_ADDRESS_WIDTH, usual, SEAL_COLUMN]
    address = _first(letterhead, lambda e: "return-address" in _classes(e))
    contact_size = STYLES[".letterhead .contact"].size or BODY_SIZE
    name, address_size = STYLES[".letterhead .village-name"], STYLES[".letterhead .return-address"]
    contact_need = max(
        (_text_width(t, contact_size, False) for _, t in _lines(contact)), default=0.0
    )
    address_need = max(
        (
            _text_width(t, name.size or BODY_SIZE, bool(name.bold))
            if "village-name" in _classes(e)
            else _text_width(t, address_size.size or BODY_SIZE, False)
            for e, t in (_lines(address) if address is not None else [])
        ),
        default=0.0,
    )
    # Estimates: a tenth to spare, so a line that fits in the PDF does not wrap in Word.
    middle = max(usual, min(contact_need * 1.1, room - address_need * 1.1))
    return [room - middle, middle, SEAL_COLUMN]


def _lines(element: Element) -> list[tuple[Element, str]]:
    """The innermost blocks and their text: one line each, in a letterhead."""
    return [
        (e, _plain_text(e))
        for e in element.iter()
        if _tag(e) in BLOCK_TAGS and not any(_tag(c) in BLOCK_TAGS for c in e.iter() if c is not e)
    ]


def _text_width(text: str, size: float, bold: bool) -> float:
    ems = sum(
        0.7 if c.isupper() else 0.5 if c.isdigit() else 0.25 if c == " " else 0.45 for c in text
    )
    return ems * size * (1.07 if bold else 1.0)


def _restarted_numbering(document: WordDocument, style_name: str, start: int) -> int | None:
    """A numbering instance of the style's list that starts at `start`: each <ol> counts anew."""
    try:
        style = document.styles[style_name]
        num_id = style.element.pPr.numPr.numId.val
        numbering = document.part.numbering_part.element
        abstract = numbering.num_having_numId(num_id).abstractNumId.val
    except (AttributeError, KeyError):
        return None
    num = numbering.add_num(abstract)
    num.add_lvlOverride(ilvl=0).add_startOverride(start)
    return num.numId


def _svg_to_png(
    data: bytes, src: str, *, size: tuple[int, int] | None = None, scale: float = 1.0
) -> bytes:
    try:
        import cairosvg  # here: it needs the cairo library, and only for SVG images
    except (ImportError, OSError) as error:
        raise ConfigError(
            src, None, f"cannot convert SVG ({error}); put a PNG of the same name beside it"
        ) from None
    try:
        # unsafe=False: no XML entities, and nothing fetched but data: URLs.
        width, height = size or (None, None)
        return cairosvg.svg2png(
            bytestring=data, output_width=width, output_height=height, scale=scale, unsafe=False
        )
    except (
        Exception
    ) as error:  # an unreadable SVG is a letterhead mistake, whatever cairosvg raises
        raise ConfigError(src, None, f"is not a readable SVG image: {error}") from None


@functools.lru_cache(maxsize=16)
def _printed(data: bytes, src: str, pixels: tuple[int, int], *, svg: bool) -> bytes:
    """The picture as Word gets it, no bigger than its printed box needs at SEAL_DPI: an SVG
    drawn at that size, a raster shrunk to it and put on a palette where that shows no
    difference. Kept per process, so a batch draws each letterhead's seal once."""
    if svg:
        data = _svg_to_png(data, src, size=pixels)
    return print_ready(data, pixels)


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return (width, height) if width and height else None
    return None


def _raster_size(data: bytes, src: str) -> tuple[float, float]:
    try:
        image = Image.from_blob(data)
    except UnrecognizedImageError:
        raise ConfigError(src, None, NOT_AN_IMAGE) from None
    return image.px_width * CSS_PX, image.px_height * CSS_PX


def _add_picture(
    run: Run, data: bytes, width: float, height: float, alt: str | None, src: str
) -> None:
    try:
        shape = run.add_picture(io.BytesIO(data), width=Pt(width), height=Pt(height))
    except UnrecognizedImageError:
        raise ConfigError(src, None, NOT_AN_IMAGE) from None
    if alt:
        shape._inline.docPr.set("descr", alt)


def _running_mark() -> dict[str, Any]:
    """The specimen mark's look in the running header, as letter.css's @top-left has it."""
    style = STYLES["@page @top-left"]
    return {"bold": bool(style.bold), "color": style.color}


def _running_status() -> _Text:
    """The legal status's look in the footer, as letter.css's .legal-status has it."""
    style = STYLES[".legal-status"]
    return _Text(
        size=style.size or BODY_SIZE,
        bold=bool(style.bold),
        font=style.font or SANS,
        color=style.color,
        line_height=style.line_height if isinstance(style.line_height, float) else NORMAL_LINE,
    )


def _set_core_properties(
    document: WordDocument,
    *,
    title: str,
    author: str,
    created: datetime,
    specimen_mark: str | None = None,
) -> None:
    # python-docx writes the time as UTC ("Z") whatever the zone, so convert aware times first.
    if created.tzinfo is not None:
        created = created.astimezone(UTC).replace(tzinfo=None)
    properties = document.core_properties
    properties.title = title[:255]
    properties.author = author[:255]
    properties.last_modified_by = author[:255]
    properties.created = created
    properties.modified = created
    properties.revision = 1
    properties.comments = ""  # the template says "generated by python-docx"
    if specimen_mark:
        properties.title = f"{specimen_mark}: {title}"[:255]
        properties.subject = specimen_mark
        properties.keywords = f"SPECIMEN; {specimen_mark}"


def _lean_package(document: WordDocument) -> None:
    """Leave out the styles nothing in the document names.

    With the template's parts Word does without (Word 2010's second copy of the styles, an
    empty bibliography, web settings) and its latent styles (Word's defaults for them are the
    same), left out once by _base_package, they were 60 KB of every 74 KB Word copy. A part
    goes with its relationship, so the package's content types and relationships stay
    consistent.
    """
    part = document.part
    styles = document.styles.element
    defined = {style.get(qn("w:styleId")): style for style in styles.findall(qn("w:style"))}
    kept = {key for key, style in defined.items() if style.get(qn("w:default")) in _TRUE}
    for other in part.package.iter_parts():
        element = getattr(other, "element", None)
        if element is None or element is styles:
            continue
        for tag in _STYLE_REFERENCES:
            kept.update(found.get(qn("w:val")) for found in element.iter(qn(tag)))
    # A kept style keeps the styles it is based on, is followed by, or is linked to.
    waiting = list(kept)
    while waiting:
        style = defined.get(waiting.pop())
        if style is None:
            continue
        for tag in ("w:basedOn", "w:next", "w:link"):
            for found in style.findall(qn(tag)):
                key = found.get(qn("w:val"))
                if key not in kept:
                    kept.add(key)
                    waiting.append(key)
    for key, style in defined.items():
        if key not in kept:
            styles.remove(style)


def _reproducible_zip(data: bytes) -> bytes:
    """The same package with fixed entry times: python-docx stamps the time of saving."""
    source = zipfile.ZipFile(io.BytesIO(data))
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=_ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            target.writestr(entry, source.read(info.filename))
    return output.getvalue()
