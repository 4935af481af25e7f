"""Moments typed at the desk on the village's clock (issue 19): the hour the clocks skip is
refused, and in the hour they pass twice the clerk says which, as the wall clock read it."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from noticeclerk.exceptions import InputError
from noticeclerk.web.typed import typed_moment

NEW_YORK = ZoneInfo("America/New_York")
FALL_BACK = date(2026, 11, 1)


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def typed(day: date, text: str) -> str:
    """The moment as the register is given it: its offset says which of a repeated hour."""
    return typed_moment(day, text, "t", NEW_YORK).isoformat()


def test_an_ordinary_time_needs_no_zone_and_takes_the_right_one():
    assert typed_moment(date(2026, 12, 4), "10:15 am", "The time", NEW_YORK) == utc(
        "2026-12-04T15:15"
    )
    assert typed_moment(date(2026, 12, 4), "2:30 p.m. EST", "The time", NEW_YORK) == utc(
        "2026-12-04T19:30"
    )


def test_the_hour_passed_twice_asks_which_and_takes_either_by_its_clocks_name():
    with pytest.raises(InputError) as asked:
        typed_moment(FALL_BACK, "1:30 am", "Time served", NEW_YORK)
    assert str(asked.value) == (
        "Time served: 1:30 am on 11/01/2026 happens twice on the village's clock as the clocks "
        "fall back; type 1:30 am EDT for the first (daylight time) or 1:30 am EST for the "
        "second (standard time)."
    )
    assert typed(FALL_BACK, "1:30 am EDT") == "2026-11-01T01:30:00-04:00"
    assert typed(FALL_BACK, "1:30 am est") == "2026-11-01T01:30:00-05:00"
    assert typed(FALL_BACK, "1:30 am standard") == "2026-11-01T01:30:00-05:00"
    assert typed(FALL_BACK, "01:30 daylight") == "2026-11-01T01:30:00-04:00"


def test_a_skipped_hour_or_a_zone_the_clock_did_not_read_is_refused():
    with pytest.raises(InputError, match="the clocks skip that hour"):
        typed_moment(date(2026, 3, 8), "2:30 am", "The time", NEW_YORK)
    with pytest.raises(InputError, match="reads EST then"):
        typed_moment(date(2026, 12, 4), "10:15 am EDT", "The time", NEW_YORK)
    with pytest.raises(InputError, match="reads EST then"):
        typed_moment(date(2026, 12, 4), "10:15 am PST", "The time", NEW_YORK)


def test_a_moment_is_typed_back_as_it_reads_and_reads_as_the_same_moment():
    from noticeclerk.web.typed import clock_text

    for text in ("1:30 am EDT", "1:30 am EST", "2:30 pm", "12:05 am"):
        day = FALL_BACK if "E" in text else date(2026, 12, 4)
        moment = typed_moment(day, text, "t", NEW_YORK)
        assert clock_text(moment) == text
        assert typed_moment(day, clock_text(moment), "t", NEW_YORK).isoformat() == (
            moment.isoformat()
        )
