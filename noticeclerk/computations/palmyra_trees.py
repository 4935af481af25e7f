"""The Village of Palmyra's rubbish, driveway, public construction and tree documents (Ch. 8,
§§ 8.08, 8.12, 8.14, 8.15): the fees, periods and limits they print, and the facts the
ordinance does not allow, refused.

Fees come from the money engine (`rules.fees`), periods from the time engine on the Village's
own legal calendar (Wis. Stat. § 990.001(4)). The documents' own deadlines stay in their notice
definitions; the periods here are those a document checks or recites.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation, period_context
from noticeclerk.exceptions import InputError
from noticeclerk.rules.fees import FeeFacts, FeeTable, fee_rules
from noticeclerk.rules.money import check_cents, spell_amount, spell_number
from noticeclerk.rules.periods import Unit, count_period, spell_date, spell_datetime

# § 8.12(2)(a): "No driveway shall exceed 24 feet in width at the outer or street edge of the
# sidewalk except by specific resolution of the Village Board."
DRIVEWAY_MAX_WIDTH_FT = Decimal(24)
# § 8.12(2)(b): "No driveway shall be closer than 10 feet to extended street line at an
# intersection."
DRIVEWAY_MIN_INTERSECTION_FT = Decimal(10)
# § 8.12(2)(e): "Driveways shall not be less than 6 inches in depth".
DRIVEWAY_MIN_DEPTH_IN = Decimal(6)
# § 8.12(2)(f): "Permit applications shall be made at least 24 hours in advance".
DRIVEWAY_APPLICATION_HOURS = 24
# § 8.14(1)(a): "more than $5,000 but less than $10,000".
CLASS_I_ABOVE = Decimal("5000.00")
CLASS_I_BELOW = Decimal("10000.00")


def _fee(name: str) -> dict[str, Any]:
    """A fee Palmyra's ordinance states itself, from the money engine, with its reasons."""
    answer = fee_rules("palmyra")[name].answer(FeeFacts(), FeeTable())
    return {
        "title": answer.title,
        "total": answer.fee,
        "authority": answer.authority,
        "steps": [str(step) for step in answer.steps],
    }


# --- § 8.08: rubbish and dirt on the sidewalk -------------------------------------------------


@computation("palmyra_rubbish_notice")
def palmyra_rubbish_notice(case: CaseContext) -> dict[str, Any]:
    """§ 8.08: the owner or occupant must remove the rubbish or dirt "when notified to do so by
    the Village Board"; the ordinance states no period, so the Board fixes the day. A day not
    after the Board's action is refused."""
    facts = case.facts
    directed: date = facts["board_directed_on"]
    fixed: date = facts["remove_by"]
    if fixed <= directed:
        raise InputError(
            f"The day fixed for removal, {spell_date(fixed)}, is not after the Village Board "
            f"directed the notice on {spell_date(directed)}; give the day the Board fixed."
        )
    return {}


# --- § 8.12: driveway permit ------------------------------------------------------------------


@computation("palmyra_driveway_permit")
def palmyra_driveway_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.12: a permit "for which a fee of $10 shall be charged", applied for "at least 24
    hours in advance of intended installation"; a driveway wider than 24 feet, closer than 10
    feet to the extended street line at an intersection or less than 6 inches deep is refused.
    """
    facts = case.facts
    applied: datetime = facts["application_received_at"]
    installs: datetime = facts["installation_begins_at"]
    earliest = count_period(case.village.calendar, Unit.HOURS, DRIVEWAY_APPLICATION_HOURS, applied)
    if installs < earliest.due:
        raise InputError(
            f"The application received {spell_datetime(applied)} is too late for installation "
            f"beginning {spell_datetime(installs)}: § 8.12(2)(f) requires it at least 24 hours "
            f"in advance, so installation may begin no earlier than {spell_datetime(earliest.due)}."
        )
    width: Decimal = facts["width_ft"]
    if width <= 0 or width > DRIVEWAY_MAX_WIDTH_FT:
        raise InputError(
            f"A driveway {spell_number(width)} feet wide cannot be permitted on this form: "
            "§ 8.12(2)(a) allows at most 24 feet at the street edge of the sidewalk except by "
            "specific resolution of the Village Board."
        )
    distance: Decimal = facts["intersection_distance_ft"]
    if distance < DRIVEWAY_MIN_INTERSECTION_FT:
        raise InputError(
            f"A driveway {spell_number(distance)} feet from the extended street line at an "
            "intersection is refused: § 8.12(2)(b) requires at least 10 feet."
        )
    depth: Decimal = facts["depth_inches"]
    if depth < DRIVEWAY_MIN_DEPTH_IN:
        raise InputError(
            f"A driveway {spell_number(depth)} inches deep is refused: § 8.12(2)(e) requires "
            "at least 6 inches, including the sidewalk portion."
        )
    return {
        "fee": _fee("driveway"),
        "earliest_installation": period_context(earliest),
        "width": spell_number(width),
        "depth": spell_number(depth),
        "intersection_distance": spell_number(distance),
    }


# --- § 8.14: Class I notice before a public construction contract let without bids --------


@computation("palmyra_class_i_notice")
def palmyra_class_i_notice(case: CaseContext) -> dict[str, Any]:
    """§ 8.14(1)(a): a contract "the estimated cost of which is more than $5,000 but less than
    $10,000 may be awarded to the contractor without bidding so long as the Village has
    published a Class I notice under Ch. 985, Wis. Stats., of the project before the contract
    is executed". Any other estimate, or a publication not before the contract, is refused."""
    facts = case.facts
    cost = check_cents(facts["estimated_cost"], "The estimated cost")
    if not CLASS_I_ABOVE < cost < CLASS_I_BELOW:
        raise InputError(
            f"An estimated cost of {spell_amount(cost)} is not more than $5,000 but less than "
            "$10,000, so § 8.14(1)(a) does not apply: a contract exceeding $10,000 is let to the "
            "lowest responsible bidder (§ 8.14(1)(b)); the section says nothing of $5,000 or "
            "less, nor of exactly $10,000 (ask the Village Attorney)."
        )
    published: date = facts["publish_on"]
    execution: date = facts["contract_not_before"]
    if published >= execution:
        raise InputError(
            f"The notice published on {spell_date(published)} is not before the contract may "
            f"be executed on {spell_date(execution)}: § 8.14(1)(a) requires publication before "
            "the contract is executed."
        )
    return {"estimated_cost": cost}


# --- § 8.15(7): tree permit ----------------------------------------------------------------


@computation("palmyra_tree_permit")
def palmyra_tree_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(7)(d): "There will be no charge for this permit"."""
    return {"fee": _fee("tree-permit")}
