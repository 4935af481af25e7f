"""The clock a command reads: the computer's, or a day fixed with --today or NOTICECLERK_TODAY."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from noticeclerk.cli import cli
from noticeclerk.clock import Clock
from noticeclerk.exceptions import InputError


def test_a_fixed_day_is_read_at_noon_utc():
    assert Clock.parse("2027-03-01").now() == datetime(2027, 3, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "zone", ["America/New_York", "America/Chicago", "Pacific/Honolulu", "Asia/Tokyo"]
)
def test_a_fixed_day_is_the_same_date_in_every_village_s_zone(zone):
    assert Clock.parse("2027-03-14").today(ZoneInfo(zone)) == date(2027, 3, 14)


def test_a_fixed_date_and_time_without_an_offset_is_utc():
    assert Clock.parse("2027-03-01T09:30").now() == datetime(2027, 3, 1, 9, 30, tzinfo=UTC)


def test_a_fixed_date_and_time_keeps_its_offset_and_its_own_date():
    clock = Clock.parse("2027-03-01T22:00-05:00")
    assert clock.now() == datetime(2027, 3, 2, 3, 0, tzinfo=UTC)
    assert clock.today() == date(2027, 3, 1)
    assert clock.today(timezone(timedelta(hours=-5))) == date(2027, 3, 1)


def test_the_computer_s_clock_is_aware_utc_and_moves():
    clock = Clock()
    first = clock.now()
    assert first.tzinfo is UTC
    assert clock.now() >= first
    assert abs(clock.now() - datetime.now(UTC)) < timedelta(minutes=1)


def test_a_fixed_clock_tells_the_same_moment_every_time():
    clock = Clock.parse("2027-03-01")
    assert clock.now() == clock.now()


@pytest.mark.parametrize("text", ["2027-02-30", "tomorrow", "01/03/2027", "2027-3-1", ""])
def test_a_malformed_day_is_one_sentence_naming_where_it_came_from(text):
    with pytest.raises(InputError, match=r"^NOTICECLERK_TODAY is '.*', .*YYYY-MM-DD") as raised:
        Clock.parse(text, source="NOTICECLERK_TODAY")
    assert "\n" not in str(raised.value)


def test_a_malformed_today_option_is_one_sentence_and_exit_status_1(runner):
    result = runner.invoke(cli, ["--today", "2027-13-01", "calc", "holidays", "--village", "luck"])
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: --today is '2027-13-01', which is not a date that exists; "
        "write it YYYY-MM-DD, such as 2026-11-30."
    ]


def test_a_malformed_environment_variable_is_named_in_the_sentence(runner, monkeypatch):
    monkeypatch.setenv("NOTICECLERK_TODAY", "next tuesday")
    result = runner.invoke(cli, ["calc", "holidays", "--village", "luck"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: NOTICECLERK_TODAY is 'next tuesday', not a date;")
    assert "Traceback" not in result.output


def test_calc_holidays_lists_the_year_of_the_fixed_day_by_default(runner):
    result = runner.invoke(
        cli, ["--today", "2031-05-05", "calc", "holidays", "--jurisdiction", "NY"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Legal holidays and office closures in 2031, under New York")


def test_the_today_option_wins_over_the_environment_variable(runner, fixed_today):
    result = runner.invoke(
        cli, ["--today", "2030-01-02", "calc", "holidays", "--jurisdiction", "WI"]
    )
    assert fixed_today == "2026-11-30"
    assert "closures in 2030," in result.output
