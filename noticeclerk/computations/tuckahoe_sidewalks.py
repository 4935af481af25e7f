"""Tuckahoe's sidewalk cost report (§ 19-15(f)(2)): what fixed the time, turned into its period.

§ 19-15(c) gives three times: the notice's seven days, the Board's three days from its order on
appeal, or the additional period the Board fixed. The notice definition
(notices/tuckahoe/sidewalk-cost-report.toml) declares all three, their words, the refusals and
the total; Python only because a table cannot choose a period by a fact.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, computation

# The value of time_specified_by → the declared period it names.
PERIOD_SPECIFIED = {
    "notice": "seven_days",
    "board_order": "three_days",
    "board_extension": "board_day",
}


@computation("tuckahoe_sidewalk_cost_report")
def tuckahoe_sidewalk_cost_report(case: CaseContext) -> dict[str, Any]:
    """§ 19-15(f)(2): the work "not performed by the owner or occupant within the time specified
    in such notice" (the definition has already refused any other value of the fact)."""
    return {"time": case.declared[PERIOD_SPECIFIED[case.facts["time_specified_by"]]]}
