"""Mistakes corrected at the desk as the register corrects them: a service record or a mailing's
receipt struck (never edited or deleted: who, when and why are kept, and the record stays
listed), and a case closed as complied, withdrawn or paid.

What a strike leaves standing, and the deadline in force after it, are told to the clerk, as
`serve --strike` and `receipt --strike` print them.
"""

from __future__ import annotations

from flask import Response, abort, g, redirect, request, url_for

from noticeclerk.web.app import desk, engine, needs
from noticeclerk.web.pages import pages


@pages.post("/documents/<number>/services/<int:record>/strike")
@needs("serve")
def strike_service(number: str, record: int) -> Response:
    """Strike a mistaken service record; the correct one is recorded separately."""
    from noticeclerk.actions.documents import strike_service as strike

    struck = strike(desk(), number, record, reason=_reason(), by=g.user.name)
    return _told(struck)


@pages.post("/documents/<number>/receipt/strike")
@needs("serve")
def strike_receipt(number: str) -> Response:
    """Strike the receipt or return recorded for the document's latest mailing."""
    from noticeclerk.actions.documents import strike_receipt as strike

    struck = strike(desk(), number, reason=_reason(), by=g.user.name)
    return _told(struck)


@pages.post("/cases/<number>/close")
@needs("open_case")
def close_case(number: str) -> Response:
    """Close a case: it takes no more records or documents, and leaves what is due."""
    from noticeclerk.actions.cases import close
    from noticeclerk.register.people import leave_notice

    reason = request.form.get("reason", "")
    note = " ".join(request.form.get("note", "").split()) or None
    close(desk(), number, reason=reason, note=note, by=g.user.name)
    leave_notice(engine(), g.user.session_id, f"Closed case {number} as {reason}.")
    return redirect(url_for("pages.case", number=number))


def _reason() -> str:
    # One line, as the form's field is: a line break would print as a record of its own.
    reason = " ".join(request.form.get("reason", "").split())
    if not reason:
        abort(400, "Say why the record is struck: the register keeps the reason with it.")
    return reason


def _told(struck) -> Response:  # type: ignore[no-untyped-def]
    from noticeclerk.actions.documents import case_of
    from noticeclerk.register.people import leave_notice

    lines = struck.told("with 'Record service'", "the today page")
    leave_notice(engine(), g.user.session_id, " ".join(lines))
    return redirect(url_for("pages.case", number=case_of(desk(), struck.document)))
