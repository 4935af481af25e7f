"""Palmyra's snow clearings (§ 8.10(2)), turned into the charges the Clerk enters in the tax roll.

The fee for one clearing (its posted rate, the area cleared and their refusals) is declared in
notices/palmyra/snow-ice-tax-roll-charge.toml. Python because a table makes no bill line for
each line of a list, nor counts one: the fee is charged once for each clearing the case lists.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.rules.costs import Bill, BillLine


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
