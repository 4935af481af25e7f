"""The Village of Luck's case facts, turned into the figures its bills and letters print.

Luck's bills charge the owner the account of expenses the Village kept when it abated a
condition itself: snow and ice (§ 496-10G, letter inferred) and obstructions (§ 496-8F). The
ordinance adds no fee, penalty or percentage to either, so the bill is the account as kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import check_cents

SNOW_ICE_EXPENSE = "Luck § 496-10G (inferred)"
OBSTRUCTION_EXPENSE = "Luck § 496-8F"


def _account(lines: list[Mapping[str, Any]], authority: str) -> Bill:
    """The account of expenses as kept, line by line; a bill for nothing is refused."""
    bill = Bill(
        tuple(
            BillLine(
                line["description"],
                check_cents(line["amount"], f"The expense '{line['description']}'"),
                authority,
            )
            for line in lines
        )
    )
    if bill.total <= 0:
        raise InputError(
            f"The account of expenses adds up to nothing; a bill under {authority} "
            "needs the expenses the Village incurred."
        )
    return bill


@computation("luck_snow_ice_bill")
def luck_snow_ice_bill(case: CaseContext) -> dict[str, Any]:
    """§ 496-10G (inferred): "An account of the expenses incurred by the Village to abate the
    snow and/or ice hazard shall be kept, and such expenses shall be charged to and paid by
    the parcel or lot owner"."""
    facts = case.facts
    return {"charges": bill_context(_account(facts["expenses"], SNOW_ICE_EXPENSE))}


@computation("luck_obstruction_bill")
def luck_obstruction_bill(case: CaseContext) -> dict[str, Any]:
    """§ 496-8F: the official removes the obstruction "keeping an account of the expense of
    the abatement, and such expenses shall be charged to and paid by such property owner"."""
    facts = case.facts
    return {"charges": bill_context(_account(facts["expenses"], OBSTRUCTION_EXPENSE))}


# Resolution No. 7-2011, as the ordinance states it: "sidewalks with cracks or heaves of 3/4
# inch or more shall be repaired or replaced".
DEFECT_THRESHOLD_INCHES = Decimal("0.75")


@computation("luck_sidewalk_order")
def luck_sidewalk_order(case: CaseContext) -> dict[str, Any]:
    """An order under Resolution No. 7-2011 only reaches a crack or heave of 3/4 inch or more."""
    facts = case.facts
    largest = facts["largest_defect_inches"]
    if largest < DEFECT_THRESHOLD_INCHES:
        raise InputError(
            f"The largest crack or heave measured {largest} inch; Resolution No. 7-2011 orders "
            "repair or replacement only of cracks or heaves of 3/4 inch or more, so no order "
            "can be issued."
        )
    return {"largest_defect_inches": largest}
