"""A principal, a yearly rate and two dates, turned into simple interest and a payoff amount.

Interest is simple, per annum, on the actual days from the start date to the end date over a
365-day year, computed exactly and rounded once, half-up, to the cent. The rate is the one
the ordinance names:

- Village A § 134-45D (section number inferred): "interest shall be charged at the accrued
  legal rate of interest per annum from the date of the completion of the work or for the
  Village's payment for such work". New York's rate of interest is N.Y. CPLR 5004(a):
  "nine per centum per annum, except where otherwise provided by statute".
- Tuckahoe § 19-34(b): the snow-removal charge "shall bear interest at the same rate as
  taxes" -- the village's rate for late real property taxes, from its letterhead.
- Wisconsin's legal rate, Wis. Stat. § 138.04: "$5 upon the $100 for one year".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Jurisdiction
from noticeclerk.rules.money import (
    check_cents,
    check_percent,
    format_amount,
    format_number,
    spell_amount,
    spell_percent,
    to_cents,
)
from noticeclerk.rules.periods import Step, spell_date

DAYS_IN_YEAR = 365


@dataclass(frozen=True)
class Rate:
    """A yearly interest rate in percent and the law that sets it."""

    percent: Decimal
    authority: str


# The default legal rates, from the statutes; a letterhead may set another (for example
# CPLR 5004(a)'s 2% on a consumer debt owed by a natural person).
LEGAL_RATES = {
    Jurisdiction.NY: Rate(Decimal(9), "N.Y. CPLR 5004(a)"),
    Jurisdiction.WI: Rate(Decimal(5), "Wis. Stat. § 138.04"),
}


@dataclass(frozen=True)
class Provision:
    """A section of an ordinance and the words of it a calculation rests on."""

    authority: str
    words: str


@dataclass(frozen=True)
class Interest:
    """Simple interest on a principal between two dates, with the reasoning."""

    principal: Decimal
    rate: Rate
    start: date
    end: date
    amount: Decimal
    steps: tuple[Step, ...]

    @property
    def days(self) -> int:
        return (self.end - self.start).days


@dataclass(frozen=True)
class Payoff:
    """What clears a lien on a day: principal, interest to that day, and collection costs."""

    interest: Interest
    costs: Decimal

    @property
    def principal(self) -> Decimal:
        return self.interest.principal

    @property
    def total(self) -> Decimal:
        return self.interest.principal + self.interest.amount + self.costs

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals, the rate as written, never floats."""
        return {
            "principal": format_amount(self.principal),
            "from": self.interest.start.isoformat(),
            "to": self.interest.end.isoformat(),
            "days": self.interest.days,
            "rate": format_number(self.interest.rate.percent),
            "authority": self.interest.rate.authority,
            "interest": format_amount(self.interest.amount),
            "costs": format_amount(self.costs),
            "payoff": format_amount(self.total),
            "steps": [str(step) for step in self.steps],
        }

    @property
    def steps(self) -> tuple[Step, ...]:
        return (
            *self.interest.steps,
            Step(
                f"Payoff as of {spell_date(self.interest.end)}: principal "
                f"{spell_amount(self.principal)} + interest {spell_amount(self.interest.amount)}"
                f" + costs {spell_amount(self.costs)} = {spell_amount(self.total)}"
            ),
        )


def simple_interest(principal: Decimal, rate: Rate, start: date, end: date) -> Interest:
    """Interest = principal x rate x actual days / 365, rounded once half-up to the cent."""
    check_cents(principal, "The principal")
    check_percent(rate.percent, "The interest rate")
    if end < start:
        raise InputError(
            f"The end date {end.isoformat()} is before the start date {start.isoformat()}; "
            "give the dates in order."
        )
    days = (end - start).days
    exact = Fraction(principal) * Fraction(rate.percent) / 100 * days / DAYS_IN_YEAR
    amount = to_cents(exact)
    steps = (
        Step(f"The rate is {spell_percent(rate.percent)} a year", rate.authority),
        Step(
            f"From {spell_date(start)} to {spell_date(end)} is {days} "
            f"day{'s' if days != 1 else ''}, counted as {days}/{DAYS_IN_YEAR} of a year"
        ),
        Step(
            f"{spell_amount(principal)} x {spell_percent(rate.percent)} x {days}/{DAYS_IN_YEAR} "
            f"= {spell_amount(amount)} simple interest, rounded once to the cent"
        ),
    )
    return Interest(principal, rate, start, end, amount, steps)


def payoff(
    principal: Decimal, rate: Rate, start: date, as_of: date, costs: Decimal = Decimal(0)
) -> Payoff:
    """Village A § 134-45D: "principal and interest, plus the costs and expenses, including
    attorneys' fees, if any, for collection" -- the amount a lien payoff letter states."""
    check_cents(costs, "The collection costs")
    return Payoff(simple_interest(principal, rate, start, as_of), costs)
