"""The Village of Palmyra's assessment computation schedules by district (Ch. 8, § 8.03(5)-(8)).

- Water main (§ 8.03(5)) and sanitary sewer (§ 8.03(6)) by assessable frontage, with the
  corner-lot, three-street, large-corner, dual-frontage, street-opening, cul-de-sac and
  curved-street rules of their paragraphs (c).
- Sanitary sewer laterals per unit (§ 8.03(6)(d)2; the brief's "§ 8.03(7)" is the street
  improvement subsection, which has no computation).
- Curb and gutter by assessable frontage (§ 8.03(8)), the Village paying intersections,
  floodplain or lowland conservancy segments and the part not assessable on its own lines.

The shares come from `noticeclerk.rules.apportion`, to the cent. A computation receives only
the case's facts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.computations.palmyra_assessment import split_lot_line
from noticeclerk.exceptions import InputError
from noticeclerk.rules.apportion import (
    Apportionment,
    Course,
    CurbWork,
    Improvement,
    Lot,
    Side,
    UnitWork,
    apportion_curb_and_gutter,
    apportion_main_by_frontage,
    apportion_per_unit,
)
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import check_cents, check_measure, spell_number

LOT_FORM = (
    "parcel id | interior, corner, dual-frontage or three-streets | one part per street side, "
    "'Street name: 80 ft' (frontage along the right-of-way line) or on a curve 'Street name: "
    "curved chord 62 ft' or 'Street name: cul-de-sac chord 45 ft' (the chord distance of the "
    "building setback line), followed by [service], [primary] or [new street] where they "
    "apply; then, where they apply, the words can-be-subdivided, floodplain or "
    "sold-within-5-years"
)
_SIDE = re.compile(
    r"^(?P<street>[^:]+):\s*(?:(?P<course>curved|cul-de-sac)\s+chord\s+)?"
    r"(?P<length>\d+(?:\.\d+)?)\s*ft(?P<marks>(?:\s*\[[a-z ]+\])*)$"
)
_MARKS = {"service", "primary", "new street"}
_LOT_WORDS = {"can-be-subdivided", "floodplain", "sold-within-5-years"}
_CURB_WORK_WORDS = {
    CurbWork.RECONSTRUCTION: "reconstruction, repair or replacement of existing curb and gutter",
    CurbWork.NEW_ON_EXISTING_STREET: "new curb and gutter on a Village street existing as of "
    "June 1, 1997",
    CurbWork.NEW_DEVELOPMENT: "curb and gutter within the right-of-way of a new development",
    CurbWork.REPLACEMENT_WITHIN_5_YEARS: "replacement of curb and gutter within 5 years of its "
    "initial placement",
}


def frontage_lot(line: str) -> Lot:
    """One line of the fact 'lots', read as the apportionment engine's Lot."""
    parcel, kind, rest = split_lot_line(line, LOT_FORM)
    words = {part for part in rest if part in _LOT_WORDS}
    sides = []
    for text in (part for part in rest if part not in _LOT_WORDS):
        found = _SIDE.match(text)
        if not found:
            raise InputError(f"The lot line '{line}': '{text}' is not written as {LOT_FORM}.")
        marks = set(re.findall(r"\[([a-z ]+)\]", found["marks"]))
        if marks - _MARKS:
            raise InputError(
                f"The lot line '{line}': the marks {sorted(marks - _MARKS)} are not "
                "[service], [primary] or [new street]."
            )
        length = Decimal(found["length"])
        street = found["street"].strip()
        flags = {
            "service_connection": "service" in marks,
            "primary_access": "primary" in marks,
            "new_street_opening": "new street" in marks,
        }
        if found["course"]:
            sides.append(Side(street, course=Course(found["course"]), chord_ft=length, **flags))
        else:
            sides.append(Side(street, feet=length, **flags))
    return Lot(
        parcel,
        kind,
        tuple(sides),
        can_be_subdivided="can-be-subdivided" in words,
        floodplain_or_conservancy="floodplain" in words,
        sold_within_five_years="sold-within-5-years" in words,
    )


def _costs(facts: Mapping[str, Any], authority: str) -> Bill:
    costs = Bill(
        tuple(
            BillLine(
                line["description"], check_cents(line["amount"], "A project cost line"), authority
            )
            for line in facts["project_costs"]
        )
    )
    if costs.total <= 0:
        raise InputError("The total project cost must be more than $0.00.")
    return costs


def _schedule(costs: Bill, split: Apportionment) -> dict[str, Any]:
    """The figures every district schedule prints."""
    owners_total = sum((share.amount for share in split.shares), Decimal(0))
    village_total = sum((line.amount for line in split.village_lines), Decimal(0))
    if owners_total + village_total != costs.total:  # pragma: no cover - the engine adds back
        raise InputError("The shares do not add back to the project cost.")
    return {
        "costs": bill_context(costs),
        "unit": split.unit,
        "total_measure": spell_number(
            sum((share.measure or Decimal(0) for share in split.shares), Decimal(0))
        ),
        "shares": [
            {
                "parcel": share.parcel,
                "measure": spell_number(share.measure),
                "amount": share.amount,
            }
            for share in split.shares
        ],
        "owners_total": owners_total,
        "village_lines": [
            {"label": line.label, "amount": line.amount, "authority": line.authority}
            for line in split.village_lines
        ],
        "village_total": village_total,
        "total": costs.total,
        "steps": [{"text": step.text, "authority": step.authority} for step in split.steps],
    }


def _main_schedule(facts: Mapping[str, Any], main: Improvement) -> dict[str, Any]:
    costs = _costs(facts, main.cite("(b)2" if main is Improvement.WATER_MAIN else "(b)3"))
    lots = [frontage_lot(line) for line in facts["lots"]]
    return _schedule(costs, apportion_main_by_frontage(costs.total, main, lots))


@computation("palmyra_water_main_assessment_schedule")
def palmyra_water_main_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(5): a water main's district cost shared by assessable frontage.

    (b)2: the water main, valve, hydrant and appurtenance costs and the inspection,
    engineering, legal, restoration and administrative costs "shall also be assessed back to
    the respective assessment district"; (c)1: a corner lot's frontage is "adjusted by
    averaging the frontage of both sides of the parcel".
    """
    facts = case.facts
    return _main_schedule(facts, Improvement.WATER_MAIN)


@computation("palmyra_sewer_main_assessment_schedule")
def palmyra_sewer_main_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(6): a sanitary sewer's district cost shared by assessable frontage ((b)3, (c))."""
    facts = case.facts
    return _main_schedule(facts, Improvement.SANITARY_SEWER)


@computation("palmyra_sewer_lateral_assessment_schedule")
def palmyra_sewer_lateral_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(6)(d)2: sanitary sewer laterals, a charge per unit.

    "The charge per unit shall be computed by dividing total sanitary sewer lateral project
    costs by the number of sewer laterals constructed and installed in the assessment
    district. The cost associated with installing sanitary sewer lateral risers shall not be
    included in the sewer lateral project cost": the case confirms the risers are left out
    (a declared check).
    """
    facts = case.facts
    costs = _costs(facts, UnitWork.SEWER_LATERALS.authority)
    units: list[tuple[str, int]] = []
    for line in facts["laterals"]:
        parts = [part.strip() for part in str(line).split("|")]
        if len(parts) != 2 or not parts[1].isdigit():
            raise InputError(
                f"The fact 'laterals' has the line '{line}'; write each line as "
                "'parcel id | the number of laterals constructed and installed'."
            )
        units.append((parts[0], int(parts[1])))
    return _schedule(costs, apportion_per_unit(costs.total, UnitWork.SEWER_LATERALS, units))


@computation("palmyra_curb_gutter_assessment_schedule")
def palmyra_curb_gutter_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(8): a curb and gutter project's cost shared by assessable frontage.

    (b)2, 3, 4, 6: 50, 50, 100 or 25 percent assessable by the kind of work; (b)5 and (c)1:
    the Village pays for intersections and floodplain or lowland conservancy segments; a
    corner lot is assessed on "the frontage of both sides of the parcel".
    """
    facts = case.facts
    try:
        work = CurbWork(str(facts["work"]).strip())
    except ValueError as error:
        raise InputError(
            f"The fact 'work' is '{facts['work']}'; write reconstruction, "
            "new-on-existing-street, new-development or replacement-within-5-years "
            "(§ 8.03(8)(b)2, 3, 4, 6)."
        ) from error
    costs = _costs(facts, Improvement.CURB_AND_GUTTER.cite("(b)1"))
    intersection = check_measure(
        Decimal(str(facts["intersection_ft"])), "The intersection length in feet"
    )
    lots = [frontage_lot(line) for line in facts["lots"]]
    split = apportion_curb_and_gutter(costs.total, work, lots, intersection_ft=intersection)
    return {**_schedule(costs, split), "work": _CURB_WORK_WORDS[work]}
