"""A PDF and a signing key, turned into a PAdES signed PDF; a signed PDF, into what its
signatures prove.

The visible signature goes in the blank above the ruled line of the village signer's block
(templates/partials/signature.html.j2): found by the named destination WeasyPrint writes for
the block's id, or, in a document issued before the block had one, by its words (the village's
name in capitals, then the signer's name under the line). The notary's blocks in a jurat have
neither, so they are never signed in. Checking trusts only the roots it is given and fetches
nothing: no revocation (OCSP, CRL) is checked here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from io import BytesIO
from itertools import pairwise
from pathlib import Path
from typing import Any

from asn1crypto import keys as asn1_keys
from asn1crypto import pem as asn1_pem
from asn1crypto import pkcs12 as asn1_pkcs12
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    pkcs12,
)
from cryptography.x509.oid import NameOID
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.metadata.model import VENDOR
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.pdf_utils.text import TextBoxStyle
from pyhanko.sign import fields, signers
from pyhanko.sign.diff_analysis import ModificationLevel
from pyhanko.sign.general import SigningError
from pyhanko.sign.signers import SimpleSigner
from pyhanko.sign.timestamps import HTTPTimeStamper
from pyhanko.sign.timestamps.common_utils import TimestampRequestError
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature
from pyhanko.sign.validation.status import SignatureCoverageLevel
from pyhanko.stamp import TextStampStyle
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.registry import SimpleCertificateStore
from pypdf import PageObject, PdfReader
from pypdf.errors import PdfReadError

from noticeclerk.dispatch.window import Box, text_boxes
from noticeclerk.exceptions import InputError


@dataclass(frozen=True)
class SigningKey:
    """A private key with its certificate and chain, read from a PKCS#12 (.p12/.pfx) file."""

    source: str  # the file's name, for the sentences that name it
    signer: str  # the certificate subject's common name
    handle: Any  # what the signing library signs with (pyHanko's SimpleSigner)


@dataclass(frozen=True)
class SignatureCheck:
    """One signature of a PDF, checked: who signed, when, and whether it still holds."""

    field: str  # the signature field's name
    signer: str  # the signing certificate subject's common name
    signed_at: datetime | None  # the timestamp's time when there is one, else the claimed time
    timestamped: bool
    intact: bool  # the signed bytes still have the digest the signature covers
    valid: bool  # the signature is cryptographically good for the certificate
    trusted: bool  # the certificate chains to one of the trust roots given
    covers_whole_file: bool  # False when bytes were added after signing
    # One sentence when anything above is wrong ("altered after it was signed", "signed by a
    # certificate no trusted root issued", ...), None when the signature holds.
    problem: str | None
    # False for the one check of a file that cannot be read as a PDF at all: no signature.
    readable: bool = True


# The named destination WeasyPrint writes for the signer's block (partials/signature.html.j2).
BLOCK_ID = "signature-block"
INCH = 72.0
# The ruled line of the block is 3in wide (letter.css .signature .line); the stamp keeps to it.
LINE_WIDTH = 3 * INCH
# Clearance kept between the stamp and the village's name above it and the ruled line below.
ABOVE_GAP = 1.0
BELOW_GAP = 5.0
# The space letter.css leaves above the line is 0.4in; a block with much less room than that
# is not the signer's block.
LEAST_ROOM = 0.25 * INCH
STAMP_FONT_SIZE = 7
# Fonts embedded in the stamp so that a PDF/A copy stays PDF/A (a PDF/A file may not use the
# standard fonts unembedded); the first one found here is used.
STAMP_FONTS = (
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)
FIELD_PREFIX = "Signature"


def load_key(p12: bytes, password: bytes | None, source: str) -> SigningKey:
    """The key in a PKCS#12 file; InputError in one sentence naming `source` when the file is not
    one, the password is wrong, or the certificate is not valid today."""
    try:
        private_key, certificate, chain = pkcs12.load_key_and_certificates(p12, password)
    except (ValueError, TypeError):
        if _is_pkcs12(p12):
            raise InputError(
                f"The password does not open the key file {source}; type the password it was "
                "exported with."
            ) from None
        raise InputError(
            f"{source} is not a PKCS#12 key file (.p12 or .pfx); export the signing key and "
            "its certificate as one."
        ) from None
    if private_key is None or certificate is None:
        raise InputError(
            f"{source} holds no private key with its certificate; export the signing key "
            "together with its certificate."
        )
    now = datetime.now(UTC)
    if certificate.not_valid_after_utc < now:
        raise InputError(
            f"The certificate in {source} expired on "
            f"{certificate.not_valid_after_utc:%Y-%m-%d}; sign with a current one."
        )
    if certificate.not_valid_before_utc > now:
        raise InputError(
            f"The certificate in {source} is not valid until "
            f"{certificate.not_valid_before_utc:%Y-%m-%d}; sign with a current one."
        )
    signer = SimpleSigner(
        signing_cert=asn1_x509.Certificate.load(certificate.public_bytes(Encoding.DER)),
        signing_key=asn1_keys.PrivateKeyInfo.load(
            private_key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
        ),
        cert_registry=SimpleCertificateStore.from_certs(
            [asn1_x509.Certificate.load(c.public_bytes(Encoding.DER)) for c in chain or ()]
        ),
    )
    return SigningKey(source=source, signer=_common_name(certificate.subject), handle=signer)


def _is_pkcs12(data: bytes) -> bool:
    """Whether the bytes parse as a PKCS#12 structure, so a refusal is the password's."""
    try:
        pfx = asn1_pkcs12.Pfx.load(data)
        # asn1crypto parses lazily: reading the fields is what finds garbage.
        return pfx["auth_safe"]["content_type"].native is not None
    except Exception:  # asn1crypto raises ValueError, TypeError or its own for garbage
        return False


def _common_name(name: x509.Name) -> str:
    names = name.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(names[0].value) if names else name.rfc4514_string()


def signature_box(pdf: bytes) -> tuple[int, tuple[float, float, float, float]]:
    """Where a visible signature goes: the page index and the box (x1, y1, x2, y2 in points) just
    above the line of the document's signature block. InputError when it has none."""
    try:
        reader = PdfReader(BytesIO(pdf))
        # pypdf reads the page tree only when asked; a file that is no PDF fails here.
        reader.pages[0]
    except (PdfReadError, IndexError, ValueError):
        raise InputError(
            "The file to sign cannot be read as a PDF; sign the document's issued PDF."
        ) from None
    found = _block_by_destination(reader) or _block_by_text(reader)
    if found is None:
        raise InputError(
            "The document has no signature block of the village's signer to sign in; only a "
            "document issued with one (a letter, an order, a decision) can be signed."
        )
    index, left, top = found
    page = reader.pages[index]
    height = float(page.mediabox.height)
    space = _space_above_line(text_boxes(page), left, top)
    if space is None:
        raise InputError(
            "The document's signature block has no room above its line for a signature; "
            "re-issue it from the current templates."
        )
    upper, lower = space
    return index, (left, height - lower, left + LINE_WIDTH, height - upper)


def _block_by_destination(reader: PdfReader) -> tuple[int, float, float] | None:
    """The block's page, left edge and top (points from the sheet's top) from the named
    destination WeasyPrint writes for its id."""
    destination = reader.named_destinations.get(BLOCK_ID)
    if destination is None:
        return None
    index = reader.get_destination_page_number(destination)
    page = reader.pages[index]
    left, top = destination.left, destination.top
    if left is None or top is None:
        return None
    return index, float(left), float(page.mediabox.height) - float(top)


def _block_by_text(reader: PdfReader) -> tuple[int, float, float] | None:
    """For a document issued before the block had an id: the last line in capitals (the
    village's name) with another line (the signer's name) starting under it past a gap about
    as tall as the block's space, the last such on the latest page."""
    for index in range(len(reader.pages) - 1, -1, -1):
        page = reader.pages[index]
        lines = _text_lines(page)
        for (text, x, baseline, size), (_, x2, baseline2, _) in reversed(list(pairwise(lines))):
            letters = [c for c in text if c.isalpha()]
            if len(letters) < 3 or text != text.upper() or abs(x - x2) > 1.0:
                continue
            if LEAST_ROOM + size <= baseline2 - baseline <= 0.4 * INCH + 4 * size:
                return index, x, baseline - size
    return None


def _text_lines(page: PageObject) -> list[tuple[str, float, float, float]]:
    """The page's runs of text as pypdf reads them: text, left edge, baseline (from the top)
    and size, top to bottom. The runs' extents come from window.text_boxes; only their words
    are needed from here."""
    height = float(page.mediabox.height)
    runs: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if not text.strip():
            return
        a, b, c, d, e, f = (float(v) for v in cm)
        if abs(float(tm[1])) > 1e-6 or abs(float(tm[2])) > 1e-6 or abs(b) > 1e-6 or abs(c) > 1e-6:
            return  # turned text: a draft's mark, not a line of the block
        x, y = float(tm[4]) * a + e, float(tm[5]) * d + f
        runs.append((text.strip(), x, height - y, size * abs(float(tm[3]) * d)))

    page.extract_text(visitor_text=visit)
    return sorted(runs, key=lambda run: (round(run[2], 1), run[1]))


def _space_above_line(boxes: list[Box], left: float, top: float) -> tuple[float, float] | None:
    """The blank between the block's first line (the village's name) and its next (the signer's
    name, just under the ruled line), from points below the sheet's top; None when the block
    has not that much room."""
    near = [
        box
        for box in boxes
        if box.bottom > top + 1.0
        and left - 2.0 <= box.left <= left + LINE_WIDTH
        and box.bottom - box.top < 2 * INCH  # a draft's mark, turned, covers the whole sheet
    ]
    if not near:
        return None
    near.sort(key=lambda box: box.top)
    first = near[0]
    name_bottom = max(box.bottom for box in near if box.top < first.bottom - 1.0)
    below = [box.top for box in near if box.top >= name_bottom - 1.0]
    if not below:
        return None
    upper, lower = name_bottom + ABOVE_GAP, min(below) - BELOW_GAP
    if lower - upper < LEAST_ROOM - ABOVE_GAP - BELOW_GAP:
        return None
    return upper, lower


def sign_pdf(
    pdf: bytes,
    key: SigningKey,
    *,
    reason: str,
    location: str,
    timestamp_url: str | None = None,
    trust_roots: Sequence[bytes] = (),
) -> bytes:
    """`pdf` signed PAdES (B-B, or B-T with a timestamp from `timestamp_url`), visibly in its
    signature box, as an incremental update (the original bytes stay a prefix of the result,
    so a PDF/A file stays PDF/A). InputError in one sentence when the timestamp server cannot
    be reached or refuses.

    `trust_roots` are not needed to sign; they are accepted so that a caller can pass the same
    settings to signing and checking."""
    page, box = signature_box(pdf)
    # fontTools reports each table of the stamp's font it leaves out; not the clerk's business.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    writer = IncrementalPdfFileWriter(BytesIO(pdf), strict=False)
    _producer_as_pyhanko_writes_it(writer)
    name = _free_field_name(writer)
    fields.append_signature_field(
        writer, fields.SigFieldSpec(sig_field_name=name, on_page=page, box=box)
    )
    metadata = signers.PdfSignatureMetadata(
        field_name=name,
        reason=reason,
        location=location,
        md_algorithm="sha256",
        subfilter=fields.SigSeedSubFilter.PADES,
    )
    timestamper = HTTPTimeStamper(timestamp_url, timeout=10) if timestamp_url else None
    signer = signers.PdfSigner(
        metadata, signer=key.handle, timestamper=timestamper, stamp_style=_stamp_style()
    )
    output = BytesIO()
    try:
        signer.sign_pdf(writer, output=output)
    except (TimeoutError, TimestampRequestError, OSError) as error:
        raise _timestamp_refused(timestamp_url, error) from None
    except SigningError as error:
        if timestamp_url and isinstance(error.__cause__ or error.__context__, Exception):
            raise _timestamp_refused(timestamp_url, error) from None
        raise
    return output.getvalue()


def _producer_as_pyhanko_writes_it(writer: IncrementalPdfFileWriter) -> None:
    """pyHanko names itself the XMP producer and adds its name to the document information's
    producer; PDF/A wants the two to agree, so the information names it alone too (pyHanko
    keeps a producer that already holds its name)."""
    reference = writer.trailer_view.raw_get("/Info")
    if not isinstance(reference, generic.IndirectObject):
        return
    info = reference.get_object()
    info["/Producer"] = generic.TextStringObject(VENDOR)
    writer.mark_update(reference)


def _timestamp_refused(url: str | None, error: BaseException) -> InputError:
    return InputError(
        f"The timestamp server {url} could not be reached or refused the request "
        f"({_first_line(error)}); check [signing] timestamp_url, or sign without a timestamp."
    )


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]


def _free_field_name(writer: IncrementalPdfFileWriter) -> str:
    taken = {name for name, _, _ in fields.enumerate_sig_fields(writer.prev, filled_status=None)}
    number = 1
    while f"{FIELD_PREFIX}{number}" in taken:
        number += 1
    return f"{FIELD_PREFIX}{number}"


def _embedding_font_engine() -> Any:
    """pyHanko's embedding font engine, which needs pyHanko's [opentype] extra (uharfbuzz);
    without it the stamp is set in the standard Courier, not embedded.

    pyHanko writes each glyph's advance into the font's /W in the font's own units, which a PDF
    reader takes as thousandths of an em: right only for a font of 1,000 units to the em.
    Liberation Sans has 2,048, so every letter of the stamp stood twice its width from the
    next and the signer's name ran out of the box ("Morgan Elli"). This engine shapes in
    thousandths of an em and writes the widths in them, so the two agree."""
    try:
        from pyhanko.pdf_utils.font.opentype import GlyphAccumulator, GlyphAccumulatorFactory
    except ImportError:
        return None

    class ThousandthsGlyphAccumulator(GlyphAccumulator):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._to_thousandths = 1000 / self.units_per_em
            self.hb_font.scale = (1000, 1000)
            self.units_per_em = 1000

        def _get_cid_and_width(self, glyph_id: int) -> tuple[int, int]:
            if glyph_id not in self._glyphs:
                cid, width = super()._get_cid_and_width(glyph_id)
                self._glyphs[glyph_id] = (cid, round(width * self._to_thousandths))
            return self._glyphs[glyph_id]

    class ThousandthsFactory(GlyphAccumulatorFactory):
        def create_font_engine(self, writer: Any, obj_stream: Any = None) -> GlyphAccumulator:
            if obj_stream is None and writer.stream_xrefs and self.create_objstream_if_needed:
                obj_stream = writer.prepare_object_stream()
            return ThousandthsGlyphAccumulator(
                writer=writer,
                font_handle=open(self.font_file, "rb"),  # pyHanko keeps it open
                font_size=self.font_size,
                ot_script_tag=self.ot_script_tag,
                ot_language_tag=self.ot_language_tag,
                writing_direction=self.writing_direction,
                bcp47_lang_code=self.bcp47_lang_code,
                obj_stream=obj_stream,
            )

    return ThousandthsFactory


def _stamp_style() -> TextStampStyle:
    """Who signed and when, small and unframed, in a font embedded in the file."""
    font_file = next((path for path in STAMP_FONTS if Path(path).is_file()), None)
    text_style: dict[str, Any] = {"font_size": STAMP_FONT_SIZE}
    engine = _embedding_font_engine()
    if font_file is not None and engine is not None:
        text_style["font"] = engine(font_file, font_size=STAMP_FONT_SIZE)
    return TextStampStyle(
        stamp_text="Digitally signed by %(signer)s\n%(ts)s",
        timestamp_format="%Y-%m-%d %H:%M:%S %Z",
        text_box_style=TextBoxStyle(**text_style),
        border_width=0,
        background=None,
    )


def check_signatures(pdf: bytes, trust_roots: Sequence[bytes]) -> list[SignatureCheck]:
    """Every signature in `pdf`, checked for integrity, validity, trust (against the PEM or DER
    certificates in `trust_roots`) and coverage; an empty list for a PDF with none.

    A damaged signature is reported, never raised; a file that cannot be read as a PDF at all
    gives one check saying so. Nothing is fetched and revocation is not checked."""
    try:
        reader = PdfFileReader(BytesIO(pdf), strict=False)
        signatures = list(reader.embedded_signatures)
    except Exception as error:  # a file too damaged to read: reported like a broken signature
        return [_unreadable(error)]
    roots = [_certificate(data) for data in trust_roots]
    checks = []
    for signature in signatures:
        context = ValidationContext(trust_roots=roots, allow_fetching=False)
        try:
            status = validate_pdf_signature(signature, signer_validation_context=context)
        except Exception as error:  # a malformed signature dictionary or CMS blob
            checks.append(_broken(signature.field_name, error))
            continue
        checks.append(_check(signature, status))
    return checks


def _certificate(data: bytes) -> asn1_x509.Certificate:
    if asn1_pem.detect(data):
        _, _, data = asn1_pem.unarmor(data)
    return asn1_x509.Certificate.load(data)


def _check(signature: EmbeddedPdfSignature, status: Any) -> SignatureCheck:
    timestamp = status.timestamp_validity
    timestamped = timestamp is not None
    signed_at = timestamp.timestamp if timestamped else status.signer_reported_dt
    whole = status.coverage == SignatureCoverageLevel.ENTIRE_FILE
    # Bytes after the signature are harmless only as later revisions that add no more than
    # signatures or timestamps; bytes that are no revision at all are an alteration too.
    later_revisions = signature.signed_revision < signature.reader.xrefs.total_revisions - 1
    level = status.modification_level
    altered = not whole and (
        not later_revisions
        or level is None
        or level > ModificationLevel.FORM_FILLING
        or status.docmdp_ok is False
    )
    problem = None
    if not status.intact:
        problem = "its signed bytes were changed after it was signed, so it no longer holds"
    elif not status.valid:
        problem = "its signature does not verify with the signer's certificate"
    elif altered:
        problem = "the file was altered after it was signed (bytes were added after the signature)"
    elif not status.trusted:
        problem = "it was signed by a certificate no trusted root issued, or one not valid then"
    elif timestamped and not timestamp.trusted:
        problem = "its timestamp was made by a time-stamping authority no trusted root issued"
    return SignatureCheck(
        field=signature.field_name,
        signer=_common_name_of(status.signing_cert),
        signed_at=signed_at,
        timestamped=timestamped,
        intact=bool(status.intact),
        valid=bool(status.valid),
        trusted=bool(status.trusted),
        covers_whole_file=whole,
        problem=problem,
    )


def _common_name_of(certificate: asn1_x509.Certificate) -> str:
    return str(certificate.subject.native.get("common_name") or certificate.subject.human_friendly)


def _broken(field: str, error: BaseException) -> SignatureCheck:
    return SignatureCheck(
        field=field,
        signer="",
        signed_at=None,
        timestamped=False,
        intact=False,
        valid=False,
        trusted=False,
        covers_whole_file=False,
        problem=f"the signature cannot be read ({_first_line(error)}), so it proves nothing",
    )


def _unreadable(error: BaseException) -> SignatureCheck:
    check = _broken("", error)
    return SignatureCheck(
        **{
            **check.__dict__,
            "problem": f"the file cannot be read as a PDF ({_first_line(error)}), so its "
            "signatures cannot be checked",
            "readable": False,
        }
    )
