"""Splitting one cost among properties: Village A § 134-45F and Palmyra § 8.03(4)-(8)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.apportion import (
    BoardRate,
    Course,
    CurbWork,
    Improvement,
    Lot,
    LotKind,
    Side,
    SidewalkWork,
    UnitWork,
    Zoning,
    apportion_by_acreage,
    apportion_curb_and_gutter,
    apportion_per_unit,
    apportion_sidewalk,
    assess_main_at_board_rates,
    curb_frontage,
    main_frontage,
    private_sidewalk_regrade_charge,
    sidewalk_area,
    split_among_properties,
    split_by_count,
)

D = Decimal
WATER = Improvement.WATER_MAIN
SEWER = Improvement.SANITARY_SEWER


def shares(apportionment):
    return {share.parcel: share.amount for share in apportionment.shares}


# --- Village A § 134-45F -----------------------------------------------------------------

# The ordinance's own example: five properties holding one to four tax lots each.
SECTION_134_45F_EXAMPLE = [
    "A St. (dwelling), ABC LLC (tax lots 11 and 12)",
    "A St. (dwelling), Ed and Marie Smith (tax lots 1, 2, and 3)",
    "A St. (dwelling), Max Ross (tax lots 4, 5, 7, and 8)",
    "A St. (vacant), John Smith (tax lot 8)",
    "A St. (dwelling), F Inc. (tax lot 13)",
]


def test_five_thousand_over_five_properties_is_one_thousand_each():
    split = split_among_properties(D("5000.00"), SECTION_134_45F_EXAMPLE)
    assert list(shares(split).values()) == [D("1000.00")] * 5
    assert "§ 134-45F" in str(split.steps[0])


def test_a_property_with_four_tax_lots_pays_the_same_as_one_with_one():
    split = split_among_properties(D("5000.00"), SECTION_134_45F_EXAMPLE)
    by_parcel = shares(split)
    assert by_parcel[SECTION_134_45F_EXAMPLE[2]] == by_parcel[SECTION_134_45F_EXAMPLE[4]]


def test_one_thousand_over_three_gives_the_odd_cent_to_the_first_property():
    split = split_by_count(D("1000.00"), 3)
    assert shares(split) == {"1": D("333.34"), "2": D("333.33"), "3": D("333.33")}
    assert split.owners_total == D("1000.00")
    assert "first property listed" in str(split.steps[-1])


@pytest.mark.parametrize(
    ("parcels", "message"),
    [
        ([], "at least one property"),
        (["12-3-4", "12-3-4"], "Parcel '12-3-4' is listed twice"),
        (["12-3-4", " "], "has no name"),
    ],
)
def test_a_bad_list_of_properties_is_refused(parcels, message):
    with pytest.raises(InputError, match=message):
        split_among_properties(D("100.00"), parcels)


# --- Palmyra § 8.03(4): sidewalk by abutting square feet ----------------------------------


def walk(parcel, feet, width=5, kind=LotKind.INTERIOR, street="Main St"):
    return Lot(parcel, kind, (Side(street, feet=D(feet), walk_width_ft=D(width)),))


@pytest.mark.parametrize(
    ("work", "assessable", "first", "second", "village"),
    [
        # (4)(b)6: "New sidewalk is 100 percent assessable to property owner"
        (SidewalkWork.NEW, "10000.00", "4000.00", "6000.00", None),
        # (4)(b)3: reconstruction, repair, replacement or relocation: 50 percent
        (SidewalkWork.RECONSTRUCTION, "5000.00", "2000.00", "3000.00", "5000.00"),
        # (4)(b)5: replacement within 5 years of initial placement: 25 percent
        (SidewalkWork.REPLACEMENT_WITHIN_5_YEARS, "2500.00", "1000.00", "1500.00", "7500.00"),
    ],
)
def test_sidewalk_is_shared_by_square_feet_at_the_assessable_percentage(
    work, assessable, first, second, village
):
    # 400 and 600 sq ft of abutting walk, a $10,000 project.
    split = apportion_sidewalk(D("10000.00"), work, [walk("1", 80), walk("2", 120)])
    assert shares(split) == {"1": D(first), "2": D(second)}
    assert split.owners_total == D(assessable)
    if village is None:
        assert split.village_lines == ()
    else:
        (line,) = split.village_lines
        assert line.amount == D(village)
    assert split.owners_total + split.village_total == D("10000.00")


def test_the_rate_is_the_assessable_cost_over_the_total_square_feet():
    split = apportion_sidewalk(D("10000.00"), SidewalkWork.RECONSTRUCTION, [walk("1", 80)])
    assert "Rate: $5,000.00 / 400 sq ft = $12.50 per sq ft" in str(split.steps[-1])


def test_a_corner_lot_is_assessed_on_both_sides_and_the_village_pays_the_intersection():
    corner = Lot(
        "corner",
        LotKind.CORNER,
        (
            Side("Main St", feet=D(60), walk_width_ft=D(5)),
            Side("Oak St", feet=D(100), walk_width_ft=D(5)),
        ),
    )
    assert sidewalk_area(corner).value == D(800)
    split = apportion_sidewalk(
        D("9000.00"), SidewalkWork.NEW, [walk("inside", 40), corner], intersection_sqft=D(200)
    )
    # 200 of 1,200 sq ft is the intersection: $1,500 is the Village's; $7,500 at $7.50/sq ft.
    assert shares(split) == {"inside": D("1500.00"), "corner": D("6000.00")}
    (line,) = split.village_lines
    assert line.amount == D("1500.00")
    assert line.authority == "Palmyra § 8.03(4)(c)1"


def test_a_cul_de_sac_sidewalk_is_measured_on_the_arc_of_the_right_of_way():
    lot = Lot(
        "7",
        LotKind.INTERIOR,
        (
            Side(
                "Elm Ct", course=Course.CUL_DE_SAC, arc_ft=D(45), chord_ft=D(38), walk_width_ft=D(4)
            ),
        ),
    )
    measure = sidewalk_area(lot)
    assert measure.value == D(180)  # 45 ft of arc x 4 ft, not the 38 ft chord
    assert any("Palmyra § 8.03(4)(c)3" in str(step) for step in measure.steps)


def test_a_curved_street_without_its_arc_distance_names_the_rule():
    lot = Lot("7", LotKind.INTERIOR, (Side("Bend Rd", course=Course.CURVED, chord_ft=D(38)),))
    with pytest.raises(InputError, match=r"arc distance .*§ 8\.03\(4\)\(c\)4"):
        sidewalk_area(lot)


def test_a_new_street_opening_exempts_the_first_132_feet_of_depth():
    side = Side("New St", feet=D(150), walk_width_ft=D(5), new_street_opening=True)
    lot = Lot("9", LotKind.INTERIOR, (side,))
    assert sidewalk_area(lot).value == D(90)  # (150 - 132) ft x 5 ft
    sold = Lot("9", LotKind.INTERIOR, (side,), sold_within_five_years=True)
    assert sidewalk_area(sold).value == D(750)


def test_a_private_walk_replaced_to_meet_a_new_grade_is_half_assessable():
    assert private_sidewalk_regrade_charge(D("1234.57")) == D("617.29")


# --- Palmyra § 8.03(5), (6): water main and sanitary sewer by frontage ---------------------


def two_sides(kind, first, second, **lot):
    return Lot(
        "L",
        kind,
        (
            Side("Main St", feet=D(first), service_connection=lot.pop("main_served", False)),
            Side("Oak St", feet=D(second), service_connection=lot.pop("oak_served", False)),
        ),
        **lot,
    )


@pytest.mark.parametrize("main", [WATER, SEWER])
def test_a_corner_lots_frontage_is_the_average_of_both_sides(main):
    measure = main_frontage(two_sides(LotKind.CORNER, 80, 120), main)
    assert measure.value == D(100)
    assert f"Palmyra § 8.03{main.subsection}(c)1" in str(measure.steps[-1])


def test_a_lot_on_three_streets_averages_its_longest_and_shortest_sides():
    lot = Lot(
        "L",
        LotKind.THREE_STREETS,
        (Side("A St", feet=D(60)), Side("B St", feet=D(150)), Side("C St", feet=D(100))),
    )
    assert main_frontage(lot, WATER).value == D(105)


def test_a_large_corner_tract_averages_a_future_corner_lot_and_adds_the_balance():
    tract = two_sides(LotKind.CORNER, 300, 200, future_corner_lot_ft=(D(80), D(120)))
    # (80 + 120) / 2 = 100, plus the balance 500 - 200 = 300 at full frontage.
    assert main_frontage(tract, SEWER).value == D(400)


@pytest.mark.parametrize(
    ("can_be_subdivided", "main_served", "oak_served", "frontage"),
    [
        (False, False, True, 70),  # only the street with the service connection
        (True, True, True, 160),  # can be split and served on both: both frontages
        (True, True, False, 90),  # can be split, served on one: that one now
    ],
)
def test_dual_frontage_is_assessed_on_the_served_street(
    can_be_subdivided, main_served, oak_served, frontage
):
    lot = two_sides(
        LotKind.DUAL_FRONTAGE,
        90,
        70,
        can_be_subdivided=can_be_subdivided,
        main_served=main_served,
        oak_served=oak_served,
    )
    assert main_frontage(lot, WATER).value == D(frontage)


def test_dual_frontage_that_cannot_be_subdivided_takes_one_served_street_only():
    lot = two_sides(LotKind.DUAL_FRONTAGE, 90, 70, main_served=True, oak_served=True)
    with pytest.raises(InputError, match="mark one street, not both"):
        main_frontage(lot, WATER)


@pytest.mark.parametrize("course", [Course.CUL_DE_SAC, Course.CURVED])
def test_a_main_on_a_curve_is_measured_on_the_chord_of_the_setback_line(course):
    lot = Lot("C", LotKind.INTERIOR, (Side("Elm Ct", course=course, arc_ft=D(45), chord_ft=D(38)),))
    assert main_frontage(lot, WATER).value == D(38)
    assert curb_frontage(lot).value == D(38)


def test_a_main_is_assessed_at_the_board_s_rate_and_the_rest_is_the_village_s_share():
    corner = two_sides(LotKind.CORNER, 80, 120)  # 100 ft
    lot = Lot("R", LotKind.INTERIOR, (Side("Main St", feet=D(200)),))
    rates = [
        BoardRate(Zoning.RESIDENTIAL, 6, D("10.00")),
        BoardRate(Zoning.COMMERCIAL, 8, D("12.50")),
    ]
    found = assess_main_at_board_rates(
        D("6000.00"),
        D("0.00"),
        WATER,
        6,
        [(corner, Zoning.RESIDENTIAL), (lot, Zoning.COMMERCIAL)],
        rates,
    )
    assert shares(found.split) == {"L": D("1000.00"), "R": D("2500.00")}
    assert found.split.village_total == D("2500.00")


def test_sewer_laterals_are_charged_per_unit():
    split = apportion_per_unit(D("10000.00"), UnitWork.SEWER_LATERALS, [("A", 1), ("B", 2)])
    # $10,000 / 3 laterals; the parcel with two pays for two, and the cent left over goes to
    # the larger remainder.
    assert shares(split) == {"A": D("3333.33"), "B": D("6666.67")}
    assert "Palmyra § 8.03(6)(d)2" in str(split.steps[0])


def test_area_wide_costs_are_shared_by_acreage():
    split = apportion_by_acreage(D("900.00"), WATER, [("A", D("1.5")), ("B", D("3"))])
    assert shares(split) == {"A": D("300.00"), "B": D("600.00")}
    assert "Palmyra § 8.03(5)(b)3" in str(split.steps[0])


# --- Palmyra § 8.03(8): curb and gutter ----------------------------------------------------


def test_curb_on_a_corner_lot_is_both_frontages():
    assert curb_frontage(two_sides(LotKind.CORNER, 60, 100)).value == D(160)


def test_curb_on_a_dual_frontage_lot_that_cannot_be_split_is_its_primary_access_street():
    lot = Lot(
        "D",
        LotKind.DUAL_FRONTAGE,
        (Side("Main St", feet=D(90)), Side("Oak St", feet=D(70), primary_access=True)),
    )
    assert curb_frontage(lot).value == D(70)


def test_curb_on_three_streets_must_be_decided_on_an_individual_basis():
    lot = Lot(
        "T",
        LotKind.THREE_STREETS,
        (Side("A St", feet=D(60)), Side("B St", feet=D(150)), Side("C St", feet=D(100))),
    )
    with pytest.raises(InputError, match=r"individual basis \(Palmyra § 8\.03\(8\)\(c\)6\)"):
        curb_frontage(lot)
    decided = Lot(
        "T",
        lot.kind,
        lot.sides,
        individual_measure=D(150),
        individual_basis="Village Board minutes of 2026-05-04",
    )
    assert curb_frontage(decided).value == D(150)


def test_the_village_pays_curb_at_intersections_and_floodplain_segments_and_half_the_rest():
    plain = Lot("A", LotKind.INTERIOR, (Side("Main St", feet=D(120)),))
    flood = Lot(
        "B", LotKind.INTERIOR, (Side("Main St", feet=D(60)),), floodplain_or_conservancy=True
    )
    split = apportion_curb_and_gutter(
        D("12000.00"), CurbWork.RECONSTRUCTION, [plain, flood], intersection_ft=D(60)
    )
    # 120 : 60 : 60 ft -> $6,000 for A's frontage, of which 50% is assessable.
    assert shares(split) == {"A": D("3000.00"), "B": D("0.00")}
    lines = {line.label: line.amount for line in split.village_lines}
    assert sorted(lines.values()) == [D("3000.00")] * 3
    assert split.owners_total + split.village_total == D("12000.00")
    assert {line.authority for line in split.village_lines} == {
        "Palmyra § 8.03(8)(b)5",
        "Palmyra § 8.03(8)(b)2",
    }


@pytest.mark.parametrize(
    ("work", "owners"),
    [
        (CurbWork.NEW_ON_EXISTING_STREET, "500.00"),  # (8)(b)3: 50 percent
        (CurbWork.NEW_DEVELOPMENT, "1000.00"),  # (8)(b)4: the developer's full cost
        (CurbWork.REPLACEMENT_WITHIN_5_YEARS, "250.00"),  # (8)(b)6: 25 percent
    ],
)
def test_curb_and_gutter_percentages_follow_the_kind_of_work(work, owners):
    lot = Lot("A", LotKind.INTERIOR, (Side("Main St", feet=D(100)),))
    split = apportion_curb_and_gutter(D("1000.00"), work, [lot])
    assert split.owners_total == D(owners)


def test_a_lot_with_the_wrong_number_of_sides_is_refused():
    with pytest.raises(InputError, match="corner lot, which has 2 street sides; 1 were given"):
        curb_frontage(Lot("X", LotKind.CORNER, (Side("Main St", feet=D(10)),)))


def test_properties_measuring_nothing_cannot_share_a_cost():
    lot = walk("Z", 0)
    with pytest.raises(InputError, match="measure 0 sq ft in all"):
        apportion_sidewalk(D("100.00"), SidewalkWork.NEW, [lot])
