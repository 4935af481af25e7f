"""Palmyra's report on a district's proposed special assessments (Wis. Stat. § 66.0703(5) and
(6), on which the Village relies; WI legal reading 2026-12-02, §2 item 2), walked through the
register: it follows the computation schedule, proposes each lot's assessment as the schedule
computed it, and the notice of the hearing can be given only once it is filed."""

from __future__ import annotations

import json
import re

import pytest
from clerk import CASEBOOK, REPORT_FACTS, clerk_at, issued_number, pdf_text, report_filed
from test_preliminary_resolution import HEARING, SCHEDULE

CASE = "PA-C-2026-0001"
REPORT = "assessment-engineer-report"
# The Board's rates per foot (SCHEDULE) times each lot's frontage, as the schedule computed.
PROPOSED = {
    "PV-2201": "$16,112.00",
    "PV-2202": "$10,032.00",
    "PV-2203": "$22,560.00",
    "PV-2204": "$8,816.00",
}


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def facts(*pairs: str) -> list[str]:
    return [f"--fact={pair}" for pair in pairs]


def scheduled(clerk, *resolution_facts: str) -> None:
    """The preliminary resolution of July 13 and the water main schedule of July 27."""
    resolution = CASEBOOK / "palmyra" / "assessment-preliminary-resolution.toml"
    clerk("case", "open", "--from", str(resolution), today="2026-07-14")
    if resolution_facts:
        clerk("case", "record", CASE, *facts(*resolution_facts), today="2026-07-14")
    clerk("issue", CASE, today="2026-07-14")
    clerk("case", "record", CASE, *facts(*SCHEDULE), today="2026-07-27")
    clerk("issue", CASE, "water-main-assessment-schedule", today="2026-07-27")


def exported_text(clerk, number: str, tmp_path) -> str:
    out = tmp_path / "out"
    clerk("document", "export", number, "--format", "pdf", "--out", str(out))
    return " ".join(pdf_text(next(out.rglob(f"{number}.pdf"))).split())


def test_the_report_proposes_the_schedule_s_assessments_and_the_hearing_notice_names_it(
    clerk, tmp_path
):
    scheduled(clerk)
    report = report_filed(clerk, CASE, "2026-07-28")
    text = exported_text(clerk, report, tmp_path)
    # From the register: the resolution that directed it, the officer, the schedule, each lot.
    assert "By Preliminary Resolution No. 2026-19, adopted July 13, 2026, the Village Board" in text
    assert "directed the Superintendent of Public Works to report on the proposal" in text
    assert "computation schedule, Document No. PA-D-2026-00002, dated July 27, 2026" in text
    for parcel, amount in PROPOSED.items():
        assert re.search(rf"{parcel} .*? {re.escape(amount)}", text), parcel
    # What each is proposed on, as the schedule charged it.
    assert "Water main special assessment on 106 ft of assessable frontage" in text
    # The estimate of the entire cost, what the lots bear and what they do not recover.
    assert "$250,000.00 Proposed to be assessed to the properties" in text
    assert "Estimated cost not recovered by the proposed assessments $192,480.00" in text
    assert "The final plans and specifications of the work are" in text
    # The basis of the levy is the case's record, with who determined it: (5)(d).
    assert (
        "As determined by the Village Attorney, in an opinion to the Village Board, the work or "
        "improvement is an exercise of the police power."
    ) in text
    clerk("case", "record", CASE, *facts(*HEARING), today="2026-07-28")
    issued = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-28")
    notices = re.findall(r"Issued (\S+):", issued.output)
    assert len(notices) == 4
    notice = exported_text(clerk, notices[0], tmp_path)
    assert (
        f"Document No. {report}, was filed with the Village Clerk-Treasurer on July 28, 2026"
        in notice
    )
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    follows = {d["number"]: d["follows"] for d in shown["documents"]}
    assert follows[report] == "PA-D-2026-00002"
    assert all(follows[number] == report for number in notices)


def test_the_hearing_notice_waits_until_the_report_is_filed(clerk):
    """Wis. Stat. § 66.0703(7)(a): the Clerk-Treasurer gives notice upon receiving the report;
    the notice prints the day it was filed, which is the report's service, not its date."""
    scheduled(clerk)
    clerk("case", "record", CASE, *facts(*REPORT_FACTS, *HEARING), today="2026-07-28")
    report = issued_number(clerk("issue", CASE, REPORT, today="2026-07-28"))
    early = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-28", ok=False)
    assert early.exit_code == 1
    assert f"{report} has not been served" in early.output
    clerk(
        "serve", report, "--method", "file_with_officer", "--by", "Drew Kowalski",
        "--at", "2026-07-29T08:00", today="2026-07-29T18:00",
    )  # fmt: skip
    issued = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-29")
    assert issued.output.count("Issued") == 4


def test_a_report_on_benefits_estimates_each_parcel_s_damages_and_net_amount(clerk, tmp_path):
    """Wis. Stat. § 66.0703(5)(c): where the work is not an exercise of the police power, the
    report estimates each parcel's benefits, damages and net amount."""
    scheduled(clerk)
    on_benefits = replaced("levy_basis", "benefits", "PV-2203 | 2400.00", "PV-2204 | 9000.00")
    clerk("case", "record", CASE, *facts(*on_benefits), today="2026-07-28")
    report = issued_number(clerk("issue", CASE, REPORT, today="2026-07-28"))
    text = exported_text(clerk, report, tmp_path)
    assert "Statement of benefit" not in text
    assert "$22,560.00 $2,400.00 $20,160.00 (benefits over damages)" in text
    assert "$8,816.00 $9,000.00 $184.00 (damages over benefits)" in text
    assert "$10,032.00 $0.00 $10,032.00 (benefits over damages)" in text


def test_damages_are_refused_for_an_exercise_of_the_police_power_and_for_another_parcel(clerk):
    scheduled(clerk)
    wrong = replaced("levy_basis", "exercise of the police power", "PV-2203 | 2400.00")
    clerk("case", "record", CASE, *facts(*wrong), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    assert "the work is an exercise of the police power" in " ".join(refused.output.split())
    elsewhere = replaced("levy_basis", "benefits", "PV-0641 | 100.00")
    clerk("case", "record", CASE, *facts(*elsewhere), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    assert "names parcel PV-0641, which is not a parcel of this case" in " ".join(
        refused.output.split()
    )


def test_the_hearing_notice_waits_for_the_report(clerk):
    scheduled(clerk)
    clerk("case", "record", CASE, *facts(*HEARING), today="2026-07-28")
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    offered = [step["notice_type"] for step in shown["next_steps"]]
    assert REPORT in offered and "assessment-hearing-notice" not in offered
    early = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-28", ok=False)
    assert early.exit_code == 1
    assert "assessment-engineer-report" in early.output
    assert len(json.loads(clerk("case", "show", CASE, "--json").output)["documents"]) == 2


def replaced(name: str, value: str, *damages: str) -> list[str]:
    """The report's facts with one of them given another value, and these lines of damages."""
    given = [f"{name}={value}" if f.startswith(f"{name}=") else f for f in REPORT_FACTS]
    if damages:
        given = [f for f in given if f != "damages="] + [f"damages={line}" for line in damages]
    return given


def test_a_report_whose_assessments_exceed_the_estimate_is_refused_and_takes_no_number(clerk):
    scheduled(clerk)
    low = replaced("estimated_cost", "50000.00")
    clerk("case", "record", CASE, *facts(*low), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert "come to $57,520.00, more than the estimate of the entire cost, $50,000.00" in said
    clerk("case", "record", CASE, *facts(*REPORT_FACTS), today="2026-07-28")
    issued = clerk("issue", CASE, REPORT, today="2026-07-28")
    assert "Issued PA-D-2026-00003" in issued.output


def test_a_report_by_another_officer_than_the_resolution_directs_is_refused(clerk):
    scheduled(clerk, "report_by=the Village Engineer")
    clerk("case", "record", CASE, *facts(*REPORT_FACTS), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    said = " ".join(refused.output.split())
    assert refused.exit_code == 1
    assert (
        "The preliminary resolution directs the Village Engineer to report, but this report "
        "is made and signed by the Superintendent of Public Works"
    ) in said


@pytest.mark.parametrize(
    "directed",
    [
        "the Deputy Superintendent of Public Works",
        "the Village Engineer, not the Superintendent of Public Works",
    ],
)
def test_a_report_by_an_officer_whose_title_is_only_part_of_the_one_directed_is_refused(
    clerk, directed
):
    scheduled(clerk, f"report_by={directed}")
    clerk("case", "record", CASE, *facts(*REPORT_FACTS), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    assert refused.exit_code == 1
    assert f"directs {directed} to report" in " ".join(refused.output.split())


def test_plans_neither_preliminary_nor_final_are_refused(clerk):
    scheduled(clerk)
    clerk("case", "record", CASE, *facts(*replaced("plans_are", "draft")), today="2026-07-28")
    refused = clerk("issue", CASE, REPORT, today="2026-07-28", ok=False)
    assert refused.exit_code == 1
    assert 'write "preliminary" or "final"' in " ".join(refused.output.split())


def test_one_report_for_each_schedule(clerk):
    scheduled(clerk)
    clerk("case", "record", CASE, *facts(*REPORT_FACTS), today="2026-07-28")
    clerk("issue", CASE, REPORT, today="2026-07-28")
    again = clerk("issue", CASE, REPORT, today="2026-07-29", ok=False)
    assert again.exit_code == 1
    assert "§ 66.0703(5) and (6) file one report" in " ".join(again.output.split())


def test_a_case_is_not_opened_for_the_report_alone(clerk):
    opened = clerk(
        "case", "open", "--village", "palmyra", "--parcel", "PV-2201", "--notice-type", REPORT,
        today="2026-07-28", ok=False,
    )  # fmt: skip
    assert opened.exit_code == 1
    assert "a case cannot be opened for the report alone" in " ".join(opened.output.split())


def test_the_desk_asks_for_what_a_district_case_without_its_resolution_records(clerk):
    """A district's case opened with its schedule has no preliminary resolution in the
    register: the report's form asks for the resolution's number and day and the officer it
    directs, which `case record` takes, and not for what the schedule gives."""
    from desk import add_users, signed_in

    schedule = CASEBOOK / "palmyra" / "water-main-assessment-schedule.toml"
    clerk("case", "open", "--from", str(schedule), today="2026-10-05")
    clerk("issue", CASE, today="2026-10-05")
    add_users(clerk, ("t.brennan", "clerk"))
    page = signed_in(clerk, "t.brennan", "2026-10-05").get(f"/cases/{CASE}/record/{REPORT}").text
    asked = set(re.findall(r'<(?:input|textarea|select) id="([a-z_]+)"', page))
    assert {"report_by", "preliminary_resolution", "preliminary_resolution_adopted_on"} <= asked
    assert {"plans", "estimated_cost", "levy_basis", "damages"} <= asked
    assert not {"schedule_number", "schedule_date", "proposed"} & asked


def test_the_report_on_a_schedule_issued_again_is_the_one_the_hearing_notice_follows(clerk):
    """Once the report and its schedule are voided (in that order) and both issued again, the
    notice of the hearing follows the new report, never the void one."""
    scheduled(clerk)
    first = report_filed(clerk, CASE, "2026-07-28")
    clerk("void", first, "--reason", "wrong frontage", today="2026-07-29")
    clerk("void", "PA-D-2026-00002", "--reason", "wrong frontage", today="2026-07-29")
    clerk("case", "record", CASE, *facts(*HEARING), today="2026-07-29")
    refused = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-29", ok=False)
    assert refused.exit_code == 1
    assert "a void one does not count" in refused.output
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    assert "assessment-hearing-notice" not in [step["notice_type"] for step in shown["next_steps"]]
    clerk("issue", CASE, "water-main-assessment-schedule", today="2026-07-29")
    second = report_filed(clerk, CASE, "2026-07-29")
    issued = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-29")
    assert issued.output.count("Issued") == 4
    shown = json.loads(clerk("case", "show", CASE, "--json").output)
    notices = [d for d in shown["documents"] if d["notice_type"] == "assessment-hearing-notice"]
    assert {d["follows"] for d in notices} == {second}


def test_a_schedule_a_report_follows_is_not_voided_before_the_report(clerk):
    """Voids go from the last document back: a voided schedule under a standing report left
    the report's charges to reach the invoices (attacker's pass, 2026-12-03)."""
    scheduled(clerk)
    report = report_filed(clerk, CASE, "2026-07-28")
    refused = clerk("void", "PA-D-2026-00002", "--reason", "wrong", today="2026-07-29", ok=False)
    assert refused.exit_code == 1
    assert f"{report} follows PA-D-2026-00002 and stands; void {report} first" in " ".join(
        refused.output.split()
    )
    clerk("void", report, "--reason", "the schedule is wrong", today="2026-07-29")
    clerk("void", "PA-D-2026-00002", "--reason", "wrong frontage", today="2026-07-29")
