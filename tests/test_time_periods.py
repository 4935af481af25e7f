"""Counting periods under N.Y. GCL §§ 20, 25-a, 30 and Wis. Stat. § 990.001(4)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Act, Closure, Jurisdiction, LegalCalendar, TwoDayPeriods
from noticeclerk.rules.periods import (
    Unit,
    add_months,
    count_business_days,
    count_days,
    count_hours,
    count_months,
    count_period,
    next_day_at,
    spell_time,
)

NY = LegalCalendar.for_state("NY")
WI = LegalCalendar.for_state("WI")
WI_SATURDAY_HOURS = LegalCalendar.for_state("WI", office_open_saturday=True)
WI_CLOCK_HOURS = LegalCalendar.for_state("WI", hours_skip_sundays_and_holidays=False)


@pytest.mark.parametrize(
    ("rule", "calendar", "start", "count", "expected"),
    [
        ("NY § 20: 7 days from Friday 2025-12-19", NY, date(2025, 12, 19), 7, date(2025, 12, 26)),
        (
            "NY § 25-a: raw Saturday July 4 moves to Monday",
            NY,
            date(2026, 6, 24),
            10,
            date(2026, 7, 6),
        ),
        ("WI (4)(b): raw Sunday moves to Monday", WI, date(2026, 7, 2), 10, date(2026, 7, 13)),
        (
            "WI (4)(c): raw Saturday moves on when the office is closed",
            WI,
            date(2026, 1, 3),
            7,
            date(2026, 1, 12),
        ),
        (
            "WI (4)(c): raw Saturday stands when the office keeps Saturday hours",
            WI_SATURDAY_HOURS,
            date(2026, 1, 3),
            7,
            date(2026, 1, 10),
        ),
        (
            "WI (4)(b),(c): Christmas Friday, then a closed Saturday, then Sunday",
            WI,
            date(2026, 12, 15),
            10,
            date(2026, 12, 28),
        ),
        (
            "NY § 20: a two-day period skips an intervening weekend",
            NY,
            date(2026, 1, 9),
            2,
            date(2026, 1, 13),
        ),
        (
            "NY § 20: a two-day period from Wednesday runs to Friday",
            NY,
            date(2026, 1, 7),
            2,
            date(2026, 1, 9),
        ),
        (
            "WI has no two-day rule: Friday plus 2 is Sunday, then Monday",
            WI,
            date(2026, 1, 9),
            2,
            date(2026, 1, 12),
        ),
        ("Luck § 496-2B: 60 days for sidewalk work", WI, date(2026, 5, 1), 60, date(2026, 6, 30)),
    ],
)
def test_day_periods_follow_the_statutes(rule, calendar, start, count, expected):
    assert count_days(calendar, start, count).due == expected, rule


NY_CALENDAR_DAYS = LegalCalendar.for_state("NY", two_day_periods=TwoDayPeriods.CALENDAR_DAYS)
NY_UNCHOSEN = LegalCalendar.for_state("NY", two_day_periods=None)


def test_two_days_read_as_calendar_days_count_the_weekend_and_end_on_monday():
    # Friday, January 9, 2026 + 2 is Sunday the 11th; § 25-a moves the last day to Monday.
    deadline = count_days(NY_CALENDAR_DAYS, date(2026, 1, 9), 2)
    assert deadline.due == date(2026, 1, 12)
    text = " ".join(str(step) for step in deadline.steps)
    assert 'counts a period of two days as calendar days (two_day_periods = "calendar_days")' in (
        text
    )
    assert "Sunday, January 11, 2026 is a Sunday" in text
    # Midweek the two readings agree.
    assert count_days(NY_CALENDAR_DAYS, date(2026, 1, 7), 2).due == date(2026, 1, 9)


def test_a_new_york_two_day_period_is_refused_until_the_village_chooses_how_to_count_it():
    with pytest.raises(InputError, match=r"\[calendar\] two_day_periods = \"gcl_20\" or"):
        count_days(NY_UNCHOSEN, date(2026, 1, 9), 2)
    # Any other period, and a Wisconsin period of two days, has nothing to choose.
    assert count_days(NY_UNCHOSEN, date(2026, 1, 9), 7).due == date(2026, 1, 16)
    assert count_days(WI, date(2026, 1, 9), 2).due == date(2026, 1, 12)


def test_a_deadline_explains_each_step_with_its_statute():
    deadline = count_days(NY, date(2026, 6, 24), 10)
    text = [str(step) for step in deadline.steps]
    assert "N.Y. Gen. Constr. Law § 20" in text[0]
    assert any("Saturday, July 4, 2026 is a Saturday and Independence Day" in t for t in text)
    assert text[-1] == (
        "The act may be done on the next business day, Monday, July 6, 2026. "
        "(N.Y. Gen. Constr. Law § 25-a)"
    )


def test_a_wisconsin_saturday_cites_paragraph_c_and_a_sunday_paragraph_b():
    saturday = [str(s) for s in count_days(WI, date(2026, 1, 3), 7).steps]
    assert any("(Wis. Stat. § 990.001(4)(c))" in s and "Saturday" in s for s in saturday)
    sunday = [str(s) for s in count_days(WI, date(2026, 7, 2), 10).steps]
    assert any("(Wis. Stat. § 990.001(4)(b))" in s and "Sunday" in s for s in sunday)


@pytest.mark.parametrize(
    ("rule", "calendar", "event", "count", "expected"),
    [
        ("NY: 3 days before Monday is Friday", NY, date(2026, 7, 6), 3, date(2026, 7, 3)),
        (
            "NY: 7 days before lands on July 4 and moves earlier",
            NY,
            date(2026, 7, 11),
            7,
            date(2026, 7, 3),
        ),
        (
            "Luck § 496-14: 7 days before a Sunday event, past July 4, to Friday",
            WI,
            date(2026, 7, 12),
            7,
            date(2026, 7, 3),
        ),
    ],
)
def test_periods_counted_back_move_earlier_never_later(rule, calendar, event, count, expected):
    assert count_days(calendar, event, count, before=True).due == expected, rule


@pytest.mark.parametrize(
    ("rule", "calendar", "start", "count", "expected"),
    [
        (
            "Tuckahoe § 19A-10: 5 business days across Thanksgiving",
            NY,
            date(2026, 11, 25),
            5,
            date(2026, 12, 3),
        ),
        (
            "Luck § 496-7H: next business day after Friday",
            WI,
            date(2026, 1, 9),
            1,
            date(2026, 1, 12),
        ),
        ("next business day after a Friday July 3", NY, date(2026, 7, 3), 1, date(2026, 7, 6)),
    ],
)
def test_business_days_skip_weekends_and_holidays(rule, calendar, start, count, expected):
    assert count_business_days(calendar, start, count).due == expected, rule


def test_a_village_closure_is_not_a_business_day_and_is_named():
    calendar = LegalCalendar.for_state(
        "NY", closures=(Closure(date(2026, 12, 24), "Christmas Eve"),)
    )
    deadline = count_business_days(calendar, date(2026, 12, 23), 1)
    assert deadline.due == date(2026, 12, 28)
    assert any(
        "Christmas Eve, a day the village office is closed" in str(s) for s in deadline.steps
    )


def test_tuckahoe_emergency_application_is_due_by_noon_of_the_next_business_day(eastern):
    # Tuckahoe § 19-75(b): "at or before 12:00 noon on the next following business day".
    deadline = count_business_days(NY, date(2026, 7, 3), 1, at=time(12, 0))
    assert deadline.due == datetime(2026, 7, 6, 12, 0, tzinfo=eastern)
    assert deadline.describe() == "Monday, July 6, 2026 at 12:00 noon EDT"


@pytest.mark.parametrize(
    ("rule", "calendar", "start", "count", "expected"),
    [
        ("NY § 30: same day-number", NY, date(2026, 3, 15), 1, date(2026, 4, 15)),
        (
            "NY § 30: last day of a shorter month, then § 25-a off Saturday",
            NY,
            date(2026, 1, 31),
            1,
            date(2026, 3, 2),
        ),
        ("WI: four months from a permit", WI, date(2026, 2, 28), 4, date(2026, 6, 29)),
        ("leap year keeps February 29", NY, date(2028, 1, 31), 1, date(2028, 2, 29)),
    ],
)
def test_month_periods_end_on_the_same_day_number_or_the_month_end(
    rule, calendar, start, count, expected
):
    assert count_months(calendar, start, count).due == expected, rule


@pytest.mark.parametrize("calendar", [WI, NY])
def test_a_term_that_runs_out_on_a_sunday_ends_that_sunday(calendar):
    """WI attorney review LU19-a: two years of guarantee from June 20, 2025 end on Sunday,
    June 20, 2027; the statutes move the last day for doing an act, and a guarantee is none."""
    term = count_months(calendar, date(2025, 6, 20), 24, act=Act.TERM)
    assert term.due == date(2027, 6, 20)
    assert "nothing is done on this one" in str(term.steps[-1])
    # The same period for an act by the Village moves to Monday.
    assert count_months(WI, date(2025, 6, 20), 24, act=Act.BY_THE_VILLAGE).due == date(2027, 6, 21)


def test_add_months_goes_back_as_well_as_forward():
    assert add_months(date(2026, 3, 31), -1) == date(2026, 2, 28)
    assert add_months(date(2026, 12, 15), 1) == date(2027, 1, 15)


def test_new_york_hours_run_by_the_clock_through_sunday(eastern):
    start = datetime(2026, 1, 11, 9, 0, tzinfo=eastern)  # a Sunday
    assert count_hours(NY, start, 4).due == datetime(2026, 1, 11, 13, 0, tzinfo=eastern)


def test_hours_are_real_hours_across_the_spring_clock_change(eastern):
    start = datetime(2026, 3, 8, 0, 30, tzinfo=eastern)
    due = count_hours(NY, start, 4).due
    assert due.astimezone(UTC) - start.astimezone(UTC) == timedelta(hours=4)
    assert (due.hour, due.minute, due.tzname()) == (5, 30, "EDT")


@pytest.mark.parametrize(
    ("rule", "start", "count", "expected"),
    [
        (
            "WI (4)(a): a notice delivered on Sunday runs from Monday's midnight",
            datetime(2026, 12, 20, 15, 0),
            2,
            datetime(2026, 12, 21, 2, 0),
        ),
        (
            "WI (4)(a): 24 hours from Saturday 10:00 leave out all of Sunday",
            datetime(2026, 12, 19, 10, 0),
            24,
            datetime(2026, 12, 21, 10, 0),
        ),
        (
            "WI (4)(a): Christmas Day is left out as a legal holiday",
            datetime(2026, 12, 24, 18, 0),
            24,
            datetime(2026, 12, 26, 18, 0),
        ),
        (
            "WI (4)(a): a weekday period runs by the clock",
            datetime(2026, 12, 22, 8, 0),
            2,
            datetime(2026, 12, 22, 10, 0),
        ),
    ],
)
def test_wisconsin_hours_leave_out_whole_sundays_and_holidays(
    rule, start, count, expected, central
):
    due = count_hours(WI, start.replace(tzinfo=central), count).due
    assert due == expected.replace(tzinfo=central), rule


def test_a_wisconsin_village_may_count_its_hours_by_the_clock(central):
    start = datetime(2026, 12, 20, 15, 0, tzinfo=central)
    assert count_hours(WI_CLOCK_HOURS, start, 2).due == datetime(
        2026, 12, 20, 17, 0, tzinfo=central
    )


def test_wisconsin_hours_counted_back_skip_sunday_too(central):
    # Luck § 496-7: notify the police 24 hours before excavation starting Monday 10:00.
    event = datetime(2026, 12, 21, 10, 0, tzinfo=central)
    due = count_hours(WI, event, 24, before=True).due
    assert due == datetime(2026, 12, 19, 10, 0, tzinfo=central)


@pytest.mark.parametrize(
    ("rule", "issued", "expected_day"),
    [
        (
            "Luck § 496-10B(2): issued Wednesday, due Thursday noon",
            date(2026, 12, 23),
            date(2026, 12, 24),
        ),
        (
            "Luck § 496-10B(2): the following day a Sunday, due Monday",
            date(2026, 12, 19),
            date(2026, 12, 21),
        ),
        (
            "Luck § 496-10B(2): the following day Christmas, due Monday",
            date(2026, 12, 24),
            date(2026, 12, 28),
        ),
    ],
)
def test_noon_of_the_day_following_the_notice(rule, issued, expected_day, central):
    deadline = next_day_at(WI, issued, time(12, 0))
    assert deadline.due == datetime.combine(expected_day, time(12, 0), tzinfo=central), rule


@pytest.mark.parametrize(
    ("moment", "words"),
    [
        (time(12, 0), "12:00 noon"),
        (time(0, 0), "12:00 midnight"),
        (time(11, 0), "11:00 a.m."),
        (time(18, 30), "6:30 p.m."),
    ],
)
def test_hours_are_spelled_as_the_ordinances_write_them(moment, words):
    assert spell_time(moment) == words


@pytest.mark.parametrize("count", [0, -3, 10_001])
def test_a_count_outside_what_any_ordinance_states_is_refused(count):
    with pytest.raises(InputError, match="number of days"):
        count_days(NY, date(2026, 1, 1), count)


def test_an_hour_period_needs_a_time_to_count_from():
    with pytest.raises(InputError, match="date and time"):
        count_period(NY, Unit.HOURS, 4, date(2026, 1, 1))


# Property tests: the invariants every deadline keeps, whatever the day and count.

days = st.dates(min_value=date(2021, 1, 1), max_value=date(2035, 12, 31))
calendars = st.sampled_from([NY, WI, WI_SATURDAY_HOURS])
counts = st.integers(min_value=1, max_value=400)


@settings(max_examples=300)
@given(calendar=calendars, start=days, count=counts)
def test_a_day_deadline_is_never_a_sunday_or_holiday_nor_before_the_raw_count(
    calendar, start, count
):
    due = count_days(calendar, start, count).due
    assert due.weekday() != 6
    assert calendar.legal_holiday(due) is None
    if calendar.jurisdiction is Jurisdiction.NY:
        assert due.weekday() != 5
    assert due >= start + timedelta(days=count)


@settings(max_examples=300)
@given(calendar=calendars, event=days, count=counts)
def test_a_backward_deadline_is_never_after_the_raw_count(calendar, event, count):
    due = count_days(calendar, event, count, before=True).due
    assert due <= event - timedelta(days=count)
    assert due.weekday() != 6
    assert calendar.legal_holiday(due) is None


@settings(max_examples=200)
@given(calendar=calendars, start=days, count=st.integers(min_value=1, max_value=60))
def test_a_business_day_deadline_is_a_business_day_and_the_count_is_exact(calendar, start, count):
    due = count_business_days(calendar, start, count).due
    assert calendar.is_business_day(due)
    between = [start + timedelta(days=n) for n in range(1, (due - start).days + 1)]
    assert sum(calendar.is_business_day(d) for d in between) == count


def _counted_time(calendar, start, end):
    """The time between two moments that lies on days Wisconsin does not leave out."""
    total = timedelta(0)
    day = start.date()
    while day <= end.date():
        opens = datetime.combine(day, time(0), tzinfo=calendar.timezone)
        closes = datetime.combine(day + timedelta(days=1), time(0), tzinfo=calendar.timezone)
        low, high = max(opens, start), min(closes, end)
        if high > low and not calendar.is_hour_excluded(day):
            total += high.astimezone(UTC) - low.astimezone(UTC)
        day += timedelta(days=1)
    return total


@settings(max_examples=200)
@given(
    start=st.datetimes(min_value=datetime(2021, 1, 1), max_value=datetime(2035, 12, 31)),
    count=st.integers(min_value=1, max_value=72),
    before=st.booleans(),
)
def test_wisconsin_hours_count_exactly_the_hours_outside_sundays_and_holidays(start, count, before):
    moment = start.replace(tzinfo=WI.timezone)
    due = count_hours(WI, moment, count, before=before).due
    low, high = (due, moment) if before else (moment, due)
    assert _counted_time(WI, low, high) == timedelta(hours=count)
    assert due.time() == time(0) or not WI.is_hour_excluded(due.date())


# --- Wis. Stat. § 990.001(4)(c): a closed-office Saturday moves only an act at an office --------


def test_work_in_the_field_ending_on_a_saturday_stays_on_the_saturday():
    # 7 days from Saturday, January 3, 2026 is Saturday, January 10.
    deadline = count_days(WI, date(2026, 1, 3), 7, act=Act.IN_THE_FIELD)
    assert deadline.due == date(2026, 1, 10)


def test_a_payment_at_the_office_ending_on_a_saturday_moves_to_monday():
    deadline = count_days(WI, date(2026, 1, 3), 7, act=Act.AT_OFFICE)
    assert deadline.due == date(2026, 1, 12)


def test_the_explanation_says_why_a_saturday_did_not_move_work_in_the_field():
    steps = [str(step) for step in count_days(WI, date(2026, 1, 3), 7, act=Act.IN_THE_FIELD).steps]
    assert steps[2] == (
        "Saturday, January 10, 2026 is a Saturday, when the village office keeps no hours, but "
        "that does not move the last day: work in the field (on the premises, a sidewalk, a "
        "street or a tree) is not a payment, service or filing at the village office, and a "
        "Saturday moves only those. (Wis. Stat. § 990.001(4)(c))"
    )
    assert steps[-1] == "The period may end on Saturday, January 10, 2026."


def test_the_explanation_says_why_a_saturday_moved_a_payment_at_the_office():
    steps = [str(step) for step in count_days(WI, date(2026, 1, 3), 7, act=Act.AT_OFFICE).steps]
    assert steps[2] == (
        "Saturday, January 10, 2026 is a Saturday (the village office, where the payment, "
        "service or filing is made, keeps no Saturday hours). (Wis. Stat. § 990.001(4)(c))"
    )


def test_a_sunday_still_moves_work_in_the_field_to_the_next_secular_day():
    # § 990.001(4)(b) reaches every act: Sunday, July 12, 2026 moves to Monday.
    assert count_days(WI, date(2026, 7, 2), 10, act=Act.IN_THE_FIELD).due == date(2026, 7, 13)


def test_a_holiday_friday_moves_work_in_the_field_to_the_saturday_after_it():
    deadline = count_days(WI, date(2026, 12, 15), 10, act=Act.IN_THE_FIELD)
    assert deadline.due == date(2026, 12, 26)
    assert deadline.steps[-1].text == (
        "The act may be done on the next secular day, Saturday, December 26, 2026."
    )


def test_an_act_of_the_village_ending_on_a_saturday_stays_on_it():
    deadline = count_months(WI, date(2026, 1, 31), 1, act=Act.BY_THE_VILLAGE)
    assert deadline.due == date(2026, 2, 28)
    assert "an act of the Village's own officers or Board" in deadline.steps[1].text


def test_a_village_closure_moves_a_payment_but_not_work_in_the_field():
    calendar = LegalCalendar.for_state(
        "WI", closures=(Closure(date(2026, 12, 24), "Christmas Eve closure"),)
    )
    assert count_days(calendar, date(2026, 12, 14), 10, act=Act.AT_OFFICE).due == date(2026, 12, 28)
    field = count_days(calendar, date(2026, 12, 14), 10, act=Act.IN_THE_FIELD)
    assert field.due == date(2026, 12, 24)
    assert "Christmas Eve closure, a day the village office is closed, but that does not move" in (
        field.steps[2].text
    )


def test_a_saturday_the_office_keeps_open_moves_no_act_and_needs_no_reason():
    deadline = count_days(WI_SATURDAY_HOURS, date(2026, 1, 3), 7, act=Act.IN_THE_FIELD)
    assert deadline.due == date(2026, 1, 10)
    assert (
        deadline.steps[-1].text
        == "Saturday, January 10, 2026 is a day on which the period may end."
    )


def test_a_bill_payable_by_mail_moves_off_the_observed_federal_independence_day():
    # 10 days from June 23, 2026 is Friday, July 3: federal offices and the post office keep
    # Independence Day (a Saturday) that Friday; Wisconsin keeps it on the Saturday itself.
    by_mail = count_days(WI, date(2026, 6, 23), 10, act=Act.AT_OFFICE_OR_BY_MAIL)
    assert by_mail.due == date(2026, 7, 6)
    assert "the postal sentence of Wis. Stat. § 990.001(4)" in by_mail.steps[2].text
    assert count_days(WI, date(2026, 6, 23), 10, act=Act.AT_OFFICE).due == date(2026, 7, 3)


def test_new_york_moves_a_saturday_whatever_the_act():
    # N.Y. GCL § 25-a: "When any period of time ... ends on a Saturday ... such act may be done
    # on the next succeeding business day"; it draws no line between office and field. A term
    # that runs out is no act, and ends that Saturday.
    for act in Act:
        expected = date(2026, 1, 10) if act is Act.TERM else date(2026, 1, 12)
        assert count_days(NY, date(2026, 1, 3), 7, act=act).due == expected
