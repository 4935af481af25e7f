"""What a clerk types into a form (12/4/2026 as well as 2026-12-04, $1,234.50 as well as
1234.5) turned into the dates and amounts the register takes, or one sentence naming the field."""

from __future__ import annotations

import re
from datetime import date

from noticeclerk.clock import Clock
from noticeclerk.exceptions import InputError

# The villages are American: a day typed with slashes or hyphens is month, day, year.
_AMERICAN = re.compile(r"(?P<month>\d{1,2})[/-](?P<day>\d{1,2})[/-](?P<year>\d{2}|\d{4})")
_ISO = re.compile(r"(?P<year>\d{4})-(?P<month>\d{1,2})-(?P<day>\d{1,2})")


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
