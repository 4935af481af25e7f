"""Palmyra's assessment of the cost of the Village's abatement, walked at the command line after
the Village Forester's order it follows (§ 8.15(8)(b), (10)(c), (11)(a)), with a fixed clock: it
takes which order it was, its number, date and last day from the register, refuses work begun
within the order's time and a reversed order, and takes no number when it refuses; and the
special tax for rubbish and dirt the Village Board caused to be removed after its notice
(§ 8.08)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clerk import clerk_at, pdf_text

ORDER_FACTS = [
    "inspected_on=2026-08-05",
    "tree=one silver maple, about 30 inches in diameter,",
    "stands=on the private property 4 feet inside the front lot line",
    "species=other trees",
    "standing=on private property overhanging or projecting into a terrace or street",
    "appears=dead",
    "condition=The tree bore no leaves this season and two large limbs hang broken.",
    "corrective_action=Have the tree cut down and removed.",
    "act_by=2026-08-21",
]
ABATEMENT_FACTS = [
    "work_place=outside the terrace areas",
    "board_determined_otherwise=false",
    "abated=the dead silver maple",
    "work_done_on=2026-08-27",
    "abatement_work=a tree service cut the tree down and hauled the wood away.",
    "costs=Cutting down the tree|1850.00",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def facts(*assignments: str) -> list[str]:
    return [f"--fact={assignment}" for assignment in assignments]


def documents_of(clerk, case: str) -> list[tuple[str, str, str | None]]:
    shown = json.loads(clerk("case", "show", case, "--json").output)
    return [(d["number"], d["notice_type"], d["follows"]) for d in shown["documents"]]


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return pdf_text(next(out.rglob(f"{number}.pdf")))


def dangerous_tree_ordered(clerk) -> None:
    """The order dated Thursday, August 6, 2026, handed to the owner that day
    (recorded the next morning); the period runs to the 21st."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0233",
        "--notice-type",
        "dangerous-tree-order",
        *facts(*ORDER_FACTS),
        today="2026-08-06",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-08-06")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "Village Forester",
        "--at",
        "2026-08-06T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-08-07",
    )


def test_the_assessment_takes_the_order_its_number_date_and_last_day_from_the_register(
    clerk, tmp_path
):
    dangerous_tree_ordered(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*ABATEMENT_FACTS, "work_begun_on=2026-08-24"),
        today="2026-09-14",
    )
    clerk("issue", "PA-C-2026-0001", "tree-abatement-assessment", today="2026-09-14")
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "dangerous-tree-order", None),
        ("PA-D-2026-00002", "tree-abatement-assessment", "PA-D-2026-00001"),
    ]
    text = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert "By order No. PA-D-2026-00001, dated August 6, 2026" in text
    assert "ran out on August 21, 2026" in text
    assert "The Village's cost of the work (§ 8.15(11)(a))" in text
    assert "Amount assessed $1,850.00" in text


def test_the_order_s_type_is_the_register_s_and_is_not_typed(clerk):
    dangerous_tree_ordered(clerk)
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=order_type=unlawful-planting-order",
        today="2026-09-14",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'order_type' is not recorded" in typed.output


def test_work_begun_on_the_order_s_last_day_is_refused_and_takes_no_number(clerk):
    dangerous_tree_ordered(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*ABATEMENT_FACTS, "work_begun_on=2026-08-21"),
        today="2026-09-14",
    )
    early = clerk(
        "issue", "PA-C-2026-0001", "tree-abatement-assessment", today="2026-09-14", ok=False
    )
    assert early.exit_code == 1
    assert (
        "The Village began the work on Friday, August 21, 2026, within the owner's time under "
        "PA-D-2026-00001, which ran to Friday, August 21, 2026; § 8.15 lets the Village abate"
    ) in " ".join(early.output.split())
    assert [n for n, _, _ in documents_of(clerk, "PA-C-2026-0001")] == ["PA-D-2026-00001"]


def test_one_assessment_for_each_order(clerk):
    dangerous_tree_ordered(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*ABATEMENT_FACTS, "work_begun_on=2026-08-24"),
        today="2026-09-14",
    )
    clerk("issue", "PA-C-2026-0001", "tree-abatement-assessment", today="2026-09-14")
    again = clerk(
        "issue", "PA-C-2026-0001", "tree-abatement-assessment", today="2026-09-15", ok=False
    )
    assert again.exit_code == 1
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 2


def test_after_the_board_reversed_the_order_on_appeal_no_cost_is_assessed(clerk):
    dangerous_tree_ordered(clerk)
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "appellant",
        "--name",
        "Tomasz Wierzbicki",
        "--address",
        "218 North Second Street|Palmyra WI 53156",
        today="2026-08-10",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            "order_title=order to take corrective action on a dangerous or obstructive tree",
            "appeal_received_on=2026-08-10",
            "hearing_at=2026-09-01T18:30",
            "hearing_place=the Board Room, Village Hall",
        ),
        today="2026-08-10",
    )
    clerk("issue", "PA-C-2026-0001", "tree-appeal-hearing", today="2026-08-11")
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            "hearing_concluded_on=2026-09-01",
            "resolution=Resolution No. 2026-46",
            "appearance=Tomasz Wierzbicki appeared with an arborist's report.",
            "grounds=The arborist's report shows the tree is alive and sound.",
            "ground=dangerous or obstructive tree",
            *ABATEMENT_FACTS,
            "work_begun_on=2026-08-24",
        ),
        today="2026-09-02",
    )
    clerk("issue", "PA-C-2026-0001", "tree-appeal-decision-reversed", today="2026-09-04")
    refused = clerk(
        "issue", "PA-C-2026-0001", "tree-abatement-assessment", today="2026-09-14", ok=False
    )
    assert refused.exit_code == 1
    assert "reversed the Village Forester's order on appeal" in " ".join(refused.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 3


# --- § 8.08: the Board's notice to remove rubbish and dirt, then the special tax --------------

RUBBISH_FACTS = [
    "sidewalk_location=along the Main Street frontage of 510 Main Street",
    "observed_on=2026-07-08",
    "conditions=Broken pallets stacked across the walk.",
    "board_action=by motion at its regular meeting",
    "board_directed_on=2026-07-13",
    "remove_by=2026-07-24",
]
RUBBISH_TAX_FACTS = [
    "village_removal=a crew hauled the pallets away.",
    "removal_costs=Crew and truck, 3 hours|396.00",
    "cost_report=by motion at its regular meeting",
    "cost_reported_on=2026-08-10",
    "tax_roll_year=2026",
]


def rubbish_noticed(clerk) -> None:
    """The Board's notice dated July 14, 2026, handed to the owner that day; removal by the 24th."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0518",
        "--notice-type",
        "rubbish-removal-notice",
        *facts(*RUBBISH_FACTS),
        today="2026-07-14",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-07-14")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "Village Clerk",
        "--at",
        "2026-07-14T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-07-15",
    )


def test_the_special_tax_follows_the_board_s_notice_and_takes_its_number_and_day(clerk, tmp_path):
    rubbish_noticed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*RUBBISH_TAX_FACTS, "village_removed_on=2026-07-28"),
        today="2026-08-12",
    )
    clerk("issue", "PA-C-2026-0001", "rubbish-removal-special-tax", today="2026-08-12")
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "rubbish-removal-notice", None),
        ("PA-D-2026-00002", "rubbish-removal-special-tax", "PA-D-2026-00001"),
    ]
    text = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert "By notice No. PA-D-2026-00001, dated July 14, 2026" in text
    assert "no later than July 24, 2026" in text
    assert "spreads the cost of $396.00 on the 2026 tax roll as a special tax" in text


def test_a_removal_within_the_day_the_board_fixed_is_refused_and_takes_no_number(clerk):
    rubbish_noticed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*RUBBISH_TAX_FACTS, "village_removed_on=2026-07-24"),
        today="2026-08-12",
    )
    early = clerk(
        "issue", "PA-C-2026-0001", "rubbish-removal-special-tax", today="2026-08-12", ok=False
    )
    assert early.exit_code == 1
    assert "within the time the notice gave" in " ".join(early.output.split())
    assert [n for n, _, _ in documents_of(clerk, "PA-C-2026-0001")] == ["PA-D-2026-00001"]
