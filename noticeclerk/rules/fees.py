"""A village's fee rules and a permit's facts, turned into the fee, bond or deposit refund owed.

Each village's letterhead.toml states its fee rules under [fee_rules]: each names a KIND of
computation from the small vocabulary below (FEE_KINDS) with the amounts, sections and words
of its ordinance as parameters, so the figures an ordinance states ($25, $10, $100...) are the
file's, never this code's. A fee the ordinance leaves to the Village Board ("A fee set by the
Village Board", "the schedule of fees ... established by the Board of Trustees by resolution")
is read from the village's fee table, the [fees] table of the same file, through the entry
its rule declares: an entry the table lacks is an error naming the entry to add, except at
the counter, where the fee is shown as not set beside everything else its facts give.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.money import (
    check_cents,
    format_amount,
    format_number,
    spell_amount,
    spell_number,
    to_cents,
)
from noticeclerk.rules.periods import Step


class EntryKind(StrEnum):
    """What a fee table entry holds."""

    AMOUNT = "amount"  # a fee in dollars and cents
    RATE_PER_SQFT = "rate per square foot"  # dollars per square foot, any precision


@dataclass(frozen=True)
class TableEntry:
    """A fee the Board sets, as the village's fee table names it, and the words that say so."""

    key: str
    kind: EntryKind
    title: str
    setter: str  # who sets it, in the ordinance's words: "the Village Board"
    authority: str
    words: str
    note: str = ""


@dataclass(frozen=True)
class FeeTable:
    """A village's [fees] table: the amounts its Board set, and the file they come from."""

    entries: Mapping[str, Decimal] = field(default_factory=dict)
    source: object = "the village's letterhead.toml"
    # At the counter a figure the Board has not yet entered leaves the fee not set while the
    # rest (an area, the days, a deposit) is still shown; a document is refused instead, for it
    # never prints a blank where the fee belongs.
    unset_allowed: bool = False

    def board_value(self, entry: TableEntry, context: str = "") -> Decimal | None:
        """The Board's amount or rate for an entry; its absence names the entry to add (None
        where the table allows an unset entry)."""
        if entry.key in self.entries:
            return self.entries[entry.key]
        if self.unset_allowed:
            return None
        raise ConfigError(
            self.source, f"fees.{entry.key}", f"is not set: {context}{self.to_add(entry)}"
        )

    def to_add(self, entry: TableEntry) -> str:
        """Who sets an entry, and the line the village's file needs to hold it."""
        example = "AMOUNT" if entry.kind is EntryKind.AMOUNT else "DOLLARS_PER_SQUARE_FOOT"
        return (
            f"the {entry.title} is set by {entry.setter} ({entry.authority}), so add "
            f'{entry.key} = "{example}" under [fees] with the figure it set'
        )


@dataclass(frozen=True)
class FeeFacts:
    """The facts of one permit: its days, dimensions, area, deposit and the Village's costs."""

    days: Decimal | None = None
    length_ft: Decimal | None = None
    width_ft: Decimal | None = None
    area_sqft: Decimal | None = None
    deposit: Decimal | None = None
    expenses: Decimal | None = None
    fee_paid: Decimal | None = None

    def given(self) -> set[str]:
        return {name for name, value in vars(self).items() if value is not None}


@dataclass(frozen=True)
class FeeAnswer:
    """A fee (or bond) with its reasoning, and the other amounts and measures it rests on.

    The fee is None only where the fee table allows a Board figure not yet entered; `not_set`
    then names the [fees] entries that are missing.
    """

    name: str
    title: str
    fee: Decimal | None
    authority: str
    steps: tuple[Step, ...]
    amounts: tuple[tuple[str, Decimal], ...] = ()
    measures: tuple[tuple[str, Decimal], ...] = ()
    not_set: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals and measures as written, never floats."""
        found: dict[str, object] = {
            "name": self.name,
            "title": self.title,
            "fee": None if self.fee is None else format_amount(self.fee),
            "authority": self.authority,
            "not_set": [f"fees.{key}" for key in self.not_set],
        }
        found.update((key, format_amount(value)) for key, value in self.amounts)
        found.update((key, format_number(value)) for key, value in self.measures)
        found["steps"] = [str(step) for step in self.steps]
        return found


# How a message names each fact; the command line passes its option names instead.
FACT_WORDS: Mapping[str, str] = {
    "days": "the number of days",
    "length_ft": "the length in feet",
    "width_ft": "the width in feet",
    "area_sqft": "the area in square feet",
    "deposit": "a deposit",
    "expenses": "the Village's actual costs",
    "fee_paid": "the fee paid when the permit was granted",
}


@dataclass(frozen=True)
class Note:
    """A sentence an explanation adds after its arithmetic, with the section it rests on."""

    says: str
    authority: str | None = None


class FeeKind(ABC):
    """One kind of fee computation; a village's fee rule names it and gives its parameters."""

    kind: ClassVar[str]

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        """Facts the fee needs; a tuple of alternatives means "these together, or the next"."""
        return ()

    @property
    def may_use(self) -> frozenset[str]:
        return frozenset()

    @property
    def entries(self) -> tuple[TableEntry, ...]:
        """The [fees] entries the Board fills in for this fee."""
        return ()

    @abstractmethod
    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        """The fee, from facts `FeeRule.check` has accepted."""


@dataclass(frozen=True)
class FeeRule:
    """One fee a village's ordinance defines: its name, title, section and kind of computation."""

    name: str
    title: str
    authority: str
    kind: FeeKind
    notes: tuple[Note, ...] = ()

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        return self.kind.needs

    @property
    def entries(self) -> tuple[TableEntry, ...]:
        return self.kind.entries

    @property
    def uses(self) -> frozenset[str]:
        return frozenset(name for group in self.needs for name in group) | self.kind.may_use

    def check(self, facts: FeeFacts, words: Mapping[str, str] = FACT_WORDS) -> None:
        """Refuse facts this fee does not use, and a fee short of the facts it needs."""
        given = facts.given()
        unused = sorted(given - self.uses)
        if unused:
            raise InputError(f"The {self.name} fee does not use {words[unused[0]]}; leave it out.")
        if self.needs and not any(set(group) <= given for group in self.needs):
            wanted = " or ".join(
                " and ".join(words[name] for name in group) for group in self.needs
            )
            raise InputError(f"The {self.name} fee needs {wanted}.")

    def answer(self, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        self.check(facts)
        return self.kind.compute(self, facts, table)

    def note_steps(self) -> list[Step]:
        return [Step(note.says, note.authority) for note in self.notes]


def _given(value: Decimal | None) -> Decimal:
    """A fact `FeeRule.check` has already found present."""
    if value is None:
        raise ValueError("a fee was computed without a fact its rule needs")
    return value


def _answer(
    rule: FeeRule,
    fee: Decimal | None,
    steps: list[Step],
    amounts: list[tuple[str, Decimal]] | None = None,
    measures: tuple[tuple[str, Decimal], ...] = (),
    not_set: tuple[str, ...] = (),
) -> FeeAnswer:
    return FeeAnswer(
        rule.name,
        rule.title,
        fee,
        rule.authority,
        tuple(steps),
        tuple(amounts or ()),
        measures,
        not_set,
    )


# --- The vocabulary ------------------------------------------------------------------------


@dataclass(frozen=True)
class DepositRefund:
    """A deposit returned less the fee and what the Village spent restoring (Tuckahoe § 19-49(b):
    "the amount thus expended, plus the permit fee shall be deducted from the amount of such
    deposit").

    Where the fee is paid apart from the deposit when the permit is granted (Tuckahoe § 19-48(a):
    "upon ... the payment of the fee and deposit"), `fee_paid_at_grant` names that section: the
    fee is then taken once, so the deposit is returned less only the part of the final fee not
    paid at grant, and with the part paid beyond it; the refund needs the fee paid.
    """

    authority: str
    least: Decimal | None = None
    # The ordinance's words for the least deposit, quoted when a smaller one is refused.
    least_words: str | None = None
    fee_paid_at_grant: str | None = None


@dataclass(frozen=True)
class FirstDayPlusEachFurtherDay(FeeKind):
    """An amount for the first day and another for each further day (Tuckahoe § 19-49(a)).

    A part of a day counts as a whole one only where the ordinance says so (its words, such as
    "or any part thereof", are `part_day_words`); without them a part of a day is refused.
    """

    kind: ClassVar[str] = "first_day_plus_each_further_day"

    first_day: Decimal
    each_further_day: Decimal
    part_day_words: str | None = None
    subject: str = "permit"  # what lasts the days, as a refusal names it: "obstruction"
    deposit: DepositRefund | None = None

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        return (("days",),)

    @property
    def may_use(self) -> frozenset[str]:
        if self.deposit is None:
            return frozenset()
        if self.deposit.fee_paid_at_grant:
            return frozenset({"deposit", "expenses", "fee_paid"})
        return frozenset({"deposit", "expenses"})

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        days_given = _given(facts.days)
        if days_given <= 0:
            raise InputError(
                f"The {self.subject} lasts at least part of a day; got {days_given} days."
            )
        days = math.ceil(days_given)
        steps = []
        if days != days_given:
            if self.part_day_words is None:
                raise InputError(
                    f"The {rule.name} fee is charged by the whole day; got {days_given} days."
                )
            steps.append(
                Step(
                    f"{spell_number(days_given)} days count as {days}: each day "
                    f'"{self.part_day_words}" counts as a day',
                    rule.authority,
                )
            )
        fee = self.first_day + self.each_further_day * (days - 1)
        first, further = spell_amount(self.first_day), spell_amount(self.each_further_day)
        if days == 1:
            part = " or any part of it" if self.part_day_words else ""
            charged = f"{first} for the first day{part}: {spell_amount(fee)}"
        elif days == 2:
            charged = f"{first} for the first day and {further} for the second: {spell_amount(fee)}"
        else:
            charged = (
                f"{first} for the first day and {further} for each of the {days - 1} further "
                f"days: {spell_amount(fee)}"
            )
        steps.append(Step(charged, rule.authority))
        steps.extend(rule.note_steps())
        amounts: list[tuple[str, Decimal]] = []
        if self.deposit is not None and facts.deposit is not None:
            steps.append(self._refund(self.deposit, fee, facts, amounts))
        elif facts.fee_paid is not None:
            raise InputError(
                f"The fee paid at grant counts only against a deposit; give the deposit too "
                f"({self.deposit.authority if self.deposit else rule.authority})."
            )
        return _answer(rule, fee, steps, amounts, (("days_charged", Decimal(days)),))

    @staticmethod
    def _refund(
        rule: DepositRefund,
        fee: Decimal,
        facts: FeeFacts,
        amounts: list[tuple[str, Decimal]],
    ) -> Step:
        deposit = check_cents(_given(facts.deposit), "The deposit")
        if rule.least is not None and deposit < rule.least:
            quoted = f": {rule.least_words}" if rule.least_words else ""
            raise InputError(
                f"The deposit must be at least {spell_amount(rule.least)} ({rule.authority}"
                f"{quoted}); got {spell_amount(deposit)}."
            )
        expended = check_cents(facts.expenses or Decimal(0), "The Village's restoration cost")
        amounts.append(("deposit", deposit))
        spent = f"the {spell_amount(expended)} the Village spent restoring" if expended else ""
        if rule.fee_paid_at_grant is None:
            # The deposit is the only money paid: the whole fee comes out of it.
            still_due = fee
            said = f"Deposit {spell_amount(deposit)} less the fee {spell_amount(fee)}"
            said += f" and {spent}" if spent else ""
        else:
            if facts.fee_paid is None:
                raise InputError(
                    f"Give the fee paid when the permit was granted: it is paid with the deposit "
                    f"({rule.fee_paid_at_grant}), so the deposit is returned less only the part "
                    f"of the final fee {spell_amount(fee)} not yet paid ({rule.authority})."
                )
            paid = check_cents(facts.fee_paid, "The fee paid")
            # The fee is taken once: only the part of the final fee not paid at grant comes
            # out of the deposit, and a fee paid beyond the final one goes back with it.
            still_due = fee - paid
            amounts.append(("fee_paid", paid))
            grant = f"{spell_amount(paid)} paid at grant, {rule.fee_paid_at_grant}"
            if still_due > 0:
                said = (
                    f"Deposit {spell_amount(deposit)} less the {spell_amount(still_due)} of the "
                    f"final fee {spell_amount(fee)} not paid at grant ({grant})"
                )
            elif still_due == 0:
                said = (
                    f"Deposit {spell_amount(deposit)}; nothing of the final fee "
                    f"{spell_amount(fee)} is deducted, as it was paid in full at grant "
                    f"({rule.fee_paid_at_grant})"
                )
            else:
                said = (
                    f"Deposit {spell_amount(deposit)} plus the {spell_amount(-still_due)} paid "
                    f"at grant beyond the final fee {spell_amount(fee)} ({grant})"
                )
            said += f", less {spent}" if spent else ""
        back = deposit - still_due - expended
        if back >= 0:
            amounts.append(("refund", back))
            text = f"returned on satisfactory restoration: {spell_amount(back)}"
        else:
            amounts.append(("balance_due", -back))
            text = f"the deposit falls short by {spell_amount(-back)}, still owed to the Village"
        return Step(f"{said}; {text}", rule.authority)


@dataclass(frozen=True)
class ChargeableArea:
    """An area measured with an allowance: (length + allowance) x (width + allowance), as
    Tuckahoe § 19-75(g) charges "the sum of the measured length plus two feet multiplied by the
    sum of the measured width plus two feet"."""

    allowance_ft: Decimal
    authority: str
    of: str = "the opening"  # what is measured, as a refusal names it: "an opening"

    def area(self, length_ft: Decimal, width_ft: Decimal) -> Decimal:
        return (length_ft + self.allowance_ft) * (width_ft + self.allowance_ft)


@dataclass(frozen=True)
class BoardRatePerSqft(FeeKind):
    """The Board's rate per square foot, from the fee table, times an area: the area given
    (Palmyra § 8.10, the sidewalk cleared) or measured with an allowance (Tuckahoe § 19-75(f),
    (g))."""

    kind: ClassVar[str] = "board_rate_per_sqft"

    entry: TableEntry
    schedule: str  # where the rate comes from, in words: "the Board's schedule"
    chargeable_area: ChargeableArea | None = None
    area_name: str = "area"  # how a refusal names a given area: "surface area cleared"
    area_words: str = "sq ft"  # how the explanation names it: "sq ft cleared"

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        return (("length_ft", "width_ft"),) if self.chargeable_area else (("area_sqft",),)

    @property
    def entries(self) -> tuple[TableEntry, ...]:
        return (self.entry,)

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        steps = []
        measured = self.chargeable_area
        if measured is None:
            area = _given(facts.area_sqft)
            if area <= 0:
                raise InputError(f"The {self.area_name} must be more than 0 square feet.")
            rate = table.board_value(self.entry)
        else:
            length, width = _given(facts.length_ft), _given(facts.width_ft)
            if length <= 0 or width <= 0:
                raise InputError(
                    f"{measured.of[:1].upper()}{measured.of[1:]}'s measured length and width "
                    "must each be more than 0 feet."
                )
            area = measured.area(length, width)
            allowance = spell_number(measured.allowance_ft)
            steps.append(
                Step(
                    f"Chargeable area: ({spell_number(length)} ft + {allowance} ft) x "
                    f"({spell_number(width)} ft + {allowance} ft) = {spell_number(area)} sq ft",
                    measured.authority,
                )
            )
            rate = table.board_value(
                self.entry, f"the chargeable area is {spell_number(area)} sq ft, but "
            )
        area_measure = ("area_sqft" if measured is None else "chargeable_area_sqft", area)
        if rate is None:
            steps.append(
                Step(
                    f"{spell_number(area)} {self.area_words} x the rate per sq ft from "
                    f"{self.schedule}: the fee is not set, as the rate is not entered; "
                    f"{table.to_add(self.entry)}"
                )
            )
            steps.extend(rule.note_steps())
            return _answer(rule, None, steps, measures=(area_measure,), not_set=(self.entry.key,))
        fee = to_cents(Fraction(area) * Fraction(rate))
        steps.append(
            Step(
                f"{spell_number(area)} {self.area_words} x ${spell_number(rate)} per sq ft from "
                f"{self.schedule} = {spell_amount(fee)}",
                self.entry.authority,
            )
        )
        steps.extend(rule.note_steps())
        if self.entry.note:
            steps.append(Step(self.entry.note))
        return _answer(rule, fee, steps, measures=(area_measure, ("rate_per_sqft", rate)))


@dataclass(frozen=True)
class BasePlusEachFurtherFoot(FeeKind):
    """A base amount up to a width, and an amount for each whole foot beyond it (Tuckahoe
    § 19-81(d): "$5 for a maximum width of 11 feet and $1 for each additional foot in width").

    Only whole further feet are charged: "each additional foot" charges no part of one.
    """

    kind: ClassVar[str] = "base_plus_each_further_foot"

    base: Decimal
    base_width_ft: Decimal
    each_further_foot: Decimal
    subject: str = "permit"  # whose width it is, as a refusal names it: "curb cut"
    # Said when a part of a foot beyond the base width goes uncharged.
    part_foot_note: str | None = None

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        return (("width_ft",),)

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        width = _given(facts.width_ft)
        if width <= 0:
            raise InputError(f"The {self.subject}'s width must be more than 0 feet.")
        extra_feet = max(0, math.floor(width - self.base_width_ft))
        fee = self.base + self.each_further_foot * extra_feet
        base, base_width = spell_amount(self.base), spell_number(self.base_width_ft)
        if extra_feet:
            feet = "foot" if extra_feet == 1 else "feet"
            text = (
                f"{spell_number(width)} ft is {extra_feet} whole {feet} over {base_width} ft: "
                f"{base} + {extra_feet} x {spell_amount(self.each_further_foot)} = "
                f"{spell_amount(fee)}"
            )
        elif width <= self.base_width_ft:
            text = (
                f"{spell_number(width)} ft is within the {base_width} ft the {base} fee covers: "
                f"{base}"
            )
        else:
            text = (
                f"{spell_number(width)} ft is less than a whole foot over {base_width} ft: {base}"
            )
        steps = [Step(text, rule.authority)]
        part_of_a_foot = width != math.floor(width) and width > self.base_width_ft
        if part_of_a_foot and self.part_foot_note:
            steps.append(Step(self.part_foot_note))
        steps.extend(rule.note_steps())
        return _answer(rule, fee, steps, measures=(("width_ft", width),))


@dataclass(frozen=True)
class BondPerSqftWithMinimum(FeeKind):
    """The least bond the Clerk may accept: an amount per square foot of the proposed opening,
    with a minimum (Palmyra § 8.05(4): "at least $1 per square foot of the proposed opening,
    with a minimum bond of $100 per opening")."""

    kind: ClassVar[str] = "bond_per_sqft_with_minimum"

    per_sqft: Decimal
    minimum: Decimal
    subject: str = "opening"  # what the bond is per, in the ordinance's word

    @property
    def needs(self) -> tuple[tuple[str, ...], ...]:
        return (("area_sqft",), ("length_ft", "width_ft"))

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        subject = self.subject
        if facts.area_sqft is not None:
            if facts.length_ft is not None or facts.width_ft is not None:
                raise InputError(f"Give the {subject}'s area, or its length and width, not both.")
            area = facts.area_sqft
            measured = f"The proposed {subject} is {spell_number(area)} sq ft"
        else:
            length, width = _given(facts.length_ft), _given(facts.width_ft)
            area = length * width
            measured = (
                f"The proposed {subject} is {spell_number(length)} ft x "
                f"{spell_number(width)} ft = {spell_number(area)} sq ft"
            )
        if area <= 0:
            raise InputError(f"The proposed {subject}'s area must be more than 0 square feet.")
        by_area = to_cents(Fraction(area) * Fraction(self.per_sqft))
        bond = max(by_area, self.minimum)
        rate = spell_amount(self.per_sqft)
        if by_area >= self.minimum:
            text = f"{rate} x {spell_number(area)} sq ft = {spell_amount(bond)}"
        else:
            text = (
                f"{rate} x {spell_number(area)} sq ft = {spell_amount(by_area)}, less than the "
                f"minimum of {spell_amount(self.minimum)} per {subject}, so the bond is "
                f"{spell_amount(bond)}"
            )
        steps = [
            Step(measured),
            Step(
                f"{text}; this is the least bond the Clerk may accept for this {subject}",
                rule.authority,
            ),
            *rule.note_steps(),
        ]
        return _answer(rule, bond, steps, measures=(("area_sqft", area),))


@dataclass(frozen=True)
class FixedAmount(FeeKind):
    """A fee the ordinance states as one amount, or as no fee at all, quoted in its words
    (Palmyra § 8.12(1): "a fee of $10 shall be charged"; § 8.04(2): "No fee shall be charged")."""

    kind: ClassVar[str] = "fixed_amount"

    amount: Decimal
    words: str

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        steps = [
            Step(f'"{self.words}": {spell_amount(self.amount)}', rule.authority),
            *rule.note_steps(),
        ]
        return _answer(rule, self.amount, steps)


@dataclass(frozen=True)
class BoardSetFee(FeeKind):
    """A fee the Board sets, from the fee table, plus the Village's actual costs where the
    ordinance adds them (Luck § 496-6: "as set by the Village Board plus actual Village
    expenses"); `plus_costs` is the explanation's words for them."""

    kind: ClassVar[str] = "board_set_fee"

    entry: TableEntry
    plus_costs: str | None = None

    @property
    def may_use(self) -> frozenset[str]:
        return frozenset({"expenses"}) if self.plus_costs else frozenset()

    @property
    def entries(self) -> tuple[TableEntry, ...]:
        return (self.entry,)

    def compute(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        entry = self.entry
        amount = table.board_value(entry)
        if amount is None:
            return self._not_set(rule, facts, table)
        steps = [
            Step(f'"{entry.words}"', entry.authority),
            Step(f"The {entry.title} set by {entry.setter}: {spell_amount(amount)}"),
        ]
        amounts: list[tuple[str, Decimal]] = [("board_fee", amount)]
        fee = amount
        if self.plus_costs is not None:
            if facts.expenses is None:
                steps.append(Step(f"{self.plus_costs}: add them when known", entry.authority))
            else:
                costs = check_cents(facts.expenses, "The Village's actual costs")
                fee = amount + costs
                amounts.append(("village_costs", costs))
                steps.append(
                    Step(
                        f"{self.plus_costs}: {spell_amount(amount)} + {spell_amount(costs)} = "
                        f"{spell_amount(fee)}",
                        entry.authority,
                    )
                )
        steps.extend(rule.note_steps())
        if entry.note:
            steps.append(Step(entry.note))
        return _answer(rule, fee, steps, amounts)

    def _not_set(self, rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        """The fee not set, as the Board's figure is not entered; the costs given still shown."""
        entry = self.entry
        steps = [
            Step(f'"{entry.words}"', entry.authority),
            Step(
                f"The fee is not set, as the Board's figure is not entered; {table.to_add(entry)}"
            ),
        ]
        amounts: list[tuple[str, Decimal]] = []
        if self.plus_costs is not None and facts.expenses is not None:
            costs = check_cents(facts.expenses, "The Village's actual costs")
            amounts.append(("village_costs", costs))
            steps.append(
                Step(
                    f"{self.plus_costs}: {spell_amount(costs)}, added to the {entry.title} once "
                    "it is set",
                    entry.authority,
                )
            )
        steps.extend(rule.note_steps())
        return _answer(rule, None, steps, amounts, not_set=(entry.key,))


# The kinds a village's [fee_rules] may name, by the name the file writes.
FEE_KINDS: Mapping[str, type[FeeKind]] = {
    kind.kind: kind
    for kind in (
        FirstDayPlusEachFurtherDay,
        BoardRatePerSqft,
        BasePlusEachFurtherFoot,
        BondPerSqftWithMinimum,
        FixedAmount,
        BoardSetFee,
    )
}
