"""Village A's maintenance costs and liens, turned into its bill, statement, shares and lien roll.

Python because this is the law of § 134-45 (inferred), which is its own and which no declared
table states: the bill of § 134-45B (employees' time at salary plus fringe benefits,
administrative time at $500 or actual time, General Counsel at the non-retainer rate), each
read from '|'-separated lines; the sworn statement that repeats that bill, refuses one paid in
full and shows what is unpaid (its 20 days of § 134-45C, and the refusal of a statement dated
within them, are declared in its notice definition); the split of
§ 134-45F among the properties, odd cents to the first listed; and the simple interest of
§ 134-45D-E on each lien of the roll. Village A's notices of violation (§ 134-41B's two
inches, § 134-42D's "fewer than 20 feet") are declared in their notice definitions and have
no Python.

Village A, Ch. 134 (private streets). The ordinance prints §§ 134-41 and 134-42 in its own
cross-references; the number of the cost section, § 134-45, is inferred, and every figure
below that rests on it says so. Each computation reads the case's facts, hands the arithmetic
to the money engine (noticeclerk.rules) and returns what the template prints, so no template
ever adds, splits or rounds.

Facts that carry several numbers are lines of text with the parts separated by "|", the form
`noticeclerk case open --fact` takes for lists; a malformed line is one sentence naming it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation, fact_line_parts
from noticeclerk.exceptions import InputError
from noticeclerk.rules.apportion import split_among_properties, split_by_count
from noticeclerk.rules.costs import Bill, CostItem, EmployeeTime, village_a_maintenance_bill
from noticeclerk.rules.interest import Rate, simple_interest
from noticeclerk.rules.money import (
    check_cents,
    parse_amount,
    parse_measure,
    parse_percent,
    spell_amount,
    spell_percent,
)

NONE = "none"
# § 134-45B(1): "The administrative time may be set at either $500 ...".
ADMINISTRATIVE_FLAT = {"500", "$500", "500.00", "$500.00"}


def _is_none(lines: Sequence[str]) -> bool:
    return len(lines) == 1 and lines[0].strip().lower() == NONE


EMPLOYEE_FORM = "name or title | hours | hourly salary | fringe-benefit rate in percent"


def _employees(lines: Sequence[str], fact: str) -> list[EmployeeTime]:
    if _is_none(lines):
        return []
    found = []
    for line in lines:
        name, hours, salary, fringe = fact_line_parts(line, 4, fact, EMPLOYEE_FORM)
        found.append(
            EmployeeTime(
                name,
                parse_measure(hours, f"{name}'s hours ({fact})"),
                parse_amount(salary, f"{name}'s hourly salary ({fact})"),
                parse_percent(fringe, f"{name}'s fringe-benefit rate ({fact})"),
            )
        )
    return found


def _items(lines: Sequence[str], fact: str) -> list[CostItem]:
    if _is_none(lines):
        return []
    found = []
    for line in lines:
        description, amount = fact_line_parts(line, 2, fact, "description | amount")
        found.append(CostItem(description, parse_amount(amount, f"'{description}' ({fact})")))
    return found


def _authority(words: str) -> str:
    """An authority as a document cites it: "§ 134-45B(1) (inferred)" for the money engine's
    "Village A § 134-45B(1), section number inferred"."""
    return words.removeprefix("Village A ").replace(", section number inferred", " (inferred)")


def maintenance_bill(facts: Mapping[str, Any]) -> Bill:
    """§ 134-45A-B (inferred): the actual cost of the maintenance, line by line."""
    administrative = list(facts["administrative_time"])
    flat = len(administrative) == 1 and administrative[0].replace(" ", "") in ADMINISTRATIVE_FLAT
    counsel = str(facts["general_counsel"]).strip()
    counsel_hours, counsel_rate = Decimal(0), None
    if counsel.lower() != NONE:
        hours, rate = fact_line_parts(
            counsel, 2, "general_counsel", "hours | non-retainer hourly rate"
        )
        counsel_hours = parse_measure(hours, "The General Counsel's hours")
        counsel_rate = parse_amount(rate, "The General Counsel's non-retainer hourly rate")
    return village_a_maintenance_bill(
        labor=_employees(facts["labor"], "labor"),
        administrative_flat=flat,
        administrative_time=[] if flat else _employees(administrative, "administrative_time"),
        counsel_hours=counsel_hours,
        counsel_hourly_rate=counsel_rate,
        contractors=_items(facts["contractors"], "contractors"),
        materials_and_equipment=_items(facts["materials_and_equipment"], "materials_and_equipment"),
    )


def _bill_figures(bill: Bill) -> dict[str, Any]:
    return {
        "lines": [
            {
                "description": line.description,
                "authority": _authority(line.authority),
                "amount": line.amount,
            }
            for line in bill.lines
        ],
        "total": bill.total,
    }


@computation("village_a_maintenance_bill")
def village_a_bill(case: CaseContext) -> dict[str, Any]:
    """§ 134-45A-C (inferred): the bill sent by certified mail to the last owner of record."""
    facts = case.facts
    return {"bill": _bill_figures(maintenance_bill(facts))}


def _legal_rate(case: CaseContext) -> Rate:
    """§ 134-45D (inferred): "the accrued legal rate of interest per annum": the letterhead's
    [money] legal rate if it sets one, else New York's (N.Y. CPLR 5004(a), 9%)."""
    return case.village.legal_rate


@computation("village_a_sworn_statement")
def village_a_sworn_statement(case: CaseContext) -> dict[str, Any]:
    """§ 134-45C-D (inferred): the cost and expense, what was paid, and the lien's principal.

    The statement shows the same cost as the bill (the same facts, the same computation); the
    principal of the lien is what is still unpaid, and it bears interest at the legal rate
    from the completion of the work. A bill paid in full has no statement, and is refused.
    """
    facts = case.facts
    bill = maintenance_bill(facts)
    billed, portion = bill.total, None
    if case.share is not None:
        # § 134-45F (inferred): where several properties shared the obligation, this owner was
        # billed "the actual cost ... divided by the number of such properties".
        split = split_by_count(bill.total, case.share.count)
        billed = split.shares[case.share.position - 1].amount
        portion = {"amount": billed, "count": case.share.count}
    paid = check_cents(facts["amount_paid"], "The amount paid on the bill")
    if paid >= billed:
        raise InputError(
            f"The bill of {spell_amount(billed)} is paid in full ({spell_amount(paid)} "
            "received); § 134-45C (inferred) calls for a sworn statement only when it is not."
        )
    rate = _legal_rate(case)
    return {
        "costs": _bill_figures(bill),
        "portion": portion,
        "paid": paid,
        "unpaid": billed - paid,
        "rate": {"percent": spell_percent(rate.percent), "authority": rate.authority},
    }


@computation("village_a_apportionment")
def village_a_apportionment(case: CaseContext) -> dict[str, Any]:
    """§ 134-45F (inferred): the actual cost divided by the number of properties.

    One share per property, whatever its number of tax lots; the cents that do not divide go
    one each to the first properties listed, so the shares add back to the cost.
    """
    facts = case.facts
    split = split_among_properties(facts["actual_cost"], facts["properties"])
    return {
        "total": split.total,
        "count": len(split.shares),
        "shares": [{"parcel": share.parcel, "amount": share.amount} for share in split.shares],
        "steps": [str(step) for step in split.steps],
    }


LIEN_FORM = (
    "parcel id | sworn statement number | date filed | date the work was completed | "
    "unpaid principal"
)


def _iso_date(text: str, what: str, line: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(
            f"The fact 'liens' has the line '{line}'; {what} must be a date written YYYY-MM-DD."
        ) from None


@computation("village_a_lien_roll")
def village_a_lien_roll(case: CaseContext) -> dict[str, Any]:
    """§ 134-45E (inferred): each unpaid lien with its interest fixed for the assessment roll.

    "interest as provided in Subsection D shall be fixed": simple interest at the legal rate
    per annum from the completion of the work to the day it is fixed (interest_fixed_on, when
    the Village prepares the roll). A parcel listed twice, and a statement filed after that
    day (not yet a lien then), are refused.
    """
    facts = case.facts
    fixed_on = facts["interest_fixed_on"]
    rate = _legal_rate(case)
    rows, seen = [], set()
    for line in facts["liens"]:
        parcel, statement, filed, completed, principal = fact_line_parts(
            line, 5, "liens", LIEN_FORM
        )
        if parcel in seen:
            raise InputError(f"The fact 'liens' lists parcel '{parcel}' twice; list it once.")
        seen.add(parcel)
        filed_on = _iso_date(filed, "the date filed", line)
        completed_on = _iso_date(completed, "the date the work was completed", line)
        if filed_on > fixed_on:
            raise InputError(
                f"The sworn statement {statement} was filed on {filed_on.isoformat()}, after "
                f"the interest is fixed ({fixed_on.isoformat()}); it is not yet a lien then."
            )
        amount = parse_amount(principal, f"The unpaid principal of {statement}")
        interest = simple_interest(amount, rate, completed_on, fixed_on)
        rows.append(
            {
                "parcel": parcel,
                "statement": statement,
                "filed": filed_on,
                "completed": completed_on,
                "principal": amount,
                "days": interest.days,
                "interest": interest.amount,
                "total": amount + interest.amount,
            }
        )
    return {
        "rows": rows,
        "rate": {"percent": spell_percent(rate.percent), "authority": rate.authority},
        "principal": sum((row["principal"] for row in rows), Decimal("0.00")),
        "interest": sum((row["interest"] for row in rows), Decimal("0.00")),
        "total": sum((row["total"] for row in rows), Decimal("0.00")),
    }
