"""Palmyra's equal annual installments of principal with interest on the unpaid balance."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.installments import (
    Plan,
    Rate,
    add_years,
    assessment_rate,
    installment_schedule,
    prepayment,
)

D = Decimal
FIVE = Rate(D(5), "given")


def rows(schedule):
    return [
        (i.number, str(i.principal), str(i.interest), str(i.payment), str(i.balance))
        for i in schedule.installments
    ]


def test_five_thousand_over_five_years_at_5_percent_pays_1250_down_to_1050():
    schedule = installment_schedule(D("5000.00"), 5, FIVE)
    assert rows(schedule) == [
        (1, "1000.00", "250.00", "1250.00", "4000.00"),
        (2, "1000.00", "200.00", "1200.00", "3000.00"),
        (3, "1000.00", "150.00", "1150.00", "2000.00"),
        (4, "1000.00", "100.00", "1100.00", "1000.00"),
        (5, "1000.00", "50.00", "1050.00", "0.00"),
    ]
    assert schedule.total_interest == D("750.00")
    assert schedule.total_paid == D("5750.00")


def test_principal_that_does_not_divide_puts_the_odd_cent_in_the_first_years():
    schedule = installment_schedule(D("1000.00"), 3, Rate(D(6), "given"))
    assert rows(schedule) == [
        (1, "333.34", "60.00", "393.34", "666.66"),
        (2, "333.33", "40.00", "373.33", "333.33"),
        (3, "333.33", "20.00", "353.33", "0.00"),  # 19.9998 rounds to 20.00
    ]


def test_more_than_ten_years_is_refused_with_the_section_cited():
    with pytest.raises(InputError) as caught:
        installment_schedule(D("5000.00"), 11, FIVE)
    assert str(caught.value) == (
        "11 years is too long: installments of a special assessment may not exceed 10 years "
        "(Palmyra § 8.03(3)(b)3)."
    )


def test_ten_years_is_allowed():
    assert len(installment_schedule(D("5000.00"), 10, FIVE).installments) == 10


def test_the_rate_is_the_borrowing_rate_plus_2_percent():
    rate = assessment_rate(D("3.25"))
    assert rate.percent == D("5.25")
    assert "Palmyra § 8.03(3)(b)6" in rate.authority


def test_the_elm_special_tax_is_at_most_four_installments_at_10_percent():
    rate = Plan.ELM_TAX.fixed_rate
    schedule = installment_schedule(D("1200.00"), 4, rate, Plan.ELM_TAX)
    assert [str(i.interest) for i in schedule.installments] == ["120.00", "90.00", "60.00", "30.00"]
    with pytest.raises(InputError, match=r"not more than 4 yearly installments \(Palmyra § 8\.15"):
        installment_schedule(D("1200.00"), 5, rate, Plan.ELM_TAX)
    with pytest.raises(InputError, match="bears interest at 10%"):
        installment_schedule(D("1200.00"), 4, FIVE, Plan.ELM_TAX)


def test_prepaying_after_two_installments_pays_the_balance_with_interest_to_that_day():
    schedule = installment_schedule(D("5000.00"), 5, FIVE)
    early = prepayment(schedule, date(2026, 1, 1), 2, date(2028, 7, 1))
    # $3,000 unpaid; interest from 2028-01-01 (two years paid) for 182 days.
    assert early.balance == D("3000.00")
    assert early.interest_from == date(2028, 1, 1)
    assert early.interest == D("74.79")
    assert early.total == D("3074.79")


def test_prepaying_before_any_installment_runs_interest_from_the_assessment_notice():
    schedule = installment_schedule(D("5000.00"), 5, FIVE)
    early = prepayment(schedule, date(2026, 9, 1), 0, date(2026, 12, 31))
    assert early.interest == D("82.88")  # 5000 x 5% x 121/365 = 82.8767...
    assert early.total == D("5082.88")


def test_prepaying_within_a_year_already_paid_adds_no_interest():
    schedule = installment_schedule(D("5000.00"), 5, FIVE)
    early = prepayment(schedule, date(2026, 9, 1), 1, date(2027, 3, 1))
    assert (early.balance, early.interest) == (D("4000.00"), D("0.00"))


def test_nothing_is_left_to_prepay_once_every_installment_is_paid():
    schedule = installment_schedule(D("5000.00"), 5, FIVE)
    with pytest.raises(InputError, match="nothing left to prepay"):
        prepayment(schedule, date(2026, 9, 1), 5, date(2030, 1, 1))


def test_a_leap_day_notice_runs_to_february_28_in_a_common_year():
    assert add_years(date(2028, 2, 29), 1) == date(2029, 2, 28)
