"""One cost shared by several properties, turned into shares that add back exactly to the cent.

- Village A § 134-45F (section number inferred from the ordinance's cross-references):
  equal shares per property, never per tax lot.
- Palmyra § 8.03(4)-(8): sidewalk by abutting square feet; water main and sanitary sewer by
  frontage at the Village Board's rates on the equivalent size main, by the unit or by
  acreage; sewer laterals and water services per unit; curb and gutter by frontage. Each
  rule's assessable percentage, its corner-lot, dual-frontage, street-opening, cul-de-sac
  and curved-street rules, and the Village's own share (intersections, floodplain segments,
  the part not assessable) are applied here with their subsections cited, and the
  Village's share is a separate line.

Each share is computed from the exact rate and cut to cents by the rule in
`noticeclerk.rules.money.split_by_weights`, so the shares and the Village's lines always
add back to the project's total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from enum import StrEnum
from fractions import Fraction

from noticeclerk.exceptions import InputError
from noticeclerk.rules.money import (
    CENT,
    check_cents,
    check_measure,
    format_amount,
    format_number,
    percent_of,
    spell_amount,
    spell_number,
    spell_percent,
    split_by_weights,
    to_cents,
)
from noticeclerk.rules.periods import Step

VILLAGE_A_134_45F = "Village A § 134-45F, section number inferred"
PALMYRA = "Palmyra § 8.03"

# Palmyra § 8.03(4)(c)2, (5)(c)4, (6)(c)4, (8)(c)3: "the newly created corner lot is exempt
# from assessment up to a 132 foot depth".
NEW_STREET_EXEMPT_DEPTH_FT = Decimal(132)

# Beyond any assessment district a clerk will split among; a longer list is a mistake.
MAX_PROPERTIES = 10_000


@dataclass(frozen=True)
class Share:
    """One property's share of a cost, with the measure that set it (None for equal shares)."""

    parcel: str
    amount: Decimal
    measure: Decimal | None = None


@dataclass(frozen=True)
class VillageLine:
    """A part of the cost the Village pays itself, shown on its own line with its authority."""

    label: str
    amount: Decimal
    authority: str
    measure: Decimal | None = None


@dataclass(frozen=True)
class Apportionment:
    """A total cost, the owners' shares and the Village's lines, which add back to the total."""

    total: Decimal
    shares: tuple[Share, ...]
    village_lines: tuple[VillageLine, ...] = ()
    unit: str | None = None
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        added = sum((s.amount for s in self.shares), Decimal(0)) + sum(
            (line.amount for line in self.village_lines), Decimal(0)
        )
        if added != self.total:
            raise ArithmeticError(f"shares add to {added}, not to the total {self.total}")

    @property
    def owners_total(self) -> Decimal:
        return sum((s.amount for s in self.shares), Decimal(0))

    @property
    def village_total(self) -> Decimal:
        return sum((line.amount for line in self.village_lines), Decimal(0))

    def to_json(self) -> dict[str, object]:
        """Amounts as strings with two decimals and measures as written, never floats."""
        shares: list[dict[str, str]] = []
        for share in self.shares:
            entry = {"parcel": share.parcel, "amount": format_amount(share.amount)}
            if share.measure is not None:
                entry["measure"] = format_number(share.measure)
            shares.append(entry)
        found: dict[str, object] = {"total": format_amount(self.total), "shares": shares}
        if self.unit:
            found["unit"] = self.unit
        if self.village_lines:
            found["village_lines"] = [
                {
                    "label": line.label,
                    "amount": format_amount(line.amount),
                    "authority": line.authority,
                }
                for line in self.village_lines
            ]
        found["steps"] = [str(step) for step in self.steps]
        return found


def _check_parcels(parcels: Sequence[str]) -> list[str]:
    names = [str(p).strip() for p in parcels]
    if not names:
        raise InputError("Give at least one property to share the cost.")
    if len(names) > MAX_PROPERTIES:
        raise InputError(
            f"At most {MAX_PROPERTIES:,} properties can share a cost; got {len(names):,}."
        )
    seen: set[str] = set()
    for name in names:
        if not name:
            raise InputError("A property in the list has no name; give each parcel an identifier.")
        if name in seen:
            raise InputError(f"Parcel '{name}' is listed twice; list each property once.")
        seen.add(name)
    return names


# Who bears the cents that do not divide equally among the properties sharing a cost (Village A
# § 134-45F speaks only of "the actual cost ... divided by the number of such properties"): the
# village's file chooses ([money] odd_cents). "first properties": one cent each to the first
# properties listed, so the shares add back to the cost; "village": every share is rounded down
# and the Village bears the rest, so no owner is charged more than the exact quotient.
ODD_CENTS = ("first properties", "village")


def split_among_properties(
    total: Decimal, parcels: Sequence[str], odd_cents: str = "first properties"
) -> Apportionment:
    """Village A § 134-45F: the cost divided equally by the number of properties.

    "the actual cost to the Village divided by the number of such properties" -- one share
    per property whatever its number of tax lots (the ordinance's example: $5,000 over five
    properties holding from one to four tax lots each is $1,000 each). Cents that do not
    divide go one each to the first properties in the order given, or, where the village's file
    says the Village bears them (`odd_cents = "village"`), every share is rounded down and the
    rest is the Village's own line.
    """
    check_cents(total, "The total to split")
    if odd_cents not in ODD_CENTS:
        raise InputError(
            f"Who bears the odd cents must be {' or '.join(map(repr, ODD_CENTS))}; got "
            f"{odd_cents!r}."
        )
    names = _check_parcels(parcels)
    steps = [
        Step(
            f"{spell_amount(total)} is divided by the number of properties, {len(names)}, "
            "one share per property whatever the number of its tax lots",
            VILLAGE_A_134_45F,
        )
    ]
    village_lines: tuple[VillageLine, ...] = ()
    if odd_cents == "village":
        share = (total / len(names)).quantize(CENT, rounding=ROUND_DOWN)
        amounts = [share] * len(names)
        rest = total - share * len(names)
        if rest:
            steps.append(
                Step(
                    f"Each share is rounded down to the cent, {spell_amount(share)}; the "
                    f"{spell_amount(rest)} that does not divide equally is borne by the Village, "
                    "so no property is charged more than the cost divided by the number of "
                    "properties"
                )
            )
            village_lines = (
                VillageLine(
                    "The cents that do not divide equally, borne by the Village",
                    rest,
                    VILLAGE_A_134_45F,
                ),
            )
    else:
        amounts = split_by_weights(total, [1] * len(names))
        if len(set(amounts)) > 1:
            extra = sum(1 for amount in amounts if amount == max(amounts))
            first = "first property" if extra == 1 else f"first {extra} properties"
            steps.append(
                Step(
                    f"The cents that do not divide evenly go one each to the {first} listed, so "
                    f"the shares add back to {spell_amount(total)}"
                )
            )
    shares = tuple(Share(name, amount) for name, amount in zip(names, amounts, strict=True))
    return Apportionment(total, shares, village_lines, steps=tuple(steps))


def split_by_count(
    total: Decimal, count: int, odd_cents: str = "first properties"
) -> Apportionment:
    """Village A § 134-45F among `count` properties numbered 1, 2, 3, ... in the order given."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InputError(
            f"The number of properties must be a whole number of at least 1; got {count}."
        )
    if count > MAX_PROPERTIES:
        raise InputError(f"At most {MAX_PROPERTIES:,} properties can share a cost; got {count:,}.")
    return split_among_properties(total, [str(n) for n in range(1, count + 1)], odd_cents)


# --- Palmyra § 8.03: the facts of a lot -------------------------------------------------


class Improvement(StrEnum):
    """The improvements Palmyra § 8.03 assesses by frontage or by abutting area."""

    SIDEWALK = "sidewalk"
    WATER_MAIN = "water main"
    SANITARY_SEWER = "sanitary sewer"
    CURB_AND_GUTTER = "curb and gutter"

    @property
    def subsection(self) -> str:
        return {
            Improvement.SIDEWALK: "(4)",
            Improvement.WATER_MAIN: "(5)",
            Improvement.SANITARY_SEWER: "(6)",
            Improvement.CURB_AND_GUTTER: "(8)",
        }[self]

    def cite(self, rest: str) -> str:
        """The Palmyra citation of a part of this improvement's subsection, e.g. "(c)5"."""
        return f"{PALMYRA}{self.subsection}{rest}"

    def frontage_rule(self, name: str) -> str:
        """The citation of one of this improvement's "Assessable Frontage" (c) paragraphs."""
        return self.cite(f"(c){_FRONTAGE_PARAGRAPHS[self][name]}")


# The numbered paragraphs of each subsection's "Assessable Frontage" (c), as the text prints
# them; the water main (5)(c) and sewer (6)(c) lists run in the same order.
_MAIN_PARAGRAPHS = {
    "corner": 1,
    "large corner": 2,
    "dual": 3,
    "opening": 4,
    "cul-de-sac": 5,
    "curved": 6,
    "exceptions": 7,
}
_FRONTAGE_PARAGRAPHS = {
    Improvement.SIDEWALK: {
        "corner": 1,
        "opening": 2,
        "cul-de-sac": 3,
        "curved": 4,
        "exceptions": 5,
    },
    Improvement.WATER_MAIN: _MAIN_PARAGRAPHS,
    Improvement.SANITARY_SEWER: _MAIN_PARAGRAPHS,
    Improvement.CURB_AND_GUTTER: {
        "corner": 1,
        "dual": 2,
        "opening": 3,
        "cul-de-sac": 4,
        "curved": 5,
        "exceptions": 6,
    },
}


class LotKind(StrEnum):
    """How a lot meets the streets, in the words of Palmyra § 8.03(1) and (5)(c)1.c."""

    INTERIOR = "interior"  # one street
    CORNER = "corner"  # "a public street right-of-way abutting 2 adjacent sides"
    DUAL_FRONTAGE = "dual-frontage"  # "abutting 2 nonadjacent sides"
    THREE_STREETS = "three-streets"  # "fronted by 3 streets"

    @property
    def sides(self) -> int:
        return {"interior": 1, "corner": 2, "dual-frontage": 2, "three-streets": 3}[self.value]


class Course(StrEnum):
    """The line of the street along one side of a lot."""

    STRAIGHT = "straight"
    CURVED = "curved"
    CUL_DE_SAC = "cul-de-sac"


@dataclass(frozen=True)
class Side:
    """One side of a lot along one street, as the surveyor measured it.

    `feet` is the frontage along the right-of-way line of a straight street. Along a curve
    the ordinance takes a different line for each improvement, so both are recorded:
    `arc_ft`, the arc distance of the right-of-way line (sidewalk, § 8.03(4)(c)3-4), and
    `chord_ft`, the chord distance of the building setback line where it meets the side lot
    lines (water main, sewer, curb and gutter, § 8.03(5)(c)5-6, (6)(c)5-6, (8)(c)4-5).
    """

    street: str
    feet: Decimal | None = None
    course: Course = Course.STRAIGHT
    arc_ft: Decimal | None = None
    chord_ft: Decimal | None = None
    # Sidewalk is assessed by area: the width of the walk along this side, in feet.
    walk_width_ft: Decimal | None = None
    # A newly created corner lot's side on a new street opening (the 132-foot exemption).
    new_street_opening: bool = False
    # Water main and sewer: this side gets the service connection or lateral.
    service_connection: bool = False
    # Curb and gutter: the lot has its primary access from this street.
    primary_access: bool = False


@dataclass(frozen=True)
class Lot:
    """A parcel in an assessment district and the facts the frontage rules need."""

    parcel: str
    kind: LotKind
    sides: tuple[Side, ...]
    # Whether the lot could be divided into more lots complying with the zoning ordinance.
    can_be_subdivided: bool = False
    # Water main and sewer, a large corner tract (§ 8.03(5)(c)2, (6)(c)2): the two sides of
    # the future corner lot that complies with the minimum zoning, assumed at the corner.
    future_corner_lot_ft: tuple[Decimal, Decimal] | None = None
    # Curb and gutter (§ 8.03(8)(b)5): the abutting property is zoned floodplain or lowland
    # conservancy, so the Village pays for its segment.
    floodplain_or_conservancy: bool = False
    # The 132-foot street-opening exemption ends when the new lot "is sold or transferred to
    # an heir or assignee within 5 years of the date of the final resolution".
    sold_within_five_years: bool = False
    # "Parcels which do not meet the above criteria will be handled on an individual basis":
    # the measure the Village decided, and where it was decided.
    individual_measure: Decimal | None = None
    individual_basis: str | None = None


@dataclass(frozen=True)
class Measure:
    """A lot's assessable frontage (feet) or area (square feet), with how it was found."""

    parcel: str
    value: Decimal
    steps: tuple[Step, ...]


def _side_length(lot: Lot, side: Side, improvement: Improvement, steps: list[Step]) -> Decimal:
    """One side's assessable length under the improvement's curve and street-opening rules."""
    where = f"Parcel {lot.parcel}, {side.street}"
    if side.course is Course.STRAIGHT:
        if side.feet is None:
            raise InputError(f"{where}: give the frontage in feet along the right-of-way line.")
        length = check_measure(side.feet, f"{where}: the frontage")
    else:
        rule = "cul-de-sac" if side.course is Course.CUL_DE_SAC else "curved"
        authority = improvement.frontage_rule(rule)
        if improvement is Improvement.SIDEWALK:
            if side.arc_ft is None:
                raise InputError(
                    f"{where}: along a {side.course.value} the sidewalk frontage is "
                    f"the arc distance of the right-of-way line ({authority}); give it."
                )
            length = check_measure(side.arc_ft, f"{where}: the arc distance")
            steps.append(
                Step(
                    f"{where} borders a {side.course.value}: the arc distance of the "
                    f"right-of-way line, {spell_number(length)} ft, is the frontage",
                    authority,
                )
            )
        else:
            if side.chord_ft is None:
                raise InputError(
                    f"{where}: along a {side.course.value} the {improvement.value} frontage is "
                    "the chord distance of the building setback line where it intersects the "
                    f"side lot lines ({authority}); give it."
                )
            length = check_measure(side.chord_ft, f"{where}: the chord distance")
            steps.append(
                Step(
                    f"{where} is on a {side.course.value}: the chord distance of the building "
                    f"setback line between the side lot lines, {spell_number(length)} ft, is "
                    "the frontage",
                    authority,
                )
            )
    if side.new_street_opening:
        authority = improvement.frontage_rule("opening")
        if lot.sold_within_five_years:
            steps.append(
                Step(
                    f"{where} is on a new street opening, but the lot was sold or transferred "
                    "within 5 years of the final resolution, so it is 100 percent assessable",
                    authority,
                )
            )
        else:
            exempt = min(length, NEW_STREET_EXEMPT_DEPTH_FT)
            steps.append(
                Step(
                    f"{where} is a new street opening: the newly created corner lot is exempt "
                    f"up to a 132 foot depth, so {spell_number(length)} ft less "
                    f"{spell_number(exempt)} ft leaves {spell_number(length - exempt)} ft",
                    authority,
                )
            )
            length -= exempt
    return length


def _check_lot(lot: Lot) -> None:
    if not str(lot.parcel).strip():
        raise InputError("A lot in the district has no parcel identifier.")
    if len(lot.sides) != lot.kind.sides:
        raise InputError(
            f"Parcel {lot.parcel} is a {lot.kind.value} lot, which has {lot.kind.sides} "
            f"street side{'s' if lot.kind.sides > 1 else ''}; {len(lot.sides)} were given."
        )


def _individual(lot: Lot, improvement: Improvement) -> Measure | None:
    """The measure set for a lot handled "on an individual basis" under the Exceptions rule."""
    if lot.individual_measure is None:
        return None
    if not lot.individual_basis:
        raise InputError(
            f"Parcel {lot.parcel}: say where the Village decided its individual measure "
            "(the resolution or decision), so the assessment can cite it."
        )
    value = check_measure(lot.individual_measure, f"Parcel {lot.parcel}: the individual measure")
    unit = "sq ft" if improvement is Improvement.SIDEWALK else "ft"
    step = Step(
        f"Parcel {lot.parcel} does not meet the criteria and is handled on an individual "
        f"basis: {spell_number(value)} {unit}, as decided in {lot.individual_basis}",
        improvement.frontage_rule("exceptions"),
    )
    return Measure(lot.parcel, value, (step,))


def sidewalk_area(lot: Lot) -> Measure:
    """Palmyra § 8.03(4): the abutting square footage of sidewalk of one property.

    "(4)(a) The basis for sidewalk assessments shall be by the assessable square footage".
    Each side's frontage (the arc distance on a cul-de-sac or curved street, (c)3-4, less
    the 132-foot new-street exemption, (c)2) times the walk's width gives its area; a
    corner lot is assessed on "the frontage of both sides of the parcel" ((c)1), and so on
    every side a walk abuts.
    """
    _check_lot(lot)
    found = _individual(lot, Improvement.SIDEWALK)
    if found:
        return found
    steps: list[Step] = []
    total = Decimal(0)
    for side in lot.sides:
        length = _side_length(lot, side, Improvement.SIDEWALK, steps)
        if side.walk_width_ft is None:
            raise InputError(
                f"Parcel {lot.parcel}, {side.street}: give the sidewalk's width in feet; "
                "sidewalk is assessed by square feet (Palmyra § 8.03(4)(a))."
            )
        width = check_measure(
            side.walk_width_ft, f"Parcel {lot.parcel}, {side.street}: the walk's width"
        )
        area = length * width
        steps.append(
            Step(
                f"Parcel {lot.parcel}, {side.street}: {spell_number(length)} ft x "
                f"{spell_number(width)} ft = {spell_number(area)} sq ft of abutting sidewalk"
            )
        )
        total += area
    if lot.kind is LotKind.CORNER:
        steps.append(
            Step(
                f"Parcel {lot.parcel} is a corner lot: both sides are assessed, "
                f"{spell_number(total)} sq ft in all",
                Improvement.SIDEWALK.frontage_rule("corner"),
            )
        )
    return Measure(lot.parcel, total, tuple(steps))


def _average(a: Decimal, b: Decimal) -> Decimal:
    return (a + b) / 2


def main_frontage(lot: Lot, main: Improvement) -> Measure:
    """Palmyra § 8.03(5)(c) and (6)(c): a lot's assessable frontage for a water main or sewer.

    Corner lots: "adjusted by averaging the frontage of both sides of the parcel" whether
    the main is in one street or both (c)1.a-b; three streets: "averaging the longest and
    shortest sides" (c)1.c; a large corner tract: a future corner lot complying with the
    zoning is assumed and averaged, and "The balance of the frontage shall be considered
    to be full assessable linear frontage" (c)2; dual frontage (c)3 as below; cul-de-sacs
    and curved streets use the chord distance of the building setback line (c)5-6.
    """
    if main not in (Improvement.WATER_MAIN, Improvement.SANITARY_SEWER):
        raise ValueError(f"{main} is not a main")
    _check_lot(lot)
    found = _individual(lot, main)
    if found:
        return found
    steps: list[Step] = []
    lengths = [_side_length(lot, side, main, steps) for side in lot.sides]
    parcel = f"Parcel {lot.parcel}"
    if lot.future_corner_lot_ft is not None:
        if lot.kind is not LotKind.CORNER:
            raise InputError(f"{parcel}: a future corner lot is assumed only on a corner lot.")
        first, second = (
            check_measure(length, f"{parcel}: the future corner lot's side", allow_zero=False)
            for length in lot.future_corner_lot_ft
        )
        balance = sum(lengths, Decimal(0)) - first - second
        if balance < 0:
            raise InputError(
                f"{parcel}: the future corner lot's sides ({spell_number(first)} ft and "
                f"{spell_number(second)} ft) are longer than the tract's frontage."
            )
        value = _average(first, second) + balance
        steps.append(
            Step(
                f"{parcel} is a large corner tract: the assumed future corner lot's sides "
                f"average ({spell_number(first)} + {spell_number(second)}) / 2 = "
                f"{spell_number(_average(first, second))} ft, and the balance of "
                f"{spell_number(balance)} ft is full frontage: {spell_number(value)} ft",
                main.frontage_rule("large corner"),
            )
        )
    elif lot.kind is LotKind.INTERIOR:
        value = lengths[0]
        steps.append(Step(f"{parcel}: {spell_number(value)} ft of frontage", main.cite("(a)")))
    elif lot.kind is LotKind.CORNER:
        value = _average(*lengths)
        steps.append(
            Step(
                f"{parcel} is a corner lot: the frontage of both sides is averaged, "
                f"({spell_number(lengths[0])} + {spell_number(lengths[1])}) / 2 = "
                f"{spell_number(value)} ft, whether the {main.value} is in one street or both",
                main.frontage_rule("corner"),
            )
        )
    elif lot.kind is LotKind.THREE_STREETS:
        value = _average(max(lengths), min(lengths))
        steps.append(
            Step(
                f"{parcel} is fronted by 3 streets: the longest and shortest sides are "
                f"averaged, ({spell_number(max(lengths))} + {spell_number(min(lengths))}) / 2 "
                f"= {spell_number(value)} ft",
                main.cite("(c)1.c"),
            )
        )
    else:
        value = _dual_frontage_main(lot, main, lengths, steps)
    return Measure(lot.parcel, value, tuple(steps))


def _dual_frontage_main(
    lot: Lot, main: Improvement, lengths: list[Decimal], steps: list[Step]
) -> Decimal:
    """§ 8.03(5)(c)3 / (6)(c)3: the frontage with the service connection, or both."""
    authority = main.frontage_rule("dual")
    served = [i for i, side in enumerate(lot.sides) if side.service_connection]
    parcel = f"Parcel {lot.parcel}"
    if not served:
        raise InputError(
            f"{parcel} has frontage on 2 streets: mark the street with the service connection "
            f"({authority})."
        )
    if not lot.can_be_subdivided:
        if len(served) != 1:
            raise InputError(
                f"{parcel} cannot be subdivided, so only the frontage on the street with the "
                f"service connection is assessed ({authority}); mark one street, not both."
            )
        index = served[0]
        steps.append(
            Step(
                f"{parcel} has frontage on 2 streets and cannot be subdivided: only the "
                f"frontage on {lot.sides[index].street}, which has the service connection, "
                f"{spell_number(lengths[index])} ft",
                authority,
            )
        )
        return lengths[index]
    value = sum((lengths[i] for i in served), Decimal(0))
    if len(served) == 2:
        text = f"both frontages are assessed, {spell_number(value)} ft"
    else:
        other = lot.sides[1 - served[0]].street
        text = (
            f"only the frontage with a service connection is assessed now, "
            f"{spell_number(value)} ft; a future connection from {other} is assessed and "
            "deferred then under sub. (3)(c)"
        )
    steps.append(Step(f"{parcel} has frontage on 2 streets and can be split: {text}", authority))
    return value


def curb_frontage(lot: Lot) -> Measure:
    """Palmyra § 8.03(8)(c): a lot's assessable frontage for curb and gutter.

    Corner lots: "the frontage of both sides of the parcel" (c)1. Dual frontage: "the
    frontage on the street to which the lot or parcel has primary access only if the lot or
    parcel cannot be subdivided" (c)2 (a lot that can be subdivided is assessed on both).
    Cul-de-sacs and curved streets: the chord distance of the building setback line (c)4-5.
    The ordinance has no rule for a lot on three streets: it is handled on an individual
    basis (c)6.
    """
    improvement = Improvement.CURB_AND_GUTTER
    _check_lot(lot)
    found = _individual(lot, improvement)
    if found:
        return found
    parcel = f"Parcel {lot.parcel}"
    if lot.kind is LotKind.THREE_STREETS:
        raise InputError(
            f"{parcel} is on 3 streets, which § 8.03(8)(c) does not provide for: it is handled "
            f"on an individual basis ({improvement.frontage_rule('exceptions')}); give the "
            "measure the Village decided."
        )
    steps: list[Step] = []
    lengths = [_side_length(lot, side, improvement, steps) for side in lot.sides]
    if lot.kind is LotKind.INTERIOR:
        value = lengths[0]
        steps.append(
            Step(f"{parcel}: {spell_number(value)} ft of frontage", improvement.cite("(a)"))
        )
    elif lot.kind is LotKind.CORNER:
        value = sum(lengths, Decimal(0))
        steps.append(
            Step(
                f"{parcel} is a corner lot: the frontage of both sides, "
                f"{spell_number(lengths[0])} + {spell_number(lengths[1])} = "
                f"{spell_number(value)} ft",
                improvement.frontage_rule("corner"),
            )
        )
    elif lot.can_be_subdivided:
        value = sum(lengths, Decimal(0))
        steps.append(
            Step(
                f"{parcel} has frontage on 2 streets and can be subdivided, so the "
                f"primary-access rule does not apply: both frontages, {spell_number(value)} ft",
                improvement.frontage_rule("dual"),
            )
        )
    else:
        primary = [i for i, side in enumerate(lot.sides) if side.primary_access]
        if len(primary) != 1:
            raise InputError(
                f"{parcel} has frontage on 2 streets and cannot be subdivided: mark the one "
                f"street of its primary access ({improvement.frontage_rule('dual')})."
            )
        value = lengths[primary[0]]
        steps.append(
            Step(
                f"{parcel} has frontage on 2 streets and cannot be subdivided: only the frontage "
                f"on {lot.sides[primary[0]].street}, its primary access, "
                f"{spell_number(value)} ft",
                improvement.frontage_rule("dual"),
            )
        )
    return Measure(lot.parcel, value, tuple(steps))


# --- Palmyra § 8.03: the kinds of work and their assessable percentages -------------------


class SidewalkWork(StrEnum):
    """Palmyra § 8.03(4)(b): what was done, which sets the assessable share."""

    NEW = "new"
    RECONSTRUCTION = "reconstruction"
    REPLACEMENT_WITHIN_5_YEARS = "replacement-within-5-years"


class CurbWork(StrEnum):
    """Palmyra § 8.03(8)(b): what was done, which sets the assessable share."""

    RECONSTRUCTION = "reconstruction"
    NEW_ON_EXISTING_STREET = "new-on-existing-street"
    NEW_DEVELOPMENT = "new-development"
    REPLACEMENT_WITHIN_5_YEARS = "replacement-within-5-years"


_SIDEWALK_PERCENT = {
    SidewalkWork.NEW: (
        Decimal(100),
        "(4)(b)6",
        "New sidewalk is 100 percent assessable to property owner",
    ),
    SidewalkWork.RECONSTRUCTION: (
        Decimal(50),
        "(4)(b)3",
        "When an existing sidewalk is reconstructed, repaired, or replaced or relocated, the "
        "total assessable cost shall be 50 percent of the total project cost",
    ),
    SidewalkWork.REPLACEMENT_WITHIN_5_YEARS: (
        Decimal(25),
        "(4)(b)5",
        "Replacement of public sidewalk within 5 years of its initial placement shall be "
        "assessed at a cost of 25 percent of the total project cost",
    ),
}

_CURB_PERCENT = {
    CurbWork.RECONSTRUCTION: (
        Decimal(50),
        "(8)(b)2",
        "When existing curb and gutter is reconstructed, repaired, or replaced, the total "
        "assessable cost shall be 50 percent of the total project costs",
    ),
    CurbWork.NEW_ON_EXISTING_STREET: (
        Decimal(50),
        "(8)(b)3",
        "New curb and gutter for all existing Village streets as of June 1, 1997, is 50 "
        "percent assessable to property owner",
    ),
    CurbWork.NEW_DEVELOPMENT: (
        Decimal(100),
        "(8)(b)4",
        "The developer or owner of any new development within the Village shall be "
        "responsible for the full cost of all curb and gutter improvements",
    ),
    CurbWork.REPLACEMENT_WITHIN_5_YEARS: (
        Decimal(25),
        "(8)(b)6",
        "Replacement of curb and gutter within 5 years of its initial placement shall be "
        "assessed at a cost of 25 percent of the total project cost",
    ),
}


@dataclass(frozen=True)
class VillageMeasure:
    """A part of the improvement the Village pays for, measured like the lots' parts."""

    label: str
    value: Decimal
    authority: str


def _apportion_measured(
    total: Decimal,
    measures: Sequence[Measure],
    *,
    unit: str,
    basis: Step,
    percent: Decimal = Decimal(100),
    percent_step: Step | None = None,
    village_measures: Sequence[VillageMeasure] = (),
    village_share_authority: str | None = None,
) -> Apportionment:
    """Share a project cost by measure, the Village paying its own parts and its percentage.

    First the parts the Village pays for outright (intersections, floodplain segments) take
    their share of the project cost by measure; the assessable percentage then applies to
    the rest, whose remainder is the Village's share; the assessable amount is shared among
    the lots at the exact rate per unit (total / total measure, "applied by multiplying the
    rate by the abutting square footage" in § 8.03(4)(b)2's words).
    """
    check_cents(total, "The project cost")
    _check_parcels([m.parcel for m in measures])
    steps: list[Step] = [basis]
    for measure in measures:
        steps.extend(measure.steps)
    lots_measure = sum((m.value for m in measures), Decimal(0))
    village_measure = sum((v.value for v in village_measures), Decimal(0))
    if lots_measure <= 0:
        raise InputError(f"The properties measure 0 {unit} in all; there is nothing to assess.")
    village_lines: list[VillageLine] = []
    abutting = total
    if village_measure > 0:
        weights = [lots_measure, *(v.value for v in village_measures)]
        parts = split_by_weights(total, weights)
        abutting = parts[0]
        for part, village in zip(parts[1:], village_measures, strict=True):
            village_lines.append(
                VillageLine(
                    f"Village pays: {village.label} ({spell_number(village.value)} {unit})",
                    part,
                    village.authority,
                    village.value,
                )
            )
        steps.append(
            Step(
                f"The Village's own parts measure {spell_number(village_measure)} {unit} of "
                f"{spell_number(lots_measure + village_measure)} {unit}: "
                f"{spell_amount(total - abutting)} of the {spell_amount(total)} project cost is "
                f"the Village's, leaving {spell_amount(abutting)} for the abutting properties"
            )
        )
    assessable = abutting if percent == 100 else percent_of(abutting, percent)
    if percent_step is not None:
        steps.append(percent_step)
    if assessable != abutting:
        steps.append(
            Step(
                f"{spell_percent(percent)} of {spell_amount(abutting)} is assessable: "
                f"{spell_amount(assessable)}; the Village's share is "
                f"{spell_amount(abutting - assessable)}"
            )
        )
        village_lines.append(
            VillageLine(
                f"Village's share: the {spell_percent(100 - percent)} not assessable",
                abutting - assessable,
                village_share_authority or basis.authority or PALMYRA,
            )
        )
    amounts = split_by_weights(assessable, [m.value for m in measures])
    rate = Fraction(assessable) / Fraction(lots_measure)
    steps.append(
        Step(
            f"Rate: {spell_amount(assessable)} / {spell_number(lots_measure)} {unit} = "
            f"{_spell_rate(rate)} per {unit}, multiplied by each property's {unit}; the "
            "cents left over go one each to the largest remainders so the shares add back "
            f"to {spell_amount(assessable)}"
        )
    )
    shares = tuple(
        Share(m.parcel, amount, m.value) for m, amount in zip(measures, amounts, strict=True)
    )
    return Apportionment(total, shares, tuple(village_lines), unit, tuple(steps))


def _spell_rate(rate: Fraction) -> str:
    """A rate per unit as an explanation shows it: to the cent when exact, else to 6 places."""
    if (rate * 100).denominator == 1:
        return spell_amount(to_cents(rate))
    places = Decimal(rate.numerator) / Decimal(rate.denominator)
    return f"about ${places:,.6f}"


def apportion_sidewalk(
    total: Decimal,
    work: SidewalkWork,
    lots: Sequence[Lot],
    *,
    intersection_sqft: Decimal = Decimal(0),
) -> Apportionment:
    """Palmyra § 8.03(4): a sidewalk project's cost shared by abutting square feet.

    (b)2: "dividing the total project cost by the total assessable square footage of
    sidewalk of properties abutting the improvement. The resulting rate per square foot
    shall be applied by multiplying the rate by the abutting square footage"; the
    assessable share is 100, 50 or 25 percent by the kind of work ((b)6, (b)3, (b)5); "The
    Village shall be responsible for paying for the intersection portion" ((c)1, (c)3).
    """
    percent, where, words = _SIDEWALK_PERCENT[SidewalkWork(work)]
    village = []
    if check_measure(intersection_sqft, "The intersection area") > 0:
        village.append(
            VillageMeasure(
                "the intersection portion of the sidewalk",
                intersection_sqft,
                Improvement.SIDEWALK.frontage_rule("corner"),
            )
        )
    return _apportion_measured(
        total,
        [sidewalk_area(lot) for lot in lots],
        unit="sq ft",
        basis=Step(
            "Sidewalk is assessed by the abutting square footage of each property",
            f"{PALMYRA}(4)(a)-(b)2",
        ),
        percent=percent,
        percent_step=Step(f'"{words}"', f"{PALMYRA}{where}"),
        village_measures=village,
        village_share_authority=f"{PALMYRA}{where}",
    )


class Zoning(StrEnum):
    """The zoning classes § 8.03(5)(b)1 and (6)(b)1 name for a front foot assessment."""

    RESIDENTIAL = "residential"
    COMMERCIAL = "commercial"
    INSTITUTIONAL = "institutional"
    INDUSTRIAL = "industrial"


# Palmyra § 8.03(5)(b)1: "The minimum equivalent diameter size main for residential purposes
# shall be 6 inches and the minimum equivalent diameter size main for commercial, industrial,
# or institutional purposes shall be 8 inches"; (6)(b)1 for sanitary sewer: 8 and 10 inches.
MINIMUM_EQUIVALENT_INCHES = {
    Improvement.WATER_MAIN: {
        Zoning.RESIDENTIAL: 6,
        Zoning.COMMERCIAL: 8,
        Zoning.INDUSTRIAL: 8,
        Zoning.INSTITUTIONAL: 8,
    },
    Improvement.SANITARY_SEWER: {
        Zoning.RESIDENTIAL: 8,
        Zoning.COMMERCIAL: 10,
        Zoning.INDUSTRIAL: 10,
        Zoning.INSTITUTIONAL: 10,
    },
}


@dataclass(frozen=True)
class BoardRate:
    """The Village Board's front foot rate for one zoning class: the equivalent size main the
    class is assessed on and the rate per foot the Board determined for it."""

    zoning: Zoning
    inches: int
    per_foot: Decimal


@dataclass(frozen=True)
class FrontFootAssessment:
    """A main's front foot assessments at the Board's rates, what is carried to a separate area
    acreage wide assessment, and what neither recovers, the Village's share."""

    split: Apportionment
    area_wide: Decimal
    rates: tuple[BoardRate, ...]
    inches: dict[str, int]


def _check_board_rates(main: Improvement, rates: Sequence[BoardRate]) -> dict[Zoning, BoardRate]:
    found: dict[Zoning, BoardRate] = {}
    for rate in rates:
        if rate.zoning in found:
            raise InputError(f"The Board's rate for {rate.zoning} properties is given twice.")
        minimum = MINIMUM_EQUIVALENT_INCHES[main][rate.zoning]
        if rate.inches < minimum:
            raise InputError(
                f"The Board's rate for {rate.zoning} properties is on a {rate.inches}-inch "
                f"equivalent {main.value}; the minimum equivalent diameter size for "
                f"{rate.zoning} purposes is {minimum} inches ({main.cite('(b)1')})."
            )
        check_cents(rate.per_foot, f"The Board's rate per foot for {rate.zoning} properties")
        if rate.per_foot <= 0:
            raise InputError(
                f"The Board's rate per foot for {rate.zoning} properties must be more than $0.00."
            )
        found[rate.zoning] = rate
    return found


def assess_main_at_board_rates(
    front_foot_cost: Decimal,
    area_wide_cost: Decimal,
    main: Improvement,
    main_inches: int,
    lots: Sequence[tuple[Lot, Zoning]],
    rates: Sequence[BoardRate],
) -> FrontFootAssessment:
    """Palmyra § 8.03(5)(b) and (6)(b): a main's front foot assessments at the Board's rates.

    (b)1: "The front foot assessment ... shall be based on the equivalent size water main [or
    sanitary sewer] required to service the properties ... The assessment rates shall be
    determined by the Village Board", never below the minimum equivalent size of the
    property's zoning class; each lot pays its assessable frontage times the Board's rate for
    its class, rounded once to the cent. (5)(b)3: costs that benefit an entire area, such as
    main oversizing, "shall not be assessed on the basis of a front foot assessment but shall
    be assessed separately as an area acreage wide assessment": a water main larger than the
    equivalent size a lot is assessed on has oversizing, which must be stated. (For the sewer
    the Board may levy an area acreage assessment under (6)(b)2.) What the front foot
    assessments do not recover of the front foot cost is the Village's share; rates that would
    recover more than that cost are refused.
    """
    if main not in (Improvement.WATER_MAIN, Improvement.SANITARY_SEWER):
        raise ValueError(f"{main} is not a main")
    check_cents(front_foot_cost, "The front foot project cost")
    check_cents(area_wide_cost, "The area-wide cost")
    by_zoning = _check_board_rates(main, rates)
    _check_parcels([lot.parcel for lot, _ in lots])
    steps: list[Step] = [
        Step(
            f"The {main.value} is assessed by front foot at the rates the Village Board "
            f"determined, on the equivalent size {main.value} required to service each "
            "property's zoning class",
            main.cite("(b)1"),
        )
    ]
    for rate in rates:
        steps.append(
            Step(
                f"The Board's rate for {rate.zoning} properties, on the {rate.inches}-inch "
                f"equivalent {main.value} (the minimum is "
                f"{MINIMUM_EQUIVALENT_INCHES[main][rate.zoning]} inches): "
                f"{spell_amount(rate.per_foot)} per ft",
                main.cite("(b)1"),
            )
        )
    shares: list[Share] = []
    inches: dict[str, int] = {}
    for lot, zoning in lots:
        rate = by_zoning.get(zoning)
        if rate is None:
            raise InputError(
                f"Parcel {lot.parcel} is zoned {zoning}, and the Board's rates give none for "
                f"{zoning} properties ({main.cite('(b)1')})."
            )
        measure = main_frontage(lot, main)
        steps.extend(measure.steps)
        amount = to_cents(Fraction(measure.value) * Fraction(rate.per_foot))
        steps.append(
            Step(
                f"Parcel {lot.parcel}, {zoning}: {spell_number(measure.value)} ft x "
                f"{spell_amount(rate.per_foot)} = {spell_amount(amount)}"
            )
        )
        shares.append(Share(lot.parcel, amount, measure.value))
        inches[lot.parcel] = rate.inches
    owners = sum((share.amount for share in shares), Decimal(0))
    if owners > front_foot_cost:
        raise InputError(
            f"At the Board's rates the front foot assessments come to {spell_amount(owners)}, "
            f"more than the {spell_amount(front_foot_cost)} front foot cost of the project; "
            f"only the assessable costs are assessed back to the district "
            f"({main.cite('(b)2' if main is Improvement.WATER_MAIN else '(b)3')})."
        )
    oversized = sorted({n for n in inches.values() if n < main_inches})
    if main is Improvement.WATER_MAIN and oversized and area_wide_cost <= 0:
        raise InputError(
            f"The {main_inches}-inch water main is larger than the "
            f"{oversized[0]}-inch equivalent size some properties are assessed on; give the "
            "main oversizing cost as area_wide_costs: it is assessed separately as an area "
            f"acreage wide assessment, not by front foot ({main.cite('(b)3')})."
        )
    village = front_foot_cost - owners
    village_lines: tuple[VillageLine, ...] = ()
    if village > 0:
        village_lines = (
            VillageLine(
                "The front foot cost the assessments at the Board's rates do not recover",
                village,
                main.cite("(b)1"),
            ),
        )
    steps.append(
        Step(
            f"Assessed by front foot: {spell_amount(owners)} of the "
            f"{spell_amount(front_foot_cost)} front foot cost; the Village's share is "
            f"{spell_amount(village)}"
        )
    )
    if area_wide_cost > 0:
        steps.append(
            Step(
                f"{spell_amount(area_wide_cost)} of costs that benefit an entire area is not "
                "assessed by front foot but separately as an area acreage wide assessment",
                main.cite("(b)3" if main is Improvement.WATER_MAIN else "(b)2"),
            )
        )
    split = Apportionment(front_foot_cost, tuple(shares), village_lines, "ft", tuple(steps))
    return FrontFootAssessment(split, area_wide_cost, tuple(rates), inches)


def apportion_curb_and_gutter(
    total: Decimal,
    work: CurbWork,
    lots: Sequence[Lot],
    *,
    intersection_ft: Decimal = Decimal(0),
) -> Apportionment:
    """Palmyra § 8.03(8): a curb and gutter project's cost by assessable frontage.

    (b)5: "The Village shall be responsible for all curb and gutter improvement costs for
    intersections and those segments where the abutting property is zoned floodplain or
    lowland conservancy"; the assessable share of the rest is 50, 100 or 25 percent by the
    kind of work ((b)2-4, (b)6).
    """
    improvement = Improvement.CURB_AND_GUTTER
    percent, where, words = _CURB_PERCENT[CurbWork(work)]
    village: list[VillageMeasure] = []
    if check_measure(intersection_ft, "The intersection length") > 0:
        village.append(VillageMeasure("intersections", intersection_ft, improvement.cite("(b)5")))
    measures: list[Measure] = []
    for lot in lots:
        measure = curb_frontage(lot)
        if lot.floodplain_or_conservancy:
            village.append(
                VillageMeasure(
                    f"the segment at parcel {lot.parcel}, zoned floodplain or lowland conservancy",
                    measure.value,
                    improvement.cite("(b)5"),
                )
            )
            measure = Measure(
                lot.parcel,
                Decimal(0),
                (
                    *measure.steps,
                    Step(
                        f"Parcel {lot.parcel} is zoned floodplain or lowland conservancy: the "
                        "Village pays for its segment",
                        improvement.cite("(b)5"),
                    ),
                ),
            )
        measures.append(measure)
    return _apportion_measured(
        total,
        measures,
        unit="ft",
        basis=Step(
            "Curb and gutter is assessed by the assessable frontage of each property",
            improvement.cite("(a)"),
        ),
        percent=percent,
        percent_step=Step(f'"{words}"', f"{PALMYRA}{where}"),
        village_measures=village,
        village_share_authority=f"{PALMYRA}{where}",
    )


class UnitWork(StrEnum):
    """The per-unit assessments of Palmyra § 8.03."""

    WATER_SERVICES = "water services"
    SEWER_LATERALS = "sanitary sewer laterals"
    WATER_MAIN_UNITS = "water main (unit basis)"
    SEWER_MAIN_UNITS = "sanitary sewer (unit basis)"

    @property
    def authority(self) -> str:
        return {
            UnitWork.WATER_SERVICES: f"{PALMYRA}(5)(d)2",
            UnitWork.SEWER_LATERALS: f"{PALMYRA}(6)(d)2",
            UnitWork.WATER_MAIN_UNITS: f"{PALMYRA}(5)(b)4",
            UnitWork.SEWER_MAIN_UNITS: f"{PALMYRA}(6)(b)4",
        }[self]


def apportion_per_unit(
    total: Decimal, work: UnitWork, units: Sequence[tuple[str, int]]
) -> Apportionment:
    """Palmyra § 8.03(5)(d)2, (6)(d)2 and the unit method of (5)(b)4, (6)(b)4.

    "The charge per unit shall be computed by dividing total sanitary sewer lateral project
    costs by the number of sewer laterals constructed and installed in the assessment
    district" (and the same for water services); each property pays for its units.
    """
    check_cents(total, "The project cost")
    counts = []
    for parcel, count in units:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise InputError(
                f"Parcel {parcel}: the number of units must be a whole number, 0 or more."
            )
        counts.append(count)
    names = _check_parcels([parcel for parcel, _ in units])
    all_units = sum(counts)
    if all_units == 0:
        raise InputError(f"No {work.value} were counted; there is nothing to assess.")
    amounts = split_by_weights(total, counts)
    steps = (
        Step(
            f"The {work.value} cost is shared per unit: {spell_amount(total)} / {all_units} "
            f"unit{'s' if all_units != 1 else ''} = {_spell_rate(Fraction(total) / all_units)} "
            "per unit; the cents left over go one each to the largest remainders so the "
            "shares add back to the total",
            work.authority,
        ),
    )
    shares = tuple(
        Share(name, amount, Decimal(count))
        for name, amount, count in zip(names, amounts, counts, strict=True)
    )
    return Apportionment(total, shares, (), "units", steps)


def apportion_by_acreage(
    total: Decimal, main: Improvement, acres: Sequence[tuple[str, Decimal]]
) -> Apportionment:
    """Palmyra § 8.03(5)(b)3 and (6)(b)2: costs that benefit an entire area, by acreage.

    "Costs that benefit an entire area shall not be assessed on the basis of a front foot
    assessment but shall be assessed separately as an area acreage wide assessment".
    """
    if main not in (Improvement.WATER_MAIN, Improvement.SANITARY_SEWER):
        raise ValueError(f"{main} is not a main")
    authority = main.cite("(b)3" if main is Improvement.WATER_MAIN else "(b)2")
    measures = [
        Measure(parcel, check_measure(value, f"Parcel {parcel}: the acreage"), ())
        for parcel, value in acres
    ]
    return _apportion_measured(
        total,
        measures,
        unit="acres",
        basis=Step(f"The area-wide {main.value} cost is assessed by acreage", authority),
    )


def private_sidewalk_regrade_charge(cost: Decimal) -> Decimal:
    """Palmyra § 8.03(4)(b)4: private walk replaced to meet a new public grade, 50% assessable.

    "those portions of the private sidewalk which must be removed and replaced in order to
    safely meet the grade of the new public sidewalk shall be 50 percent assessable to the
    property owner".
    """
    return percent_of(check_cents(cost, "The private sidewalk's cost"), Decimal(50))
