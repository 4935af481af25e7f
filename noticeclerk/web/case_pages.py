"""A new case typed into a form built from its notice type's facts, turned into the typed
values the case actions take (actions.cases), and opened in the register.

Each fact gets the field its type needs (a day, a day and a time, an amount, yes or no, one
line per item), with the notice's own words for it; the ordinance's sections the notice quotes
stand beside the form. What the clerk typed is read into its kind (a day, a moment on the
village's clock, a Decimal amount, lines), and the action checks it as it checks the command
line's, saying what is wrong in the same sentence, placed next to the field it names.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from flask import abort, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from noticeclerk.content.casefile import Recipient
from noticeclerk.exceptions import InputError
from noticeclerk.rules.money import spell_amount
from noticeclerk.web.app import desk, engine, first_upper, needs
from noticeclerk.web.forms import Form
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import clock_text, typed_day, typed_moment

# What each fact type's field says to type.
HINTS = {
    "date": "A day, such as 12/4/2026.",
    "money": "An amount, such as $1,250.00.",
    "integer": "A whole number.",
    "number": "A number, such as 2.5.",
    "text_list": "One item to a line.",
    "cost_lines": "One cost to a line: what it was | the amount, such as: Towing | $185.00",
}


@pages.get("/cases/new")
@needs("open_case")
def new_case() -> str:
    """The notice types a case may start with, village by village."""
    from noticeclerk.content.notice_types import load_notice, notice_names
    from noticeclerk.content.village import load_village, village_names

    workspace = desk().workspace
    villages = []
    for slug in village_names(workspace):
        starting = [
            notice
            for notice in (
                load_notice(slug, name, workspace) for name in notice_names(slug, workspace)
            )
            if not notice.follows
        ]
        if starting:
            villages.append(
                (load_village(slug, workspace), sorted(starting, key=lambda n: n.title))
            )
    return render_template("new_case.html", villages=villages)


@pages.route("/cases/new/<village>/<notice>", methods=["GET", "POST"])
@needs("open_case")
def open_case_form(village: str, notice: str) -> Response | str | tuple[str, int]:
    """The form of one notice type's facts; sent, it opens the case."""
    chosen, found = _notice(village, notice)
    if request.method == "GET":
        return _form_page(found, chosen, None)
    form = Form({key: value for key, value in request.form.items() if key != "form_token"})
    facts = _typed_facts(_fields(chosen), form, found.calendar)
    parcels = re.split(r"[\s,;]+", form.values.get("parcels", "").strip())
    parcels = [parcel for parcel in parcels if parcel]
    if chosen.gathered_fact is not None:
        # A list of the village's parcels (the unpaid liens) gathers them when it is issued.
        parcels = []
    elif not parcels:
        form.errors["parcels"] = "Name the parcel (its id on the roll) the case is about."
    recipient = None
    if chosen.recipient != "owner":
        recipient = _recipient(chosen.recipient, form)
    if form.errors:
        return _form_page(found, chosen, form), 400
    from noticeclerk.actions.cases import NewCase, open_case
    from noticeclerk.register.people import leave_notice

    new = NewCase(found.slug, chosen.slug, parcels, facts, recipient=recipient)
    try:
        number = open_case(desk(), new, by=g.user.name)
    except InputError as error:
        _place(str(error), chosen, form)
        return _form_page(found, chosen, form), 400
    leave_notice(engine(), g.user.session_id, f"Opened case {number}.")
    return redirect(url_for("pages.case", number=number))


@pages.route("/cases/<number>/record/<notice>", methods=["GET", "POST"])
@needs("record_event")
def record_facts(number: str, notice: str) -> Response | str | tuple[str, int]:
    """The facts a document the case may issue prints (the cost of the work for a bill, say):
    those the case lacks first, then those it has, as recorded, to be corrected; only what
    the clerk typed differently is recorded, as 'case record' records it (the earlier record
    stays, marked replaced)."""
    from noticeclerk.actions.cases import record

    chosen, facts, recorded, village = _follow_up_facts(number, notice)
    if request.method == "GET":
        return _record_page(number, chosen, facts, recorded, Form(dict(recorded)))
    form = Form({key: value for key, value in request.form.items() if key != "form_token"})
    changed = [
        fact
        for fact in facts
        if any(
            form.values.get(key, "").strip() != recorded.get(key, "").strip() for key in _keys(fact)
        )
    ]
    typed = _typed_facts(changed, form, village.calendar)
    if not form.errors and not typed:
        form.refusal = (
            "Nothing was typed differently from what the case holds; nothing was recorded."
        )
    if not form.errors and typed:
        try:
            counted = record(desk(), number, facts=typed, by=g.user.name)
        except InputError as error:
            _place(str(error), chosen, form)
        else:
            from noticeclerk.register.people import leave_notice

            leave_notice(
                engine(),
                g.user.session_id,
                f"Recorded {counted.facts} fact{'s' if counted.facts != 1 else ''} for the "
                f"{chosen.title}.",
            )
            return redirect(url_for("pages.case", number=number))
    return _record_page(number, chosen, facts, recorded, form), 400


def _keys(fact) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    """The form fields of a fact: a day and a time for a moment, else its own name."""
    if fact.type == "datetime":
        return (f"{fact.name}__day", f"{fact.name}__time")
    return (fact.name,)


def _follow_up_facts(number: str, notice: str):  # type: ignore[no-untyped-def]
    """The notice type (one the case may come to issue), the facts the desk asks for it, what
    the case has recorded for them as the form shows it, and the case's village."""
    from noticeclerk.content.village import load_village
    from noticeclerk.register.cases import find_case
    from noticeclerk.register.chains import case_notices
    from noticeclerk.register.database import reading
    from noticeclerk.register.facts import Recordable, from_json

    with reading(engine()) as session:
        case = find_case(session, number)
        ordered = case_notices(case, desk().workspace)
        notices = {one.slug: one for one in ordered}
        # A later record of a name supersedes the earlier: the last one stands.
        current = {
            entry.name: from_json(entry.value) for entry in case.events if entry.kind == "fact"
        }
        village = load_village(case.village, desk().workspace)
    if notice not in notices:
        abort(404)
    chosen = notices[notice]
    # What it takes from the documents it follows is not asked, unless the case itself records
    # it: a fact taken from further back than the case's first document (a district's case
    # opened with its schedule records the preliminary resolution's number), as `case record`
    # allows.
    recordable = Recordable(ordered)
    facts = [
        fact
        for fact in _fields(chosen)
        if fact.name not in chosen.takes or recordable.records(fact.name)
    ]
    recorded: dict[str, str] = {}
    for fact in facts:
        if fact.name in current:
            recorded.update(_as_typed(fact, current[fact.name], village.timezone))
    facts.sort(key=lambda fact: fact.name in current)  # the missing ones first
    return chosen, facts, recorded, village


def _as_typed(fact, value, zone) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A recorded value as the form shows it, so that an unchanged field reads as unchanged."""
    if isinstance(value, datetime):
        moment = value.astimezone(zone)
        return {
            f"{fact.name}__day": f"{moment.month}/{moment.day}/{moment.year}",
            f"{fact.name}__time": clock_text(moment),
        }
    if isinstance(value, date):
        return {fact.name: f"{value.month}/{value.day}/{value.year}"}
    if isinstance(value, Decimal):
        return {fact.name: spell_amount(value)}
    if fact.type == "boolean":
        return {fact.name: "yes" if value else "no"}
    if fact.type == "cost_lines" and isinstance(value, list):
        return {fact.name: "\n".join(f"{line['description']} | {line['amount']}" for line in value)}
    if isinstance(value, list):
        return {fact.name: "\n".join(str(item) for item in value)}
    return {fact.name: str(value)}


def _record_page(number: str, notice, facts: list, recorded: dict, form: Form) -> str:  # type: ignore[no-untyped-def,type-arg]
    missing = [fact for fact in facts if not any(key in recorded for key in _keys(fact))]
    held = [fact for fact in facts if fact not in missing]
    return render_template(
        "record_facts.html",
        case_number=number,
        notice=notice,
        missing=missing,
        held=held,
        form=form,
        hints=HINTS,
    )


def _notice(village: str, notice: str):  # type: ignore[no-untyped-def]
    from noticeclerk.content.notice_types import load_notice
    from noticeclerk.content.village import load_village

    found = load_village(village, desk().workspace)
    chosen = load_notice(found.slug, notice, desk().workspace)
    if chosen.follows:
        abort(
            400,
            f"A {chosen.title} follows another document of its case; issue it from that case.",
        )
    return chosen, found


def _fields(notice) -> list:  # type: ignore[no-untyped-def]
    """The facts the form asks for: every fact but one the document gathers when issued."""
    return [fact for fact in notice.facts if fact.name != notice.gathered_fact]


def _typed_facts(facts: list, form: Form, calendar) -> dict[str, Any]:  # type: ignore[no-untyped-def,type-arg]
    """The form's facts read into their kinds; a mistake in a day, a time, an amount or an
    answer is put next to its field. A day and time is the village's clock time, refused where
    the clocks skip it and asked about where they pass it twice, as the service form does."""
    found: dict[str, Any] = {}
    for fact in facts:
        try:
            _check_size(form.values.get(fact.name, ""))
            found[fact.name] = _typed_fact(fact, form.values, calendar)
        except InputError as error:
            form.errors[fact.name] = str(error)
    return found


def _typed_fact(fact, values: dict[str, str], calendar) -> Any:  # type: ignore[no-untyped-def]
    """One fact's field (or day and time fields) as the value of its kind."""
    from noticeclerk.rules.money import parse_amount

    name, label = fact.name, first_upper(fact.label)
    typed = values.get(name, "").strip()
    if fact.type == "datetime":
        day_text, time_text = values.get(f"{name}__day", ""), values.get(f"{name}__time", "")
        if not day_text.strip() and not time_text.strip():
            raise InputError(f"Fill in “{label}”: the day and the time.")
        day = typed_day(day_text, "The day", desk().clock)
        return typed_moment(day, time_text, "The time", calendar.timezone)
    if fact.type in ("text_list", "cost_lines"):
        lines = [line.strip() for line in typed_lines(typed) if line.strip()]
        if not lines:
            if fact.may_be_empty:
                return []
            raise InputError(f"Fill in “{label}”: at least one line.")
        if fact.type == "text_list":
            return lines
        return [_cost_line(line) for line in lines]
    if not typed:
        raise InputError(f"Fill in “{label}”: the document prints it.")
    if fact.type == "date":
        return typed_day(typed, "The day", desk().clock)
    if fact.type == "money":
        return parse_amount(typed, "The amount")
    if fact.type == "boolean":
        answer = {"yes": True, "no": False}.get(typed.lower())
        if answer is None:
            raise InputError(f"Answer “{label}” with yes or no.")
        return answer
    if fact.type == "integer":
        if not re.fullmatch(r"[0-9]{1,9}", typed):
            raise InputError(f"“{label}” is a whole number, such as 3; got '{typed}'.")
        return int(typed)
    return typed  # text, and a number, which the action reads by the one rule for numbers


def _cost_line(line: str) -> dict[str, Any]:
    """ "Towing | $185.00" as a cost line of the bill."""
    from noticeclerk.rules.money import parse_amount

    what, bar, amount = line.rpartition("|")
    if not bar or not what.strip():
        raise InputError(
            f"'{line}' is not a cost: write what it was, a bar and the amount, such as: "
            "Towing | $185.00"
        )
    return {"description": what.strip(), "amount": parse_amount(amount, "The amount")}


def typed_lines(typed: str) -> list[str]:
    """A text box's lines, split where the browser ends a line (CR LF) and nowhere else: a
    vertical tab, a form feed or a Unicode line separator inside a line stays in it, to be
    refused as a character no document prints, not taken for a line of its own."""
    return re.split(r"\r\n|\r|\n", typed)


# What one fact may hold at the desk: a letter's paragraph, a list of a few hundred items.
MAX_TEXT = 4_000
MAX_LINES = 300


def _check_size(typed: str) -> None:
    lines = typed_lines(typed)
    if len(lines) > MAX_LINES:
        raise InputError(
            f"This holds {len(lines)} lines; a fact may hold {MAX_LINES} at most (a longer "
            "list belongs in a file attached to the case)."
        )
    if any(len(line) > MAX_TEXT for line in lines):
        raise InputError(f"A line here is longer than {MAX_TEXT:,} characters; shorten it.")


def _recipient(role: str, form: Form) -> Recipient | None:
    """The party the first document goes to, when it is not the owner of record."""
    from noticeclerk.content.casefile import checked_recipient

    name = form.values.get("recipient_name", "").strip()
    lines = tuple(
        line.strip()
        for line in typed_lines(form.values.get("recipient_address", ""))
        if line.strip()
    )
    if not name:
        form.errors["recipient_name"] = f"Give the {role}'s name as the envelope prints it."
        return None
    if not lines:
        form.errors["recipient_address"] = (
            f"Give the {role}'s address, one line to a line, the last ending in the ZIP code."
        )
        return None
    try:
        return checked_recipient(f"The {role}", name, lines)
    except InputError as error:
        form.errors["recipient_address"] = str(error)
        return None


def _place(sentence: str, notice, form: Form) -> None:  # type: ignore[no-untyped-def]
    """The register's refusal next to the fact or parcel it names, else above the form."""
    named = re.search(r"[Tt]he fact '([a-z0-9_]+)'", sentence)
    if named and named[1] in {fact.name for fact in notice.facts}:
        form.errors[named[1]] = sentence
    elif "parcel" in sentence.lower():
        form.errors["parcels"] = sentence
    else:
        form.refusal = sentence


def _form_page(village, notice, form: Form | None) -> str:  # type: ignore[no-untyped-def]
    return render_template(
        "open_case.html",
        village=village,
        notice=notice,
        facts=_fields(notice),
        form=form,
        hints=HINTS,
    )


@pages.post("/documents/<number>/void")
@needs("issue")
def void_document(number: str) -> Response:
    """Void a spoiled document, as 'noticeclerk void' does: it keeps its number and the reason."""
    from noticeclerk.actions.documents import void
    from noticeclerk.register.people import leave_notice

    reason = request.form.get("reason", "").strip()
    case_number = void(desk(), number, reason=reason, by=g.user.name)
    leave_notice(engine(), g.user.session_id, f"Voided {number}: {reason}")
    return redirect(url_for("pages.case", number=case_number))


@pages.post("/cases/<number>/parties")
@needs("open_case")
def record_party(number: str) -> Response:
    """Someone the case's documents go to besides the owner of record (a contractor, an
    applicant), as 'noticeclerk case party' records them; a later record of a role replaces
    the earlier for later documents."""
    from noticeclerk.actions.cases import record_party as record
    from noticeclerk.register.people import leave_notice

    values = {
        key: request.form.get(key, "") for key in ("role", "name", "address", "email", "phone")
    }
    recorded = record(
        desk(),
        number,
        role=values["role"],
        name=values["name"].strip(),
        address_lines=typed_lines(values["address"]),
        email=values["email"],
        phone=values["phone"],
        by=g.user.name,
    )
    leave_notice(engine(), g.user.session_id, f"Recorded the {values['role']}: {recorded.name}.")
    return redirect(url_for("pages.case", number=number))


@pages.post("/cases/<number>/given-emails")
@needs("open_case")
def record_given_email(number: str) -> Response:
    """An email address an owner or resident gave the Village in writing, as 'noticeclerk case
    email-address' records it: who, to which department, when, and the archived writing."""
    from noticeclerk.actions.cases import record_given_email as record
    from noticeclerk.register.people import leave_notice

    values = {
        key: request.form.get(key, "").strip()
        for key in ("email", "given_by", "department", "given_on", "writing")
    }
    if not values["writing"].isascii() or not values["writing"].isdigit():
        raise InputError(
            "Give the archive item of the writing as its number, such as 7: the archive page "
            "shows it."
        )
    given = record(
        desk(),
        number,
        email=values["email"],
        given_by=values["given_by"],
        department=values["department"],
        given_on=typed_day(values["given_on"], "The day the Village received it", desk().clock),
        writing_item=int(values["writing"]),
        by=g.user.name,
    )
    leave_notice(
        engine(),
        g.user.session_id,
        f"Recorded {given.email}, given by {given.given_by} to the {given.department}.",
    )
    return redirect(url_for("pages.case", number=number))


@pages.post("/cases/<number>/events")
@needs("record_event")
def record_event(number: str) -> Response:
    """A day (or moment) a deadline of the case counts from, as 'case record --event' records
    it: a day alone, or a day and a time on the village's clock."""
    from noticeclerk.actions.cases import record, village_of
    from noticeclerk.register.people import leave_notice

    name = request.form.get("event", "")
    day = typed_day(request.form.get("day", ""), "The day", desk().clock)
    typed = request.form.get("time", "").strip()
    value: date | datetime = day
    if typed:
        value = typed_moment(day, typed, "The time", village_of(desk(), number).timezone)
    record(desk(), number, events={name: value}, by=g.user.name)
    shown = value.isoformat(timespec="minutes") if isinstance(value, datetime) else value
    leave_notice(engine(), g.user.session_id, f"Recorded {name.replace('_', ' ')}: {shown}.")
    return redirect(url_for("pages.case", number=number))
