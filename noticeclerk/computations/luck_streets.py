"""Luck's street documents (§§ 496-6 to 496-8), their facts turned into a comparison of dates,
words and fixture refusals; Python because tables cannot compare periods, test yes/no facts or
read lists.

Python only for what the declared tables (noticeclerk.computations.declared) cannot state: a
true-or-false comparison of two periods (the renewal), yes-or-no facts refused when true or
false (the fixture requirements, named by letter in the ordinance's order), a list of letters
each looked up in the ordinance's words, and words chosen by a fact printed under the fact's
own name (the new-street notice). The renewal's periods, including the renewed thirty days
counted from the end of the permit's own thirty, the date and insurance checks and the fees
are declared in the notice definitions (notices/luck/).

Dates come from the time engine (`rules.periods`) on Luck's legal calendar (Wis. Stat.
§ 990.001(4)). Chapter 496 prints the section numbers and, in its own cross-references, the
letters A to E of § 496-8 and G and H of § 496-7, and the letters (a) to (g) of the fixture
requirements; every other subsection letter and paragraph number is inferred from the order of
the text.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.exceptions import InputError

FIXTURES = "Luck § 496-8C"

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


# --- § 496-6E (inferred): the thirty-day renewal of an excavation permit -------------------


@computation("luck_excavation_renewal")
def luck_excavation_renewal(case: CaseContext) -> dict[str, Any]:
    """§ 496-7G against § 496-6E (inferred): whether the day for permanent pavement, which the
    renewal does not move, comes before the renewed period ends (the renewal then says so).

    The renewed period, its refusals and the pavement day are declared in the notice definition;
    a declared figure cannot compare two periods, so this compares the two it declared.
    """
    pavement, renewed = case.declared["pavement"], case.declared["renewed_through"]
    return {"pavement_before_renewal_ends": pavement["due"] < renewed["due"]}


# --- § 496-8C: sidewalk fixture permit and its revocation -----------------------------------


@computation("luck_fixture_revocation")
def luck_fixture_revocation(case: CaseContext) -> dict[str, Any]:
    """§ 496-8C: the permit "may be revoked ... at any time when one or more of the above
    requirements are not complied with or if he determines that the placement of the
    fixture(s) endangers the safety of the pedestrians". The grounds are the letters of the
    requirements not complied with, the danger to pedestrians, or both; none is no ground. (The
    definition checks that the finding is not before the permit.)"""
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
    return {
        "grounds": [
            {"letter": letter, "requirement": FIXTURE_REQUIREMENTS[letter]}
            for letter in sorted(letters)
        ]
    }
