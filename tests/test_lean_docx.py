"""The Word copy carries only what it uses: a seal drawn for its printed size, no template leftovers."""

from __future__ import annotations

import io
import posixpath
import statistics
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from docx import Document
from PIL import Image, ImageChops, ImageStat

from noticeclerk.generators.docx import SEAL_DPI, SEAL_SIZE, _svg_to_png
from noticeclerk.generators.images import print_ready
from noticeclerk.render import Renderer

REPO = Path(__file__).resolve().parents[1]
KB = 1024
PACKAGE = "{http://schemas.openxmlformats.org/package/2006/relationships}"
TYPES = "{http://schemas.openxmlformats.org/package/2006/content-types}"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
# One ordinary letter per sample village: a bill, a notice, a directive.
TYPICAL = (
    "village-a/maintenance-bill.toml",
    "village-a/directive-to-comply.toml",
    "village-b/right-of-way-violation.toml",
    "luck/sidewalk-repair-order.toml",
    "tuckahoe/notice-to-repair-sidewalk.toml",
    "palmyra/house-numbering-notice.toml",
)


@pytest.fixture(scope="module")
def letters() -> dict[str, bytes]:
    renderer = Renderer()
    return {
        name: renderer.render(REPO / "casebook" / name, ("docx",)).files["docx"] for name in TYPICAL
    }


def test_a_typical_letter_in_word_is_well_under_30_kb(letters):
    sizes = {name: len(data) for name, data in letters.items()}
    assert statistics.median(sizes.values()) < 27 * KB, sizes
    assert max(sizes.values()) < 30 * KB, sizes


def test_the_template_leftovers_no_letter_uses_are_gone(letters):
    for data in letters.values():
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            names = set(package.namelist())
            styles = package.read("word/styles.xml")
        assert not {"word/stylesWithEffects.xml", "word/webSettings.xml"} & names
        assert not any(name.startswith("customXml/") for name in names)
        assert b"latentStyles" not in styles
        assert b"LightShading" not in styles  # one of the template's 100 table styles


def test_every_part_named_exists_and_every_part_has_its_content_type(letters):
    for name, data in letters.items():
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            parts = set(package.namelist())
            types = ElementTree.fromstring(package.read("[Content_Types].xml"))
            defaults = {d.get("Extension") for d in types.iter(f"{TYPES}Default")}
            overrides = {o.get("PartName").lstrip("/") for o in types.iter(f"{TYPES}Override")}
            assert overrides <= parts, (name, overrides - parts)
            for part in parts - {"[Content_Types].xml"}:
                typed = part in overrides or part.rsplit(".", 1)[-1] in defaults
                assert typed, (name, part)
            for rels in (part for part in parts if part.endswith(".rels")):
                source = posixpath.dirname(posixpath.dirname(rels))
                for rel in ElementTree.fromstring(package.read(rels)).iter(
                    f"{PACKAGE}Relationship"
                ):
                    if rel.get("TargetMode") == "External":
                        continue
                    target = posixpath.normpath(posixpath.join(source, rel.get("Target")))
                    assert target.lstrip("/") in parts, (name, rels, target)


def test_every_style_the_letter_names_is_defined_and_python_docx_reopens_it(letters):
    for name, data in letters.items():
        document = Document(io.BytesIO(data))
        assert document.paragraphs, name
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            styles = ElementTree.fromstring(package.read("word/styles.xml"))
            defined = {s.get(f"{W}styleId") for s in styles.iter(f"{W}style")}
            for part in package.namelist():
                if not (part.startswith("word/") and part.endswith(".xml")):
                    continue
                root = ElementTree.fromstring(package.read(part))
                for tag in ("pStyle", "rStyle", "tblStyle", "basedOn", "next", "link"):
                    named = {e.get(f"{W}val") for e in root.iter(f"{W}{tag}")}
                    assert named <= defined, (name, part, tag, named - defined)


def test_the_seal_is_drawn_at_its_printed_size_and_looks_as_the_full_colour_drawing(letters):
    pixels = round(SEAL_SIZE / 72 * SEAL_DPI)
    svg = (REPO / "letterheads" / "village-a" / "seal.svg").read_bytes()
    full = Image.open(io.BytesIO(_svg_to_png(svg, "seal.svg", size=(pixels, pixels))))
    data = letters["village-a/maintenance-bill.toml"]
    with zipfile.ZipFile(io.BytesIO(data)) as package:
        (media,) = [n for n in package.namelist() if n.startswith("word/media/")]
        printed = package.read(media)
    seal = Image.open(io.BytesIO(printed))
    assert seal.size == (pixels, pixels)
    assert len(printed) < 12 * KB
    difference = ImageChops.difference(full.convert("RGBA"), seal.convert("RGBA"))
    assert max(ImageStat.Stat(difference).mean) < 2.0


def test_a_raster_seal_larger_than_its_print_is_shrunk_to_it():
    big = Image.radial_gradient("L").resize((1200, 1200)).convert("RGB")
    buffer = io.BytesIO()
    big.save(buffer, "PNG")
    lean = Image.open(io.BytesIO(print_ready(buffer.getvalue(), (285, 285))))
    assert lean.size == (285, 285)


def test_a_picture_that_cannot_be_made_smaller_is_given_back_as_it_came():
    small = Image.new("RGB", (10, 10), "white")
    buffer = io.BytesIO()
    small.save(buffer, "PNG", optimize=True)
    assert print_ready(buffer.getvalue(), (285, 285)) == buffer.getvalue()


def test_a_letter_is_the_same_whether_it_is_a_process_first_or_its_hundredth():
    # The template is loaded and trimmed once per process; a letter must not carry anything
    # an earlier letter of the same process put into it.
    from noticeclerk.generators.docx import _base_package

    renderer = Renderer()
    first, second = (REPO / "casebook" / name for name in TYPICAL[:2])
    _base_package.cache_clear()
    alone = renderer.render(second, ("docx",)).files["docx"]
    renderer.render(first, ("docx",))
    after_another = renderer.render(second, ("docx",)).files["docx"]
    assert after_another == alone
