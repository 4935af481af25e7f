"""A PDF or a scanned image, turned into a PDF/A-3b archival copy with its metadata and data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal


@dataclass(frozen=True)
class ArchivalMetadata:
    """What the copy says about itself, in its XMP metadata and its document information.

    Every value is written with predefined PDF/A schemas only (Dublin Core, XMP basic, Adobe
    PDF), so the copy needs no extension schema.
    """

    title: str  # "Notice of Violation No. 2026-0012"
    identifier: str  # the document's number, or "archive item 7"
    village: str  # the village's name: the publisher
    author: str  # who made the original: "Village Clerk, Village of Palmyra"
    case: str | None  # the case number, written as a relation
    subject: str | None  # the notice type's title, or the kind of record
    dated: datetime  # when the original was made or issued (aware)
    created: datetime  # when this copy is made (aware)


@dataclass(frozen=True)
class Attachment:
    """A file embedded in the copy (PDF/A-3 allows any), associated with the whole document."""

    name: str  # "case-data.json"
    data: bytes
    media_type: str  # "application/json"
    relationship: Literal["Data", "Source", "Supplement", "Alternative", "Unspecified"]
    description: str


def make_pdfa(
    pdf: bytes, metadata: ArchivalMetadata, attachments: Sequence[Attachment] = ()
) -> bytes:
    """The same pages as `pdf`, as a PDF/A-3b file: fonts embedded (refused when one is not),
    an sRGB output intent, XMP metadata from `metadata`, the attachments embedded and listed in
    the catalogue's /AF, printable annotations, a file identifier. The page content is not
    touched, so the copy's text is the original's. InputError in one sentence when the PDF
    cannot be made PDF/A (encrypted, a font not embedded, JavaScript, unreadable)."""
    raise NotImplementedError


def image_to_pdfa(
    image: bytes, metadata: ArchivalMetadata, attachments: Sequence[Attachment] = ()
) -> bytes:
    """A scan (PNG, JPEG, TIFF, every page of a multi-page TIFF) as a PDF/A-3b file, one image a
    page at its own size and resolution, the pixels kept as they are (no lossy re-encoding).
    InputError in one sentence when the bytes are not an image of those kinds."""
    raise NotImplementedError


def pdfa_problems(pdf: bytes) -> list[str]:
    """What keeps `pdf` from being PDF/A-3b, each in one sentence; empty when the checks that
    can be made here all pass (the claim in its XMP, output intent with an ICC profile, every
    font embedded, XMP and document information agreeing, attachments associated with their
    relationship and media type, a file identifier, no encryption, no JavaScript or launch
    actions, printable annotations)."""
    raise NotImplementedError
