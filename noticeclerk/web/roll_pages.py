"""An assessment roll uploaded from the browser, turned into a preview of what importing it
would change, then imported as `noticeclerk roll import` imports it.

The upload is kept between the preview and the import in the workspace's `uploads/` folder,
named by its SHA-256: the import reads the very file that was previewed (it is checked against
the hash the preview page carries) and removes it. A file that is not text is refused before
the roll's own checks read it.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import shutil
import time
from pathlib import Path

from flask import g, redirect, render_template, request, url_for
from werkzeug.datastructures import FileStorage
from werkzeug.utils import secure_filename
from werkzeug.wrappers import Response

from noticeclerk.exceptions import InputError
from noticeclerk.register import spelled
from noticeclerk.web.app import desk, engine, needs
from noticeclerk.web.pages import pages

# Changes listed on the preview page; the rest are counted.
SHOWN_CHANGES = 500
# A previewed upload is kept this many seconds for its import.
STAGED_FOR = 24 * 60 * 60
_SHA256 = re.compile(r"[0-9a-f]{64}")


@pages.get("/roll")
@needs("import_roll")
def roll() -> str:
    """The form to upload a village's roll, and the latest imports."""
    return _roll_page(None, None, None)


@pages.post("/roll/preview")
@needs("import_roll")
def roll_preview() -> str | tuple[str, int]:
    """The uploaded roll checked and compared with the register; nothing is written."""
    from noticeclerk.actions.roll import import_roll

    village = request.form.get("village", "")
    try:
        staged = _staged(request.files.get("roll"), village)
        report = import_roll(desk(), staged, village, by=g.user.name, preview=True)
    except InputError as error:
        return _roll_page(village, None, str(error)), 400
    return _roll_page(village, (report, staged), None)


@pages.post("/roll/import")
@needs("import_roll")
def roll_import() -> Response | tuple[str, int]:
    """The previewed file imported, all rows or none; the user is who imported it."""
    from noticeclerk.actions.roll import import_roll
    from noticeclerk.register.people import leave_notice

    village = request.form.get("village", "")
    digest = request.form.get("sha256", "")
    name = secure_filename(request.form.get("filename", "")) or "roll.csv"
    staged = _uploads() / digest / name
    if not _SHA256.fullmatch(digest) or not staged.is_file() or _sha256(staged) != digest:
        return _roll_page(
            village, None, "The previewed file is no longer here; upload the roll again."
        ), 400
    try:
        report = import_roll(desk(), staged, village, by=g.user.name)
    except InputError as error:
        return _roll_page(village, None, str(error)), 400
    staged.unlink()
    with contextlib.suppress(OSError):  # the same file uploaded under another name stays
        staged.parent.rmdir()
    leave_notice(
        engine(),
        g.user.session_id,
        f"Imported {report.rows} rows of the {village} roll (import {report.import_id}): "
        f"{report.added} added, {report.changed} changed, {report.unchanged} unchanged.",
    )
    return redirect(url_for("pages.roll"))


def _staged(upload: FileStorage | None, village: str) -> Path:
    """The upload written under uploads/<sha256>/<its name>, or InputError in one sentence."""
    from noticeclerk.content.village import load_village

    load_village(village, desk().workspace)
    if upload is None or not upload.filename:
        raise InputError("Choose the roll's CSV file to upload.")
    data = upload.read()
    if not data:
        raise InputError(f"{upload.filename} is empty; choose the roll's CSV file.")
    # A roll is text: a NUL byte means a spreadsheet, an image or a program, not a CSV.
    if b"\x00" in data[:65536]:
        raise InputError(
            f"{upload.filename} is not a CSV text file (save the spreadsheet as CSV first)."
        )
    digest = hashlib.sha256(data).hexdigest()
    folder = _uploads() / digest
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / (secure_filename(upload.filename) or "roll.csv")
    target.write_bytes(data)
    target.chmod(0o600)
    return target


def _uploads() -> Path:
    """The workspace's uploads folder, without the previews left a day ago and never imported
    (a roll may hold every owner's address: it is not kept longer than it is needed)."""
    folder = Path(desk().workspace or ".") / "uploads"
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    for old in folder.iterdir():
        if old.is_dir() and time.time() - old.stat().st_mtime > STAGED_FOR:
            shutil.rmtree(old, ignore_errors=True)
    return folder


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _roll_page(village: str | None, previewed, refusal: str | None) -> str:  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    from noticeclerk.content.village import load_village, village_names
    from noticeclerk.register.database import reading
    from noticeclerk.register.models import RollImport

    workspace = desk().workspace
    loaded = [load_village(slug, workspace) for slug in village_names(workspace)]
    villages = [(village.slug, village.name) for village in loaded]
    zones = {village.slug: village.timezone.key for village in loaded}
    with reading(engine()) as session:
        imports = session.scalars(select(RollImport).order_by(RollImport.id.desc()).limit(10))
        latest = [
            (
                item.village,
                item.filename,
                spelled.moment(item.imported_at.isoformat(), zones.get(item.village, "UTC")),
                item.imported_by,
                item.rows,
            )
            for item in imports
        ]
    report, staged = previewed if previewed else (None, None)
    return render_template(
        "roll.html",
        villages=villages,
        chosen=village,
        latest=latest,
        report=report,
        staged=staged,
        sha256=staged.parent.name if staged else None,
        refusal=refusal,
        shown=SHOWN_CHANGES,
    )
