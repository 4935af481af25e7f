"""The words of a rendered PDF or DOCX, read back the way a reviewer or a court would read them."""

from __future__ import annotations

import functools
import html as markup
import io
import re

from docx import Document
from docx.table import Table
from pypdf import PdfReader

# What WeasyPrint prints in the page margins, which Word keeps in header and footer fields
# (a sample village's specimen mark shares the later pages' running header line).
RUNNING_LINES = re.compile(
    r"^(Page \d+ of \d+ • Document No\. .*|.+ — [A-Z]{1,6}-[A-Z0-9]+-[A-Z0-9-]+)$"
)
_LEGAL_STATUS = re.compile(r'<div class="legal-status">(.*?)</div>', re.S)


def legal_status(html: str) -> str | None:
    """The line a doubted notice type prints at the foot of every page, or None."""
    found = _LEGAL_STATUS.search(html)
    return " ".join(markup.unescape(found[1]).split()) if found else None


def pdf_pages(data: bytes) -> tuple[str, ...]:
    """Each page's text; the same file's text is read once (a test asks it once per fact, and
    the golden tests ask it once per check of each of the 127 sample documents)."""
    return _pdf_pages(data)


@functools.lru_cache(maxsize=256)
def _pdf_pages(data: bytes) -> tuple[str, ...]:
    return tuple(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def pdf_body_words(
    data: bytes, drop: list[str] | None = None, running: str | None = None
) -> list[str]:
    """The PDF's words without the running header and footer, nor the words drawn in the seal,
    nor the `running` text repeated at the foot of every page (Word has it in its footers)."""
    lines = []
    for page in pdf_pages(data):
        for line in page.splitlines():
            if not RUNNING_LINES.match(line.strip()):
                # List markers begin a line in the PDF (•, and ◦ in a nested list); in Word they
                # are automatic numbering (pypdf sometimes reads a one-item list's marker after
                # its text).
                line = re.sub(r"^\s*(\d+\.|[•◦▪])\s+", "", line)
                lines.append(re.sub(r"(?<=[.;:])\d+\.\s*$", "", line))
    text = "\n".join(lines)
    text = re.sub(r"-\n", "-", text)  # a word hyphenated at a line end is one word
    words = _without_every(text.split(), running.split() if running else [])
    # The seal's own lettering is drawn as text in the PDF and is a picture in Word.
    dropped = " ".join(drop or []).split()
    for start in range(len(words) - len(dropped) + 1):
        if dropped and words[start : start + len(dropped)] == dropped:
            return words[:start] + words[start + len(dropped) :]
    return words


def _without_every(words: list[str], run: list[str]) -> list[str]:
    """The words with each occurrence of `run` taken out."""
    if not run:
        return words
    kept: list[str] = []
    index = 0
    while index < len(words):
        if words[index : index + len(run)] == run:
            index += len(run)
        else:
            kept.append(words[index])
            index += 1
    return kept


def docx_words(data: bytes) -> list[str]:
    """The first page's header (the letterhead), then the body, tables row by row."""
    return list(_docx_words(data))


@functools.lru_cache(maxsize=256)
def _docx_words(data: bytes) -> tuple[str, ...]:
    document = Document(io.BytesIO(data))
    lines: list[str] = []
    header = document.sections[0].first_page_header
    for block in header.iter_inner_content():
        lines += _block_lines(block)
    for block in document.iter_inner_content():
        lines += _block_lines(block)
    return tuple(" ".join(lines).split())


def _block_lines(block: object) -> list[str]:
    if isinstance(block, Table):
        lines = []
        for row in block.rows:
            seen = []
            for cell in row.cells:
                if cell._tc not in seen:
                    seen.append(cell._tc)
                    for inner in cell.iter_inner_content():
                        lines += _block_lines(inner)
        return lines
    return [block.text]


def wrapped(words: list[str], width: int = 100) -> str:
    """Words as lines of about `width` characters, so a golden file's diff reads well."""
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line]) + "\n"
