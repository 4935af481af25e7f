"""Palmyra's reallocation of a special assessment on a land split (Ch. 8, § 8.03(3)(d)2): the
original assessment and its unpaid balance divided between the original parcel and the newly
created parcels in the same manner as the levy, the lump sum on the newly created parcels, and
the refusals of a case the ordinance or the records do not support."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.exceptions import InputError

D = Decimal
SPLIT = "assessment-split-reallocation"


def reallocated(today: date = date(2027, 6, 21), **changes) -> dict:
    facts = {**sample_facts("palmyra", SPLIT), **changes}
    return figures_of("palmyra", SPLIT, facts, today=today)


def test_the_original_assessment_is_divided_by_the_frontage_it_was_levied_on():
    split = reallocated()["reallocation"]
    # 106 ft at $152.00 = $16,112.00; 66 ft and 40 ft keep the Board's rate: $10,032 + $6,080.
    assert split["original"]["assessment"] == D("10032.00")
    assert [part["assessment"] for part in split["new_parcels"]] == [D("6080.00")]


def test_the_new_parcel_owes_its_part_of_the_unpaid_balance_with_interest_to_the_split():
    found = reallocated()
    split, payoff = found["reallocation"], found["payoff"]
    # After 1 of 10 installments the balance is $14,500.80: 66/106 = $9,028.80 stays in the
    # installments, 40/106 = $5,472.00 is due with its part of $281.57 interest, $106.25.
    assert payoff["balance"] == D("14500.80")
    assert split["original"]["balance"] == D("9028.80")
    (part,) = split["new_parcels"]
    assert (part["balance"], part["interest"], part["due"]) == (
        D("5472.00"),
        D("106.25"),
        D("5578.25"),
    )
    assert split["total"] == D("5578.25")


def test_shares_of_several_new_parcels_add_back_to_the_cent():
    split = reallocated(
        original_parcel_measure="35",
        new_parcels=["Lot 2 | 35", "Lot 3 | 36"],
    )["reallocation"]
    parts = [split["original"], *split["new_parcels"]]
    assert sum(part["assessment"] for part in parts) == D("16112.00")
    assert sum(part["balance"] for part in parts) == D("14500.80")
    assert split["total"] == sum(part["due"] for part in split["new_parcels"])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"new_parcels": ["Lot 2 of Certified Survey Map No. 4127 | 50"]},
            "measure 116 together, not the 106 the original assessment was levied on",
        ),
        ({"new_parcels": ["Lot 2 | forty"]}, "The fact 'new_parcels' has the line 'Lot 2 | forty'"),
        ({"new_parcels": []}, "Name at least one newly created parcel"),
        ({"new_parcels": ["Lot 2 | 0"], "original_parcel_measure": "106"}, "more than 0"),
        ({"split_on": date(2027, 6, 22)}, "comes after the date of the reallocation"),
        ({"installments_paid": 0}, "Installment 1 was due on Sunday, January 31, 2027"),
        ({"paid_on_invoice": D("16112.00")}, "no unpaid assessment balance for a reallocation"),
        ({"split_on": date(2026, 11, 2)}, "may still be paid in full without interest"),
    ],
)
def test_a_reallocation_the_ordinance_or_the_records_do_not_support_is_refused(changes, message):
    # A split before the invoice's 30 days ran out is reallocated on a day soon after it.
    today = date(2026, 11, 3) if changes.get("split_on") == date(2026, 11, 2) else date(2027, 6, 21)
    with pytest.raises(InputError, match=re.escape(message)):
        reallocated(today=today, **changes)
