"""What a clerk types at the counter, turned into explained answers from the rules."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time
from pathlib import Path

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Closure, Holiday, Jurisdiction, LegalCalendar
from noticeclerk.rules.periods import Deadline, Unit, count_period
from noticeclerk.villages import load_village


@dataclass(frozen=True)
class Place:
    """Whose rules of time an answer follows: a village's, or a state's alone."""

    calendar: LegalCalendar
    label: str


def place_for(
    village: str | None,
    jurisdiction: str | None,
    *,
    office_open_saturday: bool = False,
    workspace: Path | None = None,
) -> Place:
    """The calendar of a named village, or of a state with no village closures."""
    if village and jurisdiction:
        raise InputError(
            "Give --village or --jurisdiction, not both: a village brings its own state."
        )
    if village:
        found = load_village(village, workspace)
        calendar = found.calendar
        if office_open_saturday:
            calendar = replace(calendar, office_open_saturday=True)
        label = f"{found.name} ({found.state.state_name} law, {calendar.timezone.key})"
    elif jurisdiction:
        try:
            state = Jurisdiction(jurisdiction.upper())
        except ValueError:
            raise InputError(
                f"Unknown jurisdiction '{jurisdiction}'; use NY (New York) or WI (Wisconsin)."
            ) from None
        calendar = LegalCalendar.for_state(state, office_open_saturday=office_open_saturday)
        label = f"{state.state_name} law ({calendar.timezone.key})"
    else:
        raise InputError("Say whose rules apply: give --village NAME or --jurisdiction NY|WI.")
    if office_open_saturday and calendar.jurisdiction is not Jurisdiction.WI:
        raise InputError("--office-open-saturday applies only in Wisconsin (§ 990.001(4)(c)).")
    return Place(calendar, label)


def localize(calendar: LegalCalendar, moment: datetime) -> datetime:
    """A date-time the clerk typed, placed in the village's zone; refuses impossible clock times."""
    if moment.tzinfo is not None:
        return moment.astimezone(calendar.timezone)
    zone = calendar.timezone
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


def deadline_at_counter(
    place: Place,
    start: date | datetime,
    unit: Unit,
    count: int,
    *,
    before: bool = False,
    at: time | None = None,
) -> Deadline:
    """Count one period from what the clerk typed."""
    if unit is Unit.HOURS and not isinstance(start, datetime):
        raise InputError(
            "A period in hours counts from a moment: give --from as a date and time, "
            "such as 2026-01-10T14:30."
        )
    if isinstance(start, datetime):
        start = localize(place.calendar, start)
    return count_period(place.calendar, unit, count, start, before=before, at=at)


def holidays_at_counter(place: Place, year: int) -> list[Holiday | Closure]:
    """The year's legal holidays and the village's own closures, in date order."""
    if not 1900 <= year <= 2200:
        raise InputError(f"Give a year from 1900 to 2200; got {year}.")
    days: list[Holiday | Closure] = list(place.calendar.legal_holidays(year).values())
    days += [c for c in place.calendar.closures if c.day.year == year]
    return sorted(days, key=lambda entry: entry.day)
