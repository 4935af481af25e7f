"""Deadline rules as the notice catalogue names them in TOML, turned into explained deadlines.

A notice definition names its rule as a small table, for example
``deadline = {kind = "days", count = 7, from = "service"}``. `parse_rule` checks the table
when the catalogue loads, so an unknown kind or parameter is an error naming the file and
key before any notice is printed; `DeadlineRule.deadline` then computes the deadline for a
case from its events (named dates and times) and facts.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, ClassVar

from noticeclerk.exceptions import InputError, RuleError
from noticeclerk.rules.calendars import Act, LegalCalendar
from noticeclerk.rules.periods import (
    MAX_COUNT,
    Deadline,
    Step,
    Unit,
    count_hours,
    count_period,
    local_day,
    next_day_at,
    settle_last_day,
    spell_date,
    spell_datetime,
    spell_time,
)

Events = Mapping[str, date | datetime]
Facts = Mapping[str, object]

_EVENT_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


def _param(key: str, kind: str, help: str, default: Any = MISSING) -> Any:
    """A rule parameter: its TOML key, how to read it, and what it means."""
    return field(default=default, metadata={"key": key, "kind": kind, "help": help})


def _read_count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("must be a whole number")
    if not 1 <= value <= MAX_COUNT:
        raise ValueError(f"must be from 1 to {MAX_COUNT:,}")
    return value


def _read_count_or_fact(value: object) -> int | str:
    # A count a board or officer chooses within the ordinance ("or within such additional
    # period as may be determined by the Board") names the integer fact that records it.
    if isinstance(value, str):
        return _read_fact(value)
    return _read_count(value)


def _read_event(value: object) -> str:
    if not isinstance(value, str) or not _EVENT_NAME.match(value):
        raise ValueError('must name an event in lower case, such as "service" or "snow_ceased"')
    return value


def _read_time(value: object) -> time:
    if isinstance(value, time):
        return value
    if isinstance(value, str) and re.fullmatch(r"\d{2}:\d{2}", value):
        try:
            return time.fromisoformat(value)
        except ValueError:
            pass
    raise ValueError('must be a time of day written HH:MM, such as "12:00"')


def _read_month_day(value: object) -> tuple[int, int]:
    if isinstance(value, str) and re.fullmatch(r"\d{2}-\d{2}", value):
        month, day = int(value[:2]), int(value[3:])
        try:
            date(2000, month, day)  # a leap year, so 02-29 is accepted
        except ValueError:
            pass
        else:
            return month, day
    raise ValueError('must be a month and day written MM-DD, such as "11-15"')


def _read_number(value: object) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        raise ValueError("must be a number")
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise ValueError("must be a number") from None
    if not number.is_finite() or number < 0:
        raise ValueError("must be a number not below zero")
    return number


def _read_fact(value: object) -> str:
    return _read_event(value)


def _read_act(value: object) -> Act:
    try:
        return Act(value)
    except ValueError:
        kinds = ", ".join(f'"{act.value}"' for act in Act)
        raise ValueError(f"must be one of {kinds}") from None


def _read_text(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be text in quotes")
    return value.strip()


_READERS = {
    "text": _read_text,
    "count": _read_count,
    "count_or_fact": _read_count_or_fact,
    "event": _read_event,
    "fact": _read_fact,
    "time": _read_time,
    "month_day": _read_month_day,
    "number": _read_number,
    "act": _read_act,
}

# The `act` key every rule takes: what the deadline asks for, which in Wisconsin decides whether
# a Saturday moves its last day (Wis. Stat. § 990.001(4)(c)); calendars.Act says which is which.
ACT_HELP = (
    "Wisconsin: what the deadline asks for, at_office (paying, filing, appealing, applying), "
    "at_office_or_by_mail (the same, the document also permitting it by mail), in_the_field "
    "(work on the premises, a sidewalk, a street or a tree) or by_the_village (an act of the "
    "Village's own officers or Board); in either state, term: a span that runs out, such as a "
    "guarantee, whose last day never moves"
)


def _event(events: Events, name: str, *, needs_time: bool = False) -> date | datetime:
    if name not in events:
        raise InputError(
            f"The deadline needs the {'date and time' if needs_time else 'date'} of "
            f"'{name}'; record that event for the case first."
        )
    value = events[name]
    if needs_time and not isinstance(value, datetime):
        raise InputError(f"The deadline needs the time of day of '{name}', not only its date.")
    return value


@dataclass(frozen=True)
class DeadlineRule(ABC):
    """One kind of rule in the catalogue's vocabulary."""

    kind: ClassVar[str]
    summary: ClassVar[str]
    # Keyword-only, so every kind's own parameters keep their order before it.
    act: Act | None = field(
        default=None, kw_only=True, metadata={"key": "act", "kind": "act", "help": ACT_HELP}
    )

    @abstractmethod
    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        """The deadline for a case, with every step of the reasoning."""

    @classmethod
    def parameters(cls) -> dict[str, str]:
        """The TOML keys this kind takes, with what each means."""
        return {f.metadata["key"]: f.metadata["help"] for f in fields(cls)}


@dataclass(frozen=True)
class _Period(DeadlineRule):
    """A count of units after one event, or before one."""

    unit: ClassVar[Unit]
    count: int | str = _param(
        "count",
        "count_or_fact",
        "how many units the period has, or the integer case fact that records the number a "
        "board or officer chose",
    )
    after: str | None = _param("from", "event", "the event the period runs from", None)
    before: str | None = _param("before", "event", "the event the period must end before", None)

    def __post_init__(self) -> None:
        if (self.after is None) == (self.before is None):
            raise ValueError("give exactly one of 'from' (counting forward) or 'before'")

    def _count(self, facts: Facts | None) -> int:
        if isinstance(self.count, int):
            return self.count
        value = (facts or {}).get(self.count)
        if value is None:
            raise InputError(
                f"The deadline needs the case fact '{self.count}' (a number of "
                f"{self.unit.words}); record it for the case first."
            )
        try:
            return _read_count(value)
        except ValueError as error:
            raise InputError(f"The case fact '{self.count}' {error}; got {value!r}.") from None

    def _anchor(self, events: Events) -> date | datetime:
        return _event(events, self.after or self.before or "", needs_time=self.unit is Unit.HOURS)

    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        return count_period(
            calendar,
            self.unit,
            self._count(facts),
            self._anchor(events),
            before=self.before is not None,
            at=getattr(self, "at", None),
            act=self.act,
        )


@dataclass(frozen=True)
class DaysRule(_Period):
    kind = "days"
    summary = "calendar days after or before an event, the event's day not counted"
    unit = Unit.DAYS
    at: time | None = _param("at", "time", 'an hour on the last day, as in "by 12:00 noon"', None)


@dataclass(frozen=True)
class BusinessDaysRule(_Period):
    kind = "business_days"
    summary = "business days (no Saturday, Sunday, legal holiday or office closure)"
    unit = Unit.BUSINESS_DAYS
    at: time | None = _param("at", "time", 'an hour on the last day, as in "by 12:00 noon"', None)


@dataclass(frozen=True)
class MonthsRule(_Period):
    kind = "months"
    summary = "calendar months, ending on the same day-number or a shorter month's last day"
    unit = Unit.MONTHS


@dataclass(frozen=True)
class HoursRule(_Period):
    kind = "hours"
    summary = "hours from a moment (Wisconsin leaves out whole Sundays and legal holidays)"
    unit = Unit.HOURS


@dataclass(frozen=True)
class NextDayAtRule(DeadlineRule):
    """Luck § 496-10B(2): "no later than 12:00 noon of the day following the issuance"."""

    kind = "next_day_at"
    summary = "a stated hour of the day following an event"
    after: str = _param("from", "event", "the event, such as the notice's issuance")
    at: time = _param("at", "time", 'the hour on the following day, such as "12:00"')

    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        day = local_day(calendar, _event(events, self.after))
        return next_day_at(calendar, day, self.at, act=self.act)


@dataclass(frozen=True)
class HoursWithNightWindowRule(DeadlineRule):
    """Tuckahoe §§ 19-28, 19-32: hours after snow stops, from morning if it stopped at night.

    "within four hours after such snow or ice shall have ceased falling ..., except that when
    said snow or ice shall have ceased falling between the hours of 6:00 p.m. and 7:00 a.m.,
    the said snow or ice shall be removed within four hours of 7:00 a.m. or no later than
    11:00 a.m. of said day".
    """

    kind = "hours_with_night_window"
    summary = "hours after an event, or after the morning hour when it happened at night"
    count: int = _param("count", "count", "how many hours")
    after: str = _param("from", "event", 'the event, such as "snow_ceased"')
    night_starts: time = _param("night_starts", "time", "when the night window opens (18:00)")
    night_ends: time = _param("night_ends", "time", "the morning hour counting starts from (07:00)")

    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        moment = _event(events, self.after, needs_time=True)
        assert isinstance(moment, datetime)
        local = moment.astimezone(calendar.timezone)
        clock = local.time().replace(tzinfo=None)
        window = f"between {spell_time(self.night_starts)} and {spell_time(self.night_ends)}"
        if clock >= self.night_starts or clock < self.night_ends:
            morning_day = local.date() + timedelta(days=1 if clock >= self.night_starts else 0)
            start = datetime.combine(morning_day, self.night_ends, tzinfo=calendar.timezone)
            first = Step(
                f"The event was at {spell_datetime(local)}, {window}, so the hours run from "
                f"{spell_time(self.night_ends)} of {spell_date(morning_day)}."
            )
        else:
            start = local
            first = Step(f"The event was at {spell_datetime(local)}, not {window}.")
        counted = count_hours(calendar, start, self.count)
        return Deadline(counted.due, (first, *counted.steps))


@dataclass(frozen=True)
class HoursByDepthRule(DeadlineRule):
    """Village B (B)(2)-(3): 24 hours after a storm of four inches or less, 48 if more."""

    kind = "hours_by_depth"
    summary = "hours after an event, more of them when a measured depth exceeds a threshold"
    after: str = _param("from", "event", 'the event, such as "storm_ceased"')
    depth: str = _param("depth", "fact", "the case fact holding the depth in inches")
    threshold: Decimal = _param("threshold", "number", "the depth in inches, such as 4")
    hours_at_or_below: int = _param("hours_at_or_below", "count", "hours when not deeper")
    hours_above: int = _param("hours_above", "count", "hours when deeper than the threshold")

    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        facts = facts or {}
        if self.depth not in facts:
            raise InputError(
                f"The deadline needs the case fact '{self.depth}' (inches of snow or "
                f"precipitation); record it for the case first."
            )
        try:
            depth = _read_number(facts[self.depth])
        except ValueError:
            raise InputError(
                f"The case fact '{self.depth}' must be a number of inches not below zero; "
                f"got {facts[self.depth]!r}."
            ) from None
        deeper = depth > self.threshold
        hours = self.hours_above if deeper else self.hours_at_or_below
        comparison = "more than" if deeper else "not more than"
        first = Step(
            f"The storm left {depth} inches, {comparison} {self.threshold} inches, "
            f"so the period is {hours} hours."
        )
        moment = _event(events, self.after, needs_time=True)
        assert isinstance(moment, datetime)
        counted = count_hours(calendar, moment, hours)
        return Deadline(counted.due, (first, *counted.steps))


@dataclass(frozen=True)
class FixedDayRule(DeadlineRule):
    """A day an officer or board fixes, given as a case fact ("within such additional period as
    may be determined by the Board"); it still moves off a day on which a period may not end."""

    kind = "fixed_day"
    summary = "a day fixed by an officer or board, recorded as a case fact"
    fact: str = _param("fact", "fact", "the case fact holding the day that was fixed")
    fixed_by: str = _param("fixed_by", "text", "who fixed it and under what, for the explanation")

    def deadline(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> Deadline:
        value = (facts or {}).get(self.fact)
        if value is None:
            raise InputError(
                f"The deadline needs the case fact '{self.fact}'; record it for the case first."
            )
        if not isinstance(value, date):
            raise InputError(f"The case fact '{self.fact}' must be a date written YYYY-MM-DD.")
        day = value.date() if isinstance(value, datetime) else value
        first = Step(f"The day fixed by {self.fixed_by} is {spell_date(day)}.")
        last, steps = settle_last_day(calendar, day, before=False, act=self.act)
        return Deadline(last, (first, *steps))


@dataclass(frozen=True)
class SeasonCheck:
    """Whether a date falls outside a closed season, and why."""

    allowed: bool
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class ClosedSeasonRule:
    """Luck § 496-7A: "No openings ... between November 15 and May 1 except ... emergency".

    Both named days are inside the closed season: where a text says "between" two days the
    system refuses on both, so no permit is issued on a day the ordinance may forbid.
    """

    kind: ClassVar[str] = "closed_season"
    summary: ClassVar[str] = "a yearly season when the work is refused unless an emergency"
    starts: tuple[int, int] = _param("starts", "month_day", "first closed day, MM-DD")
    ends: tuple[int, int] = _param("ends", "month_day", "last closed day, MM-DD")
    on: str = _param("on", "event", 'the event checked, such as "work_starts"')
    emergency: str | None = _param("emergency", "fact", "a yes/no case fact that lifts it", None)

    @classmethod
    def parameters(cls) -> dict[str, str]:
        return {f.metadata["key"]: f.metadata["help"] for f in fields(cls)}

    def contains(self, day: date) -> bool:
        key = (day.month, day.day)
        if self.starts <= self.ends:
            return self.starts <= key <= self.ends
        return key >= self.starts or key <= self.ends

    def check(
        self, calendar: LegalCalendar, events: Events, facts: Facts | None = None
    ) -> SeasonCheck:
        day = local_day(calendar, _event(events, self.on))
        season = f"{_month_day_words(self.starts)} to {_month_day_words(self.ends)}"
        if not self.contains(day):
            return SeasonCheck(
                True, (Step(f"{spell_date(day)} is outside the closed season, {season}."),)
            )
        inside = Step(f"{spell_date(day)} is inside the closed season, {season}.")
        emergency = bool((facts or {}).get(self.emergency)) if self.emergency else False
        if emergency:
            return SeasonCheck(
                True, (inside, Step("The work is an emergency, which the rule allows."))
            )
        return SeasonCheck(False, (inside, Step("The work is refused unless it is an emergency.")))


def _month_day_words(month_day: tuple[int, int]) -> str:
    return f"{date(2000, *month_day):%B} {month_day[1]}"


RULE_KINDS: dict[str, type[DeadlineRule]] = {
    rule.kind: rule
    for rule in (
        DaysRule,
        BusinessDaysRule,
        MonthsRule,
        HoursRule,
        NextDayAtRule,
        HoursWithNightWindowRule,
        HoursByDepthRule,
        FixedDayRule,
    )
}
CHECK_KINDS: dict[str, type[ClosedSeasonRule]] = {ClosedSeasonRule.kind: ClosedSeasonRule}


def parse_rule(
    table: Mapping[str, object], path: object, key: str
) -> DeadlineRule | ClosedSeasonRule:
    """Read one rule table from the catalogue; any mistake names the file, key and fix."""
    if not isinstance(table, Mapping):
        raise RuleError(
            path, key, 'must be a table such as {kind = "days", count = 7, from = "service"}'
        )
    kinds = {**RULE_KINDS, **CHECK_KINDS}
    kind = table.get("kind")
    if kind not in kinds:
        known = ", ".join(sorted(kinds))
        raise RuleError(path, key, f"unknown rule kind {kind!r}; the kinds are: {known}")
    rule_class = kinds[str(kind)]
    params = {f.metadata["key"]: f for f in fields(rule_class)}
    unknown = sorted(set(table) - set(params) - {"kind"})
    if unknown:
        allowed = ", ".join(sorted(params))
        raise RuleError(
            path, key, f"rule kind '{kind}' has no parameter '{unknown[0]}'; it takes: {allowed}"
        )
    values: dict[str, object] = {}
    for name, spec in params.items():
        if name not in table:
            if spec.default is MISSING:
                raise RuleError(
                    path, key, f"rule kind '{kind}' needs '{name}' ({spec.metadata['help']})"
                )
            continue
        try:
            values[spec.name] = _READERS[spec.metadata["kind"]](table[name])
        except ValueError as error:
            raise RuleError(path, f"{key}.{name}", str(error)) from None
    try:
        return rule_class(**values)
    except ValueError as error:
        raise RuleError(path, key, str(error)) from None


def deadline_anchor(rule: DeadlineRule) -> str | None:
    """The event a rule counts from (or back from); service of the document sets it."""
    return getattr(rule, "after", None) or getattr(rule, "before", None)
