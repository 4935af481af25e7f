"""A legal notice's publication rule and the newspaper's days, turned into the days it must be
printed and the last day the copy must reach the newspaper, with the statutes that say so.

Wisconsin: Wis. Stat. ch. 985 (§ 985.07 the classes: class 1, 2 or 3 notices need 1, 2 or 3
insertions; § 985.01(1m) "insertion", for more than one, means once each week for consecutive
weeks, the last at least one week before the act or event unless otherwise specified by law;
§ 985.09 how the time is computed). New York: the number of publications and the days before
the event that the Village Law or the ordinance names.

The words relied on, as read (self-law.org/code/wi/chapter-985/985-07-2 for § 985.07;
lawserver.com's § 985.07 page for the definition in § 985.01(1m)(a)):

- § 985.07: "The designated number of insertions is the minimum required by law, and the
  frequency may be increased at the discretion of the requisitioning agency." (1) class 1
  notices "require one insertion", (2) class 2 "require 2 insertions", (3)(a) class 3
  "require 3 insertions".
- § 985.01(1m)(a), "Except as provided in par. (b)": "insertion", "when used to indicate the
  publication of a legal notice more than one time, means once each week for consecutive
  weeks, the last of which shall be at least one week before the act or event, unless
  otherwise specified by law." Paragraph (b) was not read; a rule it governs must say so in
  its own `days_before` and `authority`.
- § 985.09 (not read in its own words here): the League of Wisconsin Municipalities reads it
  as figuring the time "by excluding the first day of publication and including the day on
  which the noticed event will occur". A week is seven consecutive days (§ 990.01(46)).

How the weeks are read. The statute does not say where a "week" of § 985.01(1m) begins; the
League of Wisconsin Municipalities (Publications FAQ 6) notes that the statutes "do not
clearly define how to calculate the weeks preceding the final week" and reads them, as a
reading only, as seven-day periods counted back from the event. This module does the same:
the last insertion's week is the seven days ending on the latest day that leaves the time the
law requires, and each earlier insertion falls in the seven days before the week of the one
after it. In each week the notice is printed on the newspaper's latest day of publication in
that week (counting forward from a day, its earliest). A newspaper printing on its usual day
every week thus gets insertions exactly seven days apart; only a day it prints no issue
(`Newspaper.no_issue_on`) moves an insertion to its previous day of publication in the same
week, or, when it prints nothing else that week, the whole schedule a week earlier, so the
insertions stay in consecutive weeks. A newspaper is never assumed to skip a Sunday or a
legal holiday: only the days its file lists.

The copy is sent from the village office, so the day it is due moves earlier to a business
day of the village's calendar (rules.calendars), never later.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta

from noticeclerk.exceptions import InputError
from noticeclerk.rules.calendars import LegalCalendar
from noticeclerk.rules.periods import NY_GCL_20, Step, spell_date


@dataclass(frozen=True)
class PublicationRule:
    """How a notice type must be published, as its catalogue entry states it."""

    insertions: int  # 1, 2 or 3 (Wisconsin class 1, 2, 3), or the number New York law names
    # Wisconsin ch. 985's class, when the rule is one; None for another state's rule.
    wisconsin_class: int | None
    # The least number of days between the (last) insertion and the act or event, as the law
    # authorising the notice states it ("at least 10 days before the hearing"); None when only
    # ch. 985's week applies (or, for a notice with no event, nothing).
    days_before: int | None
    # The law the rule comes from, cited ("Wis. Stat. § 66.0703(7)(a)").
    authority: str
    # What the notice precedes, as the explanation names it ("the hearing").
    event_words: str = "the act or event"


@dataclass(frozen=True)
class Newspaper:
    """The official newspaper, as the village's file states it."""

    name: str
    # The weekdays it is published (0 Monday ... 6 Sunday).
    publishes_on: tuple[int, ...]
    # How many days before a day of publication the copy must reach it (its own deadline).
    copy_days_before: int
    # Days it prints no issue (besides those the village's file lists, none assumed).
    no_issue_on: tuple[date, ...] = ()


@dataclass(frozen=True)
class Schedule:
    """The days a notice is to be printed, the last day its copy is due, and why."""

    insertions: tuple[date, ...]
    copy_due: date
    # One sentence a step, each citing its statute: what was counted from what.
    explanation: tuple[str, ...]


WI_985_01_1M = "Wis. Stat. § 985.01(1m)"
WI_985_07 = "Wis. Stat. § 985.07"
WI_985_09 = "Wis. Stat. § 985.09"
WI_WEEKS = "Wis. Stat. §§ 985.01(1m), 990.01(46)"
CLASS_PARAGRAPH = {1: "(1)", 2: "(2)", 3: "(3)(a)"}
NEWSPAPER_SCHEDULE = "the newspaper's days of publication, as the village's file states them"
NEWSPAPER_DEADLINE = "the newspaper's deadline for copy, as the village's file states it"
DAY = timedelta(days=1)
WEEK = timedelta(days=7)
# How many weeks a schedule may move before the newspaper is refused as printing too few
# issues: far beyond any real paper's missed weeks.
MAX_WEEKS_MOVED = 104
# How far past an event that cannot be met the earliest one that can is looked for.
MAX_DAYS_SEARCHED = 3 * 366

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class _Week:
    """One seven-day period a single insertion is printed in."""

    start: date
    end: date

    def days(self, *, latest_first: bool) -> Iterator[date]:
        day, step = (self.end, -DAY) if latest_first else (self.start, DAY)
        for _ in range(7):
            yield day
            day += step

    def words(self) -> str:
        return f"the week from {spell_date(self.start)} to {spell_date(self.end)}"


def schedule_before(
    rule: PublicationRule,
    newspaper: Newspaper,
    calendar: LegalCalendar,
    *,
    event: date,
    today: date,
) -> Schedule:
    """The latest schedule that meets the rule for an act or event on `event`, counted
    backwards; InputError in one sentence when its copy would be due before `today` (the
    dates cannot be met: say what the event must move to).

    The last insertion is the newspaper's latest day of publication that leaves, counting from
    the day after it and including the day of the event, at least the days the rule requires:
    one week for more than one Wisconsin insertion (§§ 985.01(1m), 985.09), the rule's
    `days_before` when it is longer (or for one insertion, or a New York rule), and at least
    one day in any case, since the notice must come out before the event.
    """
    _check(rule, newspaper)
    schedule = _backward(rule, newspaper, calendar, event)
    if schedule.copy_due >= today:
        return schedule
    raise InputError(_too_late(rule, newspaper, calendar, event, today, schedule))


def schedule_from(
    rule: PublicationRule,
    newspaper: Newspaper,
    calendar: LegalCalendar,
    *,
    today: date,
) -> Schedule:
    """The earliest schedule from `today` for a notice with no act or event to precede (a
    notice served by publication): the first issue whose copy deadline has not passed, then
    one a week.

    "One a week" is read as for `schedule_before`: each later insertion falls in the seven
    days after the week of the one before it, on the newspaper's earliest day of publication
    in that week. The rule's `days_before` has nothing to count from and is not used.
    """
    _check(rule, newspaper)
    steps = _rule_steps(rule, event=None)
    skipped: list[date] = []
    day = today
    for _ in range(MAX_WEEKS_MOVED * 7):
        if day.weekday() in newspaper.publishes_on:
            copy_due, copy_steps = _copy_due(newspaper, calendar, day)
            if copy_due >= today:
                if day in newspaper.no_issue_on:
                    skipped.append(day)
                else:
                    weeks = [
                        _Week(day + WEEK * k, day + WEEK * k + 6 * DAY)
                        for k in range(rule.insertions)
                    ]
                    chosen = _choose(newspaper, weeks, latest_first=False)
                    if chosen is not None:
                        return _forward_schedule(
                            rule,
                            newspaper,
                            today,
                            steps,
                            skipped,
                            weeks,
                            chosen,
                            copy_due,
                            copy_steps,
                        )
        day += DAY
    raise InputError(_too_few_issues(newspaper, rule, today))


def _forward_schedule(
    rule: PublicationRule,
    newspaper: Newspaper,
    today: date,
    steps: list[Step],
    skipped: list[date],
    weeks: list[_Week],
    chosen: list[date],
    copy_due: date,
    copy_steps: list[Step],
) -> Schedule:
    for day in skipped:
        steps.append(
            Step(f"{newspaper.name} prints no issue on {spell_date(day)}.", NEWSPAPER_SCHEDULE)
        )
    steps.append(
        Step(
            f"The first insertion, {spell_date(chosen[0])}, is the first day {newspaper.name} "
            f"prints whose deadline for copy has not passed on {spell_date(today)}.",
            NEWSPAPER_DEADLINE,
        )
    )
    for index in range(1, len(chosen)):
        week, day = weeks[index], chosen[index]
        missed = [d for d in week.days(latest_first=False) if d < day and _usual_day(newspaper, d)]
        if missed:
            steps.append(_missed_step(newspaper, missed, day, previous=False))
        steps.append(
            Step(
                f"The {_ordinal(index, len(chosen))} insertion, {spell_date(day)}, falls in the "
                f"following week, {week.words()}.",
                _weeks_authority(rule),
            )
        )
    return Schedule(tuple(chosen), copy_due, tuple(_sentence(s) for s in steps + copy_steps))


def _backward(
    rule: PublicationRule, newspaper: Newspaper, calendar: LegalCalendar, event: date
) -> Schedule:
    """The latest schedule for `event`, whatever day its copy falls due."""
    required = _required_days(rule)
    latest = event - timedelta(days=required)
    steps = _rule_steps(rule, event=event)
    empty: list[_Week] = []
    for shift in range(MAX_WEEKS_MOVED):
        # Week 0 ends on the latest day allowed; week k is the seven days before week k - 1.
        weeks = [
            _Week(latest - WEEK * k - 6 * DAY, latest - WEEK * k)
            for k in range(shift + rule.insertions - 1, shift - 1, -1)
        ]
        chosen = _choose(newspaper, weeks, latest_first=True)
        if chosen is not None:
            break
        last_week = _Week(latest - WEEK * shift - 6 * DAY, latest - WEEK * shift)
        if _choose(newspaper, [last_week], latest_first=True) is None:
            empty.append(last_week)
    else:
        raise InputError(_too_few_issues(newspaper, rule, event))
    if chosen[-1] != latest or empty:
        steps.append(
            Step(
                f"The latest day that leaves that time is {spell_date(latest)}; the notice is "
                f"printed on the latest day {newspaper.name} prints that meets the rule.",
                NEWSPAPER_SCHEDULE,
            )
        )
    for week in empty:
        steps.append(_empty_week_step(rule, newspaper, week))
    missed = [
        d for d in weeks[-1].days(latest_first=True) if d > chosen[-1] and _usual_day(newspaper, d)
    ]
    if missed:
        steps.append(_missed_step(newspaper, missed, chosen[-1], previous=True))
    steps.append(_last_insertion_step(rule, chosen[-1], event, required))
    for index in range(len(chosen) - 2, -1, -1):
        week, day = weeks[index], chosen[index]
        missed = [d for d in week.days(latest_first=True) if d > day and _usual_day(newspaper, d)]
        if missed:
            steps.append(_missed_step(newspaper, missed, day, previous=True))
        steps.append(
            Step(
                f"The {_ordinal(index, len(chosen))} insertion, {spell_date(day)}, falls in the "
                f"week before, {week.words()}.",
                _weeks_authority(rule),
            )
        )
    copy_due, copy_steps = _copy_due(newspaper, calendar, chosen[0])
    return Schedule(tuple(chosen), copy_due, tuple(_sentence(s) for s in steps + copy_steps))


def _choose(newspaper: Newspaper, weeks: list[_Week], *, latest_first: bool) -> list[date] | None:
    """One issue in each week (its latest or earliest), or None when a week has none."""
    chosen = []
    for week in weeks:
        day = next((d for d in week.days(latest_first=latest_first) if _prints(newspaper, d)), None)
        if day is None:
            return None
        chosen.append(day)
    return chosen


def _prints(newspaper: Newspaper, day: date) -> bool:
    return _usual_day(newspaper, day) and day not in newspaper.no_issue_on


def _usual_day(newspaper: Newspaper, day: date) -> bool:
    return day.weekday() in newspaper.publishes_on


def _required_days(rule: PublicationRule) -> int:
    """The least number of days from the last insertion to the event, counted from the day
    after it and including the day of the event."""
    weekly = 7 if rule.wisconsin_class is not None and rule.insertions > 1 else 0
    return max(weekly, rule.days_before or 0, 1)


def _rule_steps(rule: PublicationRule, *, event: date | None) -> list[Step]:
    n = rule.insertions
    plural = "s" if n != 1 else ""
    steps = []
    if rule.wisconsin_class is not None:
        paragraph = CLASS_PARAGRAPH[rule.wisconsin_class]
        steps.append(
            Step(
                f"Class {rule.wisconsin_class} notice: {n} insertion{plural}.",
                f"{WI_985_07}{paragraph}",
            )
        )
        if rule.authority and rule.authority != WI_985_07:
            steps.append(
                Step(
                    f"The notice is published as a class {rule.wisconsin_class} notice.",
                    rule.authority,
                )
            )
    else:
        steps.append(Step(f"The notice is published {n} time{plural}.", rule.authority))
    if n > 1:
        if rule.wisconsin_class is not None:
            tail = f", the last at least one week before {rule.event_words}" if event else ""
            steps.append(
                Step(
                    "More than one insertion means once each week for consecutive weeks"
                    f"{tail}; a week is seven consecutive days.",
                    WI_WEEKS,
                )
            )
        else:
            steps.append(
                Step(
                    "The insertions are printed once each week for consecutive weeks.",
                    rule.authority,
                )
            )
    if event is not None and rule.days_before:
        steps.append(
            Step(
                f"The last insertion must be at least {_days(rule.days_before)} before "
                f"{rule.event_words}.",
                rule.authority,
            )
        )
    return steps


def _last_insertion_step(rule: PublicationRule, last: date, event: date, required: int) -> Step:
    event_words = rule.event_words
    if rule.wisconsin_class is None:
        return Step(
            f"The last insertion, {spell_date(last)}, is at least {_days(required)} before "
            f"{event_words} on {spell_date(event)}, counted back from the day before "
            f"{event_words}.",
            f"{rule.authority}; {NY_GCL_20}",
        )
    counting = f"counting from the day after it and including the day of {event_words}"
    if rule.insertions > 1 and required == 7:
        return Step(
            f"The last insertion, {spell_date(last)}, is at least one week before {event_words} "
            f"on {spell_date(event)}, {counting}.",
            "Wis. Stat. §§ 985.01(1m), 985.09",
        )
    authority = f"{rule.authority}; {WI_985_09}" if rule.days_before else WI_985_09
    return Step(
        f"The {'last ' if rule.insertions > 1 else ''}insertion, {spell_date(last)}, is at least "
        f"{_days(required)} before {event_words} on {spell_date(event)}, {counting}.",
        authority,
    )


def _missed_step(newspaper: Newspaper, missed: list[date], day: date, *, previous: bool) -> Step:
    which = "previous" if previous else "next"
    return Step(
        f"{newspaper.name} prints no issue on {_and(spell_date(d) for d in missed)}, so that "
        f"week's insertion is printed on its {which} day of publication in the same week, "
        f"{spell_date(day)}.",
        NEWSPAPER_SCHEDULE,
    )


def _empty_week_step(rule: PublicationRule, newspaper: Newspaper, week: _Week) -> Step:
    missed = [d for d in week.days(latest_first=False) if _usual_day(newspaper, d)]
    moved = (
        "the insertions, which must fall in consecutive weeks, are printed in the weeks before it"
        if rule.insertions > 1
        else "the insertion is printed in a week before it"
    )
    return Step(
        f"{newspaper.name} prints no issue on {_and(spell_date(d) for d in missed)}, and on no "
        f"other day of {week.words()}, so {moved}.",
        _weeks_authority(rule) if rule.insertions > 1 else NEWSPAPER_SCHEDULE,
    )


def _copy_due(
    newspaper: Newspaper, calendar: LegalCalendar, first: date
) -> tuple[date, list[Step]]:
    """The newspaper's deadline for the copy of an insertion on `first`, moved earlier to a
    day the village office, which sends the copy, is open."""
    raw = first - timedelta(days=newspaper.copy_days_before)
    if newspaper.copy_days_before:
        when = (
            f"{_days(newspaper.copy_days_before)} before the first insertion, by {spell_date(raw)}"
        )
    else:
        when = f"by the day of the first insertion, {spell_date(raw)}"
    steps = [Step(f"The copy must reach {newspaper.name} {when}.", NEWSPAPER_DEADLINE)]
    day = raw
    reasons = []
    while (reason := calendar.why_not_business_day(day)) is not None:
        reasons.append(f"{spell_date(day)} is {reason}")
        day -= DAY
    if reasons:
        steps.append(
            Step(
                f"{'; '.join(reasons)}; the copy is sent from the village office, so it is due "
                f"on the business day before, {spell_date(day)}."
            )
        )
    return day, steps


def _too_late(
    rule: PublicationRule,
    newspaper: Newspaper,
    calendar: LegalCalendar,
    event: date,
    today: date,
    schedule: Schedule,
) -> str:
    earliest = None
    for offset in range(1, MAX_DAYS_SEARCHED + 1):
        later = event + timedelta(days=offset)
        try:
            if _backward(rule, newspaper, calendar, later).copy_due >= today:
                earliest = later
                break
        except InputError:
            continue
    event_words = rule.event_words
    first = "first insertion" if rule.insertions > 1 else "insertion"
    found = (
        f"the earliest day for {event_words} whose notice can still be published is "
        f"{spell_date(earliest)}"
        if earliest
        else f"no day for {event_words} in the next {MAX_DAYS_SEARCHED} days can be met"
    )
    return (
        f"{_capital(event_words)} on {spell_date(event)} cannot be met: its {first} would be "
        f"{spell_date(schedule.insertions[0])}, and the copy for it was due at {newspaper.name} "
        f"by {spell_date(schedule.copy_due)}, which has passed; {found}."
    )


def _too_few_issues(newspaper: Newspaper, rule: PublicationRule, day: date) -> str:
    return (
        f"{newspaper.name} prints no {rule.insertions} consecutive weeks of issues within "
        f"{MAX_WEEKS_MOVED} weeks of {spell_date(day)}; check its days of publication and the "
        "days it prints no issue in the village's file."
    )


def _check(rule: PublicationRule, newspaper: Newspaper) -> None:
    """Refuse a rule or a newspaper no schedule can be made from, in one sentence."""
    if not _whole(rule.insertions) or rule.insertions < 1:
        raise InputError(
            f"The publication rule of {rule.authority} must require a whole number of insertions, "
            f"at least 1; it gives {rule.insertions!r}."
        )
    if rule.wisconsin_class is not None and rule.wisconsin_class != rule.insertions:
        raise InputError(
            f"The publication rule of {rule.authority} names a class {rule.wisconsin_class!r} "
            f"notice with {rule.insertions} insertion{'s' if rule.insertions != 1 else ''}; "
            f"{WI_985_07} has classes 1, 2 and 3, of 1, 2 and 3 insertions."
        )
    if rule.days_before is not None and (not _whole(rule.days_before) or rule.days_before < 1):
        raise InputError(
            f"The publication rule of {rule.authority} must give the days before "
            f"{rule.event_words} as a whole number, at least 1; it gives {rule.days_before!r}."
        )
    days = newspaper.publishes_on
    if not days or not all(_whole(d) and 0 <= d <= 6 for d in days):
        raise InputError(
            f"The newspaper {newspaper.name} must list its days of publication as weekdays from "
            f"0 (Monday) to 6 (Sunday); the village's file gives {list(days)}."
        )
    if not _whole(newspaper.copy_days_before) or newspaper.copy_days_before < 0:
        raise InputError(
            f"The newspaper {newspaper.name} must give its deadline for copy as a whole number of "
            f"days before a day of publication, 0 or more; the village's file gives "
            f"{newspaper.copy_days_before!r}."
        )


def _sentence(step: Step) -> str:
    """A step as one sentence with its authority before the full stop: "... (Wis. Stat. ...)."."""
    if step.authority is None:
        return step.text
    return f"{step.text.removesuffix('.')} ({step.authority})."


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _weeks_authority(rule: PublicationRule) -> str:
    return WI_WEEKS if rule.wisconsin_class is not None else rule.authority


def _ordinal(index: int, count: int) -> str:
    if index == count - 1 and count > 1:
        return "last"
    return ORDINALS[index] if index < len(ORDINALS) else f"{index + 1}th"


def _days(count: int) -> str:
    return f"{count} day{'s' if count != 1 else ''}"


def _and(items: Iterable[str]) -> str:
    words = list(items)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]
