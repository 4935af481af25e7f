"""A legal notice's publication rule and the newspaper's days, turned into the days it must be
printed and the last day the copy must reach the newspaper, with the statutes that say so.

Wisconsin: Wis. Stat. ch. 985 (§ 985.07 the classes: class 1, 2 or 3 notices need 1, 2 or 3
insertions; § 985.01(1m) "insertion", for more than one, means once each week for consecutive
weeks, the last at least one week before the act or event unless otherwise specified by law;
§ 985.09 how the time is computed). New York: the number of publications and the days before
the event that the Village Law or the ordinance names.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from noticeclerk.rules.calendars import LegalCalendar


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
    dates cannot be met: say what the event must move to)."""
    raise NotImplementedError


def schedule_from(
    rule: PublicationRule,
    newspaper: Newspaper,
    calendar: LegalCalendar,
    *,
    today: date,
) -> Schedule:
    """The earliest schedule from `today` for a notice with no act or event to precede (a
    notice served by publication): the first issue whose copy deadline has not passed, then
    one a week."""
    raise NotImplementedError
