"""Simple interest on actual days over 365, rounded once, and the payoff a lien letter states."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Jurisdiction
from noticeclerk.rules.interest import LEGAL_RATES, Rate, payoff, simple_interest

D = Decimal
FIVE = Rate(D(5), "Wis. Stat. § 138.04")
NINE = Rate(D(9), "N.Y. CPLR 5004(a)")


def test_1234_56_for_80_days_at_5_percent_is_13_53():
    interest = simple_interest(D("1234.56"), FIVE, date(2026, 7, 13), date(2026, 10, 1))
    assert interest.days == 80
    assert interest.amount == D("13.53")  # 13.5294... rounded once
    assert "80/365" in str(interest.steps[1])


@pytest.mark.parametrize(
    ("principal", "rate", "start", "end", "amount"),
    [
        ("1000.00", NINE, date(2026, 1, 1), date(2027, 1, 1), "90.00"),  # a whole year
        ("1000.00", NINE, date(2028, 1, 1), date(2029, 1, 1), "90.25"),  # 366 days / 365
        ("1000.00", NINE, date(2026, 3, 1), date(2026, 3, 1), "0.00"),  # no days, no interest
        ("365.00", FIVE, date(2026, 1, 1), date(2026, 1, 2), "0.05"),  # 0.05 exactly
        ("100.00", FIVE, date(2026, 1, 1), date(2026, 1, 2), "0.01"),  # 0.0137 -> 0.01
        ("73.00", FIVE, date(2026, 1, 1), date(2026, 1, 2), "0.01"),  # 0.01 exactly
        ("36.50", FIVE, date(2026, 1, 1), date(2026, 1, 2), "0.01"),  # 0.005 rounds up
    ],
)
def test_interest_is_rounded_once_half_up_at_the_end(principal, rate, start, end, amount):
    assert simple_interest(D(principal), rate, start, end).amount == D(amount)


def test_rounding_once_differs_from_rounding_each_day():
    # 10 days of $0.0137 each: 0.137 in all -> 0.14, where rounding daily would give 0.10.
    interest = simple_interest(D("100.00"), FIVE, date(2026, 1, 1), date(2026, 1, 11))
    assert interest.amount == D("0.14")


def test_the_legal_rates_are_the_statutes():
    assert LEGAL_RATES[Jurisdiction.NY] == Rate(D(9), "N.Y. CPLR 5004(a)")
    assert LEGAL_RATES[Jurisdiction.WI] == Rate(D(5), "Wis. Stat. § 138.04")


def test_a_payoff_is_principal_plus_interest_plus_collection_costs():
    owed = payoff(D("800.00"), NINE, date(2026, 1, 15), date(2026, 7, 14), D("150.00"))
    assert owed.interest.days == 180
    assert owed.interest.amount == D("35.51")  # 800 x 9% x 180/365 = 35.506...
    assert owed.total == D("985.51")
    assert owed.to_json()["payoff"] == "985.51"
    assert "costs $150.00 = $985.51" in str(owed.steps[-1])


def test_dates_in_the_wrong_order_are_one_clear_sentence():
    with pytest.raises(InputError) as caught:
        simple_interest(D("100.00"), FIVE, date(2026, 10, 1), date(2026, 7, 13))
    assert str(caught.value) == (
        "The end date 2026-07-13 is before the start date 2026-10-01; give the dates in order."
    )


@pytest.mark.parametrize(
    ("principal", "rate", "message"),
    [
        (D("-1.00"), FIVE, "The principal cannot be negative"),
        (D("1.001"), FIVE, "whole cents"),
        (D("1.00"), Rate(D("100.5"), "x"), "cannot be over 100%"),
    ],
)
def test_a_bad_principal_or_rate_is_refused(principal, rate, message):
    with pytest.raises(InputError, match=message):
        simple_interest(principal, rate, date(2026, 1, 1), date(2026, 2, 1))


def test_json_gives_amounts_as_strings_and_days_as_a_whole_number():
    data = payoff(D("1234.56"), FIVE, date(2026, 7, 13), date(2026, 10, 1)).to_json()
    assert data["interest"] == "13.53"
    assert data["days"] == 80
    assert data["rate"] == "5"
    assert data["costs"] == "0.00"
    assert not any(isinstance(value, float) for value in data.values())
