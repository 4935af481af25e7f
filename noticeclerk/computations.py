"""Case facts, turned into the amounts a document prints, by the money engine.

A notice definition names its computation (`computation = "..."`); the computation takes the
case's facts and returns the figures the template prints. Templates never do arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from noticeclerk.rules.costs import Bill, BillLine, village_b_special_assessment
from noticeclerk.rules.money import to_cents

Computation = Callable[[Mapping[str, Any]], dict[str, Any]]


def _bill_context(bill: Bill) -> dict[str, Any]:
    return {
        "lines": [{"description": line.description, "amount": line.amount} for line in bill.lines],
        "total": bill.total,
    }


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
    return {"charges": _bill_context(charges), "special_assessment": _bill_context(assessment)}


COMPUTATIONS: dict[str, Computation] = {"village_b_statement": village_b_statement}
