"""Tuckahoe's Street Commissioner's report of the cost of sidewalk work (§ 19-15(f)(2)), its
printed application forms (§§ 19-47, 19-76) and its Chapter 19A documents: amounts against the
case's own figures, periods counted under New York law, and the refusals the ordinance requires."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

D = Decimal
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "tuckahoe"


# --- § 19-15(f)(2): the Street Commissioner's report of the cost ------------------------------

REPORT = {
    "notice_number": "TU-2026-N-0012",
    "notice_mailed": date(2026, 6, 24),
    "time_specified_by": "notice",
    "time_from": date(2026, 6, 24),
    "time_document": "the notice to repair",
    "found_undone_on": date(2026, 7, 2),
    "work_began": date(2026, 7, 6),
    "work_completed": date(2026, 7, 7),
    "work_done": ["Replaced three flags."],
    "costs": [
        {"description": "Contractor", "amount": D("1425.00")},
        {"description": "Labor", "amount": D("372.00")},
        {"description": "Barricades", "amount": D("60.00")},
        {"description": "Inspection", "amount": D("95.00")},
    ],
}


def report(**changes):
    return figures_of("tuckahoe", "sidewalk-cost-report", {**REPORT, **changes})


def test_the_report_totals_every_amount_expended_or_incurred():
    assert report()["cost"]["total"] == D("1952.00")


def test_the_notice_s_seven_days_after_mailing_on_june_24_end_on_july_1():
    assert report()["time"]["due"] == date(2026, 7, 1)


def test_the_board_s_three_days_from_an_order_of_july_13_end_on_july_16():
    figures = report(
        time_specified_by="board_order",
        time_from=date(2026, 7, 13),
        found_undone_on=date(2026, 7, 17),
        work_began=date(2026, 7, 21),
        work_completed=date(2026, 7, 22),
    )
    assert figures["time"]["due"] == date(2026, 7, 16)


def test_a_board_extension_to_a_saturday_runs_to_the_monday():
    figures = report(
        time_specified_by="board_extension",
        time_from=date(2026, 8, 1),
        found_undone_on=date(2026, 8, 4),
        work_began=date(2026, 8, 5),
        work_completed=date(2026, 8, 5),
    )
    assert figures["time"]["due"] == date(2026, 8, 3)
    assert figures["time"]["steps"]


def test_work_found_undone_while_the_owner_still_had_time_is_refused():
    with pytest.raises(InputError, match="July 1, 2026"):
        report(found_undone_on=date(2026, 7, 1))


def test_village_work_begun_before_the_work_was_found_undone_is_refused():
    with pytest.raises(InputError, match="before the Street Commissioner"):
        report(work_began=date(2026, 7, 1), found_undone_on=date(2026, 7, 2))


def test_dates_out_of_order_are_refused_before_the_time_specified_is_weighed():
    # Changed with the declared checks: the notice definition refuses dates out of order first,
    # so work found undone too early and begun before that finding names the order of the dates.
    with pytest.raises(InputError, match="before the Street Commissioner"):
        report(work_began=date(2026, 6, 30), found_undone_on=date(2026, 7, 1))


def test_seven_days_counted_from_a_day_other_than_the_mailing_are_refused():
    with pytest.raises(InputError, match="run from the mailing"):
        report(time_from=date(2026, 6, 26))


def test_an_unknown_source_of_the_time_specified_is_refused():
    with pytest.raises(InputError, match="time_specified_by"):
        report(time_specified_by="verbal")


def test_a_report_of_nothing_is_refused():
    with pytest.raises(InputError, match="more than"):
        report(costs=[{"description": "Nothing", "amount": D("0.00")}])


def test_the_report_is_filed_with_the_village_clerk_and_says_the_amount_becomes_a_lien():
    notice = load_notice("tuckahoe", "sidewalk-cost-report")
    assert notice.signer == "street_commissioner"
    assert notice.recipient == "officer"
    assert [m.method for m in notice.service] == ["file_with_officer"]
    html = Renderer().render(CASEBOOK / "sidewalk-cost-report.toml", formats=("pdf",)).html
    assert "$1,952.00" in html
    # The sample's Board allowed 14 days from its order of July 13 (decision TU-2026-N-0016).
    assert "Monday, July 27, 2026" in html
    assert "shall be a lien thereon" in html


# --- §§ 19-47, 19-76: the printed application forms --------------------------------------------


@pytest.mark.parametrize(
    ("case", "officer", "asks_for"),
    [
        (
            "temporary-occupancy-application.toml",
            "Building Inspector",
            [
                "Name of applicant",
                "Business or residence address",
                "Location on it",
                "Frontage or surface to occupy",
                "Permit required from (date and hour)",
                "Person for whose benefit",
                "Signature of the applicant",
                "Estimated duration",
            ],
        ),
        (
            "street-opening-application.toml",
            "Street Commissioner",
            [
                "Name of applicant",
                "Business or residence address",
                "Purpose",
                "Location of the opening",
                "Measured length (feet)",
                "Person for whose benefit",
                "Signature of the applicant",
                "Personal injury, single claimant",
            ],
        ),
    ],
)
def test_each_application_form_has_a_blank_line_for_everything_the_ordinance_says_it_states(
    case, officer, asks_for
):
    html = Renderer().render(CASEBOOK / case, formats=("pdf",)).html
    text = re.sub(r"<[^>]+>", " ", html)
    assert "File with:" in text and officer in text
    for label in asks_for:
        assert label in text, label
    assert "at least 24 hours before" in text
    assert text.count("____") >= 20


def test_the_street_opening_form_prints_the_insurance_minimums_of_section_19_77():
    html = Renderer().render(CASEBOOK / "street-opening-application.toml", formats=("pdf",)).html
    for amount in ("$100,000", "$300,000", "$10,000", "$25,000"):
        assert f"(at least {amount})" in html


# --- § 19A-4: the notice to relocate ----------------------------------------------------------

RELOCATION = {
    "level": 2,
    "park": "Fisher Park and Playground",
    "distance_feet": 640,
    "measured_by": "measured on the map",
    "residence_established": date(2026, 8, 1),
    "chapter_effective": date(2007, 11, 1),
    "court_or_agency_fixed_domicile": False,
    "under_18_with_parents": False,
    "park_newly_located_after_residence": False,
}


def relocation(**changes):
    return figures_of("tuckahoe", "relocation-notice", {**RELOCATION, **changes})


def test_a_residence_640_feet_from_a_named_park_calls_for_a_notice_to_relocate():
    figures = relocation()
    assert figures["distance_feet"] == "640"
    assert figures["park"].startswith("Fisher Park and Playground")


def test_exactly_1000_feet_is_within_the_radius_and_1001_feet_is_not():
    assert relocation(distance_feet=1000)["distance_feet"] == "1,000"
    with pytest.raises(InputError, match="outside the radius"):
        relocation(distance_feet=1001)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"level": 1}, "Level 1"),
        ({"park": "Village Hall lawn"}, "not a park"),
        ({"court_or_agency_fixed_domicile": True}, "19A-5"),
        ({"residence_established": date(2007, 10, 31)}, "before the chapter took effect"),
        ({"under_18_with_parents": True}, "under the age of 18"),
        ({"park_newly_located_after_residence": True}, "19A-6"),
    ],
)
def test_a_person_or_place_the_chapter_excepts_gets_no_notice_to_relocate(changes, message):
    with pytest.raises(InputError, match=message):
        relocation(**changes)


def test_a_residence_older_than_the_chapter_is_refused_before_the_park_and_distance():
    # Changed with the declared check: the notice definition refuses the dates first, so a case
    # outside the radius as well names the residence's date.
    with pytest.raises(InputError, match="before the chapter took effect"):
        relocation(residence_established=date(2007, 10, 31), distance_feet=1500)


def test_the_notice_to_relocate_and_the_rental_letter_give_each_park_the_same_words():
    relocation = load_notice("tuckahoe", "relocation-notice").declared.figures["park"]
    rental = load_notice("tuckahoe", "rental-letter").declared.figures["park"]
    assert len(relocation.words) == 6
    assert relocation.words == rental.words


def test_a_risk_level_other_than_2_or_3_is_refused():
    for level in (0, 4):
        with pytest.raises(InputError, match=rf"must be 2 or 3 \(got {level}\)"):
            relocation(level=level)


def test_the_60_days_run_from_receipt_and_move_off_a_saturday():
    notice = load_notice("tuckahoe", "relocation-notice")
    assert notice.service_effective == "on_receipt"
    html = Renderer().render(CASEBOOK / "relocation-notice.toml", formats=("pdf",)).html
    # Received Wednesday, September 23, 2026: day 60 is Saturday, November 21 (GCL § 25-a).
    assert "the last day is Monday, November 23, 2026" in html


def test_the_notice_comes_from_the_village_clerk_in_a_way_that_proves_receipt():
    notice = load_notice("tuckahoe", "relocation-notice")
    assert notice.signer == "clerk"
    assert [m.method for m in notice.service] == ["certified_mail", "present_personally"]
