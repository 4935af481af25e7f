"""A certified or registered mailing at the desk, turned into the batch `noticeclerk mail batch`
records: picked, its addresses checked, its labels' numbers typed or scanned, its print files
made by a job the clerk watches, and the post office's acceptance recorded.

The steps are the command's: the plan shows every piece in mailing order (by ZIP Code) and each
document left out with its reason before anything is written; the labels are checked in the
form, next to the box they were typed in; the batch is recorded and printed in one job (one
transaction: a desk stopped half-way records nothing); its files land where the command writes
them (the workspace's outputs/mail/<batch>) and are served only while their SHA-256 is the one
the register kept when they were printed.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Response, abort, g, redirect, render_template, request, url_for

from noticeclerk.content.schema import person_named
from noticeclerk.exceptions import InputError, OutputError
from noticeclerk.web.app import Desk, desk, engine, jobs, needs, now
from noticeclerk.web.forms import Field, Form, place_refusal
from noticeclerk.web.jobs import Job, Outcome
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day, typed_moment

METHODS = {"certified_mail": "Certified mail", "registered_mail": "Registered mail"}
# A count of pieces longer than this is no post office's.
MOST_DIGITS = 6
MEDIA_TYPES = {".pdf": "application/pdf", ".csv": "text/csv; charset=utf-8"}
# The first form's fields, and the command's options its refusals name.
PICKING = [
    Field("cases", "Cases", option="--cases"),
    Field("documents", "Documents", option="--documents"),
]
# The acceptance form's fields, and the command's options its refusals name.
ACCEPTANCE = [
    Field("mailed_by", "Who took the pieces to the post office", option="--by"),
    Field("day", "Day of the postmark", option="--date"),
    Field("pieces", "Pieces the post office received", required=False, option="--pieces"),
    Field("missing", "Pieces it did not take", required=False, option="--missing"),
    Field(
        "deposited_at",
        "Post office the pieces were taken to",
        "Leave it empty for the one the village's file names.",
        required=False,
        option="--deposited-at",
    ),
]


@pages.get("/mail")
@needs("read")
def mail() -> str:
    """The batches, those waiting for the post office first, and a new batch's first step."""
    return _mail_page(Form({"method": "certified_mail"}))


@pages.get("/mail/plan")
@needs("serve")
def mail_plan() -> str | tuple[str, int]:
    """Every piece a batch would hold, in mailing order, with what was left out and why:
    nothing is recorded until the labels' numbers are given."""
    form = _picked(request.args)
    if form.errors:
        return _mail_page(form), 400
    try:
        plan = _plan(form.values, g.user.name)
    except InputError as error:
        place_refusal(str(error), PICKING, form)
        return _mail_page(form), 400
    return _plan_page(plan, Form({"source": "labels"}))


@pages.post("/mail/batches")
@needs("serve")
def mail_record() -> Response | str | tuple[str, int]:
    """The batch recorded and printed by a job, with the labels' numbers in mailing order (or
    numbers generated under the Village's Mailer ID)."""
    from noticeclerk.dispatch.mail_batch import check_article, named_numbers

    form = _picked(request.form)
    form.values.update(
        {key: request.form.get(key, "") for key in ("source", "numbers", "mailer_id")}
    )
    documents = named_numbers(request.form.get("pieces", ""))
    if not documents or form.errors:
        abort(400, "This form lost its batch; check the batch again from the mail page.")
    numbers: list[str] | None = None
    if form.values["source"] == "impb":
        if not form.values["mailer_id"].strip():
            form.errors["mailer_id"] = "Give the Village's USPS Mailer ID (6 or 9 digits)."
    else:
        numbers = []
        lines = [
            line.strip()
            for line in form.values["numbers"].splitlines()
            if line.strip() and not line.strip().startswith("#")
        ]
        if len(lines) != len(documents):
            form.errors["numbers"] = (
                f"{len(lines)} article number{'s' if len(lines) != 1 else ''} for "
                f"{len(documents)} piece{'s' if len(documents) != 1 else ''}; give one per piece, "
                "in the order of the list above (by ZIP Code)."
            )
        else:
            for line, typed in enumerate(lines, start=1):
                try:
                    numbers.append(check_article(engine(), form.values["method"], typed, numbers))
                except InputError as error:
                    form.errors["numbers"] = f"Line {line} ({typed}): {error}"
                    break
    # The pieces checked, and only those: a case's document issued since is not swept in.
    values = form.values | {"documents": " ".join(documents), "cases": ""}
    if form.errors:
        try:
            plan = _plan(values, g.user.name)
        except InputError as error:
            return _mail_page(Form(values, refusal=str(error))), 400
        return _plan_page(plan, form), 400
    job = jobs().start(
        f"Mail batch of {len(documents)} pieces",
        g.user.name,
        _printing(desk(), now(), values, documents, numbers, g.user.name),
    )
    return redirect(url_for("pages.job", job_id=job.id))


@pages.get("/mail/<number>")
@needs("read")
def mail_batch(number: str) -> str:
    """A batch: its files, its pieces and what became of each, and its next step."""
    return _batch_page(number, {})


@pages.get("/mail/<number>/files/<name>")
@needs("read")
def mail_file(number: str, name: str) -> Response:
    """A print file as it was printed: refused if it is gone or is no longer those bytes."""
    from noticeclerk.dispatch.mail_batch import show_batch

    view = show_batch(engine(), number, workspace=desk().workspace)
    if name not in view.files:
        abort(404)
    data = _printed(desk(), view.number, name, view.files[name])
    if data is None:
        abort(
            404,
            f"{name} of mail batch {view.number} is not in the workspace's outputs as it was "
            "printed; make the files again from the batch's page.",
        )
    response = Response(data, mimetype=MEDIA_TYPES[Path(name).suffix])
    response.headers["Content-Disposition"] = f'attachment; filename="{view.number}-{name}"'
    return response


@pages.post("/mail/<number>/files")
@needs("serve")
def mail_reprint(number: str) -> Response:
    """The batch's print files made again from the register (after a crash, or to reprint)."""
    from noticeclerk.dispatch.mail_batch import show_batch

    view = show_batch(engine(), number, workspace=desk().workspace)
    if view.status == "cancelled":
        abort(400, f"Mail batch {view.number} was cancelled: its files are not printed again.")
    batch = view.number
    job = jobs().start(
        f"The print files of mail batch {batch}",
        g.user.name,
        _reprinting(desk(), engine(), batch),
    )
    return redirect(url_for("pages.job", job_id=job.id))


@pages.post("/mail/<number>/accepted")
@needs("serve")
def mail_accepted(number: str) -> Response | str | tuple[str, int]:
    """The post office's acceptance, from the postmarked mailing book: each piece it took is
    served by the batch's mail at that moment, and its deadline follows."""
    from noticeclerk.actions.mail import accept_batch
    from noticeclerk.dispatch.mail_batch import batch_village
    from noticeclerk.register.people import leave_notice

    form = Form(
        {
            key: " ".join(request.form.get(key, "").split())
            for key in ("mailed_by", "day", "time", "pieces", "deposited_at")
        }
    )
    try:
        # The affidavit of mailing is sworn in this name: the desk's login will not do.
        person_named(form.values["mailed_by"], "The name of who took the pieces to the post office")
    except InputError as error:
        form.errors["mailed_by"] = str(error)
    missing = request.form.getlist("missing")
    form.values["missing"] = " ".join(missing)
    village = batch_village(engine(), number, desk().workspace)
    moment = None
    try:
        day = typed_day(form.values["day"], "The day of the postmark", desk().clock)
        try:
            moment = typed_moment(
                day, form.values["time"], "The time on the postmark or receipt", village.timezone
            )
        except InputError as error:
            form.errors["time"] = str(error)
    except InputError as error:
        form.errors["day"] = str(error)
    pieces = None
    if form.values["pieces"]:
        counted = form.values["pieces"]
        if not (counted.isascii() and counted.isdigit()) or len(counted) > MOST_DIGITS:
            form.errors["pieces"] = (
                f"The pieces received is '{form.values['pieces']}'; give the number written "
                "on the book, such as 12."
            )
        else:
            pieces = int(form.values["pieces"])
    if moment is not None and not form.errors:
        try:
            accepted = accept_batch(
                desk(),
                number,
                moment,
                pieces_received=pieces,
                missing=missing,
                mailed_by=form.values["mailed_by"],
                by=g.user.name,
                deposited_at=form.values["deposited_at"] or None,
            )
        except InputError as error:
            # The form has a box for each piece: no line, article or document number to type.
            words = str(error).replace(
                " LINE (its line in the book, its article number or document number)", ""
            )
            place_refusal(words, ACCEPTANCE, form)
        else:
            untaken = (
                f"; not accepted, not served: {', '.join(accepted.not_accepted)}"
                if accepted.not_accepted
                else ""
            )
            leave_notice(
                engine(),
                g.user.session_id,
                f"Recorded: the post office accepted {len(accepted.served)} pieces of mail "
                f"batch {accepted.number}; each is served by {village.name}'s record of it, "
                f"and its deadline follows{untaken}."
                + "".join(
                    f" Warning for line {line}, {served.document}: {warning}"
                    for line, served in accepted.served
                    for warning in served.warnings
                ),
            )
            return redirect(url_for("pages.mail_batch", number=accepted.number))
    return _batch_page(number, {"accepted": form}), 400


@pages.post("/mail/<number>/cancel")
@needs("serve")
def mail_cancel(number: str) -> Response | str | tuple[str, int]:
    """A batch printed but never mailed: its documents wait to be served again."""
    from noticeclerk.actions.mail import cancel_batch
    from noticeclerk.register.people import leave_notice

    form = Form({"reason": " ".join(request.form.get("reason", "").split())})
    if not form.values["reason"]:
        form.errors["reason"] = "Say why the batch was never mailed."
        return _batch_page(number, {"cancel": form}), 400
    try:
        count = cancel_batch(desk(), number, reason=form.values["reason"], by=g.user.name)
    except InputError as error:
        form.refusal = str(error)
        return _batch_page(number, {"cancel": form}), 400
    leave_notice(
        engine(),
        g.user.session_id,
        f"Cancelled mail batch {number} ({count} pieces); none of them is served.",
    )
    return redirect(url_for("pages.mail_batch", number=number))


# --- the work of a job --------------------------------------------------------------------


def _printing(  # type: ignore[no-untyped-def]
    where: Desk, at, values: dict[str, str], documents: list[str], numbers, by: str
):
    """The job recording and printing a batch: planned again from the documents checked (a
    colleague may have served one since), in the order the numbers were typed for."""
    from noticeclerk.actions.mail import check_batch, prepare_batch

    # The batch is recorded at the moment the clerk asked for it, whenever the job runs.
    office = where.at(at)

    def work(job: Job) -> Outcome:
        job.say("Checking the documents and their addresses again...")
        plan = check_batch(office, _request(values, by, documents))
        if [piece.document for piece in plan.pieces] != documents:
            raise InputError(
                "The batch's mailing order changed since it was checked (an address or ZIP Code "
                "changed); check the batch again and give the numbers in its new order."
            )
        job.count(0, len(plan.pieces))
        prepared = prepare_batch(office, plan, numbers, progress=job.say)
        job.say(f"Recorded mail batch {prepared.number}; writing its files...")
        try:
            written = _write(where, prepared.number, prepared.files)
        except (InputError, OutputError) as error:
            # The batch is recorded, its documents and labels taken: the clerk must hear that,
            # not only that the files failed.
            return Outcome(
                f"Mail batch {prepared.number} is recorded, but its files were not all written: "
                f"{error} Make them again from the batch's page once that is put right.",
                (),
                ("pages.mail_batch", {"number": prepared.number}),
                "Open the batch",
                alarm=True,
            )
        job.count(len(plan.pieces), len(plan.pieces))
        return Outcome(
            f"Mail batch {prepared.number}: {prepared.pieces} piece"
            f"{'s' if prepared.pieces != 1 else ''}, article numbers "
            f"{prepared.article_numbers[0]} to {prepared.article_numbers[-1]}.",
            (
                *(f"Wrote {path.name}" for path in written),
                "Next: print letters.pdf on both sides, fold each letter into a window "
                "envelope, and take them with the mailing book and the return receipts to the "
                "post office; when it has postmarked the book, record its acceptance on the "
                "batch's page.",
            ),
            ("pages.mail_batch", {"number": prepared.number}),
            "Open the batch to print its files",
        )

    return work


def _reprinting(where: Desk, register, batch: str):  # type: ignore[no-untyped-def]
    from noticeclerk.dispatch.mail_batch import batch_files

    def work(job: Job) -> Outcome:
        job.say(f"Making the print files of mail batch {batch} again from the register...")
        files, recorded = batch_files(register, batch, workspace=where.workspace)
        same = {
            name: data
            for name, data in files.items()
            if hashlib.sha256(data).hexdigest() == recorded.get(name)
        }
        _write(where, batch, same)
        lines = tuple(
            f"{name}: the same as printed"
            if name in same
            else f"{name}: NOT the same bytes as "
            "printed (the letterhead, fonts or rates changed since); the desk serves only the "
            f"files printed, so make it with 'noticeclerk mail files {batch}' if it is needed."
            for name in files
        )
        return Outcome(
            f"The print files of mail batch {batch} are made again.",
            lines,
            ("pages.mail_batch", {"number": batch}),
            "Back to the batch",
        )

    return work


def _write(where: Desk, batch: str, files: dict[str, bytes]) -> list[Path]:
    from noticeclerk.writing import make_folder, write_file

    folder = _folder(where, batch)
    make_folder(folder)
    return [write_file(folder / name, data) for name, data in files.items()]


def _folder(where: Desk, batch: str) -> Path:
    # Where 'noticeclerk mail batch' writes without --out: the command and the desk share them.
    return Path(where.workspace or ".") / "outputs" / "mail" / batch


def _printed(where: Desk, batch: str, name: str, sha256: str) -> bytes | None:
    """The file as printed, or None if it is gone or has changed."""
    try:
        data = (_folder(where, batch) / name).read_bytes()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


# --- the pages ----------------------------------------------------------------------------


def _picked(values) -> Form:  # type: ignore[no-untyped-def]
    """What a batch is to hold, as the first form says it."""
    from noticeclerk.content.village import village_names

    form = Form(
        {key: values.get(key, "").strip() for key in ("village", "method", "cases", "documents")}
    )
    form.values["envelopes"] = "yes" if values.get("envelopes") == "yes" else ""
    if form.values["village"] not in village_names(desk().workspace):
        form.errors["village"] = "Choose the village whose mail this is."
    if form.values["method"] not in METHODS:
        form.errors["method"] = "Choose certified or registered mail."
    return form


def _request(values: dict[str, str], by: str, documents: list[str] | None = None):  # type: ignore[no-untyped-def]
    from noticeclerk.dispatch.mail_batch import BatchRequest, named_numbers

    impb = values.get("source") == "impb"
    return BatchRequest(
        village=values["village"],
        method=values["method"],
        by=by,
        documents=tuple(documents if documents is not None else named_numbers(values["documents"])),
        cases=() if documents is not None else tuple(named_numbers(values["cases"])),
        envelopes=values.get("envelopes") == "yes",
        mailer_id=values.get("mailer_id", "").strip() if impb else None,
    )


def _plan(values: dict[str, str], by: str):  # type: ignore[no-untyped-def]
    from noticeclerk.actions.mail import check_batch

    return check_batch(desk(), _request(values, by))


def _mail_page(form: Form) -> str:
    from sqlalchemy import select

    from noticeclerk.content.village import load_village, village_names
    from noticeclerk.dispatch.mail_batch import list_batches
    from noticeclerk.register.database import reading
    from noticeclerk.register.models import Case

    workspace = desk().workspace
    with reading(engine()) as session:
        # The villages with cases in the register first: the one a clerk mails for is chosen.
        busy = set(session.scalars(select(Case.village).distinct()))
    slugs = sorted(village_names(workspace), key=lambda slug: slug not in busy)
    villages = [(slug, load_village(slug, workspace).name) for slug in slugs]
    return render_template(
        "mail.html", batches=list_batches(engine()), villages=villages, form=form, methods=METHODS
    )


def _plan_page(plan, form: Form) -> str:  # type: ignore[no-untyped-def]
    return render_template("mail_plan.html", plan=plan, form=form, methods=METHODS)


def _batch_page(number: str, forms: dict[str, Form]) -> str:
    from noticeclerk.content.village import load_village
    from noticeclerk.dispatch.mail_batch import show_batch
    from noticeclerk.dispatch.print_files import printed_article_number

    view = show_batch(engine(), number, workspace=desk().workspace)
    files = [
        (name, _printed(desk(), view.number, name, sha256) is not None)
        for name, sha256 in view.files.items()
    ]
    village = load_village(view.village, desk().workspace)
    return render_template(
        "mail_batch.html",
        batch=view,
        village=village.name,
        depository=village.mail.depository,
        files=files,
        forms=forms,
        methods=METHODS,
        spaced=printed_article_number,
    )
