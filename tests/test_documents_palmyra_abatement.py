"""Palmyra's assessment of the cost of the Village's abatement after a Village Forester's order
was not complied with (Ch. 8, § 8.15(8)(b), (10)(c), (11)(a), (12)): the section and the words
chosen from the order it follows, the work only after the order's time ran out, and the cost of
terrace work as § 8.15(12) puts it; and the cost of removing rubbish and dirt that the Village
Board reports and the Clerk spreads on the tax roll as a special tax (§ 8.08)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.exceptions import InputError

D = Decimal
BILLED_ON = date(2026, 9, 14)


def abatement_facts(**changes) -> dict:
    facts = {
        "order_type": "dangerous-tree-order",
        "order_number": "PA-2026-O-0033",
        "order_date": date(2026, 8, 6),
        "order_ran_out_on": date(2026, 8, 21),
        "work_place": "outside the terrace areas",
        "board_determined_otherwise": False,
        "abated": "the dead silver maple",
        "work_begun_on": date(2026, 8, 22),
        "work_done_on": date(2026, 8, 27),
        "abatement_work": "a tree service cut the tree down.",
        "costs": [
            {"description": "Cutting down the tree", "amount": D("1850.00")},
            {"description": "Hauling the wood", "amount": D("265.00")},
        ],
    }
    facts.update(changes)
    return facts


def assessed(**changes) -> dict:
    return figures_of(
        "palmyra", "tree-abatement-assessment", abatement_facts(**changes), today=BILLED_ON
    )


def test_the_assessment_is_the_village_s_costs_of_the_work_with_no_charge_added():
    assert assessed()["abatement_costs"]["total"] == D("2115.00")


@pytest.mark.parametrize(
    ("order", "section"),
    [
        ("unlawful-planting-order", "§ 8.15(8)(b)"),
        ("view-obstruction-order", "§ 8.15(10)(c)"),
        ("dangerous-tree-order", "§ 8.15(11)(a)"),
    ],
)
def test_the_assessment_rests_on_the_section_of_the_order_it_follows(order, section):
    figures = assessed(order_type=order)
    assert figures["order_section"] == section
    assert section in figures["order_words"]
    assert section in figures["village_acted"]


def test_an_order_after_which_section_8_15_assesses_no_cost_is_refused():
    with pytest.raises(
        InputError, match=r"not an order after which § 8\.15 lets the Village abate"
    ):
        assessed(order_type="tree-permit")


def test_work_begun_on_the_last_day_the_order_gave_the_owner_is_refused():
    with pytest.raises(InputError, match="within the time the order specified, which ran to"):
        assessed(work_begun_on=date(2026, 8, 21))


def test_work_begun_the_day_after_the_order_s_time_ran_out_is_assessed():
    assert assessed(work_begun_on=date(2026, 8, 22))["abatement_costs"]["total"] > 0


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"work_done_on": date(2026, 8, 21)}, "before it began"),
        ({"work_done_on": date(2026, 9, 15)}, "would come before the Village finished the work"),
        ({"order_ran_out_on": date(2026, 8, 6)}, "not after the order's date"),
        (
            {"work_place": "in the street"},
            "not where this bill declares the work may have been done",
        ),
        ({"costs": [{"description": "Nothing", "amount": D("0.00")}]}, "more than $0.00"),
    ],
)
def test_an_assessment_the_facts_do_not_support_is_refused(changes, says):
    with pytest.raises(InputError) as refused:
        assessed(**changes)
    assert says in str(refused.value)


def test_terrace_work_is_borne_by_the_abutting_owner_under_section_8_15_12():
    figures = assessed(work_place="in a terrace area")
    assert "abutting property owner" in figures["cost_words"]
    assert "(§ 8.15(12))" in figures["cost_words"]


def test_terrace_work_whose_cost_the_village_board_determined_otherwise_is_refused():
    with pytest.raises(InputError, match="bill the cost as the Board determined"):
        assessed(work_place="in a terrace area", board_determined_otherwise=True)


def test_a_board_determination_does_not_touch_work_outside_the_terrace_areas():
    figures = assessed(board_determined_otherwise=True)
    assert "assessed to you as the owner" in figures["cost_words"]


# --- § 8.08: the cost of removing rubbish and dirt, spread on the tax roll as a special tax ----


def rubbish_tax_facts(**changes) -> dict:
    facts = {
        "notice_number": "PA-2026-N-0021",
        "notice_date": date(2026, 7, 14),
        "removal_due_on": date(2026, 7, 24),
        "village_removed_on": date(2026, 7, 28),
        "village_removal": "a crew hauled the pallets away.",
        "removal_costs": [
            {"description": "Crew", "amount": D("186.00")},
            {"description": "Disposal", "amount": D("48.50")},
        ],
        "cost_report": "by motion at its regular meeting",
        "cost_reported_on": date(2026, 8, 10),
        "tax_roll_year": 2026,
    }
    facts.update(changes)
    return facts


def rubbish_tax(**changes) -> dict:
    return figures_of(
        "palmyra",
        "rubbish-removal-special-tax",
        rubbish_tax_facts(**changes),
        today=date(2026, 8, 12),
    )


def test_the_special_tax_is_the_cost_the_board_reported_with_nothing_added():
    assert rubbish_tax()["special_tax"]["total"] == D("234.50")


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"village_removed_on": date(2026, 7, 24)}, "within the time the notice gave"),
        ({"cost_reported_on": date(2026, 7, 27)}, "comes before the removal was finished"),
        ({"cost_reported_on": date(2026, 8, 13)}, "would come before the Village Board reported"),
        ({"removal_costs": [{"description": "None", "amount": D("0.00")}]}, "more than $0.00"),
    ],
)
def test_a_special_tax_section_8_08_does_not_allow_is_refused(changes, says):
    with pytest.raises(InputError) as refused:
        rubbish_tax(**changes)
    assert says in str(refused.value)


def test_the_rubbish_special_tax_is_a_statement_not_a_bill_payable_to_the_clerk():
    notice = load_notice("palmyra", "rubbish-removal-special-tax")
    assert notice.amount_due is None
    assert notice.deadline is None
