"""Bytes, turned into files written whole: through a temporary name and a rename.

A file a clerk opens is never half-written, even when the machine stops mid-batch, and it
gets the permissions the clerk's umask gives any new file (a temporary file alone would be
readable by its owner only, and a colleague at the next desk could not open the copy).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from noticeclerk.exceptions import InputError

# The files every document is made as.
FORMATS = ("pdf", "docx")


def parse_formats(text: str) -> tuple[str, ...]:
    """`pdf,docx` from the command line, checked."""
    wanted = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    unknown = [f for f in wanted if f not in FORMATS]
    if not wanted or unknown:
        raise InputError(f"Formats are pdf and docx, separated by a comma; got '{text}'.")
    return wanted


def safe_stem(stem: str) -> str:
    """A document number or case name as a file name any file system accepts."""
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in stem).strip(".-") or "document"


def write_whole(files: Mapping[str, bytes], stem: str, out_dir: Path) -> list[Path]:
    """Write `stem.<extension>` for each of `files` into `out_dir`; returns the paths written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    mode = 0o666 & ~_umask()
    written = []
    for extension, data in files.items():
        target = out_dir / f"{safe_stem(stem)}.{extension}"
        handle, temporary = tempfile.mkstemp(
            dir=out_dir, prefix=".partial-", suffix=f".{extension}"
        )
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
            os.chmod(temporary, mode)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        written.append(target)
    return written


def _umask() -> int:
    # The umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
