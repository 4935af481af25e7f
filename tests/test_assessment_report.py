"""Palmyra's report on a district's proposed special assessments (Wis. Stat. § 66.0703(5) and
(6), on which the Village relies; WI legal reading 2026-12-02, §2 item 2), walked through the
register: it follows the computation schedule, proposes each lot's assessment as the schedule
computed it, and the notice of the hearing can be given only once it is filed."""

from __future__ import annotations

import json
import re

import pytest
from clerk import CASEBOOK, REPORT_FACTS, clerk_at, issued_number, pdf_text
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
    clerk("case", "record", CASE, *facts(*REPORT_FACTS), today="2026-07-28")
    report = issued_number(clerk("issue", CASE, REPORT, today="2026-07-28"))
    text = exported_text(clerk, report, tmp_path)
    # From the register: the resolution that directed it, the officer, the schedule, each lot.
    assert "By Preliminary Resolution No. 2026-19, adopted July 13, 2026, the Village Board" in text
    assert "directed the Superintendent of Public Works to report on the proposal" in text
    assert "computation schedule, Document No. PA-D-2026-00002, dated July 27, 2026" in text
    for parcel, amount in PROPOSED.items():
        assert re.search(rf"{parcel} .*? {re.escape(amount)}", text), parcel
    # The estimate of the entire cost, what the lots bear and the Village's part.
    assert "$250,000.00 Proposed to be assessed to the properties" in text
    assert "To be paid by the Village $192,480.00" in text
    assert "The final plans and specifications of the work are" in text
    assert "The Village relies on Wis. Stat. § 66.0703(1)(b) and (5)(d)" in text
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


def test_a_report_whose_assessments_exceed_the_estimate_is_refused_and_takes_no_number(clerk):
    scheduled(clerk)
    low = [*REPORT_FACTS[:2], "estimated_cost=50000.00", REPORT_FACTS[3]]
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


def test_plans_neither_preliminary_nor_final_are_refused(clerk):
    scheduled(clerk)
    draft = [REPORT_FACTS[0], "plans_are=draft", *REPORT_FACTS[2:]]
    clerk("case", "record", CASE, *facts(*draft), today="2026-07-28")
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
