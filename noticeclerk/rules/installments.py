"""A special assessment or special tax, turned into equal annual installments and a prepayment.

Palmyra § 8.03(3)(b)3: "payment of the full assessment may be made in installments over a
period established by the Village Board but not to exceed 10 years. On a multiyear plan the
full amount of the assessment shall be paid in equal annual installments with real estate
taxes and shall include interest on the unpaid balance." § 8.03(3)(b)6 (the text numbers
it 6; there is no paragraph 5): "The interest rate charged by the Village shall be 2 percent
over the Village's current borrowing rate at the time of imposing the special assessment."
§ 8.03(3)(b)4: "payment in full of the unpaid assessment balance with interest to the date
of payment may be made at any time before the final installment becomes due."

Palmyra § 8.15(6)(b), a special tax for removing an elm with Dutch elm disease: "may be
paid in yearly installments not exceeding 4 yearly installments ... Interest on the
deferred payments shall be at the rate of 10% on the unpaid balance."

The equal installments are installments of principal (split to the cent, the first years
taking any odd cent), each paid with one year's interest on the balance unpaid during that
year, the years counted from the date on the Assessment Notice.
"""

from __future__ import annotations

import calendar as gregorian
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from noticeclerk.exceptions import InputError
from noticeclerk.rules.interest import Rate, simple_interest
from noticeclerk.rules.money import (
    check_cents,
    check_percent,
    format_amount,
    format_number,
    spell_amount,
    spell_percent,
    split_equally,
    to_cents,
)
from noticeclerk.rules.periods import Step, spell_date

PALMYRA_8_03_3_B_3 = "Palmyra § 8.03(3)(b)3"
PALMYRA_8_03_3_B_4 = "Palmyra § 8.03(3)(b)4"
PALMYRA_8_03_3_B_6 = "Palmyra § 8.03(3)(b)6"
PALMYRA_8_15_6_B = "Palmyra § 8.15(6)(b)"

# § 8.03(3)(b)6: "2 percent over the Village's current borrowing rate".
ASSESSMENT_MARGIN = Decimal(2)


class Plan(StrEnum):
    """The installment plans the ordinances allow."""

    ASSESSMENT = "assessment"  # Palmyra § 8.03(3)(b)
    ELM_TAX = "elm-tax"  # Palmyra § 8.15(6)(b)

    @property
    def max_years(self) -> int:
        return 10 if self is Plan.ASSESSMENT else 4

    @property
    def authority(self) -> str:
        return PALMYRA_8_03_3_B_3 if self is Plan.ASSESSMENT else PALMYRA_8_15_6_B

    @property
    def fixed_rate(self) -> Rate | None:
        """§ 8.15(6)(b) fixes its rate; § 8.03(3)(b)6 leaves it to the borrowing rate."""
        if self is Plan.ELM_TAX:
            return Rate(Decimal(10), f'{PALMYRA_8_15_6_B}: "at the rate of 10%"')
        return None


def assessment_rate(borrowing_percent: Decimal) -> Rate:
    """§ 8.03(3)(b)6: the Village's current borrowing rate plus 2 percentage points."""
    check_percent(borrowing_percent, "The Village's borrowing rate")
    percent = check_percent(borrowing_percent + ASSESSMENT_MARGIN, "The assessment rate")
    return Rate(
        percent,
        f"{PALMYRA_8_03_3_B_6}: the borrowing rate of {spell_percent(borrowing_percent)} "
        f"plus 2 percent",
    )


@dataclass(frozen=True)
class Installment:
    """One year's installment: its principal, the interest on the unpaid balance, the total."""

    number: int
    principal: Decimal
    interest: Decimal
    balance: Decimal  # unpaid principal after this installment

    @property
    def payment(self) -> Decimal:
        return self.principal + self.interest


@dataclass(frozen=True)
class Schedule:
    """The installments of one assessment, with the reasoning."""

    principal: Decimal
    years: int
    rate: Rate
    plan: Plan
    installments: tuple[Installment, ...]
    steps: tuple[Step, ...]

    @property
    def total_interest(self) -> Decimal:
        return sum((i.interest for i in self.installments), Decimal(0))

    @property
    def total_paid(self) -> Decimal:
        return self.principal + self.total_interest

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals, the rate as written, never floats."""
        return {
            "principal": format_amount(self.principal),
            "years": self.years,
            "rate": format_number(self.rate.percent),
            "authority": self.rate.authority,
            "plan": self.plan.value,
            "installments": [
                {
                    "number": i.number,
                    "principal": format_amount(i.principal),
                    "interest": format_amount(i.interest),
                    "payment": format_amount(i.payment),
                    "balance": format_amount(i.balance),
                }
                for i in self.installments
            ],
            "total_interest": format_amount(self.total_interest),
            "total_paid": format_amount(self.total_paid),
            "steps": [str(step) for step in self.steps],
        }

    def balance_after(self, paid: int) -> Decimal:
        """The unpaid principal once the first `paid` installments are paid."""
        if not 0 <= paid <= self.years:
            raise InputError(f"The installments paid must be from 0 to {self.years}; got {paid}.")
        return self.principal if paid == 0 else self.installments[paid - 1].balance


def check_years(years: int, plan: Plan) -> int:
    """Refuse a plan longer than its ordinance allows, citing it."""
    if isinstance(years, bool) or not isinstance(years, int) or years < 1:
        raise InputError(f"The number of years must be a whole number of at least 1; got {years}.")
    if years > plan.max_years:
        if plan is Plan.ASSESSMENT:
            raise InputError(
                f"{years} years is too long: installments of a special assessment may not "
                f"exceed 10 years ({PALMYRA_8_03_3_B_3})."
            )
        raise InputError(
            f"{years} years is too long: the special tax may be paid in not more than 4 "
            f"yearly installments ({PALMYRA_8_15_6_B})."
        )
    return years


def installment_schedule(
    principal: Decimal, years: int, rate: Rate, plan: Plan = Plan.ASSESSMENT
) -> Schedule:
    """Equal annual installments of principal, each with a year's interest on the balance.

    The example the issue gives: $5,000 over 5 years at 5% is principal of $1,000 a year
    with interest of $250, $200, $150, $100 and $50 -- payments of $1,250 down to $1,050.
    """
    check_cents(principal, "The principal")
    check_years(years, plan)
    check_percent(rate.percent, "The interest rate")
    fixed = plan.fixed_rate
    if fixed is not None and rate.percent != fixed.percent:
        raise InputError(
            f"The special tax bears interest at {spell_percent(fixed.percent)} "
            f"({PALMYRA_8_15_6_B}); leave out the rate."
        )
    parts = split_equally(principal, years)
    balance = principal
    installments = []
    for number, part in enumerate(parts, 1):
        interest = to_cents(Fraction(balance) * Fraction(rate.percent) / 100)
        balance -= part
        installments.append(Installment(number, part, interest, balance))
    if plan is Plan.ASSESSMENT:
        words = '"equal annual installments ... and shall include interest on the unpaid balance"'
    else:
        words = '"yearly installments not exceeding 4 ... interest ... on the unpaid balance"'
    steps = (
        Step(
            f"{spell_amount(principal)} in {years} {words}: {years} equal installments of "
            "principal, the first years taking any odd cent",
            plan.authority,
        ),
        Step(f"Interest is {spell_percent(rate.percent)} a year", rate.authority),
        Step(
            "Each installment carries one year's interest on the principal unpaid during "
            "that year, rounded to the cent"
        ),
    )
    return Schedule(principal, years, rate, plan, tuple(installments), steps)


def add_years(day: date, years: int) -> date:
    """The same day `years` later; February 29 becomes February 28 in a common year."""
    year = day.year + years
    last = gregorian.monthrange(year, day.month)[1]
    return day.replace(year=year, day=min(day.day, last))


@dataclass(frozen=True)
class Prepayment:
    """What pays off an installment assessment on a day (§ 8.03(3)(b)4)."""

    balance: Decimal
    interest: Decimal
    interest_from: date
    pay_on: date
    steps: tuple[Step, ...]

    @property
    def total(self) -> Decimal:
        return self.balance + self.interest

    def to_json(self) -> dict[str, object]:
        return {
            "pay_on": self.pay_on.isoformat(),
            "balance": format_amount(self.balance),
            "interest_from": self.interest_from.isoformat(),
            "interest": format_amount(self.interest),
            "total": format_amount(self.total),
            "steps": [str(step) for step in self.steps],
        }


def prepayment(schedule: Schedule, notice_date: date, paid: int, pay_on: date) -> Prepayment:
    """§ 8.03(3)(b)4: the unpaid balance "with interest to the date of payment".

    Interest on the balance runs from the end of the last year whose installment was paid
    (the date on the Assessment Notice when none was: "the installment shall include the
    interest commencing with date shown on the Assessment Notice", (b)3) to the payment
    date, simple interest over a 365-day year.
    """
    if schedule.plan is not Plan.ASSESSMENT:
        raise InputError(
            f"{PALMYRA_8_15_6_B} states no prepayment of the special tax; the prepayment rule "
            f"is the special assessment's ({PALMYRA_8_03_3_B_4})."
        )
    balance = schedule.balance_after(paid)
    if pay_on < notice_date:
        raise InputError(
            f"The payment date {pay_on.isoformat()} is before the Assessment Notice date "
            f"{notice_date.isoformat()}; give the dates in order."
        )
    if paid == schedule.years:
        raise InputError(
            "All the installments are paid; there is nothing left to prepay "
            f"({PALMYRA_8_03_3_B_4} applies before the final installment becomes due)."
        )
    interest_from = add_years(notice_date, paid)
    steps = [
        Step(
            f"After {paid} installment{'s' if paid != 1 else ''} paid, the unpaid balance is "
            f"{spell_amount(balance)}",
            PALMYRA_8_03_3_B_4,
        )
    ]
    if pay_on <= interest_from:
        interest = Decimal("0.00")
        steps.append(
            Step(
                f"The installments paid carry interest through {spell_date(interest_from)}, "
                f"so no further interest is due on {spell_date(pay_on)}"
            )
        )
    else:
        accrued = simple_interest(balance, schedule.rate, interest_from, pay_on)
        interest = accrued.amount
        steps.extend(accrued.steps[1:])
    steps.append(
        Step(
            f"To prepay on {spell_date(pay_on)}: {spell_amount(balance)} + "
            f"{spell_amount(interest)} interest = {spell_amount(balance + interest)}",
            PALMYRA_8_03_3_B_4,
        )
    )
    return Prepayment(balance, interest, interest_from, pay_on, tuple(steps))
