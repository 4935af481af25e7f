"""What a clerk types into a form (12/4/2026 as well as 2026-12-04, $1,234.50 as well as
1234.5) turned into the dates and amounts the register takes, or one sentence naming the field."""

from __future__ import annotations

import re
from datetime import date, time

from noticeclerk.clock import Clock
from noticeclerk.exceptions import InputError

# The villages are American: a day typed with slashes or hyphens is month, day, year.
# ASCII digits only: a day typed in full-width or Arabic-Indic digits is not taken for one.
_AMERICAN = re.compile(r"(?P<month>\d{1,2})[/-](?P<day>\d{1,2})[/-](?P<year>\d{2}|\d{4})", re.ASCII)
_ISO = re.compile(r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})", re.ASCII)


def typed_day(text: str, label: str, clock: Clock) -> date:
    """A day as a clerk types it, within the register's window around today."""
    cleaned = text.strip()
    if not cleaned:
        raise InputError(f"{label} is missing; type it as 12/4/2026 or 2026-12-04.")
    found = _ISO.fullmatch(cleaned) or _AMERICAN.fullmatch(cleaned)
    if found is None:
        raise InputError(f"{label} is '{cleaned}', not a date; type it as 12/4/2026 or 2026-12-04.")
    if len(found["year"]) == 2:
        # "12/4/26" could be 1926 or 2026: a legal record says which.
        raise InputError(f"{label} is '{cleaned}'; type the year in full, such as 12/4/2026.")
    try:
        day = date(int(found["year"]), int(found["month"]), int(found["day"]))
    except ValueError:
        raise InputError(
            f"{label} is '{cleaned}', which is not a day of the calendar (month, day, year)."
        ) from None
    clock.check_in_window(day, label)
    return day


_CLOCK = re.compile(
    r"(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?\s*(?P<half>a\.?\s?m\.?|p\.?\s?m\.?)?",
    re.I | re.ASCII,
)


def typed_time(text: str, label: str) -> time:
    """A time of day as a clerk types it: 10:15, 10:15 am, 2:30 p.m., 14:30."""
    cleaned = text.strip()
    found = _CLOCK.fullmatch(cleaned)
    if not cleaned or found is None or (found["minute"] is None and found["half"] is None):
        raise InputError(
            f"{label} is '{cleaned}', not a time of day; type it as 10:15 am or 14:30."
            if cleaned
            else f"{label} is missing; type it as 10:15 am or 14:30."
        )
    hour, minute = int(found["hour"]), int(found["minute"] or 0)
    half = (found["half"] or "").lower().replace(".", "").replace(" ", "")
    if half and not 1 <= hour <= 12:
        raise InputError(f"{label} is '{cleaned}': with am or pm the hour is 1 to 12.")
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    if hour > 23 or minute > 59:
        raise InputError(f"{label} is '{cleaned}', which is not a time of day.")
    return time(hour, minute)
