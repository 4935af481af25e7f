"""The Village of Palmyra's tree orders and appeals, snow and ice charges and street openings
(Ch. 8, §§ 8.05, 8.06, 8.10, 8.15): the periods, fees and figures they print, and the facts
the ordinance does not allow, refused.

Periods come from the time engine on the Village's own legal calendar (Wis. Stat.
§ 990.001(4)); amounts from the money engine (`rules.fees`, `rules.costs`). A computation
receives only the case's facts, so a check that needs a day (the date of a letter, the day a
hearing ended) takes it as a fact, and the notice definition says so in the fact's label.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    bill_context,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.fees import FeeFacts, FeeTable, fee_rules
from noticeclerk.rules.money import check_cents, check_measure, spell_amount, spell_number
from noticeclerk.rules.periods import Deadline, Unit, count_period, spell_date

# § 8.15(14): "within 7 days of receipt of the order"; "within 30 days of receipt of written
# notice of the appeal"; "within 10 days after the hearing has been concluded".
APPEAL_DAYS = 7
HEARING_DAYS = 30
DECISION_LETTER_DAYS = 10
# § 8.15(14): "the Board may reverse, affirm or modify the order or determination".
OUTCOMES_WITH_AN_ORDER = {"affirmed": "affirms", "modified": "modifies"}

# § 8.05(3): "public liability insurance of not less than $100,000 per person, $300,000 for
# one accident and property damage coverage of not less than $50,000".
INSURANCE_PER_PERSON = Decimal("100000.00")
INSURANCE_PER_ACCIDENT = Decimal("300000.00")
INSURANCE_PROPERTY_DAMAGE = Decimal("50000.00")
# § 8.06(6): "Unless the work shall be commenced within 30 days of the issuance of the permit,
# the permit shall be void".
COMMENCE_DAYS = 30


def _days(case: CaseContext, count: int, start: date) -> Deadline:
    return count_period(case.village.calendar, Unit.DAYS, count, start)


def _day(value: date | datetime) -> date:
    return value.date() if isinstance(value, datetime) else value


# --- § 8.15(8)(b), (10), (11)(a): the Village Forester's tree orders ----------------------------


def _tree_order(facts: Mapping[str, Any], day_fact: str, section: str) -> dict[str, Any]:
    """An order establishing "a reasonable time" ((8)(b), (10)(c)) or "a specified period"
    ((11)(a)): the Forester fixes the day; a day not after the inspection is refused."""
    inspected: date = facts["inspected_on"]
    fixed: date = facts[day_fact]
    if fixed <= inspected:
        raise InputError(
            f"The day fixed for compliance, {spell_date(fixed)}, is not after the Village "
            f"Forester's inspection on {spell_date(inspected)}; {section} requires a time "
            "within which the owner can act, so give a later day."
        )
    return {}


@computation("palmyra_unlawful_planting_order")
def palmyra_unlawful_planting_order(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(8)(b): the Forester lists the unlawfully planted trees, plants or shrubs, orders
    their removal and establishes "a reasonable time within which such removal shall be
    accomplished"."""
    facts = case.facts
    if not facts["plantings"]:
        raise InputError(
            "List at least one unlawfully planted tree, plant or shrub: § 8.15(8)(b) requires "
            "the notice to list them."
        )
    return _tree_order(facts, "remove_by", "§ 8.15(8)(b)")


@computation("palmyra_view_obstruction_order")
def palmyra_view_obstruction_order(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(10)(c): the notice describes the conditions, states "the steps necessary to
    correct the conditions" and establishes "a reasonable time"."""
    facts = case.facts
    obstructs = facts["obstructs"]
    where = {
        "intersection": "§ 8.15(10)(a)",
        "traffic sign": "§ 8.15(10)(b)",
        "intersection and traffic sign": "§ 8.15(10)(a) and (b)",
    }
    if obstructs not in where:
        raise InputError(
            f"'{obstructs}' is not what § 8.15(10) covers; write intersection, traffic sign, "
            "or intersection and traffic sign."
        )
    if not facts["corrective_steps"]:
        raise InputError("State the steps necessary to correct the conditions (§ 8.15(10)(c)).")
    _tree_order(facts, "correct_by", "§ 8.15(10)(c)")
    return {"prohibition": where[obstructs]}


@computation("palmyra_dangerous_tree_order")
def palmyra_dangerous_tree_order(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(11)(a): the Forester notifies the owner "to take corrective action within a
    specified period"."""
    facts = case.facts
    if not facts["corrective_action"]:
        raise InputError("State the corrective action the owner must take (§ 8.15(11)(a)).")
    return _tree_order(facts, "act_by", "§ 8.15(11)(a)")


# --- § 8.15(14): the appeal to the Village Board ----------------------------------------------


def _appeal_window(case: CaseContext) -> Deadline:
    """The 7 days from receipt of the order; an appeal received later is refused."""
    facts = case.facts
    received: date = facts["order_received_on"]
    appealed: date = facts["appeal_received_on"]
    window = _days(case, APPEAL_DAYS, received)
    if appealed < received:
        raise InputError(
            f"The appeal received on {spell_date(appealed)} is before the order was received on "
            f"{spell_date(received)}; check the dates."
        )
    if appealed > window.due:
        raise InputError(
            f"The appeal received on {spell_date(appealed)} is late: § 8.15(14) allows an "
            f"appeal to the Village Board within 7 days of receipt of the order, received on "
            f"{spell_date(received)}, so by {spell_date(window.due)}; the Board does not hear it "
            "under § 8.15(14)."
        )
    return window


@computation("palmyra_tree_appeal_hearing")
def palmyra_tree_appeal_hearing(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(14): "the Board shall hear such appeal within 30 days of receipt of written notice
    of the appeal"; a hearing set later, or before the appeal was received, is refused."""
    facts = case.facts
    window = _appeal_window(case)
    appealed: date = facts["appeal_received_on"]
    hearing = _day(facts["hearing_at"])
    limit = _days(case, HEARING_DAYS, appealed)
    if hearing <= appealed:
        raise InputError(
            f"The hearing on {spell_date(hearing)} is not after the appeal was received on "
            f"{spell_date(appealed)}; set the hearing later."
        )
    if hearing > limit.due:
        raise InputError(
            f"The hearing on {spell_date(hearing)} is too late: § 8.15(14) requires the Board to "
            f"hear the appeal within 30 days of receipt of the written notice of appeal on "
            f"{spell_date(appealed)}, so by {spell_date(limit.due)}."
        )
    return {"appeal_window": period_context(window), "hearing_limit": period_context(limit)}


def _decision(case: CaseContext) -> dict[str, Any]:
    """The hearing was within its 30 days and this letter within 10 days after it ended."""
    facts = case.facts
    _appeal_window(case)
    appealed: date = facts["appeal_received_on"]
    concluded: date = facts["hearing_concluded_on"]
    hearing_limit = _days(case, HEARING_DAYS, appealed)
    if not appealed < concluded <= hearing_limit.due:
        raise InputError(
            f"The hearing concluded on {spell_date(concluded)} was not held within 30 days of "
            f"receipt of the written notice of appeal on {spell_date(appealed)} (by "
            f"{spell_date(hearing_limit.due)}), as § 8.15(14) requires; ask the Village "
            "Attorney before a decision letter is sent."
        )
    letter: date = facts["letter_dated"]
    letter_limit = _days(case, DECISION_LETTER_DAYS, concluded)
    if letter < concluded:
        raise InputError(
            f"The letter dated {spell_date(letter)} is before the hearing concluded on "
            f"{spell_date(concluded)}; check the dates."
        )
    if letter > letter_limit.due:
        raise InputError(
            f"The letter dated {spell_date(letter)} is late: § 8.15(14) requires the Board to "
            f"notify the appellant of its decision by letter within 10 days after the hearing "
            f"concluded on {spell_date(concluded)}, so by {spell_date(letter_limit.due)}."
        )
    return {
        "hearing_limit": period_context(hearing_limit),
        "letter_limit": period_context(letter_limit),
    }


@computation("palmyra_tree_appeal_decision")
def palmyra_tree_appeal_decision(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(14): the Board affirms or modifies the order; the grounds stated in writing; the
    letter within 10 days after the hearing. The new day to comply is after the hearing."""
    facts = case.facts
    outcome = facts["outcome"]
    if outcome not in OUTCOMES_WITH_AN_ORDER:
        raise InputError(
            f"'{outcome}' is not a decision this letter gives: write affirmed or modified "
            "(§ 8.15(14)); a reversed order has its own letter (tree-appeal-decision-reversed)."
        )
    if not facts["grounds"].strip():
        raise InputError("§ 8.15(14): the grounds for the Board's decision shall be stated.")
    found = _decision(case)
    comply_by: date = facts["comply_by"]
    if comply_by <= facts["hearing_concluded_on"]:
        raise InputError(
            f"The day fixed for compliance, {spell_date(comply_by)}, is not after the hearing "
            f"concluded on {spell_date(facts['hearing_concluded_on'])}; give the day the "
            "Board fixed."
        )
    return {**found, "decision": OUTCOMES_WITH_AN_ORDER[outcome]}


@computation("palmyra_tree_appeal_reversed")
def palmyra_tree_appeal_reversed(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(14): the Board reverses the order; the grounds stated in writing; the letter
    within 10 days after the hearing."""
    facts = case.facts
    if not facts["grounds"].strip():
        raise InputError("§ 8.15(14): the grounds for the Board's decision shall be stated.")
    return _decision(case)


# --- § 8.10: snow and ice removal charged on the tax roll --------------------------------------


@computation("palmyra_snow_tax_roll_charge")
def palmyra_snow_tax_roll_charge(case: CaseContext) -> dict[str, Any]:
    """§ 8.10(2): the Superintendent reports "the surface area of those sidewalks"; "the fee for
    the removal of snow and ice under this chapter shall be as indicated on the schedule of fees
    posted in the office of the Village Clerk"; the Clerk "shall annually enter such charges in
    the tax roll as a special assessment". The posted rate per square foot is a case fact (the
    schedule is not in the ordinance, nor in the letterhead); the fee for each clearing is the
    money engine's snow-removal fee on that rate."""
    facts = case.facts
    clearings = [text for text in facts["clearings"] if text.strip()]
    if not clearings:
        raise InputError(
            "List at least one clearing by the Department of Public Works (§ 8.10(2)): the "
            "charge is for sidewalks the Village cleared."
        )
    area = check_measure(facts["surface_area_sqft"], "The surface area cleared", allow_zero=False)
    rate = check_measure(
        facts["posted_rate_per_sqft"],
        "The posted schedule's rate per square foot",
        allow_zero=False,
    )
    table = FeeTable(
        {"snow-removal-per-sqft": rate},
        source="the case fact posted_rate_per_sqft (the schedule of fees posted in the office "
        "of the Village Clerk)",
    )
    answer = fee_rules("palmyra")["snow-removal"].answer(FeeFacts(area_sqft=area), table)
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
    bond = fee_rules("palmyra")["excavation-bond"].answer(
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
    """§ 8.06(7): "If the surface is not restored within a period of 10 days or such longer
    period as determined by the Superintendent, the Village may restore the surface and bill
    the permittee." The period's last day is a fact (the text does not say from when the 10
    days run); it may not end sooner than 10 days after the work was completed, and the Village
    may restore only after it ended. The bill is the Village's actual costs; Ch. 8 adds no
    administration charge."""
    facts = case.facts
    completed: date = facts["work_completed_on"]
    due: date = facts["restoration_due_on"]
    restored: date = facts["village_restored_on"]
    earliest = _days(case, 10, completed)
    if due < earliest.due:
        raise InputError(
            f"The period to restore the surface cannot have ended on {spell_date(due)}: "
            f"§ 8.06(7) allows the permittee 10 days or such longer period as the "
            f"Superintendent determines, and the work was completed on {spell_date(completed)}, "
            f"so the period ends no sooner than {spell_date(earliest.due)}."
        )
    if restored <= due:
        raise InputError(
            f"The Village restored the surface on {spell_date(restored)}, not after the "
            f"permittee's period ended on {spell_date(due)}; § 8.06(7) lets the Village restore "
            "and bill only if the surface is not restored within that period."
        )
    costs = Bill(
        tuple(
            BillLine(line["description"], check_cents(line["amount"], "A cost line"), "§ 8.06(7)")
            for line in facts["costs"]
        )
    )
    if costs.total <= 0:
        raise InputError("The Village's cost of restoring the surface must be more than $0.00.")
    return {"costs": bill_context(costs), "earliest_due": period_context(earliest)}
