"""A case, as computations see it, and the shapes of the figures they hand to templates."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from noticeclerk.content.roll import Parcel, Share
from noticeclerk.content.village import Officer, Village
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import check_cents
from noticeclerk.rules.periods import Deadline


@dataclass(frozen=True)
class CaseContext:
    """What a computation sees of one document's case: typed, never bare dicts.

    The facts are those the notice type declares, already checked and typed; the events are
    what happened and when; the village is the one the document is issued in (a workspace's
    own calendar and rates included); `today` is the document's date, the only clock a
    computation may read.
    """

    facts: Mapping[str, Any]
    events: Mapping[str, date | datetime]
    village: Village
    today: date
    parcels: tuple[Parcel, ...] = ()
    # What the notice definition declared and the engine computed first (periods, bills), so
    # a Python computation builds on them rather than counting them again.
    declared: Mapping[str, Any] = field(default_factory=dict)
    # This property's place among several sharing one cost (Village A § 134-45F), or None.
    share: Share | None = None
    # The officer who signs the document (a report made by the officer a resolution directs),
    # or None where a computation runs with no document to sign (a calculation at the counter).
    signer: Officer | None = None


Computation = Callable[[CaseContext], dict[str, Any]]
COMPUTATIONS: dict[str, Computation] = {}


# The facts whose lines a computation parses ("name | hours | rate | fringe"), by computation
# and fact: the computation's own parser, run when the fact is recorded, so that a mistyped
# line is refused then (at the desk, next to its field), not when the document is issued.
FACT_LINES: dict[tuple[str, str], Callable[[Any], object]] = {}


def check_fact_lines(computations: Iterable[str | None], fact: str, value: Any) -> None:
    """Parse a recorded fact as each computation that reads it would; InputError if one
    cannot."""
    for name in dict.fromkeys(computations):
        parser = FACT_LINES.get((name or "", fact))
        if parser is not None:
            parser(value)


def computation(name: str) -> Callable[[Computation], Computation]:
    """Register a computation under the name a notice definition gives it."""

    def register(function: Computation) -> Computation:
        if name in COMPUTATIONS:
            raise ValueError(f"two computations are named {name!r}")
        COMPUTATIONS[name] = function
        return function

    return register


def cost_bill(lines: Sequence[Mapping[str, Any]], authority: str, refusal: str) -> Bill:
    """A cost_lines fact as a bill under one authority, refused with `refusal` when it comes to
    nothing (an assessment or a schedule of no cost is no document)."""
    bill = Bill(
        tuple(
            BillLine(
                line["description"],
                check_cents(line["amount"], f"The cost '{line['description']}'"),
                authority,
            )
            for line in lines
        )
    )
    if bill.total <= 0:
        raise InputError(refusal)
    return bill


def bill_context(bill: Bill) -> dict[str, Any]:
    """A bill's lines and total, as the cost table partial prints them."""
    return {
        "lines": [{"description": line.description, "amount": line.amount} for line in bill.lines],
        "total": bill.total,
    }


def period_context(deadline: Deadline) -> dict[str, Any]:
    """A period as a template prints it: the day (or moment) it ends and the reasons."""
    return {"due": deadline.due, "steps": [str(step) for step in deadline.steps]}


def fact_line_parts(line: str, count: int, fact: str, form: str) -> list[str]:
    """One line of a fact written as '|'-separated parts, exactly `count` of them."""
    parts = [part.strip() for part in line.split("|")]
    if len(parts) != count or not all(parts):
        raise InputError(
            f"The fact '{fact}' has the line '{quoted_back(line)}'; write each line as {form} "
            f"({count} parts separated by '|')."
        )
    return parts
