"""Semantic HTML on a village's letterhead, turned into PDF bytes by WeasyPrint.

WeasyPrint fetches nothing but the letterhead's own files: the fetcher below refuses every
other URL (other files, file:// paths outside the letterhead folder, data and network URLs)
and the render stops with an error naming the URL, so no document is printed with a part
missing. One FontConfiguration is made per process and reused across a batch.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint import CSS, HTML
from weasyprint.document import DocumentMetadata
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from noticeclerk.exceptions import ConfigError


class RefusedURL(FatalURLFetchingError):
    """A document asked for something other than its letterhead's files."""


class LetterheadFetcher(URLFetcher):
    """Serves files from the allowed letterhead folders, and nothing else."""

    def __init__(self, allowed: list[Path]) -> None:
        super().__init__(allowed_protocols={"file"}, fail_on_errors=True)
        self.allowed = [folder.resolve() for folder in allowed]

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise RefusedURL(url)
        path = Path(unquote(parts.path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.allowed) or not path.is_file():
            raise RefusedURL(url)
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": _media_type(path)})


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
    source = HTML(string=html, base_url=base, url_fetcher=LetterheadFetcher(letterhead_dirs))
    options: dict[str, Any] = {
        "stylesheets": stylesheets,
        "cache": image_cache,
        "pdf_identifier": identifier.encode("utf-8"),
        "uncompressed_pdf": False,
    }
    try:
        document = source.render(font_config=font_config or shared_font_configuration(), **options)
        if specimen_mark:
            mark_metadata(document.metadata, specimen_mark)
        return document.write_pdf(**options)
    except FatalURLFetchingError as error:
        # WeasyPrint wraps the fetcher's own exception; its cause names the URL refused.
        cause = error.__cause__
        url = cause.args[0] if isinstance(cause, RefusedURL) else str(error)
        raise ConfigError(
            url, None, "a template asks for this; only the letterhead's own files may be used"
        ) from None


def mark_metadata(metadata: DocumentMetadata, mark: str) -> None:
    """The specimen mark in the PDF's title, subject and keywords."""
    metadata.title = f"{mark}: {metadata.title}" if metadata.title else mark
    metadata.description = f"{mark}. {metadata.description}" if metadata.description else mark
    metadata.keywords = ["SPECIMEN", mark, *(metadata.keywords or [])]


def letter_stylesheet(path: Path, font_config: FontConfiguration) -> CSS:
    """The letter's stylesheet, parsed once; it may ask for nothing outside the letterhead."""
    return CSS(string=path.read_text(encoding="utf-8"), font_config=font_config)
