"""The legal calendars against the statutes' own lists (N.Y. GCL § 24, Wis. Stat. § 995.20)."""

from __future__ import annotations

from datetime import date

import holidays
import pytest

from noticeclerk.rules.calendars import (
    Closure,
    Holiday,
    Jurisdiction,
    LegalCalendar,
    federal_postal_holidays,
    general_election_day,
    new_york_public_holidays,
    wisconsin_legal_holidays,
)

NEW_YORK_2026 = {
    date(2026, 1, 1): "New Year's Day",
    date(2026, 1, 19): "Dr. Martin Luther King, Jr. Day",
    date(2026, 2, 12): "Lincoln's Birthday",
    date(2026, 2, 16): "Washington's Birthday",
    date(2026, 5, 25): "Memorial Day",
    date(2026, 6, 14): "Flag Day",
    date(2026, 6, 19): "Juneteenth",
    date(2026, 7, 4): "Independence Day",
    date(2026, 9, 7): "Labor Day",
    date(2026, 10, 12): "Columbus Day",
    date(2026, 11, 3): "General Election Day",
    date(2026, 11, 11): "Veterans' Day",
    date(2026, 11, 26): "Thanksgiving Day",
    date(2026, 12, 25): "Christmas Day",
}

WISCONSIN_2026 = {
    date(2026, 1, 1): "New Year's Day",
    date(2026, 1, 19): "Martin Luther King, Jr. Day",
    date(2026, 2, 16): "Washington-Lincoln Day",
    date(2026, 5, 25): "Memorial Day",
    date(2026, 6, 19): "Juneteenth Day",
    date(2026, 7, 4): "Independence Day",
    date(2026, 9, 7): "Labor Day",
    date(2026, 10, 12): "Columbus Day",
    date(2026, 11, 3): "General Election Day",
    date(2026, 11, 11): "Veterans Day",
    date(2026, 11, 26): "Thanksgiving Day",
    date(2026, 12, 25): "Christmas Day",
}


def test_new_york_2026_has_exactly_the_section_24_days():
    found = new_york_public_holidays(2026)
    assert {day: h.name for day, h in found.items()} == NEW_YORK_2026
    assert all(h.authority == "N.Y. Gen. Constr. Law § 24" for h in found.values())


def test_wisconsin_2026_has_exactly_the_section_995_20_days():
    found = wisconsin_legal_holidays(2026)
    assert {day: h.name for day, h in found.items()} == WISCONSIN_2026


@pytest.mark.parametrize(
    ("rule", "state", "day", "is_holiday"),
    [
        ("NY § 24: Christmas on a Sunday is kept on the Monday", "NY", date(2022, 12, 26), True),
        ("NY § 24: New Year's Day on a Sunday is kept on the Monday", "NY", date(2023, 1, 2), True),
        ("NY § 24: Flag Day on Sunday is not moved", "NY", date(2026, 6, 15), False),
        ("NY § 24: a Saturday holiday is not moved to Friday", "NY", date(2026, 7, 3), False),
        ("NY § 24: general election day every year, odd ones too", "NY", date(2025, 11, 4), True),
        ("NY § 24: Lincoln's Birthday is a holiday", "NY", date(2025, 2, 12), True),
        ("WI § 995.20: Lincoln's Birthday is not a holiday", "WI", date(2025, 2, 12), False),
        ("WI § 995.20: no general election in odd years", "WI", date(2025, 11, 4), False),
        ("WI § 995.20: general election in even years", "WI", date(2028, 11, 7), True),
        ("WI § 995.20: a Sunday holiday is kept on Monday", "WI", date(2027, 7, 5), True),
        ("WI § 995.20: a Saturday holiday is not moved to Friday", "WI", date(2026, 7, 3), False),
        ("WI § 995.20: December 24 is not a legal holiday", "WI", date(2026, 12, 24), False),
        ("WI § 995.20: Columbus Day is a legal holiday", "WI", date(2027, 10, 11), True),
    ],
)
def test_each_statutory_holiday_rule(rule, state, day, is_holiday):
    calendar = LegalCalendar.for_state(state)
    assert (calendar.legal_holiday(day) is not None) is is_holiday, rule


def test_general_election_day_is_the_tuesday_after_the_first_monday_of_november():
    # November 1 on a Tuesday: the first Monday is the 7th, so the election is the 8th.
    assert general_election_day(2022) == date(2022, 11, 8)
    assert general_election_day(2026) == date(2026, 11, 3)


def test_designated_days_and_closures_join_the_calendar():
    primary = Holiday(date(2026, 8, 11), "Partisan primary election day", "Wis. Stat. § 995.20")
    closure = Closure(date(2026, 12, 24), "Christmas Eve")
    calendar = LegalCalendar.for_state("WI", designated_holidays=(primary,), closures=(closure,))
    assert calendar.legal_holiday(date(2026, 8, 11)) == primary
    assert not calendar.is_business_day(date(2026, 12, 24))
    assert "village office is closed" in calendar.why_not_business_day(date(2026, 12, 24))
    assert calendar.legal_holiday(date(2026, 12, 24)) is None


def test_saturday_blocks_a_wisconsin_period_only_when_the_office_is_closed(
    wisconsin, wisconsin_open_saturday
):
    saturday = date(2026, 1, 10)
    assert "Saturday" in wisconsin.why_not_secular_day(saturday)
    assert wisconsin_open_saturday.why_not_secular_day(saturday) is None


# Where the `holidays` package (a cross-check only) differs from the statutes, on purpose:
# - it moves Saturday holidays to Friday ("(observed)" on a Friday); neither state does;
# - it lists Susan B. Anthony Day (February 15), Christmas Eve and New Year's Eve, which are
#   not legal holidays under § 24 or § 995.20;
# - it leaves out New York's Flag Day (a Sunday, so harmless), and Wisconsin's Columbus Day
#   and general election day, which § 995.20 names.
PACKAGE_ONLY_NAMES = ("Susan B. Anthony Day", "Christmas Eve", "New Year's Eve")
OURS_ONLY_NAMES = {"NY": ("Flag Day",), "WI": ("Columbus Day", "General Election Day")}


@pytest.mark.parametrize("state", ["NY", "WI"])
# From 2021: the package has no Juneteenth before it became a federal holiday.
@pytest.mark.parametrize("year", range(2021, 2036))
def test_the_holidays_package_differs_only_where_written_down(state, year):
    ours = LegalCalendar.for_state(state).legal_holidays(year)
    package = holidays.US(subdiv=state, years=year)
    for day, name in package.items():
        if day in ours:
            continue
        saturday_moved_to_friday = "(observed)" in name and day.weekday() == 4
        assert saturday_moved_to_friday or any(n in name for n in PACKAGE_ONLY_NAMES), (day, name)
    for day, holiday in ours.items():
        if day not in package:
            assert holiday.name.startswith(OURS_ONLY_NAMES[state]), (day, holiday.name)


def test_jurisdiction_names_its_state_and_zone():
    assert Jurisdiction.NY.state_name == "New York"
    assert Jurisdiction.WI.default_timezone.key == "America/Chicago"


def test_federal_offices_keep_a_saturday_holiday_on_the_friday_before():
    days = federal_postal_holidays(2027)
    assert days[date(2027, 6, 18)] == "Juneteenth National Independence Day (observed on Friday)"
    assert days[date(2027, 12, 24)] == "Christmas Day (observed on Friday)"
    # New Year's Day 2028 is a Saturday: kept on Friday, December 31, 2027.
    assert days[date(2027, 12, 31)] == "New Year's Day (observed on Friday)"
    assert date(2028, 1, 1) not in federal_postal_holidays(2028)


@pytest.mark.parametrize("year", range(2026, 2031))
def test_the_federal_days_match_the_holidays_package_observed_list(year):
    # The package lists a Saturday holiday on its day and again, observed, on the Friday; the
    # days federal offices and the postal service close are the observed ones and the holidays
    # that fall on a weekday.
    listed = holidays.US(years=[year - 1, year, year + 1], observed=True)
    closed = {
        day
        for day, name in listed.items()
        if day.year == year and day.weekday() < 5 and "Inauguration" not in name
    }
    assert set(federal_postal_holidays(year)) == closed
