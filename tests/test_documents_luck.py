"""Village of Luck documents: their deadlines, amounts and refusals against the ordinance's own words."""

from __future__ import annotations

import re
import shutil
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.content.notice_types import load_notice
from noticeclerk.content.village import load_village
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "luck"
CENTRAL = ZoneInfo("America/Chicago")


def due(slug: str, **events: date | datetime) -> date | datetime:
    village = load_village("luck")
    return load_notice("luck", slug).deadline.deadline(village.calendar, events, {}).due


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=CENTRAL)


@pytest.fixture(scope="module")
def rendered():
    renderer = Renderer()
    cases = {case.stem: renderer.render(case) for case in sorted(CASEBOOK.glob("*.toml"))}
    return {
        stem: " ".join(re.sub(r"<[^>]+>", " ", doc.html).split()) for stem, doc in cases.items()
    }


# § 496-10B(1): "removed within two hours from the delivery of the notice".
@pytest.mark.parametrize(
    ("delivered", "deadline"),
    [
        # A Monday morning: two hours by the clock.
        (at(2026, 12, 28, 8, 5), at(2026, 12, 28, 10, 5)),
        # Saturday 11:30 p.m.: half an hour of Saturday, all of Sunday left out, then Monday.
        (at(2027, 1, 2, 23, 30), at(2027, 1, 4, 1, 30)),
        # Christmas Eve 11:00 p.m.: Christmas Day, a legal holiday, is left out whole.
        (at(2026, 12, 24, 23, 0), at(2026, 12, 26, 1, 0)),
    ],
)
def test_a_hazardous_notice_gives_two_hours_leaving_out_sundays_and_legal_holidays(
    delivered, deadline
):
    assert due("snow-ice-hazardous", delivery=delivered) == deadline


def test_the_hazardous_notice_states_the_deadline_two_hours_from_delivery(rendered):
    text = rendered["snow-ice-hazardous"]
    assert "delivered at 8:05 a.m. CST on Monday, December 28, 2026" in text
    assert "no later than 10:05 a.m. CST on Monday, December 28, 2026" in text
    assert "Wis. Stat. § 990.001(4)(a)" in text


def test_the_hazardous_notice_is_served_only_by_delivery_to_a_person():
    assert [s.method for s in load_notice("luck", "snow-ice-hazardous").service] == ["hand_owner"]


def test_the_abatement_notice_is_mailed_to_the_last_known_address_and_sets_no_deadline(rendered):
    notice = load_notice("luck", "snow-ice-hazard-abated")
    assert notice.deadline is None
    assert [s.method for s in notice.service] == ["first_class_mail"]
    text = rendered["snow-ice-hazard-abated"]
    assert "a hazardous condition existed" in text and "which required immediate abatement" in text
    # The owner of record's mailing address on the roll is the last known address.
    assert "4100 Harbor Road" in text and "Duluth MN 55802" in text


def test_the_snow_and_ice_bill_adds_up_the_account_of_expenses(rendered):
    facts = {
        "expenses": [
            {"description": "Labor", "amount": Decimal("115.50")},
            {"description": "Equipment", "amount": Decimal("97.50")},
            {"description": "Materials", "amount": Decimal("18.40")},
        ]
    }
    figures = figures_of(
        "luck",
        "snow-ice-removal-bill",
        {**sample_facts("luck", "snow-ice-removal-bill"), **facts},
        today=date(2027, 1, 4),
    )
    assert figures["charges"]["total"] == Decimal("231.40")
    assert "Pay $231.40 to the Village Clerk-Treasurer" in rendered["snow-ice-removal-bill"]


def test_a_bill_for_no_expenses_is_refused():
    nothing = {"expenses": [{"description": "Nothing", "amount": Decimal("0.00")}]}
    with pytest.raises(InputError, match="adds up to nothing"):
        figures_of(
            "luck",
            "obstruction-removal-bill",
            {**sample_facts("luck", "obstruction-removal-bill"), **nothing},
        )


@pytest.mark.parametrize("slug", ["snow-ice-removal-bill", "obstruction-removal-bill"])
def test_a_bill_is_payable_ten_calendar_days_from_its_receipt(slug):
    notice = load_notice("luck", slug)
    assert notice.service_effective == "on_receipt"
    assert notice.amount_due == "charges"
    # Received Tuesday, October 27, 2026: ten days is Friday, November 6.
    assert due(slug, receipt=date(2026, 10, 27)) == date(2026, 11, 6)


def test_a_bill_due_on_a_saturday_and_a_holiday_monday_is_payable_on_tuesday(rendered):
    # Received January 6, 2027: day 10 is Saturday, January 16 (office closed, § 990.001(4)(c));
    # Monday, January 18 is Martin Luther King, Jr. Day (§ 990.001(4)(b), § 995.20).
    assert due("snow-ice-removal-bill", receipt=date(2027, 1, 6)) == date(2027, 1, 19)
    assert "the last day to pay is Tuesday, January 19, 2027" in rendered["snow-ice-removal-bill"]


def test_the_snow_bill_names_the_special_tax_and_the_obstruction_bill_the_state_statutes(rendered):
    assert (
        "special tax as provided by § 66.0907(5), Wis. Stats." in rendered["snow-ice-removal-bill"]
    )
    obstruction = rendered["obstruction-removal-bill"]
    assert "special tax as provided by the state statutes" in obstruction
    assert "failure of the owner to receive such notice shall not affect" in obstruction


@pytest.mark.parametrize("slug", ["obstruction-sidewalk", "obstruction-street"])
def test_an_obstruction_notice_gives_24_hours_without_the_sunday(slug):
    # Received at 11:00 a.m. on Saturday, October 17, 2026: Sunday is left out entirely.
    assert due(slug, service=at(2026, 10, 17, 11, 0)) == at(2026, 10, 19, 11, 0)
    # Delivered on a Wednesday morning: 24 hours by the clock.
    assert due(slug, service=at(2026, 10, 14, 10, 20)) == at(2026, 10, 15, 10, 20)


def test_the_sidewalk_obstruction_notice_goes_to_owner_or_occupant_and_the_street_one_to_the_owner(
    rendered,
):
    assert "To the owner or occupant of the premises" in rendered["obstruction-sidewalk"]
    assert "To the property owner of the premises" in rendered["obstruction-street"]
    assert (
        "no later than 11:00 a.m. CDT on Monday, October 19, 2026" in rendered["obstruction-street"]
    )


def test_the_sidewalk_order_allows_60_days_instead_of_20(rendered):
    assert due("sidewalk-repair-order", service=date(2026, 6, 1)) == date(2026, 7, 31)
    text = rendered["sidewalk-repair-order"]
    assert "no later than Friday, July 31, 2026" in text
    assert "Instead of the 20 days set forth in § 66.0907(3)(d), Wis. Stats." in text


def test_the_sidewalk_order_cites_no_section_number_the_ordinance_does_not_print():
    sections = load_notice("luck", "sidewalk-repair-order").sections
    assert not any(re.search(r"§ 496-[1-5]\b", section) for section in sections)
    assert "Ch. 496, Repair or replacement of defective sidewalks" in sections


def test_a_sidewalk_order_for_a_heave_under_three_quarters_of_an_inch_is_refused(tmp_path):
    shutil.copy(CASEBOOK / "roll.csv", tmp_path / "roll.csv")
    case = tmp_path / "small-heave.toml"
    case.write_text(
        (CASEBOOK / "sidewalk-repair-order.toml")
        .read_text(encoding="utf-8")
        .replace('largest_defect_inches = "1.25"', 'largest_defect_inches = "0.5"'),
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="3/4 inch or more"):
        Renderer().render(case)


def test_the_removal_bill_cites_both_subsections_of_b_whichever_notice_it_follows():
    # WI legal reading 2026-12-02, LU5-a: the bill cited "§ 496-10B(1)" for a removal that
    # followed a non-hazardous § 496-10B(2) notice. It cites B(1) and (2), as § 496-10F does.
    from noticeclerk.render import render_case

    html = render_case(CASEBOOK / "snow-ice-removal-bill.toml", ("docx",)).html
    words = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert "Authority: Ch. 496, § 496-10B(1) and (2); § 496-10F; § 496-10G" in words
