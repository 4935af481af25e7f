"""Tuckahoe's letter on a proposed rental (§ 19A-10), its park and distance turned into the
chapter's words and a distance in figures; Python because tables cannot spell 1,480 or choose
words shared with the relocation notice.

"No person may rent, lease or let residential space ... to a Level 2 registered sex offender or
Level 3 registered sex offender without having received a letter from the Village Clerk ... that
such rental, lease or letting is not in violation of this chapter." The letter says exactly
that, so a case is refused in which the rental would be in violation or in which the chapter
does not reach the person at all:

- a Level 1 offender: "This chapter shall not apply to any Level 1 registered sex offender"
  (§ 19A-5(a)), so no letter is needed or given (declared in notices/tuckahoe/rental-letter.toml,
  with the risk level the letter prints);
- a place that is not one of the six parks § 19A-2 names (here, with the parks' words, which
  the relocation notice prints too);
- residential space within a radius of 1,000 feet of a park (§ 19A-3): the rental would be in
  violation, and a letter saying otherwise would be false (here, because the distance is
  printed with its thousands separator, which a declared figure does not give).

The five business days of § 19A-10 are counted by the time engine from the request's
receipt (the notice definition's deadline rule); the letter prints that day.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.computations.tuckahoe_forms import PARKS, RADIUS_FEET
from noticeclerk.exceptions import InputError


def _distance(park: str, distance: Any) -> int:
    if park not in PARKS:
        raise InputError(
            f"{park!r} is not a park as § 19A-2 defines it; the chapter names only: "
            f"{', '.join(PARKS)}."
        )
    if not isinstance(distance, int) or isinstance(distance, bool) or distance < 0:
        raise InputError(
            f"The measured distance must be a whole number of feet (got {distance!r})."
        )
    return distance


@computation("tuckahoe_rental_letter")
def tuckahoe_rental_letter(case: CaseContext) -> dict[str, Any]:
    """§ 19A-10: the letter that a rental, lease or letting is not in violation of the chapter.
    The residential space must lie outside a radius of 1,000 feet of every park (§ 19A-3);
    the case gives the nearest park and its measured distance."""
    facts = case.facts
    park = facts["nearest_park"]
    distance = _distance(park, facts["distance_feet"])
    if distance <= RADIUS_FEET:
        raise InputError(
            f"The residential space is {distance:,} feet from {park}, within a radius of 1,000 "
            "feet of a park (§ 19A-3); renting it to a Level 2 or Level 3 registered sex "
            "offender would be in violation of the chapter, so this letter cannot be given."
        )
    return {"park": PARKS[park], "distance_feet": f"{distance:,}"}
