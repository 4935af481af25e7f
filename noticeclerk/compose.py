"""A case, its notice type and its village, turned into one document context, computed once.

The context is what the template prints; the deadline and the figures in it are also what the
register stores about an issued document (the deadline it states, the amount a bill asks), so
both are computed here once and handed on, never recomputed by the caller.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from noticeclerk.computations import COMPUTATIONS, CaseContext
from noticeclerk.computations.declared import compute_declared
from noticeclerk.content.casefile import CaseFile
from noticeclerk.content.citations import chaptered
from noticeclerk.content.notice_types import NoticeType, readings_of
from noticeclerk.content.roll import Share
from noticeclerk.content.village import Officer, Village
from noticeclerk.exceptions import InputError
from noticeclerk.legal_status import legal_status_line
from noticeclerk.review import review_statement
from noticeclerk.rules.apportion import split_by_count
from noticeclerk.rules.calendars import Act
from noticeclerk.rules.money import spell_amount
from noticeclerk.rules.periods import Deadline


@dataclass(frozen=True)
class Composed:
    """One document ready to render: its case, notice type, village and the context it prints."""

    case: CaseFile
    notice: NoticeType
    village: Village
    context: dict[str, Any]
    # The deadline the document states, or None when its notice type sets none.
    deadline: Deadline | None
    # The notice type's computation's figures (bills, schedules), as the template prints them.
    figures: dict[str, Any]

    def amount_due(self) -> str | None:
        """What a bill asks to be paid: the total of the figure its notice type names, or this
        property's share of it."""
        amount = bill_amount(self.notice, self.figures)
        return None if amount is None else str(amount)


def bill_amount(notice: NoticeType, figures: dict[str, Any]) -> Decimal | None:
    """The amount a bill asks to be paid: its bill's total, or this property's share of it."""
    if notice.amount_due is None:
        return None
    if "share" in figures:
        return figures["share"]["amount"]
    return figures[notice.amount_due]["total"]


def compose(case: CaseFile, notice: NoticeType, village: Village) -> Composed:
    """Everything a template may print, each fact computed by the rules or read from the case.

    The deadline comes from the time engine with its reasons; nothing here formats or
    guesses a fact, so a fact the case lacks stays missing and the template render fails on it.
    """
    # A notice type a court has doubted is refused first, before any fact is computed.
    legal_status = legal_status_line(notice, village, case.date)
    # Where the ordinance reads two ways, the village's file says which reading it relies on.
    readings = readings_of(notice, village)
    if readings:
        case = dataclasses.replace(case, facts={**case.facts, **readings})
    signer = village.letterhead.officer(notice.signer, f"the notice type {notice.path}")
    if notice.signed_by is not None:
        # The officer who made the finding signs the notice the finding causes to issue.
        name, title = notice.signed_by
        signer = Officer(case.facts[name], case.facts[title])
    attester = None
    if notice.attested_by is not None:
        attesting = village.letterhead.officer(
            notice.attested_by, f"the notice type {notice.path} (attested_by)"
        )
        attester = {"name": attesting.name, "title": attesting.title}
    computed = None
    deadline = None
    events = dict(case.events)
    if notice.document_date_is is not None and notice.document_date_is not in events:
        events[notice.document_date_is] = case.date
    # The declared checks come first: a deadline whose count is a fact (the days the Board
    # allowed) is refused by the check that cites the ordinance, not by the counting.
    figures = compute_figures(
        notice,
        CaseContext(
            facts=case.facts,
            events=events,
            village=village,
            today=case.date,
            parcels=case.parcels,
            share=case.share,
            signer=signer,
        ),
    )
    # Before its service (or receipt) a document states its deadline as the rule in words.
    if notice.deadline is not None and not notice.awaits_anchor(events):
        computed = notice.deadline.deadline(village.calendar, events, case.facts)
        deadline = {
            "due": computed.due,
            "has_time": computed.has_time,
            "steps": [str(step) for step in computed.steps],
        }
    if case.share is not None and notice.shared_by is not None and notice.amount_due:
        figures["share"] = share_figure(
            figures[notice.amount_due]["total"],
            case.share,
            notice.shared_by,
            village.money.odd_cents,
        )
    context = {
        "doc": {
            "title": notice.title,
            "number": case.document_number,
            "case_number": case.case_number,
            "date": case.date,
            # The catalogue keeps the "(inferred)" marks; a served document cites plainly, each
            # of the Code's sections with its chapter (NY legal reading CF-15).
            "citations": chaptered(notice.sections, village.letterhead.code_chapters),
            "mail_class": notice.mail_class,
            # Printed on every page: on whose approval a doubted notice type is issued.
            "legal_status": legal_status,
        },
        "village": village_context(village),
        "recipient": {
            "name": case.recipient.name,
            "address_lines": list(case.recipient.address_lines),
        },
        "parcels": [
            {
                "id_label": "Section, Block and Lot" if p.section_block_lot else "Parcel No.",
                "identifier": p.section_block_lot or p.parcel_id,
                "parcel_id": p.parcel_id,
                "address": p.property_address,
                "owner_name": p.owner_name,
                "tax_lots": p.tax_lots,
            }
            for p in case.parcels
        ],
        "deadline": deadline,
        "deadline_lead": notice.deadline_lead,
        "deadline_words": notice.deadline_words,
        "quotes": [{"section": q.section, "text": q.text} for q in notice.quotes],
        "service_methods": [
            {"method": s.method, "words": s.words, "section": s.section} for s in notice.service
        ],
        # Set only where the ordinance requires the notice to say how it may be served: the
        # service partial lists the manners then, and prints nothing otherwise.
        "states_service": notice.states_service,
        "signer": {"name": signer.name, "title": signer.title},
        "attester": attester,
        "facts": case.facts,
        "events": events,
        "text": notice.text,
        "figures": figures,
    }
    if notice.remittance is not None:
        context["remittance"] = remittance_stub(notice, village, figures, deadline, case.facts)
    review = review_statement(notice, village)
    if review is not None:
        context["review"] = review
    return Composed(case, notice, village, context, computed, figures)


def remittance_stub(
    notice: NoticeType,
    village: Village,
    figures: dict[str, Any],
    deadline: dict[str, Any] | None,
    facts: Mapping[str, Any],
) -> dict[str, Any]:
    """What a bill's remittance stub prints: the amount, when it is due (a date, the rule in
    words before the event it counts from, the last day an amount holds, or the notice type's
    words where none is set), whom to pay and where."""
    remittance = notice.remittance
    assert remittance is not None
    if remittance.good_through is not None:
        due: dict[str, Any] = {"through": facts[remittance.good_through]}
    elif deadline is not None:
        due = {"date": deadline["due"], "has_time": deadline["has_time"]}
    elif notice.deadline is not None:
        due = {"words": notice.deadline_words}
    else:
        due = {"words": remittance.no_due_day}
    # A payment due at the office ("made to the Village Clerk-Treasurer on or before", Palmyra
    # § 8.03(3)(b)2) is late if a mailed one arrives after the day: the stub says where to pay,
    # and that mail must arrive by then, rather than "at or by mail to".
    act = getattr(notice.deadline, "act", None)
    return {
        "amount": bill_amount(notice, figures),
        "due": due,
        "in_person": act is not None and act.at_office,
        # Only where the law asks the payment made at the office must mail arrive by the day.
        "mail_received_by_due": act is Act.AT_OFFICE,
        # Where a payment is made in person: the office's street, never a post office box.
        "office_lines": list(village.letterhead.office_street_lines),
        "pay_to": remittance.pay_to,
        "payable_to": village.name,
        "address_lines": list(village.letterhead.address_lines),
    }


def share_figure(
    total: Decimal, share: Share, authority: str, odd_cents: str = "first properties"
) -> dict[str, Any]:
    """One property's equal share of a cost several properties share, with its reasons; the
    cents that do not divide equally go as the village's file says (`odd_cents`)."""
    split = split_by_count(total, share.count, odd_cents)
    amount = split.shares[share.position - 1].amount
    if amount <= 0:
        raise InputError(
            f"{spell_amount(total)} divided among {share.count} properties is "
            f"{spell_amount(amount)} for this one; a bill for nothing is not issued."
        )
    steps = [
        f"{spell_amount(total)} is divided by the number of properties, {share.count}, one share "
        f"for each property whatever the number of its tax lots, under {authority}.",
        *(f"{step.text}." for step in split.steps[1:]),
        f"This property is number {share.position} of {share.count}: {spell_amount(amount)}.",
    ]
    return {
        "amount": amount,
        "total": total,
        "position": share.position,
        "count": share.count,
        "authority": authority,
        "steps": steps,
    }


def compute_figures(notice: NoticeType, case: CaseContext) -> dict[str, Any]:
    """The figures a document prints: what its definition declares, then its own computation."""
    readings = readings_of(notice, case.village)
    if readings:
        case = dataclasses.replace(case, facts={**case.facts, **readings})
    figures = compute_declared(notice.declared, case)
    if notice.computation:
        seen = dataclasses.replace(case, declared=dict(figures))
        figures.update(COMPUTATIONS[notice.computation](seen))
    return figures


def village_context(village: Village) -> dict[str, Any]:
    """What the letterhead, the signature and the jurat print about the village."""
    letterhead = village.letterhead
    context = {
        "name": village.name,
        "sample": village.sample,
        "demonstration": letterhead.demonstration,
        # Every page of a sample or demonstration village's document carries it.
        "specimen_mark": village.specimen_mark,
        # A specimen's last words: its persons, cases and unset figures are fictional.
        "specimen_note": village.specimen_note,
        "state": village.state.value,
        "state_name": village.state.state_name,
        "county": letterhead.county,
        # A New York jurat's "Qualified in ... County"; None leaves the notary's blank.
        "notary_county": letterhead.notary_county,
        "address_lines": list(letterhead.address_lines),
        # Where papers are served on the Village's officers by hand: never a post office box.
        "office_street_lines": list(letterhead.office_street_lines),
        "phone": letterhead.phone,
        "email": letterhead.email,
        "website": letterhead.website,
        "office_hours": letterhead.office_hours,
        "seal": letterhead.seal,
    }
    # How a New York village counts a period of two days, for the document that states it; left
    # out where the file has not chosen, so a template that prints it cannot print a guess.
    # Where the ordinance names no state, the sentence naming the law of time the Village relies
    # on, which every document stating a deadline prints; left out where the ordinance names it.
    if village.law_of_time_sentence is not None:
        context["law_of_time"] = village.law_of_time_sentence
    if village.calendar.two_day_periods is not None:
        context["two_day_periods"] = village.calendar.two_day_periods.value
    return context
