"""The email outbox at the desk, turned into what `noticeclerk email status`, `queue` and
`send` do: the messages listed by state, issued documents queued to the address on file (or
another, with where the Village got it), and the outbox sent by a job the clerk watches.

The mail server's settings are the workspace's settings.toml and its password the
NOTICECLERK_SMTP_PASSWORD variable (or the keyring) of the computer the desk runs on, as at
the command line: the desk never asks for it, keeps it, or shows it.
"""

from __future__ import annotations

from flask import Response, g, redirect, render_template, request, url_for

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import Desk, desk, engine, jobs, needs
from noticeclerk.web.forms import Field, Form, place_refusal
from noticeclerk.web.jobs import Job, Outcome
from noticeclerk.web.pages import pages

STATES = ("queued", "sending", "sent", "deferred", "failed")
# The queue form's fields, and the command's options its refusals name.
FIELDS = [
    Field("to", "Another address to send to", option="--to"),
    Field("source", "Where the Village got that address", option="--source"),
]


@pages.get("/outbox")
@needs("read")
def outbox() -> str:
    """The email outbox, as 'email status' lists it: each message's document, address, state,
    tries and the mail server's own words."""
    return _page(Form({}))


@pages.post("/outbox/queue")
@needs("serve")
def outbox_queue() -> Response | tuple[str, int]:
    """Issued documents put in the outbox, all or none; nothing is sent until the outbox is."""
    from noticeclerk.actions.email import queue_email
    from noticeclerk.dispatch.mail_batch import named_numbers
    from noticeclerk.register.people import leave_notice

    form = Form({key: request.form.get(key, "").strip() for key in ("documents", "to", "source")})
    documents = named_numbers(form.values["documents"])
    if not documents:
        form.errors["documents"] = "Give the numbers of the documents to email."
    if form.values["source"] and not form.values["to"]:
        form.errors["source"] = "Where the address came from goes with an address typed above."
    if form.values["to"] and not form.values["source"]:
        form.errors["source"] = (
            "Say where the Village got this address, such as \"the owner's letter of "
            '2026-01-03"; the register keeps it, and an affidavit states it.'
        )
    if form.errors:
        return _page(form), 400
    try:
        queued = queue_email(
            desk(),
            documents,
            by=g.user.name,
            to=form.values["to"] or None,
            source=form.values["source"] or None,
        )
    except InputError as error:
        place_refusal(str(error).replace("--to ADDRESS", "--to"), FIELDS, form)
        return _page(form), 400
    leave_notice(
        engine(),
        g.user.session_id,
        " ".join(
            f"Queued {item.document} to {item.recipient}: "
            + (
                "a courtesy copy (its ordinance does not allow service by email)."
                if item.courtesy
                else "service by email."
            )
            for item in queued
        )
        + " Nothing is sent until the outbox is.",
    )
    return redirect(url_for("pages.outbox"))


@pages.post("/outbox/send")
@needs("serve")
def outbox_send() -> Response:
    """The outbox sent now by a job: queued messages, deferred ones whose time has come, and any
    a crash left half-sent; each answer of the server listed as it comes."""
    job = jobs().start("Sending the email outbox", g.user.name, _sending(desk(), g.user.name))
    return redirect(url_for("pages.job", job_id=job.id))


def _sending(where: Desk, by: str):  # type: ignore[no-untyped-def]
    from noticeclerk.actions.email import send_email
    from noticeclerk.dispatch.outbox import attempt_line, sent_summary

    def work(job: Job) -> Outcome:
        job.say("Connecting to the office's mail server...")

        def progress(attempt, index: int, total: int) -> None:  # type: ignore[no-untyped-def]
            job.count(index, total)
            job.say(attempt_line(attempt, index, total))

        attempts = send_email(where, by=by, progress=progress)
        first, *warnings = sent_summary(attempts)
        return Outcome(first, tuple(warnings), ("pages.outbox", {}), "Back to the outbox")

    return work


def _page(form: Form) -> str | tuple[str, int]:
    from noticeclerk.dispatch.outbox import outbox_rows

    state = request.args.get("state") or None
    if state not in (None, *STATES):
        state = None
    rows = outbox_rows(engine(), state=state)
    return render_template("outbox.html", rows=rows, state=state, form=form)
