"""Work the Village did, turned into a bill whose every line cites the ordinance allowing it.

- Village A § 134-45A-B (section number inferred from the ordinance's cross-references):
  employees' time with fringe benefits, administrative time at $500 or actual time, General
  Counsel at the non-retainer hourly rate, and the actual cost of work "effectuated through
  a third party".
- Luck § 496-6: "bill the permittee for all labor, materials and equipment used plus 20%
  for administration".
- Village B (D): "the amount of the expense incurred, together with a penalty and
  administrative fee of 10%".

Each line is rounded once, half-up, to the cent, and the total is the sum of the lines as
printed, so the bill adds up on paper.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from noticeclerk.exceptions import InputError
from noticeclerk.rules.money import (
    check_cents,
    check_measure,
    check_percent,
    percent_of,
    spell_amount,
    spell_number,
    spell_percent,
    to_cents,
)

VILLAGE_A_134_45 = "Village A § 134-45"
VILLAGE_A_NOTE = "section number inferred"
VILLAGE_A_ADMIN_FLAT = Decimal("500.00")  # § 134-45B(1): "may be set at either $500"
LUCK_ADMIN_PERCENT = Decimal(20)  # § 496-6: "plus 20% for administration"
VILLAGE_B_PENALTY_PERCENT = Decimal(10)  # (D): "a penalty and administrative fee of 10%"


def _village_a(subsection: str) -> str:
    return f"{VILLAGE_A_134_45}{subsection}, {VILLAGE_A_NOTE}"


@dataclass(frozen=True)
class BillLine:
    """One line of a bill: what it is for, the amount, and the section allowing it."""

    description: str
    amount: Decimal
    authority: str


@dataclass(frozen=True)
class Bill:
    """A bill's lines, in order; the total is their sum."""

    lines: tuple[BillLine, ...]

    @property
    def total(self) -> Decimal:
        return sum((line.amount for line in self.lines), Decimal("0.00"))


@dataclass(frozen=True)
class EmployeeTime:
    """One Village employee's time on the matter, at salary plus fringe benefits.

    `fringe_rate_percent` is the cost of fringe benefits as a percentage of salary, "as
    calculated by the Village Clerk" (§ 134-45B(1)).
    """

    name: str
    hours: Decimal
    hourly_salary: Decimal
    fringe_rate_percent: Decimal


@dataclass(frozen=True)
class CostItem:
    """An actual cost: a contractor's invoice, materials, equipment or labor already priced."""

    description: str
    amount: Decimal


def employee_cost(time: EmployeeTime) -> Decimal:
    """§ 134-45B(1): hours x hourly salary x (1 + fringe-benefit rate), rounded to the cent."""
    hours = check_measure(time.hours, f"{time.name}'s hours")
    salary = check_cents(time.hourly_salary, f"{time.name}'s hourly salary")
    fringe = check_percent(time.fringe_rate_percent, f"{time.name}'s fringe-benefit rate")
    return to_cents(Fraction(hours) * Fraction(salary) * (1 + Fraction(fringe) / 100))


def _employee_line(time: EmployeeTime, kind: str) -> BillLine:
    amount = employee_cost(time)
    return BillLine(
        f"{kind}: {time.name}, {spell_number(time.hours)} h x "
        f"{spell_amount(time.hourly_salary)} x (1 + {spell_percent(time.fringe_rate_percent)} "
        "fringe benefits)",
        amount,
        _village_a("B(1)"),
    )


def _items(items: Sequence[CostItem], kind: str, authority: str) -> list[BillLine]:
    lines = []
    for item in items:
        amount = check_cents(item.amount, f"The {kind.lower()} '{item.description}'")
        lines.append(BillLine(f"{kind}: {item.description}", amount, authority))
    return lines


def village_a_maintenance_bill(
    *,
    labor: Sequence[EmployeeTime] = (),
    administrative_flat: bool = False,
    administrative_time: Sequence[EmployeeTime] = (),
    counsel_hours: Decimal = Decimal(0),
    counsel_hourly_rate: Decimal | None = None,
    contractors: Sequence[CostItem] = (),
    materials_and_equipment: Sequence[CostItem] = (),
) -> Bill:
    """Village A § 134-45A-B: the cost of private-street maintenance the Village did.

    B(1): "The total cost to the Village of its employees' time, administrative and labor,
    including salary, plus the cost of fringe benefits ... as calculated by the Village
    Clerk. The administrative time may be set at either $500 or based upon the actual time
    spent on the matter"; B(2): "The cost of the Village's General Counsel at its
    non-retainer hourly rate"; A: work "effectuated through a third party" and the rest of
    "the actual cost thereof" (materials and equipment) at actual cost.
    """
    if administrative_flat and administrative_time:
        raise InputError(
            "Set the administrative time at $500 or at the actual time spent, not both "
            f"({_village_a('B(1)')})."
        )
    lines = [_employee_line(time, "Labor") for time in labor]
    if administrative_flat:
        lines.append(
            BillLine("Administrative time, set at $500", VILLAGE_A_ADMIN_FLAT, _village_a("B(1)"))
        )
    lines += [_employee_line(time, "Administrative time") for time in administrative_time]
    hours = check_measure(counsel_hours, "The General Counsel's hours")
    if hours:
        if counsel_hourly_rate is None:
            raise InputError(
                "Give the General Counsel's non-retainer hourly rate for the counsel's hours "
                f"({_village_a('B(2)')})."
            )
        rate = check_cents(counsel_hourly_rate, "The General Counsel's non-retainer hourly rate")
        lines.append(
            BillLine(
                f"General Counsel: {spell_number(hours)} h x {spell_amount(rate)} "
                "non-retainer hourly rate",
                to_cents(Fraction(hours) * Fraction(rate)),
                _village_a("B(2)"),
            )
        )
    lines += _items(contractors, "Third-party contractor", _village_a("A"))
    lines += _items(materials_and_equipment, "Materials and equipment", _village_a("A"))
    if not lines:
        raise InputError("The bill has no lines; give the time, counsel or costs it is for.")
    return Bill(tuple(lines))


def luck_faulty_work_bill(
    *,
    labor: Sequence[CostItem] = (),
    materials: Sequence[CostItem] = (),
    equipment: Sequence[CostItem] = (),
) -> Bill:
    """Luck § 496-6: the Village repairs a permittee's faulty work and bills "for all labor,
    materials and equipment used plus 20% for administration"."""
    authority = "Luck § 496-6"
    lines = (
        _items(labor, "Labor", authority)
        + _items(materials, "Materials", authority)
        + _items(equipment, "Equipment", authority)
    )
    if not lines:
        raise InputError("The bill has no labor, materials or equipment to charge for.")
    used = sum((line.amount for line in lines), Decimal(0))
    lines.append(
        BillLine(
            f"Administration, 20% of {spell_amount(used)}",
            percent_of(used, LUCK_ADMIN_PERCENT),
            authority,
        )
    )
    return Bill(tuple(lines))


def village_b_special_assessment(expense: Decimal) -> Bill:
    """Village B (D): an unpaid bill levied "together with a penalty and administrative fee of
    10%" as a special assessment."""
    authority = "Village B ordinance, division (D)"
    amount = check_cents(expense, "The expense incurred")
    return Bill(
        (
            BillLine("Expense incurred (unpaid bill)", amount, authority),
            BillLine(
                f"Penalty and administrative fee, 10% of {spell_amount(amount)}",
                percent_of(amount, VILLAGE_B_PENALTY_PERCENT),
                authority,
            ),
        )
    )
