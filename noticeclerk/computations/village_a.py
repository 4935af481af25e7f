"""Village A's maintenance costs and liens, turned into its bills, statements, shares and roll.

Python because this is the law of § 134-45 (inferred), which is its own and which no declared
table states: the bill of § 134-45B (employees' time at salary plus fringe benefits,
administrative time at $500 or actual time, General Counsel at the non-retainer rate), each
read from '|'-separated lines; the sworn statement that repeats that bill, refuses one paid in
full and shows what is unpaid (its 20 days of § 134-45C, and the refusal of a statement dated
within them, are declared in its notice definition); the split of
§ 134-45F among the properties, odd cents to the first listed, each with the bill that charges
it; the payoff of a lien good through a day (the unpaid principal, the interest the parts paid
bore, interest to that day and the costs of collection, § 134-45D); and the simple interest of
§ 134-45D-E on each lien of the roll, refusing a statement filed
before its bill's 20 days of § 134-45C ran out. Village A's notices of violation (§ 134-41B's two
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
from datetime import date, timedelta
from decimal import Decimal
from functools import partial
from typing import Any

from noticeclerk.computations.figures import (
    FACT_LINES,
    CaseContext,
    computation,
    fact_line_parts,
)
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.rules.apportion import split_among_properties, split_by_count
from noticeclerk.rules.costs import Bill, CostItem, EmployeeTime, village_a_maintenance_bill
from noticeclerk.rules.deadline_rules import DaysRule
from noticeclerk.rules.interest import Rate, payoff, simple_interest
from noticeclerk.rules.money import (
    check_cents,
    parse_amount,
    parse_measure,
    parse_percent,
    spell_amount,
    spell_percent,
)
from noticeclerk.rules.periods import spell_date

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


def _administrative(lines: Sequence[str]) -> tuple[bool, list[EmployeeTime]]:
    """§ 134-45B(1): the flat $500, or the employees' administrative time."""
    administrative = list(lines)
    flat = len(administrative) == 1 and administrative[0].replace(" ", "") in ADMINISTRATIVE_FLAT
    return flat, [] if flat else _employees(administrative, "administrative_time")


def _counsel(text: object) -> tuple[Decimal, Decimal | None]:
    """The General Counsel's hours and non-retainer hourly rate, or none."""
    counsel = str(text).strip()
    if counsel.lower() == NONE:
        return Decimal(0), None
    hours, rate = fact_line_parts(counsel, 2, "general_counsel", "hours | non-retainer hourly rate")
    return (
        parse_measure(hours, "The General Counsel's hours"),
        parse_amount(rate, "The General Counsel's non-retainer hourly rate"),
    )


def maintenance_bill(facts: Mapping[str, Any]) -> Bill:
    """§ 134-45A-B (inferred): the actual cost of the maintenance, line by line."""
    flat, administrative_time = _administrative(facts["administrative_time"])
    counsel_hours, counsel_rate = _counsel(facts["general_counsel"])
    return village_a_maintenance_bill(
        labor=_employees(facts["labor"], "labor"),
        administrative_flat=flat,
        administrative_time=administrative_time,
        counsel_hours=counsel_hours,
        counsel_hourly_rate=counsel_rate,
        contractors=_items(facts["contractors"], "contractors"),
        materials_and_equipment=_items(facts["materials_and_equipment"], "materials_and_equipment"),
    )


# The bill, the sworn statement and the payoff read the same lines (the same facts, the same
# computation).
for _computation in (
    "village_a_maintenance_bill",
    "village_a_sworn_statement",
    "village_a_lien_payoff",
    "village_a_lien_roll_notice",
):
    FACT_LINES.update(
        {
            (_computation, "labor"): partial(_employees, fact="labor"),
            (_computation, "administrative_time"): _administrative,
            (_computation, "general_counsel"): _counsel,
            (_computation, "contractors"): partial(_items, fact="contractors"),
            (_computation, "materials_and_equipment"): partial(
                _items, fact="materials_and_equipment"
            ),
        }
    )
FACT_LINES[("village_a_lien_payoff", "collection_costs")] = partial(_items, fact="collection_costs")


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
    return _lien(case, "a sworn statement")


def _lien(case: CaseContext, what: str) -> dict[str, Any]:
    """The lien of § 134-45C-D (inferred) on `case.today`: the bill's cost, or this property's
    portion of it, each payment on the bill with the interest its part bore until paid, and
    the principal still unpaid with the day its interest runs from. `what` names the document
    refused for a bill paid in full."""
    facts = case.facts
    bill = maintenance_bill(facts)
    billed, portion = bill.total, None
    if case.share is not None:
        # § 134-45F (inferred): where several properties shared the obligation, this owner was
        # billed "the actual cost ... divided by the number of such properties".
        split = split_by_count(bill.total, case.share.count, case.village.money.odd_cents)
        billed = split.shares[case.share.position - 1].amount
        portion = {"amount": billed, "count": case.share.count}
    paid = check_cents(facts["amount_paid"], "The amount paid on the bill")
    if paid >= billed:
        raise InputError(
            f"The bill of {spell_amount(billed)} is paid in full ({spell_amount(paid)} "
            f"received); § 134-45C (inferred) calls for {what} only when it is not."
        )
    rate = _legal_rate(case)
    payments = _payments(facts, paid, case.today)
    completed = facts["work_completed"]
    applied = str(facts["payments_applied"])
    principal = billed
    for payment in payments:
        # § 134-45D (inferred): interest "from the date of the completion of the work" on the
        # whole cost, so each part paid bore interest until the day it was paid.
        start = min(completed, payment["date"])
        accrued = simple_interest(
            principal if applied == INTEREST_FIRST else payment["amount"],
            rate,
            start,
            payment["date"],
        ).amount
        if applied == INTEREST_FIRST:
            # The payment pays the interest accrued on the principal to its day first, then
            # principal (the United States rule); what it leaves of that interest stays due.
            to_interest = min(payment["amount"], accrued)
            payment["to_interest"] = to_interest
            payment["interest"] = accrued - to_interest
            principal -= payment["amount"] - to_interest
            completed = payment["date"]
        else:
            payment["interest"] = accrued
            principal -= payment["amount"]
    return {
        "costs": _bill_figures(bill),
        "portion": portion,
        "paid": paid,
        "payments": payments,
        "applied": applied,
        "interest_on_parts_paid": sum((p["interest"] for p in payments), Decimal("0.00")),
        "unpaid": principal,
        "interest_from": completed,
        "rate": {"percent": spell_percent(rate.percent), "authority": rate.authority},
    }


@computation("village_a_lien_payoff")
def village_a_lien_payoff(case: CaseContext) -> dict[str, Any]:
    """§ 134-45D (inferred): what pays the lien in full on the day the statement is good
    through: the principal still unpaid, the interest the parts paid bore until paid, interest
    on the unpaid principal at the legal rate to that day, and the costs and expenses of
    collection, including attorneys' fees, if any. The payments are the bill's, as the register
    records them on the day of the statement (before the lien and after it)."""
    lien = _lien(case, "a lien payoff statement")
    costs = _items(case.facts["collection_costs"], "collection_costs")
    return {
        **lien,
        "collection_costs": [{"description": c.description, "amount": c.amount} for c in costs],
        "payoff": _owed(case, lien, case.facts["payoff_on"], costs),
    }


@computation("village_a_lien_roll_notice")
def village_a_lien_roll_notice(case: CaseContext) -> dict[str, Any]:
    """§ 134-45D-E (inferred): the lien as it stands on the day of the owner's notice that it
    goes on the assessment roll if unpaid: the same figures as the payoff, to that day, with
    no costs of collection (the notice states none)."""
    lien = _lien(case, "a notice that the lien goes on the assessment roll")
    return {**lien, "owed": _owed(case, lien, case.today, [])}


def _owed(
    case: CaseContext, lien: Mapping[str, Any], through: date, costs: Sequence[CostItem]
) -> dict[str, Any]:
    """What pays `lien` in full on the day `through`, and the interest of one day more."""
    rate = _legal_rate(case)
    cost_total = sum((item.amount for item in costs), Decimal("0.00"))
    owed = payoff(lien["unpaid"], rate, lien["interest_from"], through, cost_total)
    # A day more of interest on the unpaid principal, exactly, for the owner paying later.
    per_day = simple_interest(lien["unpaid"], rate, through, through + timedelta(days=1))
    return {
        "through": through,
        "days": owed.interest.days,
        "interest": owed.interest.amount,
        "costs": cost_total,
        "per_day": per_day.amount,
        "steps": [str(step) for step in owed.interest.steps],
        "total": owed.total + lien["interest_on_parts_paid"],
    }


def _received(lines: Sequence[str]) -> list[dict[str, Any]]:
    """Payments as the register gives them, "YYYY-MM-DD | amount", oldest first."""
    found = []
    for line in lines:
        day, amount = fact_line_parts(line, 2, "payments", PAYMENT_FORM)
        found.append(
            {
                "date": _line_date(day, "the date paid", line, "payments"),
                "amount": parse_amount(amount, f"The payment of {line}"),
            }
        )
    return sorted(found, key=lambda payment: payment["date"])


FACT_LINES[("village_a_lien_satisfaction", "payments")] = _received


@computation("village_a_lien_satisfaction")
def village_a_lien_satisfaction(case: CaseContext) -> dict[str, Any]:
    """§ 134-45D (inferred): "until final payment has been made": the payments received on the
    payoff statement, which must come to what it stated."""
    facts = case.facts
    payments = _received(facts["payments"])
    received = sum((payment["amount"] for payment in payments), Decimal("0.00"))
    stated = check_cents(facts["payoff_amount"], "The amount the payoff statement stated")
    if received != stated:
        raise InputError(
            f"{facts['payoff_number']} stated {spell_amount(stated)} and "
            f"{spell_amount(received)} was received on it; the lien is satisfied only when "
            "final payment has been made (§ 134-45D, inferred)."
        )
    return {"payments": payments, "received": received}


# How the Village applies a payment on a bill, as its file's [readings] payments_applied says:
# to the principal (the interest each part bore until paid stays due), or to the interest
# accrued on the whole principal first.
TO_PRINCIPAL = "to the principal"
INTEREST_FIRST = "to the interest first"
PAYMENT_FORM = "date paid (YYYY-MM-DD) | amount"


def _payments(facts: Mapping[str, Any], paid: Decimal, today: date) -> list[dict[str, Any]]:
    """Each payment on the bill, with its day: what was paid must be told part by part, since
    each part bore interest until the day it was paid (NY legal reading CF-4)."""
    applied = str(facts["payments_applied"])
    if applied not in (TO_PRINCIPAL, INTEREST_FIRST):
        raise InputError(
            f"The village's file gives '{quoted_back(applied)}' as how a payment on a bill is "
            f"applied; write '{TO_PRINCIPAL}' or '{INTEREST_FIRST}' under [readings] "
            "payments_applied in letterhead.toml, as the village attorney advises."
        )
    lines = [
        line for line in facts.get("payments_received") or [] if line.strip().lower() != "none"
    ]
    if paid and not lines:
        raise InputError(
            f"{spell_amount(paid)} was paid on the bill, but the case gives no day for it: add "
            f"the fact payments_received, one line per payment written {PAYMENT_FORM}."
        )
    payments = []
    for line in lines:
        day, amount = fact_line_parts(line, 2, "payments_received", PAYMENT_FORM)
        on = _line_date(day, "the date paid", line, "payments_received")
        if on > today:
            raise InputError(
                f"The payment of {amount} is dated {spell_date(on)}, after this statement; a "
                "statement tells only what was paid before it."
            )
        amount_paid = parse_amount(amount, f"The payment of {line}")
        payments.append({"date": on, "amount": amount_paid, "to_interest": None})
    payments.sort(key=lambda payment: payment["date"])
    received = sum((payment["amount"] for payment in payments), Decimal("0.00"))
    if received != paid:
        raise InputError(
            f"The payments received add up to {spell_amount(received)}, but the amount paid on "
            f"the bill is {spell_amount(paid)}; the two must agree."
        )
    return payments


BILL_FORM = "parcel id | bill number | date of the bill | portion billed"


def _bill_lines(lines: Sequence[str]) -> list[dict[str, Any]]:
    """The schedule's bills, one line each: parcel, bill number, its date, the portion."""
    bills = []
    for line in lines:
        parcel, number, dated, amount = fact_line_parts(line, 4, "bills", BILL_FORM)
        bills.append(
            {
                "parcel": parcel,
                "number": number,
                "date": _line_date(dated, "the date of the bill", line, "bills"),
                "amount": parse_amount(amount, f"The portion billed by {number}"),
            }
        )
    return bills


FACT_LINES[("village_a_apportionment", "bills")] = _bill_lines


@computation("village_a_apportionment")
def village_a_apportionment(case: CaseContext) -> dict[str, Any]:
    """§ 134-45F (inferred): the actual cost divided by the number of properties, each portion
    with the bill that charges it (§ 134-45C, inferred).

    One share per property, whatever its number of tax lots; the cents that do not divide go
    one each to the first properties listed, or are the Village's own where its file says so
    ([money] odd_cents), so the shares and that line add back to the cost. The schedule
    lists each owner's bill by number, so it comes after the bills: a bill dated after the
    schedule, or one that does not bill its property's portion, is refused.
    """
    facts = case.facts
    if "bills" not in facts:
        raise InputError(
            "The apportionment schedule lists the bill for each property's portion by number "
            "(§ 134-45C and F, inferred); issue the bills first, then the schedule in their case."
        )
    bills = _bill_lines(facts["bills"])
    split = split_among_properties(
        facts["actual_cost"], [bill["parcel"] for bill in bills], case.village.money.odd_cents
    )
    for bill, share in zip(bills, split.shares, strict=True):
        if bill["date"] > case.today:
            raise InputError(
                f"The bill {bill['number']} is dated {bill['date'].isoformat()}, after this "
                f"schedule ({case.today.isoformat()}); the schedule lists bills already issued."
            )
        if bill["amount"] != share.amount:
            raise InputError(
                f"The bill {bill['number']} charges {spell_amount(bill['amount'])} for parcel "
                f"{share.parcel}, but its portion of {spell_amount(split.total)} divided by "
                f"{len(bills)} properties is {spell_amount(share.amount)} (§ 134-45F, inferred)."
            )
    return {
        "total": split.total,
        "village_lines": [
            {"label": line.label, "amount": line.amount} for line in split.village_lines
        ],
        "count": len(split.shares),
        "shares": [
            {
                "parcel": share.parcel,
                "amount": share.amount,
                "bill": bill["number"],
                "bill_date": bill["date"],
            }
            for share, bill in zip(split.shares, bills, strict=True)
        ],
        "steps": [str(step) for step in split.steps],
    }


LIEN_FORM = (
    "parcel id | sworn statement number | date filed | bill number | date the bill was sent by "
    "certified mail | date the work was completed | unpaid principal"
)
# § 134-45C (inferred): "not paid within 20 days after a bill for such maintenance is sent by
# certified mail"; the days count from sending, as the bill and the sworn statement count them.
PAYMENT_PERIOD = DaysRule(count=20, after="bill_sent")


def _line_date(text: str, what: str, line: str, fact: str = "liens") -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(
            f"The fact '{fact}' has the line '{quoted_back(line)}'; {what} must be a date "
            "written YYYY-MM-DD."
        ) from None


# The Board's resolution adds the list's liens as the list fixed them: the same lines, the same
# refusals, the same figures.
@computation("village_a_relevy_resolution")
@computation("village_a_lien_roll")
def village_a_lien_roll(case: CaseContext) -> dict[str, Any]:
    """§ 134-45E (inferred): each unpaid lien with its interest fixed for the assessment roll.

    "interest as provided in Subsection D shall be fixed": simple interest at the legal rate
    per annum from the completion of the work to the day it is fixed (interest_fixed_on, when
    the Village prepares the roll). A statement listed twice, one filed after that day (not yet
    a lien then), and one filed before the 20 days after its bill was sent by certified mail
    ran out (premature, § 134-45C) are refused.
    """
    facts = case.facts
    fixed_on = facts["interest_fixed_on"]
    rate = _legal_rate(case)
    rows, seen = [], set()
    for line in facts["liens"]:
        parcel, statement, filed, bill, sent, completed, principal = fact_line_parts(
            line, 7, "liens", LIEN_FORM
        )
        if statement in seen:
            raise InputError(
                f"The fact 'liens' lists the sworn statement {statement} twice; list it once."
            )
        seen.add(statement)
        filed_on = _line_date(filed, "the date filed", line)
        sent_on = _line_date(sent, "the date the bill was sent", line)
        completed_on = _line_date(completed, "the date the work was completed", line)
        period = PAYMENT_PERIOD.deadline(case.village.calendar, {"bill_sent": sent_on})
        if filed_on <= period.due:
            raise InputError(
                f"The sworn statement {statement} was filed on {spell_date(filed_on)}, within "
                f"the 20 days after its bill {bill} was sent by certified mail on "
                f"{spell_date(sent_on)} (they run through {spell_date(period.due)}); a statement "
                "is filed only when the bill was not paid within them, so it is premature and "
                "no lien to add to the roll (§ 134-45C, inferred)."
            )
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
                "bill": bill,
                "bill_sent": sent_on,
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
