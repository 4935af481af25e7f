"""Luck's sidewalk repair order, its largest defect fact turned into the figure the template
prints; Python only because that figure has the fact's own name, which tables cannot give.

Everything else Luck's bills and this order compute is declared in their notice definitions:
the snow and ice bill (§ 496-10G, inferred) and the obstruction bill (§ 496-8F) are the account
of expenses as kept, and the order's 3/4-inch threshold (Resolution No. 7-2011) is a check.
"""

from __future__ import annotations

from typing import Any

from noticeclerk.computations.figures import CaseContext, computation


@computation("luck_sidewalk_order")
def luck_sidewalk_order(case: CaseContext) -> dict[str, Any]:
    """The largest crack or heave, which the order prints as `figures.largest_defect_inches`
    (a declared figure may not take a fact's name)."""
    return {"largest_defect_inches": case.facts["largest_defect_inches"]}
