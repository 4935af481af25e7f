"""Periods of days, business days, months and hours, turned into deadlines with their reasons.

New York counts under the General Construction Law (§ 20 days, § 25-a the last day, § 30
months); Wisconsin under Wis. Stat. § 990.001(4). Every deadline carries the steps that
produced it, each with the statute behind it, so a notice and the clerk can show why.
"""

from __future__ import annotations

import calendar as gregorian
import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import ParamSpec, TypeVar

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import Act, Jurisdiction, LegalCalendar, TwoDayPeriods

NY_GCL_20 = "N.Y. Gen. Constr. Law § 20"
NY_GCL_25A = "N.Y. Gen. Constr. Law § 25-a"
NY_GCL_30 = "N.Y. Gen. Constr. Law § 30"
WI_4A = "Wis. Stat. § 990.001(4)(a)"
WI_4B = "Wis. Stat. § 990.001(4)(b)"
WI_4C = "Wis. Stat. § 990.001(4)(c)"
WI_4D = "Wis. Stat. § 990.001(4)(d)"
WI_MONTH = 'Wis. Stat. § 990.01 ("month" means a calendar month)'

# Far beyond any period in the ordinances, and small enough that a walk day by day stays quick.
MAX_COUNT = 10_000


class Unit(StrEnum):
    """The units a period can be stated in."""

    DAYS = "days"
    BUSINESS_DAYS = "business_days"
    MONTHS = "months"
    HOURS = "hours"

    @property
    def words(self) -> str:
        return self.value.replace("_", " ")


@dataclass(frozen=True)
class Step:
    """One step of a deadline's reasoning and the law or ordinance behind it."""

    text: str
    authority: str | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.authority})" if self.authority else self.text


@dataclass(frozen=True)
class Deadline:
    """When an act is due: a whole day, or an aware date-time when an hour is set."""

    due: date | datetime
    steps: tuple[Step, ...]

    @property
    def has_time(self) -> bool:
        return isinstance(self.due, datetime)

    def describe(self) -> str:
        """The deadline in words: "Friday, December 26, 2025" or with its hour and zone."""
        if isinstance(self.due, datetime):
            return spell_datetime(self.due)
        return spell_date(self.due)

    def to_json(self) -> dict[str, object]:
        return {"deadline": self.due.isoformat(), "steps": [str(step) for step in self.steps]}

    def then(self, *steps: Step) -> Deadline:
        """The same deadline with further steps of reasoning appended."""
        return Deadline(self.due, self.steps + steps)


def spell_date(day: date) -> str:
    """A date as a clerk writes it: "Friday, December 26, 2025"."""
    return f"{day:%A, %B} {day.day}, {day.year}"


def spell_time(moment: time) -> str:
    """An hour as the ordinances write it: "11:00 a.m.", "12:00 noon", "6:00 p.m."."""
    if (moment.hour, moment.minute) == (12, 0):
        return "12:00 noon"
    if (moment.hour, moment.minute) == (0, 0):
        return "12:00 midnight"
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"


def spell_datetime(moment: datetime) -> str:
    """A moment in its own zone: "Saturday, January 3, 2026 at 11:00 a.m. EST"."""
    return f"{spell_date(moment.date())} at {spell_time(moment.time())} {moment.tzname()}"


def check_count(count: int, unit: Unit) -> None:
    """Refuse counts that no ordinance states: zero, negative, or absurdly large."""
    if isinstance(count, bool) or not isinstance(count, int):
        raise InputError(f"The number of {unit.words} must be a whole number; got {count!r}.")
    if count < 1:
        raise InputError(f"The number of {unit.words} must be at least 1; got {count}.")
    if count > MAX_COUNT:
        raise InputError(f"The number of {unit.words} must be at most {MAX_COUNT:,}; got {count}.")


P = ParamSpec("P")
R = TypeVar("R")


def on_the_calendar(count: Callable[P, R]) -> Callable[P, R]:
    """A way of counting a period, made to end in one sentence when the period would run past
    the calendar Python counts in (January 1 of year 1 to December 31, 9999): counting a day
    from 9999-12-31 raised OverflowError, and a month from it ValueError, as tracebacks."""

    @functools.wraps(count)
    def counted(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return count(*args, **kwargs)
        except OverflowError:
            pass
        except ValueError as error:
            if "out of range" not in str(error):
                raise
        anchor = next((a for a in [*args, *kwargs.values()] if isinstance(a, date)), None)
        start = f" counted from {anchor.isoformat()[:16]}" if anchor is not None else ""
        raise InputError(
            f"The period{start} would end outside the calendar that can be counted in "
            f"(years {date.min.year} to {date.max.year}); check the date it counts from."
        )

    return counted


def _step_by(before: bool) -> timedelta:
    return timedelta(days=-1 if before else 1)


def _closing_rule(calendar: LegalCalendar, act: Act | None) -> Callable[[date], str | None]:
    """Why a period may not end on a day, under the village's state law; None if it may.

    New York's § 25-a moves the last day of any act off a Saturday, Sunday or public holiday,
    so the kind of act matters only in Wisconsin.
    """
    if calendar.jurisdiction is Jurisdiction.NY:
        return calendar.why_not_business_day
    return lambda day: calendar.why_not_secular_day(day, act)


def _wisconsin_authority(reason: str) -> str:
    if reason.startswith("a Saturday") and "legal holiday" not in reason:
        return WI_4C
    return WI_4B


def settle_last_day(
    calendar: LegalCalendar, day: date, *, before: bool, act: Act | None = None
) -> tuple[date, list[Step]]:
    """Move a period's last day off a day on which it may not end, and say why.

    Forward periods move to the next day allowed (N.Y. GCL § 25-a; Wis. Stat.
    § 990.001(4)(b), (c)); a term that runs out (`Act.TERM`) never moves. Periods counted
    back from an event ("at least N days before") move earlier, never later, so the time the
    law guarantees is never cut short. In
    Wisconsin a Saturday moves only an act at the office (`Act`); for any other act the
    explanation says why the Saturday stays.
    """
    if act is Act.TERM:
        law = (
            "N.Y. GCL § 25-a"
            if calendar.jurisdiction is Jurisdiction.NY
            else "Wis. Stat. § 990.001(4)"
        )
        return day, [
            Step(
                f"The period is {act.words}: {law} moves the last day for doing an act, and "
                f"nothing is done on this one, so it ends on {spell_date(day)}, whatever day "
                "that is."
            )
        ]
    why_not = _closing_rule(calendar, act)
    steps: list[Step] = []
    reason = why_not(day)
    if reason is None:
        stays = _why_it_stays(calendar, day, act)
        if stays:
            return day, [stays, Step(f"The period may end on {spell_date(day)}.")]
        return day, [Step(f"{spell_date(day)} is a day on which the period may end.")]
    authorities = set()
    while reason is not None:
        # New York has one rule for every such day; Wisconsin's (b) covers Sundays and
        # holidays and (c) Saturdays when the office is shut, so each day names its own.
        authority = (
            None if calendar.jurisdiction is Jurisdiction.NY else _wisconsin_authority(reason)
        )
        authorities.add(authority)
        steps.append(Step(f"{spell_date(day)} is {reason}.", authority))
        day += _step_by(before)
        reason = why_not(day)
    stays = _why_it_stays(calendar, day, act)
    if stays:
        steps.append(stays)
    if before:
        steps.append(
            Step(
                f"A period counted back from an event moves earlier, never later, so the time "
                f"it guarantees is not cut short: the last day is {spell_date(day)}."
            )
        )
    elif calendar.jurisdiction is Jurisdiction.NY:
        steps.append(
            Step(f"The act may be done on the next business day, {spell_date(day)}.", NY_GCL_25A)
        )
    elif authorities == {WI_4C}:
        steps.append(
            Step(
                f"The act may be done on the next day that is not a Sunday or legal holiday, "
                f"{spell_date(day)}.",
                WI_4C,
            )
        )
    else:
        steps.append(
            Step(f"The act may be done on the next secular day, {spell_date(day)}.", WI_4B)
        )
    return day, steps


def _why_it_stays(calendar: LegalCalendar, day: date, act: Act | None) -> Step | None:
    """A Wisconsin Saturday or closure that would move an act at the office, and why it does
    not move this one."""
    if calendar.jurisdiction is not Jurisdiction.WI:
        return None
    why = calendar.why_not_moved(day, act)
    if why is None:
        return None
    # Only paragraph (c) speaks of Saturdays; a closure is the village's own, so no statute.
    return Step(f"{spell_date(day)} is {why}.", WI_4C if "a Saturday" in why else None)


def _at_hour(calendar: LegalCalendar, day: date, at: time | None, steps: list[Step]) -> Deadline:
    if at is None:
        return Deadline(day, tuple(steps))
    due = datetime.combine(day, at, tzinfo=calendar.timezone)
    authority = NY_GCL_25A if calendar.jurisdiction is Jurisdiction.NY else None
    steps.append(Step(f"The act is due at or before {spell_time(at)} on that day.", authority))
    return Deadline(due, tuple(steps))


def _first_day_excluded(
    calendar: LegalCalendar, anchor: date, count: int, noun: str, before: bool, also: str
) -> Step:
    """The opening step of a day count: the event's own day is not counted."""
    authority = NY_GCL_20 if calendar.jurisdiction is Jurisdiction.NY else f"{WI_4A}, (d)"
    return Step(
        f"The period is {count} {noun}{'s' if count > 1 else ''} "
        f"{'before' if before else 'after'} {spell_date(anchor)}; that day is not counted{also}.",
        authority,
    )


@on_the_calendar
def count_days(
    calendar: LegalCalendar,
    anchor: date,
    count: int,
    *,
    before: bool = False,
    at: time | None = None,
    act: Act | None = None,
) -> Deadline:
    """Calendar days after (or before) the day of an event, the event's day not counted."""
    check_count(count, Unit.DAYS)
    steps = [_first_day_excluded(calendar, anchor, count, "day", before, "")]
    reading = _two_day_reading(calendar, count)
    if reading is TwoDayPeriods.CALENDAR_DAYS:
        steps.append(
            Step(
                "The village's file counts a period of two days as calendar days "
                f'(two_day_periods = "{reading.value}"): an intervening Saturday, Sunday or '
                "public holiday is counted, and the two-day rule of § 20 is not applied."
            )
        )
    if reading is TwoDayPeriods.GCL_20:
        # § 20: "If such period is a period of two days, Saturday, Sunday or a public
        # holiday must be excluded from the reckoning if it is an intervening day".
        first = anchor + _step_by(before)
        skipped = []
        while (reason := calendar.why_not_business_day(first)) is not None:
            skipped.append(f"{spell_date(first)} is {reason}")
            first += _step_by(before)
        if skipped:
            steps.append(
                Step(
                    "In a period of two days an intervening Saturday, Sunday or public holiday "
                    f"is not counted: {'; '.join(skipped)}.",
                    NY_GCL_20,
                )
            )
        raw = first + _step_by(before)
    else:
        raw = anchor + timedelta(days=-count if before else count)
    steps.append(Step(f"Counting {count} day{'s' if count > 1 else ''} gives {spell_date(raw)}."))
    last, settle_steps = settle_last_day(calendar, raw, before=before, act=act)
    return _at_hour(calendar, last, at, steps + settle_steps)


TWO_DAY_KEY = "calendar.two_day_periods"


def _two_day_reading(calendar: LegalCalendar, count: int) -> TwoDayPeriods | None:
    """How a New York period of two days is counted, as the village's file chose; None for any
    other period. A village that has not chosen is refused: the choice is its attorney's."""
    if calendar.jurisdiction is not Jurisdiction.NY or count != 2:
        return None
    if calendar.two_day_periods is None:
        raise InputError(TWO_DAY_UNCHOSEN)
    return calendar.two_day_periods


# One sentence, also printed when a village's notice type with such a period is loaded.
TWO_DAY_UNCHOSEN = (
    "A New York period of two days is counted either by the two-day rule of N.Y. Gen. Constr. "
    "Law § 20 (an intervening Saturday, Sunday or public holiday left out) or, where the "
    "ordinance means calendar days, with every day counted, and the village's file must say "
    f'which the Village relies on: add [calendar] two_day_periods = "{TwoDayPeriods.GCL_20.value}" '
    f'or "{TwoDayPeriods.CALENDAR_DAYS.value}" to its letterhead.toml.'
)


@on_the_calendar
def count_business_days(
    calendar: LegalCalendar,
    anchor: date,
    count: int,
    *,
    before: bool = False,
    at: time | None = None,
) -> Deadline:
    """Business days after (or before) an event: no Saturday, Sunday, legal holiday or closure."""
    check_count(count, Unit.BUSINESS_DAYS)
    also = ", nor any Saturday, Sunday, legal holiday or day the village office is closed"
    steps = [_first_day_excluded(calendar, anchor, count, "business day", before, also)]
    day, counted = anchor, 0
    while counted < count:
        day += _step_by(before)
        reason = calendar.why_not_business_day(day)
        if reason is None:
            counted += 1
        elif calendar.legal_holiday(day) or calendar.closure(day):
            steps.append(Step(f"{spell_date(day)} is not counted: it is {reason}."))
    steps.append(Step(f"The {_ordinal(count)} business day is {spell_date(day)}."))
    return _at_hour(calendar, day, at, steps)


def add_months(day: date, months: int) -> date:
    """The same day-number so many months on, or the last day of a shorter month."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(day.day, gregorian.monthrange(year, month)[1]))


@on_the_calendar
def count_months(
    calendar: LegalCalendar,
    anchor: date,
    count: int,
    *,
    before: bool = False,
    act: Act | None = None,
) -> Deadline:
    """Calendar months after (or before) a day (N.Y. GCL § 30; Wisconsin, calendar months)."""
    check_count(count, Unit.MONTHS)
    raw = add_months(anchor, -count if before else count)
    authority = NY_GCL_30 if calendar.jurisdiction is Jurisdiction.NY else WI_MONTH
    direction = "before" if before else "after"
    steps = [
        Step(
            f"The period is {count} calendar month{'s' if count > 1 else ''} {direction} "
            f"{spell_date(anchor)}: it ends on the day of the same number, or on the last day "
            f"of a shorter month, which is {spell_date(raw)}.",
            authority,
        )
    ]
    last, settle_steps = settle_last_day(calendar, raw, before=before, act=act)
    return Deadline(last, tuple(steps + settle_steps))


def _local_midnight(calendar: LegalCalendar, day: date) -> datetime:
    return datetime.combine(day, time(0), tzinfo=calendar.timezone)


@on_the_calendar
def count_hours(
    calendar: LegalCalendar, anchor: datetime, count: int, *, before: bool = False
) -> Deadline:
    """Hours after (or before) a moment, running at once (not from the next day).

    In Wisconsin the whole of every Sunday and legal holiday, midnight to midnight, is left
    out (§ 990.001(4)(a)) unless the village has turned that off for its hour rules. Hours
    are real elapsed hours, so a night when clocks change is an hour shorter or longer.
    """
    check_count(count, Unit.HOURS)
    if anchor.tzinfo is None:
        raise InputError("A period in hours needs a date and time with its time zone.")
    start = anchor.astimezone(calendar.timezone)
    direction = "before" if before else "after"
    steps = [
        Step(
            f"The period is {count} hour{'s' if count > 1 else ''} {direction} "
            f"{spell_datetime(start)}; a period in hours runs from that moment."
        )
    ]
    if calendar.jurisdiction is not Jurisdiction.WI or not calendar.hours_skip_sundays_and_holidays:
        if calendar.jurisdiction is Jurisdiction.NY:
            steps.append(
                Step(
                    "Section 25-a extends periods computed from a day that end on a Saturday, "
                    "Sunday or public holiday; a period of hours from a stated moment runs by the "
                    "clock through nights, weekends and holidays.",
                    NY_GCL_25A,
                )
            )
        else:
            steps.append(
                Step(
                    "The village counts its hour periods by the clock, without leaving out "
                    "Sundays and legal holidays (a village setting)."
                )
            )
        shift = timedelta(hours=-count if before else count)
        due = (start.astimezone(UTC) + shift).astimezone(calendar.timezone)
    else:
        due = _walk_hours_skipping_excluded_days(calendar, start, count, before, steps)
    steps.append(Step(f"The period ends {spell_datetime(due)}."))
    return Deadline(due, tuple(steps))


def _walk_hours_skipping_excluded_days(
    calendar: LegalCalendar, start: datetime, count: int, before: bool, steps: list[Step]
) -> datetime:
    remaining = timedelta(hours=count)
    moment = start
    while True:
        day = moment.date()
        if before:
            # The part of this day that lies before the moment.
            boundary = _local_midnight(calendar, day)
            if boundary == moment:
                # Exactly midnight: the hours before it belong to the previous day.
                boundary = _local_midnight(calendar, day - timedelta(days=1))
                day -= timedelta(days=1)
        else:
            boundary = _local_midnight(calendar, day + timedelta(days=1))
        if calendar.is_hour_excluded(day):
            steps.append(
                Step(
                    f"{spell_date(day)} is {calendar.why_not_secular_day(day)}: the whole day, "
                    f"midnight to midnight, is left out of the count.",
                    WI_4A,
                )
            )
            moment = boundary
            continue
        available = abs(boundary.astimezone(UTC) - moment.astimezone(UTC))
        if remaining <= available:
            shift = -remaining if before else remaining
            return (moment.astimezone(UTC) + shift).astimezone(calendar.timezone)
        remaining -= available
        moment = boundary


@on_the_calendar
def next_day_at(
    calendar: LegalCalendar, anchor: date, at: time, *, act: Act | None = None
) -> Deadline:
    """A stated hour of the day following an event, as in "12:00 noon of the day following"."""
    following = anchor + timedelta(days=1)
    steps = [Step(f"The day following {spell_date(anchor)} is {spell_date(following)}.")]
    last, settle_steps = settle_last_day(calendar, following, before=False, act=act)
    return _at_hour(calendar, last, at, steps + settle_steps)


@on_the_calendar
def count_period(
    calendar: LegalCalendar,
    unit: Unit,
    count: int,
    anchor: date | datetime,
    *,
    before: bool = False,
    at: time | None = None,
    act: Act | None = None,
) -> Deadline:
    """Any period in one call: what the CLI and the catalogue's rules use.

    `act` says what the period is for (Wisconsin, `Act`); New York and periods in hours or
    business days count the same whatever it is.
    """
    if unit is Unit.HOURS:
        if not isinstance(anchor, datetime):
            raise InputError("A period in hours needs a date and time to count from, not a date.")
        if at is not None:
            raise InputError("A period in hours ends at its own hour; it cannot also name one.")
        return count_hours(calendar, anchor, count, before=before)
    day = local_day(calendar, anchor)
    if unit is Unit.DAYS:
        return count_days(calendar, day, count, before=before, at=at, act=act)
    if unit is Unit.BUSINESS_DAYS:
        return count_business_days(calendar, day, count, before=before, at=at)
    if at is not None:
        raise InputError("A period in months ends with its last day; it cannot name an hour.")
    return count_months(calendar, day, count, before=before, act=act)


def local_day(calendar: LegalCalendar, moment: date | datetime) -> date:
    """The village's calendar day of an event, whatever zone its time was written in."""
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            return moment.date()
        return moment.astimezone(calendar.timezone).date()
    return moment


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
