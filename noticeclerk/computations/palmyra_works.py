"""Palmyra's snow and ice charges, street opening permits and restoration bills, turned into the
fees, bonds and bills they print (Ch. 8, §§ 8.05, 8.06, 8.10).

They stay Python because a table cannot state them: the snow-removal fee and the excavation
bond come from the money engine's fee rules (on the rate of the schedule posted in the Clerk's
office, a case fact, once per clearing; on the opening's area, § 8.05(4)); the permit prints
the insurance minimums it checks, refuses an opening in frozen ground only when the
Superintendent has not found it necessary (a check under a condition) and spells the opening's
measures; the restoration bill is named like the fact its lines come from (costs), a name a
declared bill may not take. The restoration bill's period and refusals (§ 8.06(7)), and all of
Palmyra's tree orders and appeals (§ 8.15), are declared in their notice definitions.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.fees import FeeFacts, FeeTable
from noticeclerk.rules.money import check_cents, check_measure, spell_amount, spell_number

# § 8.05(3): "public liability insurance of not less than $100,000 per person, $300,000 for
# one accident and property damage coverage of not less than $50,000".
INSURANCE_PER_PERSON = Decimal("100000.00")
INSURANCE_PER_ACCIDENT = Decimal("300000.00")
INSURANCE_PROPERTY_DAMAGE = Decimal("50000.00")


# --- § 8.10: snow and ice removal charged on the tax roll --------------------------------------


@computation("palmyra_snow_tax_roll_charge")
def palmyra_snow_tax_roll_charge(case: CaseContext) -> dict[str, Any]:
    """§ 8.10(2): the Superintendent reports "the surface area of those sidewalks"; "the fee for
    the removal of snow and ice under this chapter shall be as indicated on the schedule of fees
    posted in the office of the Village Clerk"; the Clerk "shall annually enter such charges in
    the tax roll as a special assessment". The posted rate per square foot is a case fact (the
    schedule is not in the ordinance, nor in the letterhead); the fee for each clearing is the
    money engine's snow-removal fee on that rate. The clearings are a list a case file cannot
    give empty: the charge is for sidewalks the Village cleared."""
    facts = case.facts
    clearings = facts["clearings"]
    area = check_measure(facts["surface_area_sqft"], "The surface area cleared", allow_zero=False)
    rate = check_measure(
        facts["posted_rate_per_sqft"],
        "The posted schedule's rate per square foot",
        allow_zero=False,
    )
    # The rate the case gives stands in the entry the village's fee rule reads it from.
    rule = case.village.fee_rule("snow-removal")
    table = FeeTable(
        {rule.entries[0].key: rate},
        source="the case fact posted_rate_per_sqft (the schedule of fees posted in the office "
        "of the Village Clerk)",
    )
    answer = rule.answer(FeeFacts(area_sqft=area), table)
    charges = Bill(
        tuple(
            BillLine(
                f"{text}: {spell_number(area)} sq ft x ${spell_number(rate)} per sq ft",
                answer.fee,
                answer.authority,
            )
            for text in clearings
        )
    )
    return {
        "charges": bill_context(charges),
        "each": answer.fee,
        "area": spell_number(area),
        "rate": spell_number(rate),
        "count": len(clearings),
        "steps": [str(step) for step in answer.steps],
    }


# --- §§ 8.05, 8.06: excavation permit and the Village's restoration of the surface ------------


def _at_least(amount: Decimal, least: Decimal, what: str) -> None:
    if amount < least:
        raise InputError(
            f"The {what} of {spell_amount(amount)} is less than the {spell_amount(least)} "
            "§ 8.05(3) requires; the permit cannot be issued until the applicant submits "
            "satisfactory written evidence of the required insurance."
        )


@computation("palmyra_excavation_permit")
def palmyra_excavation_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.05(3) insurance of at least $100,000 per person, $300,000 for one accident and
    $50,000 property damage; § 8.05(4) a bond of at least $1 per square foot of the proposed
    opening, at least $100 an opening (the money engine's excavation-bond); § 8.06(1) no
    opening in frozen ground unless the Superintendent deems it necessary; § 8.06(6) void
    unless the work starts within 30 days of issuance (the notice's deadline)."""
    facts = case.facts
    _at_least(
        check_cents(facts["insurance_per_person"], "The insurance per person"),
        INSURANCE_PER_PERSON,
        "public liability insurance per person",
    )
    _at_least(
        check_cents(facts["insurance_per_accident"], "The insurance for one accident"),
        INSURANCE_PER_ACCIDENT,
        "public liability insurance for one accident",
    )
    _at_least(
        check_cents(facts["insurance_property_damage"], "The property damage coverage"),
        INSURANCE_PROPERTY_DAMAGE,
        "property damage coverage",
    )
    length = check_measure(facts["opening_length_ft"], "The opening's length", allow_zero=False)
    width = check_measure(facts["opening_width_ft"], "The opening's width", allow_zero=False)
    bond = case.village.fee_rule("excavation-bond").answer(
        FeeFacts(length_ft=length, width_ft=width), FeeTable()
    )
    deposited = check_cents(facts["bond_deposited"], "The bond deposited")
    if deposited < bond.fee:
        raise InputError(
            f"The bond deposited, {spell_amount(deposited)}, is less than the "
            f"{spell_amount(bond.fee)} § 8.05(4) requires for this opening "
            f"({'; '.join(str(step) for step in bond.steps)}); the permit cannot be issued "
            "until the bond is deposited with the Clerk."
        )
    if facts["ground_frozen"] and not facts["necessary_in_frozen_ground"]:
        raise InputError(
            "The ground is frozen: § 8.06(1) permits no opening then except where the "
            "Superintendent of Public Works deems it necessary; record that he does "
            "(necessary_in_frozen_ground = true), or wait for the thaw."
        )
    return {
        "bond": {
            "required": bond.fee,
            "steps": [str(step) for step in bond.steps],
            "deposited": deposited,
        },
        "length": spell_number(length),
        "width": spell_number(width),
        "area": spell_number(length * width),
        "minimums": {
            "per_person": INSURANCE_PER_PERSON,
            "per_accident": INSURANCE_PER_ACCIDENT,
            "property_damage": INSURANCE_PROPERTY_DAMAGE,
        },
    }


@computation("palmyra_restoration_bill")
def palmyra_restoration_bill(case: CaseContext) -> dict[str, Any]:
    """§ 8.06(7): "the Village may restore the surface and bill the permittee": the bill is the
    Village's actual costs; Ch. 8 adds no administration charge. (The period and its refusals
    are declared.)"""
    costs = Bill(
        tuple(
            BillLine(line["description"], check_cents(line["amount"], "A cost line"), "§ 8.06(7)")
            for line in case.facts["costs"]
        )
    )
    if costs.total <= 0:
        raise InputError("The Village's cost of restoring the surface must be more than $0.00.")
    return {"costs": bill_context(costs)}
