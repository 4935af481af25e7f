"""The Village of Luck's street documents of §§ 496-6 to 496-8: the thirty-day renewal of an
excavation permit, the notice before a street is improved, and the sidewalk fixture permit and its
revocation.

Dates come from the time engine (`rules.periods`) on Luck's legal calendar (Wis. Stat.
§ 990.001(4)); amounts from the money engine (`rules.money`, `rules.costs`). Chapter 496
prints the section numbers and, in its own cross-references, the letters A to E of § 496-8
and G and H of § 496-7, and the letters (a) to (g) of the fixture requirements; every other
subsection letter and paragraph number is inferred from the order of the text.

Fees the Village Board sets are never assumed: the case gives the amount the Board set, with
its resolution, and the computation checks it is money and adds the Village's actual costs
where the ordinance says so. Computations see only the case facts, so a check that needs a
date (the day of issue, of approval) takes it as a fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
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
from noticeclerk.rules.money import check_cents, check_measure, format_number, spell_amount
from noticeclerk.rules.periods import Unit, count_period, spell_date

RENEWAL = "Luck § 496-6E (inferred)"
NEW_STREETS = "Luck § 496-7I (inferred)"
FIXTURES = "Luck § 496-8C"

# § 496-6D (inferred): "valid for a period of 30 days from the date of approval"; § 496-6E
# (inferred): "a thirty-day permit renewal".
PERMIT_VALID_DAYS = 30
RENEWAL_DAYS = 30
# § 496-7G: "Permanent pavements shall be replaced within 60 days of the date of the permit."
PAVEMENT_DAYS = 60
# § 496-7I (inferred): the Board's determination "not less than 30 days before the work of
# improvement or repaving shall begin"; the excavation work "must be completed within 30 days".
DETERMINATION_LEAD_DAYS = 30
# § 496-8C(1)(c): "In no event shall the fixture reduce the unobstructed sidewalk width to less
# than five feet at any point."
FIXTURE_CLEAR_FEET = Decimal(5)
# § 496-8C(1)(d): "not less than $100,000 per occurrence".
FIXTURE_INSURANCE = Decimal("100000.00")
# § 496-8C(1): the requirements (a) to (g), as the ordinance letters them, in short.
FIXTURE_REQUIREMENTS = {
    "a": "the property is located in an area zoned for commercial uses",
    "b": "the fixtures are not physically attached to the sidewalk, any street fixture or any "
    "adjacent building and are of a temporary design",
    "c": "the fixtures do not impede the flow of pedestrian traffic and leave an unobstructed "
    "sidewalk width of at least five feet at every point",
    "d": "the owner provides proof of liability insurance of not less than $100,000 per "
    "occurrence, covering the fixtures on the Village sidewalks, the Village identified as a "
    "third-party insured",
    "e": "the fixtures are not for sale nor used for the sale of merchandise",
    "f": "the application is filed by the property owner, or by the occupant the owner authorized",
    "g": "the approved permit is displayed in the window of the building so that it can be seen "
    "from the sidewalk",
}
FIXTURE_APPLICANTS = {
    "owner": "the property owner",
    "occupant": "the occupant, authorized by the property owner",
}


def _not_before(later: date, earlier: date, what_later: str, what_earlier: str) -> None:
    if later < earlier:
        raise InputError(
            f"{what_later} ({spell_date(later)}) is before {what_earlier} "
            f"({spell_date(earlier)}); check the dates."
        )


def _board_fee(facts: Mapping[str, Any], words: str, authority: str) -> BillLine:
    amount = check_cents(facts["board_fee"], "The fee the Village Board set")
    return BillLine(f"{words} ({facts['fee_resolution']})", amount, authority)


# --- § 496-6E (inferred): the thirty-day renewal of an excavation permit -------------------


@computation("luck_excavation_renewal")
def luck_excavation_renewal(case: CaseContext) -> dict[str, Any]:
    """§ 496-6E (inferred): "If operations have begun under an approved permit and will
    continue beyond the thirty-day validation period, the permittee shall apply for a
    thirty-day permit renewal by written request ... and payment of a renewal permit fee set
    by the Village Board."

    The renewal is refused when operations had not begun while the permit was valid, when
    the written request came after the permit had lapsed (there is then no permit to renew,
    only a new application), or when the insurance of § 496-6G (inferred) ends before the
    renewed period does. The renewed period is the thirty days after the permit's own
    validity ends; it does not move the day of § 496-7G for permanent pavement, which counts
    from the date of the permit.
    """
    facts = case.facts
    calendar = case.village.calendar
    approved: date = facts["original_approved_on"]
    valid = count_period(calendar, Unit.DAYS, PERMIT_VALID_DAYS, approved)
    begun: date = facts["operations_begun_on"]
    requested: date = facts["request_made_on"]
    renewed_on: date = facts["renewal_approved_on"]
    _not_before(begun, approved, "The day operations began", "the permit's approval")
    if begun > valid.due:
        raise InputError(
            f"Operations began on {spell_date(begun)}, after the permit lapsed on "
            f"{spell_date(valid.due)}; {RENEWAL} renews only a permit under which operations "
            "have begun. A new permit application is needed."
        )
    _not_before(requested, approved, "The written request", "the permit's approval")
    if requested > valid.due:
        raise InputError(
            f"The written request of {spell_date(requested)} came after the thirty-day "
            f"validation period ended on {spell_date(valid.due)}; there is no permit left to "
            f"renew under {RENEWAL}. A new permit application is needed."
        )
    _not_before(renewed_on, requested, "The renewal's approval", "the written request")
    renewal = count_period(calendar, Unit.DAYS, RENEWAL_DAYS, valid.due)
    if renewed_on > renewal.due:
        raise InputError(
            f"The renewal approved on {spell_date(renewed_on)} would already have ended on "
            f"{spell_date(renewal.due)}; check the dates."
        )
    insured: date = facts["insurance_in_force_through"]
    if insured < renewal.due:
        raise InputError(
            f"The public liability insurance is in force only through {spell_date(insured)}, "
            f"before the renewed permit ends on {spell_date(renewal.due)}; § 496-6G (inferred) "
            "requires it for the whole time the permit is in effect. The renewal cannot issue."
        )
    pavement = count_period(calendar, Unit.DAYS, PAVEMENT_DAYS, approved)
    fee = Bill((_board_fee(facts, "Renewal permit fee set by the Village Board", RENEWAL),))
    return {
        "original_valid_through": period_context(valid),
        "renewed_through": period_context(renewal),
        "pavement": period_context(pavement),
        "pavement_before_renewal_ends": pavement.due < renewal.due,
        "fee": bill_context(fee),
    }


# --- § 496-7I (inferred): excavation in new streets limited --------------------------------

NEW_STREET_ADDRESSEES = {
    "utility": "a person, utility or other agency owning or controlling a sewer, water main, "
    "conduit or other utility in or under the street",
    "abutting owner": "the owner of real property abutting the street",
}


@computation("luck_new_street_notice")
def luck_new_street_notice(case: CaseContext) -> dict[str, Any]:
    """§ 496-7I (inferred): the Board's determination "shall be made not less than 30 days
    before the work of improvement or repaving shall begin"; the Director then notifies each
    utility and abutting owner that excavation work in the street "must be completed within
    30 days". A determination made later than thirty days before the improvement is to begin
    is refused, since the notice could not give the thirty days the ordinance means."""
    facts = case.facts
    addressed = facts["addressed_as"]
    if addressed not in NEW_STREET_ADDRESSEES:
        raise InputError(
            f"'addressed_as' must be 'utility' or 'abutting owner' (got {addressed!r}): the "
            f"notice of {NEW_STREETS} goes to those two and no one else."
        )
    determined: date = facts["board_determined_on"]
    begins: date = facts["improvement_begins_on"]
    latest = count_period(
        case.village.calendar, Unit.DAYS, DETERMINATION_LEAD_DAYS, begins, before=True
    )
    if determined > latest.due:
        raise InputError(
            f"The Village Board's determination of {spell_date(determined)} is less than 30 days "
            f"before the improvement begins on {spell_date(begins)} (it had to be made by "
            f"{spell_date(latest.due)}, {NEW_STREETS}); move the start of the work."
        )
    return {
        "addressed_as": NEW_STREET_ADDRESSEES[addressed],
        "latest_determination": period_context(latest),
    }


# --- § 496-8C: sidewalk fixture permit and its revocation -----------------------------------


def _fixture_refusal(letter: str, why: str) -> InputError:
    return InputError(
        f"The permit cannot issue: requirement ({letter}) of {FIXTURES}(1) (inferred) is not met, "
        f"{why}. The Clerk-Treasurer issues the permit only when all of them are."
    )


@computation("luck_fixture_permit")
def luck_fixture_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-8C: "if it is determined by the Village Clerk-Treasurer that all of the above
    requirements have been met, he shall issue the permit". Each requirement (a) to (f) is a
    case fact, and one unmet refuses the permit, naming its letter; (g), display in the
    window, is a condition of the permit printed on it."""
    facts = case.facts
    if not facts["zoned_commercial"]:
        raise _fixture_refusal("a", f"the property is zoned {facts['zoning_district']}")
    if facts["attached"] or not facts["temporary_design"]:
        raise _fixture_refusal("b", "the fixtures are attached or are not of a temporary design")
    clear = check_measure(facts["clear_width_feet"], "The unobstructed sidewalk width")
    if clear < FIXTURE_CLEAR_FEET:
        raise _fixture_refusal(
            "c",
            f"the fixtures leave {format_number(clear)} feet of unobstructed sidewalk, less than "
            "five feet",
        )
    insured = check_cents(facts["insurance_per_occurrence"], "The insurance per occurrence")
    if insured < FIXTURE_INSURANCE:
        raise _fixture_refusal(
            "d", f"the insurance of {spell_amount(insured)} per occurrence is below $100,000.00"
        )
    if not facts["policy_covers_fixtures"] or not facts["village_third_party_insured"]:
        raise _fixture_refusal(
            "d",
            "the policy does not state that it covers the fixtures on the Village sidewalks, "
            "or does not identify the Village as a third-party insured",
        )
    if facts["used_for_sale"]:
        raise _fixture_refusal("e", "the fixtures are for sale or used to sell merchandise")
    role = facts["filed_by"]
    if role not in FIXTURE_APPLICANTS:
        raise _fixture_refusal(
            "f", f"the application was filed by {role!r}, not the owner or the occupant"
        )
    return {"filed_by": FIXTURE_APPLICANTS[role]}


@computation("luck_fixture_revocation")
def luck_fixture_revocation(case: CaseContext) -> dict[str, Any]:
    """§ 496-8C: the permit "may be revoked ... at any time when one or more of the above
    requirements are not complied with or if he determines that the placement of the
    fixture(s) endangers the safety of the pedestrians". The grounds are the letters of the
    requirements not complied with, the danger to pedestrians, or both; none is no ground."""
    facts = case.facts
    letters = [str(letter).strip().strip("()").lower() for letter in facts["requirements_not_met"]]
    unknown = [letter for letter in letters if letter not in FIXTURE_REQUIREMENTS]
    if unknown:
        raise InputError(
            f"'requirements_not_met' lists {', '.join(map(repr, unknown))}; the requirements of "
            f"{FIXTURES}(1) (inferred) are lettered (a) to (g)."
        )
    if len(set(letters)) != len(letters):
        raise InputError("'requirements_not_met' lists a requirement twice.")
    if not letters and not facts["endangers_pedestrians"]:
        raise InputError(
            f"{FIXTURES} allows revocation only when a requirement is not complied with or the "
            "fixtures endanger the safety of pedestrians; the case gives neither ground."
        )
    _not_before(
        facts["found_on"], facts["permit_issued_on"], "The day of the finding", "the permit"
    )
    return {
        "grounds": [
            {"letter": letter, "requirement": FIXTURE_REQUIREMENTS[letter]}
            for letter in sorted(letters)
        ]
    }
