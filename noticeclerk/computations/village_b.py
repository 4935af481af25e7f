"""Village B's clearing record, turned into the reasonable cost the Clerk certifies per parcel.

Python because a declared table reads no record of '|'-separated lines grouped by parcel.

Village B's ordinance (sidewalk snow, ice and debris) prints no section number, only its
divisions (A) to (E). Everything else its notices compute is declared in notices/village-b/:
the statement of charges and the special assessment entirely (their bills, the 10% of (D), the
30 days and the refusals of an early levy and of a statement paid in full), the certificate's
hours of (B)(2)-(3) and the refusal of clearing begun within them, and the notice of (E)
entirely (the materials named in the ordinance's words and order, and the refusals of anything
else and of a "violation" the Village permitted). What stays here is the certificate of (C):
the Clerk's record of the premises cleaned and of the work done, one '|'-separated line each,
grouped by parcel, with each reasonable cost certified "based upon these expenses" (never above
the cost reported), and the hours and paragraph of (B) that applied, which a declared period
counts but does not name.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation, fact_line_parts
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import parse_amount, spell_amount

# --- The Village Clerk's certificate of the reasonable cost, division (C) -------------------

DIVISION_C = "Village B ordinance, division (C)"
# (B)(2)-(3): "four or less inches" gives 24 hours, "more than four inches" 48; the notice's
# [periods.clearing] counts the same hours from the same four inches.
DEPTH_THRESHOLD_INCHES = Decimal(4)
HOURS_AT_OR_BELOW, HOURS_ABOVE = 24, 48

PREMISES_FORM = "parcel id | the premises cleaned, as the Clerk's record describes them"
WORK_FORM = "parcel id | the work done | actual cost reported | reasonable cost certified"


@computation("village_b_cost_certificate")
def village_b_cost_certificate(case: CaseContext) -> dict[str, Any]:
    """(C): the Clerk's record of the premises cleaned and the reasonable cost per parcel.

    The Clerk certifies the reasonable cost "based upon these expenses", the actual cost
    reported: a line certified above its reported cost is refused, and every parcel described
    must have a charge. (The notice definition has already refused clearing begun before the
    owners' hours of (B) ran out.)
    """
    facts = case.facts
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
    deeper = facts["depth_inches"] > DEPTH_THRESHOLD_INCHES
    return {
        "hours": HOURS_ABOVE if deeper else HOURS_AT_OR_BELOW,
        "division": "(B)(3)" if deeper else "(B)(2)",
        "parcels": rows,
        "total": summary.total,
        # Each parcel's premises and certified lines, which its statement of charges takes.
        "parcel_charges": {
            row["parcel"]: {
                "premises": row["premises"],
                "lines": [
                    {"description": line["description"], "amount": line["amount"]}
                    for line in row["lines"]
                ],
            }
            for row in rows
        },
    }
