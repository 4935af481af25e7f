"""The archive's retention and exports at the desk, turned into what `noticeclerk archive
due-for-disposal`, `archive dispose` and `archive export` do: the records whose period has run,
their disposal with who authorised it and under what authority, and a records request's zip
made by a job and handed over only while its bytes are the ones the job wrote.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from flask import Response, abort, g, redirect, render_template, request, url_for

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import Desk, desk, engine, jobs, needs, now
from noticeclerk.web.forms import Field, Form, place_refusal
from noticeclerk.web.jobs import Job, Outcome
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day

# An export's file name, as the desk makes it: nothing else is served from the folder.
EXPORT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.zip", re.ASCII)
EXPORT_FIELDS = [
    Field("case", "Case", option="--case"),
    Field("document", "Document", option="--document"),
    Field("date_from", "Added from", option="--from"),
    Field("date_to", "Added to", option="--to"),
]


@pages.post("/archive/retention")
@needs("archive")
def archive_retention() -> str:
    """The records whose retention period has run, oldest first; the ledger records once that
    each reached its period. Nothing is destroyed here."""
    from noticeclerk.actions.archive import records_due_for_disposal

    reached, notes = records_due_for_disposal(desk(), by=g.user.name)
    return render_template("retention.html", reached=reached, notes=notes)


@pages.post("/archive/dispose")
@needs("archive")
def archive_dispose() -> Response:
    """Dispose of the records chosen: the ledger records who authorised it and under what
    authority, then their files are removed."""
    from noticeclerk.actions.archive import dispose
    from noticeclerk.register.people import leave_notice

    chosen = request.form.getlist("item")
    if not chosen or not all(one.isascii() and one.isdigit() and len(one) < 16 for one in chosen):
        abort(400, "Choose the records to dispose of from the list of those due.")
    authorised_by = " ".join(request.form.get("authorised_by", "").split())
    authority = " ".join(request.form.get("authority", "").split())
    if not authorised_by or not authority:
        abort(
            400,
            'Say who authorised the disposal and under what authority (such as "Board '
            'resolution 2032-14 of May 4, 2032"); the ledger keeps both.',
        )
    done = dispose(
        desk(),
        [int(one) for one in chosen],
        authorised_by=authorised_by,
        authority=authority,
        by=g.user.name,
    )
    listed = ", ".join(str(item) for item in done.items)
    leave_notice(
        engine(),
        g.user.session_id,
        f"Disposed of archive item{'s' if len(done.items) != 1 else ''} {listed}. Ledger head: "
        f"entry {done.entry}, SHA-256 {done.head}.",
    )
    return redirect(url_for("pages.archive"))


@pages.post("/archive/export")
@needs("archive")
def archive_export() -> Response | str | tuple[str, int]:
    """A records request's zip (the files, a manifest with each SHA-256, the ledger entries and
    a certificate) made by a job; the export is itself recorded in the ledger."""
    from noticeclerk.archive.export import Selection, check_selection
    from noticeclerk.web.archive_pages import archive_page

    fields = ("case", "document", "date_from", "date_to")
    form = Form({key: request.form.get(key, "").strip() for key in fields})
    days = {}
    for key, label in (("date_from", "The first day"), ("date_to", "The last day")):
        if form.values[key]:
            try:
                days[key] = typed_day(form.values[key], label, desk().clock)
            except InputError as error:
                form.errors[key] = str(error)
    selection = Selection(
        case=form.values["case"] or None,
        document=form.values["document"] or None,
        date_from=days.get("date_from"),
        date_to=days.get("date_to"),
    )
    if not form.errors:
        try:
            check_selection(selection)
        except InputError as error:
            place_refusal(str(error), EXPORT_FIELDS, form)
    if form.errors or form.refusal:
        return archive_page(Form({}), export=form), 400
    job = jobs().start(
        f"Exporting {selection.words()}",
        g.user.name,
        _exporting(desk(), selection, g.user.name, now()),
    )
    return redirect(url_for("pages.job", job_id=job.id))


@pages.get("/archive/exports/<name>")
@needs("archive")
def archive_export_file(name: str) -> Response:
    """An export's zip, handed over only if its SHA-256 is the one its job wrote."""
    expected = request.args.get("sha256", "")
    if not EXPORT_NAME.fullmatch(name) or not re.fullmatch(r"[0-9a-f]{64}", expected):
        abort(404)
    try:
        data = (_exports(desk()) / name).read_bytes()
    except OSError:
        abort(404)
    if hashlib.sha256(data).hexdigest() != expected:
        abort(404, f"{name} has changed since it was exported; export the records again.")
    response = Response(data, mimetype="application/zip")
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _exporting(where: Desk, selection, by: str, at):  # type: ignore[no-untyped-def]
    from noticeclerk.actions.archive import export_archive
    from noticeclerk.writing import make_folder

    # The export is recorded at the moment the clerk asked for it, whenever the job runs.
    office = where.at(at)

    def work(job: Job) -> Outcome:
        folder = _exports(where)
        make_folder(folder)
        what = selection.document or selection.case or f"{selection.date_from}-{selection.date_to}"
        name = f"{at:%Y%m%dT%H%M%S}-{re.sub(r'[^A-Za-z0-9.-]+', '-', what)}.zip"
        job.say(f"Reading and checking the records of {selection.words()}...")
        exported = export_archive(office, selection, folder / name, by=by)
        sha256 = hashlib.sha256(exported.path.read_bytes()).hexdigest()
        disposed = f", {exported.disposed} listed as disposed of" if exported.disposed else ""
        return Outcome(
            f"Exported {exported.files} file{'s' if exported.files != 1 else ''}{disposed} "
            f"({exported.size} bytes).",
            (
                f"Manifest SHA-256 {exported.manifest_sha256}",
                f"Ledger head: entry {exported.entry}, SHA-256 {exported.head}",
            ),
            ("pages.archive_export_file", {"name": name, "sha256": sha256}),
            f"Download {name}",
        )

    return work


def _exports(where: Desk) -> Path:
    return Path(where.workspace or ".") / "outputs" / "exports"
