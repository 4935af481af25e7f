"""Palmyra's equal annual installments of principal with interest on the unpaid balance."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.rules.installments import (
    DayCount,
    ElmTaxInterest,
    InstallmentDates,
    InterestCounting,
    Plan,
    Rate,
    Rounding,
    add_years,
    assessment_rate,
    check_dates,
    installment_schedule,
    prepayment,
)
from noticeclerk.rules.money import to_cents

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
    every = ElmTaxInterest.EVERY_INSTALLMENT
    schedule = installment_schedule(D("1200.00"), 4, rate, Plan.ELM_TAX, elm_tax_interest=every)
    assert [str(i.interest) for i in schedule.installments] == ["120.00", "90.00", "60.00", "30.00"]
    with pytest.raises(InputError, match=r"not more than 4 yearly installments \(Palmyra § 8\.15"):
        installment_schedule(D("1200.00"), 5, rate, Plan.ELM_TAX, elm_tax_interest=every)
    with pytest.raises(InputError, match="bears interest at 10%"):
        installment_schedule(D("1200.00"), 4, FIVE, Plan.ELM_TAX, elm_tax_interest=every)


def test_the_elm_tax_s_first_installment_bears_interest_only_as_the_village_reads_the_section():
    # § 8.15(6)(b): "Interest on the deferred payments": is the first installment deferred?
    rate = Plan.ELM_TAX.fixed_rate
    deferred = installment_schedule(
        D("1200.00"), 4, rate, Plan.ELM_TAX, elm_tax_interest=ElmTaxInterest.DEFERRED_INSTALLMENTS
    )
    assert [str(i.interest) for i in deferred.installments] == ["0.00", "90.00", "60.00", "30.00"]
    assert any("is not deferred, so it bears no interest" in str(s) for s in deferred.steps)
    with pytest.raises(InputError, match=r"\[installments\] elm_tax_interest"):
        installment_schedule(D("1200.00"), 4, rate, Plan.ELM_TAX)


# The Village's choices the ordinance leaves open, as a village file would declare them.
BY_THE_YEAR = InterestCounting(DayCount.YEARS_AND_DAYS_365, Rounding.HALF_UP, "declared")
BY_THE_DAY = InterestCounting(DayCount.ACTUAL_365, Rounding.HALF_UP, "declared")


def dated(notice: date, first_due: date, counting=BY_THE_YEAR, principal="5000.00", years=5):
    return installment_schedule(
        D(principal),
        years,
        FIVE,
        dates=InstallmentDates(notice, first_due),
        counting=counting,
    )


def test_the_first_installment_carries_interest_from_the_assessment_notice_to_its_due_date():
    # § 8.03(3)(b)3: "the installment shall include the interest commencing with date shown on
    # the Assessment Notice". Notice of September 15, 2026; due with the 2026 taxes on January
    # 31, 2027: 15 days left in September, then 31 + 30 + 31 + 31 days, 138 days in all.
    days = 15 + 31 + 30 + 31 + 31
    assert days == 138
    rate = assessment_rate(D("3.25"))  # 5.25%
    schedule = installment_schedule(
        D("2394.50"),
        8,
        rate,
        dates=InstallmentDates(date(2026, 9, 15), date(2027, 1, 31)),
        counting=BY_THE_YEAR,
    )
    by_hand = Fraction("2394.50") * Fraction("5.25") / 100 * Fraction(days, 365)  # 47.529...
    first = schedule.installments[0]
    assert (first.period.start, first.period.end, first.period.days) == (
        date(2026, 9, 15),
        date(2027, 1, 31),
        138,
    )
    assert first.interest == D("47.53") == to_cents(by_hand)
    assert first.payment == D("346.85")
    # Each later installment carries a year on the balance: 5.25% x $2,095.18 = $110.00.
    assert schedule.installments[1].interest == D("110.00")
    # A full year's interest on the first installment was $125.71; the plan now collects
    # $487.52 where it collected $565.70.
    assert schedule.total_interest == D("487.52")


def test_each_later_installment_runs_from_the_previous_due_date_to_its_own():
    schedule = dated(date(2026, 9, 1), date(2027, 1, 31))
    periods = [(i.period.start, i.period.end) for i in schedule.installments]
    assert periods[1:3] == [
        (date(2027, 1, 31), date(2028, 1, 31)),
        (date(2028, 1, 31), date(2029, 1, 31)),
    ]


def test_a_year_holding_a_leap_day_is_a_year_by_the_year_and_366_days_by_the_day():
    # Installment 3 runs January 31, 2028 to January 31, 2029: 366 days (February 29, 2028).
    by_year = dated(date(2026, 9, 1), date(2027, 1, 31)).installments[2]
    by_day = dated(date(2026, 9, 1), date(2027, 1, 31), BY_THE_DAY).installments[2]
    assert by_year.period.days == by_day.period.days == 366
    assert by_year.interest == D("150.00")  # $3,000 x 5% x 1 year
    assert by_day.interest == D("150.41")  # $3,000 x 5% x 366/365 = 150.4109...


def test_rounding_down_charges_no_fraction_of_a_cent():
    down = InterestCounting(DayCount.YEARS_AND_DAYS_365, Rounding.DOWN, "declared")
    # September 6, 2026 to January 31, 2027 is 147 days: $1,000 x 5% x 147/365 = 20.1369...
    exact = Fraction(1000) * 5 / 100 * Fraction(147, 365)
    half = dated(date(2026, 9, 6), date(2027, 1, 31), principal="1000.00", years=2)
    cut = dated(date(2026, 9, 6), date(2027, 1, 31), down, principal="1000.00", years=2)
    assert half.installments[0].period.days == 147
    assert half.installments[0].interest == to_cents(exact) == D("20.14")
    assert cut.installments[0].interest == D("20.13")


def test_a_first_due_date_not_after_the_notice_is_refused():
    with pytest.raises(InputError, match="is not after the date on the Assessment Notice"):
        check_dates(date(2027, 2, 10), date(2027, 1, 31))


def test_the_elm_tax_takes_no_assessment_notice_dates():
    with pytest.raises(InputError, match="states no date the special tax's interest runs from"):
        installment_schedule(
            D("1200.00"),
            4,
            Plan.ELM_TAX.fixed_rate,
            Plan.ELM_TAX,
            dates=InstallmentDates(date(2026, 9, 1), date(2027, 1, 31)),
            counting=BY_THE_YEAR,
        )


def test_prepaying_after_two_installments_pays_the_balance_with_interest_from_the_second_due_date():
    schedule = dated(date(2026, 9, 1), date(2027, 1, 1))
    early = prepayment(schedule, 2, date(2028, 7, 1))
    # $3,000 unpaid; the second installment carried interest to 2028-01-01; 182 days since.
    assert early.balance == D("3000.00")
    assert early.interest_from == date(2028, 1, 1)
    assert early.interest == D("74.79")
    assert early.total == D("3074.79")


def test_prepaying_before_any_installment_runs_interest_from_the_assessment_notice():
    early = prepayment(dated(date(2026, 9, 1), date(2027, 1, 31)), 0, date(2026, 12, 31))
    assert early.interest == D("82.88")  # 5000 x 5% x 121/365 = 82.8767...
    assert early.total == D("5082.88")


def test_prepaying_before_the_due_date_already_paid_adds_no_interest():
    early = prepayment(dated(date(2026, 9, 1), date(2027, 1, 31)), 1, date(2027, 1, 15))
    assert (early.balance, early.interest) == (D("4000.00"), D("0.00"))


def test_a_prepayment_needs_the_schedule_dates():
    with pytest.raises(InputError, match="give the date on the Assessment Notice"):
        prepayment(installment_schedule(D("5000.00"), 5, FIVE), 0, date(2026, 12, 31))


def test_nothing_is_left_to_prepay_once_every_installment_is_paid():
    schedule = dated(date(2026, 9, 1), date(2027, 1, 31))
    with pytest.raises(InputError, match="nothing left to prepay"):
        prepayment(schedule, 5, date(2031, 2, 1))


def test_a_leap_day_notice_runs_to_february_28_in_a_common_year():
    assert add_years(date(2028, 2, 29), 1) == date(2029, 2, 28)
