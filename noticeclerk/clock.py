"""The computer's clock, or a day the clerk fixes, turned into the moment a command acts at.

Numbering, "today" and what is due all read the time through one Clock, so a rehearsal, a
demonstration or a test can run on a fixed day whatever the real date is.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, tzinfo
from zoneinfo import ZoneInfo

from noticeclerk.exceptions import InputError

# A fixed day is read at 12:00 UTC: the same date in every village's zone (7:00 or 8:00 in
# New York, 6:00 or 7:00 in Wisconsin), and nowhere near a daylight-saving change.
FIXED_DAY_TIME = time(12, 0)

# How far from today a date the register keeps may be, in years either way, unless the clerk
# says otherwise (--date-window, or NOTICECLERK_DATE_WINDOW). Ten years back reaches any case
# still open or any record still kept (a lien, an unpaid bill); ten years on is far past any
# period an ordinance sets. A date outside is a slip of the keyboard (0001-01-01, 9999-12-31,
# 2062 for 2026), and would be numbered, counted from and printed as if it were meant.
DATE_WINDOW_YEARS = 10
DATE_WINDOW_VARIABLE = "NOTICECLERK_DATE_WINDOW"
# However wide the window, a date (and a day the clock is fixed at) stays a century inside the
# calendar Python counts in, so the day after a date, a deadline's day or a next year exists.
FIRST_DAY = date(date.min.year + 100, 1, 1)
LAST_DAY = date(date.max.year - 100, 12, 31)

# How a day and a moment are typed, here and in the commands' date options.
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?")


class Clock:
    """Tells the time: the computer's, or always the same fixed moment."""

    def __init__(
        self, fixed: datetime | None = None, *, window_years: int = DATE_WINDOW_YEARS
    ) -> None:
        if fixed is not None and fixed.tzinfo is None:
            raise ValueError("A fixed moment needs its time zone.")
        self.fixed = fixed
        self.window_years = window_years

    @classmethod
    def parse(
        cls, text: str, *, source: str = "--today", window_years: int = DATE_WINDOW_YEARS
    ) -> Clock:
        """A clock fixed at a day (read at 12:00 UTC) or a date and time (UTC without offset).

        `source` names where the text came from, for the one sentence a mistake prints.
        """
        cleaned = text.strip()
        fixed: datetime | None = None
        try:
            if DAY.fullmatch(cleaned):
                fixed = datetime.combine(date.fromisoformat(cleaned), FIXED_DAY_TIME, UTC)
            elif MOMENT.fullmatch(cleaned):
                moment = datetime.fromisoformat(cleaned.replace(" ", "T"))
                fixed = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        except ValueError:
            raise InputError(
                f"{source} is '{cleaned}', which is not a date that exists; "
                "write it YYYY-MM-DD, such as 2026-11-30."
            ) from None
        if fixed is not None and not FIRST_DAY <= fixed.date() <= LAST_DAY:
            raise InputError(
                f"{source} is '{cleaned}'; give a day from {FIRST_DAY.isoformat()} to "
                f"{LAST_DAY.isoformat()}."
            )
        if fixed is None:
            raise InputError(
                f"{source} is '{cleaned}', not a date; write YYYY-MM-DD, such as 2026-11-30, "
                "or YYYY-MM-DDTHH:MM for a moment (UTC unless an offset such as -05:00 follows)."
            )
        return cls(fixed, window_years=window_years)

    def now(self) -> datetime:
        """This moment, aware, in UTC."""
        if self.fixed is not None:
            return self.fixed.astimezone(UTC)
        return datetime.now(UTC)

    def today(self, zone: tzinfo | None = None) -> date:
        """Today's date in `zone`; without one, the day fixed, or the computer's own date."""
        if zone is not None:
            return self.now().astimezone(zone).date()
        if self.fixed is not None:
            return self.fixed.date()
        return self.now().astimezone().date()

    def window(self) -> tuple[date, date]:
        """The first and last day a register date may be: so many years either side of today."""
        today = self.today()
        return _years_on(today, -self.window_years), _years_on(today, self.window_years)

    def check_in_window(self, moment: date, what: str) -> date:
        """The day or moment, or InputError naming `what` when it lies outside the window."""
        day = moment.date() if isinstance(moment, datetime) else moment
        first, last = self.window()
        if not first <= day <= last:
            raise InputError(
                f"{what} is {moment.isoformat()[:16]}, more than {self.window_years} years from "
                f"today ({self.today().isoformat()}); give a date from {first.isoformat()} to "
                f"{last.isoformat()}, or, if it is right, widen the window with --date-window "
                f"YEARS (or {DATE_WINDOW_VARIABLE})."
            )
        return moment

    def __repr__(self) -> str:
        return f"Clock({self.fixed.isoformat()})" if self.fixed else "Clock(the computer's)"


def check_on_the_calendar(moment: date, what: str) -> date:
    """A date anything may hold (a case file's, which has no today to measure from), or
    InputError naming `what` when it lies within a century of the calendar's ends."""
    day = moment.date() if isinstance(moment, datetime) else moment
    if not FIRST_DAY <= day <= LAST_DAY:
        raise InputError(
            f"{what} is {moment.isoformat()[:16]}; a date must lie from {FIRST_DAY.isoformat()} "
            f"to {LAST_DAY.isoformat()}."
        )
    return moment


def _years_on(day: date, years: int) -> date:
    """The same day so many years on (February 29 becomes 28), kept a century inside the
    calendar."""
    year = day.year + years
    if year <= FIRST_DAY.year:
        return FIRST_DAY
    if year >= LAST_DAY.year:
        return LAST_DAY
    return day.replace(year=year, day=28 if (day.month, day.day) == (2, 29) else day.day)


def placed_in(zone: ZoneInfo, moment: datetime) -> datetime:
    """A date and time the clerk typed, on the village's clock (`zone`): one given with its UTC
    offset is that instant; one without is the village's clock time, refused where the clocks
    skip it and where they pass it twice (the offset says which was meant)."""
    if moment.tzinfo is not None:
        return moment.astimezone(zone)
    first = moment.replace(tzinfo=zone, fold=0)
    second = moment.replace(tzinfo=zone, fold=1)
    if first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != moment:
        raise InputError(
            f"{moment:%Y-%m-%d %H:%M} does not exist in {zone.key}: the clocks skip that hour."
        )
    if first.utcoffset() != second.utcoffset():
        raise InputError(
            f"{moment:%Y-%m-%d %H:%M} happens twice in {zone.key} as the clocks fall back; "
            f"add the UTC offset, such as {moment:%Y-%m-%dT%H:%M}{_offset(first)} or "
            f"{moment:%Y-%m-%dT%H:%M}{_offset(second)}."
        )
    return first


def _offset(moment: datetime) -> str:
    text = moment.strftime("%z")
    return f"{text[:3]}:{text[3:]}"
