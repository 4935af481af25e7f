"""The visible signature's words are set at their own widths: the stamp's embedded font gives
each letter its advance in thousandths of an em, as a PDF reader reads it, so the signer's
name fits its box whole."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pikepdf
import pytest
from certificate_authority import PASSWORD, Authority
from fontTools.ttLib import TTFont

from noticeclerk.archive.signing import STAMP_FONTS, load_key, sign_pdf
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook"


def stamp_widths(signed: bytes) -> list:  # type: ignore[type-arg]
    """The /W array of the font the signature's appearance is set in, as plain values."""
    pdf = pikepdf.open(BytesIO(signed))
    for page in pdf.pages:
        for annot in page.get("/Annots", []):
            if annot.get("/FT") != "/Sig" or "/AP" not in annot:
                continue
            pending = [annot["/AP"]["/N"]]
            while pending:
                stream = pending.pop()
                resources = stream.get("/Resources", {})
                for font in resources.get("/Font", {}).values():
                    return [
                        [int(w) for w in item] if isinstance(item, pikepdf.Array) else int(item)
                        for item in font["/DescendantFonts"][0]["/W"]
                    ]
                pending.extend(resources.get("/XObject", {}).values())
    raise AssertionError("no font in the signature's appearance")


def test_the_stamp_font_gives_each_letter_its_width_in_thousandths_of_an_em():
    font_file = next((path for path in STAMP_FONTS if Path(path).is_file()), None)
    if font_file is None:
        pytest.skip("none of the stamp's fonts is installed")
    letter = Renderer().render(CASEBOOK / "palmyra" / "house-numbering-notice.toml", ("pdf",))
    key = load_key(Authority.make("Stamp Test CA").p12("Morgan Ellis"), PASSWORD, "k.p12")
    signed = sign_pdf(letter.files["pdf"], key, reason="Issued", location="Village of Palmyra")
    widths = stamp_widths(signed)
    font = TTFont(font_file)
    per_em = font["head"].unitsPerEm
    glyph_order = font.getGlyphOrder()
    advances = font["hmtx"].metrics
    index = 0
    checked = 0
    while index < len(widths):
        first, run = int(widths[index]), widths[index + 1]
        for offset, width in enumerate(run):
            name = glyph_order[first + offset]
            assert int(width) == round(advances[name][0] * 1000 / per_em), name
            checked += 1
        index += 2
    assert checked > 10  # the letters of "Digitally signed by Morgan Ellis" and its date
