"""The clerk's random days of test_case_order_properties, through the two other villages'
chains: Tuckahoe's notice to repair a sidewalk, the owner's appeal to the Board of Trustees,
its decision and the Street Commissioner's report of the cost of the Village's work (§ 19-15);
and Village B's certificate of the cost of clearing three properties' sidewalks, the
Treasurer's statement to each owner and the special assessment of what is left unpaid.

The same rules and invariants; a file of its own so that it runs beside the other.
"""

from __future__ import annotations

from typing import ClassVar

from test_case_order_properties import ClerksDays, days_of_a_clerk

TUCKAHOE_AND_VILLAGE_B = {
    # Tuckahoe: three heaved flags in front of 35 Main Street, to be repaired in seven days.
    "tuckahoe": (
        "notice-to-repair-sidewalk",
        ["041"],
        [
            "inspection_date=2026-11-30",
            "sidewalk_location=in front of 35 Main Street, between the building line and the curb",
            "work=Remove and replace three heaved concrete sidewalk flags.",
            "specifications=Concrete walk four inches thick on a compacted gravel base.",
        ],
    ),
    # Village B: the Village cleared three properties' sidewalks after a 5.5-inch snowfall.
    "village-b": (
        "cost-certificate",
        ["B-0212", "B-0107", "B-0318"],
        [
            "storm_ceased=2026-11-27T02:00",
            "depth_inches=5.5",
            "village_began_clearing=2026-11-29T09:00",
            "cost_reported_by=the Superintendent of Public Works",
            "cost_reported_on=2026-11-30",
            "premises_cleaned=B-0212 | the public sidewalk along the Depot Road frontage",
            "premises_cleaned=B-0107 | the public sidewalk along the Church Street frontage",
            "premises_cleaned=B-0318 | the public sidewalk along the Mill Street frontage",
            "work=B-0212 | Snow and ice removal: two laborers, 1.5 hours each | 186.00 | 186.00",
            "work=B-0107 | Snow and ice removal: one laborer, 1 hour | 62.00 | 62.00",
            "work=B-0318 | Snow and ice removal: one laborer, 1.5 hours | 69.00 | 69.00",
        ],
    ),
}


class TuckahoeAndVillageBDays(ClerksDays):
    """A clerk's days in one register, a Tuckahoe case and a Village B case open."""

    CASES: ClassVar[dict[str, tuple[str, list[str], list[str]]]] = TUCKAHOE_AND_VILLAGE_B


TuckahoeAndVillageBDays.TestCase.settings = days_of_a_clerk(10)
test_random_days_in_tuckahoe_and_village_b_keep_the_order_of_the_steps = (
    TuckahoeAndVillageBDays.TestCase
)
