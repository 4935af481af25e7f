"""Tuckahoe's documents: their amounts, their periods counted under New York law, and the
refusals Chapter 19 requires (§§ 19-15(c), 19-16(c), 19-34)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

D = Decimal
NY = ZoneInfo("America/New_York")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "tuckahoe"


def deadline(notice: str, events: dict, facts: dict | None = None):
    rule = load_notice("tuckahoe", notice).deadline
    return rule.deadline(load_village("tuckahoe").calendar, events, facts or {}).due


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=NY)


# --- § 19-15(c): the appeal letters --------------------------------------------------------


def test_an_appeal_served_on_the_seventh_day_after_mailing_is_received_as_timely():
    figures = figures_of(
        "tuckahoe",
        "appeal-received",
        {"notice_mailed": date(2026, 6, 24), "appeal_served": date(2026, 7, 1)},
    )
    assert figures["repair_period"]["due"] == date(2026, 7, 1)


def test_an_appeal_served_after_the_seven_days_is_refused_because_it_suspends_nothing():
    with pytest.raises(InputError, match="after the seven-day period ended on Wednesday, July 1"):
        figures_of(
            "tuckahoe",
            "appeal-received",
            {"notice_mailed": date(2026, 6, 24), "appeal_served": date(2026, 7, 2)},
        )


def test_the_seven_days_ending_on_independence_day_weekend_move_to_monday():
    # Mailed Saturday, June 27, 2026: day 7 is Saturday, July 4 (GCL §§ 20, 24, 25-a).
    figures = figures_of(
        "tuckahoe",
        "appeal-received",
        {"notice_mailed": date(2026, 6, 27), "appeal_served": date(2026, 7, 6)},
    )
    assert figures["repair_period"]["due"] == date(2026, 7, 6)


def test_a_hearing_set_before_the_appeal_was_served_is_refused():
    with pytest.raises(InputError, match="not after the appeal was served"):
        figures_of(
            "tuckahoe",
            "appeal-hearing",
            {
                "notice_mailed": date(2026, 6, 24),
                "appeal_served": date(2026, 6, 29),
                "hearing_at": at("2026-06-29T19:30"),
            },
        )


THREE = {"compliance_days": 3}


def test_the_board_s_order_must_be_obeyed_within_three_days_from_the_order_itself():
    assert deadline("appeal-decision", {"order": date(2026, 7, 13)}, THREE) == date(2026, 7, 16)
    # An order of Wednesday, December 23, 2026: day 3 is Saturday the 26th, after Christmas.
    assert deadline("appeal-decision", {"order": date(2026, 12, 23)}, THREE) == date(2026, 12, 28)


def test_the_days_the_board_allowed_count_from_its_order_and_set_the_deadline():
    order = {"order": date(2026, 7, 13)}
    assert deadline("appeal-decision", order, {"compliance_days": 14}) == date(2026, 7, 27)
    # 19 days from Monday, July 13 is Saturday, August 1: GCL § 25-a moves it to Monday.
    assert deadline("appeal-decision", order, {"compliance_days": 19}) == date(2026, 8, 3)


def test_a_decision_without_the_days_the_board_allowed_names_the_fact_to_record():
    with pytest.raises(InputError, match="needs the case fact 'compliance_days'"):
        deadline("appeal-decision", {"order": date(2026, 7, 13)})


def test_the_board_may_not_allow_fewer_than_the_three_days_of_section_19_15_c():
    with pytest.raises(InputError, match=r"fewer than three days .*§ 19-15\(c\).*\(got 2\)"):
        figures_of("tuckahoe", "appeal-decision", {"outcome": "modified", "compliance_days": 2})


def test_the_decision_letter_for_a_deadline_takes_only_an_affirmed_or_modified_notice():
    assert figures_of("tuckahoe", "appeal-decision", {"outcome": "affirmed", **THREE}) == {
        "decision": "affirmed the notice to repair"
    }
    with pytest.raises(InputError, match="cancelled notice or an extended period"):
        figures_of("tuckahoe", "appeal-decision", {"outcome": "cancelled", **THREE})


def test_the_decision_prints_the_longer_period_the_board_allowed():
    html = Renderer().render(CASEBOOK / "appeal-decision.toml", formats=()).html
    text = " ".join(html.split())
    assert "The Board allowed 14 days from the date of its order" in text
    assert "no later than Monday, July 27, 2026" in " ".join(text.replace("</strong>", "").split())
    assert "That day is 14 days from July 13, 2026" in text


def test_an_extended_period_ending_on_a_saturday_runs_to_the_next_business_day():
    figures = figures_of(
        "tuckahoe",
        "appeal-decision-extended",
        {"order_date": date(2026, 7, 13), "extended_to": date(2026, 8, 1)},
    )
    assert figures["three_days"]["due"] == date(2026, 7, 16)
    assert figures["extended"]["due"] == date(2026, 8, 3)
    assert "25-a" in figures["extended"]["steps"][-1]


def test_a_board_day_that_needs_no_move_is_printed_without_reasons():
    figures = figures_of(
        "tuckahoe",
        "appeal-decision-extended",
        {"order_date": date(2026, 7, 13), "extended_to": date(2026, 7, 31)},
    )
    assert figures["extended"] == {"due": date(2026, 7, 31), "steps": []}


def test_an_extension_that_gives_no_more_than_the_three_days_is_refused():
    with pytest.raises(InputError, match="an extension gives more time"):
        figures_of(
            "tuckahoe",
            "appeal-decision-extended",
            {"order_date": date(2026, 7, 13), "extended_to": date(2026, 7, 16)},
        )


def test_the_cancelled_decision_states_no_deadline_and_the_others_are_served_on_the_appellant():
    assert load_notice("tuckahoe", "appeal-decision-cancelled").deadline is None
    for slug in (
        "appeal-received",
        "appeal-hearing",
        "appeal-decision",
        "appeal-decision-extended",
    ):
        assert load_notice("tuckahoe", slug).recipient == "appellant"
        assert load_notice("tuckahoe", slug).signer == "clerk"


# --- § 19-15(a), (b)(2), (c): the notice to erect barriers or safeguards ----------------------


def test_the_safeguard_notice_gives_the_owner_seven_days_after_mailing():
    assert deadline("safeguard-notice", {"mailing": date(2026, 9, 8)}) == date(2026, 9, 15)
    # Mailed Saturday, June 27, 2026: day 7 is Saturday, July 4 (GCL §§ 20, 24, 25-a).
    assert deadline("safeguard-notice", {"mailing": date(2026, 6, 27)}) == date(2026, 7, 6)


def test_the_safeguard_notice_is_mailed_by_registered_mail_to_the_owner_only():
    notice = load_notice("tuckahoe", "safeguard-notice")
    assert notice.recipient == "owner"
    assert notice.signer == "street_commissioner"
    assert [m.method for m in notice.service] == ["registered_mail"]
    assert "to the owner of the abutting property" in notice.service[0].words
    assert "occupant" not in notice.service[0].words


def test_the_safeguard_notice_says_the_village_relies_on_the_appeal_of_a_notice_to_repair():
    html = Renderer().render(CASEBOOK / "safeguard-notice.toml", formats=()).html
    text = " ".join(html.split())
    assert "barriers or safeguards are necessary to be erected along the Midland Place" in text
    assert "the Village relies on its words" in text
    assert "Under § 19-15(c) barriers or safeguards are the owner's work" in text
    assert "Such points along the lines of the streets of the village" in text


# --- §§ 19-32, 19-34: the roof-snow bill -----------------------------------------------------

ROOF = {
    "snow_ceased": at("2026-02-14T03:10"),
    "removal_started": at("2026-02-14T13:30"),
    "guards_provided": False,
    "costs": [{"description": "Labor", "amount": D("228.00")}],
}


def test_the_roof_bill_gives_the_owner_until_eleven_when_the_snow_stopped_at_night():
    figures = figures_of("tuckahoe", "roof-snow-bill", ROOF)
    assert figures["clearing"]["due"] == at("2026-02-14T11:00")
    assert figures["charges"]["total"] == D("228.00")


def test_a_roof_bill_where_suitable_guards_were_provided_is_refused():
    with pytest.raises(InputError, match="provide suitable guards instead of removing"):
        figures_of("tuckahoe", "roof-snow-bill", {**ROOF, "guards_provided": True})


def test_a_roof_cleared_by_the_village_before_the_owner_s_time_ran_out_is_not_billed():
    with pytest.raises(InputError, match=r"had until .*\(§ 19-32\)"):
        figures_of(
            "tuckahoe", "roof-snow-bill", {**ROOF, "removal_started": at("2026-02-14T10:30")}
        )


def test_the_roof_bill_cites_and_quotes_section_19_32_not_the_sidewalk_section():
    notice = load_notice("tuckahoe", "roof-snow-bill")
    assert notice.sections[0] == "§ 19-32"
    assert "§ 19-28" not in notice.sections
    html = Renderer().render(CASEBOOK / "roof-snow-bill.toml", formats=()).html
    assert "or such person shall provide suitable guards" in html
    assert "no suitable guards had been provided" in html


# --- § 19-16(c): fences and walls by excavations -------------------------------------------


def test_the_fence_order_invents_no_number_of_days_the_ordinance_does_not_give():
    notice = load_notice("tuckahoe", "fence-wall-order")
    assert notice.deadline is None
    assert notice.signer == "street_commissioner"
    html = Renderer().render(CASEBOOK / "fence-wall-order.toml", formats=()).html
    assert "prompt and reasonable compliance" in html


FENCE = {
    "inspection_date": date(2026, 8, 4),
    "distance_feet": D("3"),
    "reinspection_on": date(2026, 8, 7),
    "comply_by": at("2026-08-06T17:00"),
    "building_site": True,
    "fence_height_feet": D("6"),
}


def fence(**changes):
    return figures_of("tuckahoe", "fence-wall-order", {**FENCE, **changes}, today=date(2026, 8, 5))


def test_the_fence_order_states_the_time_the_street_commissioner_set_to_comply():
    # § 19-16(c) "promptly and reasonably": the Commissioner's day and hour, printed as such.
    html = Renderer().render(CASEBOOK / "fence-wall-order.toml", formats=()).html
    assert "Comply no later than 5:00 p.m. EDT on Thursday, August 6, 2026." in html
    assert "Comply promptly." not in html


def test_a_time_to_comply_before_the_order_or_after_the_reinspection_is_refused():
    with pytest.raises(InputError, match="before the order's own date"):
        fence(comply_by=at("2026-08-04T17:00"))
    with pytest.raises(InputError, match="comes before the time set to comply"):
        fence(reinspection_on=date(2026, 8, 6), comply_by=at("2026-08-07T09:00"))


def test_a_building_site_fence_is_five_to_eight_feet_high_under_section_19_57():
    fence(fence_height_feet=D("5"))
    with pytest.raises(InputError, match=r"lower than § 19-57\(a\) requires"):
        fence(fence_height_feet=D("4"))
    with pytest.raises(InputError, match="higher than the eight feet"):
        fence(fence_height_feet=D("8.5"))


def test_any_other_excavation_may_be_fenced_four_feet_high_under_section_19_16():
    fence(building_site=False, fence_height_feet=D("4"))
    with pytest.raises(InputError, match=r"lower than the four feet § 19-16\(a\) requires"):
        fence(building_site=False, fence_height_feet=D("3.5"))


def test_the_building_site_order_quotes_and_cites_section_19_57_and_the_height_ordered():
    html = Renderer().render(CASEBOOK / "fence-wall-order.toml", formats=()).html
    assert "§ 19-16(d); § 19-57(a), (b)" in html
    assert "Put up a fence 6 feet high by 5:00 p.m. EDT on Thursday, August 6, 2026" in html
    assert "not less than four feet and not more than eight feet" not in html
    assert "Such fence shall be erected before the excavating is commenced." in html


def test_an_excavation_more_than_five_feet_from_the_boundary_is_not_section_19_16_s():
    with pytest.raises(InputError, match="within five feet"):
        fence(distance_feet=D("6"))


# --- § 19-34: snow and ice removed by the Village ------------------------------------------


SNOW_COSTS = [
    {"description": "Labor", "amount": D("171.00")},
    {"description": "Plow", "amount": D("62.50")},
    {"description": "Salt", "amount": D("18.75")},
]


def test_snow_that_stopped_at_night_had_to_be_cleared_by_eleven_and_the_bill_adds_its_lines():
    figures = figures_of(
        "tuckahoe",
        "snow-removal-bill",
        {
            "snow_ceased": at("2026-01-26T21:40"),
            "removal_started": at("2026-01-27T13:15"),
            "costs": SNOW_COSTS,
        },
    )
    assert figures["clearing"]["due"] == at("2026-01-27T11:00")
    assert figures["charges"]["total"] == D("252.25")


def test_snow_that_stopped_in_the_afternoon_had_to_be_cleared_within_four_hours():
    figures = figures_of(
        "tuckahoe",
        "snow-removal-bill",
        {
            "snow_ceased": at("2026-01-26T13:30"),
            "removal_started": at("2026-01-26T17:45"),
            "costs": SNOW_COSTS,
        },
    )
    assert figures["clearing"]["due"] == at("2026-01-26T17:30")


def test_a_bill_for_snow_the_village_removed_while_the_owner_still_had_time_is_refused():
    with pytest.raises(InputError, match="fail or neglect"):
        figures_of(
            "tuckahoe",
            "snow-removal-bill",
            {
                "snow_ceased": at("2026-01-26T21:40"),
                "removal_started": at("2026-01-27T09:00"),
                "costs": SNOW_COSTS,
            },
        )


def test_the_bill_is_payable_within_ten_days_after_it_is_presented():
    assert deadline("snow-removal-bill", {"presented": date(2026, 2, 3)}) == date(2026, 2, 13)
    # Day 10 is Saturday, February 14: the next business day is Tuesday the 17th, after
    # Washington's Birthday (GCL § 24).
    assert deadline("snow-removal-bill", {"presented": date(2026, 2, 4)}) == date(2026, 2, 17)


def test_the_bill_may_be_served_only_the_four_ways_section_19_34_b_names():
    methods = [s.method for s in load_notice("tuckahoe", "snow-removal-bill").service]
    assert methods == [
        "present_personally",
        "leave_at_residence",
        "mail_nonresident",
        "post_on_premises",
    ]


def test_the_bill_s_amount_due_is_the_total_of_the_expense_incurred():
    notice = load_notice("tuckahoe", "snow-removal-bill")
    assert notice.kind == "bill" and notice.amount_due == "charges"


def test_the_certificate_of_cost_is_refused_while_the_bill_may_still_be_paid():
    with pytest.raises(InputError, match="through Friday, February 13, 2026"):
        figures_of(
            "tuckahoe",
            "snow-cost-certificate",
            {
                "bill_presented": date(2026, 2, 3),
                "unpaid_as_of": date(2026, 2, 13),
                "costs": SNOW_COSTS,
            },
        )


def test_the_certificate_certifies_the_actual_cost_once_the_ten_days_have_passed():
    figures = figures_of(
        "tuckahoe",
        "snow-cost-certificate",
        {
            "bill_presented": date(2026, 2, 3),
            "unpaid_as_of": date(2026, 2, 14),
            "amount_unpaid": D("252.25"),
            "costs": SNOW_COSTS,
        },
    )
    assert figures["payment_period"]["due"] == date(2026, 2, 13)
    assert figures["cost"]["total"] == D("252.25")


def test_the_certificate_is_addressed_to_the_assessor_and_prints_no_envelope_address():
    html = Renderer().render(CASEBOOK / "snow-cost-certificate.toml", formats=("pdf",)).html
    assert "address-block" not in html
    assert "The Assessor, Village of Tuckahoe" in html


def test_the_notice_to_the_owner_says_the_code_requires_none_and_sets_no_deadline():
    notice = load_notice("tuckahoe", "snow-lien-notice")
    assert notice.deadline is None
    html = Renderer().render(CASEBOOK / "snow-lien-notice.toml", formats=("pdf",)).html
    assert "address-block" in html
    assert "The Village Code requires no notice to the owner when the certificate is filed." in (
        html
    )
    assert "so that you know the amount will be levied with your taxes" in html
    assert "Deadline" not in html


def test_the_notice_to_the_owner_quotes_the_whole_of_section_19_34_b():
    notice = load_notice("tuckahoe", "snow-lien-notice")
    (quote,) = [q for q in notice.quotes if q.section == "§ 19-34(b)"]
    assert quote.text.startswith("A bill for the expense incurred thereby shall be presented")
    assert quote.text.endswith("in the same manner as taxes.")
