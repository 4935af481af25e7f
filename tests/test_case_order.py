"""The order the ordinances give a case's steps, walked at the command line as the reviewers of
2 December 2026 walked it (NY LH-1; WI L1-L5 and C1), with a fixed clock: each sequence the
register accepted, and the ordinances forbid, is refused with one sentence naming the law and
takes no number.

1. Village A: a second bill for work already billed, one of its bills paid (§ 134-45A, C-D).
2. Luck: a snow bill for removal done before the notice's noon deadline (§ 496-10F, G).
3. Luck: the tax-roll entry before 60 days after the costs were incurred (§ 496-10G).
4. Palmyra: the abatement assessment while a timely appeal is pending, and after the Board
   upheld the order, before the day its decision fixed (§ 8.15(11)(a), (14)).
5. Palmyra: the hearing notice and the notice of the final resolution in a three-parcel
   district, to each owner, naming that owner's parcel and amount only (§ 8.03; Wis. Stat.
   § 66.0703(7)(a), (8)(d)).
6. Luck: a snow notice on a three-parcel case, to each owner (§ 496-10B(2)).
7. Tuckahoe: a Board decision dated before the hearing it follows (§ 19-15(c)).
8. Palmyra: the final resolution's publication recorded over the hearing notice's (C1).

Each test walks the case with commands that succeed today up to the forbidden step."""

from __future__ import annotations

import json
import re
import shutil
from io import BytesIO
from pathlib import Path

import pytest
from clerk import (
    CASEBOOK,
    LUCK_SNOW_NOTICE,
    REPORTED_BY,
    Clerk,
    article,
    clerk_at,
    issued_number,
    pdf_text,
    report_filed,
)
from pypdf import PdfWriter
from test_chains_palmyra_abatement import ORDER_FACTS
from test_chains_tuckahoe import BOARD_ORDER
from test_chains_village_a import BILL_FACTS


def facts(*assignments: str) -> list[str]:
    return [f"--fact={assignment}" for assignment in assignments]


def shown(clerk: Clerk, case: str) -> dict:
    return json.loads(clerk("case", "show", case, "--json").output)


def documents(clerk: Clerk, case: str) -> list[dict]:
    return shown(clerk, case)["documents"]


def standing(clerk: Clerk, case: str, notice_type: str) -> list[dict]:
    """The case's documents of one notice type that are not void."""
    return [
        d
        for d in documents(clerk, case)
        if d["notice_type"] == notice_type and d["status"] != "void"
    ]


def refused(clerk: Clerk, *args: str, today: str) -> str:
    """A command the register must refuse: exit 1, its words on one line."""
    result = clerk(*args, today=today, ok=False)
    assert result.exit_code == 1, result.output
    return " ".join(result.output.split())


def exported_text(clerk: Clerk, number: str) -> str:
    out = clerk.office.parent / "exported" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    text = pdf_text(next(out.rglob(f"{number}.pdf")))
    # A number broken at its hyphen across two lines ("PA- D-2026-00002") read whole.
    return re.sub(r"(?<=[A-Z0-9])- (?=[A-Z0-9])", "-", text)


def blank_pdf() -> bytes:
    """A one-page PDF standing for the publisher's scanned affidavit."""
    writer = PdfWriter()
    writer.add_blank_page(612, 792)
    out = BytesIO()
    writer.write(out)
    return out.getvalue()


@pytest.fixture
def clerk_luck(tmp_path, runner) -> Clerk:
    return clerk_at(tmp_path, runner, "luck")


@pytest.fixture
def clerk_palmyra(tmp_path, runner) -> Clerk:
    return clerk_at(tmp_path, runner, "palmyra")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Workspaces built once for the module and copied for each test, keyed by what was done."""
    return {"": tmp_path_factory.mktemp("saved")}


def copied(saved: dict, key: str, village: str, build, tmp_path: Path, runner) -> Clerk:
    """A copy of the workspace `build` leaves, built the first time a test asks for it."""
    if key not in saved:
        clerk = clerk_at(saved[""] / key, runner, village)
        build(clerk)
        saved[key] = clerk.office
    office = tmp_path / "office"
    shutil.copytree(saved[key], office)
    return Clerk(office, runner)


# --- 1. Village A: the cost is charged once (§ 134-45A); a lien only where unpaid (C-D) -------

VA_CASE = "VA-C-2026-0001"
VA_OWNERS = [
    ("0301-02-011", "ABC LLC"),
    ("0301-02-001", "Ed and Marie Smith"),
    ("0301-02-004", "Max Ross"),
    ("0301-02-009", "John Smith"),
    ("0301-02-013", "F Inc."),
]
VA_PARCELS = [option for parcel, _ in VA_OWNERS for option in ("--parcel", parcel)]
# The Village's work of January 14-15, as the Village A chain walks bill it (its violation
# line left out: this case's is worded for the directives or the snow).
VA_WORK = BILL_FACTS[1:]
AFTER_DIRECTIVES = (
    "violation=the failure to comply with § 134-41A within seven days of the directives"
)
# Snow and ice of two inches or more is a violation without any notice (§ 134-41B, § 134-42C):
# the bill opens the case, as in casebook/village-a and tests/test_village_a_liens.py.
SNOW_NOT_CLEARED = (
    "violation=the failure to clear A Street of snow and ice after the accumulation of two "
    "inches or more on January 13, 2026 (§ 134-41B)."
)


def bills_mailed_and_abc_paid(clerk: Clerk, first: int) -> None:
    """The five bills, VA-D-2026-{first} and on, mailed certified on February 2, 2026; ABC LLC
    pays its share in full on February 10 (review LH-1)."""
    bills = [f"VA-D-2026-{n:05d}" for n in range(first, first + 5)]
    for n, number in enumerate(bills, 1):
        clerk(
            "serve", number, "--method", "certified_mail", "--by", "clerk",
            "--at", "2026-02-02T11:00", "--article-number", article(n), today="2026-02-03",
        )  # fmt: skip
    abc = next(d for d in documents(clerk, VA_CASE) if d["number"] == bills[0])
    assert abc["recipient_name"] == "ABC LLC"
    clerk("pay", bills[0], "--amount", abc["amount_due"], "--on", "2026-02-10", today="2026-02-10")


def directives_billed(clerk: Clerk) -> None:
    """Directives to the five owners of A Street served January 5, 2026; the Village's work
    of January 14-15 billed to each owner, one bill following each directive."""
    clerk(
        "case", "open", "--village", "village-a", "--notice-type", "directive-to-comply",
        *VA_PARCELS,
        *facts(
            "inspection_date=2026-01-02",
            "street_name=A Street (private)",
            "conditions=Construction debris and abandoned appliances block the travel lane.",
            "corrective_action=Remove the debris so that emergency vehicles can pass.",
        ),
        today="2026-01-02",
    )  # fmt: skip
    clerk("issue", VA_CASE, today="2026-01-05")
    for n in range(1, 6):
        clerk(
            "serve", f"VA-D-2026-0000{n}", "--method", "hand_owner", "--by", "R. Ortiz",
            "--at", "2026-01-05T10:00", "--to", "the owner", "--address", "the premises",
            today="2026-01-06",
        )  # fmt: skip
    clerk("case", "record", VA_CASE, *facts(AFTER_DIRECTIVES, *VA_WORK), today="2026-02-02")
    clerk("issue", VA_CASE, "maintenance-bill", today="2026-02-02")
    bills_mailed_and_abc_paid(clerk, 6)


def snow_clearing_billed(clerk: Clerk) -> None:
    """The Village cleared A Street on January 14-15, 2026; the case opens on the bill, one to
    each of the five owners (§ 134-45F)."""
    clerk(
        "case", "open", "--village", "village-a", "--notice-type", "maintenance-bill",
        *VA_PARCELS, *facts("street_name=A Street (private)", SNOW_NOT_CLEARED, *VA_WORK),
        today="2026-02-02",
    )  # fmt: skip
    clerk("issue", VA_CASE, today="2026-02-02")
    bills_mailed_and_abc_paid(clerk, 1)


@pytest.fixture
def directives(saved, tmp_path, runner) -> Clerk:
    return copied(saved, "va-directives", "village-a", directives_billed, tmp_path, runner)


@pytest.fixture
def snow_bills(saved, tmp_path, runner) -> Clerk:
    return copied(saved, "va-snow", "village-a", snow_clearing_billed, tmp_path, runner)


def test_a_second_bill_for_the_directives_already_billed_is_refused_and_no_longer_offered(
    directives,
):
    """Review LH-1: § 134-45A charges the actual cost of the maintenance once, one bill for each
    directive and property, and § 134-45C-D make a lien only of a bill not paid. `case show`
    still offered the bill, and `issue` made five more for the same work of January 14-15, the
    first to ABC LLC, who had paid its share in full."""
    assert [d["follows"] for d in standing(directives, VA_CASE, "maintenance-bill")] == [
        f"VA-D-2026-0000{n}" for n in range(1, 6)
    ]
    before = len(documents(directives, VA_CASE))
    again = refused(directives, "issue", VA_CASE, "maintenance-bill", today="2026-04-02")
    assert "§ 134-45" in again
    assert len(documents(directives, VA_CASE)) == before
    offered = [m["notice_type"] for m in shown(directives, VA_CASE)["may_issue"]]
    assert "maintenance-bill" not in offered


def test_the_same_work_is_not_billed_again_in_a_case_opened_on_the_bills(snow_bills):
    """§ 134-45A charges the actual cost once, one bill for each property: in a case opened on
    the bills (no directive, § 134-42C), `issue CASE maintenance-bill` made five more for the
    same work of January 14-15, the first to ABC LLC, who had paid its share in full."""
    before = len(documents(snow_bills, VA_CASE))
    again = refused(snow_bills, "issue", VA_CASE, "maintenance-bill", today="2026-04-02")
    assert "§ 134-45" in again
    assert len(documents(snow_bills, VA_CASE)) == before
    offered = [m["notice_type"] for m in shown(snow_bills, VA_CASE)["may_issue"]]
    assert "maintenance-bill" not in offered


def test_the_case_s_first_bills_are_not_issued_a_second_time(snow_bills):
    """§ 134-45A: `issue CASE` with no notice type issues the case's first document; the bills
    already issued for it are not issued again."""
    before = len(documents(snow_bills, VA_CASE))
    again = refused(snow_bills, "issue", VA_CASE, today="2026-04-02")
    assert "§ 134-45" in again
    assert len(documents(snow_bills, VA_CASE)) == before


def test_a_voided_bill_does_not_count_and_only_its_owner_is_billed_again(snow_bills):
    """§ 134-45A, F: one bill for each property; a void bill does not count, so the property
    whose bill was voided is billed again, and no other."""
    snow_bills("void", "VA-D-2026-00003", "--reason", "wrong mailing address", today="2026-02-04")
    replaced = snow_bills("issue", VA_CASE, "maintenance-bill", today="2026-02-04")
    assert replaced.output.count("Issued ") == 1, replaced.output
    bills = standing(snow_bills, VA_CASE, "maintenance-bill")
    assert len(bills) == 5
    assert bills[-1]["recipient_name"] == "Max Ross"


# --- 2 and 3. Luck: the snow bill and its entry on the tax roll (§ 496-10F, G) ---------------

LU_CASE = "LU-C-2026-0001"
LU_NOTICE = "LU-D-2026-00001"


def snow_bill_facts(removed_at: str) -> list[str]:
    """The bill's facts, the removal recorded as a moment (the notice's time ends at noon)."""
    return facts(
        "abatement_basis=The snow and ice were not removed from the sidewalk.",
        "work_description=a Public Works crew cleared about 90 feet of sidewalk.",
        f"removed_at={removed_at}",
        f"costs_incurred_on={removed_at[:10]}",
        "expenses=Labor: two Public Works employees|115.50",
        "expenses=Equipment: skid-steer loader|97.50",
        "expenses=Materials: sand and salt|18.40",
    )


def snow_notice_handed_over(clerk: Clerk) -> None:
    """Snow ceased Tuesday, December 22, 2026 at 6:30 a.m.; the notice is handed to the owner
    on Wednesday, December 23 at 2:15 p.m.: remove by 12:00 noon Thursday, December 24."""
    clerk(*LUCK_SNOW_NOTICE, today="2026-12-23")
    clerk("issue", LU_CASE, today="2026-12-23")
    clerk(
        "serve", LU_NOTICE, "--method", "hand_owner", "--by", "Officer D. Reyes",
        "--at", "2026-12-23T14:15", "--to", "the owner", "--address", "the premises",
        today="2026-12-24",
    )  # fmt: skip


def test_a_snow_bill_for_removal_before_the_notice_s_noon_deadline_is_refused(clerk_luck):
    """§ 496-10F lets the Village remove the snow only on the owner's failure to remove it
    within the notice's time, and § 496-10G charges only those expenses: the crew removed it
    on the afternoon of December 23, before noon on the 24th."""
    snow_notice_handed_over(clerk_luck)
    clerk_luck("case", "record", LU_CASE, *snow_bill_facts("2026-12-23T15:30"), today="2026-12-28")
    early = refused(clerk_luck, "issue", LU_CASE, "snow-ice-removal-bill", today="2026-12-28")
    assert "§ 496-10" in early
    assert "ran to Thursday, December 24, 2026 at 12:00 noon CST" in early
    assert [d["number"] for d in documents(clerk_luck, LU_CASE)] == [LU_NOTICE]
    # The same morning, before noon, is the owner's time too; the afternoon is the Village's.
    clerk_luck("case", "record", LU_CASE, "--fact=removed_at=2026-12-24T09:00", today="2026-12-28")
    refused(clerk_luck, "issue", LU_CASE, "snow-ice-removal-bill", today="2026-12-28")
    clerk_luck("case", "record", LU_CASE, "--fact=removed_at=2026-12-24T13:30", today="2026-12-28")
    clerk_luck("issue", LU_CASE, "snow-ice-removal-bill", today="2026-12-28")


def snow_bill_received_and_part_paid(clerk: Clerk) -> str:
    """Review L4: removed Thursday, December 24 after noon; the $231.40 bill mailed January 4,
    2027, received January 6 (payable through January 19); $100.00 paid January 12."""
    snow_notice_handed_over(clerk)
    clerk("case", "record", LU_CASE, *snow_bill_facts("2026-12-24T13:30"), today="2026-12-24")
    bill = issued_number(clerk("issue", LU_CASE, "snow-ice-removal-bill", today="2027-01-04"))
    clerk(
        "serve", bill, "--method", "first_class_mail", "--by", "clerk",
        "--at", "2027-01-04T15:00", today="2027-01-05",
    )  # fmt: skip
    clerk(
        "receipt", bill, "--received", "2027-01-06", "--note", "The owner telephoned the clerk.",
        today="2027-01-07",
    )  # fmt: skip
    clerk("pay", bill, "--amount", "100.00", "--on", "2027-01-12", today="2027-01-12")
    clerk("case", "record", LU_CASE, "--fact", "tax_roll=the 2027 tax roll", today="2027-01-12")
    return bill


@pytest.fixture
def luck_billed(saved, tmp_path, runner) -> Clerk:
    return copied(saved, "luck-billed", "luck", snow_bill_received_and_part_paid, tmp_path, runner)


def test_the_snow_charges_are_not_entered_on_the_tax_roll_27_days_after_the_costs(luck_billed):
    """§ 496-10G: "Within 60 days after such costs and expenses are incurred and remain
    unpaid", read as INDEX.md reads it (unpaid 60 days, then the special tax): a certificate of
    January 20, 2027, 27 days after the costs of December 24, is refused."""
    before = len(documents(luck_billed, LU_CASE))
    early = refused(luck_billed, "issue", LU_CASE, "snow-ice-tax-roll-entry", today="2027-01-20")
    assert "§ 496-10G" in early
    assert len(documents(luck_billed, LU_CASE)) == before


def test_the_snow_charges_are_entered_on_the_tax_roll_from_the_60th_day_after_the_costs(
    luck_billed,
):
    """§ 496-10G: sixty days from Thursday, December 24, 2026 end on Monday, February 22,
    2027: the certificate is refused the day before and issued that day."""
    before = len(documents(luck_billed, LU_CASE))
    early = refused(luck_billed, "issue", LU_CASE, "snow-ice-tax-roll-entry", today="2027-02-21")
    assert "§ 496-10G" in early
    assert len(documents(luck_billed, LU_CASE)) == before
    luck_billed("issue", LU_CASE, "snow-ice-tax-roll-entry", today="2027-02-22")
    assert len(standing(luck_billed, LU_CASE, "snow-ice-tax-roll-entry")) == 1


# --- 4. Palmyra: nothing acts on the tree while a timely appeal is pending (§ 8.15(14)) -------

PA_CASE = "PA-C-2026-0001"
TREE_ORDER = "PA-D-2026-00001"
TREE_ORDER_FACTS = ORDER_FACTS
TREE_ABATEMENT_FACTS = [
    "work_place=outside the terrace areas",
    "board_determined_otherwise=false",
    "abated=the dead silver maple",
    "abatement_work=a tree service cut the tree down and hauled the wood away.",
    "costs=Cutting down the tree|1850.00",
]
TREE_DECISION_FACTS = [
    "hearing_concluded_on=2026-09-14",
    "resolution=Resolution No. 2026-51",
    "appearance=Tomasz Wierzbicki appeared and presented photographs of the tree.",
    "grounds=The tree is dead and its broken limbs overhang the sidewalk.",
    "ground=dangerous or obstructive tree",
    "outcome=affirmed",
    "order_as_decided=Have the tree cut down and removed.",
    "comply_by=2026-10-09",
]


def tree_order_served(clerk: Clerk) -> None:
    """The order of Thursday, August 6, 2026 gives until August 21; mailed certified, its
    receipt signed August 7."""
    clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-0233",
        "--notice-type", "dangerous-tree-order", *facts(*TREE_ORDER_FACTS), today="2026-08-06",
    )  # fmt: skip
    clerk("issue", PA_CASE, today="2026-08-06")
    clerk(
        "serve", TREE_ORDER, "--method", "certified_mail", "--by", "Village Forester",
        "--at", "2026-08-06T11:00", "--article-number", article(7), today="2026-08-07",
    )  # fmt: skip
    clerk("receipt", TREE_ORDER, "--signed", "2026-08-07T10:00", today="2026-08-08")


def tree_order_appealed(clerk: Clerk) -> None:
    """Review L5: the order served (tree_order_served); the appeal received August 14, within
    the 7 days; the hearing noticed August 17 for Monday, September 14."""
    tree_order_served(clerk)
    clerk(
        "case", "party", PA_CASE, "--role", "appellant", "--name", "Tomasz Wierzbicki",
        "--address", "218 North Second Street|Palmyra WI 53156", today="2026-08-14",
    )  # fmt: skip
    clerk(
        "case",
        "record",
        PA_CASE,
        *facts(
            "order_title=order to take corrective action on a dangerous or obstructive tree",
            "appeal_received_on=2026-08-14",
            "hearing_at=2026-09-14T18:30",
            "hearing_place=the Board Room, Village Hall",
        ),
        today="2026-08-14",
    )
    clerk("issue", PA_CASE, "tree-appeal-hearing", today="2026-08-17")


@pytest.fixture
def tree_appealed(saved, tmp_path, runner) -> Clerk:
    return copied(saved, "tree-appealed", "palmyra", tree_order_appealed, tmp_path, runner)


def test_the_tree_abatement_is_not_assessed_while_the_timely_appeal_is_pending(tree_appealed):
    """§ 8.15(14) gives the owner an appeal to the Village Board and a hearing; the Village cut
    the tree on August 24-25, during the appeal, and the register assessed $1,850 for it on
    September 1, before the hearing of September 14."""
    tree_appealed(
        "case", "record", PA_CASE,
        *facts(*TREE_ABATEMENT_FACTS, "work_begun_on=2026-08-24", "work_done_on=2026-08-25"),
        today="2026-09-01",
    )  # fmt: skip
    pending = refused(
        tree_appealed, "issue", PA_CASE, "tree-abatement-assessment", today="2026-09-01"
    )
    assert "§ 8.15" in pending
    assert len(documents(tree_appealed, PA_CASE)) == 2


def test_after_the_board_upholds_the_order_the_abatement_waits_for_the_day_its_decision_fixed(
    tree_appealed,
):
    """§ 8.15(14): the Board's decision of September 24 affirms the order and fixes Friday,
    October 9 for compliance; work begun October 5 is within the owner's new time and is not
    assessed; work begun October 12, after it, is."""
    tree_appealed("case", "record", PA_CASE, *facts(*TREE_DECISION_FACTS), today="2026-09-15")
    tree_appealed("issue", PA_CASE, "tree-appeal-decision", today="2026-09-24")
    tree_appealed(
        "case", "record", PA_CASE,
        *facts(*TREE_ABATEMENT_FACTS, "work_begun_on=2026-10-05", "work_done_on=2026-10-06"),
        today="2026-10-07",
    )  # fmt: skip
    early = refused(
        tree_appealed, "issue", PA_CASE, "tree-abatement-assessment", today="2026-10-07"
    )
    assert "§ 8.15" in early
    assert len(documents(tree_appealed, PA_CASE)) == 3
    tree_appealed(
        "case", "record", PA_CASE,
        *facts("work_begun_on=2026-10-12", "work_done_on=2026-10-13"),
        today="2026-10-14",
    )  # fmt: skip
    tree_appealed("issue", PA_CASE, "tree-abatement-assessment", today="2026-10-14")
    assert len(standing(tree_appealed, PA_CASE, "tree-abatement-assessment")) == 1


# --- 5 and 8. Palmyra: the assessment district's hearing and final resolution (§ 8.03) --------

# The hearing notice follows the district's schedule in its case, one to each owner, and the
# notice of the final resolution follows each owner's hearing notice, taking that parcel's
# assessment from the schedule (two documents back).
SCHEDULE_CASE = DISTRICT_CASE = "PA-C-2026-0001"
HEARING = "assessment-hearing-notice"
# The schedule's parcels, owners and assessments (casebook sidewalk-assessment-schedule.toml).
DISTRICT = [
    ("PV-1101", "Sunniva and Arvid Lokken", "$5,340.46"),
    ("PV-1102", "Beatrix Oyelaran-Hale", "$1,780.15"),
    ("PV-1103", "Rock River Mercantile LLC", "$2,670.23"),
]
HEARING_FACTS = [
    "project=the 2026 reconstruction of the sidewalk on East Main Street and North Fourth Street",
    "district=the parcels abutting East Main Street between North Fourth and North Fifth Streets",
    "preliminary_resolution=Preliminary Resolution No. 2026-19",
    "preliminary_resolution_adopted_on=2026-04-13",
    "report_place=the office of the Village Clerk-Treasurer, Village Hall",
    "report_hours=from 8:00 a.m. to 4:30 p.m., Monday through Friday",
    "hearing_at=2026-09-14T18:30",
    "hearing_place=the Board Room, Village Hall",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-09-03",
]
FINAL_FACTS = [
    "hearing_held_on=2026-09-14",
    "final_resolution=Final Resolution No. 2026-25",
    "final_resolution_adopted_on=2026-09-14",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-09-24",
]


def district_scheduled_and_hearing_opened(clerk: Clerk) -> None:
    """Review L1: the schedule of the three parcels (PA-D-2026-00001) in the district's case,
    the facts of the hearing on it recorded there, and the report on it filed."""
    clerk(
        "case", "open", "--from", str(CASEBOOK / "palmyra" / "sidewalk-assessment-schedule.toml"),
        today="2026-08-24",
    )  # fmt: skip
    clerk("issue", SCHEDULE_CASE, today="2026-08-24")
    clerk("case", "record", SCHEDULE_CASE, *facts(*HEARING_FACTS), today="2026-08-27")
    report_filed(clerk, SCHEDULE_CASE, "2026-08-27", REPORTED_BY)


@pytest.fixture
def district(saved, tmp_path, runner) -> Clerk:
    return copied(
        saved, "district", "palmyra", district_scheduled_and_hearing_opened, tmp_path, runner
    )


def assert_one_to_each_owner_naming_only_its_parcel(clerk: Clerk, notices: list[dict]) -> None:
    assert sorted(d["recipient_name"] for d in notices) == sorted(o for _, o, _ in DISTRICT)
    for notice in notices:
        parcel, owner, _ = next(p for p in DISTRICT if p[1] == notice["recipient_name"])
        text = exported_text(clerk, notice["number"])
        assert parcel in text, (notice["number"], owner)
        for other, _, _ in DISTRICT:
            if other != parcel:
                assert other not in text, (notice["number"], owner, other)


def test_the_hearing_notice_of_a_three_parcel_district_goes_to_each_owner_for_its_parcel(
    district,
):
    """Wis. Stat. § 66.0703(7)(a), on which § 8.03's procedure relies: the notice is mailed to
    every interested person whose address is known. The register mailed one, to the first
    owner, listing all three parcels as "the property identified above"; issuing again mailed
    that owner a second copy."""
    district("issue", DISTRICT_CASE, HEARING, today="2026-08-28")
    notices = standing(district, DISTRICT_CASE, "assessment-hearing-notice")
    assert_one_to_each_owner_naming_only_its_parcel(district, notices)
    before = len(documents(district, DISTRICT_CASE))
    again = refused(district, "issue", DISTRICT_CASE, HEARING, today="2026-08-28")
    assert "§ 66.0703(7)(a)" in again
    assert len(documents(district, DISTRICT_CASE)) == before


def test_the_final_resolution_notice_goes_to_each_owner_with_its_amount_from_the_schedule(
    district,
):
    """Wis. Stat. § 66.0703(8)(d): the final resolution is mailed to every interested person;
    each owner's notice states the assessment the schedule (PA-D-2026-00001) levied on that
    owner's parcel. The register mailed one, to the first owner, with the clerk's typed
    amount."""
    district("issue", DISTRICT_CASE, HEARING, today="2026-08-28")
    for hearing in standing(district, DISTRICT_CASE, HEARING):
        district(
            "serve", hearing["number"], "--method", "first_class_mail", "--by", "Clerk-Treasurer",
            "--at", "2026-08-28T15:00", today="2026-08-29",
        )  # fmt: skip
    district("case", "record", DISTRICT_CASE, *facts(*FINAL_FACTS), today="2026-09-24")
    # The amount is not typed: each notice takes its parcel's from the schedule.
    typed = district(
        "case", "record", DISTRICT_CASE, "--fact=assessment=5340.46", today="2026-09-24", ok=False
    )
    assert typed.exit_code == 1 and "takes it from the document it follows" in typed.output
    district("issue", DISTRICT_CASE, "assessment-final-resolution-notice", today="2026-09-24")
    notices = standing(district, DISTRICT_CASE, "assessment-final-resolution-notice")
    assert_one_to_each_owner_naming_only_its_parcel(district, notices)
    for notice in notices:
        _, owner, amount = next(p for p in DISTRICT if p[1] == notice["recipient_name"])
        text = exported_text(district, notice["number"])
        assert amount in text, (notice["number"], owner)
        for _, other_owner, other_amount in DISTRICT:
            if other_owner != owner:
                assert other_amount not in text, (notice["number"], owner, other_amount)
    before = len(documents(district, DISTRICT_CASE))
    refused(
        district, "issue", DISTRICT_CASE, "assessment-final-resolution-notice", today="2026-09-25"
    )
    assert len(documents(district, DISTRICT_CASE)) == before


def test_the_final_resolution_s_publication_keeps_the_hearing_notice_s_own(clerk_palmyra, tmp_path):
    """Review C1: the hearing notice was published September 3, 2026, at least 10 days before
    the hearing of September 14 (Wis. Stat. § 66.0703(7)(a)); recording the final
    resolution's publication of September 24 replaced that day, and `due` then warned that the
    hearing notice was published too late."""
    clerk = clerk_palmyra
    clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-2201",
        "--notice-type", "assessment-hearing-notice", *facts(*HEARING_FACTS), today="2026-08-27",
    )  # fmt: skip
    hearing = issued_number(clerk("issue", "PA-C-2026-0001", today="2026-08-28"))
    clerk(
        "serve", hearing, "--method", "first_class_mail", "--by", "Clerk-Treasurer",
        "--at", "2026-08-28T15:00", today="2026-08-29",
    )  # fmt: skip
    clerk("publish", "prepare", hearing, today="2026-08-28")
    affidavit = tmp_path / "affidavit-of-publication.pdf"
    affidavit.write_bytes(blank_pdf())
    clerk(
        "publish", "record", hearing, "--published", "2026-09-03",
        "--affidavit", str(affidavit), today="2026-09-04",
    )  # fmt: skip
    clerk(
        "case", "record", "PA-C-2026-0001", *facts(*FINAL_FACTS), "--fact=assessment=15688.00",
        today="2026-09-24",
    )  # fmt: skip
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-09-24")
    due = clerk("due", "--json", today="2026-09-24").output
    assert "published too late" not in due
    # Each document keeps the day it printed; the case's record is the latest typed.
    printed = {
        d["notice_type"]: d["facts"]["published_on"] for d in documents(clerk, "PA-C-2026-0001")
    }
    assert printed == {
        "assessment-hearing-notice": "2026-09-03",
        "assessment-final-resolution-notice": "2026-09-24",
    }


# --- 6. Luck: a snow notice to each owner of a three-parcel case (§ 496-10B(2)) --------------

SNOW_OWNERS = [
    ("146-00312-0000", "Nordstrom Hardware Inc."),
    ("146-00318-0000", "Solvang Books & Coffee LLC"),
    ("146-00633-0000", "Anneliese Kowalczyk"),
]


def test_a_snow_notice_on_a_three_parcel_case_goes_to_each_owner(clerk_luck):
    """§ 496-10B(2): the notice is hand delivered to the owner when possible or mailed to the
    owner's last known address; the register issued one, to the first owner only."""
    clerk_luck(
        "case", "open", "--village", "luck",
        *[option for parcel, _ in SNOW_OWNERS for option in ("--parcel", parcel)],
        "--notice-type", "snow-ice-nonhazardous",
        *facts(
            "snow_ceased=2026-12-22T06:30",
            "observed_at=2026-12-23T09:40",
            "sidewalk_location=along the Main Street and Foster Avenue frontages",
        ),
        today="2026-12-23",
    )  # fmt: skip
    clerk_luck("issue", LU_CASE, today="2026-12-23")
    notices = standing(clerk_luck, LU_CASE, "snow-ice-nonhazardous")
    assert sorted(d["recipient_name"] for d in notices) == sorted(o for _, o in SNOW_OWNERS)


# --- 7. Tuckahoe: no Board decision before its hearing (§ 19-15(c)) ---------------------------

TU_CASE, TU_NOTICE = "TU-C-2026-0001", "TU-D-2026-00001"


def test_a_board_decision_dated_before_its_hearing_is_refused(tmp_path, runner):
    """§ 19-15(c): the Board makes its order "At such meeting" of which the Clerk advised the
    appellant; the notice of hearing set the meeting for Monday, July 13, 2026, and the
    register accepted a decision, and the Board's order, dated Friday, July 10."""
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk(
        "case", "open", "--from", str(CASEBOOK / "tuckahoe" / "notice-to-repair-sidewalk.toml"),
        today="2026-06-24",
    )  # fmt: skip
    clerk("issue", TU_CASE, today="2026-06-24")
    clerk(
        "case", "party", TU_CASE, "--role", "appellant", "--name", "Hollis Street Partners LLC",
        "--address", "c/o Dunmore Management|1450 Broadway Floor 12|New York NY 10018",
        today="2026-06-24",
    )  # fmt: skip
    clerk(
        "serve", TU_NOTICE, "--method", "registered_mail", "--by", "R. Alvarez",
        "--at", "2026-06-24T15:00", "--article-number", "RA123456785US", today="2026-06-25",
    )  # fmt: skip
    clerk(
        "case", "record", TU_CASE, "--event=appeal_served=2026-06-30",
        "--fact=appeal_manner=a letter delivered by hand to the Village Clerk's office",
        "--fact=hearing_at=2026-07-13T19:30",
        "--fact=hearing_place=the Board Room, Village Hall, 65 Main Street",
        today="2026-06-30",
    )  # fmt: skip
    clerk("issue", TU_CASE, "appeal-received", today="2026-06-30")
    clerk("issue", TU_CASE, "appeal-hearing", today="2026-07-01")
    clerk(
        "case", "record", TU_CASE,
        *BOARD_ORDER[:-1],
        "--event=order=2026-07-10",
        today="2026-07-10",
    )  # fmt: skip
    before = len(documents(clerk, TU_CASE))
    early = refused(clerk, "issue", TU_CASE, "appeal-decision", today="2026-07-10")
    assert "before the meeting on Monday, July 13, 2026" in early
    assert "July 13, 2026" in early
    assert len(documents(clerk, TU_CASE)) == before


# --- The same rules, attacked (a second reader's pass over this change) ----------------------


def test_a_document_dated_after_today_is_refused_so_no_waiting_period_is_passed_over(
    luck_billed,
):
    """Dated February 22, on January 20, the certificate would have passed over the sixty
    days of § 496-10G; a document is dated the day it is issued, or earlier."""
    future = refused(
        luck_billed, "issue", LU_CASE, "snow-ice-tax-roll-entry", "--date", "2027-02-22",
        today="2027-01-20",
    )  # fmt: skip
    assert "Monday, February 22, 2027 is after today, Wednesday, January 20, 2027" in future


def test_a_snow_bill_waits_for_the_notice_s_service_before_any_work_is_compared(clerk_luck):
    """§ 496-10F: the owner's time runs from the notice's delivery; until it is recorded the
    bill is not yet, whatever the removal's moment."""
    clerk_luck(*LUCK_SNOW_NOTICE, today="2026-12-23")
    clerk_luck("issue", LU_CASE, today="2026-12-23")
    clerk_luck("case", "record", LU_CASE, *snow_bill_facts("2026-12-23T15:30"), today="2026-12-23")
    early = refused(clerk_luck, "issue", LU_CASE, "snow-ice-removal-bill", today="2026-12-23")
    assert f"The owner's time under {LU_NOTICE} has not begun" in early
    (bill,) = [s for s in shown(clerk_luck, LU_CASE)["next_steps"] if "bill" in s["notice_type"]]
    assert bill["standing"] == "not_yet"


def test_a_second_addressee_of_the_notice_opens_no_second_bill_for_the_same_parcel(clerk_luck):
    """§ 496-10G charges the owner the expenses of one removal: a copy of the notice to a
    tenant (or to a new owner of record) does not make a second bill for the same sidewalk."""
    snow_notice_handed_over(clerk_luck)
    tenant = clerk_luck(
        "issue", LU_CASE, "--recipient-name", "Jane Tenant",
        "--recipient-address", "210 Main Street Apt 2|Luck WI 54853", today="2026-12-23",
    )  # fmt: skip
    copy = issued_number(tenant)
    clerk_luck(
        "serve", copy, "--method", "hand_owner", "--by", "Officer D. Reyes",
        "--at", "2026-12-23T14:20", "--to", "Jane Tenant", "--address", "210 Main Street",
        today="2026-12-24",
    )  # fmt: skip
    clerk_luck("case", "record", LU_CASE, *snow_bill_facts("2026-12-24T13:30"), today="2026-12-28")
    clerk_luck("issue", LU_CASE, "snow-ice-removal-bill", "--follows", LU_NOTICE,
               today="2026-12-28")  # fmt: skip
    again = refused(
        clerk_luck, "issue", LU_CASE, "snow-ice-removal-bill", "--follows", copy,
        today="2026-12-28",
    )  # fmt: skip
    assert "is already the Bill for Snow and Ice Removal for" in again
    assert "§ 496-10G (inferred) charges the owner the account of the expenses" in again
    # The owner's name in other capitals is the same addressee: no second notice.
    shouted = refused(
        clerk_luck, "issue", LU_CASE, "--recipient-name", "NORDSTROM  HARDWARE INC.",
        "--recipient-address", "PO Box 88|Luck WI 54853", today="2026-12-28",
    )  # fmt: skip
    assert "is already the Notice to Remove Snow and Ice to Nordstrom Hardware Inc." in shouted


def test_an_appeal_recorded_as_received_stops_the_abatement_before_its_hearing_is_noticed(
    clerk_palmyra,
):
    """§ 8.15(14): the appeal received within the 7 days suspends what acts on the tree from the
    day the Village records it, not from the day it notices the hearing."""
    clerk = clerk_palmyra
    tree_order_served(clerk)
    clerk("case", "record", PA_CASE, "--fact=appeal_received_on=2026-08-14", today="2026-08-14")
    clerk(
        "case", "record", PA_CASE,
        *facts(*TREE_ABATEMENT_FACTS, "work_begun_on=2026-08-24", "work_done_on=2026-08-25"),
        today="2026-08-26",
    )  # fmt: skip
    pending = refused(clerk, "issue", PA_CASE, "tree-abatement-assessment", today="2026-08-26")
    assert "the Board has not yet decided the appeal (§ 8.15(14))" in pending
    # A late appeal (received after the 7 days) suspends nothing: the hearing notice's own
    # check refuses it, and the assessment may then be issued.
    clerk("case", "record", PA_CASE, "--fact=appeal_received_on=2026-08-20", today="2026-08-26")
    clerk("issue", PA_CASE, "tree-abatement-assessment", today="2026-08-26")


def test_the_village_board_s_decision_is_not_dated_before_the_hearing_its_notice_announced(
    tree_appealed,
):
    """§ 8.15(14): "After such hearing": the hearing notice announced September 14; a
    decision letter of September 1 recording the hearing as concluded August 31 is refused."""
    tree_appealed(
        "case", "record", PA_CASE,
        *facts(*TREE_DECISION_FACTS[1:], "hearing_concluded_on=2026-08-31"),
        today="2026-09-01",
    )  # fmt: skip
    early = refused(tree_appealed, "issue", PA_CASE, "tree-appeal-decision", today="2026-09-01")
    assert "before the hearing on Monday, September 14, 2026 at 6:30 p.m. CDT" in early


def test_a_reading_of_the_ordinance_is_the_village_s_file_s_not_a_fact_of_the_case(clerk_luck):
    clerk_luck(*LUCK_SNOW_NOTICE, today="2026-12-23")
    typed = refused(
        clerk_luck, "case", "record", LU_CASE, "--fact=tax_roll_reading=within sixty days",
        today="2026-12-23",
    )  # fmt: skip
    assert "the village's file gives ([readings] in letterhead.toml)" in typed


def test_each_owner_whose_directive_was_served_is_billed_and_the_other_waits(
    saved, tmp_path, runner
):
    """§ 134-45F: one bill to each owner; the owner whose directive is not yet served is
    billed once it is, not held up with the others."""

    def two_directives_one_served(clerk: Clerk) -> None:
        clerk(
            "case", "open", "--village", "village-a", "--notice-type", "directive-to-comply",
            *VA_PARCELS[:4],
            *facts(
                "inspection_date=2026-01-02", "street_name=A Street (private)",
                "conditions=Debris blocks the travel lane.", "corrective_action=Remove it.",
            ),
            today="2026-01-02",
        )  # fmt: skip
        clerk("issue", VA_CASE, today="2026-01-05")
        clerk(
            "serve", "VA-D-2026-00001", "--method", "hand_owner", "--by", "R. Ortiz",
            "--at", "2026-01-05T10:00", "--to", "the owner", "--address", "the premises",
            today="2026-01-06",
        )  # fmt: skip
        clerk("case", "record", VA_CASE, *facts(AFTER_DIRECTIVES, *VA_WORK), today="2026-02-02")

    clerk = copied(saved, "va-one-served", "village-a", two_directives_one_served, tmp_path,
                   runner)  # fmt: skip
    steps = shown(clerk, VA_CASE)["next_steps"]
    (bills,) = [s for s in steps if s["notice_type"] == "maintenance-bill"]
    assert bills["standing"] == "may" and bills["parcels"] == [VA_OWNERS[0][0]]
    issued = clerk("issue", VA_CASE, "maintenance-bill", today="2026-02-02").output
    assert issued.count("Issued ") == 1 and "to ABC LLC" in issued
