"""Semantic HTML on a village's letterhead, turned into PDF bytes by WeasyPrint.

WeasyPrint fetches nothing but the letterhead's own files: the fetcher below refuses every
other URL (other files, file:// paths outside the letterhead folder, data and network URLs)
and the render stops with an error naming the URL, so no document is printed with a part
missing. The letter stylesheet goes through the same fetcher, and an image WeasyPrint cannot
draw (a corrupt seal) stops the render too. One FontConfiguration is made per process and
reused across a batch.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import tinycss2
from weasyprint import CSS, HTML
from weasyprint.document import DocumentMetadata
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.generators.images import drawable


class RefusedURL(FatalURLFetchingError):
    """A document asked for something other than its letterhead's files."""


class LetterheadFetcher(URLFetcher):
    """Serves files from the allowed letterhead folders, and nothing else."""

    def __init__(self, allowed: list[Path]) -> None:
        super().__init__(allowed_protocols={"file"}, fail_on_errors=True)
        self.allowed = [folder.resolve() for folder in allowed]
        # What was refused: WeasyPrint's SVG drawing swallows even a fatal fetch error, so the
        # render's error names the URL from here.
        self.refused: list[str] = []
        self.problems: list[ConfigError] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            self.refused.append(url)
            raise RefusedURL(url)
        path = Path(unquote(parts.path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.allowed) or not path.is_file():
            self.refused.append(url)
            raise RefusedURL(url)
        try:
            data = drawable(path.read_bytes(), path)
        except ConfigError as problem:
            self.problems.append(problem)
            raise
        return URLFetcherResponse(url, data, {"Content-Type": _media_type(path)})


def _media_type(path: Path) -> str:
    return {
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".jpg": "image/jpeg",
        ".jpeg": "image/jpeg",
        ".css": "text/css",
    }.get(path.suffix.lower(), "application/octet-stream")


@cache
def shared_font_configuration() -> FontConfiguration:
    """One font configuration per process: building it is the slow part of a first render."""
    return FontConfiguration()


def render_pdf(
    html: str,
    letterhead_dirs: list[Path],
    *,
    identifier: str,
    stylesheets: list[CSS] | None = None,
    font_config: FontConfiguration | None = None,
    image_cache: dict[str, Any] | None = None,
    specimen_mark: str | None = None,
) -> bytes:
    """Print one document. `identifier` (the document number) makes the PDF's /ID reproducible.

    A batch passes one parsed stylesheet, one `font_config` and one `image_cache` for all its
    documents, so the stylesheet is parsed, the fonts loaded and the seal decoded once per
    process rather than once per document. A sample village's `specimen_mark` goes into the
    file's title, subject and keywords too, so that no viewer lists it as a real notice.
    """
    base = letterhead_dirs[0].resolve().as_uri() + "/"
    fetcher = LetterheadFetcher(letterhead_dirs)
    source = HTML(string=html, base_url=base, url_fetcher=fetcher)
    options: dict[str, Any] = {
        "stylesheets": stylesheets,
        "cache": image_cache,
        "pdf_identifier": identifier.encode("utf-8"),
        "uncompressed_pdf": False,
    }
    with _nothing_missing(fetcher):
        document = source.render(font_config=font_config or shared_font_configuration(), **options)
        _address_fits_its_window(document)
        if specimen_mark:
            mark_metadata(document.metadata, specimen_mark)
        return document.write_pdf(**options)


# The envelope window's block; a recipient too long for it would print over the letter's date
# and title (letter.css gives it a fixed height, the window's).
_ADDRESS_BLOCK = "address-block"


def _address_fits_its_window(document: Any) -> None:
    """Refuse a recipient whose name and address need more lines than the window shows."""
    for page in document.pages:
        # Page._page_box is WeasyPrint's laid-out tree; no public API gives a box's content.
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            if element is None or _ADDRESS_BLOCK not in (element.get("class") or "").split():
                continue
            if not hasattr(box, "content_box_y") or not getattr(box, "children", None):
                continue
            bottom = box.content_box_y() + box.height
            needed = max(child.position_y + child.margin_height() for child in box.children)
            if needed > bottom + 0.5:
                raise InputError(
                    "The recipient's name and address take more lines than the envelope "
                    "window shows and would print over the letter; shorten the name or the "
                    "address lines (the recipient's, or the owner's on the roll)."
                )


class _Failures(logging.Handler):
    """WeasyPrint's errors while printing: it logs an image it cannot load or draw, then prints
    the alt text in its place, and logs (only as a warning) a character no installed font has,
    then prints an empty box in its place; a served notice must do neither silently."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []
        self.undrawable: list[int] = []

    def emit(self, record: logging.LogRecord) -> None:
        if str(record.msg).startswith(_NOTDEF) and len(record.args or ()) == 2:
            self.undrawable.append(int(record.args[1]))  # type: ignore[index]
        elif record.levelno >= logging.ERROR:
            self.messages.append(record.getMessage())


# The start of WeasyPrint's warning for a glyph no font has (weasyprint/draw/text.py).
_NOTDEF = ".notdef glyph rendered"


@contextmanager
def _nothing_missing(fetcher: LetterheadFetcher) -> Iterator[None]:
    """Turn a refused URL, or anything WeasyPrint could not load, into one ConfigError."""
    failures = _Failures()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(failures)
    try:
        yield
    except FatalURLFetchingError as error:
        # WeasyPrint wraps the fetcher's own exception; its cause names the URL refused.
        cause = error.__cause__
        if isinstance(cause, ConfigError):
            raise cause from None
        raise _refused(cause.args[0] if isinstance(cause, RefusedURL) else str(error)) from None
    finally:
        logger.removeHandler(failures)
    if fetcher.refused:
        raise _refused(fetcher.refused[0])
    if fetcher.problems:
        raise fetcher.problems[0]
    if failures.undrawable:
        raise _undrawable(failures.undrawable[0])
    if failures.messages:
        raise ConfigError(
            _failed_file(failures.messages[0]),
            None,
            "cannot be drawn, so the document would print without it; replace it with a "
            "readable file",
        )


def _undrawable(codepoint: int) -> InputError:
    return InputError(
        f"The document holds '{chr(codepoint)}' (U+{codepoint:04X}), which no font installed "
        "here can draw, so the PDF would print an empty box in its place; write that text in "
        "letters the letter's fonts have, or install a font that has it (on Debian, "
        "fonts-noto-core, or fonts-noto-cjk for Chinese, Japanese and Korean)."
    )


def _refused(url: str) -> ConfigError:
    return ConfigError(
        url,
        None,
        "a template, stylesheet or seal asks for this; only the letterhead's own files may be used",
    )


def _failed_file(message: str) -> str:
    """The file WeasyPrint names in "Failed to load image at 'file:///…/seal.svg': …"."""
    match = re.search(r"(file://\S+?)['\s:]", message + " ")
    if match is None:
        return message.split(":")[0]
    return unquote(urlsplit(match.group(1)).path)


def mark_metadata(metadata: DocumentMetadata, mark: str) -> None:
    """The specimen mark in the PDF's title, subject and keywords."""
    metadata.title = f"{mark}: {metadata.title}" if metadata.title else mark
    metadata.description = f"{mark}. {metadata.description}" if metadata.description else mark
    metadata.keywords = ["SPECIMEN", mark, *(metadata.keywords or [])]


def letter_stylesheet(path: Path, font_config: FontConfiguration) -> CSS:
    """The letter's stylesheet, parsed once; it may ask for no file or URL at all.

    One stylesheet serves every village's letters in a batch, so no letterhead folder is its
    own: an @import, @font-face src or url() is refused, naming the URL, even one WeasyPrint
    would fetch only when a rule matches; the fetcher refuses anything that slips past.
    """
    css = path.read_text(encoding="utf-8")
    for url in _stylesheet_urls(tinycss2.parse_stylesheet(css, True, True)):
        raise _refused(url)
    fetcher = LetterheadFetcher([])
    with _nothing_missing(fetcher):
        return CSS(
            string=css,
            base_url=path.resolve().parent.as_uri() + "/",
            url_fetcher=fetcher,
            font_config=font_config,
        )


def _stylesheet_urls(nodes: Iterable[Any]) -> Iterator[str]:
    """Every URL a stylesheet names: url() tokens and functions, and @import's string."""
    for node in nodes:
        kind = getattr(node, "type", None)
        if kind == "url":
            yield node.value
        elif kind == "function" and node.lower_name in ("url", "src", "image-set", "image"):
            strings = [t.value for t in node.arguments if t.type in ("string", "url")]
            yield from strings or [tinycss2.serialize([node])]
        elif kind == "at-rule" and node.lower_at_keyword == "import":
            yield tinycss2.serialize(node.prelude).strip()
        for part in ("prelude", "content", "arguments", "value"):
            children = getattr(node, part, None)
            if isinstance(children, list):
                yield from _stylesheet_urls(children)
