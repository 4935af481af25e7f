"""A case's next document, planned from the register and rendered without taking a number,
turned into page images for the clerk to read before it is numbered; then issued as `noticeclerk
issue` issues it (numbered, frozen, its PDF/A copy archived).

The preview is planned from a snapshot of the register with the number the document would take
now; issuing plans it again under the register's lock, so what is issued is what the register
holds at that moment (another clerk may have taken the number in between: the issued document
says so by its own number, and the page says which it got).
"""

from __future__ import annotations

import base64
import io
import shutil
import subprocess
import tempfile
from datetime import date
from pathlib import Path

from flask import abort, g, redirect, render_template, request, send_file, url_for
from werkzeug.wrappers import Response

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import desk, engine, needs, now
from noticeclerk.web.pages import pages

# Page images at this resolution read on a screen; the PDF itself is what is issued.
PREVIEW_DPI = 80
PREVIEW_PAGES = 6


@pages.get("/cases/<number>/issue/<notice>")
@needs("issue")
def issue_preview(number: str, notice: str) -> str | tuple[str, int]:
    """The document as it would be issued now, its pages as images, and the button that
    numbers and issues it."""
    from noticeclerk.register.database import reading
    from noticeclerk.register.issuing import (
        IssueRequest,
        documents_in_case,
        plan_documents,
        planned_mailing_refusal,
    )
    from noticeclerk.render import Renderer

    follows = request.args.get("follows") or None
    mailing_text = request.args.get("mailing_on", "")
    mailing_on = _mailing_day(mailing_text)
    with reading(engine()) as session:
        seen = documents_in_case(session, number)
        planned = plan_documents(
            session,
            IssueRequest(number, notice, follows=follows, mailing_on=mailing_on),
            by=g.user.name,
            now=now(),
            workspace=desk().workspace,
        )
        # The day it will be mailed is asked for only where the document can state its
        # deadline from it.
        mailable = planned_mailing_refusal(planned[0].composed.notice) is None
        documents = [
            {
                "number": one.printed.document_number,
                "title": one.title,
                "recipient": one.printed.recipient.name,
                "composed": one.composed,
            }
            for one in planned
        ]
    renderer = Renderer(desk().workspace)
    previews = []
    for document in documents:
        pdf = renderer.render_composed(document.pop("composed"), ("pdf",)).files["pdf"]
        previews.append({**document, "pages": page_images(pdf)})
    return render_template(
        "issue.html",
        case_number=number,
        notice=notice,
        follows=follows,
        previews=previews,
        seen=seen,
        mailable=mailable,
        mailing_on=mailing_on.isoformat() if mailing_on else "",
        mailing_text=mailing_text,
    )


@pages.post("/cases/<number>/issue/<notice>")
@needs("issue")
def issue_document(number: str, notice: str) -> Response:
    """Number, freeze and archive the document (or one for each owner, as `issue` does)."""
    from noticeclerk.actions.issuing import issue
    from noticeclerk.register.issuing import IssueRequest
    from noticeclerk.register.people import leave_notice

    follows = request.form.get("follows") or None
    seen = request.form.get("seen", "")
    if not seen.isascii() or not seen.isdigit():
        raise InputError("Read the document's preview before issuing it.")
    order = IssueRequest(
        number,
        notice,
        follows=follows,
        seen_documents=int(seen),
        mailing_on=_mailing_day(request.form.get("mailing_on", "")),
    )
    outcome = issue(desk(), order, by=g.user.name)
    words = [f"Issued {one.number}: {one.title}, to {one.recipient}." for one in outcome.issued]
    if outcome.archive_failed:
        # The documents stand: issuing again would number them twice.
        words.append(f"Warning: {outcome.archive_failed}")
    leave_notice(engine(), g.user.session_id, " ".join(words))
    # The page opens at its top, where it says what was issued.
    return redirect(url_for("pages.case", number=number))


def _mailing_day(text: str) -> date | None:
    """The day the clerk said the document will be mailed, or None where none was given."""
    from noticeclerk.web.typed import typed_day

    if not text.strip():
        return None
    return typed_day(text, "The day it will be mailed", desk().clock)


@pages.get("/documents/<number>/<kind>")
@needs("read")
def frozen_file(number: str, kind: str) -> Response:
    """An issued document's frozen PDF or Word file, checked against its SHA-256 as it is
    read, sent as a download named by its number."""
    from noticeclerk.register.issuing import frozen_files

    if kind not in ("pdf", "docx"):
        abort(404)
    document, files = frozen_files(engine(), number)
    if kind not in files:
        raise InputError(f"Document {number} has no {kind.upper()} file in the register.")
    media = {
        "pdf": "application/pdf",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    }
    return send_file(
        io.BytesIO(files[kind]),
        mimetype=media[kind],
        as_attachment=True,
        # A spoiled document's file says so in its name, so that it is not sent by mistake.
        download_name=f"{document.number}{'-VOID' if document.status == 'void' else ''}.{kind}",
    )


def page_images(pdf: bytes) -> list[str]:
    """The first pages of a PDF as PNG data URLs (poppler's pdftoppm), or an error sentence's
    InputError where pdftoppm is missing."""
    program = shutil.which("pdftoppm")
    if program is None:
        raise InputError(
            "The preview's page images need poppler's pdftoppm (apt-get install "
            "poppler-utils); nothing was issued."
        )
    with tempfile.TemporaryDirectory(prefix="noticeclerk-preview-") as folder:
        source = Path(folder) / "document.pdf"
        source.write_bytes(pdf)
        try:
            subprocess.run(
                [
                    program, "-png", "-r", str(PREVIEW_DPI), "-l", str(PREVIEW_PAGES),
                    str(source), str(Path(folder) / "page"),
                ],
                check=True, capture_output=True, timeout=60,
            )  # fmt: skip
        except (subprocess.TimeoutExpired, subprocess.CalledProcessError):
            raise InputError(
                "The preview's page images could not be drawn (pdftoppm failed or took over a "
                "minute); nothing was issued: try again, or issue it at the command line "
                "('noticeclerk issue') and read its PDF there."
            ) from None
        return [
            "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
            for path in sorted(Path(folder).glob("page-*.png"))
        ]
