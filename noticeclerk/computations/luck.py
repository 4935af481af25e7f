"""Luck's excavation, street privilege and vending facts turned into what its tables cannot state.

Everything else Luck's documents compute (their periods, date, insurance and yes-or-no checks,
fees and bills, chosen words, the grounds of its revocations) is declared in notices/luck/.
What stays here, and why:

- the vending permit's list of every day of the event (§ 496-14B(1), inferred): a declared
  period gives one day, not the days between two;
- the frozen-ground season of § 496-7A (inferred), November 15 to May 1, with the Director's
  emergency exception and its reasons, for the excavation permit and its refusal letter, which
  also names the first day after the season: the season is the engine's closed_season rule,
  which declared periods and checks do not take;
- the street privilege permit's end "at the end of three months from the date of issuance"
  (§ 496-9E, inferred), which is not moved off a Sunday as a declared months period is; its
  obstruction compared with 1/3 of the street (§ 496-9D(1), inferred), a fraction of one fact
  against another; and its fee, which leaves out a Village cost of nothing where a declared
  bill prints every line.

Chapter 496 prints the section numbers but none of the subsection letters or paragraph numbers
cited here, which are inferred from the order of the text and say "(inferred)".
Fees the Village Board sets are not in the village's file: the case gives the amount set.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_DOWN, Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import ClosedSeasonRule, SeasonCheck
from noticeclerk.rules.money import check_cents
from noticeclerk.rules.periods import add_months, local_day, spell_date

# --- §§ 496-6, 496-7: street excavation ----------------------------------------------------

FROZEN_GROUND = "Luck § 496-7A (inferred)"

# § 496-7A (inferred): "No openings ... shall be permitted between November 15 and May 1
# except where it is determined by the Director of Public Works to be an emergency".
FROZEN_GROUND_SEASON = ClosedSeasonRule(
    starts=(11, 15), ends=(5, 1), on="opening", emergency="emergency_determined"
)


def _season(case: CaseContext, opening: date, emergency: bool) -> SeasonCheck:
    return FROZEN_GROUND_SEASON.check(
        case.village.calendar, {"opening": opening}, {"emergency_determined": emergency}
    )


@computation("luck_excavation_permit")
def luck_excavation_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-7A (inferred): no opening between November 15 and May 1 unless the Director
    determined an emergency; the permit prints why its day is allowed."""
    facts = case.facts
    opening = local_day(case.village.calendar, facts["work_starts_at"])
    season = _season(case, opening, facts["emergency_determined"])
    if not season.allowed:
        raise InputError(
            f"The opening is to begin on {spell_date(opening)}, between November 15 and May 1; "
            f"{FROZEN_GROUND} permits no opening then unless the Director of Public Works "
            "determines it an emergency excavation. Issue the refusal letter instead."
        )
    return {"season_steps": [str(step) for step in season.steps]}


@computation("luck_excavation_refusal")
def luck_excavation_refusal(case: CaseContext) -> dict[str, Any]:
    """§ 496-7A (inferred): an opening proposed between November 15 and May 1 is refused
    unless the Director determined an emergency; outside that season there is nothing to
    refuse under this section, so no letter issues. The letter names the first day after the
    season (May 2), when the applicant may apply again."""
    opening: date = case.facts["proposed_opening_on"]
    season = _season(case, opening, False)
    if season.allowed:
        raise InputError(
            f"{spell_date(opening)} is outside the season from November 15 to May 1; "
            f"{FROZEN_GROUND} gives no ground to refuse that opening."
        )
    month, last = FROZEN_GROUND_SEASON.ends
    year = opening.year if (opening.month, opening.day) <= (month, last) else opening.year + 1
    return {
        "season_steps": [str(step) for step in season.steps],
        "reopens_on": date(year, month, last) + timedelta(days=1),
    }


# --- § 496-9: street privilege permit and its revocation ------------------------------------

PRIVILEGE = "Luck § 496-9"
PRIVILEGE_FEE = "Luck § 496-9C (inferred)"
# § 496-9E (inferred): "All street privilege permits shall automatically terminate at the end
# of three months from the date of issuance unless an earlier termination date is specified
# thereon at the discretion of the Village Clerk-Treasurer."
TERM_MONTHS = 3
# § 496-9D(1) (inferred): "Such temporary obstruction shall cover not more than 1/3 of any
# street or alley."
SHARE_OF_STREET = Decimal(1) / Decimal(3)


def three_month_end(issued: date) -> date:
    """The day the permit ends "at the end of three months from the date of issuance".

    The termination is automatic, not an act to be done, so the day is not moved off a Sunday
    or legal holiday: Wis. Stat. § 990.001(4) extends only the time within which an act is to be
    done.
    """
    return add_months(issued, TERM_MONTHS)


@computation("luck_street_privilege_permit")
def luck_street_privilege_permit(case: CaseContext) -> dict[str, Any]:
    """The permit's last day, the check that the obstruction covers not more than 1/3 of the
    street, and its fee ("the sum set by the Village Board, plus any actual Village costs").

    Refuses a termination date later than three months from issuance and an obstruction wider
    than a third of the street (the definition refuses a termination before the issuance and
    widths of nothing).
    """
    facts = case.facts
    issued: date = facts["issued_on"]
    terminates: date = facts["terminates_on"]
    end = three_month_end(issued)
    if terminates > end:
        raise InputError(
            f"The permit issued on {spell_date(issued)} cannot run to {spell_date(terminates)}: "
            f"{PRIVILEGE}E (inferred) ends every street privilege permit at the end of three "
            f"months from issuance, on {spell_date(end)}; specify that day or an earlier one."
        )
    street: Decimal = facts["street_width_feet"]
    occupied: Decimal = facts["occupied_width_feet"]
    limit = (street * SHARE_OF_STREET).quantize(Decimal("0.1"), rounding=ROUND_DOWN)
    if occupied * 3 > street:
        raise InputError(
            f"An obstruction {occupied} feet wide covers more than 1/3 of a street {street} feet "
            f"wide: {PRIVILEGE}D(1) (inferred) allows not more than {limit} feet; the permit "
            "cannot be issued for it."
        )
    lines = [
        BillLine(
            f"Street privilege permit fee set by the Village Board ({facts['fee_resolution']})",
            check_cents(facts["board_fee"], "The fee the Village Board set"),
            PRIVILEGE_FEE,
        )
    ]
    # The case gives "one line of 0.00" when there are no costs (a cost_lines fact is never
    # empty); "plus any actual Village costs" prints none then.
    for item in facts["village_costs"]:
        if item["amount"] > 0:
            lines.append(
                BillLine(
                    f"Actual Village cost: {item['description']}",
                    check_cents(item["amount"], "An actual Village cost"),
                    PRIVILEGE_FEE,
                )
            )
    return {
        "fee": bill_context(Bill(tuple(lines))),
        "three_month_end": end,
        "earlier_termination": terminates < end,
        "max_width_feet": limit,
    }


# --- § 496-14: special event vending --------------------------------------------------------


@computation("luck_vending_permit")
def luck_vending_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-14B(1) (inferred): the permit sets forth "the exact days" and is valid only then,
    so it lists each day from the first to the last (the definition checks their order)."""
    first: date = case.facts["first_day"]
    count = (case.facts["last_day"] - first).days + 1
    # A special event lasts days, not months: more than a month of days is a mistyped date.
    if count > 31:
        raise InputError(
            f"The event runs {count} days; a special event vending permit sets forth the exact "
            "days of a special event, so check the dates."
        )
    return {"days": [first + timedelta(days=n) for n in range(count)]}
