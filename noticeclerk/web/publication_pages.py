"""A legal notice's publication at the desk, turned into what `noticeclerk publish prepare` and
`publish record` do: the newspaper's copy and the days it must be printed (counted back from the
hearing, or from today for a notice published to serve it), then the days it was printed, from
the publisher's affidavit, which is archived with them.

Where the ordinance makes publication the notice's service, recording it records the service
and its deadline follows, as at the command line.
"""

from __future__ import annotations

import re

from flask import Response, abort, g, redirect, render_template, request, url_for

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import desk, engine, needs
from noticeclerk.web.forms import Form
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day

COPY_TYPES = {"txt": "text/plain; charset=utf-8", "pdf": "application/pdf"}
# A notice printed more often than this is not a legal notice's schedule but a slip.
MOST_DAYS = 12


@pages.get("/documents/<number>/publication")
@needs("read")
def publication(number: str) -> str:
    """The copy, the days it must be printed and the copy's deadline, with why; and the form
    that records the days it was printed."""
    return _page(number, Form({}))


@pages.get("/documents/<number>/publication/copy.<kind>")
@needs("read")
def publication_copy(number: str, kind: str) -> Response:
    """The newspaper's copy, as text to paste into its form or as a PDF set in its column."""
    if kind not in COPY_TYPES:
        abort(404)
    prepared = _prepared(number)
    data = prepared.copy.text.encode() if kind == "txt" else prepared.copy.pdf
    response = Response(data, mimetype=COPY_TYPES[kind])
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{prepared.document}-newspaper-copy.{kind}"'
    )
    return response


@pages.post("/documents/<number>/publication")
@needs("serve")
def publication_record(number: str) -> Response | str | tuple[str, int]:
    """The days the newspaper printed the document, as its affidavit states them; the
    affidavit is kept in the archive, and where publication is the service, it is recorded."""
    from noticeclerk.actions.publication import record_publication

    form = Form({"days": request.form.get("days", "").strip()})
    typed = [part for part in re.split(r"[\s,;]+", form.values["days"]) if part]
    days = []
    if not typed:
        form.errors["days"] = "Give each day the newspaper printed it, as its affidavit states."
    elif len(typed) > MOST_DAYS:
        form.errors["days"] = f"{len(typed)} days is more than a legal notice is printed."
    for part in typed[:MOST_DAYS]:
        try:
            days.append(typed_day(part, "A day printed", desk().clock))
        except InputError as error:
            form.errors["days"] = str(error)
            break
    upload = request.files.get("affidavit")
    if upload is None or not upload.filename:
        form.errors["affidavit"] = (
            "Choose the publisher's affidavit of publication (a scan or PDF)."
        )
    if form.errors:
        return _page(number, form), 400
    try:
        recorded = record_publication(
            desk(),
            number,
            days,
            affidavit=upload.read(),
            affidavit_name=upload.filename,
            by=g.user.name,
        )
    except InputError as error:
        form.refusal = str(error)
        return _page(number, form), 400
    _tell(recorded)
    return redirect(url_for("pages.case", number=_standing(number).case))


def _tell(recorded) -> None:  # type: ignore[no-untyped-def]
    from noticeclerk.register.people import leave_notice
    from noticeclerk.rules.periods import spell_date

    printed = ", ".join(spell_date(day) for day in recorded.insertions)
    words = [
        f"Recorded the publication of {recorded.document} on {printed}; the affidavit of "
        f"publication is archive item {recorded.affidavit_item}."
    ]
    words += [f"Warning: {warning}" for warning in recorded.warnings]
    served = recorded.served
    if recorded.served_before is not None:
        words.append(recorded.served_before[:1].upper() + recorded.served_before[1:] + ".")
    elif served is None:
        words.append("Its ordinance does not make publication its service: no service recorded.")
    else:
        words.append(
            f"Recorded service of {served.document} by publication, effective {served.effective}."
        )
        words.extend(f"Warning: {warning}" for warning in served.warnings)
        if served.deadline is not None:
            words.append(f"Deadline: {served.deadline.describe()}.")
    leave_notice(engine(), g.user.session_id, " ".join(words))


def _prepared(number: str):  # type: ignore[no-untyped-def]
    from noticeclerk.actions.publication import prepare_publication

    return prepare_publication(desk(), number)


def _standing(number: str):  # type: ignore[no-untyped-def]
    from noticeclerk.dispatch.publishing import publication_standing

    return publication_standing(engine(), number, workspace=desk().workspace)


def _page(number: str, form: Form) -> str:
    from noticeclerk.rules.periods import spell_date

    standing = _standing(number)
    prepared, refusal = None, None
    if not standing.printed:
        try:
            prepared = _prepared(number)
        except InputError as error:
            # The days can no longer be met: what was printed may still be recorded.
            refusal = str(error)
    return render_template(
        "publication.html",
        standing=standing,
        prepared=prepared,
        refusal=refusal,
        form=form,
        spell_date=spell_date,
    )
