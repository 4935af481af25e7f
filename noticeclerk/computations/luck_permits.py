"""The Village of Luck's permits, appeals and street-work notices: case facts turned into the
dates and amounts the documents print, and the refusals the ordinance requires.

Dates come from the time engine (`rules.periods`, `rules.deadline_rules`) on Luck's legal
calendar (Wis. Stat. § 990.001(4)); amounts from the money engine (`rules.money`,
`rules.costs`). Chapter 496 prints the section numbers § 496-6, § 496-7 and § 496-14 and the
letters G and H of § 496-7 (in its own cross-references); every other subsection letter used
here is inferred from the order of the text, and its sidewalk provisions carry no number.

Fees the Village Board sets are not in the letterhead: the case gives the amount the Board
set, and the computation only checks it is money and adds the Village's actual expenses
where the ordinance says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    bill_context,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import LegalCalendar
from noticeclerk.rules.costs import Bill, BillLine, CostItem, luck_faulty_work_bill
from noticeclerk.rules.deadline_rules import ClosedSeasonRule
from noticeclerk.rules.money import check_cents, spell_amount
from noticeclerk.rules.periods import Unit, count_period, local_day, spell_date

SIDEWALK_PERMIT = 'Luck ch. 496, "Sidewalk permit required"'
EXCAVATION = "Luck § 496-6"
FROZEN_GROUND = "Luck § 496-7A (inferred)"
VENDING = "Luck § 496-14"

# Ch. 496, "Sidewalk permit required": a permit "at least three days before work is proposed
# to be undertaken".
SIDEWALK_LEAD_DAYS = 3
# § 496-14B (inferred): "he shall state the matters in doubt in writing to the applicant
# within three days of the time of making application" (calendar days: the text says days).
DOUBT_LETTER_DAYS = 3
# § 496-14B (inferred): "Appeals requests shall be filed with the Village Clerk-Treasurer
# within seven days of the Clerk-Treasurer's decision."
VENDING_APPEAL_DAYS = 7
# § 496-14C(1), (2) (inferred): proof of insurance, and the encroachments, booth locations
# and parking, "a minimum of seven days before the start of the event".
VENDING_LEAD_DAYS = 7
# § 496-14C(1) (inferred): "minimum limits of $100,000 per occurrence for bodily injury and
# minimum limits of $50,000 per occurrence for property damage".
VENDING_BODILY_INJURY = Decimal("100000.00")
VENDING_PROPERTY_DAMAGE = Decimal("50000.00")
# § 496-6G (inferred): "not less than $500,000 per one person and $500,000 for one accident
# and property damage coverage of not less than $500,000".
EXCAVATION_INSURANCE = Decimal("500000.00")
# § 496-6D (inferred): "valid for a period of 30 days from the date of approval".
PERMIT_VALID_DAYS = 30
# § 496-7G: "Permanent pavements shall be replaced within 60 days of the date of the permit."
PAVEMENT_DAYS = 60
# § 496-7 "Protection of public" (B, inferred): the Police Department "24 hours prior to
# commencement of excavation"; § 496-7F (inferred): the Director "at least one business day
# before such work is to commence".
POLICE_NOTICE_HOURS = 24
DIRECTOR_NOTICE_BUSINESS_DAYS = 1
# § 496-7A (inferred): "No openings ... shall be permitted between November 15 and May 1
# except where it is determined by the Director of Public Works to be an emergency".
FROZEN_GROUND_SEASON = ClosedSeasonRule(
    starts=(11, 15), ends=(5, 1), on="opening", emergency="emergency_determined"
)
# § 496-6H (inferred): defects found "within two years of the date of completion".
RESTORATION_GUARANTEE_MONTHS = 24


def _board_fee_line(amount: Decimal, words: str, authority: str) -> BillLine:
    return BillLine(words, check_cents(amount, "The fee the Village Board set"), authority)


# --- Ch. 496, "Sidewalk permit required" ----------------------------------------------------


@computation("luck_sidewalk_permit")
def luck_sidewalk_permit(case: CaseContext) -> dict[str, Any]:
    """A permit "from the Village Clerk-Treasurer at least three days before work is proposed
    to be undertaken"; "A fee set by the Village Board shall be charged for such permits".

    An application received later than three days before the work is refused; the fee is the
    amount the Board set, as the case gives it, never a figure the code assumes.
    """
    facts = case.facts
    applied: date = facts["application_received_on"]
    work: date = facts["work_proposed_on"]
    latest = count_period(case.village.calendar, Unit.DAYS, SIDEWALK_LEAD_DAYS, work, before=True)
    if applied > latest.due:
        raise InputError(
            f"The application received on {spell_date(applied)} is too late for work on "
            f"{spell_date(work)}: {SIDEWALK_PERMIT} requires the permit at least three days "
            f"before the work, so by {spell_date(latest.due)}; propose a later start."
        )
    fee = Bill(
        (
            _board_fee_line(
                facts["board_fee"],
                f"Sidewalk permit fee set by the Village Board ({facts['fee_resolution']})",
                SIDEWALK_PERMIT,
            ),
        )
    )
    return {"fee": bill_context(fee), "latest_application": period_context(latest)}


# --- § 496-14: special event vending -----------------------------------------------------


@computation("luck_vending_doubt")
def luck_vending_doubt(case: CaseContext) -> dict[str, Any]:
    """§ 496-14B (inferred): the matters in doubt are stated "within three days of the time
    of making application"; the letter prints that day so the record shows it was kept."""
    facts = case.facts
    made: date = facts["application_made_on"]
    return {
        "letter_due": period_context(
            count_period(case.village.calendar, Unit.DAYS, DOUBT_LETTER_DAYS, made)
        ),
    }


def _event_days(first: date, last: date) -> list[date]:
    if last < first:
        raise InputError(
            f"The last day of the event, {spell_date(last)}, is before its first day, "
            f"{spell_date(first)}; check the dates."
        )
    count = (last - first).days + 1
    if count > 31:
        raise InputError(
            f"The event runs {count} days; a special event vending permit sets forth the exact "
            "days of a special event, so check the dates."
        )
    return [first + timedelta(days=n) for n in range(count)]


@computation("luck_vending_permit")
def luck_vending_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-14: the permit sets forth "the exact days" and is valid only then; proof of
    insurance with the stated limits, and the locations for the Chief of Police's review, are
    due "a minimum of seven days before the start of the event". A permit whose conditions
    were not met in time is refused."""
    facts = case.facts
    first: date = facts["first_day"]
    days = _event_days(first, facts["last_day"])
    latest = count_period(case.village.calendar, Unit.DAYS, VENDING_LEAD_DAYS, first, before=True)
    for fact, what in (
        ("insurance_filed_on", "Proof of insurance"),
        ("police_submission_on", "The encroachments, booth locations and parking provisions"),
    ):
        if facts[fact] > latest.due:
            raise InputError(
                f"{what} reached the Village on {spell_date(facts[fact])}, later than seven days "
                f"before the event begins on {spell_date(first)} (by {spell_date(latest.due)}, "
                f"{VENDING}C, inferred); the permit cannot issue on these facts."
            )
    bodily = check_cents(facts["bodily_injury_limit"], "The bodily injury limit")
    damage = check_cents(facts["property_damage_limit"], "The property damage limit")
    if bodily < VENDING_BODILY_INJURY or damage < VENDING_PROPERTY_DAMAGE:
        raise InputError(
            f"The insurance limits ({spell_amount(bodily)} bodily injury, {spell_amount(damage)} "
            f"property damage, per occurrence) are below the minimum of "
            f"{spell_amount(VENDING_BODILY_INJURY)} and {spell_amount(VENDING_PROPERTY_DAMAGE)} "
            f"that {VENDING}C(1) (inferred) requires."
        )
    return {"days": days, "latest_filing": period_context(latest)}


VENDING_OUTCOMES = {
    "denied": "denied the permit",
    "approved": "approved the permit",
    "approved conditionally": "approved the permit conditionally",
}
# What the list the Board's letter carries is, for each outcome.
VENDING_TERMS = {
    "denied": "What the denial means",
    "approved": "Before the permit is issued",
    "approved conditionally": "The conditions the Village Board imposed",
}


@computation("luck_vending_appeal_decision")
def luck_vending_appeal_decision(case: CaseContext) -> dict[str, Any]:
    """§ 496-14B (inferred): the Board "may either deny the permit, approve the permit or
    approve the permit conditionally"; an appeal filed later than seven days after the
    Clerk-Treasurer's decision is not one the Board reviews."""
    facts = case.facts
    outcome = facts["outcome"]
    if outcome not in VENDING_OUTCOMES:
        raise InputError(
            f"The Village Board's decision must be one of: {', '.join(VENDING_OUTCOMES)} "
            f"(got {outcome!r}), the three the ordinance allows."
        )
    decided: date = facts["clerk_decision_on"]
    filed: date = facts["appeal_filed_on"]
    window = count_period(case.village.calendar, Unit.DAYS, VENDING_APPEAL_DAYS, decided)
    if filed < decided:
        raise InputError(
            f"The appeal is dated {spell_date(filed)}, before the Clerk-Treasurer's decision of "
            f"{spell_date(decided)}; check the dates."
        )
    if filed > window.due:
        raise InputError(
            f"The appeal was filed on {spell_date(filed)}, after the seven days from the "
            f"Clerk-Treasurer's decision ended on {spell_date(window.due)} ({VENDING}B, "
            "inferred); the Village Board has no timely appeal to decide."
        )
    return {
        "decision": VENDING_OUTCOMES[outcome],
        "terms_heading": VENDING_TERMS[outcome],
        "appeal_window": period_context(window),
    }


# --- §§ 496-6 and 496-7: street excavation --------------------------------------------------


def _season(calendar: LegalCalendar, opening: date | datetime, emergency: bool) -> Any:
    return FROZEN_GROUND_SEASON.check(
        calendar, {"opening": opening}, {"emergency_determined": emergency}
    )


def first_day_after_season(day: date) -> date:
    """The first day after the closed season that contains `day` (May 2)."""
    month, last = FROZEN_GROUND_SEASON.ends
    year = day.year if (day.month, day.day) <= (month, last) else day.year + 1
    return date(year, month, last) + timedelta(days=1)


@computation("luck_excavation_permit")
def luck_excavation_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-6 and § 496-7: the permit issues only with the insurance § 496-6G (inferred)
    requires and outside the frozen-ground season unless the Director determined an emergency;
    the fee is the Board's plus actual Village expenses; the dates for pavement and for the
    notices before work come from the time engine."""
    facts = case.facts
    calendar = case.village.calendar
    starts: datetime = facts["work_starts_at"]
    emergency: bool = facts["emergency_determined"]
    season = _season(case.village.calendar, starts, emergency)
    if not season.allowed:
        raise InputError(
            f"The opening is to begin on {spell_date(local_day(calendar, starts))}, between "
            f"November 15 and May 1; {FROZEN_GROUND} permits no opening then unless the "
            "Director of Public Works determines it an emergency excavation. Issue the refusal "
            "letter instead."
        )
    approved: date = facts["approved_on"]
    if local_day(calendar, starts) < approved:
        raise InputError(
            f"The work is to begin on {spell_date(local_day(calendar, starts))}, before the "
            f"permit's approval on {spell_date(approved)}; check the dates."
        )
    limits = {
        "per person": facts["insurance_per_person"],
        "per accident": facts["insurance_per_accident"],
        "property damage": facts["insurance_property_damage"],
    }
    for what, amount in limits.items():
        if check_cents(amount, f"The insurance limit {what}") < EXCAVATION_INSURANCE:
            raise InputError(
                f"The public liability insurance {what} is {spell_amount(amount)}, less than "
                f"the {spell_amount(EXCAVATION_INSURANCE)} {EXCAVATION}G (inferred) requires; "
                "the permit cannot issue."
            )
    lines = [
        _board_fee_line(
            facts["board_fee"],
            f"Street opening permit fee set by the Village Board ({facts['fee_resolution']})",
            EXCAVATION,
        )
    ]
    lines += [
        BillLine(
            f"Actual Village expenses: {line['description']}",
            check_cents(line["amount"], f"The expense '{line['description']}'"),
            EXCAVATION,
        )
        for line in facts["village_expenses"]
    ]
    check_cents(facts["guarantee_amount"], "The guarantee or surety bond")
    start_day = local_day(calendar, starts)
    return {
        "season_steps": [str(step) for step in season.steps],
        "valid_through": period_context(
            count_period(calendar, Unit.DAYS, PERMIT_VALID_DAYS, approved)
        ),
        "fee": bill_context(Bill(tuple(lines))),
        "pavement": period_context(count_period(calendar, Unit.DAYS, PAVEMENT_DAYS, approved)),
        "police": period_context(
            count_period(calendar, Unit.HOURS, POLICE_NOTICE_HOURS, starts, before=True)
        ),
        "director": period_context(
            count_period(
                calendar, Unit.BUSINESS_DAYS, DIRECTOR_NOTICE_BUSINESS_DAYS, start_day, before=True
            )
        ),
    }


@computation("luck_excavation_refusal")
def luck_excavation_refusal(case: CaseContext) -> dict[str, Any]:
    """§ 496-7A (inferred): an opening proposed between November 15 and May 1 is refused
    unless the Director determined an emergency; outside that season there is nothing to
    refuse under this section, so no letter issues."""
    facts = case.facts
    opening: date = facts["proposed_opening_on"]
    season = _season(case.village.calendar, opening, False)
    if season.allowed:
        raise InputError(
            f"{spell_date(opening)} is outside the season from November 15 to May 1; "
            f"{FROZEN_GROUND} gives no ground to refuse that opening."
        )
    return {
        "season_steps": [str(step) for step in season.steps],
        "reopens_on": first_day_after_season(opening),
    }


# --- § 496-6: faulty work and defective restoration ----------------------------------------


def _items(lines: list[Mapping[str, Any]]) -> list[CostItem]:
    return [CostItem(line["description"], line["amount"]) for line in lines]


@computation("luck_faulty_work_bill")
def luck_faulty_work(case: CaseContext) -> dict[str, Any]:
    """§ 496-6H (inferred): "The Village shall repair the deficiencies and bill the permittee
    for all labor, materials and equipment used plus 20% for administration"."""
    facts = case.facts
    noticed: date = facts["notice_given_on"]
    repaired: date = facts["repaired_on"]
    if repaired < noticed:
        raise InputError(
            f"The Village's repair on {spell_date(repaired)} is before the notice of "
            f"{spell_date(noticed)}; the Village repairs after the permittee fails to correct."
        )
    bill = luck_faulty_work_bill(
        labor=_items(facts["labor"]),
        materials=_items(facts["materials"]),
        equipment=_items(facts["equipment"]),
    )
    return {"charges": bill_context(bill)}


RESTORATION_ROLES = ("contractor", "surety")


@computation("luck_defective_restoration")
def luck_defective_restoration(case: CaseContext) -> dict[str, Any]:
    """§ 496-6H (inferred): the Director's notice of work that "has become defective within
    two years of the date of completion", to the contractor or to his surety, stating "the
    defect, the work to be done, the cost thereof and the period of time"."""
    facts = case.facts
    role = facts["addressed_as"]
    if role not in RESTORATION_ROLES:
        raise InputError(
            f"The notice goes to the contractor or to his surety; 'addressed_as' must be "
            f"'contractor' or 'surety' (got {role!r})."
        )
    completed: date = facts["completed_on"]
    found: date = facts["found_on"]
    two_years = count_period(
        case.village.calendar, Unit.MONTHS, RESTORATION_GUARANTEE_MONTHS, completed
    )
    if found < completed:
        raise InputError(
            f"The defect was found on {spell_date(found)}, before the work was completed on "
            f"{spell_date(completed)}; check the dates."
        )
    if found > two_years.due:
        raise InputError(
            f"The defect was found on {spell_date(found)}, after the two years from completion "
            f"on {spell_date(completed)} ended on {spell_date(two_years.due)}; {EXCAVATION}H "
            "(inferred) reaches only work that has become defective within two years."
        )
    cost = Bill(
        tuple(
            BillLine(
                line["description"],
                check_cents(line["amount"], f"The cost '{line['description']}'"),
                EXCAVATION,
            )
            for line in facts["cost_of_work"]
        )
    )
    if cost.total <= 0:
        raise InputError("The notice must state the cost of the work; it adds up to nothing.")
    return {"cost": bill_context(cost), "two_years": period_context(two_years)}
