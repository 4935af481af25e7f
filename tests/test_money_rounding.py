"""Exact money: one half-up rounding to the cent, exact splits, and what a clerk may type."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.money import (
    format_amount,
    format_number,
    parse_amount,
    parse_measure,
    parse_percent,
    percent_of,
    spell_amount,
    split_by_weights,
    split_equally,
    to_cents,
)

D = Decimal


@pytest.mark.parametrize(
    ("exact", "cents"),
    [
        (D("13.525"), D("13.53")),  # a half cent rounds up, not to even
        (D("13.535"), D("13.54")),
        (D("13.5249999"), D("13.52")),
        (Fraction(1, 3), D("0.33")),
        (Fraction(2, 3), D("0.67")),
        (Fraction(1, 200), D("0.01")),  # exactly half a cent
        (Fraction(-1, 200), D("-0.01")),  # away from zero, as ROUND_HALF_UP does
        (0, D("0.00")),
    ],
)
def test_an_exact_value_is_rounded_once_half_up_to_the_cent(exact, cents):
    assert to_cents(exact) == cents
    assert str(to_cents(exact)) == str(cents)


def test_twenty_percent_of_833_33_is_166_67():
    # Luck § 496-6's 20% on a job of $833.33 is $166.666 exactly, rounded up.
    assert percent_of(D("833.33"), D(20)) == D("166.67")


@pytest.mark.parametrize(
    ("total", "count", "shares"),
    [
        ("5000.00", 5, ["1000.00"] * 5),  # Village A § 134-45F's own example
        ("1000.00", 3, ["333.34", "333.33", "333.33"]),
        ("0.05", 3, ["0.02", "0.02", "0.01"]),
        ("100.00", 7, ["14.29", "14.29", "14.29", "14.29", "14.28", "14.28", "14.28"]),
        ("0.00", 2, ["0.00", "0.00"]),
    ],
)
def test_equal_shares_put_the_odd_cents_on_the_first_properties(total, count, shares):
    assert split_equally(D(total), count) == [D(s) for s in shares]


def test_weighted_shares_give_leftover_cents_to_the_largest_remainders():
    # 100.00 by 1:1:1:0 -> 33.333... each; the one odd cent goes to the first.
    assert split_by_weights(D("100.00"), [1, 1, 1, 0]) == [
        D("33.34"),
        D("33.33"),
        D("33.33"),
        D("0.00"),
    ]
    # 10.00 by 1:2 -> 3.333 and 6.667: the larger remainder (.667) takes the cent.
    assert split_by_weights(D("10.00"), [1, 2]) == [D("3.33"), D("6.67")]


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ([], "at least one share"),
        ([1, -1], "negative"),
        ([0, 0], "measure nothing"),
    ],
)
def test_a_split_with_nothing_to_weigh_is_refused(weights, message):
    with pytest.raises(InputError, match=message):
        split_by_weights(D("10.00"), weights)


@pytest.mark.parametrize(
    ("typed", "amount"),
    [
        ("1234.56", D("1234.56")),
        ("1,234.56", D("1234.56")),
        ("$1,234.5", D("1234.50")),
        (" 5000 ", D("5000.00")),
        ("0.07", D("0.07")),
    ],
)
def test_an_amount_is_read_as_the_clerk_writes_it(typed, amount):
    assert parse_amount(typed, "The total") == amount


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-5", "The total cannot be negative; got -5."),
        ("12.345", "at most two decimals; got '12.345'."),
        ("abc", "must be an amount of money such as 1234.56"),
        ("1,23.00", "must be an amount of money"),
        ("1e3", "must be an amount of money"),
        ("NaN", "must be an amount of money"),
        ("", "must be an amount of money"),
    ],
)
def test_a_negative_or_malformed_amount_is_one_clear_sentence(typed, message):
    with pytest.raises(InputError) as caught:
        parse_amount(typed, "The total")
    assert message in str(caught.value)
    assert str(caught.value).count(". ") == 0  # one sentence


@pytest.mark.parametrize(
    ("typed", "rate"), [("5", D(5)), ("7.25%", D("7.25")), ("0", D(0)), ("100", D(100))]
)
def test_a_percentage_is_read_from_0_to_100(typed, rate):
    assert parse_percent(typed, "The rate") == rate


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("100.01", "cannot be over 100%"),
        ("150", "cannot be over 100%; got 150%."),
        ("-1", "cannot be negative"),
        ("five", "must be a percentage"),
        ("inf", "must be a percentage"),
    ],
)
def test_a_rate_over_100_or_malformed_is_refused(typed, message):
    with pytest.raises(InputError, match=message):
        parse_percent(typed, "The rate")


def test_a_measure_may_be_refused_at_zero():
    assert parse_measure("0", "--area-sqft") == D(0)
    with pytest.raises(InputError, match="must be more than 0"):
        parse_measure("0", "--days", allow_zero=False)


def test_amounts_print_with_two_decimals_and_numbers_without_exponents():
    assert format_amount(D("13.5")) == "13.50"
    assert format_number(D("5.00")) == "5"
    assert format_number(D("1E+2")) == "100"
    assert format_number(D("7.250")) == "7.25"
    assert spell_amount(D("1234.5")) == "$1,234.50"
    assert spell_amount(D("-5")) == "-$5.00"
