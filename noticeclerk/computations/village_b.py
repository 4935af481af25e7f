"""Village B's case facts, turned into the figures its statement of charges prints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from noticeclerk.computations.figures import bill_context, computation
from noticeclerk.rules.costs import Bill, BillLine, village_b_special_assessment
from noticeclerk.rules.money import to_cents


@computation("village_b_statement")
def village_b_statement(facts: Mapping[str, Any]) -> dict[str, Any]:
    """Village B (C)-(D): the certified cost per parcel, and what an unpaid statement becomes.

    The statement lists the costs the Village Clerk certified; if unpaid, (D) lets the Council
    levy the expense "together with a penalty and administrative fee of 10%".
    """
    charges = Bill(
        tuple(
            BillLine(
                line["description"], to_cents(line["amount"]), "Village B ordinance, division (C)"
            )
            for line in facts["certified_costs"]
        )
    )
    assessment = village_b_special_assessment(charges.total)
    return {"charges": bill_context(charges), "special_assessment": bill_context(assessment)}
