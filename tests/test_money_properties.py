"""Invariants of the money rules, checked on many generated cases (hypothesis)."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from noticeclerk.rules.apportion import (
    Lot,
    LotKind,
    Side,
    SidewalkWork,
    apportion_sidewalk,
    split_among_properties,
    split_by_count,
)
from noticeclerk.rules.installments import Rate, installment_schedule
from noticeclerk.rules.interest import payoff, simple_interest
from noticeclerk.rules.money import MAX_AMOUNT, split_by_weights, split_equally, to_cents

CENT = Decimal("0.01")

# Every amount a village could bill, up to the most it may (MAX_AMOUNT).
amounts = st.integers(min_value=0, max_value=int(MAX_AMOUNT * 100)).map(
    lambda cents: Decimal(cents).scaleb(-2)
)
positive_amounts = st.integers(min_value=1, max_value=10**9).map(
    lambda cents: Decimal(cents).scaleb(-2)
)
rates = st.integers(min_value=0, max_value=100_000).map(lambda bp: Decimal(bp).scaleb(-3))
measures = st.integers(min_value=0, max_value=10**7).map(lambda tenths: Decimal(tenths).scaleb(-1))
days = st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31))


@given(amounts, st.lists(measures, min_size=1, max_size=60).filter(lambda w: sum(w) > 0))
def test_every_weighted_split_adds_back_to_its_total(total, weights):
    shares = split_by_weights(total, weights)
    assert sum(shares) == total
    assert all(share >= 0 and share == share.quantize(CENT) for share in shares)
    whole = sum(Fraction(w) for w in weights)
    for share, weight in zip(shares, weights, strict=True):
        # Each share is within one cent of its exact proportional share.
        assert abs(Fraction(share) - Fraction(total) * Fraction(weight) / whole) < Fraction(1, 100)


@given(amounts, st.integers(min_value=1, max_value=500))
def test_equal_shares_add_back_and_differ_by_at_most_a_cent(total, count):
    shares = split_equally(total, count)
    assert sum(shares) == total
    assert max(shares) - min(shares) <= CENT
    # The odd cents go to the first properties: the shares never increase down the list.
    assert shares == sorted(shares, reverse=True)


@given(amounts, st.lists(st.text(min_size=1, max_size=8).map(str.strip), min_size=1, max_size=30))
def test_a_split_among_named_properties_adds_back(total, names):
    names = list(dict.fromkeys(name for name in names if name))
    if not names:
        return
    split = split_among_properties(total, names)
    assert split.owners_total == total
    assert [share.parcel for share in split.shares] == names


@given(amounts, st.integers(min_value=1, max_value=500))
def test_where_the_village_bears_the_odd_cents_no_owner_pays_more_than_the_quotient(total, count):
    split = split_by_count(total, count, "village")
    quotient = Fraction(total) / count
    assert all(Fraction(share.amount) <= quotient for share in split.shares)
    assert len({share.amount for share in split.shares}) == 1
    # The Village's line is what is left, less than a cent for each property.
    assert split.owners_total + split.village_total == total
    assert split.village_total < CENT * count


@given(
    amounts,
    st.sampled_from(list(SidewalkWork)),
    st.lists(st.integers(min_value=1, max_value=400), min_size=1, max_size=12),
    st.integers(min_value=0, max_value=500),
)
def test_every_sidewalk_apportionment_adds_back_to_the_project_cost(
    total, work, frontages, intersection
):
    lots = [
        Lot(str(n), LotKind.INTERIOR, (Side("Main St", feet=Decimal(f), walk_width_ft=Decimal(5)),))
        for n, f in enumerate(frontages)
    ]
    split = apportion_sidewalk(total, work, lots, intersection_sqft=Decimal(intersection))
    assert split.owners_total + split.village_total == total


@given(positive_amounts, rates, days, st.integers(0, 4000), st.integers(0, 4000))
def test_interest_grows_with_the_days(principal, rate, start, fewer, more):
    fewer, more = sorted((fewer, more))
    rate = Rate(rate, "given")
    early = simple_interest(principal, rate, start, start + timedelta(days=fewer))
    late = simple_interest(principal, rate, start, start + timedelta(days=more))
    assert early.amount <= late.amount


@given(positive_amounts, rates, days, st.integers(0, 4000))
def test_interest_is_the_exact_amount_rounded_once(principal, rate, start, length):
    interest = simple_interest(principal, Rate(rate, "given"), start, start + timedelta(length))
    exact = Fraction(principal) * Fraction(rate) / 100 * length / 365
    assert abs(Fraction(interest.amount) - exact) <= Fraction(1, 200)
    assert interest.amount == to_cents(exact)


@given(positive_amounts, rates, days, st.integers(0, 4000), amounts)
def test_a_payoff_is_principal_plus_interest_plus_costs(principal, rate, start, length, costs):
    owed = payoff(principal, Rate(rate, "given"), start, start + timedelta(length), costs)
    assert owed.total == principal + owed.interest.amount + costs


@given(amounts, st.integers(min_value=1, max_value=10), rates)
def test_the_installment_principals_add_up_to_the_principal(principal, years, rate):
    schedule = installment_schedule(principal, years, Rate(rate, "given"))
    parts = [i.principal for i in schedule.installments]
    assert sum(parts) == principal
    assert max(parts) - min(parts) <= CENT
    assert schedule.installments[-1].balance == 0
    assert all(i.payment == i.principal + i.interest for i in schedule.installments)
    # Interest is on the unpaid balance, so it never grows from one year to the next.
    interests = [i.interest for i in schedule.installments]
    assert interests == sorted(interests, reverse=True)
