"""Requests for the desk's pages turned into the register's answers, rendered as HTML.

Each view parses its request, calls the one register function the matching command calls, and
renders a template; it decides nothing the command line does not.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from noticeclerk.exceptions import InputError
from noticeclerk.register.database import reading
from noticeclerk.register.people import leave_notice
from noticeclerk.rules.periods import spell_date
from noticeclerk.web.app import (
    SESSION_COOKIE,
    SIGN_IN_COOKIE,
    desk,
    engine,
    form_token,
    needs,
    now,
    public,
    set_cookie,
)
from noticeclerk.web.forms import Form
from noticeclerk.web.typed import typed_day

pages = Blueprint("pages", __name__)

# What `due` calls each state, as a clerk says it on the today page.
STATUS_WORDS = {
    "passed": "Deadline passed",
    "coming": "Deadline coming",
    "unpaid": "Unpaid",
    "suspended": "Suspended by an appeal",
    "not_served": "Not served yet",
    "awaiting_receipt": "Awaiting the return receipt",
    "returned_unclaimed": "Returned unclaimed",
    "returned_refused": "Returned refused",
    "receipt_overdue": "Return receipt overdue",
    "email_failed": "Email not delivered",
    "not_published": "Not published yet",
    "stated_too_early": "Deadline stated too early",
    "precondition_unmet": "Precondition not met",
}


@pages.app_context_processor
def _everywhere() -> dict[str, Any]:
    return {"form_token": form_token, "user": g.get("user"), "status_words": STATUS_WORDS}


@pages.route("/sign-in", methods=["GET", "POST"])
@public
def sign_in() -> Response | str | tuple[str, int]:
    """The sign-in form; a right name and password start a session."""
    from noticeclerk.register.people import SignInRefused, anyone_can_sign_in
    from noticeclerk.register.people import sign_in as start_session
    from noticeclerk.register.people import sign_out as end_session

    target = _local_target(request.values.get("next", ""))
    if request.method == "GET":
        if g.user is not None:
            return redirect(target)
        return render_template(
            "sign_in.html",
            next=target,
            error=None,
            name="",
            nobody=not anyone_can_sign_in(engine()),
        )
    name = request.form.get("name", "")
    try:
        token = start_session(
            engine(),
            name,
            request.form.get("password", ""),
            address=request.remote_addr or "",
            now=now(),
        )
    except SignInRefused as refusal:
        page = render_template(
            "sign_in.html", next=target, error=str(refusal), name=name, nobody=False
        )
        return page, 403
    # Whatever session this browser had before is over: one browser, one session.
    earlier = request.cookies.get(SESSION_COOKIE, "")
    if earlier:
        end_session(engine(), earlier, now=now())
    response = redirect(target)
    set_cookie(response, SESSION_COOKIE, token)
    response.delete_cookie(SIGN_IN_COOKIE, path="/")
    return response


@pages.post("/sign-out")
def sign_out() -> Response:
    from noticeclerk.register.people import sign_out as end_session

    end_session(engine(), request.cookies.get(SESSION_COOKIE, ""), now=now())
    response = redirect(url_for("pages.sign_in"))
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@pages.get("/")
@needs("read")
def today() -> str:
    """What is due or overdue today in every village, soonest first, with the next step."""
    from noticeclerk.content.village import load_village
    from noticeclerk.register.due import what_is_due

    moment = now()
    items = what_is_due(engine(), as_of=moment, workspace=desk().workspace)
    by_village: dict[str, list[Any]] = defaultdict(list)
    for item in items:
        by_village[item.village].append(item)
    villages = {slug: load_village(slug, desk().workspace) for slug in by_village}
    return render_template(
        "today.html",
        villages=[
            (
                villages[slug].name,
                spell_date(moment.astimezone(villages[slug].timezone).date()),
                by_village[slug],
            )
            for slug in sorted(by_village)
        ],
    )


@pages.get("/cases")
@needs("read")
def cases() -> str:
    """Search the cases by number, parcel, address, owner or party."""
    from noticeclerk.register.reading import find_cases, list_cases

    words = request.args.get("q", "")[:200]
    if words.strip():
        rows = find_cases(engine(), words, workspace=desk().workspace)
    else:
        rows = list(reversed(list_cases(engine(), open_only=True, workspace=desk().workspace)))
    return render_template("cases.html", rows=rows, words=words)


@pages.get("/cases/<number>")
@needs("read")
def case(number: str) -> str:
    """One case: its parcels and parties, every record, each document with its service and
    payments, and what is due next."""
    return _case_page(number)


def _case_page(number: str, forms: dict[str, Form] | None = None) -> str:
    from noticeclerk.register.parties import PARTY_ROLES
    from noticeclerk.register.reading import case_history

    history = case_history(engine(), number, now=now(), workspace=desk().workspace)
    return render_template(
        "case.html",
        case=history,
        forms=forms or {},
        party_roles=PARTY_ROLES,
        event_names=_event_names(number),
    )


def _event_names(number: str) -> list[str]:
    """The events the case's documents count from (service, an appeal filed...)."""
    from noticeclerk.register.cases import find_case
    from noticeclerk.register.chains import case_notices

    with reading(engine()) as session:
        notices = case_notices(find_case(session, number), desk().workspace)
    return sorted(set().union(*(notice.event_names for notice in notices)))


@pages.post("/documents/<number>/payments")
@needs("pay")
def payment(number: str) -> Response | tuple[str, int]:
    """Record money received on a bill, as 'noticeclerk pay' does; the user is who recorded it."""
    from noticeclerk.actions.documents import case_of, pay
    from noticeclerk.rules.money import parse_amount, spell_amount

    case_number = case_of(desk(), number)
    form = Form({key: request.form.get(key, "") for key in ("amount", "paid_on", "reference")})
    paid_on = amount = None
    try:
        amount = parse_amount(form.values["amount"], "The amount paid")
    except InputError as error:
        form.errors["amount"] = str(error)
    try:
        paid_on = typed_day(form.values["paid_on"], "The day it was received", desk().clock)
    except InputError as error:
        form.errors["paid_on"] = str(error)
    if amount is not None and paid_on is not None and not form.errors:
        try:
            paid = pay(
                desk(),
                number,
                amount,
                paid_on,
                reference=form.values["reference"].strip() or None,
                by=g.user.name,
            )
        except InputError as error:
            form.refusal = str(error)
        else:
            leave_notice(
                engine(),
                g.user.session_id,
                f"Recorded {spell_amount(paid.amount)} on {paid.document}; "
                f"{spell_amount(paid.balance)} remains.",
            )
            return redirect(url_for("pages.case", number=case_number))
    return _case_page(case_number, {f"payment-{number}": form}), 400


@pages.get("/catalogue")
@needs("read")
def catalogue() -> str:
    """Every document each village can produce: its sections, those whose number or letter is
    inferred, its deadline, the ways it may be served, and a doubted law's standing."""
    from noticeclerk.content.citations import INFERRED_WHY
    from noticeclerk.content.notice_types import catalogue_entries
    from noticeclerk.content.village import load_village
    from noticeclerk.legal_status import legal_status_words
    from noticeclerk.service_methods import SERVICE_METHODS

    entries = catalogue_entries(None, desk().workspace)
    by_village: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        status = entry["legal_status"]
        entry["standing"] = legal_status_words(status) if status else None
        entry["ways"] = [SERVICE_METHODS[method] for method in entry["service"]]
        by_village[entry["village"]].append(entry)
    villages = [
        (load_village(slug, desk().workspace).name, slug, rows) for slug, rows in by_village.items()
    ]
    return render_template("catalogue.html", villages=villages, inferred_why=INFERRED_WHY)


@pages.get("/jobs/<job_id>")
@needs("read")
def job(job_id: str) -> str:
    """A job started from a page: how far it has gone, then how it ended and where to go on.
    Only the user who started it sees it."""
    from flask import abort

    from noticeclerk.web.app import jobs

    found = jobs().get(job_id, g.user.name)
    if found is None:
        abort(404)
    return render_template("job.html", job=found.view())


@pages.get("/favicon.ico")
@public
def favicon() -> Response:
    """Browsers ask for it whatever the page says; the desk's own icon, not a 404."""
    return redirect(url_for("static", filename="favicon.svg"), code=301)


@pages.get("/healthz")
@public
def health() -> dict[str, str]:
    """For a monitor: the desk answers and its register opens (nothing more is said to
    whoever asks)."""
    from noticeclerk.register.database import current_revision

    current_revision(engine())
    return {"status": "ok"}


def _local_target(target: str) -> str:
    """Where to go after signing in: a page of this desk only, never another site."""
    # A control character would be dropped by the URL parser here and refused in the header.
    if any(ord(character) < 0x20 or ord(character) == 0x7F for character in target):
        return url_for("pages.today")
    parts = urlsplit(target)
    if not target.startswith("/") or target.startswith("//") or parts.scheme or parts.netloc:
        return url_for("pages.today")
    if "\\" in target:
        return url_for("pages.today")
    return target
