"""Palmyra's assessment computation schedules by district (Ch. 8, § 8.03(5)-(8)): water main,
sanitary sewer, sewer laterals and curb and gutter, the amounts checked against the
ordinance's own rules and the refusals it requires."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from notice_figures import figures_of, sample_facts

from noticeclerk.exceptions import InputError

D = Decimal
CHICAGO = ZoneInfo("America/Chicago")
CASEBOOK = Path(__file__).resolve().parent.parent / "casebook" / "palmyra"

WATER = "water-main-assessment-schedule"
SEWER = "sewer-main-assessment-schedule"
LATERALS = "sewer-lateral-assessment-schedule"
CURB = "curb-gutter-assessment-schedule"


def case_facts(stem: str) -> dict:
    return sample_facts("palmyra", stem)


def compute(notice: str, facts: dict, **changes) -> dict:
    return figures_of("palmyra", notice, {**facts, **changes})


def amounts(found: dict) -> dict[str, Decimal]:
    return {share["parcel"]: share["amount"] for share in found["shares"]}


# --- § 8.03(5) and (6): water main and sanitary sewer by assessable frontage ---------------


def test_a_water_main_corner_lot_is_assessed_on_the_average_of_its_two_frontages():
    found = compute(WATER, case_facts("water-main-assessment-schedule"))
    measures = {share["parcel"]: share["measure"] for share in found["shares"]}
    # (5)(c)1: (80 + 132) / 2 = 106 ft; the cul-de-sac lot on its 58 ft chord (c)5.
    assert measures == {"PV-2201": "106", "PV-2202": "66", "PV-2203": "120", "PV-2204": "58"}
    assert found["total_measure"] == "350"


def test_water_main_lots_pay_the_board_s_rate_for_the_equivalent_size_of_their_zoning():
    found = compute(WATER, case_facts("water-main-assessment-schedule"))
    # (5)(b)1: residential on the 6-inch equivalent at $152.00 a foot, the creamery commercial
    # on the 8-inch at $188.00 -- not the whole cost of the 8-inch main spread by frontage.
    assert amounts(found) == {
        "PV-2201": D("16112.00"),
        "PV-2202": D("10032.00"),
        "PV-2203": D("22560.00"),
        "PV-2204": D("8816.00"),
    }
    assert found["zoning"]["PV-2202"] == {"zoning": "residential", "inches": 6}
    assert found["zoning"]["PV-2203"] == {"zoning": "commercial", "inches": 8}


def test_water_main_oversizing_is_carried_to_the_area_wide_assessment_not_to_the_owners():
    found = compute(WATER, case_facts("water-main-assessment-schedule"))
    assert found["area_wide"]["total"] == D("9800.00")
    assert found["area_wide"]["authority"] == "Palmyra § 8.03(5)(b)3"
    # What the rates do not recover of the $62,400.00 front foot cost is the Village's share.
    assert found["owners_total"] == D("57520.00")
    assert found["village_total"] == D("4880.00")
    assert found["owners_total"] + found["village_total"] == found["total"] == D("62400.00")
    assert found["project_total"] == D("72200.00")


def test_an_oversized_water_main_without_its_oversizing_cost_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    none = [{"description": "None", "amount": D("0.00")}]
    with pytest.raises(InputError, match=r"8-inch water main is larger.*\(b\)3"):
        compute(WATER, facts, area_wide_costs=none)


def test_a_water_main_of_the_lots_equivalent_size_needs_no_oversizing_cost():
    facts = case_facts("water-main-assessment-schedule")
    none = [{"description": "None", "amount": D("0.00")}]
    found = compute(WATER, facts, area_wide_costs=none, main_size_inches=6)
    assert found["area_wide"]["total"] == 0


def test_a_board_rate_below_the_minimum_equivalent_size_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    rates = ["residential | 6-inch | 152.00", "commercial | 6-inch | 152.00"]
    with pytest.raises(InputError, match="minimum equivalent diameter size for commercial"):
        compute(WATER, facts, board_rates=rates)


def test_a_lot_whose_zoning_has_no_board_rate_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    with pytest.raises(InputError, match="zoned commercial"):
        compute(WATER, facts, board_rates=["residential | 6-inch | 152.00"])


def test_a_lot_without_a_zoning_class_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    with pytest.raises(InputError, match="no zoning class for PV-2204"):
        compute(WATER, facts, zoning=facts["zoning"][:-1])


def test_board_rates_that_would_recover_more_than_the_front_foot_cost_are_refused():
    facts = case_facts("water-main-assessment-schedule")
    rates = ["residential | 6-inch | 300.00", "commercial | 8-inch | 300.00"]
    with pytest.raises(InputError, match="more than the"):
        compute(WATER, facts, board_rates=rates)


def test_a_board_rate_line_in_the_wrong_form_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    with pytest.raises(InputError, match="board_rates"):
        compute(WATER, facts, board_rates=["residential at 152 a foot"])


def test_the_commercial_sewer_lot_is_assessed_on_the_10_inch_equivalent():
    found = compute(SEWER, case_facts("sewer-main-assessment-schedule"))
    # (6)(b)1: residential on the 8-inch equivalent at $148.00, commercial on the 10-inch at
    # $176.00; the rest of the $57,700.00 is the Village's share.
    assert amounts(found) == {
        "PV-2201": D("15688.00"),
        "PV-2202": D("9768.00"),
        "PV-2203": D("21120.00"),
        "PV-2204": D("8584.00"),
    }
    assert found["village_total"] == D("2540.00")
    assert found["owners_total"] + found["village_total"] == found["total"] == D("57700.00")


def test_a_sewer_rate_for_commercial_lots_below_10_inches_is_refused():
    facts = case_facts("sewer-main-assessment-schedule")
    rates = ["residential | 8-inch | 148.00", "commercial | 8-inch | 148.00"]
    with pytest.raises(InputError, match="minimum equivalent diameter size for commercial"):
        compute(SEWER, facts, board_rates=rates)


def test_the_sanitary_sewer_schedule_uses_the_same_frontage_rules_under_its_own_subsection():
    found = compute(SEWER, case_facts("sewer-main-assessment-schedule"))
    assert any("§ 8.03(6)(c)1" in (step["authority"] or "") for step in found["steps"])
    assert not any("(5)" in (step["authority"] or "") for step in found["steps"])


def test_a_dual_frontage_lot_that_cannot_be_subdivided_needs_its_service_connection_street():
    facts = case_facts("sewer-main-assessment-schedule")
    lots = [
        *facts["lots"][:-1],
        "PV-2204 | dual-frontage | Heron Court: 70 ft | Cutler Street: 70 ft",
    ]
    with pytest.raises(InputError, match="service connection"):
        compute(SEWER, facts, lots=lots)


def test_a_dual_frontage_lot_is_assessed_only_on_the_street_with_the_lateral_connection():
    facts = case_facts("sewer-main-assessment-schedule")
    lots = [
        *facts["lots"][:-1],
        "PV-2204 | dual-frontage | Heron Court: 70 ft [service] | Cutler Street: 90 ft",
    ]
    found = compute(SEWER, facts, lots=lots)
    assert found["shares"][-1]["measure"] == "70"


def test_a_lot_line_in_the_wrong_form_is_refused():
    facts = case_facts("water-main-assessment-schedule")
    with pytest.raises(InputError, match="not written as"):
        compute(WATER, facts, lots=["PV-2201 | interior | Cutler Street eighty feet"])


# --- § 8.03(6)(d)2: sewer laterals per unit ------------------------------------------------


def test_each_serviced_property_pays_the_charge_per_lateral_for_each_of_its_laterals():
    found = compute(LATERALS, case_facts("sewer-lateral-assessment-schedule"))
    # $16,305.00 / 5 laterals = $3,261.00 per unit.
    assert amounts(found) == {
        "PV-2201": D("3261.00"),
        "PV-2202": D("3261.00"),
        "PV-2203": D("6522.00"),
        "PV-2204": D("3261.00"),
    }
    assert found["village_total"] == 0


def test_a_lateral_schedule_whose_costs_may_include_the_risers_is_refused():
    with pytest.raises(InputError, match="risers"):
        compute(LATERALS, case_facts("sewer-lateral-assessment-schedule"), risers_excluded=False)


def test_a_lateral_count_that_is_not_a_whole_number_is_refused():
    facts = case_facts("sewer-lateral-assessment-schedule")
    with pytest.raises(InputError, match="laterals"):
        compute(LATERALS, facts, laterals=["PV-2201 | one"])


def test_lateral_shares_that_do_not_divide_evenly_still_add_back_to_the_cent():
    facts = case_facts("sewer-lateral-assessment-schedule")
    costs = [{"description": "Laterals", "amount": D("10000.00")}]
    found = compute(LATERALS, facts, project_costs=costs)
    assert sum(amounts(found).values()) == D("10000.00")


# --- § 8.03(8): curb and gutter by assessable frontage -------------------------------------


def test_a_curb_and_gutter_corner_lot_is_assessed_on_both_frontages():
    found = compute(CURB, case_facts("curb-gutter-assessment-schedule"))
    assert found["shares"][0]["measure"] == "212"  # (8)(c)1: 80 + 132, not averaged


def test_the_village_pays_the_intersection_the_floodplain_segment_and_the_half_not_assessable():
    found = compute(CURB, case_facts("curb-gutter-assessment-schedule"))
    lines = {line["authority"]: [] for line in found["village_lines"]}
    for line in found["village_lines"]:
        lines[line["authority"]].append(line["amount"])
    # $32,600.00 over 548 ft: 60 ft of intersection and 90 ft of floodplain segment (b)5;
    # half of the remaining $23,676.64 is not assessable (b)2.
    assert lines == {
        "Palmyra § 8.03(8)(b)5": [D("3569.34"), D("5354.02")],
        "Palmyra § 8.03(8)(b)2": [D("11838.32")],
    }
    assert found["owners_total"] == D("11838.32")
    assert amounts(found)["PV-2205"] == 0
    assert found["owners_total"] + found["village_total"] == found["total"] == D("32600.00")


@pytest.mark.parametrize(
    ("work", "assessed"),
    [
        ("new-on-existing-street", D("11838.32")),
        ("new-development", D("23676.64")),
        ("replacement-within-5-years", D("5919.16")),
    ],
)
def test_the_assessable_percentage_follows_the_kind_of_curb_and_gutter_work(work, assessed):
    found = compute(CURB, case_facts("curb-gutter-assessment-schedule"), work=work)
    assert found["owners_total"] == assessed


def test_an_unknown_kind_of_curb_and_gutter_work_is_refused():
    with pytest.raises(InputError, match="reconstruction"):
        compute(CURB, case_facts("curb-gutter-assessment-schedule"), work="resurfacing")


def test_a_lot_on_three_streets_is_refused_because_the_curb_rules_have_no_such_case():
    facts = case_facts("curb-gutter-assessment-schedule")
    lots = [
        *facts["lots"][1:],
        "PV-2201 | three-streets | A St: 80 ft | B St: 132 ft | C St: 80 ft",
    ]
    with pytest.raises(InputError, match="individual basis"):
        compute(CURB, facts, lots=lots)
