"""A document's service as the server reports it, typed into a form with exactly the fields its
method needs, turned into the same ServiceRequest `noticeclerk serve` builds.

Without JavaScript the form is two steps: the methods the document's ordinance allows, each a
link, then the chosen method's fields. The register's refusals name the command's options
(`--address`); here they name the form's fields instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask import abort, g, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from noticeclerk.exceptions import InputError
from noticeclerk.register.service import AT_A_PLACE, HANDED, PHONE_RESULTS
from noticeclerk.service_methods import MAIL_METHODS, TRACKED_MAIL
from noticeclerk.web.app import desk, engine, needs
from noticeclerk.web.forms import Field, Form, place_refusal
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day, typed_moment

SERVER = [
    Field("by", "Served by", "The person who served, mailed or posted it.", option="--by"),
    Field("at_day", "Day served", "Such as 12/4/2026.", kind="day", option="--at"),
    Field("at_time", "Time served", "Such as 10:15 am or 14:30.", kind="time", option="--at"),
]
NOTE = Field(
    "note", "Anything else the server observed", kind="note", required=False, option="--note"
)
PLACE = Field(
    "address", "Where it was delivered, left or posted", "The street address.", option="--address"
)


def fields_for(method: str) -> list[Field]:
    """Exactly what a service by `method` records, in the order the server reports it."""
    found = list(SERVER)
    if method in HANDED:
        found.append(
            Field("to_person", "Handed to or left with", "The person's name.", option="--to")
        )
    if method == "hand_suitable_age":
        found.append(
            Field(
                "relationship", "Their relationship to the dwelling",
                "Such as: lives there; the owner's daughter, who lives there.",
                option="--relationship",
            )
        )  # fmt: skip
    if method in AT_A_PLACE:
        found.append(PLACE)
    if method == "door_and_phone":
        found += [
            Field(
                "phone_number", "Telephone number called", "The number on file.",
                option="--phone-number",
            ),
            Field("called_day", "Day of the call", kind="day", option="--called-at"),
            Field("called_time", "Time of the call", kind="time", option="--called-at"),
            Field("phone_result", "The call", kind="choice", option="--phone-result"),
            Field(
                "answered_by", "Who answered (if someone did)", required=False,
                option="--answered-by",
            ),
        ]  # fmt: skip
    if method == "email":
        found.append(
            Field(
                "email",
                "Email address sent to",
                "The address on file, or one recorded on the case as given by the owner or a "
                "resident in writing.",
                option="--email",
            )
        )
    if method in MAIL_METHODS or method == "file_with_officer":
        found.append(
            Field(
                "address", "Address", "Leave it empty: the address on file that day.",
                required=False, option="--address",
            )
        )  # fmt: skip
    if method in MAIL_METHODS:
        found.append(
            Field(
                "deposited_at", "Post office it was deposited in",
                "Leave it empty for the one the village's file names.",
                required=False, option="--deposited-at",
            )
        )  # fmt: skip
    if method in TRACKED_MAIL:
        found.append(
            Field(
                "article_number", "USPS article number", "The 20 or 22 digits on the label.",
                option="--article-number",
            )
        )  # fmt: skip
    found.append(NOTE)
    return found


@dataclass(frozen=True)
class Served:
    """The document being served, as the page needs it."""

    number: str
    title: str
    case: str
    status: str
    methods: list  # the notice type's ServiceMethod entries, in its order


def _document(number: str) -> Served:
    from noticeclerk.content.notice_types import load_notice
    from noticeclerk.register.database import reading
    from noticeclerk.register.issuing import find_document

    with reading(engine()) as session:
        document = find_document(session, number)
        case = document.case
        notice = load_notice(case.village, document.notice_type, desk().workspace)
        return Served(
            document.number,
            notice.title,
            case.number,
            document.status,
            [entry for entry in notice.service if entry.method != "publication"],
        )


@pages.get("/documents/<number>/serve")
@needs("serve")
def service_form(number: str) -> str:
    """The methods the document's ordinance allows, then the chosen one's fields."""
    served = _document(number)
    method = request.args.get("method", "")
    return _page(served, method, None), 200


@pages.post("/documents/<number>/serve")
@needs("serve")
def serve_document(number: str) -> Response | tuple[str, int]:
    """Record the service, as 'noticeclerk serve' does; the deadline follows from it."""
    from noticeclerk.actions.documents import serve, village_of
    from noticeclerk.register.service import ServiceRequest

    served = _document(number)
    method = request.form.get("method", "")
    if method not in {entry.method for entry in served.methods}:
        abort(400, "Choose one of the ways of service the document's ordinance allows.")
    fields = fields_for(method)
    form = Form({field.name: request.form.get(field.name, "") for field in fields})
    values = {name: value.strip() for name, value in form.values.items()}
    for field in fields:
        if field.required and not values[field.name] and field.kind not in ("day", "time"):
            form.errors[field.name] = f"Fill in “{field.label}”."
    calendar = village_of(desk(), number).calendar
    moments: dict[str, datetime] = {}
    for prefix in ("at", "called"):
        if f"{prefix}_day" not in values:
            continue
        labels = {field.name: field.label for field in fields}
        try:
            day = typed_day(values[f"{prefix}_day"], labels[f"{prefix}_day"], desk().clock)
        except InputError as error:
            form.errors[f"{prefix}_day"] = str(error)
            continue
        try:
            moments[prefix] = typed_moment(
                day, values[f"{prefix}_time"], labels[f"{prefix}_time"], calendar.timezone
            )
        except InputError as error:
            form.errors[f"{prefix}_time"] = str(error)
    if method == "door_and_phone" and values.get("phone_result") not in PHONE_RESULTS:
        form.errors["phone_result"] = "Say whether someone answered or a message was left."
    if not form.errors:
        service = ServiceRequest(
            method=method,
            by=values["by"],
            at=moments["at"],
            to_person=values.get("to_person") or None,
            relationship=values.get("relationship") or None,
            address=values.get("address") or None,
            email=values.get("email") or None,
            phone_number=values.get("phone_number") or None,
            called_at=moments.get("called"),
            phone_result=values.get("phone_result") or None,
            answered_by=values.get("answered_by") or None,
            article_number=values.get("article_number") or None,
            deposited_at=values.get("deposited_at") or None,
            note=values.get("note") or None,
            recorded_by=g.user.name,
        )
        try:
            result = serve(desk(), number, service)
        except InputError as error:
            place_refusal(str(error), fields, form)
        else:
            _tell(result)
            return redirect(url_for("pages.case", number=served.case))
    return _page(served, method, form), 400


def _tell(result) -> None:  # type: ignore[no-untyped-def]
    from noticeclerk.register.people import leave_notice
    from noticeclerk.service_methods import SERVICE_METHODS

    method = SERVICE_METHODS.get(result.method, result.method)
    words = [f"Recorded service of {result.document} by {method}, effective {result.effective}."]
    if result.deadline is not None:
        words.append(f"Deadline: {result.deadline.describe()}.")
    words.extend(f"Warning: {warning}" for warning in result.warnings)
    leave_notice(engine(), g.user.session_id, " ".join(words))


def _page(served: Served, method: str, form: Form | None) -> str:
    chosen = next((entry for entry in served.methods if entry.method == method), None)
    return render_template(
        "serve.html",
        document=served,
        chosen=chosen,
        fields=fields_for(method) if chosen else [],
        form=form,
        phone_results=PHONE_RESULTS,
    )
