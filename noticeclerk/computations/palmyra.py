"""Palmyra's street opening and snow clearing facts, turned into the area and charges they print.

Everything else these documents compute is declared in their notice definitions (the insurance
minimums, the bond and the refusals of the excavation permit; the fee for one clearing, its
rate and area). Python because a table cannot multiply two facts (the opening's length by its
width, § 8.05(4)) nor make one bill line for each line of a list (each clearing, § 8.10(2)).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import spell_number


@computation("palmyra_excavation_permit")
def palmyra_excavation_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.05(4): the bond is figured on "the proposed opening", its length times its width;
    the permit prints that area beside them."""
    length: Decimal = case.facts["opening_length_ft"]
    width: Decimal = case.facts["opening_width_ft"]
    return {"area": spell_number(length * width)}


@computation("palmyra_snow_tax_roll_charge")
def palmyra_snow_tax_roll_charge(case: CaseContext) -> dict[str, Any]:
    """§ 8.10(2): the Clerk "shall annually enter such charges in the tax roll as a special
    assessment": the declared fee for one clearing, charged for each clearing the case lists
    (a list a case file cannot give empty)."""
    each = case.declared["each"]
    area, rate = case.declared["area"], case.declared["rate"]
    clearings = case.facts["clearings"]
    charges = Bill(
        tuple(
            BillLine(f"{text}: {area} sq ft x ${rate} per sq ft", each["total"], each["authority"])
            for text in clearings
        )
    )
    return {"charges": bill_context(charges), "count": len(clearings)}
