"""Village B's certified costs and findings, turned into its statement, cost certificate,
special assessment and violation words; Python because tables cannot bill another bill's total
plus 10%, group costs by parcel, report which branch of a period applied, or read a list.

Village B's ordinance (sidewalk snow, ice and debris) prints no section number, only its
divisions (A) to (E). Amounts come from the money engine (`rules.costs`, `rules.money`);
periods from the time engine on the sample village's calendar. A computation also refuses
what the ordinance does not allow: clearing at the owner's expense before the owner's time
ran out, a cost certified above the expense reported, a statement paid in full, a "violation"
the Village itself permitted. The special assessment's 30 days and the refusal of a levy within
them are declared in notices/village-b/special-assessment.toml.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    bill_context,
    computation,
    fact_line_parts,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine, village_b_special_assessment
from noticeclerk.rules.deadline_rules import HoursByDepthRule
from noticeclerk.rules.money import check_cents, parse_amount, spell_amount, spell_number, to_cents
from noticeclerk.rules.periods import Deadline, spell_datetime


@computation("village_b_statement")
def village_b_statement(case: CaseContext) -> dict[str, Any]:
    """Village B (C)-(D): the certified cost per parcel, and what an unpaid statement becomes.

    The statement lists the costs the Village Clerk certified; if unpaid, (D) lets the Council
    levy the expense "together with a penalty and administrative fee of 10%".
    """
    facts = case.facts
    charges = Bill(
        tuple(
            BillLine(
                line["description"], to_cents(line["amount"]), "Village B ordinance, division (C)"
            )
            for line in facts["certified_costs"]
        )
    )
    assessment = village_b_special_assessment(charges.total)
    return {"charges": bill_context(charges), "special_assessment": bill_context(assessment)}


# --- The Village Clerk's certificate of the reasonable cost, division (C) -------------------

DIVISION_C = "Village B ordinance, division (C)"
# (B)(2)-(3): 24 hours after a storm of "four or less inches", 48 hours after "more than four".
_CLEARING = HoursByDepthRule(
    after="storm_ceased",
    depth="depth_inches",
    threshold=Decimal(4),
    hours_at_or_below=24,
    hours_above=48,
)

PREMISES_FORM = "parcel id | the premises cleaned, as the Clerk's record describes them"
WORK_FORM = "parcel id | the work done | actual cost reported | reasonable cost certified"


def _clearing(case: CaseContext) -> Deadline:
    """(B)(2)-(3): when the owners' and occupants' time to clear the storm's snow ran out."""
    return _CLEARING.deadline(
        case.village.calendar,
        {"storm_ceased": case.facts["storm_ceased"]},
        # The rule reads the depth as typed (text or a number), not as a Decimal.
        {"depth_inches": str(case.facts["depth_inches"])},
    )


@computation("village_b_cost_certificate")
def village_b_cost_certificate(case: CaseContext) -> dict[str, Any]:
    """(C): the Clerk's record of the premises cleaned and the reasonable cost per parcel.

    The Village may clear a sidewalk only when it was "not cleared ... within the time
    provided in divisions (A) and (B)", so clearing begun before the owners' hours ran out is
    refused. The Clerk certifies the reasonable cost "based upon these expenses", the actual
    cost reported: a line certified above its reported cost is refused, and every parcel
    certified must have a charge.
    """
    facts = case.facts
    clearing = _clearing(case)
    began: datetime = facts["village_began_clearing"]
    if began <= clearing.due:
        raise InputError(
            f"The Village began clearing at {spell_datetime(began)}, but the owners and "
            f"occupants had until {spell_datetime(clearing.due)} (division (B)); the Village "
            "clears at the owner's expense only a sidewalk not cleared within that time "
            "(division (C))."
        )
    premises: dict[str, str] = {}
    for line in facts["premises_cleaned"]:
        parcel, description = fact_line_parts(line, 2, "premises_cleaned", PREMISES_FORM)
        if parcel in premises:
            raise InputError(
                f"The fact 'premises_cleaned' describes parcel '{parcel}' twice; describe each "
                "parcel once."
            )
        premises[parcel] = description
    reported: dict[str, list[BillLine]] = {parcel: [] for parcel in premises}
    certified: dict[str, list[BillLine]] = {parcel: [] for parcel in premises}
    for line in facts["work"]:
        parcel, work, actual, reasonable = fact_line_parts(line, 4, "work", WORK_FORM)
        if parcel not in premises:
            raise InputError(
                f"The fact 'work' charges parcel '{parcel}', which 'premises_cleaned' does not "
                "describe; the Clerk's record specifies the premises cleaned for each parcel."
            )
        actual_cost = parse_amount(actual, f"The actual cost reported for '{work}'")
        reasonable_cost = parse_amount(reasonable, f"The reasonable cost certified for '{work}'")
        if reasonable_cost > actual_cost:
            raise InputError(
                f"The reasonable cost certified for '{work}', {spell_amount(reasonable_cost)}, "
                f"is more than the actual cost reported, {spell_amount(actual_cost)}; the Clerk "
                'certifies the reasonable cost "based upon these expenses" (division (C)).'
            )
        reported[parcel].append(BillLine(work, actual_cost, DIVISION_C))
        certified[parcel].append(BillLine(work, reasonable_cost, DIVISION_C))
    rows = []
    for parcel, description in premises.items():
        if not certified[parcel]:
            raise InputError(
                f"The fact 'work' has no line for parcel '{parcel}'; give the work done there "
                "and its cost, or leave the parcel out of the certificate."
            )
        cost, actual_total = Bill(tuple(certified[parcel])), Bill(tuple(reported[parcel]))
        if not cost.total:
            raise InputError(
                f"The reasonable cost certified for parcel '{parcel}' is $0.00; a parcel with "
                "no charge has nothing to certify."
            )
        rows.append(
            {
                "parcel": parcel,
                "premises": description,
                "lines": [
                    {"description": c.description, "reported": r.amount, "amount": c.amount}
                    for r, c in zip(actual_total.lines, cost.lines, strict=True)
                ],
                "reported": actual_total.total,
                "total": cost.total,
            }
        )
    summary = Bill(tuple(BillLine(row["parcel"], row["total"], DIVISION_C) for row in rows))
    deeper = facts["depth_inches"] > _CLEARING.threshold
    return {
        "clearing": period_context(clearing),
        "hours": _CLEARING.hours_above if deeper else _CLEARING.hours_at_or_below,
        "division": "(B)(3)" if deeper else "(B)(2)",
        "depth": spell_number(facts["depth_inches"]),
        "parcels": rows,
        "total": summary.total,
    }


# --- The Council's special assessment, division (D) ------------------------------------------


@computation("village_b_special_assessment")
def village_b_levy(case: CaseContext) -> dict[str, Any]:
    """(D): the unpaid expense with the penalty and administrative fee of 10%, levied by the
    Council as a special assessment once the bill is unpaid 30 days from its mailing (the
    notice definition declares the 30 days and refuses a levy within them).

    The 10% is reckoned on the expense still unpaid (what a part payment left), since the
    Council levies "the amount of the expense incurred" that the owner failed to pay.
    """
    facts = case.facts
    billed = Bill(
        tuple(
            BillLine(
                line["description"], check_cents(line["amount"], "A certified cost"), DIVISION_C
            )
            for line in facts["certified_costs"]
        )
    )
    paid = check_cents(facts["amount_paid"], "The amount paid on the statement")
    if paid >= billed.total:
        raise InputError(
            f"The statement of {spell_amount(billed.total)} is paid in full "
            f"({spell_amount(paid)} received); division (D) allows a special assessment only "
            "when the owner fails to pay the bill."
        )
    unpaid = billed.total - paid
    return {
        "billed": bill_context(billed),
        "paid": paid,
        "unpaid": unpaid,
        "special_assessment": bill_context(village_b_special_assessment(unpaid)),
    }


# --- Notice of violation, division (E) --------------------------------------------------------

# (E): "any snow, ice, debris or dirt".
MATERIALS = ("snow", "ice", "debris", "dirt")


@computation("village_b_right_of_way")
def village_b_right_of_way(case: CaseContext) -> dict[str, Any]:
    """(E): only snow, ice, debris or dirt, and no violation where the Village gave permission.

    "No person shall place, throw, deposit or dump any snow, ice, debris or dirt in or on any
    public right-of-way ... unless consent to do so is based upon necessity and permission is
    granted by the village."
    """
    facts = case.facts
    found = []
    for item in facts["materials"]:
        word = item.strip().lower()
        if word not in MATERIALS:
            raise InputError(
                f"The fact 'materials' lists '{item}'; division (E) covers only snow, ice, "
                "debris or dirt, one of them per line."
            )
        if word not in found:
            found.append(word)
    if facts["village_permission"]:
        raise InputError(
            "The Village granted permission to place it there; division (E) forbids it only "
            '"unless consent to do so is based upon necessity and permission is granted by '
            'the village", so there is no violation to notice.'
        )
    ordered = [word for word in MATERIALS if word in found]
    words = ordered[0] if len(ordered) == 1 else f"{', '.join(ordered[:-1])} and {ordered[-1]}"
    return {"materials": words}
