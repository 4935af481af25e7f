"""The registry of computations, and the shapes of the figures they hand to templates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from noticeclerk.rules.costs import Bill

Computation = Callable[[Mapping[str, Any]], dict[str, Any]]
COMPUTATIONS: dict[str, Computation] = {}


def computation(name: str) -> Callable[[Computation], Computation]:
    """Register a computation under the name a notice definition gives it."""

    def register(function: Computation) -> Computation:
        if name in COMPUTATIONS:
            raise ValueError(f"two computations are named {name!r}")
        COMPUTATIONS[name] = function
        return function

    return register


def bill_context(bill: Bill) -> dict[str, Any]:
    """A bill's lines and total, as the cost table partial prints them."""
    return {
        "lines": [{"description": line.description, "amount": line.amount} for line in bill.lines],
        "total": bill.total,
    }
