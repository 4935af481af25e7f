"""A Dutch elm removal's special tax and the owner's written request, turned into its yearly
installments (Palmyra § 8.15(6)(b)).

Python because the installments are the shared installment arithmetic
(rules.installments.installment_schedule, plan "elm-tax"), not a second one; the special tax
itself is declared in notices/palmyra/dutch-elm-special-tax.toml.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.installments import PALMYRA_8_15_6_B, Plan, installment_schedule
from noticeclerk.rules.money import spell_percent


@computation("palmyra_elm_special_tax")
def palmyra_elm_special_tax(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(6)(b): "The special tax may be paid in yearly installments not exceeding 4 yearly
    installments if the property owner requests in writing the privilege of paying the special
    tax in installments. Interest on the deferred payments shall be at the rate of 10% on the
    unpaid balance." The request must be the owner's (the owner of record on the roll)."""
    if Plan.ELM_TAX.value not in case.village.installment_plans:
        raise InputError(
            f"{case.village.name}'s file does not list the elm-tax installment plan; add "
            f'"elm-tax" to plans under [installments] ({PALMYRA_8_15_6_B}).'
        )
    signer = case.facts["request_signed_by"].strip()
    owners = [parcel.owner_name for parcel in case.parcels]
    if owners and signer.casefold() not in {owner.casefold() for owner in owners}:
        raise InputError(
            f"The written request was signed by {signer}, who is not the owner of record "
            f"({', '.join(owners)}); § 8.15(6)(b) gives the privilege of installments "
            '"if the property owner requests in writing", so record the owner\'s own request.'
        )
    special_tax = case.declared["special_tax"]
    rate = Plan.ELM_TAX.fixed_rate
    assert rate is not None  # § 8.15(6)(b) fixes it
    schedule = installment_schedule(
        special_tax["total"],
        case.facts["installment_years"],
        rate,
        Plan.ELM_TAX,
        elm_tax_interest=case.village.installments.elm_tax_interest,
    )
    return {
        "installments": {
            "years": schedule.years,
            "rate": spell_percent(rate.percent),
            "authority": PALMYRA_8_15_6_B,
            "rows": [
                {
                    "number": i.number,
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
            "steps": [str(step) for step in schedule.steps],
        }
    }
