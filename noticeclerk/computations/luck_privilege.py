"""Luck's street privilege permit (§ 496-9), its facts turned into its term, width, fee and
revocation grounds; Python because tables cannot add unmoved months, divide or read lists.

What the declared tables (noticeclerk.computations.declared) have no words for: a day three
months after a fact that is not moved off a Sunday (the termination is automatic, not an act),
a true-or-false comparison of a fact with it, a fraction of one number compared with another,
a bill whose cost lines carry the ordinance's words and leave out a line of nothing, and a list
of condition numbers each looked up in the ordinance's words. The termination date's order
against the issuance is a check in notices/luck/street-privilege-permit.toml.

Chapter 496 prints the section number § 496-9 but no subsection letters or paragraph numbers
in it; the letters A to F and the numbers (1) to (5) of the conditions of occupancy used here
are inferred from the order of the text. Dates come from the time engine
(`rules.periods`), amounts from the money engine (`rules.money`, `rules.costs`). The day of
issuance is a fact (`issued_on`) and must be the date of the permit document.
"""

from __future__ import annotations

from datetime import date
from decimal import ROUND_DOWN, Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import check_cents
from noticeclerk.rules.periods import add_months, spell_date

PRIVILEGE = "Luck § 496-9"
FEE = "Luck § 496-9C (inferred)"
# § 496-9E (inferred): "All street privilege permits shall automatically terminate at the end
# of three months from the date of issuance unless an earlier termination date is specified
# thereon at the discretion of the Village Clerk-Treasurer."
TERM_MONTHS = 3
# § 496-9D(1) (inferred): "Such temporary obstruction shall cover not more than 1/3 of any
# street or alley."
SHARE_OF_STREET = Decimal(1) / Decimal(3)
# § 496-9D (inferred), the terms and conditions of occupancy, by their inferred numbers.
CONDITIONS = {
    "1": "the temporary obstruction cover not more than 1/3 of any street or alley",
    "2": "obstructions be sufficiently lighted at night so as to be in full view of the public "
    "from all directions",
    "3": "sidewalk traffic not be interrupted, temporary sidewalks being not less than four feet "
    "in width and guarded by a closed fence at least four feet high on both sides",
    "4": "no building or structure remain overnight on any street crossing or intersection or so "
    "near thereto as to prevent easy access to any fire hydrant",
    "5": "upon termination of the work, all parts of the public ways occupied under the permit be "
    "vacated, cleaned of all rubbish and obstructions and placed in a safe condition for public "
    "travel at the expense of the permittee",
}


def three_month_end(issued: date) -> date:
    """The day the permit ends "at the end of three months from the date of issuance".

    The termination is automatic, not an act to be done, so the day is not moved off a Sunday
    or legal holiday: Wis. Stat. § 990.001(4) extends only the time within which an act is to be
    done.
    """
    return add_months(issued, TERM_MONTHS)


@computation("luck_street_privilege_permit")
def luck_street_privilege_permit(case: CaseContext) -> dict[str, Any]:
    """The permit's fee ("the sum set by the Village Board, plus any actual Village costs"), its
    last day, and the check that the obstruction covers not more than 1/3 of the street.

    Refuses a permit whose occupied width exceeds a third of the street's width, and a
    termination date later than three months from issuance (the definition refuses one before
    the issuance).
    """
    facts = case.facts
    issued: date = facts["issued_on"]
    terminates: date = facts["terminates_on"]
    end = three_month_end(issued)
    if terminates > end:
        raise InputError(
            f"The permit issued on {spell_date(issued)} cannot run to {spell_date(terminates)}: "
            f"{PRIVILEGE}E (inferred) ends every street privilege permit at the end of three "
            f"months from issuance, on {spell_date(end)}; specify that day or an earlier one."
        )
    street: Decimal = facts["street_width_feet"]
    occupied: Decimal = facts["occupied_width_feet"]
    limit = (street * SHARE_OF_STREET).quantize(Decimal("0.1"), rounding=ROUND_DOWN)
    if occupied * 3 > street:
        raise InputError(
            f"An obstruction {occupied} feet wide covers more than 1/3 of a street {street} feet "
            f"wide: {PRIVILEGE}D(1) (inferred) allows not more than {limit} feet; the permit "
            "cannot be issued for it."
        )
    lines = [
        BillLine(
            f"Street privilege permit fee set by the Village Board ({facts['fee_resolution']})",
            check_cents(facts["board_fee"], "The fee the Village Board set"),
            FEE,
        )
    ]
    for item in facts["village_costs"]:
        if item["amount"] > 0:
            lines.append(
                BillLine(
                    f"Actual Village cost: {item['description']}",
                    check_cents(item["amount"], "An actual Village cost"),
                    FEE,
                )
            )
    return {
        "fee": bill_context(Bill(tuple(lines))),
        "three_month_end": end,
        "earlier_termination": terminates < end,
        "max_width_feet": limit,
    }


@computation("luck_street_privilege_revocation")
def luck_street_privilege_revocation(case: CaseContext) -> dict[str, Any]:
    """The conditions of occupancy violated, by their inferred numbers in § 496-9D.

    The permit is "subject to revocation without notice ... for violation thereof": a revocation
    that names no violated condition is refused.
    """
    facts = case.facts
    numbers = [str(n).strip().strip("()") for n in facts["conditions_violated"]]
    unknown = [n for n in numbers if n not in CONDITIONS]
    if unknown:
        raise InputError(
            f"{PRIVILEGE}D (inferred) has conditions (1) to (5) only; not {', '.join(unknown)}."
        )
    if not numbers:
        raise InputError(
            f"A revocation under {PRIVILEGE}D (inferred) must name the condition violated."
        )
    return {"grounds": [{"number": n, "condition": CONDITIONS[n]} for n in sorted(set(numbers))]}
