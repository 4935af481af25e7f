"""Luck's permits, their facts turned into event days, the frozen-ground season and fees;
Python because tables cannot list days, test a season or put a fixed fee before cost lines.

Python only for what the declared tables (noticeclerk.computations.declared) have no words
for: a list of every day between two dates, the closed season of § 496-7A (inferred) with its
emergency exception and its reasons, and a fee whose Board-set line comes before the cost lines
that each carry the ordinance's words before the clerk's (a declared bill prints its items after
its lines). The periods, the date and insurance checks, the faulty work bill of § 496-6H(2)
(inferred) with its 20% for administration, and the sidewalk permit, vending letters and
defective restoration notice are declared in their notice definitions (notices/luck/).

Chapter 496 prints the section numbers § 496-6, § 496-7 and § 496-14 and the letters G and H
of § 496-7 (in its own cross-references); every other subsection letter used here is inferred
from the order of the text. Fees the Village Board sets are not in the letterhead: the case
gives the amount the Board set, and the computation adds the Village's actual expenses where
the ordinance says so.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.deadline_rules import ClosedSeasonRule, SeasonCheck
from noticeclerk.rules.periods import local_day, spell_date

EXCAVATION = "Luck § 496-6"
FROZEN_GROUND = "Luck § 496-7A (inferred)"

# § 496-7A (inferred): "No openings ... shall be permitted between November 15 and May 1
# except where it is determined by the Director of Public Works to be an emergency".
FROZEN_GROUND_SEASON = ClosedSeasonRule(
    starts=(11, 15), ends=(5, 1), on="opening", emergency="emergency_determined"
)


@computation("luck_vending_permit")
def luck_vending_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-14B(1) (inferred): the permit sets forth "the exact days" and is valid only then,
    so it lists each day from the first to the last (the definition checks their order)."""
    first: date = case.facts["first_day"]
    count = (case.facts["last_day"] - first).days + 1
    if count > 31:
        raise InputError(
            f"The event runs {count} days; a special event vending permit sets forth the exact "
            "days of a special event, so check the dates."
        )
    return {"days": [first + timedelta(days=n) for n in range(count)]}


def _season(case: CaseContext, opening: date, emergency: bool) -> SeasonCheck:
    return FROZEN_GROUND_SEASON.check(
        case.village.calendar, {"opening": opening}, {"emergency_determined": emergency}
    )


@computation("luck_excavation_permit")
def luck_excavation_permit(case: CaseContext) -> dict[str, Any]:
    """§ 496-7A (inferred): no opening between November 15 and May 1 unless the Director
    determined an emergency; § 496-6F (inferred): the fee is the Board's plus "actual Village
    expenses", each expense printed as one."""
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
