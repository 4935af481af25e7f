"""The registry of computations, and the shapes of the figures they hand to templates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import LegalCalendar
from noticeclerk.rules.costs import Bill
from noticeclerk.rules.periods import Deadline

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


@cache
def village_calendar(slug: str) -> LegalCalendar:
    """The legal calendar of a built-in village, for periods a document only recites.

    The built-in letterhead's, not a workspace override's: computations see the case facts
    only, so a workspace's office closures do not reach these recited dates.
    """
    # Imported here: the villages module loads the catalogue, which loads the computations.
    from noticeclerk.content.village import load_village

    return load_village(slug).calendar


def period_context(deadline: Deadline) -> dict[str, Any]:
    """A period as a template prints it: the day (or moment) it ends and the reasons."""
    return {"due": deadline.due, "steps": [str(step) for step in deadline.steps]}


def fact_line_parts(line: str, count: int, fact: str, form: str) -> list[str]:
    """One line of a fact written as '|'-separated parts, exactly `count` of them."""
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != count or not all(parts):
        raise InputError(
            f"The fact '{fact}' has the line '{line}'; write each line as {form} "
            f"({count} parts separated by '|')."
        )
    return parts
