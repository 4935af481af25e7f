"""A PDF or a scanned image, turned into a PDF/A-3b archival copy with its metadata and data."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib.util import find_spec
from io import BytesIO
from pathlib import Path
from typing import Literal

import img2pdf
import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf, String
from pikepdf.models.metadata import decode_pdf_date, encode_pdf_date
from PIL import Image, ImageFile, UnidentifiedImageError

import noticeclerk
from noticeclerk.exceptions import InputError, first_line


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


# The output intent's profile: WeasyPrint's own sRGB (ICC v2, 3 KB), the colour space it draws
# in, so the copy's intent describes the colours the pages were made with; Pillow's built-in
# sRGB is made by LittleCMS at run time and its bytes could change with the library.
_SRGB = "sRGB2014.icc"
_SRGB_NAME = "sRGB IEC61966-2.1"
# Annotation flags: Print must be set; Hidden, Invisible, NoView and ToggleNoView must not be.
_PRINT = 4
_NOT_SHOWN = 1 | 2 | 32 | 256
# Actions an archival copy may not carry: they run something rather than show the page.
_ACTIVE = {"/JavaScript": "JavaScript", "/Launch": "a launch action"}
_IMAGE_KINDS = {"PNG", "JPEG", "TIFF", "MPO"}


def make_pdfa(
    pdf: bytes, metadata: ArchivalMetadata, attachments: Sequence[Attachment] = ()
) -> bytes:
    """The same pages as `pdf`, as a PDF/A-3b file: fonts embedded (refused when one is not),
    an sRGB output intent, XMP metadata from `metadata`, the attachments embedded and listed in
    the catalogue's /AF, printable annotations, a file identifier. The page content is not
    touched, so the copy's text is the original's. InputError in one sentence when the PDF
    cannot be made PDF/A (encrypted, a font not embedded, JavaScript, unreadable)."""
    document = _open_refusing(pdf)
    with document:
        unembedded = _unembedded_fonts(document)
        if unembedded:
            font, page = unembedded[0]
            raise InputError(
                f"The PDF's font {font} (page {page}) is not embedded, so no archival copy can "
                "be made; print the document again with its fonts embedded."
            )
        active = _active_content(document)
        if active:
            raise InputError(
                f"The PDF carries {active[0]}, which an archival copy may not; give a copy of "
                "the document without it."
            )
        return _finished(document, metadata, attachments, seed=pdf)


def image_to_pdfa(
    image: bytes, metadata: ArchivalMetadata, attachments: Sequence[Attachment] = ()
) -> bytes:
    """A scan (PNG, JPEG, TIFF, every page of a multi-page TIFF) as a PDF/A-3b file, one image a
    page at its own size and resolution, the pixels kept as they are (no lossy re-encoding).
    InputError in one sentence when the bytes are not an image of those kinds.

    A scan with an alpha channel (which PDF/A's image would need a soft mask for, and img2pdf
    refuses) is laid on white first, as it would print; its pixels are then kept losslessly."""
    pages = _image_pages(image)
    try:
        made = img2pdf.convert(*pages, nodate=True)
    except Exception as error:  # img2pdf tells a malformed file with a bare Exception
        raise InputError(
            f"The scan could not be laid on pages ({first_line(error)}); scan it again as PNG, "
            "JPEG or TIFF."
        ) from None
    with pikepdf.open(BytesIO(made)) as document:
        return _finished(document, metadata, attachments, seed=image)


def pdfa_problems(pdf: bytes) -> list[str]:
    """What keeps `pdf` from being PDF/A-3b, each in one sentence; empty when the checks that
    can be made here all pass (the claim in its XMP, output intent with an ICC profile, every
    font embedded, XMP and document information agreeing, attachments associated with their
    relationship and media type, a file identifier, no encryption, no JavaScript or launch
    actions, printable annotations)."""
    try:
        document = pikepdf.open(BytesIO(pdf))
    except pikepdf.PasswordError:
        return ["The file is encrypted with a password, so nothing else in it can be checked."]
    except pikepdf.PdfError as error:
        return [f"The file is not a readable PDF ({first_line(error)})."]
    with document:
        problems = _claim_problems(document)
        problems += _intent_problems(document)
        problems += [
            f"The font {font} on page {page} is not embedded."
            for font, page in _unembedded_fonts(document)
        ]
        problems += _agreement_problems(document)
        problems += _attachment_problems(document)
        if "/ID" not in document.trailer:
            problems.append("The file has no identifier (/ID in its trailer).")
        if document.is_encrypted or "/Encrypt" in document.trailer:
            problems.append("The file is encrypted, which PDF/A forbids.")
        problems += [
            f"The file carries {kind}, which PDF/A forbids." for kind in _active_content(document)
        ]
        problems += _annotation_problems(document)
        problems += _interpolation_problems(document)
        if document.pdf_version > "1.7":
            problems.append(f"The file is PDF {document.pdf_version}; PDF/A-3 is PDF 1.7 at most.")
        return problems


# Opening and refusing.


def _open_refusing(pdf: bytes) -> Pdf:
    try:
        document = pikepdf.open(BytesIO(pdf))
    except pikepdf.PasswordError:
        raise InputError(
            "The PDF is encrypted with a password; give an unencrypted copy of it."
        ) from None
    except pikepdf.PdfError as error:
        raise InputError(
            f"The file is not a readable PDF ({first_line(error)}); give the PDF itself, or a "
            "scan as PNG, JPEG or TIFF."
        ) from None
    if document.is_encrypted:
        document.close()
        raise InputError("The PDF is encrypted; give an unencrypted copy of it.")
    return document


def _image_pages(image: bytes) -> list[bytes]:
    """The scan's bytes for img2pdf: as given, or each page laid on white when one has alpha."""
    try:
        with Image.open(BytesIO(image)) as picture:
            if picture.format not in _IMAGE_KINDS:
                raise InputError(
                    f"The file is a {picture.format} image, not PNG, JPEG or TIFF; save the scan "
                    "as one of those."
                )
            if any(frame.mode == "CMYK" for frame in _frames(picture)):
                raise InputError(
                    "The scan is in CMYK colour, which the archive's sRGB copy cannot hold as "
                    "scanned; scan it again in colour (RGB) or greyscale."
                )
            if not any(_has_alpha(frame) for frame in _frames(picture)):
                return [image]
            return [_on_white(frame) for frame in _frames(picture)]
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, ValueError) as error:
        raise InputError(
            f"The file is not a PNG, JPEG or TIFF image ({first_line(error)}); scan it again "
            "as one of those."
        ) from None


def _frames(picture: Image.Image) -> Iterator[Image.Image]:
    """Each page, decoded: img2pdf copies a PNG's or JPEG's data as it is, so a scan cut short
    would otherwise be archived as a page that cannot be drawn."""
    for index in range(getattr(picture, "n_frames", 1)):
        picture.seek(index)
        # WeasyPrint, once imported, lets Pillow fill a cut-short image with grey; a scan must
        # be whole, so it is read strictly here (one thread reads at a time).
        lenient = ImageFile.LOAD_TRUNCATED_IMAGES
        ImageFile.LOAD_TRUNCATED_IMAGES = False
        try:
            picture.load()
        finally:
            ImageFile.LOAD_TRUNCATED_IMAGES = lenient
        yield picture


def _has_alpha(frame: Image.Image) -> bool:
    return frame.mode in ("RGBA", "LA", "PA", "La", "RGBa") or (
        frame.mode == "P" and "transparency" in frame.info
    )


def _on_white(frame: Image.Image) -> bytes:
    """One page laid on white as it would print, kept losslessly as PNG at its resolution."""
    mode = "L" if frame.mode in ("LA", "La") else "RGB"
    drawn = frame.convert(mode + "A")
    page = Image.new(mode, drawn.size, "white")
    page.paste(drawn, mask=drawn.getchannel("A"))
    out = BytesIO()
    dpi = frame.info.get("dpi")
    page.save(out, "PNG", **({"dpi": dpi} if dpi else {}))
    return out.getvalue()


# Finishing: what every archival copy gets, from a PDF or from a scan.


def _finished(
    document: Pdf, metadata: ArchivalMetadata, attachments: Sequence[Attachment], seed: bytes
) -> bytes:
    for when in (metadata.dated, metadata.created):
        if when.tzinfo is None or when.utcoffset() is None:
            raise ValueError(f"archival metadata needs aware datetimes, not {when.isoformat()}")
    _printable_annotations(document)
    _no_interpolation(document)
    _output_intent(document)
    _xmp(document, metadata)
    _embed(document, attachments, metadata.created)
    # The first half of /ID stays the original's when it has one (its permanent identifier);
    # otherwise it is taken from the input's hash. qpdf derives the second from the content.
    first = document.trailer.get("/ID", [None])[0]
    if not isinstance(first, String) or not bytes(first):
        first = String(hashlib.sha256(seed).digest()[:16])
    document.trailer.ID = Array([first, first])
    out = BytesIO()
    document.save(out, force_version="1.7", deterministic_id=True, fix_metadata_version=False)
    return out.getvalue()


def _printable_annotations(document: Pdf) -> None:
    for page in document.pages:
        for annotation in page.obj.get("/Annots", []):
            if annotation.get("/Subtype") == "/Popup":
                continue
            flags = int(annotation.get("/F", 0))
            annotation.F = (flags | _PRINT) & ~_NOT_SHOWN


def _no_interpolation(document: Pdf) -> None:
    # WeasyPrint asks viewers to smooth images; PDF/A forbids it, and it is not page content.
    for image in _images(document):
        if image.get("/Interpolate") is not None:
            image.Interpolate = False


def _output_intent(document: Pdf) -> None:
    stream = document.make_stream(_srgb_profile(), N=3)
    intent = Dictionary(
        Type=Name.OutputIntent,
        S=Name.GTS_PDFA1,
        OutputConditionIdentifier=String(_SRGB_NAME),
        Info=String(_SRGB_NAME),
        RegistryName=String("http://www.color.org"),
        DestOutputProfile=stream,
    )
    # One intent only: PDF/A forbids two with different profiles.
    document.Root.OutputIntents = Array([document.make_indirect(intent)])


@cache
def _srgb_profile() -> bytes:
    # Found without importing WeasyPrint (a second and Pango): archiving needs only the file.
    spec = find_spec("weasyprint")
    if spec is None or spec.origin is None:
        raise RuntimeError("WeasyPrint is not installed, and its sRGB profile with it")
    return (Path(spec.origin).parent / "pdf" / _SRGB).read_bytes()


def _xmp(document: Pdf, metadata: ArchivalMetadata) -> None:
    """XMP from `metadata`, and the document information rewritten from it so the two agree."""
    info = document.trailer.get("/Info")
    made_with = str(info.get("/Producer", "")) if info is not None else ""
    keywords = str(info.get("/Keywords", "")) if info is not None else ""
    # Start from nothing: what the original said (its title, a WeasyPrint date without a zone)
    # would otherwise be kept beside the new values and disagree with them.
    document.trailer.Info = document.make_indirect(Dictionary())
    if "/Metadata" in document.Root:
        del document.Root["/Metadata"]
    with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=True) as xmp:
        xmp["dc:title"] = metadata.title
        xmp["dc:identifier"] = metadata.identifier
        xmp["dc:publisher"] = [metadata.village]
        xmp["dc:creator"] = [metadata.author]
        if metadata.case:
            xmp["dc:relation"] = [f"case {metadata.case}"]
        if metadata.subject:
            xmp["dc:subject"] = [metadata.subject]
            xmp["dc:description"] = metadata.subject
        if keywords:
            # A sample village's specimen mark travels with the copy (generators/pdf).
            xmp["pdf:Keywords"] = keywords
        xmp["dc:format"] = "application/pdf"
        # Whole seconds, as the document information's dates hold them: a computer's clock has
        # microseconds, and the two must agree (verify compares them).
        xmp["xmp:CreateDate"] = _to_the_second(metadata.dated).isoformat()
        xmp["xmp:ModifyDate"] = _to_the_second(metadata.created).isoformat()
        xmp["xmp:MetadataDate"] = _to_the_second(metadata.created).isoformat()
        if made_with:
            xmp["xmp:CreatorTool"] = made_with
        xmp["pdf:Producer"] = f"noticeclerk {noticeclerk.__version__} with pikepdf"
        xmp["pdfaid:part"] = "3"
        xmp["pdfaid:conformance"] = "B"


def _to_the_second(when: datetime) -> datetime:
    return when.replace(microsecond=0)


def _embed(document: Pdf, attachments: Sequence[Attachment], when: datetime) -> None:
    names = [attachment.name for attachment in attachments]
    if len(set(names)) != len(names):
        raise ValueError(f"two attachments share a name: {names}")
    stamp = String(encode_pdf_date(when))
    specs = []
    for attachment in sorted(attachments, key=lambda a: a.name):
        stream = document.make_stream(
            attachment.data,
            Type=Name.EmbeddedFile,
            Subtype=Name("/" + attachment.media_type),
            Params=Dictionary(
                Size=len(attachment.data),
                ModDate=stamp,
                CheckSum=String(hashlib.md5(attachment.data).digest()),
            ),
        )
        spec = document.make_indirect(
            Dictionary(
                Type=Name.Filespec,
                F=String(attachment.name),
                UF=String(attachment.name),
                Desc=String(attachment.description),
                AFRelationship=Name("/" + attachment.relationship),
                EF=Dictionary(F=stream, UF=stream),
            )
        )
        specs.append((attachment.name, spec))
    # What the original already carried is associated too, its relationship unknown.
    for _name, spec in _embedded_files(document):
        if "/AFRelationship" not in spec:
            spec.AFRelationship = Name.Unspecified
        for stream in _file_streams(spec):
            if "/Subtype" not in stream:
                stream.Subtype = Name("/application/octet-stream")
        specs.append((_name, spec))
    if not specs:
        return
    specs.sort(key=lambda pair: pair[0])
    tree = Array()
    for name, spec in specs:
        tree.extend([String(name), spec])
    if "/Names" not in document.Root:
        document.Root.Names = Dictionary()
    document.Root.Names.EmbeddedFiles = document.make_indirect(Dictionary(Names=tree))
    associated = document.Root.get("/AF", Array())
    known = {spec.objgen for spec in associated}
    for _name, spec in specs:
        if spec.objgen not in known:
            associated.append(spec)
    document.Root.AF = associated


# Walking the file.


def _embedded_files(document: Pdf) -> list[tuple[str, Dictionary]]:
    names = document.Root.get("/Names")
    if names is None or "/EmbeddedFiles" not in names:
        return []
    tree = pikepdf.NameTree(names.EmbeddedFiles)
    return [(name, spec) for name, spec in tree.items()]


def _file_streams(spec: Dictionary) -> list[pikepdf.Stream]:
    found = spec.get("/EF", Dictionary())
    return [found[key] for key in ("/F", "/UF") if key in found]


def _resources(document: Pdf) -> Iterator[tuple[int, Dictionary]]:
    """Every resource dictionary the pages draw with, and its page: the page's own, its form
    XObjects', its patterns', Type3 fonts' and annotation appearances', each visited once."""
    seen: set[tuple[int, int]] = set()
    for number, page in enumerate(document.pages, start=1):
        pending = [page.obj.get("/Resources")]
        for annotation in page.obj.get("/Annots", []):
            appearances = annotation.get("/AP", Dictionary())
            for state in appearances.values():
                streams = [state] if isinstance(state, pikepdf.Stream) else list(state.values())
                pending += [stream.get("/Resources") for stream in streams]
        while pending:
            resources = pending.pop()
            if not isinstance(resources, Dictionary):
                continue
            if resources.is_indirect:
                if resources.objgen in seen:
                    continue
                seen.add(resources.objgen)
            yield number, resources
            for group in ("/XObject", "/Pattern", "/Font"):
                for item in resources.get(group, Dictionary()).values():
                    if not isinstance(item, Dictionary | pikepdf.Stream):
                        continue
                    if item.is_indirect and item.objgen in seen:
                        continue
                    if item.is_indirect:
                        seen.add(item.objgen)
                    if "/Resources" in item:
                        pending.append(item.Resources)


def _unembedded_fonts(document: Pdf) -> list[tuple[str, int]]:
    found: dict[str, int] = {}
    for page, resources in _resources(document):
        for font in resources.get("/Font", Dictionary()).values():
            if font.get("/Subtype") == "/Type3":
                continue  # drawn by its own glyph procedures, whose resources are walked
            described = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            descriptor = described.get("/FontDescriptor", Dictionary())
            if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                found.setdefault(str(font.get("/BaseFont", "(unnamed)")).lstrip("/"), page)
    return list(found.items())


def _images(document: Pdf) -> Iterator[pikepdf.Stream]:
    for _page, resources in _resources(document):
        for item in resources.get("/XObject", Dictionary()).values():
            if item.get("/Subtype") == "/Image":
                yield item


def _active_content(document: Pdf) -> list[str]:
    kinds = []
    if "/JavaScript" in document.Root.get("/Names", Dictionary()):
        kinds.append(_ACTIVE["/JavaScript"])
    for thing in _dictionaries(document):
        if "/JS" in thing:
            kinds.append(_ACTIVE["/JavaScript"])
        elif str(thing.get("/S", "")) in _ACTIVE:
            kinds.append(_ACTIVE[str(thing.S)])
    return list(dict.fromkeys(kinds))


def _dictionaries(document: Pdf) -> Iterator[Dictionary]:
    """Every dictionary in the file, those written inline in another object (an /OpenAction, a
    link's /A) as well as the numbered ones."""
    pending: list[object] = list(document.objects)
    while pending:
        thing = pending.pop()
        if isinstance(thing, pikepdf.Stream):
            pending.extend(_inline(thing.stream_dict.values()))
        elif isinstance(thing, Dictionary):
            yield thing
            pending.extend(_inline(thing.values()))
        elif isinstance(thing, Array):
            pending.extend(_inline(thing))


def _inline(values: object) -> list[object]:
    containers = (Dictionary, Array, pikepdf.Stream)
    return [value for value in values if isinstance(value, containers) and not value.is_indirect]


# The checks of pdfa_problems.


def _claim_problems(document: Pdf) -> list[str]:
    if "/Metadata" not in document.Root:
        return ["The file has no XMP metadata, so it does not claim to be PDF/A-3b."]
    status = document.open_metadata().pdfa_status
    if status != "3B":
        claimed = f"PDF/A-{status}" if status else "no PDF/A conformance"
        return [f"The XMP metadata claims {claimed}, not PDF/A-3b."]
    return []


def _intent_problems(document: Pdf) -> list[str]:
    for intent in document.Root.get("/OutputIntents", Array()):
        if intent.get("/S") == "/GTS_PDFA1" and isinstance(
            intent.get("/DestOutputProfile"), pikepdf.Stream
        ):
            return []
    return ["The file has no PDF/A output intent (/GTS_PDFA1) with an ICC profile."]


_AGREEING = (
    ("/Title", "dc:title"),
    ("/Author", "dc:creator"),
    ("/Subject", "dc:description"),
    ("/Keywords", "pdf:Keywords"),
    ("/Producer", "pdf:Producer"),
    ("/Creator", "xmp:CreatorTool"),
    ("/CreationDate", "xmp:CreateDate"),
    ("/ModDate", "xmp:ModifyDate"),
)


def _agreement_problems(document: Pdf) -> list[str]:
    info = document.trailer.get("/Info")
    if info is None or "/Metadata" not in document.Root:
        return []
    xmp = document.open_metadata()
    problems = []
    for key, prop in _AGREEING:
        if key not in info:
            continue
        said = str(info[key])
        written = xmp.get(prop)
        if isinstance(written, list | set):
            written = ", ".join(written) if written else None
        if key.endswith("Date"):
            agree = written is not None and _same_moment(said, str(written))
        else:
            agree = written == said
        if not agree:
            problems.append(f"The document information's {key} does not agree with the XMP {prop}.")
    return problems


def _same_moment(pdf_date: str, xmp_date: str) -> bool:
    """Whether the two dates are the same moment to the second, the PDF date's precision (a
    copy made before the XMP dates were written to the second has microseconds there)."""
    try:
        return decode_pdf_date(pdf_date) == _to_the_second(datetime.fromisoformat(xmp_date))
    except (ValueError, TypeError):
        return False


def _attachment_problems(document: Pdf) -> list[str]:
    associated = {spec.objgen for spec in document.Root.get("/AF", Array()) if spec.is_indirect}
    problems = []
    for name, spec in _embedded_files(document):
        if "/AFRelationship" not in spec:
            problems.append(f"The embedded file {name} has no /AFRelationship.")
        if any("/Subtype" not in stream for stream in _file_streams(spec)):
            problems.append(f"The embedded file {name} has no media type (/Subtype).")
        if not spec.is_indirect or spec.objgen not in associated:
            problems.append(f"The embedded file {name} is not listed in the catalogue's /AF.")
    return problems


def _annotation_problems(document: Pdf) -> list[str]:
    problems = []
    for number, page in enumerate(document.pages, start=1):
        for annotation in page.obj.get("/Annots", []):
            if annotation.get("/Subtype") == "/Popup":
                continue
            flags = int(annotation.get("/F", 0))
            if not flags & _PRINT or flags & _NOT_SHOWN:
                kind = str(annotation.get("/Subtype", "/Annot")).lstrip("/")
                problems.append(f"A {kind} annotation on page {number} is not marked printable.")
    return problems


def _interpolation_problems(document: Pdf) -> list[str]:
    if any(bool(image.get("/Interpolate", False)) for image in _images(document)):
        return ["An image asks to be smoothed (/Interpolate true), which PDF/A forbids."]
    return []
