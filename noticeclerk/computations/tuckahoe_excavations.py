"""Tuckahoe's street opening permits and extensions, turned into the area, amounts and open days.

Chapter 19, Article IV. The definitions (notices/tuckahoe/street-opening-permit.toml and
opening-extension.toml) declare the 24 hours of § 19-76(a), the deposit, the fee at the Board's
rate, the insurance of § 19-77 and the five days of § 19-82. What stays here, because a table
cannot state it:

- the chargeable area of § 19-75(g), which the permit prints and names in its fee line, and
  which a declared fee does not give (only its total and reasons);
- the days the opening may stay open, counted from the work's beginning or the opening's day,
  whose number is a fact (five, or the longer period the permit states), and an extension
  refused when it gives no more than those days.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    bill_context,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.periods import Unit, count_period, spell_date

# § 19-82: "No opening shall remain open and unfilled ... longer than five days".
OPEN_DAYS = 5


@computation("tuckahoe_opening_permit")
def tuckahoe_opening_permit(case: CaseContext) -> dict[str, Any]:
    """§§ 19-75(b), (f), (g) and 19-82: the fee and deposit paid, and the day the opening must be
    filled."""
    facts = case.facts
    # The area the Board's rate was charged on, from the same fee rule the definition names.
    measured = case.village.fee_rule("street-opening").kind.chargeable_area
    area = measured.area(facts["length_ft"], facts["width_ft"])
    paid = Bill(
        (
            BillLine(
                f"Permit fee on {area} square feet at the Board's rate",
                case.declared["fee"]["total"],
                "Tuckahoe § 19-75(f), (g)",
            ),
            BillLine("Deposit required by the Street Commissioner", facts["deposit"], "§ 19-75(b)"),
        )
    )
    allowed: int = facts["open_days_allowed"]
    filled = count_period(case.village.calendar, Unit.DAYS, allowed, facts["work_begins"])
    return {
        "area": area,
        "paid": bill_context(paid),
        "filled": period_context(filled),
        "longer_period": allowed > OPEN_DAYS,
    }


@computation("tuckahoe_opening_extension")
def tuckahoe_opening_extension(case: CaseContext) -> dict[str, Any]:
    """§ 19-82: the period the opening already had, its length a fact (the notice definition
    refuses one under five days), and an extension that gives more."""
    facts = case.facts
    allowed: int = facts["open_days_allowed"]
    current = count_period(case.village.calendar, Unit.DAYS, allowed, facts["opened_on"])
    extended: date = facts["extended_to"]
    if extended <= current.due:
        raise InputError(
            f"The extension to {spell_date(extended)} gives no more time than the opening "
            f"already has, to {spell_date(current.due)} (§ 19-82); an extension gives a longer "
            "stated period."
        )
    return {"current": period_context(current)}
