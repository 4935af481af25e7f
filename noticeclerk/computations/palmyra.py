"""Palmyra's special assessment invoices and sidewalk orders and permits, turned into the
installments, shares and fees they print (Ch. 8, §§ 8.03(3)(b), 8.04).

They stay Python because a table cannot state them: the installment schedule of § 8.03(3)(b)
is law of its own; the owner's share of § 8.04(1) is a percentage of the estimate's total,
which a declared bill cannot take; and the sidewalk permit's fee (§ 8.04(2): none) comes from
the money engine's fee table, while the last day to apply is printed as a bare date rather
than a period, so its 7 days and their refusal stay with it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import parse_rule
from noticeclerk.rules.fees import FeeFacts, FeeTable
from noticeclerk.rules.installments import (
    ASSESSMENT_MARGIN,
    PALMYRA_8_03_3_B_3,
    Plan,
    assessment_rate,
    installment_schedule,
)
from noticeclerk.rules.money import check_cents, percent_of, spell_amount, spell_percent
from noticeclerk.rules.periods import spell_date

PALMYRA_8_03_3_B_1 = "Palmyra § 8.03(3)(b)1"
# § 8.04(1): the abutting owner shall "pay 50 percent of the cost of construction or repair".
SIDEWALK_OWNER_PERCENT = Decimal(50)


@computation("palmyra_assessment_invoice")
def palmyra_assessment_invoice(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(b): the full assessment, and the installments the owner may elect instead.

    (b)1: the Clerk-Treasurer bills "the full amount of the assessment"; (b)3: installments
    "over a period established by the Village Board but not to exceed 10 years", "in equal
    annual installments ... with interest on the unpaid balance", the first "due and payable
    with real estate taxes for the current year"; (b)6: interest "2 percent over the
    Village's current borrowing rate at the time of imposing the special assessment", which
    the Board determines for each improvement (the case gives that borrowing rate).
    """
    facts = case.facts
    assessment = Bill(
        tuple(
            BillLine(
                line["description"],
                check_cents(line["amount"], "An assessment line"),
                PALMYRA_8_03_3_B_1,
            )
            for line in facts["assessment_lines"]
        )
    )
    if assessment.total <= 0:
        raise InputError("The special assessment must be more than $0.00 to be invoiced.")
    borrowing = facts["borrowing_rate_percent"]
    rate = assessment_rate(borrowing)
    schedule = installment_schedule(
        assessment.total, facts["installment_years"], rate, Plan.ASSESSMENT
    )
    first_year = facts["first_tax_year"]
    return {
        "assessment": bill_context(assessment),
        "rate": {
            "borrowing": spell_percent(borrowing),
            "margin": spell_percent(ASSESSMENT_MARGIN),
            "charged": spell_percent(rate.percent),
            "authority": rate.authority,
        },
        "installments": {
            "years": schedule.years,
            "authority": PALMYRA_8_03_3_B_3,
            "rows": [
                {
                    "number": i.number,
                    "tax_year": first_year + i.number - 1,
                    "principal": i.principal,
                    "interest": i.interest,
                    "payment": i.payment,
                    "balance": i.balance,
                }
                for i in schedule.installments
            ],
            "total_principal": schedule.principal,
            "total_interest": schedule.total_interest,
            "total": schedule.total_paid,
            "final_balance": schedule.installments[-1].balance,
            "last_tax_year": first_year + schedule.years - 1,
        },
    }


def _palmyra_fee(village: Village, name: str) -> dict[str, Any]:
    """A fee Palmyra's ordinance states itself, from the money engine, with its reasons."""
    answer = village.fee_rule(name).answer(FeeFacts(), FeeTable())
    return {
        "title": answer.title,
        "lines": [{"description": answer.title, "amount": answer.fee}],
        "total": answer.fee,
        "authority": answer.authority,
        "steps": [str(step) for step in answer.steps],
    }


@computation("palmyra_sidewalk_permit")
def palmyra_sidewalk_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.04(2): a permit "at least 7 days before work is proposed to be undertaken"; "No
    fee shall be charged for such permits". An application made later is refused."""
    facts = case.facts
    rule = parse_rule(
        {"kind": "days", "count": 7, "before": "work_proposed"}, "§ 8.04(2)", "permit"
    )
    latest = rule.deadline(case.village.calendar, {"work_proposed": facts["work_proposed_on"]}, {})
    applied = facts["application_received_on"]
    if applied > latest.due:
        raise InputError(
            f"The application received on {spell_date(applied)} is too late for work on "
            f"{spell_date(facts['work_proposed_on'])}: § 8.04(2) requires the permit at least "
            f"7 days before the work, so by {spell_date(latest.due)}; propose a later start."
        )
    return {
        "fee": _palmyra_fee(case.village, "sidewalk-permit"),
        "latest_application": latest.due,
        "latest_steps": [str(step) for step in latest.steps],
    }


@computation("palmyra_sidewalk_order")
def palmyra_sidewalk_order(case: CaseContext) -> dict[str, Any]:
    """§ 8.04(1): the abutting owner shall "pay 50 percent of the cost of construction or
    repair"; the estimate is the Village's, the share from the money engine."""
    facts = case.facts
    estimate = Bill(
        tuple(
            BillLine(
                line["description"], check_cents(line["amount"], "An estimate line"), "§ 8.04(1)"
            )
            for line in facts["estimated_costs"]
        )
    )
    if estimate.total <= 0:
        raise InputError("The estimated cost of the sidewalk work must be more than $0.00.")
    share = Bill(
        (
            BillLine(
                f"{spell_percent(SIDEWALK_OWNER_PERCENT)} of the estimated cost of "
                f"{spell_amount(estimate.total)} (§ 8.04(1))",
                percent_of(estimate.total, SIDEWALK_OWNER_PERCENT),
                "Palmyra § 8.04(1)",
            ),
        )
    )
    return {
        "estimate": bill_context(estimate),
        "owner_share": bill_context(share),
        "owner_percent": spell_percent(SIDEWALK_OWNER_PERCENT),
    }
