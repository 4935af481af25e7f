"""A PDF and a signing key, turned into a PAdES signed PDF; a signed PDF, into what its
signatures prove."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any


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


def load_key(p12: bytes, password: bytes | None, source: str) -> SigningKey:
    """The key in a PKCS#12 file; InputError in one sentence naming `source` when the file is not
    one, the password is wrong, or the certificate is not valid today."""
    raise NotImplementedError


def signature_box(pdf: bytes) -> tuple[int, tuple[float, float, float, float]]:
    """Where a visible signature goes: the page index and the box (x1, y1, x2, y2 in points) just
    above the line of the document's signature block. InputError when it has none."""
    raise NotImplementedError


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
    be reached or refuses."""
    raise NotImplementedError


def check_signatures(pdf: bytes, trust_roots: Sequence[bytes]) -> list[SignatureCheck]:
    """Every signature in `pdf`, checked for integrity, validity, trust (against the PEM or DER
    certificates in `trust_roots`) and coverage; an empty list for a PDF with none."""
    raise NotImplementedError
