"""Palmyra's special assessment invoices, turned into the installments they print (Ch. 8,
§ 8.03(3)(b)); Python because the installment schedule of § 8.03(3)(b) is law of its own.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.installments import (
    ASSESSMENT_MARGIN,
    PALMYRA_8_03_3_B_3,
    Plan,
    assessment_rate,
    installment_schedule,
)
from noticeclerk.rules.money import check_cents, spell_percent

PALMYRA_8_03_3_B_1 = "Palmyra § 8.03(3)(b)1"


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
