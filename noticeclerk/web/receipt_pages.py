"""Green cards and returned envelopes scanned one after another at the desk, turned into the
receipts and returns `noticeclerk receipt --scan` records, each card's answer listed.

A barcode scanner types an article number and Enter: the box takes one number to a line. Each
line is recorded on its own (one refused card does not stop the others), as at the command
line, and the page lists what became of each.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import g, render_template, request

from noticeclerk.exceptions import InputError
from noticeclerk.web.app import desk, needs
from noticeclerk.web.forms import Form
from noticeclerk.web.pages import pages
from noticeclerk.web.typed import typed_day

# What happened to the mail, as the form offers it, with the register's name for it.
ANSWERS = {
    "receipt_signed": "The return receipt came back signed",
    "returned_unclaimed": "The mail came back unclaimed",
    "returned_refused": "The mail came back refused by the addressee",
    "received": "First-class mail (no receipt) was received",
}
# One scan session's cards at most: a day's certified mail, not a whole roll.
MOST_CARDS = 500


@dataclass(frozen=True)
class Card:
    """One scanned line and what became of it."""

    typed: str
    recorded: str | None
    refusal: str | None


@pages.route("/receipts", methods=["GET", "POST"])
@needs("serve")
def receipts() -> str | tuple[str, int]:
    """The scanning box: what happened, on which day, then the article numbers."""
    if request.method == "GET":
        return _page(Form({"kind": "receipt_signed"}), [])
    form = Form(
        {key: request.form.get(key, "") for key in ("kind", "day", "signed_by", "note", "numbers")}
    )
    kind = form.values["kind"]
    if kind not in ANSWERS:
        form.errors["kind"] = "Say what happened to the mail."
    try:
        day = typed_day(form.values["day"], "The day", desk().clock)
    except InputError as error:
        form.errors["day"] = str(error)
    if form.values["signed_by"].strip() and kind != "receipt_signed":
        form.errors["signed_by"] = "The name signed goes with a signed return receipt only."
    lines = [line.strip() for line in form.values["numbers"].splitlines() if line.strip()]
    if not lines:
        form.errors["numbers"] = "Scan or type at least one article or document number."
    elif len(lines) > MOST_CARDS:
        form.errors["numbers"] = (
            f"Scan at most {MOST_CARDS} cards at a time; these are {len(lines)}."
        )
    if form.errors:
        return _page(form, []), 400
    cards = [_record(line, kind, day, form) for line in lines]
    refused = sum(card.refusal is not None for card in cards)
    # What was recorded stays recorded: the box is emptied of those, and keeps the refused.
    form.values["numbers"] = "\n".join(card.typed for card in cards if card.refusal)
    return _page(form, cards), 400 if refused else 200


def _record(typed: str, kind: str, day, form: Form) -> Card:  # type: ignore[no-untyped-def]
    from noticeclerk.actions.documents import record_mail_answer, village_of_mailing
    from noticeclerk.counter import noon_or_moment

    try:
        moment = noon_or_moment(day, lambda: village_of_mailing(desk(), typed).calendar)
        answer = record_mail_answer(
            desk(),
            typed,
            kind,
            moment,
            note=form.values["note"].strip() or None,
            signed_by=form.values["signed_by"].strip() or None,
            by=g.user.name,
        )
    except InputError as error:
        return Card(typed, None, str(error))
    words = f"Recorded for {answer.document}"
    if answer.deadline is not None:
        words += f"; deadline {answer.deadline.describe()}"
    return Card(typed, words + ".", None)


def _page(form: Form, cards: list[Card]) -> str:
    return render_template("receipts.html", form=form, cards=cards, answers=ANSWERS)
