"""Permit facts, turned into the fee, bond or deposit refund each village's ordinance states.

A fee whose amount the ordinance itself states is computed here, with its section cited. A
fee the ordinance leaves to the Village Board ("A fee set by the Village Board", "the
schedule of fees ... established by the Board of Trustees by resolution") is read from the
village's fee table, the [fees] table of its letterhead.toml, and never from this code: an
entry the table lacks is an error naming the entry to add.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

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

    def board_value(self, entry: TableEntry, context: str = "") -> Decimal:
        """The Board's amount or rate for an entry; its absence names the entry to add."""
        if entry.key in self.entries:
            return self.entries[entry.key]
        example = "AMOUNT" if entry.kind is EntryKind.AMOUNT else "DOLLARS_PER_SQUARE_FOOT"
        raise ConfigError(
            self.source,
            f"fees.{entry.key}",
            f"is not set: {context}the {entry.title} is set by {entry.setter} "
            f'({entry.authority}), so add {entry.key} = "{example}" under [fees] with the '
            "figure it set",
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

    def given(self) -> set[str]:
        return {name for name, value in vars(self).items() if value is not None}


@dataclass(frozen=True)
class FeeAnswer:
    """A fee (or bond) with its reasoning, and the other amounts and measures it rests on."""

    name: str
    title: str
    fee: Decimal
    authority: str
    steps: tuple[Step, ...]
    amounts: tuple[tuple[str, Decimal], ...] = ()
    measures: tuple[tuple[str, Decimal], ...] = ()

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals and measures as written, never floats."""
        found: dict[str, object] = {
            "name": self.name,
            "title": self.title,
            "fee": format_amount(self.fee),
            "authority": self.authority,
        }
        found.update((key, format_amount(value)) for key, value in self.amounts)
        found.update((key, format_number(value)) for key, value in self.measures)
        found["steps"] = [str(step) for step in self.steps]
        return found


Compute = Callable[["FeeRule", FeeFacts, FeeTable], FeeAnswer]

# How a message names each fact; the command line passes its option names instead.
FACT_WORDS: Mapping[str, str] = {
    "days": "the number of days",
    "length_ft": "the length in feet",
    "width_ft": "the width in feet",
    "area_sqft": "the area in square feet",
    "deposit": "a deposit",
    "expenses": "the Village's actual costs",
}


@dataclass(frozen=True)
class FeeRule:
    """One fee an ordinance defines: what it needs and how it is computed."""

    name: str
    title: str
    authority: str
    compute: Compute
    # Facts the fee needs; a tuple of alternatives means "these together, or the next".
    needs: tuple[tuple[str, ...], ...] = ()
    may_use: frozenset[str] = frozenset()
    entries: tuple[TableEntry, ...] = ()

    @property
    def uses(self) -> frozenset[str]:
        return frozenset(name for group in self.needs for name in group) | self.may_use

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
        return self.compute(self, facts, table)


def _given(value: Decimal | None) -> Decimal:
    """A fact `FeeRule.check` has already found present."""
    if value is None:
        raise ValueError("a fee was computed without a fact its rule needs")
    return value


# --- Village of Tuckahoe, Ch. 19 ---------------------------------------------------------

TUCKAHOE_19_49_A = "Tuckahoe § 19-49(a)"
TUCKAHOE_19_49_B = "Tuckahoe § 19-49(b)"
TUCKAHOE_19_75_F = "Tuckahoe § 19-75(f)"
TUCKAHOE_19_75_G = "Tuckahoe § 19-75(g)"
TUCKAHOE_19_81_D = "Tuckahoe § 19-81(d)"

OCCUPANCY_FIRST_DAY = Decimal("25.00")
OCCUPANCY_EACH_FURTHER_DAY = Decimal("10.00")
OCCUPANCY_LEAST_DEPOSIT = Decimal("25.00")
OPENING_ALLOWANCE_FT = Decimal(2)
CURB_CUT_BASE = Decimal("5.00")
CURB_CUT_BASE_WIDTH_FT = Decimal(11)
CURB_CUT_EACH_FURTHER_FOOT = Decimal("1.00")


def _temporary_occupancy(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
    """§ 19-49(a): "$25 for the first day or any part thereof of the duration of said street
    obstruction and $10 for each additional day or any part thereof"; § 19-49(b): the
    deposit, "less the amount of the permit fee", is returned on satisfactory restoration,
    and if the Village restores, "the amount thus expended, plus the permit fee shall be
    deducted from the amount of such deposit"."""
    days_given = _given(facts.days)
    if days_given <= 0:
        raise InputError(f"The obstruction lasts at least part of a day; got {days_given} days.")
    days = math.ceil(days_given)
    fee = OCCUPANCY_FIRST_DAY + OCCUPANCY_EACH_FURTHER_DAY * (days - 1)
    steps = []
    if days != days_given:
        steps.append(
            Step(
                f"{spell_number(days_given)} days count as {days}: each day "
                '"or any part thereof" counts as a day',
                TUCKAHOE_19_49_A,
            )
        )
    if days == 1:
        charged = f"$25.00 for the first day or any part of it: {spell_amount(fee)}"
    elif days == 2:
        charged = f"$25.00 for the first day and $10.00 for the second: {spell_amount(fee)}"
    else:
        charged = (
            f"$25.00 for the first day and $10.00 for each of the {days - 1} further days: "
            f"{spell_amount(fee)}"
        )
    steps.append(Step(charged, TUCKAHOE_19_49_A))
    steps.append(
        Step(
            "The fee is first based on the applicant's estimate of the duration, as confirmed "
            "by the Building Inspector, and adjusted when the obstruction is removed",
            TUCKAHOE_19_49_A,
        )
    )
    amounts: list[tuple[str, Decimal]] = []
    if facts.deposit is not None:
        deposit = check_cents(facts.deposit, "The deposit")
        if deposit < OCCUPANCY_LEAST_DEPOSIT:
            raise InputError(
                f"The deposit must be at least $25.00 ({TUCKAHOE_19_49_B}: the estimate "
                f'"shall in no case by [sic] less than $25"); got {spell_amount(deposit)}.'
            )
        expended = check_cents(facts.expenses or Decimal(0), "The Village's restoration cost")
        back = deposit - fee - expended
        deducted = f"the fee {spell_amount(fee)}"
        if expended:
            deducted += f" and the {spell_amount(expended)} the Village spent restoring"
        amounts.append(("deposit", deposit))
        if back >= 0:
            amounts.append(("refund", back))
            text = f"returned on satisfactory restoration: {spell_amount(back)}"
        else:
            amounts.append(("balance_due", -back))
            text = f"the deposit falls short by {spell_amount(-back)}, still owed to the Village"
        steps.append(
            Step(f"Deposit {spell_amount(deposit)} less {deducted}; {text}", TUCKAHOE_19_49_B)
        )
    return FeeAnswer(
        rule.name,
        rule.title,
        fee,
        rule.authority,
        tuple(steps),
        tuple(amounts),
        (("days_charged", Decimal(days)),),
    )


def chargeable_opening_area(length_ft: Decimal, width_ft: Decimal) -> Decimal:
    """§ 19-75(g): "the sum of the measured length plus two feet multiplied by the sum of the
    measured width plus two feet"."""
    return (length_ft + OPENING_ALLOWANCE_FT) * (width_ft + OPENING_ALLOWANCE_FT)


TUCKAHOE_OPENING_RATE = TableEntry(
    "street-opening-per-sqft",
    EntryKind.RATE_PER_SQFT,
    "street opening permit fee per square foot",
    "the Board of Trustees by resolution",
    TUCKAHOE_19_75_F,
    "The schedule of fees for permits ... shall be established by the Board of Trustees by "
    "resolution adopted at a scheduled public meeting of the Board of Trustees",
)


def _street_opening(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
    length, width = _given(facts.length_ft), _given(facts.width_ft)
    if length <= 0 or width <= 0:
        raise InputError("An opening's measured length and width must each be more than 0 feet.")
    area = chargeable_opening_area(length, width)
    area_step = Step(
        f"Chargeable area: ({spell_number(length)} ft + 2 ft) x "
        f"({spell_number(width)} ft + 2 ft) = {spell_number(area)} sq ft",
        TUCKAHOE_19_75_G,
    )
    rate = table.board_value(
        TUCKAHOE_OPENING_RATE, f"the chargeable area is {spell_number(area)} sq ft, but "
    )
    fee = to_cents(Fraction(area) * Fraction(rate))
    steps = (
        area_step,
        Step(
            f"{spell_number(area)} sq ft x ${spell_number(rate)} per sq ft from the Board's "
            f"schedule = {spell_amount(fee)}",
            TUCKAHOE_19_75_F,
        ),
        Step(
            "The deposit for backfilling and relaying the pavement is set separately by the "
            "Street Commissioner",
            "Tuckahoe § 19-75(b)",
        ),
    )
    return FeeAnswer(
        rule.name,
        rule.title,
        fee,
        rule.authority,
        steps,
        (),
        (("chargeable_area_sqft", area), ("rate_per_sqft", rate)),
    )


def _curb_cut(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
    """§ 19-81(d): "$5 for a maximum width of 11 feet and $1 for each additional foot in width".

    Only whole additional feet are charged: unlike § 19-49(a) ("or any part thereof"), this
    section charges for "each additional foot", not for a part of one.
    """
    width = _given(facts.width_ft)
    if width <= 0:
        raise InputError("The curb cut's width must be more than 0 feet.")
    extra_feet = max(0, math.floor(width - CURB_CUT_BASE_WIDTH_FT))
    fee = CURB_CUT_BASE + CURB_CUT_EACH_FURTHER_FOOT * extra_feet
    if extra_feet:
        feet = "foot" if extra_feet == 1 else "feet"
        text = (
            f"{spell_number(width)} ft is {extra_feet} whole {feet} over 11 ft: $5.00 + "
            f"{extra_feet} x $1.00 = {spell_amount(fee)}"
        )
    elif width <= CURB_CUT_BASE_WIDTH_FT:
        text = f"{spell_number(width)} ft is within the 11 ft the $5.00 fee covers: $5.00"
    else:
        text = f"{spell_number(width)} ft is less than a whole foot over 11 ft: $5.00"
    steps = [Step(text, TUCKAHOE_19_81_D)]
    if width != math.floor(width) and width > CURB_CUT_BASE_WIDTH_FT:
        steps.append(
            Step(
                'A part of a foot is not charged: the section charges "each additional foot", '
                'not "any part thereof" as § 19-49(a) does'
            )
        )
    return FeeAnswer(
        rule.name,
        rule.title,
        fee,
        rule.authority,
        tuple(steps),
        (),
        (("width_ft", width),),
    )


# --- Village of Palmyra, Ch. 8 -----------------------------------------------------------

PALMYRA_8_05_4 = "Palmyra § 8.05(4)"
BOND_PER_SQFT = Decimal("1.00")
BOND_MINIMUM = Decimal("100.00")


def _excavation_bond(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
    """§ 8.05(4): "an indemnity bond in the sum of at least $1 per square foot of the proposed
    opening, with a minimum bond of $100 per opening"."""
    if facts.area_sqft is not None:
        if facts.length_ft is not None or facts.width_ft is not None:
            raise InputError("Give the opening's area, or its length and width, not both.")
        area = facts.area_sqft
        measured = f"The proposed opening is {spell_number(area)} sq ft"
    else:
        length, width = _given(facts.length_ft), _given(facts.width_ft)
        area = length * width
        measured = (
            f"The proposed opening is {spell_number(length)} ft x "
            f"{spell_number(width)} ft = {spell_number(area)} sq ft"
        )
    if area <= 0:
        raise InputError("The proposed opening's area must be more than 0 square feet.")
    by_area = to_cents(Fraction(area) * Fraction(BOND_PER_SQFT))
    bond = max(by_area, BOND_MINIMUM)
    if by_area >= BOND_MINIMUM:
        text = f"$1.00 x {spell_number(area)} sq ft = {spell_amount(bond)}"
    else:
        text = (
            f"$1.00 x {spell_number(area)} sq ft = {spell_amount(by_area)}, less than the "
            f"minimum of $100.00 per opening, so the bond is {spell_amount(bond)}"
        )
    steps = (
        Step(measured),
        Step(
            f"{text}; this is the least bond the Clerk may accept for this opening", PALMYRA_8_05_4
        ),
    )
    return FeeAnswer(rule.name, rule.title, bond, rule.authority, steps, (), (("area_sqft", area),))


def _fixed(amount: Decimal, words: str) -> Compute:
    """A fee the ordinance states as one amount (or as no fee at all)."""

    def compute(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        step = Step(f'"{words}": {spell_amount(amount)}', rule.authority)
        return FeeAnswer(rule.name, rule.title, amount, rule.authority, (step,))

    return compute


PALMYRA_SNOW_RATE = TableEntry(
    "snow-removal-per-sqft",
    EntryKind.RATE_PER_SQFT,
    "snow and ice removal fee per square foot of sidewalk cleared",
    "the schedule of fees posted in the office of the Village Clerk",
    "Palmyra § 8.10",
    "the fee for the removal of snow and ice under this chapter shall be as indicated on the "
    "schedule of fees posted in the office of the Village Clerk",
    note="The posted schedule is taken to charge by the square foot of sidewalk cleared.",
)


def _palmyra_snow(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
    """§ 8.10: the Superintendent reports "the surface area of those sidewalks"; "the fee for
    the removal of snow and ice under this chapter shall be as indicated on the schedule of
    fees posted in the office of the Village Clerk"."""
    area = _given(facts.area_sqft)
    if area <= 0:
        raise InputError("The surface area cleared must be more than 0 square feet.")
    rate = table.board_value(PALMYRA_SNOW_RATE)
    fee = to_cents(Fraction(area) * Fraction(rate))
    steps = (
        Step(
            f"{spell_number(area)} sq ft cleared x ${spell_number(rate)} per sq ft "
            f"from the posted schedule = {spell_amount(fee)}",
            rule.authority,
        ),
        Step(
            "The Village Clerk enters the charge in the tax roll as a special assessment",
            rule.authority,
        ),
        Step(PALMYRA_SNOW_RATE.note),
    )
    return FeeAnswer(
        rule.name,
        rule.title,
        fee,
        rule.authority,
        steps,
        (),
        (("area_sqft", area), ("rate_per_sqft", rate)),
    )


# --- Village of Luck, Ch. 496: fees the Village Board sets --------------------------------

# The text prints no section number for the sidewalk provisions (they precede § 496-6).
LUCK_SIDEWALK = 'Luck ch. 496, "Sidewalk permit required", section number not printed'


def _board_fee(entry: TableEntry, *, plus_costs: str | None = None) -> Compute:
    """A fee the Board sets, from the fee table, plus the Village's actual costs if it says so."""

    def compute(rule: FeeRule, facts: FeeFacts, table: FeeTable) -> FeeAnswer:
        amount = table.board_value(entry)
        steps = [
            Step(f'"{entry.words}"', entry.authority),
            Step(f"The {entry.title} set by {entry.setter}: {spell_amount(amount)}"),
        ]
        amounts: list[tuple[str, Decimal]] = [("board_fee", amount)]
        fee = amount
        if plus_costs is not None:
            if facts.expenses is None:
                steps.append(Step(f"{plus_costs}: add them when known", entry.authority))
            else:
                costs = check_cents(facts.expenses, "The Village's actual costs")
                fee = amount + costs
                amounts.append(("village_costs", costs))
                steps.append(
                    Step(
                        f"{plus_costs}: {spell_amount(amount)} + {spell_amount(costs)} = "
                        f"{spell_amount(fee)}",
                        entry.authority,
                    )
                )
        if entry.note:
            steps.append(Step(entry.note))
        return FeeAnswer(rule.name, rule.title, fee, rule.authority, tuple(steps), tuple(amounts))

    return compute


LUCK_ENTRIES = {
    "sidewalk-permit": TableEntry(
        "sidewalk-permit",
        EntryKind.AMOUNT,
        "sidewalk permit fee",
        "the Village Board",
        LUCK_SIDEWALK,
        "A fee set by the Village Board shall be charged for such permits",
    ),
    "excavation-permit": TableEntry(
        "excavation-permit",
        EntryKind.AMOUNT,
        "street opening permit fee",
        "the Village Board",
        "Luck § 496-6",
        "The fee for a street opening permit shall be as set by the Village Board plus actual "
        "Village expenses",
    ),
    "excavation-permit-renewal": TableEntry(
        "excavation-permit-renewal",
        EntryKind.AMOUNT,
        "thirty-day permit renewal fee",
        "the Village Board",
        "Luck § 496-6",
        "the permittee shall apply for a thirty-day permit renewal by written request to the "
        "Director of Public Works and payment of a renewal permit fee set by the Village Board",
    ),
    "street-privilege-permit": TableEntry(
        "street-privilege-permit",
        EntryKind.AMOUNT,
        "street privilege permit fee",
        "the Village Board",
        "Luck § 496-9",
        "The fee for a street privilege permit shall be in the sum set by the Village Board, "
        "plus any actual Village costs",
    ),
    "vending-permit": TableEntry(
        "vending-permit",
        EntryKind.AMOUNT,
        "special event vending permit fee",
        "the Village Board, if it has set one",
        "Luck § 496-14",
        "In addition to any other conditions imposed by the Village Board, all permittees "
        "shall fully comply with the following requirements",
        note="§ 496-14 itself states no fee: charge one only under the Village Board's resolution.",
    ),
}


def _rules(*rules: FeeRule) -> dict[str, FeeRule]:
    return {rule.name: rule for rule in rules}


FEE_RULES: dict[str, dict[str, FeeRule]] = {
    "tuckahoe": _rules(
        FeeRule(
            "temporary-occupancy",
            "Temporary occupancy (street obstruction) permit fee",
            TUCKAHOE_19_49_A,
            _temporary_occupancy,
            needs=(("days",),),
            may_use=frozenset({"deposit", "expenses"}),
        ),
        FeeRule(
            "street-opening",
            "Street opening permit fee",
            f"{TUCKAHOE_19_75_F}, (g)",
            _street_opening,
            needs=(("length_ft", "width_ft"),),
            entries=(TUCKAHOE_OPENING_RATE,),
        ),
        FeeRule(
            "curb-cut",
            "Curb cut permit fee",
            TUCKAHOE_19_81_D,
            _curb_cut,
            needs=(("width_ft",),),
        ),
    ),
    "palmyra": _rules(
        FeeRule(
            "excavation-bond",
            "Excavation indemnity bond (the least the Clerk may accept)",
            PALMYRA_8_05_4,
            _excavation_bond,
            needs=(("area_sqft",), ("length_ft", "width_ft")),
        ),
        FeeRule(
            "driveway",
            "Driveway permit fee",
            "Palmyra § 8.12(1)",
            _fixed(
                Decimal("10.00"),
                "a permit from the Village Board, for which a fee of $10 shall be charged",
            ),
        ),
        FeeRule(
            "sidewalk-permit",
            "Sidewalk permit fee",
            "Palmyra § 8.04(2)",
            _fixed(Decimal("0.00"), "No fee shall be charged for such permits"),
        ),
        FeeRule(
            "tree-permit",
            "Tree and shrub permit fee",
            "Palmyra § 8.15(7)(d)",
            _fixed(Decimal("0.00"), "There will be no charge for this permit"),
        ),
        FeeRule(
            "snow-removal",
            "Snow and ice removal by the Village",
            "Palmyra § 8.10",
            _palmyra_snow,
            needs=(("area_sqft",),),
            entries=(PALMYRA_SNOW_RATE,),
        ),
    ),
    "luck": _rules(
        FeeRule(
            "sidewalk-permit",
            "Sidewalk permit fee",
            LUCK_SIDEWALK,
            _board_fee(LUCK_ENTRIES["sidewalk-permit"]),
            entries=(LUCK_ENTRIES["sidewalk-permit"],),
        ),
        FeeRule(
            "excavation-permit",
            "Street opening (excavation) permit fee",
            "Luck § 496-6",
            _board_fee(
                LUCK_ENTRIES["excavation-permit"], plus_costs="Plus actual Village expenses"
            ),
            may_use=frozenset({"expenses"}),
            entries=(LUCK_ENTRIES["excavation-permit"],),
        ),
        FeeRule(
            "excavation-permit-renewal",
            "Excavation permit thirty-day renewal fee",
            "Luck § 496-6",
            _board_fee(LUCK_ENTRIES["excavation-permit-renewal"]),
            entries=(LUCK_ENTRIES["excavation-permit-renewal"],),
        ),
        FeeRule(
            "street-privilege-permit",
            "Street privilege permit fee",
            "Luck § 496-9",
            _board_fee(
                LUCK_ENTRIES["street-privilege-permit"], plus_costs="Plus any actual Village costs"
            ),
            may_use=frozenset({"expenses"}),
            entries=(LUCK_ENTRIES["street-privilege-permit"],),
        ),
        FeeRule(
            "vending-permit",
            "Special event vending permit fee",
            "Luck § 496-14",
            _board_fee(LUCK_ENTRIES["vending-permit"]),
            entries=(LUCK_ENTRIES["vending-permit"],),
        ),
    ),
}


def fee_rules(village: str) -> dict[str, FeeRule]:
    """The fees a village's ordinance defines, by name (none for a village not listed)."""
    return FEE_RULES.get(village, {})


def table_entries(village: str) -> dict[str, TableEntry]:
    """The fee table entries a village's Board sets, by key."""
    return {entry.key: entry for rule in fee_rules(village).values() for entry in rule.entries}
