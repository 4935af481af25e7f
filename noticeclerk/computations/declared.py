"""A notice type's declared tables (periods, checks, bills, figures) turned into figures, with no
Python of its own.

Most documents compute the same few things: a period counted on the village's calendar from a
fact ("the seven days after the notice was mailed"), a fact refused when it falls on the wrong
side of a period or a limit ("an appeal served after the seven days does not suspend the
notice"), a bill made of cost lines that must come to more than nothing, and words chosen by a
fact ("affirmed" → "affirmed the notice to repair"). A notice definition declares these as
tables and this module computes them, in that order; a notice type names a Python computation
only for law that tables cannot state (assessment schedules, installment plans).

The tables, as a notice definition writes them:

    [periods.repair_period]              # figures.repair_period = {due, steps}
    kind = "days"                        # the deadline rule vocabulary (rules.deadline_rules)
    count = 7
    from = "notice_mailed"               # a date or date-time fact of the notice

    [[checks]]                           # refuse the case unless the comparison holds
    fact = "appeal_served"
    not_after = "repair_period"          # a fact, a period, or for amounts a figure in quotes
    says = "The appeal was served on {appeal_served}, after {repair_period}."

    [bills.charges]                      # figures.charges = {lines, total}
    authority = "Tuckahoe § 19-34(b)"
    lines = "costs"                      # a cost_lines fact, each line as the clerk gave it
    groups = [{lines = "labor", label = "Labor"}]      # lines printed "Labor: ..."
    items = [{description = "Permit fee ({fee_resolution})", amount = "board_fee"}]
    percent = {rate = "20", description = "Administration, 20% of {subtotal}"}

    [figures.decision]                   # figures.decision = the words for the fact's value
    choose_by = "outcome"
    words = {affirmed = "affirmed the notice to repair", modified = "modified it"}

A period may also count from a period declared before it (`from = "first_thirty_days"`); a
check may compare amounts strictly (`more_than`, `less_than`), accept true or false in
`one_of`, and apply only `when = {outcome = "granted"}`; a figure may copy a fact under the
fact's own name, spelled as a number (`[figures.width] fact = "width"`, `spell = "number"`),
or choose words under the name of the fact it chooses by.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, period_context
from noticeclerk.exceptions import InputError
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.deadline_rules import DeadlineRule
from noticeclerk.rules.money import check_cents, percent_of, spell_amount, spell_number
from noticeclerk.rules.periods import Deadline, local_day, spell_date, spell_datetime

# The comparisons a check may make: of days and moments, of amounts and numbers, of values.
COMPARISONS = (
    "not_before",
    "not_after",
    "before",
    "after",
    "at_least",
    "at_most",
    "more_than",
    "less_than",
    "one_of",
)
AMOUNT_COMPARISONS = ("at_least", "at_most", "more_than", "less_than")
# "{name}" in a check's sentence: a fact, a period or a figure, spelled as a document prints it.
PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


@dataclass(frozen=True)
class Check:
    """One refusal the ordinance requires: `fact` must stand in `comparison` to `operand`."""

    fact: str
    comparison: str
    operand: str | tuple[str | bool, ...]
    says: str
    # The check applies only when each of these facts has this value ({outcome = "granted"}).
    when: Mapping[str, str | bool] = field(default_factory=dict)


@dataclass(frozen=True)
class BillItem:
    """A bill line whose amount is a money fact, and its words (which may name facts)."""

    description: str
    amount: str


@dataclass(frozen=True)
class Percent:
    """A line adding a stated percentage of the lines before it ("plus 20% for administration")."""

    rate: Decimal
    description: str


@dataclass(frozen=True)
class DeclaredBill:
    """A bill: the lines of cost_lines facts, fixed items and a percentage, under one authority."""

    authority: str
    lines: str | None
    items: tuple[BillItem, ...]
    refuse_nothing: str | None
    # Further cost_lines facts, each line printed after its label ("Labor: ...").
    groups: tuple[tuple[str, str], ...] = ()
    percent: Percent | None = None


@dataclass(frozen=True)
class Choice:
    """Words chosen by the value of a fact."""

    choose_by: str
    words: Mapping[str, str]


@dataclass(frozen=True)
class Copy:
    """A fact printed as it is, or spelled as a sentence prints a number ("2.5", "1,000")."""

    fact: str
    spell_number: bool = False


@dataclass(frozen=True)
class Declared:
    """Everything a notice definition declares to be computed, in the order it is computed."""

    periods: Mapping[str, DeadlineRule]
    checks: tuple[Check, ...]
    bills: Mapping[str, DeclaredBill]
    figures: Mapping[str, Choice | Copy]
    # The kind of each fact (money, number, date...), so a sentence spells it rightly.
    kinds: Mapping[str, str]


NOTHING = Declared({}, (), {}, {}, {})


def compute_declared(declared: Declared, case: CaseContext) -> dict[str, Any]:
    """The figures a notice type declares, or InputError with the sentence of the first refusal."""
    # A period counts from a fact (or, failing that, an event of the same name), or from the
    # end of a period declared before it.
    anchors = {**case.events, **{k: v for k, v in case.facts.items() if isinstance(v, date)}}
    periods: dict[str, Deadline] = {}
    for name, rule in declared.periods.items():
        periods[name] = rule.deadline(case.village.calendar, anchors, case.facts)
        anchors[name] = periods[name].due
    values: dict[str, Any] = {**case.facts, **periods}
    for check in declared.checks:
        if any(case.facts[name] != value for name, value in check.when.items()):
            continue
        if not _holds(check, values, case):
            raise InputError(_spell(check.says, values, declared.kinds, case))
    figures: dict[str, Any] = {name: period_context(due) for name, due in periods.items()}
    for name, bill in declared.bills.items():
        made = _bill(bill, values, declared.kinds, case)
        figures[name] = bill_context(made)
    for name, figure in declared.figures.items():
        if isinstance(figure, Choice):
            chosen = case.facts[figure.choose_by]
            if chosen not in figure.words:
                raise InputError(
                    f"The fact '{figure.choose_by}' must be one of: "
                    f"{', '.join(figure.words)}; got {chosen!r}."
                )
            figures[name] = figure.words[chosen]
        elif figure.spell_number:
            figures[name] = spell_number(Decimal(case.facts[figure.fact]))
        else:
            figures[name] = case.facts[figure.fact]
    return figures


def _holds(check: Check, values: Mapping[str, Any], case: CaseContext) -> bool:
    value = _comparable(values[check.fact])
    if check.comparison == "one_of":
        return value in check.operand
    assert isinstance(check.operand, str)
    if check.comparison in AMOUNT_COMPARISONS:
        limit = _amount(values[check.operand]) if check.operand in values else check.operand
        amount, bound = _amount(value), _amount(limit)
        return {
            "at_least": amount >= bound,
            "at_most": amount <= bound,
            "more_than": amount > bound,
            "less_than": amount < bound,
        }[check.comparison]
    other = _comparable(values[check.operand])
    if not (isinstance(value, datetime) and isinstance(other, datetime)):
        # A date against a moment compares the village's calendar days.
        value, other = (
            local_day(case.village.calendar, value),
            local_day(case.village.calendar, other),
        )
    return {
        "not_before": value >= other,
        "not_after": value <= other,
        "before": value < other,
        "after": value > other,
    }[check.comparison]


def _comparable(value: Any) -> Any:
    return value.due if isinstance(value, Deadline) else value


def _amount(value: Any) -> Decimal:
    try:
        return Decimal(str(value).replace(",", "").removeprefix("$"))
    except InvalidOperation:
        raise InputError(f"{value!r} is not an amount.") from None


def _bill(
    bill: DeclaredBill, values: Mapping[str, Any], kinds: Mapping[str, str], case: CaseContext
) -> Bill:
    # The plain lines are a group without a label.
    groups: tuple[tuple[str, str | None], ...] = (
        ((bill.lines, None), *bill.groups) if bill.lines else bill.groups
    )
    lines = [
        BillLine(
            f"{label}: {line['description']}" if label else line["description"],
            check_cents(line["amount"], f"The cost '{line['description']}'"),
            bill.authority,
        )
        for fact, label in groups
        for line in case.facts[fact]
    ]
    lines += [
        BillLine(
            _spell(item.description, values, kinds, case),
            check_cents(case.facts[item.amount], f"The amount '{item.amount}'"),
            bill.authority,
        )
        for item in bill.items
    ]
    if bill.percent is not None and lines:
        subtotal = sum((line.amount for line in lines), Decimal(0))
        words = _spell(
            bill.percent.description,
            {**values, "subtotal": subtotal},
            {**kinds, "subtotal": "money"},
            case,
        )
        lines.append(BillLine(words, percent_of(subtotal, bill.percent.rate), bill.authority))
    made = Bill(tuple(lines))
    if made.total <= 0:
        raise InputError(
            _spell(bill.refuse_nothing, values, kinds, case)
            if bill.refuse_nothing
            else f"The costs add up to nothing; a bill under {bill.authority} needs the costs "
            "the Village incurred."
        )
    return made


def _spell(
    sentence: str, values: Mapping[str, Any], kinds: Mapping[str, str], case: CaseContext
) -> str:
    return PLACEHOLDER.sub(
        lambda match: _spell_value(values[match[1]], kinds.get(match[1], ""), case), sentence
    )


def _spell_value(value: Any, kind: str, case: CaseContext) -> str:
    """A fact or period as a document's sentence prints it: dates in words, money in dollars."""
    value = _comparable(value)
    if isinstance(value, datetime):
        return spell_datetime(value.astimezone(case.village.timezone))
    if isinstance(value, date):
        return spell_date(value)
    if isinstance(value, Decimal) and kind == "money":
        return spell_amount(value)
    if isinstance(value, Decimal):
        return spell_number(value)
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)
