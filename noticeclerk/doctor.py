"""This machine's printing libraries, fonts and helper programs, turned into a checklist."""

from __future__ import annotations

import ctypes.util
import importlib
import shutil
import subprocess
from dataclasses import dataclass

from noticeclerk.exceptions import PrintingUnavailable, first_line

# What printing imports, by the name a clerk would install it under. WeasyPrint loads Pango
# (and its fonts) as it is imported, so a missing Pango shows as WeasyPrint failing to load.
PRINTING_LIBRARIES = {"WeasyPrint": "weasyprint", "python-docx": "docx"}
# The doctor checks cairosvg too, though only the Word copy of an SVG seal loads it (with the
# cairo library); the built-in seals are all SVG.
_CHECKED_LIBRARIES = {**PRINTING_LIBRARIES, "cairosvg": "cairosvg"}
_INSTALL = {
    "WeasyPrint": "WeasyPrint needs Pango: 'apt-get install libpango-1.0-0', then 'pip install "
    "weasyprint'",
    "python-docx": "'pip install python-docx'",
    "cairosvg": "Word copies of the SVG seals need it and the cairo library: 'apt-get install "
    "libcairo2', then 'pip install cairosvg'",
}


@dataclass(frozen=True)
class Check:
    """One thing the system needs or can use, whether it is here, and what to do if not."""

    name: str
    ok: bool
    detail: str
    required: bool = True


def require_printing() -> None:
    """Load what printing needs, or say in one sentence which library could not load."""
    for library, module in PRINTING_LIBRARIES.items():
        try:
            importlib.import_module(module)
        except (ImportError, OSError) as error:
            raise PrintingUnavailable(library, error) from error


def run_checks() -> list[Check]:
    """Look, without changing anything."""
    checks = [_library_check(library, module) for library, module in _CHECKED_LIBRARIES.items()]
    subset = ctypes.util.find_library("harfbuzz-subset")
    checks.append(
        Check(
            "HarfBuzz font subsetting",
            subset is not None,
            f"found {subset}"
            if subset
            else "missing: PDFs print about 3.4 times slower; install it with "
            "'apt-get install libharfbuzz-subset0'",
        )
    )
    for family in ("Liberation Serif", "Liberation Sans"):
        found = _font(family)
        checks.append(
            Check(
                f"font {family}",
                found.startswith(family),
                f"found {found}"
                if found.startswith(family)
                else f"missing (falls back to {found or 'another font'}); "
                "install 'fonts-liberation2'",
            )
        )
    for program, package, purpose in (
        ("pdftoppm", "poppler-utils", "turning PDF pages into pictures for checking"),
        ("soffice", "libreoffice", "opening the DOCX files in the tests"),
    ):
        where = shutil.which(program)
        checks.append(
            Check(
                program,
                where is not None,
                f"found {where}" if where else f"not installed ({package}), used for {purpose}",
                required=False,
            )
        )
    return checks


def _library_check(library: str, module: str) -> Check:
    # A library that cannot load is a failed check, not a traceback: the doctor is where
    # the clerk is sent when printing fails.
    try:
        loaded = importlib.import_module(module)
    except (ImportError, OSError) as error:
        return Check(library, False, f"cannot be loaded ({first_line(error)}); {_INSTALL[library]}")
    return Check(library, True, f"version {getattr(loaded, '__version__', 'unknown')}")


def _font(family: str) -> str:
    if shutil.which("fc-match") is None:
        return ""
    result = subprocess.run(
        ["fc-match", "-f", "%{family}", family], capture_output=True, text=True, check=False
    )
    return result.stdout.split(",")[0].strip()
