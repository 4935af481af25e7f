"""Palmyra's documents that follow one another in one case (Ch. 8), walked at the command line
as a clerk walks them, with a fixed clock: the Dutch elm notice and its publication when the
owner cannot be found (§ 8.15(5)(b)1); a Forester's order, the hearing of the appeal and the
Board's letter (§ 8.15(14)); the sidewalk order, its assessment schedule, the invoice and a
deferment (§§ 8.04(1), 8.03(3), 8.03(4)), or the bill for the owner's 50 percent of the Village's
work instead (§ 8.04(1)); the excavation permit application answered by the
permit or by the refusal for frozen ground (§ 8.06(1), (9)); the excavation permit and the bill
for restoring the surface (§ 8.06(7)). Each precondition refuses with its sentence and takes no
number."""

from __future__ import annotations

import json
import re
import tomllib
from datetime import date, timedelta
from pathlib import Path

import pytest
from clerk import (
    CASEBOOK,
    REPORTED_BY,
    article,
    clerk_at,
    issued_number,
    pdf_text,
    report_filed,
)

ELM_FACTS = [
    "tree=one American elm, about 20 inches in diameter,",
    "tree_location=in the terrace strip between the lot line and the curb along Maple Street",
    "inspected_on=2026-07-16",
    "finding=A laboratory culture of a branch sample confirmed the Dutch Elm disease fungus.",
    "abatement=Cut down the tree and remove it from the terrace.",
]
PUBLICATION_FACTS = [
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "owner_not_found=The certified letter came back unclaimed on July 21, 2026.",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def exported_text(clerk, number: str, tmp_path: Path) -> str:
    out = tmp_path / "out" / number
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return pdf_text(next(out.rglob(f"{number}.pdf")))


def documents_of(clerk, case: str) -> list[tuple[str, str, str | None]]:
    shown = json.loads(clerk("case", "show", case, "--json").output)
    return [(d["number"], d["notice_type"], d["follows"]) for d in shown["documents"]]


def facts(*assignments: str) -> list[str]:
    return [f"--fact={assignment}" for assignment in assignments]


# --- § 8.15(5)(b)1: the Dutch elm notice, published when the owner cannot be found ------------


def elm_notice_mailed_and_returned(clerk) -> None:
    """Notice dated and mailed Friday, July 17, 2026; the letter comes back unclaimed July 21."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0815",
        "--notice-type",
        "dutch-elm-abatement-notice",
        *facts(*ELM_FACTS),
        "--event=notice_dated=2026-07-17",
        today="2026-07-17",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-07-17")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "certified_mail",
        "--by",
        "Village Forester",
        "--at",
        "2026-07-17T10:00",
        "--article-number",
        article(1),
        today="2026-07-18",
    )
    clerk("receipt", "PA-D-2026-00001", "--unclaimed", "2026-07-21T14:00", today="2026-07-22")


def test_the_published_elm_notice_counts_its_30_days_from_the_publication_not_its_date(
    clerk, tmp_path
):
    elm_notice_mailed_and_returned(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*PUBLICATION_FACTS), today="2026-07-22")
    # The text is dated Wednesday, July 22 for the newspaper, which prints it Thursday, July 30.
    unrecorded = clerk(
        "issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22", ok=False
    )
    assert unrecorded.exit_code == 1
    assert "The deadline needs the date of 'publication'" in unrecorded.output
    clerk("case", "record", "PA-C-2026-0001", "--event=publication=2026-07-30", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    published = exported_text(clerk, "PA-D-2026-00002", tmp_path)
    assert "Publish on: Thursday, July 30, 2026" in published
    # 30 days from July 30 is Saturday, August 29, which the closed office does not move for
    # work on a tree (Wis. Stat. § 990.001(4)(c) reaches only acts at an office) -- not Friday,
    # August 21, 30 days from the text's own date.
    assert "no later than Saturday, August 29, 2026" in published
    assert "30 days from July 30, 2026, the date this notice is published" in published
    assert "August 21" not in published
    served = clerk(
        "serve",
        "PA-D-2026-00002",
        "--method",
        "publication",
        "--by",
        "The Palmyra Prairie Courier",
        "--at",
        "2026-07-30T06:00",
        today="2026-07-31",
    )
    assert "Deadline: Saturday, August 29, 2026" in served.output
    assert "asks for less time" not in served.output
    assert "Wrote" in clerk("proof", "PA-D-2026-00002", today="2026-07-31").output
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "dutch-elm-abatement-notice", None),
        ("PA-D-2026-00002", "dutch-elm-abatement-publication", "PA-D-2026-00001"),
    ]


def test_the_published_elm_notice_states_the_last_day_to_appeal_from_its_publication(
    clerk, tmp_path
):
    # An owner who cannot be found has no day of receipt (attorney review PA40-a): the notice
    # names the day of publication and the last day to appeal, 7 days from it.
    elm_notice_mailed_and_returned(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*PUBLICATION_FACTS), today="2026-07-22")
    clerk("case", "record", "PA-C-2026-0001", "--event=publication=2026-07-30", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    published = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert "the day you receive it" not in published
    assert (
        "within 7 days of its publication on July 30, 2026, that is, no later than Thursday, "
        "August 6, 2026" in published
    )
    assert "the Village relies on the day this notice is published" in published


def test_a_publication_recorded_on_another_day_moves_the_register_deadline_and_warns(clerk):
    # The case expected the newspaper on Thursday, July 30; it printed the notice on Saturday,
    # August 1. The 30 days run from the publication the service records: Monday, August 31.
    elm_notice_mailed_and_returned(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*PUBLICATION_FACTS), today="2026-07-22")
    clerk("case", "record", "PA-C-2026-0001", "--event=publication=2026-07-30", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    served = clerk(
        "serve",
        "PA-D-2026-00002",
        "--method",
        "publication",
        "--by",
        "The Palmyra Prairie Courier",
        "--at",
        "2026-08-01T06:00",
        today="2026-08-02",
    )
    assert "Deadline: Monday, August 31, 2026" in served.output
    assert "The case gives the publication as" in served.output
    assert "asks for less time than the ordinance allows" in served.output


def test_the_publication_follows_a_written_notice_and_there_is_one_for_each(clerk):
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0815",
        "--notice-type",
        "dutch-elm-abatement-notice",
        *facts(*ELM_FACTS),
        "--event=notice_dated=2026-07-17",
        today="2026-07-17",
    )
    # The publication's facts are recorded in the notice's case: it follows the notice.
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*PUBLICATION_FACTS),
        "--event=publication=2026-07-30",
        today="2026-07-17",
    )
    early = clerk(
        "issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22", ok=False
    )
    assert early.exit_code == 1
    assert (
        "follows a 'dutch-elm-abatement-notice' or 'dutch-elm-immediate-notice' issued in case"
        in early.output
    )
    clerk("issue", "PA-C-2026-0001", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-22")
    again = clerk(
        "issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-23", ok=False
    )
    assert again.exit_code == 1
    assert "PA-D-2026-00002 is already the Notice to Abate Dutch Elm Disease" in again.output
    assert "for PA-D-2026-00001" in again.output
    clerk("void", "PA-D-2026-00002", "--reason", "misprinted", today="2026-07-23")
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-23")
    assert [n for n, _, _ in documents_of(clerk, "PA-C-2026-0001")] == [
        "PA-D-2026-00001",
        "PA-D-2026-00002",
        "PA-D-2026-00003",
    ]


def test_an_immediate_elm_notice_that_cannot_reach_the_owner_is_published_too(clerk, tmp_path):
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0815",
        "--notice-type",
        "dutch-elm-immediate-notice",
        *facts(
            *ELM_FACTS,
            "immediate_action=Beetles are emerging and three healthy elms stand within 40 feet.",
            "abate_by=2026-07-24",
        ),
        today="2026-07-17",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-07-17")
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*PUBLICATION_FACTS),
        "--event=publication=2026-07-23",
        today="2026-07-21",
    )
    clerk("issue", "PA-C-2026-0001", "dutch-elm-abatement-publication", today="2026-07-21")
    # A published notice gives the 30 days from publication: July 23 + 30 is Saturday,
    # August 22, which stays (abating a tree is work in the field).
    assert "no later than Saturday, August 22, 2026" in exported_text(
        clerk, "PA-D-2026-00002", tmp_path
    )


# --- § 8.15(14): an appeal from the Forester's order, its hearing and the Board's letter ------

ORDER_FACTS = [
    "inspected_on=2026-07-29",
    "location=in the terrace between the sidewalk and the curb along Jefferson Street",
    "plantings=One Colorado blue spruce, about 5 feet tall, in the terrace.",
    "ground=no permit or approval",
    "species=spruce",
    "remove_by=2026-08-28",
]
APPEAL_FACTS = [
    "order_title=order to remove unlawfully planted trees, plants or shrubs",
    "appeal_received_on=2026-08-10",
    "hearing_at=2026-09-01T18:30",
    "hearing_place=the Board Room, Village Hall",
]
DECISION_FACTS = [
    "hearing_concluded_on=2026-09-01",
    "resolution=Resolution No. 2026-44",
    "appearance=Pieter Vandermolen appeared and presented photographs.",
    "grounds=The spruce was planted in the terrace without a permit or the Forester's approval.",
    "ground=no permit or approval",
    "species=spruce",
    "outcome=affirmed",
    "order_as_decided=Remove the Colorado blue spruce from the terrace, with its root ball.",
    "comply_by=2026-10-30",
]


def order_appealed(clerk) -> None:
    """The order dated August 3, received August 5 by certified mail, appealed August 10."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0934",
        "--notice-type",
        "unlawful-planting-order",
        *facts(*ORDER_FACTS),
        today="2026-08-03",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-08-03")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "certified_mail",
        "--by",
        "Village Forester",
        "--at",
        "2026-08-03T11:00",
        "--article-number",
        article(2),
        today="2026-08-04",
    )
    clerk("receipt", "PA-D-2026-00001", "--signed", "2026-08-05T10:00", today="2026-08-06")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "appellant",
        "--name",
        "Rosalind and Pieter Vandermolen",
        "--address",
        "401 West Jefferson Street|Palmyra WI 53156",
        today="2026-08-10",
    )
    clerk("case", "record", "PA-C-2026-0001", *facts(*APPEAL_FACTS), today="2026-08-10")


def test_an_appeal_walks_from_the_order_through_the_hearing_notice_to_the_board_s_letter(
    clerk, tmp_path
):
    order_appealed(clerk)
    # The hearing notice takes the order's number from the register, and the decision letter
    # takes it two documents back, from the order the hearing notice follows: nobody types it.
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=order_number=PA-D-2026-00099",
        today="2026-08-10",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'order_number' is not recorded" in typed.output
    clerk("issue", "PA-C-2026-0001", "tree-appeal-hearing", today="2026-08-11")
    hearing = exported_text(clerk, "PA-D-2026-00002", tmp_path)
    assert "Document No. PA-D-2026-00001, on August 5, 2026" in hearing
    # 7 days from receipt on August 5 run to Wednesday, August 12; 30 days from the appeal on
    # August 10 to Wednesday, September 9.
    assert "which ended on Wednesday, August 12, 2026" in hearing
    assert "no later than Wednesday, September 9, 2026" in hearing
    # WI attorney review PA45-a: the customary accommodation statement and the open meeting.
    assert "need an accommodation to take part in the hearing" in hearing
    assert "(Wis. Stat. § 19.84, on which the Village relies)" in hearing
    clerk(
        "serve",
        "PA-D-2026-00002",
        "--method",
        "present_personally",
        "--by",
        "Village Clerk",
        "--at",
        "2026-08-11T15:00",
        "--to",
        "Pieter Vandermolen",
        "--address",
        "the premises",
        today="2026-08-12",
    )
    clerk("proof", "PA-D-2026-00002", today="2026-08-12")
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*DECISION_FACTS),
        today="2026-09-02",
    )
    clerk("issue", "PA-C-2026-0001", "tree-appeal-decision", today="2026-09-04")
    letter = exported_text(clerk, "PA-D-2026-00003", tmp_path)
    assert "This letter, dated September 4, 2026" in letter
    assert "unlawfully planted trees, plants or shrubs, Document No. PA-D-2026-00001" in letter
    assert "no later than Friday, September 11, 2026" in letter
    assert "affirms the order appealed from" in letter
    assert "no later than Friday, October 30, 2026" in letter
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "unlawful-planting-order", None),
        ("PA-D-2026-00002", "tree-appeal-hearing", "PA-D-2026-00001"),
        ("PA-D-2026-00003", "tree-appeal-decision", "PA-D-2026-00002"),
    ]


def test_a_decision_letter_needs_the_hearing_notice_and_is_one_for_each_hearing(clerk):
    order_appealed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*DECISION_FACTS),
        today="2026-09-02",
    )
    early = clerk("issue", "PA-C-2026-0001", "tree-appeal-decision", today="2026-09-04", ok=False)
    assert early.exit_code == 1
    assert "follows a 'tree-appeal-hearing' issued in case PA-C-2026-0001" in early.output
    clerk("issue", "PA-C-2026-0001", "tree-appeal-hearing", today="2026-08-11")
    clerk("issue", "PA-C-2026-0001", "tree-appeal-decision-reversed", today="2026-09-04")
    again = clerk(
        "issue", "PA-C-2026-0001", "tree-appeal-decision-reversed", today="2026-09-05", ok=False
    )
    assert again.exit_code == 1
    assert "PA-D-2026-00003 is already the Decision of the Village Board on Appeal" in again.output
    assert "for PA-D-2026-00002" in again.output


def test_a_decision_letter_more_than_10_days_after_the_hearing_is_refused(clerk):
    order_appealed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*DECISION_FACTS),
        today="2026-09-02",
    )
    clerk("issue", "PA-C-2026-0001", "tree-appeal-hearing", today="2026-08-11")
    # Hearing concluded Tuesday, September 1: the letter is due by Friday, September 11.
    late = clerk("issue", "PA-C-2026-0001", "tree-appeal-decision", today="2026-09-14", ok=False)
    assert late.exit_code == 1
    assert (
        "A letter dated Monday, September 14, 2026 is late: § 8.15(14) requires the Board to "
        "notify the appellant of its decision by letter within 10 days after the hearing "
        "concluded on Tuesday, September 1, 2026, so by Friday, September 11, 2026."
    ) in " ".join(late.output.split())
    clerk("issue", "PA-C-2026-0001", "tree-appeal-decision", today="2026-09-11")
    assert [n for n, _, _ in documents_of(clerk, "PA-C-2026-0001")][-1] == "PA-D-2026-00003"


def test_a_hearing_on_an_appeal_made_after_the_7_days_is_refused(clerk):
    order_appealed(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=appeal_received_on=2026-08-13",
        "--fact=hearing_at=2026-09-08T18:30",
        today="2026-08-13",
    )
    late = clerk("issue", "PA-C-2026-0001", "tree-appeal-hearing", today="2026-08-14", ok=False)
    assert late.exit_code == 1
    assert "§ 8.15(14) allows an appeal to the Village Board within 7 days" in late.output
    assert "so by Wednesday, August 12, 2026" in late.output
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


# --- §§ 8.04(1), 8.03(4), 8.03(3): sidewalk order, schedule, invoice, deferment ---------------

SCHEDULE_FACTS = [
    "project=the 2026 repair of the sidewalk in front of 131 East Main Street",
    "work=reconstruction",
    "project_costs=Construction, the contractor's final pay request|1632.00",
    "intersection_sqft=0",
    "lots=PV-0641 | interior | East Main Street: 16 ft x 4 ft",
]
# The hearing on the schedule, noticed to the owner June 16 and published June 18 for July 6;
# the final resolution adopted July 13 and published July 16 (Wis. Stat. § 66.0703(7)(a), (8)(d)).
SIDEWALK_HEARING_FACTS = [
    "district=the parcel abutting the sidewalk in front of 131 East Main Street",
    "preliminary_resolution=Preliminary Resolution No. 2026-27",
    "preliminary_resolution_adopted_on=2026-06-08",
    "report_place=the office of the Village Clerk-Treasurer, Village Hall",
    "report_hours=from 8:00 a.m. to 4:30 p.m., Monday through Friday",
    "hearing_at=2026-07-06T18:30",
    "hearing_place=the Board Room, Village Hall",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-06-18",
]
SIDEWALK_LEVY_FACTS = [
    "hearing_held_on=2026-07-06",
    "final_resolution=Final Resolution No. 2026-31",
    "final_resolution_adopted_on=2026-07-13",
    "published_on=2026-07-16",
]
INVOICE_FACTS = [
    "improvement=the 2026 repair of the sidewalk in front of 131 East Main Street",
    "completion_certified_by=the Superintendent of Public Works",
    "completion_certified_on=2026-07-20",
    "installment_years=5",
    "borrowing_rate_percent=3.25",
    "first_tax_year=2026",
]
DEFERMENT_FACTS = [
    "application_received_on=2026-08-05",
    "meeting_on=2026-08-10",
    "decision_resolution=Resolution No. 2026-40",
    "use_or_connection_made=no",
    "board_terms=The deferment ends when the sidewalk is used in connection with the property.",
    "outcome=granted",
    "grounds=No use of the sidewalk is made in connection with the property.",
]


def sidewalk_ordered(clerk) -> None:
    """The order issued and served on the owner May 4 (20 days to Tuesday, May 26)."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0641",
        "--notice-type",
        "sidewalk-order",
        *facts(
            "resolution=Resolution No. 2026-09, adopted by the Village Board on April 13, 2026",
            "sidewalk_location=along the East Main Street frontage of 131 East Main Street",
            "ordered_work=Remove and replace four heaved sidewalk squares.",
            "estimated_costs=Removal and replacement, 64 square feet|816.00",
        ),
        today="2026-05-04",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-05-04")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "hand_owner",
        "--by",
        "K. Nowak",
        "--at",
        "2026-05-04T10:00",
        "--to",
        "the owner",
        "--address",
        "the premises",
        today="2026-05-05",
    )


def sidewalk_scheduled(clerk) -> None:
    """The order served May 4 (20 days to May 26); the Village's work assessed June 15."""
    sidewalk_ordered(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*SCHEDULE_FACTS), today="2026-06-15")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "officer",
        "--name",
        "Village Clerk-Treasurer",
        "--address",
        "Village Hall|Palmyra WI 53156",
        today="2026-06-15",
    )
    clerk("issue", "PA-C-2026-0001", "sidewalk-assessment-schedule", today="2026-06-15")
    assessment_levied(
        clerk, SIDEWALK_HEARING_FACTS, "2026-06-16", SIDEWALK_LEVY_FACTS, "2026-07-16"
    )
    clerk("case", "record", "PA-C-2026-0001", *facts(*INVOICE_FACTS), today="2026-07-20")


def assessment_levied(
    clerk, hearing: list[str], noticed_on: str, levy: list[str], resolved_on: str
) -> None:
    """After the schedule: the report on it filed, the hearing noticed to each owner, then the
    final resolution levying the assessment mailed to each (Wis. Stat. § 66.0703(5), (7)(a),
    (8)(d)), in case PA-C-2026-0001; the invoices follow the notices of the final resolution."""
    clerk("case", "record", "PA-C-2026-0001", *facts(*hearing), today=noticed_on)
    report_filed(clerk, "PA-C-2026-0001", noticed_on, REPORTED_BY)
    issued = clerk("issue", "PA-C-2026-0001", "assessment-hearing-notice", today=noticed_on)
    mailed_after = (date.fromisoformat(noticed_on) + timedelta(days=1)).isoformat()
    for number in re.findall(r"Issued (\S+):", issued.output):
        clerk(
            "serve",
            number,
            "--method",
            "first_class_mail",
            "--by",
            "K. Nowak",
            "--at",
            f"{noticed_on}T15:00",
            today=mailed_after,
        )
    clerk("case", "record", "PA-C-2026-0001", *facts(*levy), today=resolved_on)
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today=resolved_on)


def test_a_sidewalk_order_leads_to_the_schedule_the_invoice_and_a_deferment_in_one_case(
    clerk, tmp_path
):
    sidewalk_scheduled(clerk)
    # Half of the $1,632.00 reconstruction is assessable (§ 8.03(4)(b)3): $816.00 on 64 sq ft.
    schedule = exported_text(clerk, "PA-D-2026-00002", tmp_path)
    assert "PV-0641 131 East Main Street Halvorsen Family Trust 64 $816.00" in schedule
    again = clerk(
        "issue", "PA-C-2026-0001", "sidewalk-assessment-schedule", today="2026-06-16", ok=False
    )
    assert "PA-D-2026-00002 is already the Sidewalk Special Assessment" in again.output
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-22", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22")
    invoice = exported_text(clerk, "PA-D-2026-00006", tmp_path)
    assert "by Final Resolution No. 2026-31, adopted July 13, 2026" in invoice
    # The lot's assessment is the schedule's, taken from the register, not retyped.
    assert "Sidewalk special assessment on 64 sq ft of abutting sidewalk $816.00" in invoice
    assert "Full amount of the assessment $816.00" in invoice
    assert "no later than Friday, August 21, 2026" in invoice
    # Mailed the day after its date, the invoice still gives 30 days from its date (§ 8.03(3)(b)1).
    mailed = clerk(
        "serve",
        "PA-D-2026-00006",
        "--method",
        "first_class_mail",
        "--by",
        "Clerk-Treasurer",
        "--at",
        "2026-07-23T09:00",
        today="2026-07-24",
    )
    assert "Deadline: Friday, August 21, 2026" in mailed.output
    assert "asks for less time" not in mailed.output
    clerk("pay", "PA-D-2026-00006", "--amount", "216.00", "--on", "2026-08-01", today="2026-08-01")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Ingrid Halvorsen, trustee",
        "--address",
        "2207 Linden Court|Whitewater WI 53190",
        today="2026-08-10",
    )
    clerk("case", "record", "PA-C-2026-0001", *facts(*DEFERMENT_FACTS), today="2026-08-10")
    clerk("issue", "PA-C-2026-0001", "assessment-deferment-decision", today="2026-08-11")
    decision = exported_text(clerk, "PA-D-2026-00007", tmp_path)
    # Taken from the register: the invoice's number and date, and what is still outstanding.
    assert "Document No. PA-D-2026-00006, dated July 22, 2026" in decision
    assert "the special assessment of $600.00" in decision
    # § 8.03(3)(c)'s final notice of assessment, as Palmyra's file reads it ([installments]
    # deferred_interest_from): the notice of the final resolution of July 16, taken from the
    # register two documents back, not the invoice of July 22 (WI attorney review PA51-a).
    assert "from the date of the final notice of assessment, July 16, 2026" in decision
    assert "relies on its reading that it is the notice of the final resolution" in decision
    assert "By Resolution No. 2026-40, the Village Board grants a deferment" in decision
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "sidewalk-order", None),
        ("PA-D-2026-00002", "sidewalk-assessment-schedule", "PA-D-2026-00001"),
        ("PA-D-2026-00003", "assessment-engineer-report", "PA-D-2026-00002"),
        ("PA-D-2026-00004", "assessment-hearing-notice", "PA-D-2026-00003"),
        ("PA-D-2026-00005", "assessment-final-resolution-notice", "PA-D-2026-00004"),
        ("PA-D-2026-00006", "special-assessment-invoice", "PA-D-2026-00005"),
        ("PA-D-2026-00007", "assessment-deferment-decision", "PA-D-2026-00006"),
    ]


def test_an_invoice_dated_before_completion_is_certified_is_refused_and_takes_no_number(clerk):
    sidewalk_scheduled(clerk)
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-17", today="2026-07-17")
    early = clerk(
        "issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-17", ok=False
    )
    assert early.exit_code == 1
    assert (
        "An invoice dated Friday, July 17, 2026 would come before the completion of the work was "
        "certified on Monday, July 20, 2026; § 8.03(3)(b)1"
    ) in " ".join(early.output.split())
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-20", today="2026-07-20")
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-20")
    assert "Issued PA-D-2026-00006: Special Assessment Invoice" in issued.output


def test_the_invoice_number_is_taken_and_a_paid_invoice_leaves_nothing_to_defer(clerk, tmp_path):
    sidewalk_scheduled(clerk)
    clerk("case", "record", "PA-C-2026-0001", "--event=invoiced=2026-07-22", today="2026-07-22")
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22")
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=invoice_number=PA-2026-A-0001",
        today="2026-08-10",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'invoice_number' is not recorded" in typed.output
    clerk("pay", "PA-D-2026-00006", "--amount", "816.00", "--on", "2026-08-01", today="2026-08-01")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Ingrid Halvorsen, trustee",
        "--address",
        "2207 Linden Court|Whitewater WI 53190",
        today="2026-08-10",
    )
    clerk("case", "record", "PA-C-2026-0001", *facts(*DEFERMENT_FACTS), today="2026-08-10")
    paid = clerk(
        "issue", "PA-C-2026-0001", "assessment-deferment-decision", today="2026-08-11", ok=False
    )
    assert paid.exit_code == 1
    assert "The assessment or installment to be deferred must be more than $0.00." in paid.output
    # A hardship deferment is of one year's installment, a fact; the invoice's number is taken.
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            "application_tax_year=2026",
            "installment_tax_year=2026",
            "deferred_amount=188.47",
            "applicant_at_least_18=yes",
            "applicant_owns_real_estate=yes",
            "real_estate_is_homestead=yes",
            "income_within_homestead_maximum=yes",
            "household_income=18240.00",
            "homestead_income_maximum=24680.00",
            "deferment_terms=The deferred installment bears no interest while it is deferred.",
            "other_grounds_for_denial=no",
        ),
        today="2026-08-11",
    )
    clerk("issue", "PA-C-2026-0001", "hardship-deferment-decision", today="2026-08-11")
    hardship = exported_text(clerk, "PA-D-2026-00007", tmp_path)
    assert "special assessment invoice, Document No. PA-D-2026-00006)" in hardship
    assert "$188.47" in hardship


# The hearing noticed October 5 and published October 6 for October 19; the final resolution
# adopted at the hearing and published October 20.
DISTRICT_HEARING_FACTS = [
    "district=the parcels abutting Cutler Street from North Third Street to Heron Court, and "
    "Heron Court",
    "preliminary_resolution=Preliminary Resolution No. 2026-44",
    "preliminary_resolution_adopted_on=2026-09-28",
    "report_place=the office of the Village Clerk-Treasurer, Village Hall",
    "report_hours=from 8:00 a.m. to 4:30 p.m., Monday through Friday",
    "hearing_at=2026-10-19T18:30",
    "hearing_place=the Board Room, Village Hall",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-10-06",
]


def district_levy(resolution: str) -> list[str]:
    return [
        "hearing_held_on=2026-10-19",
        f"final_resolution={resolution}",
        "final_resolution_adopted_on=2026-10-19",
        "published_on=2026-10-20",
    ]


WATER_MAIN_INVOICE_FACTS = [
    "improvement=the 2026 water main on Cutler Street and Heron Court",
    "completion_certified_by=the Village Engineer",
    "completion_certified_on=2026-10-19",
    "installment_years=10",
    "borrowing_rate_percent=3.25",
    "first_tax_year=2026",
]
# The schedule's front foot assessments of the water main at the Board's rates (§ 8.03(5)(b)1):
# residential on the 6-inch equivalent at $152.00 a foot, the creamery commercial on the 8-inch
# at $188.00; the corner lot on the average of its two frontages, (80 + 132) / 2 = 106 ft.
WATER_MAIN_LOTS = [
    ("PV-2201", "Lindqvist and Adebayo Farrow", "106", "16,112.00"),
    ("PV-2202", "Odalys Brennecke", "66", "10,032.00"),
    ("PV-2203", "Fenwick Creamery Cooperative", "120", "22,560.00"),
    ("PV-2204", "Yusuf and Greta Amundsen", "58", "8,816.00"),
]
ZONED = {
    "PV-2201": "residential, 6 inches",
    "PV-2202": "residential, 6 inches",
    "PV-2203": "commercial, 8 inches",
    "PV-2204": "residential, 6 inches",
}


# The notices of the final resolution, one to each lot's owner, that the invoices follow.
FINAL_NOTICES = ("PA-D-2026-00007", "PA-D-2026-00008", "PA-D-2026-00009", "PA-D-2026-00010")


def water_main_scheduled(clerk) -> None:
    """The district schedule of four lots issued October 5; completion certified October 19."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "water-main-assessment-schedule.toml"),
        today="2026-10-05",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-10-05")
    assessment_levied(
        clerk,
        DISTRICT_HEARING_FACTS,
        "2026-10-05",
        district_levy("Final Resolution No. 2026-52"),
        "2026-10-20",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*WATER_MAIN_INVOICE_FACTS),
        "--event=invoiced=2026-10-20",
        today="2026-10-20",
    )


ADDRESSES = {
    "PV-2201": "301 Cutler Street",
    "PV-2202": "309 Cutler Street",
    "PV-2203": "315 Cutler Street",
    "PV-2204": "4 Heron Court",
}


def test_the_final_resolution_is_published_once_with_every_lot_s_assessment_from_the_schedule(
    clerk, tmp_path
):
    """WI legal reading 2026-12-02, §2 item 3: the final resolution had no publication copy
    (Wis. Stat. § 66.0703(8)(d), class 1)."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "water-main-assessment-schedule.toml"),
        today="2026-10-05",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-10-05")
    clerk("case", "record", "PA-C-2026-0001", *facts(*DISTRICT_HEARING_FACTS), today="2026-10-05")
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    publication = "assessment-final-resolution-publication"
    assert publication not in [step["notice_type"] for step in shown["next_steps"]]
    report_filed(clerk, "PA-C-2026-0001", "2026-10-05", REPORTED_BY)
    clerk("issue", "PA-C-2026-0001", "assessment-hearing-notice", today="2026-10-05")
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*district_levy("Final Resolution No. 2026-52")),
        today="2026-10-20",
    )
    early = clerk("issue", "PA-C-2026-0001", publication, today="2026-10-16", ok=False)
    assert "before the final resolution was adopted on Monday, October 19, 2026" in " ".join(
        early.output.split()
    )
    issued = clerk("issue", "PA-C-2026-0001", publication, today="2026-10-20")
    assert issued.output.count("Issued ") == 1
    number = issued.output.split("Issued ")[1].split(":")[0]
    text = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "adopted Final Resolution No. 2026-52, levying special assessments" in text
    for parcel, owner, _, amount in WATER_MAIN_LOTS:
        # The schedule's assessment of each lot, taken from the register, never retyped.
        assert f"{parcel} {ADDRESSES[parcel]} {owner} ${amount}" in text
    again = clerk("issue", "PA-C-2026-0001", publication, today="2026-10-21", ok=False)
    assert again.exit_code == 1
    prepared = clerk("publish", "prepare", number, today="2026-10-20")
    assert "class 1" in prepared.output.lower() or "printed" in prepared.output
    copy = (
        clerk.office / "outputs" / "publication" / number / f"{number}-newspaper-copy.txt"
    ).read_text()
    # A notice to the public: no addressee and no reference block in the newspaper's copy.
    assert "To: " not in copy and "RE:" not in copy
    assert "Lindqvist and Adebayo Farrow" in copy and "$22,560.00" in copy


def test_a_one_lot_levy_is_published_too(clerk, tmp_path):
    sidewalk_scheduled(clerk)
    issued = clerk(
        "issue", "PA-C-2026-0001", "assessment-final-resolution-publication", today="2026-07-16"
    )
    number = issued.output.split("Issued ")[1].split(":")[0]
    text = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "PV-0641 131 East Main Street Halvorsen Family Trust $816.00" in text


def test_a_district_schedule_is_followed_by_an_invoice_to_each_lot_s_owner_for_its_assessment(
    clerk, tmp_path
):
    water_main_scheduled(clerk)
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-20")
    assert issued.output.count("Issued ") == 4
    schedule = exported_text(clerk, "PA-D-2026-00001", tmp_path)
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    invoices = shown["documents"][10:]  # after the schedule, the report and the notices
    assert [(d["recipient_name"], d["amount_due"], d["follows"]) for d in invoices] == [
        (owner, amount.replace(",", ""), final)
        for (_, owner, _, amount), final in zip(WATER_MAIN_LOTS, FINAL_NOTICES, strict=True)
    ]
    for number, (parcel, owner, feet, amount) in zip(
        ("PA-D-2026-00011", "PA-D-2026-00012", "PA-D-2026-00013", "PA-D-2026-00014"),
        WATER_MAIN_LOTS,
        strict=True,
    ):
        # The schedule printed this lot's assessment; its invoice bills the same, and no other.
        assert f"{parcel} " in schedule and f" {owner} {ZONED[parcel]} {feet} ${amount}" in schedule
        invoice = exported_text(clerk, number, tmp_path)
        assert owner.upper() in invoice
        assert f"Parcel No.: {parcel}" in invoice
        assert (
            f"Water main special assessment on {feet} ft of assessable frontage ${amount}"
        ) in invoice
        assert f"Pay ${amount} to the Village Clerk-Treasurer" in invoice
        others = [other for other in WATER_MAIN_LOTS if other[0] != parcel]
        assert not any(f"${other[3]}" in invoice for other in others)
        assert "no later than Thursday, November 19, 2026" in invoice


def test_the_invoice_states_the_lien_the_open_appeal_and_the_owner_s_notice_of_intention(
    clerk, tmp_path
):
    """WI legal reading 2026-12-02, C-5 and §2 item 6: the invoice said nothing of a lien, gave
    no form or day to notify the Village of an intention to pay or challenge (§ 8.03(3)(b)2),
    did not say the appeal from the final resolution was still open, and its stub offered
    payment by mail although the day is counted as a payment made at the office."""
    water_main_scheduled(clerk)
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-20")
    number = issued.output.split("Issued ")[1].split(":")[0]
    invoice = " ".join(exported_text(clerk, number, tmp_path).split())
    # The lien, in the words of the village's file, as what the Village relies on.
    assert (
        "The Village relies on Wis. Stat. § 66.0703, under which the special assessment is a lien"
        in invoice
    )
    # Published October 20, taken from the notice of the final resolution: the 90th day is
    # Monday, January 18, 2027, Martin Luther King Jr. Day, when the office is closed, so the
    # appeal may be served the next day (Wis. Stat. § 990.001(4)(c)).
    assert "The final resolution was published on October 20, 2026" in invoice
    assert "they run through Tuesday, January 19, 2027" in invoice
    assert "Paying this invoice, or returning the form below, does not shorten that time" in invoice
    # The owner's form, to be received by the last day to pay without interest.
    assert "NOTICE OF INTENTION TO PAY OR TO CHALLENGE THE ASSESSMENT" in invoice
    assert "Return by: Thursday, November 19, 2026" in invoice
    assert "I intend to challenge the assessment. (This form does not appeal it" in invoice
    assert "At or by mail to" not in invoice
    assert "Pay at: Village Hall, 124 Main Street, Palmyra, Wisconsin 53156" in invoice
    assert "to be received by the day due" in invoice


def test_an_invoice_after_the_90_days_to_appeal_does_not_say_the_appeal_is_open(clerk, tmp_path):
    water_main_scheduled(clerk)
    # The first invoice is dated long after the publication: the 90 days have run.
    clerk(
        "case", "record", "PA-C-2026-0001", "--event=invoiced=2027-02-01",
        "--fact=first_tax_year=2027", today="2027-02-01",
    )  # fmt: skip
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2027-02-01")
    number = issued.output.split("Issued ")[1].split(":")[0]
    invoice = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "does not shorten that time" not in invoice
    assert "within the time stated above" not in invoice
    assert "NOTICE OF INTENTION TO PAY OR TO CHALLENGE THE ASSESSMENT" in invoice


def test_one_invoice_for_each_lot_a_second_is_refused_and_a_voided_one_is_replaced_alone(clerk):
    water_main_scheduled(clerk)
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-20")
    again = clerk(
        "issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-21", ok=False
    )
    assert again.exit_code == 1
    assert (
        "PA-D-2026-00011 is already the Special Assessment Invoice for PA-D-2026-00007, parcel "
        "PV-2201"
    ) in again.output
    clerk("void", "PA-D-2026-00013", "--reason", "wrong mailing address", today="2026-10-21")
    replaced = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-21")
    assert replaced.output.count("Issued ") == 1
    assert "Issued PA-D-2026-00015: Special Assessment Invoice" in replaced.output
    assert "to Fenwick Creamery Cooperative" in replaced.output
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    assert shown["documents"][-1]["amount_due"] == "22560.00"
    assert "special-assessment-invoice" not in [m["notice_type"] for m in shown["may_issue"]]


def test_a_lot_s_assessment_is_taken_from_the_schedule_and_cannot_be_typed(clerk):
    water_main_scheduled(clerk)
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=assessment_lines=Water main assessment|100.00",
        today="2026-10-20",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'assessment_lines' is not recorded: the Special Assessment Invoice takes it" in (
        typed.output
    )


def test_a_deferment_follows_one_lot_s_invoice_and_defers_that_lot_s_assessment(clerk, tmp_path):
    water_main_scheduled(clerk)
    clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-10-20")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Odalys Brennecke",
        "--address",
        "309 Cutler Street|Palmyra WI 53156",
        today="2026-10-26",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            *DEFERMENT_FACTS[2:],
            "application_received_on=2026-10-26",
            "meeting_on=2026-11-09",
        ),
        today="2026-11-09",
    )
    clerk(
        "issue",
        "PA-C-2026-0001",
        "assessment-deferment-decision",
        "--follows",
        "PA-D-2026-00012",
        today="2026-11-10",
    )
    decision = exported_text(clerk, "PA-D-2026-00015", tmp_path)
    assert "Document No. PA-D-2026-00012, dated October 20, 2026" in decision
    assert "the special assessment of $10,032.00" in decision
    assert "309 Cutler Street" in decision and "301 Cutler Street" not in decision


# --- § 8.06(7): the excavation permit and the bill for restoring the surface -----------------

RESTORATION_FACTS = [
    "work_completed_on=2026-09-28",
    "restoration_period=10 days after the Superintendent decided on September 30, 2026 that "
    "the opening was ready for paving",
    "restoration_due_on=2026-10-13",
    "village_restored_on=2026-10-20",
    "restoration=the Department of Public Works laid 3 inches of hot-mix asphalt.",
    "costs=Labor, Department of Public Works|308.00",
    "costs=Hot-mix asphalt, 2.5 tons|230.00",
    "bond_surety=Lakeland Surety Co., bond No. LS-26-1187, $100.00",
]


def permit_issued(clerk) -> str:
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "excavation-permit.toml"),
        today="2026-09-14",
    )
    issued = clerk("issue", "PA-C-2026-0001", today="2026-09-14")
    number = issued.output.split("Issued ")[1].split(":")[0]
    clerk(
        "serve",
        number,
        "--method",
        "present_personally",
        "--by",
        "Superintendent of Public Works",
        "--at",
        "2026-09-14T09:00",
        "--to",
        "the addressee",
        "--address",
        "the premises",
        today="2026-09-15",
    )
    clerk("case", "record", "PA-C-2026-0001", *facts(*RESTORATION_FACTS), today="2026-10-21")
    return number


def test_the_permit_requires_warning_lights_at_night_as_the_village_reads_8_06_3(clerk, tmp_path):
    """WI attorney review PA33-a: § 8.06(3) says the warning lights "shall be lit from sunrise
    to sunset", and the permit added nothing, so a permittee could argue there is no duty to
    light the opening at night. The permit quotes the section and states the Village's reading
    as its condition."""
    permit = permit_issued(clerk)
    text = exported_text(clerk, permit, tmp_path)
    assert "Sufficient warning lights shall be lit from sunrise to sunset." in text
    assert (
        "The Village relies on its reading of § 8.06(3) as requiring the warning lights to give "
        "warning when they can, that is from sunset to sunrise"
    ) in text
    assert "lit at the opening and its piled materials from sunset to sunrise" in text


def test_the_restoration_bill_takes_the_permit_s_number_and_day_of_issue(clerk, tmp_path):
    permit = permit_issued(clerk)
    typed = clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=permit_number=PA-2026-P-0018",
        today="2026-10-21",
        ok=False,
    )
    assert typed.exit_code == 1
    assert "'permit_number' is not recorded" in typed.output
    issued = clerk("issue", "PA-C-2026-0001", "surface-restoration-bill", today="2026-10-26")
    bill_number = issued.output.split("Issued ")[1].split(":")[0]
    bill = exported_text(clerk, bill_number, tmp_path)
    assert f"Under street excavation permit No. {permit}, issued on September 14, 2026" in bill
    assert "Amount billed $538.00" in bill
    clerk(
        "serve",
        bill_number,
        "--method",
        "certified_mail",
        "--by",
        "Village Clerk",
        "--at",
        "2026-10-26T11:00",
        "--article-number",
        article(3),
        today="2026-10-27",
    )
    clerk("pay", bill_number, "--amount", "538.00", "--on", "2026-11-05", today="2026-11-05")
    again = clerk(
        "issue", "PA-C-2026-0001", "surface-restoration-bill", today="2026-11-06", ok=False
    )
    assert again.exit_code == 1
    assert f"{bill_number} is already the Bill for Restoration" in again.output
    assert documents_of(clerk, "PA-C-2026-0001") == [
        (permit, "excavation-permit", None),
        (bill_number, "surface-restoration-bill", permit),
    ]


def test_a_bill_dated_before_the_village_restored_the_surface_is_refused(clerk):
    permit_issued(clerk)
    early = clerk(
        "issue", "PA-C-2026-0001", "surface-restoration-bill", today="2026-10-19", ok=False
    )
    assert early.exit_code == 1
    assert (
        "A bill dated Monday, October 19, 2026 would come before the Village restored the surface "
        "on Tuesday, October 20, 2026; § 8.06(7)"
    ) in " ".join(early.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


def invoice_case_opened(clerk, ok: bool = True):
    """A case opened for the invoice alone, with every fact it prints."""
    return clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0641",
        "--notice-type",
        "special-assessment-invoice",
        *facts(*INVOICE_FACTS, "assessment_lines=Sidewalk reconstruction|816.00"),
        *facts("final_resolution=Final Resolution No. 2026-31", "levied=816.00"),
        *facts("final_resolution_adopted_on=2026-07-13"),
        "--event=invoiced=2026-07-22",
        today="2026-07-22",
        ok=ok,
    )


def test_a_case_is_not_opened_for_an_invoice_with_no_noticed_hearing_or_final_resolution(clerk):
    """WI legal reading 2026-12-02, §2 item 4: an invoice was issued with neither."""
    alone = invoice_case_opened(clerk, ok=False)
    assert alone.exit_code == 1
    said = " ".join(alone.output.split())
    assert "a case cannot be opened for the invoice alone" in said
    assert "issue the invoice after the notice of the final resolution" in said
    from_file = clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "special-assessment-invoice.toml"),
        today="2026-09-15",
        ok=False,
    )
    assert from_file.exit_code == 1
    assert "a case cannot be opened for the invoice alone" in " ".join(from_file.output.split())
    final_alone = clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "assessment-final-resolution-notice.toml"),
        today="2026-09-24",
        ok=False,
    )
    assert final_alone.exit_code == 1
    assert "a case cannot be opened for it alone" in " ".join(final_alone.output.split())
    assert "No cases" in clerk("case", "list").output


def test_a_case_opened_for_an_invoice_before_the_rule_issues_nothing(clerk):
    # A workspace whose definition still let a case open with the invoice, then the rule.
    definition = Path("notices/palmyra/special-assessment-invoice.toml")
    text = (Path(__file__).resolve().parent.parent / definition).read_text(encoding="utf-8")
    older = clerk.office / definition
    older.parent.mkdir(parents=True, exist_ok=True)
    older.write_text(
        text.replace("opens_case = false", "").replace("opens_case_says = ", "# "),
        encoding="utf-8",
    )
    invoice_case_opened(clerk)
    older.unlink()
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    (step,) = [s for s in shown["next_steps"] if s["notice_type"] == "special-assessment-invoice"]
    assert step["standing"] == "not"
    assert "a case cannot be opened for the invoice alone" in step["why"]
    refused = clerk("issue", "PA-C-2026-0001", today="2026-07-22", ok=False)
    assert refused.exit_code == 1
    assert "a case cannot be opened for the invoice alone" in " ".join(refused.output.split())
    assert documents_of(clerk, "PA-C-2026-0001") == []


def test_an_invoice_on_one_lot_bills_recorded_lines_only_when_they_come_to_the_levy(
    clerk, tmp_path
):
    # A case opened with the hearing notice over one lot, with no schedule: the final resolution
    # records what it levied, and the invoice's lines, recorded, must come to it.
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0641",
        "--notice-type",
        "assessment-hearing-notice",
        *facts(
            "project=the 2026 repair of the sidewalk in front of 131 East Main Street",
            *SIDEWALK_HEARING_FACTS,
        ),
        today="2026-06-16",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-06-16")
    clerk(
        "serve",
        "PA-D-2026-00001",
        "--method",
        "first_class_mail",
        "--by",
        "K. Nowak",
        "--at",
        "2026-06-16T15:00",
        today="2026-06-17",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*SIDEWALK_LEVY_FACTS, "assessment=816.00", *INVOICE_FACTS),
        "--event=invoiced=2026-07-22",
        today="2026-07-22",
    )
    clerk("issue", "PA-C-2026-0001", "assessment-final-resolution-notice", today="2026-07-22")
    bare = clerk(
        "issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22", ok=False
    )
    assert bare.exit_code == 1
    assert "lacks the fact 'assessment_lines'" in bare.output
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=assessment_lines=Sidewalk reconstruction, 64 square feet|800.00",
        today="2026-07-22",
    )
    short = clerk(
        "issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22", ok=False
    )
    assert short.exit_code == 1
    assert (
        "The assessment lines come to $800.00, but Final Resolution No. 2026-31 levied $816.00 "
        "against this property"
    ) in " ".join(short.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 2
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=assessment_lines=Sidewalk reconstruction, 64 square feet|816.00",
        today="2026-07-22",
    )
    issued = clerk("issue", "PA-C-2026-0001", "special-assessment-invoice", today="2026-07-22")
    assert "Issued PA-D-2026-00003: Special Assessment Invoice" in issued.output
    invoice = " ".join(exported_text(clerk, "PA-D-2026-00003", tmp_path).split())
    # The final resolution's number and day are the register's, from the notice of it.
    assert "by Final Resolution No. 2026-31, adopted July 13, 2026" in invoice
    # The levy is published too: with no schedule in the case, its one line is the assessment
    # the case records for the notice of the final resolution.
    published = clerk(
        "issue", "PA-C-2026-0001", "assessment-final-resolution-publication", today="2026-07-22"
    )
    number = published.output.split("Issued ")[1].split(":")[0]
    text = " ".join(exported_text(clerk, number, tmp_path).split())
    assert "PV-0641 131 East Main Street Halvorsen Family Trust $816.00" in text


# --- § 8.06(1), (9): the application form, and the permit or the refusal for frozen ground ----

REFUSAL_FACTS = [
    "applicant=Vandermolen Home Builders LLC",
    "application_received_on=2026-12-08",
    "location=the sidewalk and terrace in front of 401 West Jefferson Street",
    "nature=A new sanitary sewer lateral to a garage.",
    "frozen_ground_finding=the Superintendent found the terrace frozen 10 inches deep.",
    "not_necessary_finding=the garage has no plumbing in use.",
]


def application_filed(clerk) -> str:
    """The form handed out on November 30, 2026 and filed, signed, on December 8; the applicant
    is the party the answer goes to. Returns the form's number."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "excavation-permit-application.toml"),
        today="2026-11-30",
    )
    issued = clerk("issue", "PA-C-2026-0001", today="2026-11-30")
    clerk("case", "record", "PA-C-2026-0001", *facts(*REFUSAL_FACTS), today="2026-12-09")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Vandermolen Home Builders LLC",
        "--address",
        "W1180 County Road Z|Palmyra WI 53156",
        today="2026-12-09",
    )
    return issued.output.split("Issued ")[1].split(":")[0]


def test_the_frozen_ground_refusal_answers_the_application_and_no_permit_follows_it(
    clerk, tmp_path
):
    form = application_filed(clerk)
    issued = clerk(
        "issue", "PA-C-2026-0001", "excavation-refusal-frozen-ground", today="2026-12-09"
    )
    refusal = issued.output.split("Issued ")[1].split(":")[0]
    text = " ".join(exported_text(clerk, refusal, tmp_path).split())
    assert "The permit is refused." in text
    assert "found the terrace frozen 10 inches deep" in text
    assert "No openings in the streets, alleys, sidewalks or public ways shall be permitted" in text
    permit = clerk("issue", "PA-C-2026-0001", "excavation-permit", today="2026-12-10", ok=False)
    assert permit.exit_code == 1
    assert f"{refusal} (excavation-refusal-frozen-ground) already answers {form}" in permit.output
    assert documents_of(clerk, "PA-C-2026-0001") == [
        (form, "excavation-permit-application", None),
        (refusal, "excavation-refusal-frozen-ground", form),
    ]


def test_a_refusal_dated_before_the_application_was_received_is_refused(clerk):
    application_filed(clerk)
    early = clerk(
        "issue",
        "PA-C-2026-0001",
        "excavation-refusal-frozen-ground",
        today="2026-12-07",
        ok=False,
    )
    assert early.exit_code == 1
    assert "would come before the application was received on" in " ".join(early.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


def test_a_case_opened_on_the_permit_has_no_application_to_refuse(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "excavation-permit.toml"),
        today="2026-09-14",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-09-14")
    lone = clerk(
        "issue",
        "PA-C-2026-0001",
        "excavation-refusal-frozen-ground",
        today="2026-12-09",
        ok=False,
    )
    assert lone.exit_code == 1
    assert (
        "A 'excavation-refusal-frozen-ground' does not follow the documents of case PA-C-2026-0001"
    ) in lone.output


def test_the_permit_answers_the_application_in_its_case_and_then_no_refusal_may(clerk):
    form = application_filed(clerk)
    with open(CASEBOOK / "palmyra" / "excavation-permit.toml", "rb") as sample:
        permit_facts = tomllib.load(sample)["facts"]
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*(f"{name}={value}" for name, value in permit_facts.items())),
        today="2026-12-09",
    )
    issued = clerk("issue", "PA-C-2026-0001", "excavation-permit", today="2026-12-09")
    permit = issued.output.split("Issued ")[1].split(":")[0]
    refusal = clerk(
        "issue",
        "PA-C-2026-0001",
        "excavation-refusal-frozen-ground",
        today="2026-12-10",
        ok=False,
    )
    assert refusal.exit_code == 1
    assert f"{permit} (excavation-permit) already answers {form}" in refusal.output
    assert documents_of(clerk, "PA-C-2026-0001") == [
        (form, "excavation-permit-application", None),
        (permit, "excavation-permit", form),
    ]


# --- § 8.06(6): the Superintendent extends the time to commence, while the permit stands ------

EXTENSION_FACTS = [
    "extension_requested_on=2026-10-08",
    "good_cause=the owner is in hospital and the curb stop cannot be shut off without her.",
    "commence_by=2026-11-13",
]


def test_the_extension_takes_the_permit_s_number_and_is_one_for_each_permit(clerk, tmp_path):
    permit = permit_issued(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*EXTENSION_FACTS), today="2026-10-09")
    issued = clerk("issue", "PA-C-2026-0001", "excavation-permit-extension", today="2026-10-09")
    extension = issued.output.split("Issued ")[1].split(":")[0]
    text = " ".join(exported_text(clerk, extension, tmp_path).split())
    assert f"Street excavation permit No. {permit} was issued on September 14, 2026" in text
    assert "by Wednesday, October 14, 2026" in text
    assert "Friday, November 13, 2026" in text
    again = clerk(
        "issue", "PA-C-2026-0001", "excavation-permit-extension", today="2026-10-10", ok=False
    )
    assert again.exit_code == 1
    assert f"{extension} is already the Extension of Time" in again.output
    assert documents_of(clerk, "PA-C-2026-0001")[1] == (
        extension,
        "excavation-permit-extension",
        permit,
    )


def test_an_extension_after_the_permit_became_void_is_refused_and_takes_no_number(clerk):
    permit_issued(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*EXTENSION_FACTS), today="2026-10-21")
    late = clerk(
        "issue", "PA-C-2026-0001", "excavation-permit-extension", today="2026-10-21", ok=False
    )
    assert late.exit_code == 1
    assert "requires a new permit" in " ".join(late.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


# --- § 8.15(6)(b): the special tax follows the elm notice, on the owner's written request -----

ELM_TAX_FACTS = [
    "removed_on=2026-08-27",
    "removal=a tree service cut down the elm and removed it with its stump.",
    "levy=Resolution No. 2026-19 of the Village Board, adopted September 14, 2026,",
    "request_received_on=2026-09-28",
    "installment_years=2",
]


def elm_notice_issued(clerk) -> None:
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0815",
        "--notice-type",
        "dutch-elm-abatement-notice",
        *facts(*ELM_FACTS),
        "--event=notice_dated=2026-07-17",
        today="2026-07-17",
    )
    clerk("issue", "PA-C-2026-0001", today="2026-07-17")


def test_the_elm_special_tax_follows_the_notice_and_takes_its_number_and_date(clerk, tmp_path):
    elm_notice_issued(clerk)
    shown = json.loads(clerk("case", "show", "PA-C-2026-0001", "--json").output)
    owner_name = shown["parcels"][0]["owner_name"]
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            *ELM_TAX_FACTS,
            f"request_signed_by={owner_name}",
            "costs=Cutting down and removing the elm|1200.00",
        ),
        today="2026-10-05",
    )
    clerk("issue", "PA-C-2026-0001", "dutch-elm-special-tax", today="2026-10-05")
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "dutch-elm-abatement-notice", None),
        ("PA-D-2026-00002", "dutch-elm-special-tax", "PA-D-2026-00001"),
    ]
    text = exported_text(clerk, "PA-D-2026-00002", tmp_path)
    assert "By notice No. PA-D-2026-00001, dated July 17, 2026" in text
    # $600 a year: the first paid when the tax is due, not deferred (Palmyra's reading of
    # § 8.15(6)(b)), then 10% on the $600 unpaid.
    assert "$600.00 $0.00 $600.00 $600.00" in text
    assert "$600.00 $60.00 $660.00 $0.00" in text


def test_an_installment_request_not_signed_by_the_owner_is_refused_and_takes_no_number(clerk):
    elm_notice_issued(clerk)
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(
            *ELM_TAX_FACTS,
            "request_signed_by=A Tenant",
            "costs=Cutting down and removing the elm|1200.00",
        ),
        today="2026-10-05",
    )
    refused = clerk(
        "issue", "PA-C-2026-0001", "dutch-elm-special-tax", today="2026-10-05", ok=False
    )
    assert refused.exit_code == 1
    assert "who is not the owner of record" in refused.output
    assert [n for n, _, _ in documents_of(clerk, "PA-C-2026-0001")] == ["PA-D-2026-00001"]


# --- § 8.04(1): the owner's 50 percent of the sidewalk the Village built under the order -------

SHARE_BILL_FACTS = [
    "village_began_on=2026-06-08",
    "village_completed_on=2026-06-10",
    "village_work=the Department of Public Works replaced four heaved squares.",
    "actual_costs=Replacement of four squares, 64 square feet|1093.00",
]


def test_the_share_bill_takes_the_order_s_number_service_and_deadline_and_bills_half(
    clerk, tmp_path
):
    sidewalk_ordered(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*SHARE_BILL_FACTS), today="2026-06-22")
    clerk("issue", "PA-C-2026-0001", "sidewalk-share-bill", today="2026-06-22")
    text = " ".join(exported_text(clerk, "PA-D-2026-00002", tmp_path).split())
    assert "Sidewalk order No. PA-D-2026-00001, served on you on May 4, 2026" in text
    assert "until Tuesday, May 26, 2026" in text
    assert "Please pay $546.50 to the Village Clerk" in text
    assert documents_of(clerk, "PA-C-2026-0001") == [
        ("PA-D-2026-00001", "sidewalk-order", None),
        ("PA-D-2026-00002", "sidewalk-share-bill", "PA-D-2026-00001"),
    ]


def test_after_the_share_bill_the_order_is_not_also_assessed_and_not_billed_twice(clerk):
    sidewalk_ordered(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*SHARE_BILL_FACTS), today="2026-06-22")
    clerk("issue", "PA-C-2026-0001", "sidewalk-share-bill", today="2026-06-22")
    again = clerk("issue", "PA-C-2026-0001", "sidewalk-share-bill", today="2026-06-23", ok=False)
    assert again.exit_code == 1
    assert "PA-D-2026-00002 is already the Bill for the Owner's Share" in again.output


def test_a_share_bill_after_the_order_was_assessed_is_refused_and_takes_no_number(clerk):
    sidewalk_scheduled(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*SHARE_BILL_FACTS), today="2026-06-22")
    late = clerk("issue", "PA-C-2026-0001", "sidewalk-share-bill", today="2026-06-22", ok=False)
    assert late.exit_code == 1
    assert "(sidewalk-assessment-schedule) already answers PA-D-2026-00001" in late.output
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 5


def test_a_share_bill_for_work_begun_within_the_owner_s_20_days_is_refused(clerk):
    sidewalk_ordered(clerk)
    early = ["village_began_on=2026-05-20", *SHARE_BILL_FACTS[1:]]
    clerk("case", "record", "PA-C-2026-0001", *facts(*early), today="2026-06-22")
    refused = clerk("issue", "PA-C-2026-0001", "sidewalk-share-bill", today="2026-06-22", ok=False)
    assert refused.exit_code == 1
    assert "not after the owner's time under sidewalk order PA-D-2026-00001" in " ".join(
        refused.output.split()
    )
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


# --- § 8.10(2): the Superintendent's report to the Clerk, then the Clerk's statement -----------

CLEARING_FACTS = [
    "clearings=2026-12-13T04:00 | 2026-12-15T09:30 | the snowfall of December 12 and 13",
    "surface_area_sqft=330",
    "area_measured=the 66-foot frontage by the sidewalk's width of 5 feet",
]
CHARGE_FACTS = [
    "posted_rate_per_sqft=0.12",
    "schedule_adopted=the schedule of fees posted in the office of the Village Clerk",
    "tax_roll_year=2027",
]


def clearing_reported(clerk) -> None:
    """The Superintendent's report to the Clerk, dated Tuesday, March 2, 2027."""
    clerk(
        "case",
        "open",
        "--village",
        "palmyra",
        "--parcel",
        "PV-0815",
        "--notice-type",
        "snow-clearing-report",
        *facts(*CLEARING_FACTS),
        today="2027-03-02",
    )
    clerk(
        "case",
        "party",
        "PA-C-2027-0001",
        "--role",
        "officer",
        "--name",
        "Village Clerk",
        "--address",
        "Village Hall|Palmyra WI 53156",
        today="2027-03-02",
    )
    clerk("issue", "PA-C-2027-0001", today="2027-03-02")


def bill_served(clerk, at: str, today: str) -> str:
    """The record of the bill PA-D-2027-00002's mailing, as the clerk reads it."""
    return clerk(
        "serve", "PA-D-2027-00002", "--method", "first_class_mail", "--by", "Robin Schultz",
        "--at", at, today=today,
    ).output  # fmt: skip


def bill_mailed(clerk) -> str:
    """The bill for the clearings, dated and mailed Thursday, March 4, 2027: the owner has 30
    days, to Saturday, April 3, when the office is closed, so to Monday, April 5."""
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-04")
    clerk("issue", "PA-C-2027-0001", "snow-ice-removal-bill", today="2027-03-04")
    return bill_served(clerk, "2027-03-04T15:00", today="2027-03-05")


def bill_issued_to_be_mailed(clerk, on: str) -> None:
    """The clearings reported, then the bill dated Thursday, March 4, 2027, issued to be
    mailed on the day `on`."""
    clearing_reported(clerk)
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-04")
    clerk(
        "issue", "PA-C-2027-0001", "snow-ice-removal-bill", "--mailing-on", on,
        today="2027-03-04",
    )  # fmt: skip


def test_the_bill_gives_the_owner_30_days_from_its_mailing_before_the_tax_roll(clerk, tmp_path):
    """WI attorney review PA36-b: the statement went straight to the tax roll, with no day by
    which the owner could pay to keep the charge off it."""
    clearing_reported(clerk)
    mailed = bill_mailed(clerk)
    assert "Deadline: Monday, April 5, 2027" in mailed
    text = " ".join(exported_text(clerk, "PA-D-2027-00002", tmp_path).split())
    assert "On March 2, 2027, the Superintendent of Public Works informed the Village Clerk" in text
    # Issued before it was mailed, the bill states the days; the mailing fixes the date.
    assert "pay the Village Clerk within 30 days after the day this bill is mailed" in text
    assert "The Village relies on Wis. Stat. § 66.0627(4)" in text
    assert "Amount due $39.60" in text
    early = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-05", ok=False
    )
    assert early.exit_code == 1
    assert "may be paid through Monday, April 5, 2027" in " ".join(early.output.split())


def test_the_tax_roll_statement_enters_what_remains_unpaid_on_the_bill(clerk, tmp_path):
    clearing_reported(clerk)
    bill_mailed(clerk)
    clerk("pay", "PA-D-2027-00002", "--amount", "10.00", "--on", "2027-03-20", today="2027-03-20")
    clerk("issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-06")
    text = " ".join(exported_text(clerk, "PA-D-2027-00003", tmp_path).split())
    assert "On March 2, 2027, the Superintendent of Public Works informed the Village Clerk" in text
    assert "No. PA-D-2027-00002, dated March 4, 2027" in text
    assert "The last day to pay it was Monday, April 5, 2027" in text
    assert "$10.00 was paid on the bill, and $29.60 remains unpaid" in text
    assert "The Village Clerk will enter what remains unpaid, $29.60, in the 2027 tax roll" in text
    assert documents_of(clerk, "PA-C-2027-0001") == [
        ("PA-D-2027-00001", "snow-clearing-report", None),
        ("PA-D-2027-00002", "snow-ice-removal-bill", "PA-D-2027-00001"),
        ("PA-D-2027-00003", "snow-ice-tax-roll-charge", "PA-D-2027-00002"),
    ]
    again = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-07", ok=False
    )
    assert again.exit_code == 1
    assert "PA-D-2027-00003 is already the Statement" in again.output


def test_no_charge_goes_on_the_tax_roll_without_a_bill_or_once_the_bill_is_paid(clerk):
    clearing_reported(clerk)
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-15")
    unbilled = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-03-15", ok=False
    )
    assert unbilled.exit_code == 1
    assert "follows a 'snow-ice-removal-bill'" in " ".join(unbilled.output.split())
    bill_mailed(clerk)
    clerk("pay", "PA-D-2027-00002", "--amount", "39.60", "--on", "2027-03-20", today="2027-03-20")
    paid = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-06", ok=False
    )
    assert paid.exit_code == 1
    assert "Nothing remains unpaid on the bill PA-D-2027-00002" in " ".join(paid.output.split())


def test_a_bill_that_came_back_unclaimed_is_not_entered_in_the_tax_roll(clerk):
    """WI attorney review PA36-c: the statement went to an address the Village knew was bad."""
    clearing_reported(clerk)
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-04")
    clerk("issue", "PA-C-2027-0001", "snow-ice-removal-bill", today="2027-03-04")
    clerk(
        "serve", "PA-D-2027-00002", "--method", "first_class_mail", "--by", "Robin Schultz",
        "--at", "2027-03-04T15:00", today="2027-03-05",
    )  # fmt: skip
    clerk(
        "receipt", "PA-D-2027-00002", "--unclaimed", "2027-03-12T10:00",
        "--note", "Envelope marked Attempted, not known", today="2027-03-13",
    )  # fmt: skip
    waiting = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-06", ok=False
    )
    assert waiting.exit_code == 1
    assert "unclaimed" in waiting.output


def test_a_bill_issued_for_the_day_it_is_mailed_states_the_date_to_pay(clerk, tmp_path):
    """NY legal reading CF-3, asked of every bill whose days run from its mailing: "Pay by
    Monday, February 23, 2026", not "within 20 days after this bill is sent", where the day it
    goes to the post office is known when it is issued."""
    bill_issued_to_be_mailed(clerk, "2027-03-04")
    text = " ".join(exported_text(clerk, "PA-D-2027-00002", tmp_path).split())
    assert "pay the Village Clerk no later than Monday, April 5, 2027." in text
    assert "The 30 days run from March 4, 2027, the day this bill was mailed" in text
    assert "Due: Monday, April 5, 2027" in text
    waiting = " ".join(clerk("due", today="2027-03-04").output.split())
    assert "It was issued to be mailed on Thursday, March 4, 2027" in waiting
    mailed = bill_served(clerk, "2027-03-04T15:00", today="2027-03-05")
    assert "Deadline: Monday, April 5, 2027" in mailed
    assert "Warning" not in mailed


def test_a_bill_mailed_on_another_day_than_it_states_warns_the_clerk_to_issue_it_again(clerk):
    bill_issued_to_be_mailed(clerk, "2027-03-04")
    said = " ".join(bill_served(clerk, "2027-03-08T15:00", today="2027-03-09").split())
    assert (
        "Warning: PA-D-2027-00002 was issued to be mailed on Thursday, March 4, 2027 and states "
        "its deadline counted from that day, but it is mailed on Monday, March 8, 2027"
    ) in said
    assert "void it and issue a new one for the day it is served" in said
    # Said once, not again as a deadline stated too early.
    assert said.count("Warning") == 1


def test_a_bill_mailed_before_the_day_it_states_holds_the_owner_to_the_later_date(clerk):
    """Attacker's pass: issued to be mailed on March 10, it told the owner to pay by Friday,
    April 9; mailed on March 4, the law's 30 days end April 5, but the Village holds to the day
    it told, and the tax-roll statement waits for it."""
    bill_issued_to_be_mailed(clerk, "2027-03-10")
    said = " ".join(bill_served(clerk, "2027-03-04T15:00", today="2027-03-05").split())
    assert "Deadline: Friday, April 9, 2027" in said
    assert "the Village holds to the later date it states" in said
    waiting = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-06", ok=False
    )
    assert waiting.exit_code == 1
    assert "may be paid through Friday, April 9, 2027" in " ".join(waiting.output.split())


def test_a_bill_with_a_payment_recorded_is_not_voided(clerk):
    """Attacker's pass: a partly paid bill was voided, its payment lost, and the statement
    after the bill issued in its place entered the whole charge on the tax roll."""
    clearing_reported(clerk)
    bill_mailed(clerk)
    clerk("pay", "PA-D-2027-00002", "--amount", "10.00", "--on", "2027-03-20", today="2027-03-20")
    refused = clerk(
        "void", "PA-D-2027-00002", "--reason", "wrong rate", today="2027-03-21", ok=False
    )
    assert refused.exit_code == 1
    said = " ".join(refused.output.split())
    assert "$10.00 is recorded as received on PA-D-2027-00002; a void bill would lose" in said
    assert documents_of(clerk, "PA-C-2027-0001")[-1] == (
        "PA-D-2027-00002", "snow-ice-removal-bill", "PA-D-2027-00001",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("notice", "mailing_on", "said"),
    [
        (
            "snow-ice-removal-bill",
            "2027-03-03",
            "The day it will be mailed, Wednesday, March 3, 2027, is before the document's date",
        ),
        (
            "snow-ice-removal-bill",
            "2027-04-05",
            "is more than 30 days away; issue the document nearer the day it is mailed",
        ),
        (
            "snow-ice-tax-roll-charge",
            "2027-03-04",
            "cannot state its deadline from the day it will be mailed: it sets no deadline",
        ),
    ],
)
def test_a_mailing_day_a_document_cannot_count_from_is_refused(clerk, notice, mailing_on, said):
    clearing_reported(clerk)
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-04")
    refused = clerk(
        "issue", "PA-C-2027-0001", notice, "--mailing-on", mailing_on, today="2027-03-04",
        ok=False,
    )  # fmt: skip
    assert refused.exit_code == 1
    assert said in " ".join(refused.output.split())
    assert len(documents_of(clerk, "PA-C-2027-0001")) == 1


def test_mailing_the_bill_where_the_village_s_mail_came_back_before_warns_the_clerk(clerk):
    """WI attorney review PA36-c: the statement was mailed to 1187 Orchard Lane although the
    Village's own certified letter to that address, in the Dutch elm case, had come back."""
    elm_notice_mailed_and_returned(clerk)
    clearing_reported(clerk)
    said = " ".join(bill_mailed(clerk).split())
    assert (
        "Warning: Mail of the Village to 1187 Orchard Lane, Fort Atkinson WI 53538 came back "
        "unclaimed on Tuesday, July 21, 2026: PA-D-2026-00001, case PA-C-2026-0001."
    ) in said
    assert "Jones v. Flowers" in said


def test_no_warning_once_mail_to_the_address_was_received_after_it_came_back(clerk):
    elm_notice_mailed_and_returned(clerk)
    clearing_reported(clerk)
    assert "came back unclaimed" in bill_mailed(clerk)
    # The owner telephoned about the bill: it reached the address after all.
    clerk(
        "receipt", "PA-D-2027-00002", "--received", "2027-03-08",
        "--note", "The owner telephoned about the bill", today="2027-03-09",
    )  # fmt: skip
    clerk("issue", "PA-C-2027-0001", "snow-ice-tax-roll-charge", today="2027-04-06")
    statement = clerk(
        "serve", "PA-D-2027-00003", "--method", "first_class_mail", "--by", "Robin Schultz",
        "--at", "2027-04-06T15:00", today="2027-04-07",
    )  # fmt: skip
    assert "Warning" not in statement.output


def test_a_clearing_before_the_owner_s_24_hours_ran_out_is_not_reported_or_charged(clerk):
    """WI attorney review PA36-a: nothing showed the owner was in default when the Village
    cleared. A snowfall that ended at 8:00 p.m. on Saturday, January 9, 2027 gives the owner 4
    hours that Saturday and, the Sunday left out, 20 on Monday: a clearing on Sunday evening,
    25 hours later, is before the default."""
    clearing_reported(clerk)
    early = "2027-01-09T20:00 | 2027-01-10T21:00 | the snowfall of January 9"
    clerk("case", "record", "PA-C-2027-0001", f"--fact=clearings={early}", today="2027-03-15")
    clerk("case", "record", "PA-C-2027-0001", *facts(*CHARGE_FACTS), today="2027-03-15")
    refused = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-removal-bill", today="2027-03-15", ok=False
    )
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert "ran out on Monday, January 11, 2027 at 8:00 p.m. CST" in said
    assert "the Village clears only upon the owner's default (§ 8.10(2))" in said


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        # Attacker's pass: a clearing later than the statement's own date (March 15, 2027) was billed.
        (
            ["2027-03-16T08:00 | 2027-03-18T08:00 | a snowfall not yet fallen"],
            "is later than the document's date, Monday, March 15, 2027",
        ),
        # An hour the clocks skipped (March 14, 2027, 2:00 to 3:00 a.m. in Wisconsin).
        (
            ["2027-03-12T08:00 | 2027-03-14T02:30 | the snowfall of March 12"],
            "an hour the clocks skipped that night",
        ),
    ],
)
def test_a_clearing_that_cannot_be_charged_is_refused_with_its_reason(clerk, lines, said):
    clearing_reported(clerk)
    clerk(
        "case", "record", "PA-C-2027-0001", *[f"--fact=clearings={line}" for line in lines],
        *facts(*CHARGE_FACTS), today="2027-03-15",
    )  # fmt: skip
    refused = clerk(
        "issue", "PA-C-2027-0001", "snow-ice-removal-bill", today="2027-03-15", ok=False
    )
    assert refused.exit_code == 1
    assert said in " ".join(refused.output.split())


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (["2027-01-05 | 2027-01-07 | a day with no hour"], "write each clearing as"),
        (["2027-01-05T14:00 | 2027-01-06T14:00:30 | seconds"], "write each clearing as"),
        # Attacker's pass: one clearing listed twice was charged two fees.
        (
            [
                "2027-01-05T14:00 | 2027-01-08T15:00 | the snowfall of January 5",
                "2027-01-06T10:00 | 2027-01-08T15:00 | the snowfall of January 6",
            ],
            "lists the clearing of 2027-01-08T15:00 twice",
        ),
    ],
)
def test_a_clearing_line_that_is_no_clearing_is_refused_when_recorded(clerk, lines, said):
    clearing_reported(clerk)
    refused = clerk(
        "case", "record", "PA-C-2027-0001",
        *[f"--fact=clearings={line}" for line in lines],
        today="2027-03-15", ok=False,
    )  # fmt: skip
    assert refused.exit_code == 1
    assert said in " ".join(refused.output.split())


# --- § 8.12(1): the driveway permit application form, then the Board's permit -----------------

DRIVEWAY_FACTS = [
    "permittee=Tomasz and Ellen Wierzbicki, owners",
    "location=the North Second Street frontage of 218 North Second Street",
    "work=Reconstruct the driveway across the sidewalk in concrete, 18 feet wide.",
    "reason=that the existing apron is broken and sunken below the sidewalk grade",
    "application_received_at=2026-06-05T14:30",
    "installation_begins_at=2026-06-09T07:00",
    "width_ft=18",
    "depth_inches=6",
    "intersection_distance_ft=65",
    "examined=examined by the Superintendent of Public Works on June 5, 2026",
    "fee_receipt=2026-0217",
    "fee_paid_on=2026-06-05",
    "culvert_required=no",
]


def driveway_form_issued(clerk) -> str:
    """The blank form handed out on Monday, June 1, 2026. Returns the form's number."""
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "driveway-permit-application.toml"),
        today="2026-06-01",
    )
    issued = clerk("issue", "PA-C-2026-0001", today="2026-06-01")
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Tomasz and Ellen Wierzbicki",
        "--address",
        "218 North Second Street|Palmyra WI 53156",
        today="2026-06-05",
    )
    return issued.output.split("Issued ")[1].split(":")[0]


def test_the_driveway_permit_answers_the_application_form_once(clerk):
    form = driveway_form_issued(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*DRIVEWAY_FACTS), today="2026-06-05")
    issued = clerk("issue", "PA-C-2026-0001", "driveway-permit", today="2026-06-05")
    permit = issued.output.split("Issued ")[1].split(":")[0]
    assert documents_of(clerk, "PA-C-2026-0001") == [
        (form, "driveway-permit-application", None),
        (permit, "driveway-permit", form),
    ]
    again = clerk("issue", "PA-C-2026-0001", "driveway-permit", today="2026-06-06", ok=False)
    assert again.exit_code == 1
    assert f"{permit} is already the Driveway Permit for {form}" in again.output


def test_the_driveway_permit_prints_the_culvert_requirements_only_where_the_board_requires_one(
    clerk, tmp_path
):
    """WI attorney review PA32-a: a page of § 8.12(3) culvert requirements was printed for a
    driveway on a curbed street; § 8.12(2)(c) asks for a culvert only where the Board requires
    one for drainage."""
    form = driveway_form_issued(clerk)
    clerk("case", "record", "PA-C-2026-0001", *facts(*DRIVEWAY_FACTS), today="2026-06-05")
    permit = issued_number(clerk("issue", "PA-C-2026-0001", "driveway-permit", today="2026-06-05"))
    text = exported_text(clerk, permit, tmp_path)
    assert "The Village Board has not required a culvert pipe for this driveway" in text
    assert "CULVERT INSTALLATION REQUIREMENTS" not in text
    clerk("void", permit, "--reason", "the Board requires a culvert", today="2026-06-05")
    clerk("case", "record", "PA-C-2026-0001", "--fact=culvert_required=yes", today="2026-06-05")
    again = issued_number(clerk("issue", "PA-C-2026-0001", "driveway-permit", today="2026-06-05"))
    text = exported_text(clerk, again, tmp_path)
    assert "The Village Board requires you to provide a culvert pipe" in text
    assert "CULVERT INSTALLATION REQUIREMENTS" in text
    assert form not in (permit, again)


def test_a_driveway_application_received_less_than_24_hours_ahead_is_refused(clerk):
    driveway_form_issued(clerk)
    late = [*DRIVEWAY_FACTS[:4], "application_received_at=2026-06-08T14:30", *DRIVEWAY_FACTS[5:]]
    clerk("case", "record", "PA-C-2026-0001", *facts(*late), today="2026-06-08")
    refused = clerk("issue", "PA-C-2026-0001", "driveway-permit", today="2026-06-08", ok=False)
    assert refused.exit_code == 1
    assert "requires it at least 24 hours in advance" in " ".join(refused.output.split())
    assert len(documents_of(clerk, "PA-C-2026-0001")) == 1


# --- § 8.06(8): the application after emergency measures, then the permit ---------------------


def test_the_permit_follows_an_emergency_application_made_the_next_business_day(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "excavation-emergency-application.toml"),
        today="2026-10-05",
    )
    issued = clerk("issue", "PA-C-2026-0001", today="2026-10-05")
    application = issued.output.split("Issued ")[1].split(":")[0]
    with open(CASEBOOK / "palmyra" / "excavation-permit.toml", "rb") as sample:
        permit_facts = tomllib.load(sample)["facts"]
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        *facts(*(f"{name}={value}" for name, value in permit_facts.items())),
        today="2026-10-05",
    )
    clerk(
        "case",
        "party",
        "PA-C-2026-0001",
        "--role",
        "applicant",
        "--name",
        "Prairie Gas Service Company",
        "--address",
        "PO Box 12|Palmyra WI 53156",
        today="2026-10-05",
    )
    permit = clerk("issue", "PA-C-2026-0001", "excavation-permit", today="2026-10-05")
    number = permit.output.split("Issued ")[1].split(":")[0]
    assert documents_of(clerk, "PA-C-2026-0001") == [
        (application, "excavation-emergency-application", None),
        (number, "excavation-permit", application),
    ]


def test_an_emergency_application_after_the_next_business_day_takes_no_number(clerk):
    clerk(
        "case",
        "open",
        "--from",
        str(CASEBOOK / "palmyra" / "excavation-emergency-application.toml"),
        today="2026-10-06",
    )
    clerk(
        "case",
        "record",
        "PA-C-2026-0001",
        "--fact=application_received_on=2026-10-06",
        today="2026-10-06",
    )
    late = clerk("issue", "PA-C-2026-0001", today="2026-10-06", ok=False)
    assert late.exit_code == 1
    words = " ".join(late.output.split())
    assert "is too late for emergency measures taken on" in words
    assert documents_of(clerk, "PA-C-2026-0001") == []
