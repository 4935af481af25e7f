"""Signing an issued document with a key from a throwaway certificate authority made here, and
checking the signature: trusted, timestamped, and caught when the file is changed after."""

from __future__ import annotations

import re
import subprocess
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BytesIO
from pathlib import Path

import pytest
from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from certificate_authority import NOW, PASSWORD, Authority
from cryptography.hazmat.primitives.serialization import (
    BestAvailableEncryption,
    Encoding,
    NoEncryption,
    PrivateFormat,
    pkcs12,
)
from pyhanko.pdf_utils.generic import NameObject, NumberObject, TextStringObject
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pypdf import PdfReader
from tsa_server import tsa_server

from noticeclerk.archive.signing import check_signatures, load_key, sign_pdf, signature_box
from noticeclerk.content.village import load_village
from noticeclerk.dispatch.window import text_boxes
from noticeclerk.exceptions import InputError
from noticeclerk.generators.pdf import render_pdf
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


@pytest.fixture(scope="module")
def authority() -> Authority:
    return Authority.make("Palmyra Test Root CA")


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer()


@pytest.fixture(scope="module")
def letter(renderer: Renderer) -> bytes:
    return renderer.render(CASEBOOK / "palmyra" / "house-numbering-notice.toml", ("pdf",)).files[
        "pdf"
    ]


@pytest.fixture(scope="module")
def key(authority: Authority):
    return load_key(authority.p12("Jane Q. Clerk"), PASSWORD, "clerk.p12")


@pytest.fixture(scope="module")
def signed(letter: bytes, key) -> bytes:
    return sign_pdf(letter, key, reason="Issued", location="Village of Palmyra")


def test_a_signed_letter_keeps_the_original_bytes_as_its_prefix(letter, signed):
    assert signed.startswith(letter)
    assert len(signed) > len(letter)


def test_a_signed_letter_checks_intact_valid_trusted_over_the_whole_file(signed, authority):
    [check] = check_signatures(signed, [authority.root_pem()])
    assert check.field == "Signature1"
    assert check.signer == "Jane Q. Clerk"
    assert (check.intact, check.valid, check.trusted, check.covers_whole_file) == (
        True,
        True,
        True,
        True,
    )
    assert check.timestamped is False
    assert check.problem is None
    assert check.signed_at is not None and abs(check.signed_at - datetime.now(UTC)) < timedelta(
        minutes=5
    )


def test_the_trust_roots_may_be_given_as_der(signed, authority):
    [check] = check_signatures(signed, [authority.certificate.public_bytes(Encoding.DER)])
    assert check.trusted


def test_a_letter_with_no_signature_has_no_checks(letter, authority):
    assert check_signatures(letter, [authority.root_pem()]) == []


def test_a_signer_whose_authority_is_not_among_the_roots_is_not_trusted(letter, authority):
    stranger = Authority.make("Somebody Else CA")
    other = load_key(stranger.p12("Mallory"), PASSWORD, "mallory.p12")
    signed = sign_pdf(letter, other, reason="Issued", location="Nowhere")
    [check] = check_signatures(signed, [authority.root_pem()])
    assert check.intact and check.valid and not check.trusted
    assert check.signer == "Mallory"
    assert "no trusted root" in check.problem


def test_one_byte_flipped_inside_the_signed_range_is_caught(letter, signed, authority):
    # A byte of the letter's own content, well inside the first signed range.
    at = len(letter) // 2
    changed = bytearray(signed)
    changed[at] ^= 0x01
    [check] = check_signatures(bytes(changed), [authority.root_pem()])
    assert not check.intact
    assert not check.trusted
    assert "signed bytes were changed" in check.problem


def test_a_revision_added_after_signing_is_caught(signed, authority):
    writer = IncrementalPdfFileWriter(BytesIO(signed))
    info = writer.trailer["/Info"]
    info[NameObject("/Title")] = TextStringObject("Something else entirely")
    writer.update_container(info)
    first_page = writer.root["/Pages"]["/Kids"][0].get_object()
    first_page[NameObject("/Rotate")] = NumberObject(90)
    writer.update_container(first_page)
    out = BytesIO()
    writer.write(out)
    [check] = check_signatures(out.getvalue(), [authority.root_pem()])
    assert check.intact and check.valid
    assert not check.covers_whole_file
    assert "altered after it was signed" in check.problem


def test_plain_bytes_appended_after_signing_are_caught(signed, authority):
    [check] = check_signatures(signed + b"\n% appended later\n", [authority.root_pem()])
    assert not check.covers_whole_file
    assert "altered after it was signed" in check.problem


def test_a_file_that_is_no_pdf_is_reported_not_raised(authority):
    [check] = check_signatures(b"not a pdf at all", [authority.root_pem()])
    assert not check.intact and "cannot be read as a PDF" in check.problem


def test_a_timestamped_signature_carries_the_authoritys_time(letter, key, authority):
    tsa_key, tsa_certificate = authority.issue("Palmyra Test TSA", time_stamping=True)
    fixed = datetime(2026, 11, 30, 14, 5, 0, tzinfo=UTC)
    with tsa_server(
        asn1_x509.Certificate.load(tsa_certificate.public_bytes(Encoding.DER)),
        asn1_keys.PrivateKeyInfo.load(
            tsa_key.private_bytes(Encoding.DER, PrivateFormat.PKCS8, NoEncryption())
        ),
        fixed_time=fixed,
    ) as tsa:
        signed = sign_pdf(letter, key, reason="Issued", location="Palmyra", timestamp_url=tsa.url)
    assert len(tsa.requests) >= 1
    [check] = check_signatures(signed, [authority.root_pem()])
    assert check.timestamped
    assert check.signed_at == fixed
    assert check.trusted and check.problem is None


def test_an_unreachable_timestamp_server_is_refused_naming_its_url(letter, key):
    url = "http://127.0.0.1:9/tsa"
    with pytest.raises(InputError, match=r"timestamp server http://127\.0\.0\.1:9/tsa") as error:
        sign_pdf(letter, key, reason="Issued", location="Palmyra", timestamp_url=url)
    assert str(error.value).count(". ") == 0


def test_a_wrong_password_is_refused_naming_the_file(authority):
    with pytest.raises(InputError, match=r"password does not open the key file clerk\.p12"):
        load_key(authority.p12("Jane Q. Clerk"), b"wrong", "clerk.p12")


def test_a_file_that_is_no_pkcs12_is_refused_naming_it():
    with pytest.raises(InputError, match=r"notes\.txt is not a PKCS#12 key file"):
        load_key(b"these are my notes", PASSWORD, "notes.txt")


def test_an_expired_certificate_is_refused_naming_the_file(authority):
    p12 = authority.p12(
        "Jane Q. Clerk",
        not_before=NOW - timedelta(days=400),
        not_after=NOW - timedelta(days=2),
    )
    with pytest.raises(InputError, match=r"certificate in old\.p12 expired on"):
        load_key(p12, PASSWORD, "old.p12")


def test_a_certificate_not_yet_valid_is_refused_naming_the_file(authority):
    p12 = authority.p12(
        "Jane Q. Clerk",
        not_before=NOW + timedelta(days=2),
        not_after=NOW + timedelta(days=400),
    )
    with pytest.raises(InputError, match=r"certificate in early\.p12 is not valid until"):
        load_key(p12, PASSWORD, "early.p12")


def test_a_pkcs12_with_no_key_is_refused_naming_the_file(authority):
    p12 = pkcs12.serialize_key_and_certificates(
        None, None, None, [authority.certificate], BestAvailableEncryption(PASSWORD)
    )
    with pytest.raises(InputError, match=r"certs\.p12 holds no private key"):
        load_key(p12, PASSWORD, "certs.p12")


def test_the_box_lies_in_the_blank_above_the_signature_line_inside_the_page(letter, signed):
    index, (x1, y1, x2, y2) = signature_box(letter)
    page = PdfReader(BytesIO(letter)).pages[index]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert 0 < x1 < x2 <= width and 0 < y1 < y2 <= height
    assert y2 - y1 >= 20  # most of the 0.4in letter.css leaves above the line
    top, bottom = height - y2, height - y1
    boxes = text_boxes(page)
    # No text of the letter inside the box; the village's name just above, the signer's just below.
    assert not [
        b for b in boxes if b.left < x2 and b.right > x1 and b.bottom > top and b.top < bottom
    ]
    assert [b for b in boxes if 0 <= top - b.bottom < 6 and b.left < x2]
    assert [b for b in boxes if 0 <= b.top - bottom < 8 and b.left < x2]
    # The signature's widget is put exactly there.
    annotations = [a.get_object() for a in PdfReader(BytesIO(signed)).pages[index]["/Annots"]]
    [widget] = [a for a in annotations if a.get("/FT") == "/Sig"]
    assert [round(float(v), 1) for v in widget["/Rect"]] == [round(v, 1) for v in (x1, y1, x2, y2)]


def test_a_document_issued_before_the_block_had_its_id_is_signed_in_the_same_place(
    renderer, letter
):
    rendered = renderer.render(CASEBOOK / "palmyra" / "house-numbering-notice.toml", ("pdf",))
    html = rendered.html.replace(' id="signature-block"', "")
    assert html != rendered.html
    older = render_pdf(
        html,
        list(load_village(rendered.village).letterhead.folders),
        identifier="older",
        stylesheets=renderer.stylesheets,
    )
    assert b"signature-block" not in older
    page, box = signature_box(older)
    expected_page, expected = signature_box(letter)
    assert page == expected_page
    assert box == pytest.approx(expected, abs=1.0)


def test_a_sworn_statement_is_signed_in_the_signers_block_not_the_notarys(renderer):
    pdf = renderer.render(CASEBOOK / "village-a" / "sworn-statement.toml", ("pdf",)).files["pdf"]
    index, (_, y1, _, y2) = signature_box(pdf)
    page = PdfReader(BytesIO(pdf)).pages[index]
    baselines: dict[str, float] = {}

    def visit(text, cm, tm, font, size):
        for words in ("Deponent:", "Sworn to before me", "Notary Public"):
            if text.startswith(words):
                baselines[words] = float(tm[5]) * float(cm[3]) + float(cm[5])

    page.extract_text(visitor_text=visit)
    # PDF's y grows upwards: the box is under the deponent's caption (an affidavit is personal,
    # signed under no Village caption) and above the jurat.
    assert baselines["Deponent:"] > y2 > y1 > baselines["Sworn to before me"]
    assert y1 > baselines["Notary Public"]


def test_a_document_with_only_a_notarys_block_is_refused_in_one_sentence(renderer, letter):
    rendered = renderer.render(CASEBOOK / "palmyra" / "house-numbering-notice.toml", ("pdf",))
    jurat_only = (
        "<html><body><p>Sworn to before me this ____ day of ______________, 20___.</p>"
        '<div class="signature"><div class="line"><p>Notary Public, State of New York</p>'
        "</div></div></body></html>"
    )
    pdf = render_pdf(
        jurat_only,
        list(load_village(rendered.village).letterhead.folders),
        identifier="jurat",
        stylesheets=renderer.stylesheets,
    )
    with pytest.raises(InputError, match="no signature block") as error:
        signature_box(pdf)
    assert str(error.value).count(". ") == 0


def _page_pixels(pdf: bytes, page: int, folder: Path, name: str) -> tuple[int, int, bytes]:
    """The page in grey at 72 dpi (a pixel a point, from the top-left), as pdftoppm draws it."""
    prefix = folder / name
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "72", "-f", str(page + 1), "-l", str(page + 1), "-", prefix],
        input=pdf,
        check=True,
    )
    [image] = folder.glob(f"{name}*.pgm")
    data = image.read_bytes()
    # A binary PGM: "P5", width, height, maximum, one white-space byte, then the pixels.
    magic, width, height, maximum, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and maximum == b"255"
    return int(width), int(height), pixels


def test_the_stamp_is_drawn_inside_its_box_and_nowhere_else(letter, signed, tmp_path):
    index, (x1, y1, x2, y2) = signature_box(letter)
    width, height, before = _page_pixels(letter, index, tmp_path, "before")
    _, _, after = _page_pixels(signed, index, tmp_path, "after")
    changed = [
        (i % width, i // width) for i in range(width * height) if abs(before[i] - after[i]) > 40
    ]
    assert changed, "the signature draws nothing"
    top, bottom = height - y2, height - y1
    outside = [
        (x, y) for x, y in changed if not (x1 - 1 <= x <= x2 + 1 and top - 1 <= y <= bottom + 1)
    ]
    assert outside == []


def test_a_timestamp_server_that_refuses_is_refused_naming_its_url(letter, key):
    class Refusing(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            self.send_response(500)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<h1>Internal error</h1>")

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with pytest.raises(InputError, match=re.escape(f"timestamp server {url} could not")):
            sign_pdf(letter, key, reason="Issued", location="Palmyra", timestamp_url=url)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_a_second_signature_later_is_no_alteration_of_the_first(signed, key, authority):
    twice = sign_pdf(signed, key, reason="Countersigned", location="Palmyra")
    first, second = check_signatures(twice, [authority.root_pem()])
    assert (first.field, second.field) == ("Signature1", "Signature2")
    assert not first.covers_whole_file and first.problem is None
    assert second.covers_whole_file and second.problem is None


def test_a_file_that_is_no_pdf_is_refused_for_signing(key):
    with pytest.raises(InputError, match="cannot be read as a PDF"):
        sign_pdf(b"GIF89a not a pdf", key, reason="Issued", location="Palmyra")
