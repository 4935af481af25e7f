"""A letterhead image's bytes (the seal), checked to be drawable as they are, or one sentence.

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

from PIL import Image

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
