"""An Intelligent Mail package barcode's data, turned into Code 128 (GS1-128) drawn as inline SVG.

python-barcode encodes the data into bars and spaces (its Code 128 takes "\\xf1" as FNC1, which
makes the symbol GS1-128, as IMpb requires); the SVG is drawn here, from nothing but that
pattern of modules, so what goes into the page is markup this module wrote, never case text,
and WeasyPrint has nothing to fetch.
"""

from __future__ import annotations

from functools import lru_cache

import barcode
from markupsafe import Markup

from noticeclerk.exceptions import InputError

FNC1 = "\xf1"
# The narrowest bar IMpb allows is 0.013in (USPS Publication 199); the quiet zone on each side
# is ten bars wide.
MODULE_INCHES = 0.013
QUIET_MODULES = 10


@lru_cache(maxsize=1024)
def modules(data: str) -> str:
    """The symbol's modules, "1" for a bar and "0" for a space, quiet zones included."""
    pattern = barcode.get("code128", FNC1 + data).build()[0]
    quiet = "0" * QUIET_MODULES
    return quiet + pattern + quiet


def checked_barcode_data(data: str, document: str) -> str:
    """The IMpb data as the register gave it: digits only (420, the ZIP Code, the number)."""
    if not data.isascii() or not data.isdigit():
        raise InputError(
            f"The barcode data of Document No. {document} is not digits only; generate its "
            "Intelligent Mail package barcode number again."
        )
    return data


def width_inches(data: str) -> float:
    return len(modules(data)) * MODULE_INCHES


def code128_svg(data: str, height_inches: float) -> Markup:
    """The symbol as an <svg> element, MODULE_INCHES a module, `height_inches` tall."""
    pattern = modules(data)
    # One path of bars, not a rectangle each: WeasyPrint draws one element far faster.
    bars = []
    start = None
    for index, module in enumerate(pattern + "0"):
        if module == "1" and start is None:
            start = index
        elif module == "0" and start is not None:
            bars.append(f"M{start} 0h{index - start}v1h-{index - start}z")
            start = None
    width = len(pattern)
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="barcode" '
        f'width="{width * MODULE_INCHES:.4f}in" height="{height_inches:.4f}in" '
        f'viewBox="0 0 {width} 1" preserveAspectRatio="none">'
        f'<path fill="#000" d="{"".join(bars)}"/></svg>'
    )
