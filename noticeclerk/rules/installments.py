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
taking any odd cent), each paid with interest on the balance unpaid during its period: the
first from the date on the Assessment Notice to its due date ((b)3: "the installment shall
include the interest commencing with date shown on the Assessment Notice"), each later one
from the previous due date to its own. The ordinance leaves how the days are counted and how
each installment's interest is rounded to the village, whose file declares both
(`InterestCounting`). Without dates (the elm tax, or a counter estimate) each installment
carries a full year's interest, and the reasoning says so.
"""

from __future__ import annotations

import calendar as gregorian
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from noticeclerk.exceptions import InputError
from noticeclerk.rules.interest import Rate
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
from noticeclerk.rules.periods import Step, on_the_calendar, spell_date

PALMYRA_8_03_3_B_3 = "Palmyra § 8.03(3)(b)3"
PALMYRA_8_03_3_B_4 = "Palmyra § 8.03(3)(b)4"
PALMYRA_8_03_3_B_6 = "Palmyra § 8.03(3)(b)6"
PALMYRA_8_15_6_B = "Palmyra § 8.15(6)(b)"

# § 8.03(3)(b)6: "2 percent over the Village's current borrowing rate".
ASSESSMENT_MARGIN = Decimal(2)
DAYS_IN_YEAR = 365


class DayCount(StrEnum):
    """How the days of an interest period become a fraction of the "annual rate" ((b)6)."""

    # Every period is its actual days over a 365-day year (a year holding February 29 is 366/365).
    ACTUAL_365 = "actual/365"
    # Each whole year of a period (a due date to the same date a year on) is one year; the days
    # left over are counted over a 365-day year.
    YEARS_AND_DAYS_365 = "years+days/365"

    @property
    def words(self) -> str:
        if self is DayCount.ACTUAL_365:
            return "by the day: the actual days of each period over a 365-day year"
        return (
            "by the year: a full year's interest for each whole year of a period, and the "
            "actual days of any part of a year over a 365-day year"
        )


class Rounding(StrEnum):
    """How each installment's interest becomes whole cents."""

    HALF_UP = "half-up"  # to the nearest cent, half a cent up
    DOWN = "down"  # down to the cent: no fraction of a cent is charged

    @property
    def words(self) -> str:
        if self is Rounding.HALF_UP:
            return "to the nearest cent (half a cent up)"
        return "down to the cent"


@dataclass(frozen=True)
class InterestCounting:
    """The village's choices the ordinance leaves open, and where the village declares them."""

    day_count: DayCount
    rounding: Rounding
    declared_in: str

    def step(self) -> Step:
        return Step(
            f"Interest is counted {self.day_count.words}; each installment's interest is "
            f"rounded once, {self.rounding.words}",
            self.declared_in,
        )


@dataclass(frozen=True)
class InstallmentDates:
    """The date on the Assessment Notice and the day the first installment is due."""

    notice_date: date
    first_due: date

    def due(self, number: int) -> date:
        """Installment `number` is due with each year's taxes, a year after the one before."""
        return add_years(self.first_due, number - 1)

    def period(self, number: int) -> tuple[date, date]:
        """The days installment `number` carries interest for: the first from the notice."""
        start = self.notice_date if number == 1 else self.due(number - 1)
        return start, self.due(number)


def check_dates(notice_date: date, first_due: date) -> InstallmentDates:
    """Refuse a first due date that does not come after the Assessment Notice."""
    if first_due <= notice_date:
        raise InputError(
            f"The first installment's due date {first_due.isoformat()} is not after the date on "
            f"the Assessment Notice {notice_date.isoformat()}; interest runs from that date to "
            f"the due date ({PALMYRA_8_03_3_B_3}), so give a due date after it."
        )
    return InstallmentDates(notice_date, first_due)


def counted_as(years: int, odd_days: int) -> str:
    """A period as a fraction of a year: "138/365", "1 year", "1 year + 16/365"."""
    parts = [f"{years} year{'s' if years != 1 else ''}"] if years else []
    if odd_days or not years:
        parts.append(f"{odd_days}/{DAYS_IN_YEAR}")
    return " + ".join(parts)


@dataclass(frozen=True)
class PeriodInterest:
    """Interest on a balance from one date to another, counted and rounded as declared."""

    start: date
    end: date
    counted: str  # the period as a fraction of a year: "138/365", "1 year"
    amount: Decimal
    arithmetic: str  # "$2,394.50 x 5.25% x 138/365 = $47.53"

    @property
    def days(self) -> int:
        return (self.end - self.start).days


def period_interest(
    balance: Decimal, rate: Rate, start: date, end: date, counting: InterestCounting
) -> PeriodInterest:
    """Interest on `balance` from `start` to `end` at the yearly rate, counted and rounded as
    the village declares: the one computation the invoice, `calc installments` and a
    prepayment share."""
    if end < start:
        raise InputError(
            f"The end date {end.isoformat()} is before the start date {start.isoformat()}; "
            "give the dates in order."
        )
    years = 0
    if counting.day_count is DayCount.YEARS_AND_DAYS_365:
        while add_years(start, years + 1) <= end:
            years += 1
    odd_days = (end - add_years(start, years)).days
    fraction = years + Fraction(odd_days, DAYS_IN_YEAR)
    exact = Fraction(balance) * Fraction(rate.percent) / 100 * fraction
    amount = to_cents(exact) if counting.rounding is Rounding.HALF_UP else cents_down(exact)
    counted = counted_as(years, odd_days)
    arithmetic = (
        f"{spell_amount(balance)} x {spell_percent(rate.percent)} x {counted} "
        f"= {spell_amount(amount)}"
    )
    return PeriodInterest(start, end, counted, amount, arithmetic)


def cents_down(value: Fraction) -> Decimal:
    """An exact non-negative amount cut down to the cent."""
    scaled = Fraction(value) * 100
    return (Decimal(scaled.numerator // scaled.denominator) / 100).quantize(Decimal("0.01"))


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


class ElmTaxInterest(StrEnum):
    """How a village reads § 8.15(6)(b)'s "Interest on the deferred payments": the ordinance
    does not say whether the first installment, paid when the tax falls due, is deferred."""

    # Only the installments after the first are deferred, so the first bears no interest.
    DEFERRED_INSTALLMENTS = "deferred_installments"
    # Every installment, the first included, bears a year's interest on the unpaid balance.
    EVERY_INSTALLMENT = "every_installment"

    @property
    def step(self) -> str:
        if self is ElmTaxInterest.DEFERRED_INSTALLMENTS:
            return (
                'Interest is charged "on the deferred payments": the first installment is paid '
                "when the special tax is due and is not deferred, so it bears no interest; each "
                "later installment bears a year's interest on the unpaid balance, as the "
                "Village's file reads the section"
            )
        return (
            "Each installment, the first included, bears a year's interest on the unpaid "
            "balance, as the Village's file reads the section"
        )


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
    # The interest period, when the schedule has dates: from the notice or the previous due
    # date to this installment's due date.
    period: PeriodInterest | None = None

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
    dates: InstallmentDates | None = None
    counting: InterestCounting | None = None

    @property
    def total_interest(self) -> Decimal:
        return sum((i.interest for i in self.installments), Decimal(0))

    @property
    def total_paid(self) -> Decimal:
        return self.principal + self.total_interest

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals, the rate as written, never floats."""
        found: dict[str, object] = {
            "principal": format_amount(self.principal),
            "years": self.years,
            "rate": format_number(self.rate.percent),
            "authority": self.rate.authority,
            "plan": self.plan.value,
        }
        if self.dates is not None and self.counting is not None:
            found |= {
                "notice_date": self.dates.notice_date.isoformat(),
                "first_due": self.dates.first_due.isoformat(),
                "day_count": self.counting.day_count.value,
                "rounding": self.counting.rounding.value,
            }
        found |= {
            "installments": [_installment_json(i) for i in self.installments],
            "total_interest": format_amount(self.total_interest),
            "total_paid": format_amount(self.total_paid),
            "steps": [str(step) for step in self.steps],
        }
        return found

    def balance_after(self, paid: int) -> Decimal:
        """The unpaid principal once the first `paid` installments are paid."""
        if not 0 <= paid <= self.years:
            raise InputError(f"The installments paid must be from 0 to {self.years}; got {paid}.")
        return self.principal if paid == 0 else self.installments[paid - 1].balance


def _installment_json(part: Installment) -> dict[str, object]:
    found: dict[str, object] = {"number": part.number}
    if part.period is not None:
        found |= {
            "from": part.period.start.isoformat(),
            "to": part.period.end.isoformat(),
            "days": part.period.days,
            "counted": part.period.counted,
        }
    return found | {
        "principal": format_amount(part.principal),
        "interest": format_amount(part.interest),
        "payment": format_amount(part.payment),
        "balance": format_amount(part.balance),
    }


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


@on_the_calendar
def installment_schedule(
    principal: Decimal,
    years: int,
    rate: Rate,
    plan: Plan = Plan.ASSESSMENT,
    *,
    dates: InstallmentDates | None = None,
    counting: InterestCounting | None = None,
    elm_tax_interest: ElmTaxInterest | None = None,
) -> Schedule:
    """Equal annual installments of principal, each with interest on the unpaid balance.

    With dates (§ 8.03(3)(b)3), the first installment carries interest from the date on the
    Assessment Notice to its due date and each later one from the previous due date to its
    own, counted and rounded as the village declares (`counting`). Without dates, each carries
    a full year's interest: the example the issue gives, $5,000 over 5 years at 5%, is
    principal of $1,000 a year with interest of $250, $200, $150, $100 and $50.
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
    if dates is not None and plan is not Plan.ASSESSMENT:
        raise InputError(
            f"{PALMYRA_8_15_6_B} states no date the special tax's interest runs from; the "
            f"Assessment Notice date and first due date are the special assessment's "
            f"({PALMYRA_8_03_3_B_3})."
        )
    if dates is not None and counting is None:
        raise InputError(
            "Say how the village counts the days and rounds each installment's interest "
            "(the village's [installments] day_count and rounding)."
        )
    if plan is Plan.ELM_TAX and elm_tax_interest is None:
        raise InputError(
            f'{PALMYRA_8_15_6_B} charges interest "on the deferred payments" and does not say '
            "whether the first installment bears it; the village's file says how it reads the "
            "section ([installments] elm_tax_interest)."
        )
    parts = split_equally(principal, years)
    balance = principal
    installments = []
    for number, part in enumerate(parts, 1):
        period = None
        if dates is not None and counting is not None:
            period = period_interest(balance, rate, *dates.period(number), counting)
            interest = period.amount
        elif number == 1 and elm_tax_interest is ElmTaxInterest.DEFERRED_INSTALLMENTS:
            interest = Decimal("0.00")
        else:
            interest = to_cents(Fraction(balance) * Fraction(rate.percent) / 100)
        balance -= part
        installments.append(Installment(number, part, interest, balance, period))
    if plan is Plan.ASSESSMENT:
        words = '"equal annual installments ... and shall include interest on the unpaid balance"'
    else:
        words = '"yearly installments not exceeding 4 ... interest ... on the unpaid balance"'
    steps = [
        Step(
            f"{spell_amount(principal)} in {years} {words}: {years} equal installments of "
            "principal, the first years taking any odd cent, plus interest",
            plan.authority,
        ),
        Step(f"Interest is {spell_percent(rate.percent)} a year", rate.authority),
    ]
    if dates is not None and counting is not None:
        steps += [
            Step(
                "The first installment includes the interest commencing with the date on the "
                f"Assessment Notice, {spell_date(dates.notice_date)}, to its due date, "
                f"{spell_date(dates.first_due)}; each later installment, due a year after the "
                "one before, includes the interest on the unpaid balance from the previous "
                "due date to its own",
                PALMYRA_8_03_3_B_3,
            ),
            counting.step(),
        ]
        steps += [
            Step(
                f"Installment {i.number}: from {spell_date(i.period.start)} to "
                f"{spell_date(i.period.end)}, {i.period.days} days: {i.period.arithmetic}"
            )
            for i in installments
            if i.period is not None
        ]
    elif elm_tax_interest is not None:
        steps.append(Step(elm_tax_interest.step, PALMYRA_8_15_6_B))
    else:
        steps.append(
            Step(
                "Each installment carries one year's interest on the principal unpaid during "
                "that year, rounded to the cent"
            )
        )
        if plan is Plan.ASSESSMENT:
            steps.append(
                Step(
                    "No dates were given, so the first installment is shown with a full year's "
                    "interest; it carries interest only from the date on the Assessment Notice "
                    "to its due date: give both dates to compute it",
                    PALMYRA_8_03_3_B_3,
                )
            )
    return Schedule(
        principal, years, rate, plan, tuple(installments), tuple(steps), dates, counting
    )


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


@on_the_calendar
def prepayment(schedule: Schedule, paid: int, pay_on: date) -> Prepayment:
    """§ 8.03(3)(b)4: the unpaid balance "with interest to the date of payment".

    Interest on the balance runs from the due date of the last installment paid (each
    installment carries the interest to its own due date), or from the date on the Assessment
    Notice when none was ((b)3), to the payment date, counted and rounded as the schedule's
    installments are.
    """
    if schedule.plan is not Plan.ASSESSMENT:
        raise InputError(
            f"{PALMYRA_8_15_6_B} states no prepayment of the special tax; the prepayment rule "
            f"is the special assessment's ({PALMYRA_8_03_3_B_4})."
        )
    dates, counting = schedule.dates, schedule.counting
    if dates is None or counting is None:
        raise InputError(
            "A prepayment counts interest from the Assessment Notice and the installments' due "
            "dates: give the date on the Assessment Notice and the first installment's due date."
        )
    balance = schedule.balance_after(paid)
    if pay_on < dates.notice_date:
        raise InputError(
            f"The payment date {pay_on.isoformat()} is before the Assessment Notice date "
            f"{dates.notice_date.isoformat()}; give the dates in order."
        )
    if paid == schedule.years:
        raise InputError(
            "All the installments are paid; there is nothing left to prepay "
            f"({PALMYRA_8_03_3_B_4} applies before the final installment becomes due)."
        )
    interest_from = dates.notice_date if paid == 0 else dates.due(paid)
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
        accrued = period_interest(balance, schedule.rate, interest_from, pay_on, counting)
        interest = accrued.amount
        steps += [
            counting.step(),
            Step(
                f"From {spell_date(interest_from)} to {spell_date(pay_on)}, {accrued.days} "
                f"days: {accrued.arithmetic}"
            ),
        ]
    steps.append(
        Step(
            f"To prepay on {spell_date(pay_on)}: {spell_amount(balance)} + "
            f"{spell_amount(interest)} interest = {spell_amount(balance + interest)}",
            PALMYRA_8_03_3_B_4,
        )
    )
    return Prepayment(balance, interest, interest_from, pay_on, tuple(steps))
