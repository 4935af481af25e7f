"""Palmyra's special assessment decisions and schedules (Ch. 8, § 8.03), turned into the
figures their documents print.

- The Village Board's decision on a deferment of a special assessment (§ 8.03(3)(c), (e)):
  their notice definitions declare the refusals, the outcome and the amount; two small pieces
  stay here: a grant refused when the Board's terms are the one line "None" (a list, which a
  declared check cannot compare) and the year after the one decided (a sum).
- The assessment computation schedule of a project district (§ 8.03(4)-(8)), shared by the
  apportionment engine (`noticeclerk.rules.apportion`), the Village's own share on its own
  lines: law of its own, which no table states.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from noticeclerk.computations.figures import CaseContext, bill_context, computation
from noticeclerk.exceptions import InputError
from noticeclerk.rules.apportion import (
    Course,
    Lot,
    LotKind,
    Side,
    SidewalkWork,
    apportion_sidewalk,
)
from noticeclerk.rules.costs import Bill, BillLine
from noticeclerk.rules.money import check_cents, check_measure, spell_number


@computation("palmyra_deferment_decision")
def palmyra_deferment_decision(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(c): a deferment is "on such terms and in such manner as prescribed by the
    Village Board": a grant whose terms are the one line None is refused. (The other refusals,
    the outcome and the amount are declared.)"""
    facts = case.facts
    if facts["outcome"] == "granted" and [t.lower() for t in facts["board_terms"]] == ["none"]:
        raise InputError(
            "§ 8.03(3)(c): a deferment is 'on such terms and in such manner as prescribed by "
            "the Village Board'; list the terms the Board prescribed."
        )
    return {}


@computation("palmyra_hardship_deferment_decision")
def palmyra_hardship_deferment_decision(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(3)(e)1: hardship deferments "may be granted only on a year-to-year basis and must
    be applied for ... each year": the decision names the next year, for which the applicant
    must apply again. (The qualifications of (e)2 and the refusals are declared.)"""
    return {"next_year": case.facts["installment_tax_year"] + 1}


# --- § 8.03(4): the sidewalk assessment schedule of a project district ---------------------

PALMYRA_8_03_4_B_1 = "Palmyra § 8.03(4)(b)1"
LOT_FORM = (
    "parcel id | interior, corner, dual-frontage or three-streets | one part per street side, "
    "each 'Street name: 66 ft x 5 ft' (the frontage times the walk's width), or along a curve "
    "'Street name: curved arc 45 ft x 4 ft' or 'Street name: cul-de-sac arc 45 ft x 4 ft'"
)
_SIDE = re.compile(
    r"^(?P<street>[^:]+):\s*(?:(?P<course>curved|cul-de-sac)\s+arc\s+)?"
    r"(?P<length>\d+(?:\.\d+)?)\s*ft\s*x\s*(?P<width>\d+(?:\.\d+)?)\s*ft$"
)
_WORK_WORDS = {
    SidewalkWork.NEW: "new sidewalk",
    SidewalkWork.RECONSTRUCTION: "reconstruction, repair, replacement or relocation of existing "
    "sidewalk",
    SidewalkWork.REPLACEMENT_WITHIN_5_YEARS: "replacement of public sidewalk within 5 years of "
    "its initial placement",
}


def _number(text: str, line: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation as error:  # pragma: no cover - the pattern admits only numbers
        raise InputError(f"The lot line '{line}' has '{text}', which is not a number.") from error


def split_lot_line(line: str, form: str) -> tuple[str, LotKind, list[str]]:
    """A line of the fact 'lots': its parcel, its kind of lot (§ 8.03(1)) and the rest."""
    parts = [part.strip() for part in str(line).split("|")]
    if len(parts) < 3 or not all(parts):
        raise InputError(f"The fact 'lots' has the line '{line}'; write each line as {form}.")
    parcel, kind_text, *rest = parts
    try:
        kind = LotKind(kind_text)
    except ValueError as error:
        raise InputError(
            f"The lot line '{line}': '{kind_text}' is not interior, corner, dual-frontage or "
            "three-streets (§ 8.03(1))."
        ) from error
    return parcel, kind, rest


def _sidewalk_lot(line: str) -> Lot:
    """One line of the fact 'lots', read as the apportionment engine's Lot."""
    parcel, kind, side_texts = split_lot_line(line, LOT_FORM)
    sides = []
    for text in side_texts:
        found = _SIDE.match(text)
        if not found:
            raise InputError(
                f"The lot line '{line}': the side '{text}' is not written as {LOT_FORM}."
            )
        length = _number(found["length"], line)
        width = _number(found["width"], line)
        if found["course"]:
            sides.append(
                Side(
                    found["street"].strip(),
                    course=Course(found["course"]),
                    arc_ft=length,
                    walk_width_ft=width,
                )
            )
        else:
            sides.append(Side(found["street"].strip(), feet=length, walk_width_ft=width))
    return Lot(parcel, kind, tuple(sides))


@computation("palmyra_sidewalk_assessment_schedule")
def palmyra_sidewalk_assessment_schedule(case: CaseContext) -> dict[str, Any]:
    """§ 8.03(4): a sidewalk project's cost shared among the district's abutting properties.

    (b)1: the assessable costs are "the total costs for construction, inspection,
    engineering, legal, restoration costs ... and necessary administrative costs"; (b)2: the
    rate per square foot is the cost over the total abutting square footage, "applied by
    multiplying the rate by the abutting square footage"; (b)3, (b)5, (b)6: 50, 25 or 100
    percent assessable by the kind of work; (c)1: corner lots on both frontages, the Village
    paying the intersection portion. The shares come from `rules.apportion`, to the cent, and
    add back with the Village's own lines to the project cost.
    """
    facts = case.facts
    costs = Bill(
        tuple(
            BillLine(
                line["description"],
                check_cents(line["amount"], "A project cost line"),
                PALMYRA_8_03_4_B_1,
            )
            for line in facts["project_costs"]
        )
    )
    if costs.total <= 0:
        raise InputError("The total project cost must be more than $0.00.")
    try:
        work = SidewalkWork(str(facts["work"]).strip())
    except ValueError as error:
        raise InputError(
            f"The fact 'work' is '{facts['work']}'; write new, reconstruction or "
            "replacement-within-5-years (§ 8.03(4)(b)3, 5, 6)."
        ) from error
    intersection = check_measure(
        Decimal(str(facts["intersection_sqft"])), "The intersection area in square feet"
    )
    lots = [_sidewalk_lot(line) for line in facts["lots"]]
    split = apportion_sidewalk(costs.total, work, lots, intersection_sqft=intersection)
    return {
        "costs": bill_context(costs),
        "work": _WORK_WORDS[work],
        "intersection_sqft": spell_number(intersection),
        "total_sqft": spell_number(sum((share.measure or 0 for share in split.shares), Decimal(0))),
        "shares": [
            {"parcel": share.parcel, "sqft": spell_number(share.measure), "amount": share.amount}
            for share in split.shares
        ],
        "owners_total": split.owners_total,
        "village_lines": [
            {"label": line.label, "amount": line.amount, "authority": line.authority}
            for line in split.village_lines
        ],
        "village_total": split.village_total,
        "total": split.total,
        "steps": [str(step) for step in split.steps],
    }
