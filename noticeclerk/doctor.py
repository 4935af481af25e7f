"""This machine's printing libraries, fonts and helper programs, turned into a checklist."""

from __future__ import annotations

import ctypes.util
import shutil
import subprocess
from dataclasses import dataclass

import weasyprint


@dataclass(frozen=True)
class Check:
    """One thing the system needs or can use, whether it is here, and what to do if not."""

    name: str
    ok: bool
    detail: str
    required: bool = True


def run_checks() -> list[Check]:
    """Look, without changing anything."""
    checks = [Check("WeasyPrint", True, f"version {weasyprint.__version__}")]
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


def _font(family: str) -> str:
    if shutil.which("fc-match") is None:
        return ""
    result = subprocess.run(
        ["fc-match", "-f", "%{family}", family], capture_output=True, text=True, check=False
    )
    return result.stdout.split(",")[0].strip()
