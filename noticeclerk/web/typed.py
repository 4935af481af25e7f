"""What a clerk types into a form (12/4/2026 as well as 2026-12-04, $1,234.50 as well as
1234.5) turned into the dates and amounts the register takes, or one sentence naming the field."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

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


# A word after the time saying which of the hour the clocks pass twice is meant.
_ZONE_WORD = re.compile(
    r"(?P<time>.*?)\s+(?P<zone>[A-Za-z]{3,5}|daylight|standard)", re.I | re.ASCII
)
_HALVES = {"am", "pm", "a.m.", "p.m.", "a.m", "p.m"}


def typed_moment(day: date, text: str, label: str, zone: ZoneInfo) -> datetime:
    """A day and a time of day as a clerk types them, on the village's clock. In the hour the
    clocks pass twice (1:30 a.m. on the first Sunday of November) the clerk says which, as the
    clock on the wall said it: "1:30 am CDT" (the first, daylight time) or "1:30 am CST"."""
    cleaned = text.strip()
    found = _ZONE_WORD.fullmatch(cleaned)
    word = None
    if found is not None and found["zone"].lower() not in _HALVES:
        cleaned, word = found["time"], found["zone"]
    wall = datetime.combine(day, typed_time(cleaned, label))
    first, second = wall.replace(tzinfo=zone, fold=0), wall.replace(tzinfo=zone, fold=1)
    if first.astimezone(UTC).astimezone(zone).replace(tzinfo=None) != wall:
        raise InputError(
            f"{label}: {cleaned} on {day:%m/%d/%Y} does not exist on the village's clock "
            f"({zone.key}): the clocks skip that hour."
        )
    candidates = [first] if first.utcoffset() == second.utcoffset() else [first, second]
    if word is not None:
        chosen = [moment for moment in candidates if _called(moment, word)]
        if not chosen:
            names = " or ".join(sorted({str(moment.tzname()) for moment in candidates}))
            raise InputError(
                f"{label} is '{text.strip()}', but the village's clock ({zone.key}) reads "
                f"{names} then; leave the zone off, or give the one it read."
            )
        return chosen[0]
    if len(candidates) > 1:
        raise InputError(
            f"{label}: {cleaned} on {day:%m/%d/%Y} happens twice on the village's clock as the "
            f"clocks fall back; type {cleaned} {first.tzname()} for the first (daylight time) "
            f"or {cleaned} {second.tzname()} for the second (standard time)."
        )
    return first


def clock_text(moment: datetime) -> str:
    """A moment's time as a clerk types it back into `typed_moment` ("2:30 pm"); in the hour
    the clocks pass twice, with the clock's name that says which of the two it was."""
    hour = moment.hour % 12 or 12
    half = "am" if moment.hour < 12 else "pm"
    twice = moment.replace(fold=1 - moment.fold).utcoffset() != moment.utcoffset()
    return f"{hour}:{moment.minute:02d} {half}" + (f" {moment.tzname()}" if twice else "")


def _called(moment: datetime, word: str) -> bool:
    """Whether the clock at `moment` is the one the clerk named: its abbreviation, or
    daylight or standard time."""
    daylight = moment.dst() not in (None, timedelta(0))
    lowered = word.lower()
    if lowered == "daylight":
        return daylight
    if lowered == "standard":
        return not daylight
    return str(moment.tzname()).lower() == lowered
