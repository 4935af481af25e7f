"""Palmyra's preliminary resolution at the head of a district's case (Wis. Stat. § 66.0703(4);
WI legal reading 2026-12-02, §2 items 1 and 4), walked through the register: the computation
schedule and the report on it follow it, and the notice of the hearing to each owner names it
from the register, never from a second typing."""

from __future__ import annotations

import re

import pytest
from clerk import CASEBOOK, clerk_at, pdf_text, report_filed

CASE = "PA-C-2026-0001"
SCHEDULE = [
    "project=the 2026 installation of an 8-inch water main on Cutler Street and Heron Court",
    "resolution=Preliminary Resolution No. 2026-19, adopted July 13, 2026 (front foot basis)",
    "project_costs=Water main, valves and hydrants, the engineer's estimate|51450.00",
    "project_costs=Engineering and inspection|5840.00",
    "project_costs=Restoration: pavement repair and terrace landscaping|3960.00",
    "project_costs=Legal and necessary administrative costs|1150.00",
    "main_size_inches=8",
    "board_rates=residential | 6-inch | 152.00",
    "board_rates=commercial | 8-inch | 188.00",
    "zoning=PV-2201 | residential",
    "zoning=PV-2202 | residential",
    "zoning=PV-2203 | commercial",
    "zoning=PV-2204 | residential",
    "area_wide_costs=Main oversizing, as the Village Engineer computed it|9800.00",
    "lots=PV-2201 | corner | Cutler Street: 80 ft [service] | North Third Street: 132 ft",
    "lots=PV-2202 | interior | Cutler Street: 66 ft [service]",
    "lots=PV-2203 | interior | Cutler Street: 120 ft [service]",
    "lots=PV-2204 | interior | Heron Court: cul-de-sac chord 58 ft [service]",
]
HEARING = [
    "district=the parcels abutting Cutler Street and Heron Court",
    "report_place=the office of the Village Clerk-Treasurer, Village Hall",
    "report_hours=from 8:00 a.m. to 4:30 p.m., Monday through Friday",
    "hearing_at=2026-08-17T18:30",
    "hearing_place=the Board Room, Village Hall",
    "newspaper=The Palmyra Prairie Courier (fictional)",
    "published_on=2026-08-06",
]


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "palmyra")


def facts(*pairs: str) -> list[str]:
    return [f"--fact={pair}" for pair in pairs]


def test_the_schedule_follows_the_resolution_and_the_hearing_notice_names_it(clerk, tmp_path):
    resolution = CASEBOOK / "palmyra" / "assessment-preliminary-resolution.toml"
    clerk("case", "open", "--from", str(resolution), today="2026-07-14")
    clerk("issue", CASE, today="2026-07-14")
    clerk("case", "record", CASE, *facts(*SCHEDULE), today="2026-07-27")
    clerk("issue", CASE, "water-main-assessment-schedule", today="2026-07-27")
    # The case does not record the resolution's number: the register gives it.
    typed = clerk(
        "case", "record", CASE, "--fact=preliminary_resolution=Resolution No. 99",
        today="2026-07-28", ok=False,
    )  # fmt: skip
    assert "'preliminary_resolution' is not recorded" in typed.output
    report_filed(clerk, CASE, "2026-07-28")
    clerk("case", "record", CASE, *facts(*HEARING), today="2026-07-28")
    issued = clerk("issue", CASE, "assessment-hearing-notice", today="2026-07-28")
    notices = re.findall(r"Issued (\S+):", issued.output)
    assert len(notices) == 4
    out = tmp_path / "out"
    clerk("document", "export", notices[0], "--format", "pdf", "--out", str(out))
    text = " ".join(pdf_text(next(out.rglob(f"{notices[0]}.pdf"))).split())
    assert "By Preliminary Resolution No. 2026-19, adopted July 13, 2026, the Village Board" in text
    assert "Resolution No. 99" not in text


def test_a_copy_dated_before_the_resolution_was_adopted_is_refused(clerk):
    resolution = CASEBOOK / "palmyra" / "assessment-preliminary-resolution.toml"
    clerk("case", "open", "--from", str(resolution), today="2026-07-12")
    refused = clerk("issue", CASE, today="2026-07-12", ok=False)
    assert refused.exit_code == 1
    assert "before the resolution was adopted on Monday, July 13, 2026" in " ".join(
        refused.output.split()
    )
