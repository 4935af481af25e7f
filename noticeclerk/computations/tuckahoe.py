"""A Board of Trustees' extension of the time to repair, turned into the day it prints.

Tuckahoe's other documents declare what they compute in their notice definitions (periods,
checks, bills); the extension stays here because it prints the reasons only when the Board's
day had to move off a day on which the act may not be done, which a table does not say.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from noticeclerk.computations.figures import (
    CaseContext,
    computation,
    period_context,
)
from noticeclerk.exceptions import InputError
from noticeclerk.rules.periods import (
    Unit,
    count_period,
    settle_last_day,
    spell_date,
)

APPEAL = "Tuckahoe § 19-15(c)"
# § 19-15(c): compliance "within three days from the date of the order of the Board".
ORDER_DAYS = 3


@computation("tuckahoe_appeal_extension")
def tuckahoe_appeal_extension(case: CaseContext) -> dict[str, Any]:
    """§ 19-15(c): "or within such additional period as may be determined by the Board".

    The Board fixes the day; it must give more than the three days from the order, and a day
    on which an act may not be done moves to the next business day (N.Y. GCL § 25-a).
    """
    facts = case.facts
    calendar = case.village.calendar
    order: date = facts["order_date"]
    three_days = count_period(calendar, Unit.DAYS, ORDER_DAYS, order)
    fixed: date = facts["extended_to"]
    if fixed <= three_days.due:
        raise InputError(
            f"The Board's day, {spell_date(fixed)}, is not after {spell_date(three_days.due)}, "
            f"the end of the three days from the order ({APPEAL}); an extension gives more time."
        )
    last, steps = settle_last_day(calendar, fixed, before=False)
    return {
        "three_days": period_context(three_days),
        # The reasons are printed only when the Board's day had to move.
        "extended": {"due": last, "steps": [str(step) for step in steps] if last != fixed else []},
    }
