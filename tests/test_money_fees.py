"""Permit fees, bonds and deposits: the amounts the ordinances state, and the Board's table."""

from __future__ import annotations

from decimal import Decimal

import pytest

from noticeclerk.content.village import load_village
from noticeclerk.exceptions import ConfigError, InputError
from noticeclerk.rules.fees import FeeFacts, FeeTable

D = Decimal
EMPTY = FeeTable({}, "letterheads/example/letterhead.toml")


def fee_rules(village):
    return load_village(village).fee_rules


def table_entries(village):
    return {entry.key: entry for rule in fee_rules(village).values() for entry in rule.entries}


def fee(village, name, table=EMPTY, **facts):
    return fee_rules(village)[name].answer(FeeFacts(**facts), table)


def chargeable_opening_area(length, width):
    return fee_rules("tuckahoe")["street-opening"].kind.chargeable_area.area(length, width)


@pytest.mark.parametrize(
    ("days", "amount"),
    [
        ("1", "25.00"),  # "$25 for the first day or any part thereof"
        ("0.5", "25.00"),
        ("2", "35.00"),  # "$10 for each additional day or any part thereof"
        ("2.25", "45.00"),
        ("5", "65.00"),
        ("30", "315.00"),
    ],
)
def test_temporary_occupancy_is_25_dollars_then_10_a_day(days, amount):
    answer = fee("tuckahoe", "temporary-occupancy", days=D(days))
    assert answer.fee == D(amount)
    assert answer.authority == "Tuckahoe § 19-49(a)"


@pytest.mark.parametrize(
    ("deposit", "paid", "expenses", "key", "amount"),
    [
        # The final fee for 5 days is $65. § 19-48(a) has the fee paid with the deposit at grant,
        # so § 19-49(b)'s "less the amount of the permit fee" takes only what is still unpaid.
        ("100.00", "65.00", None, "refund", "100.00"),  # paid in full at grant: nothing taken
        ("100.00", "65.00", "30.00", "refund", "70.00"),  # less what the Village spent restoring
        ("100.00", "25.00", None, "refund", "60.00"),  # estimated 1 day: $40 more comes out
        ("100.00", "85.00", None, "refund", "120.00"),  # estimated 7 days: $20 comes back
        ("25.00", "25.00", None, "balance_due", "15.00"),  # the deposit does not cover the $40
    ],
)
def test_the_occupancy_deposit_is_refunded_less_only_the_fee_not_paid_at_grant(
    deposit, paid, expenses, key, amount
):
    answer = fee(
        "tuckahoe",
        "temporary-occupancy",
        days=D(5),
        deposit=D(deposit),
        fee_paid=D(paid),
        expenses=D(expenses) if expenses else None,
    )
    assert dict(answer.amounts)[key] == D(amount)
    assert "Tuckahoe § 19-49(b)" in str(answer.steps[-1])


def test_an_occupancy_deposit_is_not_refunded_without_the_fee_paid_at_grant():
    with pytest.raises(InputError, match="Give the fee paid when the permit was granted"):
        fee("tuckahoe", "temporary-occupancy", days=D(5), deposit=D("100.00"))


def test_an_occupancy_deposit_under_25_dollars_is_refused():
    with pytest.raises(InputError, match=r"at least \$25\.00 \(Tuckahoe § 19-49\(b\)"):
        fee("tuckahoe", "temporary-occupancy", days=D(5), deposit=D("20.00"))


@pytest.mark.parametrize(
    ("length", "width", "area"), [("10", "4", "72"), ("3.5", "2", "22"), ("0.5", "0.5", "6.25")]
)
def test_the_chargeable_area_of_an_opening_adds_two_feet_each_way(length, width, area):
    assert chargeable_opening_area(D(length), D(width)) == D(area)


def test_the_street_opening_fee_is_the_area_times_the_boards_rate():
    table = FeeTable({"street-opening-per-sqft": D("1.255")}, "x")
    answer = fee("tuckahoe", "street-opening", table, length_ft=D(10), width_ft=D(4))
    assert answer.fee == D("90.36")  # 72 sq ft x $1.255 = 90.36
    assert dict(answer.measures)["chargeable_area_sqft"] == D(72)


def test_a_street_opening_without_the_boards_rate_names_the_entry_to_add():
    with pytest.raises(ConfigError) as caught:
        fee("tuckahoe", "street-opening", length_ft=D(10), width_ft=D(4))
    message = str(caught.value)
    assert message.startswith(
        "letterheads/example/letterhead.toml, key 'fees.street-opening-per-sqft': is not set"
    )
    assert "the chargeable area is 72 sq ft" in message
    assert "Board of Trustees" in message and "Tuckahoe § 19-75(f)" in message


@pytest.mark.parametrize(
    ("width", "amount"),
    [("8", "5.00"), ("11", "5.00"), ("11.9", "5.00"), ("12", "6.00"), ("14.5", "8.00")],
)
def test_a_curb_cut_is_5_dollars_to_11_feet_and_1_dollar_a_further_foot(width, amount):
    assert fee("tuckahoe", "curb-cut", width_ft=D(width)).fee == D(amount)


@pytest.mark.parametrize(
    ("facts", "bond"),
    [
        ({"area_sqft": D(40)}, "100.00"),  # "with a minimum bond of $100 per opening"
        ({"area_sqft": D(100)}, "100.00"),
        ({"area_sqft": D(150)}, "150.00"),  # "at least $1 per square foot"
        ({"area_sqft": D("150.255")}, "150.26"),
        ({"length_ft": D(12), "width_ft": D(10)}, "120.00"),
    ],
)
def test_palmyras_excavation_bond_is_1_dollar_a_square_foot_and_at_least_100(facts, bond):
    answer = fee("palmyra", "excavation-bond", **facts)
    assert answer.fee == D(bond)
    assert answer.authority == "Palmyra § 8.05(4)"


@pytest.mark.parametrize(
    ("name", "amount", "authority"),
    [
        ("driveway", "10.00", "Palmyra § 8.12(1)"),
        ("sidewalk-permit", "0.00", "Palmyra § 8.04(2)"),
        ("tree-permit", "0.00", "Palmyra § 8.15(7)(d)"),
    ],
)
def test_palmyras_stated_fees_come_from_the_ordinance(name, amount, authority):
    answer = fee("palmyra", name)
    assert (answer.fee, answer.authority) == (D(amount), authority)


def test_palmyras_snow_removal_is_the_area_cleared_at_the_posted_rate():
    table = FeeTable({"snow-removal-per-sqft": D("0.15")}, "x")
    assert fee("palmyra", "snow-removal", table, area_sqft=D(250)).fee == D("37.50")


@pytest.mark.parametrize(
    "name",
    [
        "sidewalk-permit",
        "excavation-permit",
        "excavation-permit-renewal",
        "street-privilege-permit",
        "vending-permit",
    ],
)
def test_a_luck_board_fee_missing_from_the_table_names_the_entry_to_add(name):
    with pytest.raises(ConfigError) as caught:
        fee("luck", name)
    assert f"key 'fees.{name}': is not set" in str(caught.value)
    assert f'add {name} = "AMOUNT" under [fees]' in str(caught.value)


def test_a_luck_board_fee_comes_from_the_table_plus_actual_costs():
    table = FeeTable({"excavation-permit": D("40.00"), "sidewalk-permit": D("25.00")}, "x")
    assert fee("luck", "sidewalk-permit", table).fee == D("25.00")
    assert fee("luck", "excavation-permit", table).fee == D("40.00")
    with_costs = fee("luck", "excavation-permit", table, expenses=D("112.50"))
    assert with_costs.fee == D("152.50")
    assert dict(with_costs.amounts) == {"board_fee": D("40.00"), "village_costs": D("112.50")}


def test_no_board_fee_has_an_amount_in_the_code():
    # Every Luck fee is the Board's; with an empty table none of them can be computed.
    for rule in fee_rules("luck").values():
        assert rule.entries, rule.name
        with pytest.raises(ConfigError):
            rule.answer(FeeFacts(), EMPTY)


def test_the_fee_table_entries_are_the_boards_fees_only():
    assert set(table_entries("luck")) == {
        "sidewalk-permit",
        "excavation-permit",
        "excavation-permit-renewal",
        "street-privilege-permit",
        "vending-permit",
    }
    assert set(table_entries("tuckahoe")) == {"street-opening-per-sqft"}
    assert set(table_entries("palmyra")) == {"snow-removal-per-sqft"}
    assert table_entries("village-a") == {}


@pytest.mark.parametrize(
    ("village", "name", "facts", "message"),
    [
        ("tuckahoe", "curb-cut", {}, "The curb-cut fee needs the width in feet."),
        ("tuckahoe", "curb-cut", {"width_ft": D(12), "days": D(2)}, "does not use the number"),
        ("palmyra", "excavation-bond", {}, "the area in square feet or the length in feet and"),
        ("tuckahoe", "temporary-occupancy", {"days": D(0)}, "at least part of a day"),
    ],
)
def test_a_fee_short_of_its_facts_or_given_extra_ones_says_so(village, name, facts, message):
    with pytest.raises(InputError, match=message):
        fee(village, name, **facts)
