"""Palmyra's driveway, Class I and tree permit facts, turned into the fees and figures they print.

Their periods and refusals are declared in the notice definitions (the 24 hours before a
driveway's installation, its width, depth and distance from an intersection, the Class I
estimate and its publication; § 8.08's rubbish notice is wholly declared). What stays Python,
and why: a fee Palmyra's ordinance states (§ 8.12(1), § 8.15(7)(d)) comes from the money
engine's village fee table, which a table cannot name; a measurement prints spelled as a
number ("24", not "24.00"); a driveway's width must be more than 0, a strict bound the
declared comparisons (at least, at most) cannot state; and the Class I estimate is printed as a
figure of the same name as its fact, which a declared figure may not take.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from noticeclerk.computations.figures import CaseContext, computation
from noticeclerk.content.village import Village
from noticeclerk.exceptions import InputError
from noticeclerk.rules.fees import FeeFacts, FeeTable
from noticeclerk.rules.money import spell_number


def _fee(village: Village, name: str) -> dict[str, Any]:
    """A fee Palmyra's ordinance states itself, from the money engine, with its reasons."""
    answer = village.fee_rule(name).answer(FeeFacts(), FeeTable())
    return {
        "title": answer.title,
        "total": answer.fee,
        "authority": answer.authority,
        "steps": [str(step) for step in answer.steps],
    }


@computation("palmyra_driveway_permit")
def palmyra_driveway_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.12(1): a permit "for which a fee of $10 shall be charged"; the measurements as the
    permit prints them. § 8.12(2)(a) allows at most 24 feet (declared); a width of nothing is
    no driveway, refused with the same sentence."""
    facts = case.facts
    width: Decimal = facts["width_ft"]
    if width <= 0:
        raise InputError(
            f"A driveway {spell_number(width)} feet wide cannot be permitted on this form: "
            "§ 8.12(2)(a) allows at most 24 feet at the street edge of the sidewalk except by "
            "specific resolution of the Village Board."
        )
    return {
        "fee": _fee(case.village, "driveway"),
        "width": spell_number(width),
        "depth": spell_number(facts["depth_inches"]),
        "intersection_distance": spell_number(facts["intersection_distance_ft"]),
    }


@computation("palmyra_tree_permit")
def palmyra_tree_permit(case: CaseContext) -> dict[str, Any]:
    """§ 8.15(7)(d): "There will be no charge for this permit"."""
    return {"fee": _fee(case.village, "tree-permit")}
