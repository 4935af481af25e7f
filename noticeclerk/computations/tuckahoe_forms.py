"""Tuckahoe's report of the cost of sidewalk work and notice to relocate, their facts turned
into the time specified, the park in the chapter's words and a distance; Python because tables
cannot choose a period by a fact, test yes/no facts or spell 1,000.

What stays here: the time specified for the work, a different period by what fixed it
(§ 19-15(c)); the park in § 19A-2's words under the fact's own name, and the distance with its
thousands separator; the exceptions of §§ 19A-5(b) and 19A-6 stated as yes-or-no facts. The
report's total and the order of its dates, the risk level and the residence's date are declared
in the notice definitions (notices/tuckahoe/).

Periods come from the time engine (`rules.periods`) on the Village's legal calendar. What is
refused here: a report of work found undone while the owner's time had not run out, a notice
to relocate to a person the chapter does not reach (§§ 19A-5(b), 19A-6) or for a residence
outside the 1,000-foot radius of § 19A-3.

Computations receive only the case facts: where a check needs a date, the case gives it as a fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.periods import Unit, count_period, settle_last_day, spell_date

REPORT = "Tuckahoe § 19-15(f)(2)"
# § 19-15(c): "within seven days after the date of mailing of such notice".
REPAIR_DAYS = 7
# § 19-15(c): "within three days from the date of the order of the Board of Trustees".
ORDER_DAYS = 3
# § 19A-3: "within a radius of 1,000 feet of any park as defined herein".
RADIUS_FEET = 1000
# § 19A-2, PARK: the six parks the chapter names, in its order and words.
PARKS = {
    "Main Street Park": "the multipurpose basketball, tennis and playground courts known as "
    "Main Street Park, located at the corner of Main Street and Marbledale Road",
    "Constitution Park and Playground": "Constitution Park and Playground, located at the "
    "corner of Circuit Avenue and Pleasant Avenue",
    "Fisher Park and Playground": "Fisher Park and Playground, located at the corner of Fisher "
    "Avenue and Marbledale Road",
    "Garrett Park": "Garrett Park, located at or about Tuckahoe Road and Yonkers Avenue",
    "Union Park": "Union Park, located at the corner of Union and Washington Streets",
    "Parkway Oval Park": "Parkway Oval Park, located at the corner of Bronx Street and "
    "Railroad Avenue",
}


# --- § 19-15(f)(2): the Street Commissioner's report of the cost of the work -----------------

# The time specified for the work: the notice's seven days, the Board's three days from its
# order on appeal, or the additional period the Board fixed (§ 19-15(c)).
TIME_SPECIFIED = {
    "notice": "seven days after the date of mailing of the notice to repair",
    "board_order": "three days from the date of the order of the Board of Trustees on appeal",
    "board_extension": "the additional period determined by the Board of Trustees on appeal",
}


def _time_specified(case: CaseContext) -> dict[str, Any]:
    facts = case.facts
    calendar = case.village.calendar
    basis, start = facts["time_specified_by"], facts["time_from"]
    if basis not in TIME_SPECIFIED:
        raise InputError(
            f"time_specified_by must be one of: {', '.join(TIME_SPECIFIED)} (got {basis!r})."
        )
    if basis == "notice":
        if start != facts["notice_mailed"]:
            raise InputError(
                f"The seven days run from the mailing of the notice to repair on "
                f"{spell_date(facts['notice_mailed'])}, not from {spell_date(start)} "
                "(§ 19-15(c)); give the mailing date as time_from."
            )
        period = period_context(count_period(calendar, Unit.DAYS, REPAIR_DAYS, start))
    elif basis == "board_order":
        period = period_context(count_period(calendar, Unit.DAYS, ORDER_DAYS, start))
    else:
        last, steps = settle_last_day(calendar, start, before=False)
        period = {"due": last, "steps": [str(step) for step in steps] if last != start else []}
    if start < facts["notice_mailed"]:
        raise InputError(
            f"The time specified cannot run from {spell_date(start)}, before the notice to "
            f"repair was mailed on {spell_date(facts['notice_mailed'])}."
        )
    return {"basis": basis, "words": TIME_SPECIFIED[basis], **period}


@computation("tuckahoe_sidewalk_cost_report")
def tuckahoe_sidewalk_cost_report(case: CaseContext) -> dict[str, Any]:
    """§ 19-15(f)(2): the work was "not performed by the owner or occupant within the time
    specified in such notice"; the Street Commissioner had it done and reports its total (the
    notice definition declares the total and the order of the later dates)."""
    facts = case.facts
    time = _time_specified(case)
    due: date = time["due"]
    found: date = facts["found_undone_on"]
    if found <= due:
        raise InputError(
            f"The work was found not done on {spell_date(found)}, but the owner or occupant had "
            f"through {spell_date(due)} ({REPORT}: the Street Commissioner acts only when the "
            '"work specified in said notice is not performed ... within the time specified").'
        )
    return {"time": time}


# --- Chapter 19A: residency restrictions --------------------------------------------------------


def _park(facts: Mapping[str, Any]) -> str:
    park = facts["park"]
    if park not in PARKS:
        raise InputError(
            f"{park!r} is not a park as § 19A-2 defines it; the chapter names only: "
            f"{', '.join(PARKS)}."
        )
    return PARKS[park]


def _distance(facts: Mapping[str, Any]) -> int:
    distance = facts["distance_feet"]
    if not isinstance(distance, int) or distance < 0:
        raise InputError(
            f"The measured distance must be a whole number of feet (got {distance!r})."
        )
    return distance


@computation("tuckahoe_relocation_notice")
def tuckahoe_relocation_notice(case: CaseContext) -> dict[str, Any]:
    """§ 19A-4: the written notice to relocate, for a residence or domicile established in
    violation of § 19A-3. Each exception of §§ 19A-5 and 19A-6 is a refusal: the Level 1
    exception and the residence established before the chapter are declared in the notice
    definition, the others are yes-or-no facts refused here."""
    facts = case.facts
    park = _park(facts)
    distance = _distance(facts)
    if distance > RADIUS_FEET:
        raise InputError(
            f"The residence is {distance:,} feet from {facts['park']}, outside the radius of "
            f"1,000 feet of § 19A-3; there is no violation to relocate from."
        )
    if facts["court_or_agency_fixed_domicile"]:
        raise InputError(
            "The chapter does not apply to a person required to be domiciled at a location fixed "
            "by an order of a court or by a federal, state or county agency (§ 19A-5(b))."
        )
    if facts["under_18_with_parents"]:
        raise InputError(
            "§ 19A-6(a) exempts a person under the age of 18 years residing with his or her "
            "parents or legal guardian."
        )
    if facts["park_newly_located_after_residence"]:
        raise InputError(
            "A park newly located within 1,000 feet after the residence was established is no "
            "violation (§ 19A-6(b))."
        )
    return {"park": park, "distance_feet": f"{distance:,}"}
