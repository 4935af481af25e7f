"""Village of Luck street privilege permit (§ 496-9): the fee, the term, the share of the
street, the revocation and the 24-hour removal notice, against the ordinance's own words."""

from __future__ import annotations

import re
import shutil
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.content.notice_types import load_notice
from noticeclerk.exceptions import InputError
from noticeclerk.render import Renderer

CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "luck"
MINE = ["street-privilege-permit", "street-privilege-revocation"]

PERMIT = {
    "issued_on": date(2026, 5, 4),
    "terminates_on": date(2026, 8, 4),
    "street_width_feet": Decimal("36"),
    "occupied_width_feet": Decimal("10"),
    "board_fee": Decimal("35.00"),
    "fee_resolution": "Resolution No. 2026-4",
    "village_costs": [{"description": "Barricades", "amount": Decimal("40.00")}],
}


@pytest.fixture(scope="module")
def rendered():
    renderer = Renderer()
    return {
        stem: " ".join(
            re.sub(r"<[^>]+>", " ", renderer.render(CASEBOOK / f"{stem}.toml").html).split()
        )
        for stem in MINE
    }


def test_the_fee_is_the_board_s_sum_plus_the_actual_village_costs():
    fee = figures_of("luck", "street-privilege-permit", PERMIT)["fee"]
    assert [line["amount"] for line in fee["lines"]] == [Decimal("35.00"), Decimal("40.00")]
    assert fee["total"] == Decimal("75.00")


def test_a_village_cost_of_nothing_is_left_off_the_fee():
    facts = PERMIT | {"village_costs": [{"description": "None", "amount": Decimal("0.00")}]}
    fee = figures_of("luck", "street-privilege-permit", facts)["fee"]
    assert fee["total"] == Decimal("35.00") and len(fee["lines"]) == 1


def test_the_permit_ends_three_months_from_issuance_even_on_a_sunday():
    # August 2, 2026 is a Sunday: the automatic termination is not an act, so it is not moved.
    facts = PERMIT | {"issued_on": date(2026, 5, 2), "terminates_on": date(2026, 8, 2)}
    figures = figures_of("luck", "street-privilege-permit", facts)
    assert figures["three_month_end"] == date(2026, 8, 2)
    assert figures["earlier_termination"] is False


def test_a_permit_issued_on_the_last_day_of_a_long_month_ends_on_the_last_day_of_a_short_one():
    facts = PERMIT | {"issued_on": date(2026, 11, 30), "terminates_on": date(2027, 2, 28)}
    assert figures_of("luck", "street-privilege-permit", facts)["three_month_end"] == date(
        2027, 2, 28
    )


def test_the_clerk_treasurer_may_specify_an_earlier_termination():
    facts = PERMIT | {"terminates_on": date(2026, 6, 30)}
    assert figures_of("luck", "street-privilege-permit", facts)["earlier_termination"] is True


def test_a_termination_later_than_three_months_is_refused():
    with pytest.raises(InputError, match="August 4, 2026"):
        figures_of("luck", "street-privilege-permit", PERMIT | {"terminates_on": date(2026, 8, 5)})


def test_a_termination_before_the_issuance_is_refused():
    with pytest.raises(InputError, match="is before the permit's issuance"):
        figures_of("luck", "street-privilege-permit", PERMIT | {"terminates_on": date(2026, 5, 3)})


def test_an_obstruction_of_exactly_a_third_of_the_street_is_allowed():
    facts = PERMIT | {"occupied_width_feet": Decimal("12")}
    assert figures_of("luck", "street-privilege-permit", facts)["max_width_feet"] == Decimal("12.0")


def test_an_obstruction_of_more_than_a_third_of_the_street_is_refused():
    with pytest.raises(InputError, match="1/3"):
        figures_of(
            "luck", "street-privilege-permit", PERMIT | {"occupied_width_feet": Decimal("12.1")}
        )


@pytest.mark.parametrize("width", ["street_width_feet", "occupied_width_feet"])
def test_a_width_of_nothing_is_refused(width):
    with pytest.raises(InputError, match=r"given as 0 feet wide.*§ 496-9D\(1\) \(inferred\)"):
        figures_of("luck", "street-privilege-permit", PERMIT | {width: Decimal("0")})


def test_the_permit_is_the_clerk_treasurer_s_and_prints_its_term_and_fee(rendered):
    assert load_notice("luck", "street-privilege-permit").signer == "clerk_treasurer"
    text = rendered["street-privilege-permit"]
    assert "at the end of Tuesday, August 4, 2026" in text
    assert "$75.00" in text
    assert "not more than 1/3 of any street or alley" in text


def test_a_revocation_must_name_a_condition_of_occupancy():
    def revoke(facts):
        sample = sample_facts("luck", "street-privilege-revocation")
        return figures_of("luck", "street-privilege-revocation", {**sample, **facts})

    assert [g["key"] for g in revoke({"conditions_violated": ["(3)", "2"]})["grounds"]] == [
        "2",
        "3",
    ]
    with pytest.raises(InputError, match=r"'6', but Luck § 496-9D \(inferred\) has conditions"):
        revoke({"conditions_violated": ["6"]})
    with pytest.raises(InputError, match=r"§ 496-9D \(inferred\) must name the condition"):
        revoke({"conditions_violated": []})
    # A condition named twice was once printed once; it is now refused, as a mistyped list.
    with pytest.raises(InputError, match="names '3' more than once"):
        revoke({"conditions_violated": ["3", "(3)"]})


def plain(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_goods_the_permit_never_covered_go_by_a_mailed_bill_under_496_8f_not_496_9f(rendered):
    # The sample's pallets stood on the sidewalk; the permit covered the parking lane only.
    notice = load_notice("luck", "street-privilege-revocation")
    assert notice.signer == "director_public_works"
    text = rendered["street-privilege-revocation"]
    assert "no later than 8:30 a.m. CDT on Friday, June 12, 2026" in text
    assert "Authority: Ch. 496, § 496-9D; § 496-8A; § 496-8D; § 496-8F" in text
    assert "The permit never covered the public sidewalk along the Second Street frontage" in text
    assert "mailed to the owner of the premises and is payable within 10 calendar days" in text
    assert "remain unpaid 60 days after the costs are incurred" in text
    assert "shall be payable within 10 calendar days from receipt thereof" in text
    assert "§ 496-9F" not in text
    assert "lawfully obstructed sidewalk" not in text
    assert "special charge" not in text


def test_goods_on_the_part_of_the_way_the_permit_covered_go_on_the_tax_roll_under_496_9f(
    tmp_path,
):
    case = (CASEBOOK / "street-privilege-revocation.toml").read_text(encoding="utf-8")
    assert "covered_by_permit = false" in case
    shutil.copy(CASEBOOK / "roll.csv", tmp_path)  # a case file's roll lies beside it
    covered = tmp_path / "street-privilege-revocation.toml"
    covered.write_text(
        case.replace("covered_by_permit = false", "covered_by_permit = true"),
        encoding="utf-8",
    )
    text = plain(Renderer().render(covered).html)
    assert "Authority: Ch. 496, § 496-9D; § 496-9F" in text
    assert "next annual tax roll as a special charge" in text
    assert "lawfully obstructed sidewalk" in text
    assert "§ 496-8" not in text
    assert "10 calendar days" not in text


def test_a_revocation_that_does_not_say_whether_the_permit_covered_the_goods_is_refused(tmp_path):
    case = (CASEBOOK / "street-privilege-revocation.toml").read_text(encoding="utf-8")
    shutil.copy(CASEBOOK / "roll.csv", tmp_path)  # a case file's roll lies beside it
    silent = tmp_path / "street-privilege-revocation.toml"
    silent.write_text(
        case.replace("covered_by_permit = false", ""),
        encoding="utf-8",
    )
    with pytest.raises(InputError, match="covered_by_permit"):
        Renderer().render(silent)


# --- § 496-9F (inferred): the return of the costs of removal to the Clerk-Treasurer ------------


def test_the_return_of_costs_totals_the_removal_for_the_tax_roll():
    figures = figures_of(
        "luck", "street-privilege-cost-return", sample_facts("luck", "street-privilege-cost-return")
    )
    assert figures["cost"]["total"] == Decimal("503.00")


def test_a_removal_before_the_24_hours_after_the_notice_ran_out_is_refused():
    facts = sample_facts("luck", "street-privilege-cost-return")
    facts["removed_at"] = facts["removal_deadline"]
    with pytest.raises(InputError, match="before the 24 hours after the notice LU-2026-S-0400"):
        figures_of("luck", "street-privilege-cost-return", facts)


def test_no_return_is_made_for_goods_the_permit_never_covered():
    facts = sample_facts("luck", "street-privilege-cost-return")
    facts["covered_by_permit"] = False
    with pytest.raises(InputError, match="the sidewalk was not lawfully obstructed"):
        figures_of("luck", "street-privilege-cost-return", facts)


def test_the_return_is_made_to_the_clerk_treasurer_and_prints_no_envelope_address():
    html = Renderer().render(CASEBOOK / "street-privilege-cost-return.toml", formats=("pdf",)).html
    assert "address-block" not in html
    assert "The Village Clerk-Treasurer, Village of Luck" in html
