"""Signed scans uploaded at the desk, turned into archive items as `noticeclerk archive add`
keeps them (judged by their contents, stored under their SHA-256, never overwritten), and the
archive verified on request as `archive verify` does."""

from __future__ import annotations

from flask import abort, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import Desk, desk, engine, jobs, needs
from noticeclerk.web.forms import Form
from noticeclerk.web.jobs import Job, Outcome
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day

# The kinds a village's retention schedule names most; another may be typed.
KINDS = (
    "green-card",
    "signed-statement",
    "affidavit-of-publication",
    "board-decision",
    "correspondence",
)


@pages.route("/archive", methods=["GET", "POST"])
@needs("read")
def archive() -> Response | str | tuple[str, int]:
    """Keep a signed scan or a digitally signed PDF with its document or case (clerk, admin);
    any role may verify the archive from here."""
    from noticeclerk.actions.archive import keep_file

    if request.method == "GET":
        return archive_page(Form({"document": request.args.get("document", "")}))
    if not g.user.may("archive"):
        abort(403, f"Your role ({g.user.role}) may not do this; ask the desk's admin.")
    fields = ("document", "case", "kind", "signed_by", "signed_on", "note")
    form = Form({key: request.form.get(key, "").strip() for key in fields})
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        form.errors["file"] = "Choose the scan or the signed PDF to keep."
    if not form.values["kind"]:
        form.errors["kind"] = "Say what kind of record it is (such as green-card)."
    if bool(form.values["document"]) == bool(form.values["case"]):
        form.errors["document"] = "Give the document it belongs to, or else the case."
    signed_on = None
    if form.values["signed_on"]:
        try:
            signed_on = typed_day(form.values["signed_on"], "The day it was signed", desk().clock)
        except InputError as error:
            form.errors["signed_on"] = str(error)
    if form.values["signed_by"] and signed_on is None and "signed_on" not in form.errors:
        form.errors["signed_on"] = "Give the day it was signed, with who signed it."
    if form.errors:
        return archive_page(form), 400
    try:
        added = keep_file(
            desk(),
            data=upload.read(),
            name=upload.filename,
            document=form.values["document"] or None,
            case=form.values["case"] or None,
            kind=form.values["kind"],
            signed_by=form.values["signed_by"] or None,
            signed_on=signed_on,
            note=form.values["note"] or None,
            pdfa=request.form.get("pdfa") == "yes",
            by=g.user.name,
        )
    except InputError as error:
        form.refusal = str(error)
        return archive_page(form), 400
    from noticeclerk.register.people import leave_notice

    of = f"document {added.document}" if added.document else f"case {added.case}"
    copy = f"; its PDF/A-3b copy is item {added.copy_item}" if added.copy_item else ""
    leave_notice(
        engine(),
        g.user.session_id,
        f"Archived {upload.filename} as item {added.item} ({added.kind} of {of}), SHA-256 "
        f"{added.sha256}{copy}.",
    )
    return redirect(url_for("pages.archive"))


@pages.post("/archive/verify")
@needs("read")
def archive_verify() -> Response:
    """Every archive file re-read against its SHA-256, the ledger's chain walked, the PDF/A
    copies and signatures checked, by a job (a village's decade of scans takes a while); the
    ledger's head hash to write in the minutes."""
    job = jobs().start("Verifying the archive", g.user.name, _verifying(desk()), once=True)
    return redirect(url_for("pages.job", job_id=job.id))


def _verifying(where: Desk):  # type: ignore[no-untyped-def]
    from noticeclerk.actions.archive import verify_archive
    from noticeclerk.archive.verifying import item_count

    def work(job: Job) -> Outcome:
        total = item_count(where.register())
        done = 0

        def one_more(step: int) -> None:
            nonlocal done
            done += step
            job.count(done, total)

        job.count(0, total)
        report = verify_archive(where, progress=one_more)
        checked = (
            f"Checked {report.items} item{'s' if report.items != 1 else ''}, "
            f"{report.signatures} signature{'s' if report.signatures != 1 else ''} and "
            f"{report.entries} ledger entr{'ies' if report.entries != 1 else 'y'}."
        )
        head = (
            f"Ledger head: entry {report.head_seq}, SHA-256 {report.head} (write it in the "
            "minutes)."
        )
        notes = tuple(f"Note: {note}" for note in report.notes)
        if report.problems:
            count = len(report.problems)
            return Outcome(
                f"{count} problem{'s' if count != 1 else ''} found: do not rely on those "
                "records; restore the archive folder and the register from their backups and "
                "verify again.",
                (*report.problems, *notes, checked, head),
                ("pages.archive", {}),
                "Back to the archive",
                alarm=True,
            )
        return Outcome(
            "Every file matches its SHA-256 and the ledger's chain holds. " + checked,
            (*notes, head),
            ("pages.archive", {}),
            "Back to the archive",
        )

    return work


def archive_page(form: Form, export: Form | None = None) -> str:
    """The archive's page: keep a scan (`form`), verify, the records due, an export."""
    return render_template("archive.html", form=form, export=export or Form({}), kinds=KINDS)
