"""PDF/A-3b copies of a real rendered letter and of scans, checked with pikepdf and pypdf."""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from io import BytesIO
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name, String
from PIL import Image
from pypdf import PdfReader

from noticeclerk.archive.pdfa import (
    ArchivalMetadata,
    Attachment,
    image_to_pdfa,
    make_pdfa,
    pdfa_problems,
)
from noticeclerk.exceptions import InputError
from noticeclerk.render import render_case

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"
EASTERN = timezone(timedelta(hours=-5))
METADATA = ArchivalMetadata(
    title="Bill for Private Street Maintenance No. VA-2026-B-0003",
    identifier="VA-2026-B-0003",
    village="Village A (SAMPLE)",
    author="Village Clerk, Village A (SAMPLE)",
    case="VA-2026-0007",
    subject="Bill for Private Street Maintenance Performed by the Village",
    dated=datetime(2026, 2, 2, tzinfo=EASTERN),
    created=datetime(2026, 3, 1, 9, 30, tzinfo=EASTERN),
)
CASE_DATA = Attachment(
    name="case-data.json",
    data=b'{"case": "VA-2026-0007", "owner": "<b>{{7*7}}</b> & Co"}\n',
    media_type="application/json",
    relationship="Data",
    description="The case data the document was made from",
)


@pytest.fixture(scope="module")
def letter() -> bytes:
    """A real letter, frozen as the register keeps it (WeasyPrint's own output)."""
    return render_case(CASEBOOK / "village-a" / "maintenance-bill.toml", ("pdf",)).files["pdf"]


@pytest.fixture(scope="module")
def copy(letter: bytes) -> bytes:
    return make_pdfa(letter, METADATA, [CASE_DATA])


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def changed(pdf: bytes, change: Callable[[pikepdf.Pdf], None], **save: object) -> bytes:
    with pikepdf.open(BytesIO(pdf)) as document:
        change(document)
        out = BytesIO()
        document.save(out, **save)
        return out.getvalue()


def png(mode: str, size: tuple[int, int], colour: object, dpi: int = 150) -> bytes:
    out = BytesIO()
    Image.new(mode, size, colour).save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()


# A copy of an issued letter.


def test_a_letter_becomes_a_pdfa_3b_copy_that_passes_every_check(copy: bytes) -> None:
    assert pdfa_problems(copy) == []
    with pikepdf.open(BytesIO(copy)) as document:
        assert document.open_metadata().pdfa_status == "3B"
        assert document.pdf_version == "1.7"
        assert "/ID" in document.trailer
        assert "/Encrypt" not in document.trailer


def test_the_original_letter_is_not_pdfa_so_the_checks_can_fail(letter: bytes) -> None:
    problems = pdfa_problems(letter)
    assert "The file has no XMP metadata, so it does not claim to be PDF/A-3b." in problems
    assert "The file has no PDF/A output intent (/GTS_PDFA1) with an ICC profile." in problems


def test_the_xmp_holds_title_number_village_case_and_dates(copy: bytes) -> None:
    with pikepdf.open(BytesIO(copy)) as document:
        xmp = document.open_metadata()
        assert xmp["dc:title"] == METADATA.title
        assert xmp["dc:identifier"] == "VA-2026-B-0003"
        assert xmp["dc:publisher"] == {"Village A (SAMPLE)"}
        assert xmp["dc:creator"] == ["Village Clerk, Village A (SAMPLE)"]
        assert xmp["dc:relation"] == {"case VA-2026-0007"}
        assert xmp["xmp:CreateDate"] == "2026-02-02T00:00:00-05:00"
        assert xmp["xmp:ModifyDate"] == "2026-03-01T09:30:00-05:00"
        assert xmp["xmp:MetadataDate"] == "2026-03-01T09:30:00-05:00"
        assert document.docinfo["/Title"] == METADATA.title
        # The sample village's specimen mark travels with the copy.
        assert "SPECIMEN" in str(document.docinfo["/Keywords"])


def test_the_case_data_reads_back_byte_for_byte_with_its_relationship(copy: bytes) -> None:
    with pikepdf.open(BytesIO(copy)) as document:
        spec = document.Root.Names.EmbeddedFiles.Names[1]
        assert spec.AFRelationship == Name.Data
        assert spec.UF == "case-data.json"
        assert [item.objgen for item in document.Root.AF] == [spec.objgen]
        stream = spec.EF.F
        assert stream.read_bytes() == CASE_DATA.data
        assert stream.Subtype == Name("/application/json")
        assert stream.Params.Size == len(CASE_DATA.data)
        assert bytes(stream.Params.CheckSum) == hashlib.md5(CASE_DATA.data).digest()


def test_every_page_keeps_the_original_text(letter: bytes, copy: bytes) -> None:
    original = texts(letter)
    assert len(original) == 3
    assert "VA-2026-B-0003" in original[0]
    assert texts(copy) == original


def test_the_same_letter_and_metadata_make_the_same_bytes(letter: bytes, copy: bytes) -> None:
    assert make_pdfa(letter, METADATA, [CASE_DATA]) == copy
    later = replace(METADATA, created=METADATA.created + timedelta(days=1))
    assert make_pdfa(letter, later, [CASE_DATA]) != copy


def test_a_date_without_its_zone_is_a_bug_not_a_copy(letter: bytes) -> None:
    with pytest.raises(ValueError, match="aware"):
        make_pdfa(letter, replace(METADATA, created=datetime(2026, 3, 1)))


# Each check fails when a good copy is broken in one way.


def _no_intent(document: pikepdf.Pdf) -> None:
    del document.Root["/OutputIntents"]


def _font_unembedded(document: pikepdf.Pdf) -> None:
    font = document.pages[0].Resources.Font.KZUJSR
    del font.DescendantFonts[0].FontDescriptor["/FontFile2"]


def _no_af(document: pikepdf.Pdf) -> None:
    del document.Root["/AF"]


def _javascript(document: pikepdf.Pdf) -> None:
    document.Root.OpenAction = Dictionary(S=Name.JavaScript, JS=String("app.alert(1)"))


def _launch(document: pikepdf.Pdf) -> None:
    document.Root.OpenAction = document.make_indirect(
        Dictionary(S=Name.Launch, F=String("calc.exe"))
    )


def _claims_part_2(document: pikepdf.Pdf) -> None:
    with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        xmp["pdfaid:part"] = "2"


def _title_disagrees(document: pikepdf.Pdf) -> None:
    document.docinfo["/Title"] = "Another title"


def _hidden_link(document: pikepdf.Pdf) -> None:
    link = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([0, 0, 10, 10]), F=0)
    document.pages[1].Annots = Array([document.make_indirect(link)])


def _attachment_without_media_type(document: pikepdf.Pdf) -> None:
    del document.Root.Names.EmbeddedFiles.Names[1].EF.F["/Subtype"]


def _smoothed_image(document: pikepdf.Pdf) -> None:
    image = document.make_stream(b"\x00\x00\x00", Type=Name.XObject, Subtype=Name.Image)
    image.stream_dict.update({"/Width": 1, "/Height": 1, "/BitsPerComponent": 8})
    image.ColorSpace = Name.DeviceRGB
    image.Interpolate = True
    document.pages[0].Resources.XObject.Seal = image


@pytest.mark.parametrize(
    ("break_it", "problem"),
    [
        (_no_intent, "The file has no PDF/A output intent (/GTS_PDFA1) with an ICC profile."),
        (_font_unembedded, "The font KZUJSR+Liberation-Serif-Bold on page 1 is not embedded."),
        (_no_af, "The embedded file case-data.json is not listed in the catalogue's /AF."),
        (_javascript, "The file carries JavaScript, which PDF/A forbids."),
        (_launch, "The file carries a launch action, which PDF/A forbids."),
        (_claims_part_2, "The XMP metadata claims PDF/A-2B, not PDF/A-3b."),
        (
            _title_disagrees,
            "The document information's /Title does not agree with the XMP dc:title.",
        ),
        (_hidden_link, "A Link annotation on page 2 is not marked printable."),
        (
            _attachment_without_media_type,
            "The embedded file case-data.json has no media type (/Subtype).",
        ),
        (_smoothed_image, "An image asks to be smoothed (/Interpolate true), which PDF/A forbids."),
    ],
)
def test_a_copy_broken_in_one_way_is_named_for_it(
    copy: bytes, break_it: Callable[[pikepdf.Pdf], None], problem: str
) -> None:
    assert pdfa_problems(changed(copy, break_it)) == [problem]


def test_an_encrypted_copy_is_named_for_it(copy: bytes) -> None:
    encrypted = changed(copy, lambda _: None, encryption=pikepdf.Encryption(owner="o", user=""))
    assert "The file is encrypted, which PDF/A forbids." in pdfa_problems(encrypted)


def test_a_file_without_an_identifier_is_named_for_it(copy: bytes) -> None:
    def no_id(document: pikepdf.Pdf) -> None:
        del document.trailer["/ID"]

    # qpdf writes an /ID on every save, so the trailer is cut by hand: the xref stream keeps it.
    with pikepdf.open(BytesIO(copy)) as document:
        no_id(document)
        out = BytesIO()
        document.save(out, qdf=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    raw = out.getvalue()
    start = raw.rindex(b"/ID [")
    broken = (
        raw[:start]
        + b" " * (raw.index(b"]", start) + 1 - start)
        + raw[raw.index(b"]", start) + 1 :]
    )
    assert "The file has no identifier (/ID in its trailer)." in pdfa_problems(broken)


# Refusals.


def test_bytes_that_are_not_a_pdf_are_refused_in_one_sentence() -> None:
    with pytest.raises(InputError, match=r"^The file is not a readable PDF \(.*\); give the PDF"):
        make_pdfa(b"hello, this is not a PDF", METADATA)


def test_an_encrypted_pdf_is_refused(letter: bytes) -> None:
    locked = changed(letter, lambda _: None, encryption=pikepdf.Encryption(owner="o", user="u"))
    with pytest.raises(InputError, match="encrypted with a password; give an unencrypted copy"):
        make_pdfa(locked, METADATA)
    assert pdfa_problems(locked) == [
        "The file is encrypted with a password, so nothing else in it can be checked."
    ]
    restricted = changed(letter, lambda _: None, encryption=pikepdf.Encryption(owner="o", user=""))
    with pytest.raises(InputError, match=r"^The PDF is encrypted; give an unencrypted copy"):
        make_pdfa(restricted, METADATA)


def hand_made(**catalogue: object) -> bytes:
    """A one-page PDF whose text is set in Helvetica, a font it does not carry."""
    document = pikepdf.Pdf.new()
    font = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica)
    page = document.add_blank_page(page_size=(612, 792))
    page.Resources = Dictionary(Font=Dictionary(F1=font))
    page.Contents = document.make_stream(b"BT /F1 12 Tf 72 720 Td (Notice) Tj ET")
    for key, value in catalogue.items():
        document.Root[f"/{key}"] = value
    out = BytesIO()
    document.save(out)
    return out.getvalue()


def test_a_pdf_with_a_font_not_embedded_is_refused_naming_the_font() -> None:
    with pytest.raises(InputError, match=r"^The PDF's font Helvetica \(page 1\) is not embedded"):
        make_pdfa(hand_made(), METADATA)
    assert "The font Helvetica on page 1 is not embedded." in pdfa_problems(hand_made())


def test_a_pdf_with_javascript_is_refused(copy: bytes) -> None:
    with pytest.raises(InputError, match=r"^The PDF carries JavaScript, which an archival copy"):
        make_pdfa(changed(copy, _javascript), METADATA)
    with pytest.raises(InputError, match=r"^The PDF carries a launch action"):
        make_pdfa(changed(copy, _launch), METADATA)


# Scans.


def test_a_png_scan_becomes_a_copy_at_its_own_size() -> None:
    scan = png("L", (300, 150), 200, dpi=150)
    made = image_to_pdfa(scan, replace(METADATA, case=None, subject=None), [CASE_DATA])
    assert pdfa_problems(made) == []
    with pikepdf.open(BytesIO(made)) as document:
        assert [float(side) for side in document.pages[0].mediabox] == [0, 0, 144, 72]
        assert document.open_metadata().pdfa_status == "3B"


def test_a_jpeg_scan_keeps_its_jpeg_stream_byte_for_byte() -> None:
    out = BytesIO()
    Image.new("RGB", (64, 48), (10, 120, 200)).save(out, "JPEG", quality=70)
    made = image_to_pdfa(out.getvalue(), METADATA)
    assert pdfa_problems(made) == []
    with pikepdf.open(BytesIO(made)) as document:
        (image,) = document.pages[0].get_images().values()
        assert image.Filter == Name.DCTDecode
        assert image.read_raw_bytes() == out.getvalue()


def test_every_page_of_a_two_page_tiff_becomes_a_page() -> None:
    out = BytesIO()
    first, second = Image.new("1", (200, 100), 1), Image.new("1", (100, 200), 0)
    first.save(out, "TIFF", save_all=True, append_images=[second], compression="group4")
    made = image_to_pdfa(out.getvalue(), METADATA)
    assert pdfa_problems(made) == []
    assert len(PdfReader(BytesIO(made)).pages) == 2


def test_a_scan_with_transparency_is_laid_on_white() -> None:
    scan = png("RGBA", (40, 20), (255, 0, 0, 0))
    made = image_to_pdfa(scan, METADATA)
    assert pdfa_problems(made) == []
    with pikepdf.open(BytesIO(made)) as document:
        (image,) = document.pages[0].get_images().values()
        assert "/SMask" not in image
        pixels = pikepdf.PdfImage(image).as_pil_image()
        assert pixels.getpixel((5, 5)) == (255, 255, 255)


def test_bytes_that_are_not_an_image_are_refused_in_one_sentence() -> None:
    with pytest.raises(InputError, match=r"^The file is not a PNG, JPEG or TIFF image"):
        image_to_pdfa(b"\x00garbage" * 10, METADATA)
    out = BytesIO()
    Image.new("RGB", (4, 4)).save(out, "BMP")
    with pytest.raises(InputError, match=r"^The file is a BMP image, not PNG, JPEG or TIFF"):
        image_to_pdfa(out.getvalue(), METADATA)


def test_a_cmyk_scan_is_refused() -> None:
    out = BytesIO()
    Image.new("CMYK", (4, 4)).save(out, "JPEG")
    with pytest.raises(InputError, match="CMYK"):
        image_to_pdfa(out.getvalue(), METADATA)


def nested_fonts() -> bytes:
    """A page that draws only through a form XObject, whose Type3 font's glyphs use Courier."""
    document = pikepdf.Pdf.new()
    courier = Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Courier)
    glyph = document.make_stream(b"0 0 d0 BT /C 1 Tf (a) Tj ET")
    type3 = Dictionary(
        Type=Name.Font,
        Subtype=Name.Type3,
        FontBBox=Array([0, 0, 1, 1]),
        FontMatrix=Array([1, 0, 0, 1, 0, 0]),
        CharProcs=Dictionary(a=glyph),
        Encoding=Dictionary(Differences=Array([97, Name.a])),
        FirstChar=97,
        LastChar=97,
        Widths=Array([1]),
        Resources=Dictionary(Font=Dictionary(C=courier)),
    )
    form = document.make_stream(b"BT /T 12 Tf (a) Tj ET")
    form.stream_dict.update({"/Type": Name.XObject, "/Subtype": Name.Form})
    form.BBox = Array([0, 0, 612, 792])
    form.Resources = Dictionary(Font=Dictionary(T=type3))
    page = document.add_blank_page(page_size=(612, 792))
    page.Resources = Dictionary(XObject=Dictionary(X0=form))
    page.Contents = document.make_stream(b"/X0 Do")
    out = BytesIO()
    document.save(out)
    return out.getvalue()


def test_a_font_inside_a_form_and_a_type3_font_is_found_too() -> None:
    assert "The font Courier on page 1 is not embedded." in pdfa_problems(nested_fonts())
    with pytest.raises(InputError, match=r"^The PDF's font Courier \(page 1\)"):
        make_pdfa(nested_fonts(), METADATA)


def test_what_pdfa_forbids_outside_the_page_content_is_put_right(letter: bytes) -> None:
    def smoothed_and_hidden(document: pikepdf.Pdf) -> None:
        _smoothed_image(document)
        _hidden_link(document)

    original = changed(letter, smoothed_and_hidden)
    assert len(pdfa_problems(original)) == 4
    made = make_pdfa(original, METADATA)
    assert pdfa_problems(made) == []
    with pikepdf.open(BytesIO(made)) as document:
        assert document.pages[1].Annots[0].F == 4
        assert texts(made) == texts(letter)


def test_the_same_scan_and_metadata_make_the_same_bytes() -> None:
    scan = png("RGB", (30, 20), (0, 90, 0))
    assert image_to_pdfa(scan, METADATA) == image_to_pdfa(scan, METADATA)
    assert image_to_pdfa(scan, METADATA) != image_to_pdfa(scan, replace(METADATA, title="Other"))


def test_a_scan_cut_short_is_refused_rather_than_archived_broken() -> None:
    noise = BytesIO()
    Image.frombytes("L", (64, 64), random.Random(7).randbytes(64 * 64)).save(noise, "PNG")
    with pytest.raises(InputError, match=r"^The file is not a PNG, JPEG or TIFF image \(.*\);"):
        image_to_pdfa(noise.getvalue()[:2000], METADATA)
    plain = png("RGB", (300, 300), (1, 2, 3))
    with pytest.raises(InputError, match=r"^The file is not a PNG, JPEG or TIFF image"):
        image_to_pdfa(plain[:200], METADATA)
    jpeg = BytesIO()
    Image.frombytes("L", (64, 64), random.Random(7).randbytes(64 * 64)).save(jpeg, "JPEG")
    with pytest.raises(InputError, match=r"^The file is not a PNG, JPEG or TIFF image"):
        image_to_pdfa(jpeg.getvalue()[:1500], METADATA)


def test_a_copy_made_on_a_clock_with_microseconds_passes_its_own_checks(letter: bytes) -> None:
    # The computer's clock has microseconds; the document information's dates hold seconds.
    real = dataclasses.replace(
        METADATA,
        dated=datetime(2026, 2, 2, 9, 15, 42, 123456, tzinfo=EASTERN),
        created=datetime(2026, 3, 1, 9, 30, 7, 654321, tzinfo=EASTERN),
    )
    copy = make_pdfa(letter, real, [CASE_DATA])
    assert pdfa_problems(copy) == []
    with pikepdf.open(BytesIO(copy)) as document:
        assert document.open_metadata()["xmp:ModifyDate"] == "2026-03-01T09:30:07-05:00"


def test_a_copy_whose_xmp_dates_carry_microseconds_still_agrees_to_the_second(copy: bytes) -> None:
    # Copies made before the XMP dates were written to the second.
    def with_microseconds(document: pikepdf.Pdf) -> None:
        with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
            xmp["xmp:ModifyDate"] = "2026-03-01T09:30:00.654321-05:00"

    assert pdfa_problems(changed(copy, with_microseconds)) == []
    # A date a second off is still named.

    def a_second_off(document: pikepdf.Pdf) -> None:
        with document.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
            xmp["xmp:ModifyDate"] = "2026-03-01T09:30:01-05:00"

    assert pdfa_problems(changed(copy, a_second_off)) == [
        "The document information's /ModDate does not agree with the XMP xmp:ModifyDate."
    ]
