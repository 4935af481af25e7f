"""A letterhead image's bytes (the seal): checked to be drawable whole, and no bigger than printed.

Both writers take their images through here: the PDF's fetcher and the Word copy's pictures.
WeasyPrint prints an image it cannot decode as its alt text (and Pillow, as WeasyPrint sets
it up, draws a truncated raster half-blank), and cairosvg silently leaves out what an SVG
asks for outside itself; a served notice must carry its seal whole or not be printed.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from xml.etree import ElementTree

from PIL import Image, ImageChops, ImageStat

from noticeclerk.exceptions import ConfigError

# In an SVG: an href, url() or @import that does not point inside the file itself ('#id').
# Read from the raw text, so an entity-encoded URL counts as one too (it does not start '#').
_OUTSIDE = re.compile(
    r"""\bhref\s*=\s*["']\s*(?!#)([^"']*)|url\(\s*["']?\s*(?!#)([^"')]*)|(@import[^;<]*)""",
    re.IGNORECASE,
)
SVG_SUFFIX = ".svg"
RASTER_SUFFIXES = (".png", ".jpg", ".jpeg")


def drawable(data: bytes, path: Path) -> bytes:
    """The image's bytes, once an SVG is known to be well-formed and to point at nothing
    outside itself, or a raster to decode whole; else ConfigError naming the file."""
    suffix = path.suffix.lower()
    if suffix == SVG_SUFFIX:
        text = data.decode("utf-8", "replace")
        found = _OUTSIDE.search(text)
        if found:
            outside = next(group for group in found.groups() if group is not None).strip()
            raise ConfigError(
                path, None, f"asks for {outside!r}; only the letterhead's own files may be used"
            )
        try:
            ElementTree.fromstring(data)
        except ElementTree.ParseError as error:
            raise ConfigError(path, None, f"is not a readable SVG image ({error})") from None
    elif suffix in RASTER_SUFFIXES:
        try:
            # verify() reads every chunk and checks its CRC; load() decodes the pixels.
            with Image.open(io.BytesIO(data)) as image:
                image.verify()
            with Image.open(io.BytesIO(data)) as image:
                image.load()
        except Exception:  # a truncated or corrupt raster, whatever Pillow raises
            raise ConfigError(
                path, None, "is not a whole PNG or JPEG image, so it cannot be drawn"
            ) from None
    return data


# A seal's antialiased edges come to a few hundred colours; a 256-colour palette shows them
# as they were (a mean difference under 1/255 per channel) at a quarter of the bytes. A
# picture the palette would change visibly (a photograph) keeps its colours.
_PALETTE_TOLERANCE = 2.0


def print_ready(data: bytes, pixels: tuple[int, int]) -> bytes:
    """A PNG or JPEG's bytes no bigger than its printed size needs: shrunk to fit `pixels`
    (its printed box at the print resolution), a PNG put on a palette when that shows no
    difference; whatever is not smaller that way is given back as it came."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            kind = image.format
            lean = image.copy()
    except Exception:  # not ours to judge here: drawable() has passed it, Word reads it
        return data
    if kind not in ("PNG", "JPEG"):
        return data
    width, height = max(pixels[0], 1), max(pixels[1], 1)
    if lean.width > width or lean.height > height:
        lean.thumbnail((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    if kind == "JPEG":
        lean.save(buffer, "JPEG", quality=90, optimize=True)
    else:
        lean = _on_palette(lean)
        lean.save(buffer, "PNG", optimize=True)
    made = buffer.getvalue()
    return made if len(made) < len(data) else data


def _on_palette(image: Image.Image) -> Image.Image:
    if image.mode == "P":
        return image
    full = image.convert("RGBA")
    palette = full.quantize(256, method=Image.Quantize.FASTOCTREE)
    difference = ImageChops.difference(full, palette.convert("RGBA"))
    if max(ImageStat.Stat(difference).mean) > _PALETTE_TOLERANCE:
        return image
    return palette
