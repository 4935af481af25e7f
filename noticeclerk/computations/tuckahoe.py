"""A Board of Trustees' extension of the time to repair, turned into the day it prints;
Python because a table cannot print a period's reasons only when its day had to move.

Tuckahoe's other documents declare what they compute in their notice definitions (periods,
checks, bills); so does the extension's three days from the Board's order and the refusal of an
"extension" that gives no more (notices/tuckahoe/appeal-decision-extended.toml). A declared
fixed_day period always prints the day the Board fixed as its first reason, and this document
prints the reasons only when the day moved, so the Board's day stays here.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.rules.periods import settle_last_day


@computation("tuckahoe_appeal_extension")
def tuckahoe_appeal_extension(case: CaseContext) -> dict[str, Any]:
    """§ 19-15(c): "or within such additional period as may be determined by the Board".

    The Board fixes the day (the definition refuses one not after the three days from the
    order); a day on which an act may not be done moves to the next business day (N.Y. GCL
    § 25-a), and only then are the reasons printed.
    """
    fixed: date = case.facts["extended_to"]
    last, steps = settle_last_day(case.village.calendar, fixed, before=False)
    return {
        "extended": {"due": last, "steps": [str(step) for step in steps] if last != fixed else []}
    }
