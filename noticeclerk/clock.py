"""The computer's clock, or a day the clerk fixes, turned into the moment a command acts at.

Numbering, "today" and what is due all read the time through one Clock, so a rehearsal, a
demonstration or a test can run on a fixed day whatever the real date is.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, tzinfo

from noticeclerk.exceptions import InputError

# A fixed day is read at 12:00 UTC: the same date in every village's zone (7:00 or 8:00 in
# New York, 6:00 or 7:00 in Wisconsin), and nowhere near a daylight-saving change.
FIXED_DAY_TIME = time(12, 0)

# How a day and a moment are typed, here and in the commands' date options.
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?")


class Clock:
    """Tells the time: the computer's, or always the same fixed moment."""

    def __init__(self, fixed: datetime | None = None) -> None:
        if fixed is not None and fixed.tzinfo is None:
            raise ValueError("A fixed moment needs its time zone.")
        self.fixed = fixed

    @classmethod
    def parse(cls, text: str, *, source: str = "--today") -> Clock:
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
        if fixed is None:
            raise InputError(
                f"{source} is '{cleaned}', not a date; write YYYY-MM-DD, such as 2026-11-30, "
                "or YYYY-MM-DDTHH:MM for a moment (UTC unless an offset such as -05:00 follows)."
            )
        return cls(fixed)

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

    def __repr__(self) -> str:
        return f"Clock({self.fixed.isoformat()})" if self.fixed else "Clock(the computer's)"
